// Focused checks of pkg/defaults behaviour not covered by the conformance cases.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import type { KubeVirt, VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import { applyCreateDefaults } from '../../../src/admission/index.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

function vmi(spec: Partial<VirtualMachineInstance['spec']> = {}): VirtualMachineInstance {
  return {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstance',
    metadata: { name: 'test', namespace: 'default' },
    spec: {
      ...spec,
      domain: { devices: {}, resources: { requests: { memory: '2Gi' } }, ...spec.domain },
    },
  };
}

function kubevirt(configuration: Record<string, unknown>): KubeVirt {
  return {
    apiVersion: 'kubevirt.io/v1',
    kind: 'KubeVirt',
    metadata: { name: 'kubevirt' },
    spec: { configuration },
  } as KubeVirt;
}

const defaultConfig = new ClusterConfig({ release: V1_4_0 });

describe('pkg/defaults', () => {
  it('pull policy: Always for :latest or untagged images, IfNotPresent otherwise, explicit kept', () => {
    const out = applyCreateDefaults(
      vmi({
        volumes: [
          { name: 'a', containerDisk: { image: 'quay.io/x/a:latest' } },
          { name: 'b', containerDisk: { image: 'a' } },
          { name: 'c', containerDisk: { image: 'a@sha256:00' } },
          { name: 'd', containerDisk: { image: 'a:1', imagePullPolicy: 'Never' } },
        ],
      }),
      defaultConfig,
    );
    assert.deepEqual(
      out.spec.volumes?.map((v) => v.containerDisk?.imagePullPolicy),
      ['Always', 'Always', 'IfNotPresent', 'Never'],
    );
    // Volumes without a disk get a SATA disk on amd64.
    assert.deepEqual(out.spec.domain.devices.disks?.[0], { name: 'a', disk: { bus: 'sata' } });
  });

  it('topology: sockets from the cpu limit rounded up, else from the request', () => {
    const limit = applyCreateDefaults(
      vmi({ domain: { devices: {}, resources: { limits: { cpu: '1500m', memory: '1Gi' } } } }),
      defaultConfig,
    );
    assert.deepEqual(
      [limit.spec.domain.cpu?.sockets, limit.spec.domain.cpu?.cores, limit.spec.domain.cpu?.threads],
      [2, 1, 1],
    );
    // Limits are copied to missing requests.
    assert.deepEqual(limit.spec.domain.resources?.requests, { cpu: '1500m', memory: '1Gi' });
    assert.equal(limit.spec.domain.memory?.guest, '1Gi');
    const partial = applyCreateDefaults(vmi({ domain: { devices: {}, cpu: { cores: 3 } } }), defaultConfig);
    assert.equal(partial.spec.domain.cpu?.sockets, undefined);
    assert.deepEqual(partial.status?.currentCPUTopology, { cores: 3 });
  });

  it('cluster cpuRequest is applied unless dedicated CPUs are requested', () => {
    const config = new ClusterConfig({ release: V1_4_0, kubevirt: kubevirt({ cpuRequest: '250m' }) });
    assert.equal(applyCreateDefaults(vmi(), config).spec.domain.resources?.requests?.cpu, '250m');
    const dedicated = applyCreateDefaults(
      vmi({ domain: { devices: {}, cpu: { dedicatedCpuPlacement: true, cores: 2 } } }),
      config,
    );
    assert.equal(dedicated.spec.domain.resources?.requests?.cpu, undefined);
  });

  it('hugepages page size becomes the guest memory and request when nothing else is set', () => {
    const out = applyCreateDefaults(
      vmi({ domain: { devices: {}, resources: {}, memory: { hugepages: { pageSize: '1Gi' } } } }),
      defaultConfig,
    );
    assert.equal(out.spec.domain.resources?.requests?.memory, '1Gi');
    assert.equal(out.spec.domain.memory?.guest, '1Gi');
    assert.deepEqual(out.status?.memory, { guestAtBoot: '1Gi', guestCurrent: '1Gi', guestRequested: '1Gi' });
  });

  it('hyperv: enabled features switch on unset dependencies; an explicitly disabled one stops the chain', () => {
    const out = applyCreateDefaults(
      vmi({ domain: { devices: {}, features: { hyperv: { synictimer: {}, evmcs: {} } } } }),
      defaultConfig,
    );
    const hyperv = out.spec.domain.features?.hyperv;
    assert.equal(hyperv?.synic?.enabled, true);
    assert.equal(hyperv?.vpindex?.enabled, true);
    assert.equal(hyperv?.vapic?.enabled, true);
    assert.deepEqual(out.spec.domain.cpu?.features, [{ name: 'vmx', policy: 'require' }]);

    const blocked = applyCreateDefaults(
      vmi({
        domain: { devices: {}, features: { hyperv: { evmcs: {}, vapic: { enabled: false }, ipi: {} } } },
      }),
      defaultConfig,
    );
    const blockedHyperv = blocked.spec.domain.features?.hyperv;
    assert.equal(blockedHyperv?.vpindex, undefined, 'later dependencies are not processed');
    assert.equal(blocked.spec.domain.cpu?.features, undefined, 'no vmx feature after a failure');
  });

  it('s390x disables ACPI unless set, uses virtio disks and the s390 machine', () => {
    const out = applyCreateDefaults(
      vmi({ domain: { devices: { disks: [{ name: 'd' }] } } }),
      new ClusterConfig({ release: V1_4_0, arch: 's390x' }),
    );
    assert.equal(out.spec.domain.features?.acpi?.enabled, false);
    assert.equal(out.spec.domain.devices.disks?.[0]?.disk?.bus, 'virtio');
    assert.equal(out.spec.domain.machine?.type, 's390-ccw-virtio');
  });

  it('API defaulters: cdrom, inputs, watchdog, timers, spinlocks, probes', () => {
    const out = applyCreateDefaults(
      vmi({
        domain: {
          devices: {
            disks: [{ name: 'cd', cdrom: {} }],
            inputs: [{ name: 'i', type: '' }],
            watchdog: { name: 'w' },
          },
          clock: { timer: { rtc: {}, hpet: { present: false } } },
          features: { hyperv: { spinlocks: {} } },
        },
        readinessProbe: { exec: { command: ['true'] } },
      }),
      defaultConfig,
    );
    const domain = out.spec.domain;
    assert.deepEqual(domain.devices.disks?.[0]?.cdrom, { bus: 'sata', readonly: true, tray: 'closed' });
    assert.deepEqual(domain.devices.inputs?.[0], { name: 'i', type: 'tablet', bus: 'usb' });
    assert.deepEqual(domain.devices.watchdog, { name: 'w', i6300esb: { action: 'reset' } });
    assert.deepEqual(domain.clock?.timer, { rtc: { present: true }, hpet: { present: false } });
    assert.deepEqual(domain.features?.hyperv?.spinlocks, { enabled: true, spinlocks: 4096 });
    assert.deepEqual(out.spec.readinessProbe, {
      exec: { command: ['true'] },
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    });
  });

  it('LiveUpdate rollout: maxSockets and maxGuest from the hotplug ratio', () => {
    const config = new ClusterConfig({
      release: V1_4_0,
      kubevirt: kubevirt({
        vmRolloutStrategy: 'LiveUpdate',
        developerConfiguration: { featureGates: ['VMLiveUpdateFeatures'] },
      }),
    });
    const out = applyCreateDefaults(vmi(), config);
    assert.equal(out.spec.domain.cpu?.maxSockets, 4);
    assert.equal(out.spec.domain.memory?.maxGuest, '8Gi');
    // Below 1Gi of guest memory, memory hotplug stays off.
    const small = applyCreateDefaults(
      vmi({ domain: { devices: {}, resources: { requests: { memory: '512Mi' } } } }),
      config,
    );
    assert.equal(small.spec.domain.memory?.maxGuest, undefined);
    assert.equal(applyCreateDefaults(vmi(), defaultConfig).spec.domain.cpu?.maxSockets, undefined);
  });

  it('slirp default interface is refused with the upstream text', () => {
    const config = new ClusterConfig({
      release: V1_4_0,
      kubevirt: kubevirt({ network: { defaultNetworkInterface: 'slirp' } }),
    });
    assert.throws(
      () => applyCreateDefaults(vmi(), config),
      /^RenderError: defaults: slirp interface is deprecated as of v1\.3$/,
    );
  });
});
