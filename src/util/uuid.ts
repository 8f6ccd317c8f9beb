// RFC 4122 name-based UUIDs (version 5, SHA-1), as Go's uuid.NewSHA1 makes them.
import { hexDigest } from './digest.js';

/** The namespace upstream's VM controller derives stable firmware UUIDs in (vm.go magicUUID). */
export const FIRMWARE_UUID_NAMESPACE = '6a1a24a1-4061-4607-8bf4-a3963d0c5895';

/** Hash input of the usual size (a UUID and a short ASCII name), assembled without Buffer's machinery. */
const scratch = new Uint8Array(256);

export function uuidV5(namespace: string, name: string): string {
  const hex = hexDigest('sha1', asciiInput(namespace, name) ?? bufferInput(namespace, name));
  // version 5 in the high nibble of byte 6; RFC 4122 variant (10xx) in the high bits of byte 8
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The namespace's bytes, then the name's UTF-8 bytes. The namespace is read as Buffer.from(hex) reads it
 * once its dashes are gone (a UUID gives its 16 bytes; decoding stops at the first pair that is not hex).
 */
function bufferInput(namespace: string, name: string): Buffer {
  return Buffer.concat([Buffer.from(namespace.replaceAll('-', ''), 'hex'), Buffer.from(name, 'utf8')]);
}

/** bufferInput's bytes for a hex-and-dashes namespace and an ASCII name; undefined for anything else. */
function asciiInput(namespace: string, name: string): Uint8Array | undefined {
  let length = 0;
  let high = -1;
  for (let i = 0; i < namespace.length; i++) {
    const code = namespace.charCodeAt(i);
    if (code === 45) continue; // '-'
    const digit = hexValue(code);
    if (digit < 0 || length >= scratch.length) return undefined;
    if (high < 0) {
      high = digit;
    } else {
      scratch[length++] = (high << 4) | digit;
      high = -1;
    }
  }
  if (high >= 0 || length + name.length > scratch.length) return undefined; // odd digit count, or long
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code > 0x7f) return undefined;
    scratch[length++] = code;
  }
  return scratch.subarray(0, length);
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}
