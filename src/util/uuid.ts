// RFC 4122 name-based UUIDs (version 5, SHA-1), as Go's uuid.NewSHA1 makes them.
import { digest } from './digest.js';

/** The namespace upstream's VM controller derives stable firmware UUIDs in (vm.go magicUUID). */
export const FIRMWARE_UUID_NAMESPACE = '6a1a24a1-4061-4607-8bf4-a3963d0c5895';

export function uuidV5(namespace: string, name: string): string {
  const hash = digest(
    'sha1',
    Buffer.concat([Buffer.from(namespace.replaceAll('-', ''), 'hex'), Buffer.from(name, 'utf8')]),
  );
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
