// One-shot digests of short inputs, as hex. crypto.hash (Node.js >= 20.12) does not build the stream-shaped
// Hash object createHash does, and hex output spares a Buffer per call; a render needs a few per document.
// (Named imports: a namespace import reaches each export through a getter in the bundle.)
import { createHash, hash } from 'node:crypto';

export function hexDigest(algorithm: 'sha1' | 'sha256', data: string | NodeJS.ArrayBufferView): string {
  return typeof hash === 'function'
    ? hash(algorithm, data, 'hex')
    : createHash(algorithm).update(data).digest('hex');
}
