// One-shot digests of short inputs. crypto.hash (Node.js >= 20.12) does not build the stream-shaped Hash
// object createHash does, which a render would otherwise do a few times per document.
import * as crypto from 'node:crypto';

export function digest(algorithm: 'sha1' | 'sha256', data: Buffer | string): Buffer {
  return typeof crypto.hash === 'function'
    ? crypto.hash(algorithm, data, 'buffer')
    : crypto.createHash(algorithm).update(data).digest();
}
