// Create-time defaults against every conformance case (both releases) that records the admitted VMI.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ClusterConfig, type Arch } from '../../../src/cluster/cluster-config.js';
import { RenderError } from '../../../src/errors.js';
import type { KubeVirt, VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import {
  applyApiDefaults,
  applyCreateDefaults,
  canonicalizeVmiQuantities,
  stableFirmwareUUID,
  uuidV5,
} from '../../../src/admission/index.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');
const V1_9_0 = KubeVirtRelease.of('v1.9.0');

const casesDir = (release: KubeVirtRelease): string =>
  fileURLToPath(new URL(`../../../../fixtures/conformance/${release.version}/cases/`, import.meta.url));

interface CaseInput {
  name: string;
  vmi: VirtualMachineInstance;
  kubevirt?: KubeVirt;
  arch: Arch;
  admission: boolean;
  expected: { vmi?: unknown; error?: string };
}

function loadCase(name: string, release: KubeVirtRelease = V1_4_0): CaseInput {
  const dir = join(casesDir(release), name);
  const read = (file: string): string | undefined =>
    existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : undefined;
  const vmi = parse(read('vmi.yaml') ?? '') as VirtualMachineInstance;
  vmi.metadata ??= {};
  vmi.metadata.namespace ??= 'default';
  const kubevirtText = read('kubevirt.yaml');
  const caseJson = JSON.parse(read('case.json') ?? '{}') as {
    arch?: Arch;
    admission?: boolean;
    vmiUID?: string;
  };
  // the case's UID replaces the input's, as the CLI's --uid does
  if (caseJson.vmiUID) vmi.metadata = { ...vmi.metadata, uid: caseJson.vmiUID };
  return {
    name,
    vmi,
    kubevirt: kubevirtText ? (parse(kubevirtText) as KubeVirt) : undefined,
    arch: caseJson.arch ?? 'amd64',
    admission: caseJson.admission ?? true,
    expected: JSON.parse(read('expected.json') ?? '{}') as CaseInput['expected'],
  };
}

/**
 * The VMI without what upstream's run and ours cannot share: the creation and phase transition times and,
 * where the input gives none, the firmware UUID (v1.9.0 draws it at random). Everything else must be
 * exactly what the upstream harness printed: the stored VMI is the Go encoding of the defaulted object
 * (empty non-pointer structs such as `status.guestOSInfo: {}` included).
 */
function normalize(vmi: unknown, dropFirmwareUUID: boolean): unknown {
  const copy = structuredClone(vmi) as {
    metadata?: { creationTimestamp?: unknown };
    spec?: { domain?: { firmware?: { uuid?: unknown } } };
    status?: { phaseTransitionTimestamps?: unknown };
  };
  delete copy.metadata?.creationTimestamp;
  delete copy.status?.phaseTransitionTimestamps;
  if (dropFirmwareUUID) delete copy.spec?.domain?.firmware?.uuid;
  return copy;
}

for (const release of [V1_4_0, V1_9_0]) {
  const caseNames = readdirSync(casesDir(release), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  describe(`applyCreateDefaults: ${release.version} conformance cases`, () => {
    for (const name of caseNames) {
      const input = loadCase(name, release);
      if (!input.admission) {
        it(`${name}: admission off leaves the VMI as given (quantities canonical)`, () => {
          const rendered = canonicalizeVmiQuantities(input.vmi);
          assert.equal(rendered.status?.runtimeUser, input.vmi.status?.runtimeUser);
          assert.deepEqual(rendered.metadata?.finalizers, input.vmi.metadata?.finalizers);
        });
        continue;
      }
      const config = new ClusterConfig({ release, arch: input.arch, kubevirt: input.kubevirt });
      if (input.expected.vmi !== undefined) {
        it(`${name}: admitted VMI`, () => {
          const actual = applyCreateDefaults(input.vmi, config, {});
          const inputHasUUID = Boolean(input.vmi.spec.domain.firmware?.uuid);
          assert.deepEqual(normalize(actual, !inputHasUUID), normalize(input.expected.vmi, !inputHasUUID));
        });
      } else if (input.expected.error !== undefined) {
        it(`${name}: admission error`, () => {
          assert.throws(
            () => applyCreateDefaults(input.vmi, config, {}),
            (err: unknown) => err instanceof RenderError && err.message === input.expected.error,
          );
        });
      }
    }
  });
}

describe('applyCreateDefaults: options and invariants', () => {
  const basic = loadCase('001-containerdisk-cloudinit-nocloud');
  const config = new ClusterConfig({ release: V1_4_0 });

  it('does not mutate its input', () => {
    const before = structuredClone(basic.vmi);
    applyCreateDefaults(basic.vmi, config, {});
    assert.deepEqual(basic.vmi, before);
  });

  it('uses the firmwareUUID option, else the stable UUID of the name', () => {
    const given = applyCreateDefaults(basic.vmi, config, {
      firmwareUUID: '11111111-2222-4333-8444-555555555555',
    });
    assert.equal(given.spec.domain.firmware?.uuid, '11111111-2222-4333-8444-555555555555');
    const derived = applyCreateDefaults(basic.vmi, config, {});
    assert.equal(derived.spec.domain.firmware?.uuid, stableFirmwareUUID('fedora-basic'));
  });

  it('stable firmware UUID matches uuid.NewSHA1 (RFC 4122 v5)', () => {
    // RFC 4122 appendix example namespace (DNS) and name.
    assert.equal(
      uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'python.org'),
      '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    );
  });

  it('records the phase transition when given a time', () => {
    const withTime = applyCreateDefaults(basic.vmi, config, { now: '2024-01-01T00:00:00Z' });
    assert.deepEqual(withTime.status?.phaseTransitionTimestamps, [
      { phase: 'Pending', phaseTransitionTimestamp: '2024-01-01T00:00:00Z' },
    ]);
    assert.equal(applyCreateDefaults(basic.vmi, config, {}).status?.phaseTransitionTimestamps, undefined);
  });

  it('canonicalizes quantities like a Go round trip', () => {
    const vmi = structuredClone(basic.vmi);
    vmi.spec.domain.resources = { requests: { memory: '2048Mi', cpu: 2 } };
    vmi.spec.volumes = [
      ...(vmi.spec.volumes ?? []),
      { name: 'scratch', emptyDisk: {} as { capacity: string } },
    ];
    const out = canonicalizeVmiQuantities(vmi);
    assert.deepEqual(out.spec.domain.resources?.requests, { memory: '2Gi', cpu: '2' });
    assert.equal(out.spec.volumes?.at(-1)?.emptyDisk?.capacity, '0');
    const admitted = applyCreateDefaults(vmi, config, {});
    assert.equal(admitted.spec.domain.memory?.guest, '2Gi');
    assert.equal(admitted.spec.domain.cpu?.sockets, 2);
  });

  it('memory overcommit keeps the guest format', () => {
    const kubevirt = {
      apiVersion: 'kubevirt.io/v1',
      kind: 'KubeVirt',
      metadata: { name: 'kubevirt' },
      spec: { configuration: { developerConfiguration: { memoryOvercommit: 150 } } },
    } as KubeVirt;
    const vmi = structuredClone(basic.vmi);
    vmi.spec.domain.resources = {};
    vmi.spec.domain.memory = { guest: '3Gi' };
    const out = applyCreateDefaults(vmi, new ClusterConfig({ release: V1_4_0, kubevirt }), {});
    assert.equal(out.spec.domain.resources?.requests?.memory, '2Gi');
  });

  it('applyApiDefaults only runs the API type defaulters', () => {
    const out = applyApiDefaults(basic.vmi, { firmwareUUID: 'u' });
    assert.equal(out.spec.domain.features?.acpi?.enabled, true);
    assert.equal(out.spec.domain.firmware?.uuid, 'u');
    assert.equal(out.spec.architecture, undefined);
    assert.equal(out.status, undefined);
  });
});

describe('applyCreateDefaults: fields the release does not have', () => {
  const input = (): VirtualMachineInstance =>
    ({
      metadata: { name: 'v', namespace: 'default' },
      spec: {
        domain: {
          ioThreads: { supplementalPoolThreadCount: 2 },
          devices: { disks: [{ name: 'root', disk: { bus: 'virtio', madeUp: true } }] },
          resources: { requests: { memory: '1Gi' } },
        },
        volumes: [{ name: 'root', containerDisk: { image: 'quay.io/containerdisks/fedora:40' } }],
      },
    }) as unknown as VirtualMachineInstance;

  it('are dropped as Go drops them when it decodes the VMI (v1.4.0 has no ioThreads)', () => {
    const v14 = applyCreateDefaults(input(), new ClusterConfig({ release: V1_4_0 }), {});
    assert.equal((v14.spec.domain as { ioThreads?: unknown }).ioThreads, undefined);
    assert.deepEqual(v14.spec.domain.devices.disks?.[0]?.disk, { bus: 'virtio' });
    const v19 = applyCreateDefaults(
      input(),
      new ClusterConfig({ release: KubeVirtRelease.of('v1.9.0') }),
      {},
    );
    assert.deepEqual((v19.spec.domain as { ioThreads?: unknown }).ioThreads, {
      supplementalPoolThreadCount: 2,
    });
    assert.deepEqual(v19.spec.domain.devices.disks?.[0]?.disk, { bus: 'virtio' });
  });
});
