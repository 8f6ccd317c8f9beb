// Every conformance VMI that upstream's validating webhook admitted must be admitted here too.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { admitVMICreate } from '../../../src/admission/validate/index.js';
import { loadFixtures } from './fixtures.js';

describe('admitVMICreate on the conformance corpora', () => {
  const cases = loadFixtures().filter((c) => c.vmi !== undefined && c.admit !== undefined);
  it('finds cases', () => assert.ok(cases.length > 100));
  for (const c of cases) {
    it(c.name, () => {
      const verdict = admitVMICreate(c.vmi!, c.config);
      assert.deepEqual(verdict, {
        allowed: c.admit!.allowed,
        causes: c.admit!.causes ?? [],
        ...(c.admit!.message ? { message: c.admit!.message } : {}),
      });
    });
  }
});
