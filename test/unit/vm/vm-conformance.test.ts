// VM mutation and VM -> VMI against every case under fixtures/vm-conformance.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { RenderError } from '../../../src/errors.js';
import { MemoryClusterState, type ClusterObject } from '../../../src/state/cluster-state.js';
import type { KubeVirt, VirtualMachine } from '../../../src/types/kubevirt.js';
import { mutateVirtualMachine, virtualMachineToVMI } from '../../../src/vm/index.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

const CASES_DIR = fileURLToPath(
  new URL('../../../../fixtures/conformance/v1.4.0/vm-cases/', import.meta.url),
);

interface VmCase {
  vm: VirtualMachine;
  config: ClusterConfig;
  state: MemoryClusterState;
  vmiUID: string;
  expected: { vmMutated?: unknown; vmiFromVM?: unknown; error?: string };
}

function loadCase(name: string): VmCase {
  const dir = join(CASES_DIR, name);
  const read = (file: string): string | undefined =>
    existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : undefined;
  const kubevirtText = read('kubevirt.yaml');
  const objectsText = read('objects.yaml');
  const objects = objectsText
    ? parseAllDocuments(objectsText)
        .map((doc) => doc.toJS() as ClusterObject | null)
        .filter((o): o is ClusterObject => !!o)
    : [];
  const caseJson = JSON.parse(read('case.json') ?? '{}') as { vmiUID?: string };
  return {
    vm: parse(read('vmi.yaml') ?? '') as VirtualMachine,
    config: new ClusterConfig({
      release: V1_4_0,
      kubevirt: kubevirtText ? (parse(kubevirtText) as KubeVirt) : undefined,
    }),
    state: new MemoryClusterState(objects),
    vmiUID: caseJson.vmiUID ?? '',
    expected: JSON.parse(read('expected.json') ?? '{}') as VmCase['expected'],
  };
}

/** The comparison rules: no nulls, empty objects or empty lists, no metadata.creationTimestamp. */
function normalize(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => normalize(item)).filter((item) => item !== undefined);
    return items.length ? items : undefined;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([k]) => !(key === 'metadata' && k === 'creationTimestamp'))
      .map(([k, v]) => [k, normalize(v, k)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value === null ? undefined : value;
}

/** Stricter: only nulls and metadata.creationTimestamp dropped (checks the Go JSON shape, `{}`s included). */
function withoutNulls(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutNulls(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k, v]) => v !== null && !(key === 'metadata' && k === 'creationTimestamp'))
        .map(([k, v]) => [k, withoutNulls(v, k)]),
    );
  }
  return value;
}

const caseNames = readdirSync(CASES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(CASES_DIR, entry.name, 'expected.json')))
  .map((entry) => entry.name)
  .sort();

describe('vm conformance', () => {
  it('finds the cases', () => assert.ok(caseNames.length >= 30));

  for (const name of caseNames) {
    it(name, () => {
      const c = loadCase(name);
      if (c.expected.error !== undefined) {
        assert.throws(
          () => {
            const mutated = mutateVirtualMachine(c.vm, c.config, c.state);
            virtualMachineToVMI(mutated, c.config, c.state, { uid: c.vmiUID });
          },
          (err: unknown) => {
            assert.ok(err instanceof RenderError, `expected a RenderError, got ${String(err)}`);
            assert.equal(err.message, c.expected.error);
            return true;
          },
        );
        return;
      }
      const mutated = mutateVirtualMachine(c.vm, c.config, c.state);
      assert.deepEqual(normalize(mutated), normalize(c.expected.vmMutated), 'vmMutated');
      assert.deepEqual(
        withoutNulls(mutated),
        withoutNulls(c.expected.vmMutated),
        'vmMutated (Go JSON shape)',
      );
      // the expected stage input, so that a vmMutated difference does not hide a vmiFromVM one
      const vmi = virtualMachineToVMI(c.expected.vmMutated as VirtualMachine, c.config, c.state, {
        uid: c.vmiUID,
      });
      assert.deepEqual(normalize(vmi), normalize(c.expected.vmiFromVM), 'vmiFromVM');
      assert.deepEqual(withoutNulls(vmi), withoutNulls(c.expected.vmiFromVM), 'vmiFromVM (Go JSON shape)');
    });
  }
});
