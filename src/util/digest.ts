// One-shot digests of short inputs, as hex. crypto.hash (Node.js >= 20.12) does not build the stream-shaped
// Hash object createHash does, and hex output spares a Buffer per call; a render needs a few per document.
import * as crypto from 'node:crypto';

export function hexDigest(algorithm: 'sha1' | 'sha256', data: string | NodeJS.ArrayBufferView): string {
  return typeof crypto.hash === 'function'
    ? crypto.hash(algorithm, data, 'hex')
    : crypto.createHash(algorithm).update(data).digest('hex');
}
