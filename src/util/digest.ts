// One-shot digests. crypto.hash (Node.js >= 20.12) does not build the stream-shaped Hash object createHash
// does; a render needs a few hex digests of short inputs per document, the code cache a few binary ones.
// (Named imports: a namespace import reaches each export through a getter in the bundle.)
import { createHash, hash } from 'node:crypto';

type Algorithm = 'sha1' | 'sha256';
type Data = string | NodeJS.ArrayBufferView;

export function digest(algorithm: Algorithm, data: Data): Buffer {
  return typeof hash === 'function'
    ? hash(algorithm, data, 'buffer')
    : createHash(algorithm).update(data).digest();
}

/** As hex: spares a Buffer per call. */
export function hexDigest(algorithm: Algorithm, data: Data): string {
  return typeof hash === 'function'
    ? hash(algorithm, data, 'hex')
    : createHash(algorithm).update(data).digest('hex');
}
