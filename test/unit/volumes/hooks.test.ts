// unmarshalHookSidecarList against vectors produced by Go's encoding/json (see hook-json-generator/).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import type { VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import { RenderError } from '../../../src/errors.js';
import { unmarshalHookSidecarList, type HookSidecar } from '../../../src/render/hooks.js';

const VECTORS = fileURLToPath(
  new URL('../../../../test/unit/volumes/hook-sidecar-json-vectors.json', import.meta.url),
);

interface Vector {
  input: string;
  error?: string;
  value?: Record<string, unknown>[];
}

const vmiWith = (annotation: string): VirtualMachineInstance =>
  ({
    metadata: { name: 'vm', annotations: { 'hooks.kubevirt.io/hookSidecars': annotation } },
    spec: { domain: { devices: {} } },
  }) as VirtualMachineInstance;

/** The Go dump's shape: every field present, nil slices and pointers as null. */
function goShape(sidecar: HookSidecar): Record<string, unknown> {
  return {
    image: sidecar.image ?? '',
    imagePullPolicy: sidecar.imagePullPolicy ?? '',
    command: sidecar.command ?? null,
    args: sidecar.args ?? null,
    configMap: sidecar.configMap ?? null,
    pvc: sidecar.pvc ?? null,
  };
}

describe('unmarshalHookSidecarList matches Go encoding/json', () => {
  const vectors = JSON.parse(readFileSync(VECTORS, 'utf8')) as Vector[];
  for (const [index, vector] of vectors.entries()) {
    it(`#${index} ${JSON.stringify(vector.input).slice(0, 60)}`, () => {
      const vmi = vmiWith(vector.input);
      if (vector.error !== undefined) {
        assert.throws(
          () => unmarshalHookSidecarList(vmi),
          (error: unknown) => error instanceof RenderError && error.message === vector.error,
          `expected: ${vector.error}`,
        );
      } else {
        assert.deepEqual(unmarshalHookSidecarList(vmi).map(goShape), vector.value);
      }
    });
  }

  it('no annotation means no sidecars', () => {
    const vmi = { metadata: { name: 'vm' }, spec: { domain: { devices: {} } } } as VirtualMachineInstance;
    assert.deepEqual(unmarshalHookSidecarList(vmi), []);
  });
});
