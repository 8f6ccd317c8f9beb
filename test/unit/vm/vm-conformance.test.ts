// The VM path against the VM corpora of every release (fixtures/conformance/<release>/{vm-cases,
// vm-admit-cases}): VM mutation (vmMutated), the VM validating webhook (vmAdmit), the VM controller's VMI
// (vmiFromVM) and the VMI create-time defaults on it (vmi), or the error that stops the VM path. Each stage
// starts from the expected output of the stage before, so that one difference does not hide the next.
// Stages listed in vm-known-differences.json must fail (the list fails when a listed stage starts passing).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ClusterConfig, type Arch } from '../../../src/cluster/cluster-config.js';
import { RenderError } from '../../../src/errors.js';
import { MemoryClusterState, type ClusterObject } from '../../../src/state/cluster-state.js';
import type { KubeVirt, VirtualMachine, VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import { mutateVirtualMachine, virtualMachineToVMI } from '../../../src/vm/index.js';
import { admitVMCreate, type AdmissionVerdict } from '../../../src/admission/validate/index.js';
import { applyCreateDefaultsDirect, canonicalizeVmiQuantities } from '../../../src/admission/index.js';
import { KubeVirtRelease, type KubeVirtVersion } from '../../../src/release/release.js';
import { uuidV5 } from '../../../src/util/uuid.js';
import { deriveVMFirmwareIds } from '../../../src/pipeline.js';

const firmwareIds = (vm: VirtualMachine): ReturnType<typeof deriveVMFirmwareIds> =>
  deriveVMFirmwareIds(vm.metadata?.namespace ?? 'default', vm.metadata?.name ?? '');

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/conformance/', import.meta.url));
/** `<release>/<corpus>/<case>:<stage>` -> why ours differs from upstream's there (each must still fail). */
const KNOWN_DIFFERENCES = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../test/unit/vm/vm-known-differences.json', import.meta.url)),
    'utf8',
  ),
) as Record<string, string>;

interface Expected {
  vmMutated?: VirtualMachine;
  vmAdmit?: AdmissionVerdict & { warnings?: string[] };
  vmiFromVM?: VirtualMachineInstance;
  vmi?: VirtualMachineInstance;
  error?: string;
}

interface VmCase {
  vm: VirtualMachine;
  config: ClusterConfig;
  state: MemoryClusterState;
  vmiUID: string;
  expected: Expected;
}

function loadCase(dir: string, release: KubeVirtRelease): VmCase {
  const read = (file: string): string | undefined =>
    existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : undefined;
  const kubevirtText = read('kubevirt.yaml');
  const objectsText = read('objects.yaml');
  const objects = objectsText
    ? parseAllDocuments(objectsText)
        .map((doc) => doc.toJS() as ClusterObject | null)
        .filter((o): o is ClusterObject => !!o)
    : [];
  // the architecture virt-controller runs on, as the CLI's --arch (test/support/conformance-args.ts)
  const caseJson = JSON.parse(read('case.json') ?? '{}') as { vmiUID?: string; arch?: Arch };
  return {
    vm: withNamespace(parse(read('vmi.yaml') ?? '') as VirtualMachine),
    config: new ClusterConfig({
      release,
      kubevirt: kubevirtText ? (parse(kubevirtText) as KubeVirt) : undefined,
      ...(caseJson.arch ? { arch: caseJson.arch } : {}),
    }),
    state: new MemoryClusterState(objects),
    vmiUID: caseJson.vmiUID ?? '',
    expected: JSON.parse(read('expected.json') ?? '{}') as Expected,
  };
}

/** A VM without a namespace is created in the CLI's default one (--namespace default), as the API server does. */
function withNamespace(vm: VirtualMachine): VirtualMachine {
  if (vm?.metadata && !vm.metadata.namespace) vm.metadata.namespace = 'default';
  return vm;
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

type Firmware = { uuid?: string; serial?: string } | undefined;

/**
 * From v1.9.0 the VM mutating webhook draws a random firmware uuid and serial where the VM sets none: those
 * are compared only where the input set them (ours are derived, see mutateVirtualMachine).
 */
function withoutDrawnFirmwareIds<T>(object: T, firmwareOf: (object: T) => Firmware, input: Firmware): T {
  const copy = structuredClone(object);
  const firmware = firmwareOf(copy);
  if (!firmware) return copy;
  if (!input?.uuid) delete firmware.uuid;
  if (!input?.serial) delete firmware.serial;
  return copy;
}

function assertSameObject(actual: unknown, expected: unknown, stage: string): void {
  assert.deepEqual(normalize(actual), normalize(expected), stage);
  assert.deepEqual(withoutNulls(actual), withoutNulls(expected), `${stage} (Go JSON shape)`);
}

function checkError(c: VmCase): void {
  assert.throws(
    () => {
      const mutated = mutateVirtualMachine(c.vm, c.config, c.state, firmwareIds(c.vm));
      virtualMachineToVMI(mutated, c.config, c.state, { uid: c.vmiUID });
    },
    (err: unknown) => {
      assert.ok(err instanceof RenderError, `expected a RenderError, got ${String(err)}`);
      assert.equal(err.message, c.expected.error);
      return true;
    },
  );
}

type Stage = 'error' | 'vmMutated' | 'vmAdmit' | 'vmiFromVM' | 'vmi';

function stagesOf(expected: Expected): Stage[] {
  const stages: Stage[] = [];
  // errors of the VM path (a render error is the render's business)
  if (expected.error !== undefined && /^vm (mutation|controller): /.test(expected.error))
    stages.push('error');
  if (expected.vmMutated !== undefined) stages.push('vmMutated');
  if (expected.vmAdmit !== undefined && expected.vmMutated !== undefined) stages.push('vmAdmit');
  if (expected.vmiFromVM !== undefined && expected.vmMutated !== undefined) stages.push('vmiFromVM');
  if (expected.vmi !== undefined && expected.vmiFromVM !== undefined) stages.push('vmi');
  return stages;
}

function checkStage(c: VmCase, stage: Stage): void {
  const drawn = c.config.release.atLeast('v1.9.0');
  const inputFirmware = c.vm.spec?.template?.spec?.domain?.firmware as Firmware;
  const vmFirmware = (vm: VirtualMachine): Firmware => vm.spec?.template?.spec?.domain?.firmware as Firmware;
  const vmiFirmware = (vmi: VirtualMachineInstance): Firmware => vmi.spec?.domain?.firmware as Firmware;
  const vmView = (vm: VirtualMachine): VirtualMachine =>
    drawn ? withoutDrawnFirmwareIds(vm, vmFirmware, inputFirmware) : vm;
  const vmiView = (vmi: VirtualMachineInstance): VirtualMachineInstance =>
    drawn ? withoutDrawnFirmwareIds(vmi, vmiFirmware, inputFirmware) : vmi;
  const expected = c.expected;
  switch (stage) {
    case 'error':
      return checkError(c);
    case 'vmMutated': {
      // (in an error case that stops after the mutation, the mutation itself succeeds)
      const mutated = mutateVirtualMachine(c.vm, c.config, c.state, firmwareIds(c.vm));
      return assertSameObject(vmView(mutated), vmView(expected.vmMutated!), 'vmMutated');
    }
    case 'vmAdmit': {
      const verdict = admitVMCreate(expected.vmMutated!, c.config, { state: c.state });
      // with upstream's warnings (spec.running is deprecated)
      const wanted = expected.vmAdmit!;
      return assert.deepEqual(verdict, { ...wanted, causes: wanted.causes ?? [] }, 'vmAdmit');
    }
    case 'vmiFromVM': {
      const vmi = virtualMachineToVMI(expected.vmMutated!, c.config, c.state, { uid: c.vmiUID });
      // the harness prints the Go object as JSON; ours keeps the quantities' Go values (goJsonHandOver)
      const printed = canonicalizeVmiQuantities(vmi);
      return assertSameObject(vmiView(printed), vmiView(expected.vmiFromVM!), 'vmiFromVM');
    }
    case 'vmi': {
      const from = structuredClone(expected.vmiFromVM!);
      const uid = from.metadata?.uid ?? c.vmiUID;
      const direct = applyCreateDefaultsDirect(from, c.config, { firmwareUUID: uuidV5(uid, 'firmware') });
      const vmi = canonicalizeVmiQuantities(direct);
      const { status: _ours, ...oursWithoutStatus } = vmi;
      const { status: _theirs, ...theirsWithoutStatus } = expected.vmi!;
      return assertSameObject(
        vmiView(oursWithoutStatus as VirtualMachineInstance),
        vmiView(theirsWithoutStatus as VirtualMachineInstance),
        'vmi',
      );
    }
  }
}

const releases = readdirSync(FIXTURES)
  .filter((name) => /^v\d+\.\d+\.\d+$/.test(name))
  .sort() as KubeVirtVersion[];
const seen = new Set<string>();

for (const version of releases) {
  const release = KubeVirtRelease.of(version);
  for (const corpus of ['vm-cases', 'vm-admit-cases']) {
    const base = join(FIXTURES, version, corpus);
    if (!existsSync(base)) continue;
    const names = readdirSync(base, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(base, entry.name, 'expected.json')))
      .map((entry) => entry.name)
      .sort();
    describe(`vm path: ${version} ${corpus}`, () => {
      it('finds the cases', () => assert.ok(names.length >= 30));
      for (const name of names) {
        const c = loadCase(join(base, name), release);
        for (const stage of stagesOf(c.expected)) {
          const key = `${version}/${corpus}/${name}:${stage}`;
          seen.add(key);
          const known = KNOWN_DIFFERENCES[key];
          it(known ? `${name} ${stage} (known difference: ${known})` : `${name} ${stage}`, () => {
            if (!known) return checkStage(loadCase(join(base, name), release), stage);
            assert.throws(
              () => checkStage(loadCase(join(base, name), release), stage),
              `${key} is listed in vm-known-differences.json but now passes: remove it from the list`,
            );
          });
        }
      }
    });
  }
}

describe('vm-known-differences.json', () => {
  it('names only existing stages', () => {
    assert.deepEqual(
      Object.keys(KNOWN_DIFFERENCES).filter((key) => !seen.has(key)),
      [],
    );
  });
});
