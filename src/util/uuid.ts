// RFC 4122 name-based UUIDs (version 5, SHA-1), as Go's uuid.NewSHA1 makes them.
import { hexDigest } from './digest.js';

/** The namespace upstream's VM controller derives stable firmware UUIDs in (vm.go magicUUID). */
export const FIRMWARE_UUID_NAMESPACE = '6a1a24a1-4061-4607-8bf4-a3963d0c5895';

export function uuidV5(namespace: string, name: string): string {
  // the namespace's bytes (a UUID's 16; Buffer.from(hex) semantics for anything else: decoding stops at
  // the first pair that is not hex), then the name's UTF-8 bytes
  const hexNamespace = namespace.replaceAll('-', '');
  const input = Buffer.allocUnsafe((hexNamespace.length >> 1) + Buffer.byteLength(name, 'utf8'));
  const namespaceBytes = input.write(hexNamespace, 0, 'hex');
  const end = namespaceBytes + input.write(name, namespaceBytes, 'utf8');
  const hex = hexDigest('sha1', input.subarray(0, end));
  // version 5 in the high nibble of byte 6; RFC 4122 variant (10xx) in the high bits of byte 8
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
