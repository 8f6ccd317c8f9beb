// goJsonKnownFieldsCopy: the VMI as virt-api's Go structs hold it once decoded.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { goJsonKnownFieldsCopy } from '../../../src/util/go/json-round-trip.js';
import { SUPPORTED_RELEASES } from '../../../src/release/release.js';

describe('goJsonKnownFieldsCopy', () => {
  for (const release of SUPPORTED_RELEASES) {
    it(`drops an omitempty scalar at its zero value, keeps a false pointer, drops unknown fields (${release.version})`, () => {
      const vmi = {
        metadata: { name: 'a' },
        spec: {
          hostname: '',
          domain: {
            devices: {
              autoattachSerialConsole: false,
              disks: [{ name: 'l', lun: { bus: 'sata', reservation: false, readonly: true } }],
            },
            bogus: true,
          },
        },
      };
      assert.deepEqual(goJsonKnownFieldsCopy(vmi, 'VirtualMachineInstance', release), {
        metadata: { name: 'a' },
        spec: {
          domain: {
            devices: {
              autoattachSerialConsole: false,
              disks: [{ name: 'l', lun: { bus: 'sata', readonly: true } }],
            },
          },
        },
      });
    });
  }
});
