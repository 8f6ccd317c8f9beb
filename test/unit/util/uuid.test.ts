// uuidV5 assembles its hash input by hand for the usual inputs: it must give what hashing
// Buffer.from(namespace without dashes, 'hex') followed by the name's UTF-8 bytes gives, for any input.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { uuidV5 } from '../../../src/util/uuid.js';

/** RFC 4122 version 5 from the definition, over Buffer's reading of the namespace. */
function reference(namespace: string, name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('uuidV5', () => {
  it('matches the RFC 4122 example (DNS namespace, python.org)', () => {
    assert.equal(
      uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'python.org'),
      '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    );
  });

  it('agrees with the definition on UUID namespaces and any name', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ unit: 'binary', maxLength: 300 }), (namespace, name) => {
        assert.equal(uuidV5(namespace, name), reference(namespace, name));
      }),
      { seed: 20261129, numRuns: 2000 },
    );
  });

  it('agrees with the definition on namespaces that are not UUIDs (as Buffer reads hex)', () => {
    const hexish = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF-xz '), maxLength: 300 });
    fc.assert(
      fc.property(hexish, fc.string({ maxLength: 40 }), (namespace, name) => {
        assert.equal(uuidV5(namespace, name), reference(namespace, name));
      }),
      { seed: 20261129, numRuns: 2000 },
    );
    for (const namespace of ['', '-', 'abc', 'ab-c', 'zz', 'abz1', 'a'.repeat(600), '0'.repeat(512)]) {
      assert.equal(uuidV5(namespace, 'firmware'), reference(namespace, 'firmware'), namespace);
    }
  });
});
