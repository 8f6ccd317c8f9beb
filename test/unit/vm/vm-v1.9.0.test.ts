// What the VM path does differently at v1.9.0 (expectations read off upstream v1.9.0's Go code; the corpus
// cases in vm-conformance.test.ts cover the rest).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { MemoryClusterState, type ClusterObject } from '../../../src/state/cluster-state.js';
import type { KubeVirt, VirtualMachine, VMISpec } from '../../../src/types/kubevirt.js';
import {
  applyToVmi,
  mutateVirtualMachine,
  virtualMachineToVMI,
  type PreferenceSpec,
} from '../../../src/vm/index.js';
import { admitVMCreate } from '../../../src/admission/validate/index.js';
import { deriveVMFirmwareIds } from '../../../src/pipeline.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
import { RenderError } from '../../../src/errors.js';

const V1_4_0 = KubeVirtRelease.of('v1.4.0');
const V1_9_0 = KubeVirtRelease.of('v1.9.0');
const FIRMWARE = { firmwareUUID: 'fw-uuid', firmwareSerial: 'fw-serial' };

function vm(spec: Partial<VirtualMachine['spec']> = {}, templateSpec: Partial<VMISpec> = {}): VirtualMachine {
  return {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachine',
    metadata: { name: 'vm1', namespace: 'ns1' },
    spec: {
      runStrategy: 'Always',
      template: {
        spec: {
          domain: { devices: {}, memory: { guest: '2Gi' } },
          ...templateSpec,
        } as VMISpec,
      },
      ...spec,
    },
  } as VirtualMachine;
}

describe('v1.9.0 VM mutation', () => {
  const config = new ClusterConfig({ release: V1_9_0 });
  const state = new MemoryClusterState();

  it('gives a VM without firmware ids the ones it is handed, and keeps those the VM sets', () => {
    const mutated = mutateVirtualMachine(vm(), config, state, FIRMWARE);
    assert.deepEqual(mutated.spec.template?.spec?.domain.firmware, { uuid: 'fw-uuid', serial: 'fw-serial' });
    const own = vm({}, { domain: { devices: {}, firmware: { uuid: 'mine' } } } as Partial<VMISpec>);
    const kept = mutateVirtualMachine(own, config, state, FIRMWARE);
    assert.deepEqual(kept.spec.template?.spec?.domain.firmware, { uuid: 'mine', serial: 'fw-serial' });
  });

  it('leaves the firmware alone before v1.9.0', () => {
    const mutated = mutateVirtualMachine(vm(), new ClusterConfig({ release: V1_4_0 }), state, FIRMWARE);
    assert.equal(mutated.spec.template?.spec?.domain.firmware, undefined);
  });

  it('derives stable, distinct firmware ids from the namespace and name', () => {
    const ids = deriveVMFirmwareIds('ns1', 'vm1');
    assert.deepEqual(ids, deriveVMFirmwareIds('ns1', 'vm1'));
    assert.notEqual(ids.firmwareUUID, ids.firmwareSerial);
    assert.notEqual(ids.firmwareUUID, deriveVMFirmwareIds('ns2', 'vm1').firmwareUUID);
    assert.match(ids.firmwareUUID, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('no longer defaults the matcher kinds, and annotates the template with the PCI topology version', () => {
    const mutated = mutateVirtualMachine(vm({ instancetype: { name: 'u1' } }), config, state, FIRMWARE);
    assert.deepEqual(mutated.spec.instancetype, { name: 'u1' });
    assert.deepEqual(mutated.spec.template?.metadata?.annotations, {
      'kubevirt.io/pci-topology-version': 'v3',
    });
  });

  it('puts no PCI topology annotation on a machine type without PCIe (i440fx)', () => {
    const pc = vm({}, { domain: { devices: {}, machine: { type: 'pc-i440fx-9.0' } } } as Partial<VMISpec>);
    const mutated = mutateVirtualMachine(pc, config, state, FIRMWARE);
    assert.equal(mutated.spec.template?.metadata?.annotations, undefined);
  });

  it('takes the preferred architecture of the preference', () => {
    const withPreference = new MemoryClusterState([
      {
        apiVersion: 'instancetype.kubevirt.io/v1beta1',
        kind: 'VirtualMachineClusterPreference',
        metadata: { name: 'arm' },
        spec: { preferredArchitecture: 'arm64' },
      } as unknown as ClusterObject,
    ]);
    const mutated = mutateVirtualMachine(
      vm({ preference: { name: 'arm' } }),
      config,
      withPreference,
      FIRMWARE,
    );
    assert.equal(mutated.spec.template?.spec?.architecture, 'arm64');
    assert.equal(mutated.spec.template?.spec?.domain.machine?.type, 'virt');
  });

  it('rewords the inferFromVolume matcher checks', () => {
    assert.throws(
      () =>
        mutateVirtualMachine(
          vm({ preference: { inferFromVolume: 'root', name: 'x', kind: 'y' } }),
          config,
          state,
          FIRMWARE,
        ),
      new RenderError(
        'vm mutation: Name already set, should be cleared before setting inferFromVolume, ' +
          'Kind already set, should be cleared before setting inferFromVolume',
      ),
    );
  });

  it('looks up the VolumeSnapshot a DataVolume template is cloned from (and fails: none is known)', () => {
    const fromSnapshot = vm(
      {
        instancetype: { inferFromVolume: 'root' },
        dataVolumeTemplates: [
          {
            metadata: { name: 'root-dv' },
            spec: { source: { snapshot: { name: 'snap', namespace: 'ns1' } } },
          },
        ],
      } as Partial<VirtualMachine['spec']>,
      { volumes: [{ name: 'root', dataVolume: { name: 'root-dv' } }] } as Partial<VMISpec>,
    );
    assert.throws(
      () => mutateVirtualMachine(fromSnapshot, config, state, FIRMWARE),
      new RenderError('vm mutation: volumesnapshots.snapshot.storage.k8s.io "snap" not found'),
    );
  });
});

describe('v1.9.0 instancetype application', () => {
  it('keeps template hugepages next to the instancetype guest memory, and reports a guest memory conflict', () => {
    const spec = { domain: { devices: {}, memory: { hugepages: { pageSize: '2Mi' } } } } as VMISpec;
    const instancetype = { cpu: { guest: 1 }, memory: { guest: '4Gi' } };
    assert.deepEqual(applyToVmi('spec', instancetype, undefined, spec, {}, V1_9_0), []);
    assert.deepEqual(spec.domain.memory, { guest: '4Gi', hugepages: { pageSize: '2Mi' } });

    const before = { domain: { devices: {}, memory: { hugepages: { pageSize: '2Mi' } } } } as VMISpec;
    assert.deepEqual(applyToVmi('spec', instancetype, undefined, before, {}, V1_4_0), ['spec.domain.memory']);
    const withGuest = { domain: { devices: {}, memory: { guest: '1Gi' } } } as VMISpec;
    assert.deepEqual(applyToVmi('spec', instancetype, undefined, withGuest, {}, V1_9_0), [
      'spec.domain.memory.guest',
    ]);
  });

  it('applies supplementalPoolThreadCount and conflicts with a template that sets it', () => {
    const instancetype = {
      cpu: { guest: 1 },
      memory: { guest: '1Gi' },
      ioThreads: { supplementalPoolThreadCount: 4 },
    };
    const spec = { domain: { devices: {} } } as VMISpec;
    assert.deepEqual(applyToVmi('spec', instancetype, undefined, spec, {}, V1_9_0), []);
    assert.deepEqual((spec.domain as { ioThreads?: unknown }).ioThreads, { supplementalPoolThreadCount: 4 });
    const taken = {
      domain: { devices: {}, ioThreads: { supplementalPoolThreadCount: 2 } },
    } as unknown as VMISpec;
    assert.deepEqual(applyToVmi('spec', instancetype, undefined, taken, {}, V1_9_0), [
      'spec.domain.ioThreads.supplementalPoolThreadCount',
    ]);
  });

  it('applies the preferred video type and panic device model', () => {
    const spec = { domain: { devices: {} } } as VMISpec;
    // (fields of v1.9.0's API that the generated types lack)
    const preference = {
      devices: { preferredVideoType: 'virtio', preferredPanicDeviceModel: 'hyperv' },
    } as PreferenceSpec;
    applyToVmi('spec', undefined, preference, spec, {}, V1_9_0);
    assert.deepEqual(spec.domain.devices, { video: { type: 'virtio' }, panicDevices: [{ model: 'hyperv' }] });
  });
});

describe('v1.9.0 VM controller', () => {
  it('marks the VMI of a WaitAsReceiver VM as a migration target', () => {
    const config = new ClusterConfig({ release: V1_9_0 });
    const vmi = virtualMachineToVMI(
      vm({ runStrategy: 'WaitAsReceiver' } as Partial<VirtualMachine['spec']>),
      config,
      new MemoryClusterState(),
      { uid: 'u' },
    );
    assert.equal(vmi.metadata?.annotations?.['kubevirt.io/create-migration-target'], 'true');
  });
});

describe('v1.9.0 VM validating webhook', () => {
  const config = new ClusterConfig({ release: V1_9_0 });

  it('ignores an instancetype it cannot find', () => {
    const verdict = admitVMCreate(vm({ instancetype: { name: 'missing' } }), config, {
      state: new MemoryClusterState(),
    });
    assert.deepEqual(verdict, { allowed: true, causes: [] });
  });

  it('refuses WaitAsReceiver without the DecentralizedLiveMigration gate', () => {
    const verdict = admitVMCreate(
      vm({ runStrategy: 'WaitAsReceiver' } as Partial<VirtualMachine['spec']>),
      config,
    );
    assert.equal(
      verdict.message,
      'Invalid RunStrategy (WaitAsReceiver), DecentralizedLiveMigration feature gate is not enabled in kubevirt resource',
    );
  });

  it('refuses root-complex PCI placement and a disabled 64-bit PCI hole for a Grace GPU', () => {
    const kubevirt = {
      apiVersion: 'kubevirt.io/v1',
      kind: 'KubeVirt',
      metadata: { name: 'kubevirt', namespace: 'kubevirt' },
      spec: {
        configuration: {
          permittedHostDevices: {
            pciHostDevices: [{ pciVendorSelector: '10de:2342', resourceName: 'nvidia.com/GH100' }],
          },
        },
      },
    } as unknown as KubeVirt;
    const graceConfig = new ClusterConfig({ release: V1_9_0, kubevirt });
    const grace = vm();
    grace.spec.template!.metadata = {
      annotations: {
        'kubevirt.io/placePCIDevicesOnRootComplex': 'true',
        'kubevirt.io/disablePCIHole64': 'true',
      },
    };
    grace.spec.template!.spec!.domain.devices.hostDevices = [{ name: 'gpu', deviceName: 'nvidia.com/GH100' }];
    const causes = admitVMCreate(grace, graceConfig).causes.filter((c) => c.message.startsWith('GraceIO'));
    assert.deepEqual(causes, [
      {
        type: 'FieldValueInvalid',
        field: 'spec.template.metadata.annotations[kubevirt.io/placePCIDevicesOnRootComplex]',
        message: 'GraceIOVirtualization is not compatible with placing PCI devices on the root complex',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.template.metadata.annotations[kubevirt.io/disablePCIHole64]',
        message: 'GraceIOVirtualization requires the 64-bit PCI hole',
      },
      // then the template's VMI spec check (ValidateVirtualMachineInstanceSpec): the gate is not enabled
      {
        type: 'FieldValueInvalid',
        field: 'spec.template.spec.domain.devices.hostDevices[0].deviceName',
        message:
          'GraceIOVirtualization feature gate must be enabled for NVIDIA Grace GPU passthrough resource "nvidia.com/GH100"',
      },
    ]);
  });
});

describe('v1.9.0 VM validating webhook: dataVolumeTemplates', () => {
  const populated = (): VirtualMachine => {
    const input = vm({}, { volumes: [{ name: 'root', dataVolume: { name: 'rootdv' } }] } as Partial<VMISpec>);
    input.spec.dataVolumeTemplates = [
      {
        metadata: { name: 'rootdv' },
        spec: {
          storage: {
            resources: { requests: { storage: '10Gi' } },
            dataSourceRef: { apiGroup: 'populators.example.io', kind: 'VolumePopulator', name: 'p' },
          },
        },
      },
    ] as VirtualMachine['spec']['dataVolumeTemplates'];
    return input;
  };
  const verdict = (release: KubeVirtRelease) =>
    admitVMCreate(populated(), new ClusterConfig({ release }), { state: new MemoryClusterState() });

  it('admits an externally populated template without a source (v1.4.0 wants one)', () => {
    assert.deepEqual(verdict(V1_9_0).causes, []);
    assert.deepEqual(verdict(V1_4_0).causes, [
      {
        type: 'FieldValueInvalid',
        field: 'spec.dataVolumeTemplate[0].source.sourceRef',
        message: 'Data volume should have either Source, SourceRef, or be externally populated',
      },
    ]);
  });
});

describe('preferences upstream panics on', () => {
  it('preferred CPU features without a template CPU: the webhook call fails, so the VM is refused', () => {
    const state = new MemoryClusterState();
    state.add({
      apiVersion: 'instancetype.kubevirt.io/v1beta1',
      kind: 'VirtualMachineClusterPreference',
      metadata: { name: 'feat' },
      spec: { cpu: { preferredCPUFeatures: [{ name: 'vmx', policy: 'require' }] } },
    } as ClusterObject);
    for (const release of [V1_4_0, V1_9_0]) {
      const verdict = admitVMCreate(
        vm({ preference: { name: 'feat' } } as Partial<VirtualMachine['spec']>),
        new ClusterConfig({ release }),
        { state },
      );
      assert.equal(verdict.allowed, false);
      assert.deepEqual(verdict.causes, []);
      assert.match(
        verdict.message ?? '',
        /^virt-api panics .*nil pointer dereference.*virtualmachine-validator/,
      );
    }
  });
});

describe('more inputs the upstream VM webhook panics on (both releases)', () => {
  const refusal = (
    objects: ClusterObject[],
    spec: Partial<VirtualMachine['spec']>,
    release: KubeVirtRelease,
  ) => admitVMCreate(vm(spec), new ClusterConfig({ release }), { state: new MemoryClusterState(objects) });
  const instancetype = (guest: number): ClusterObject =>
    ({
      apiVersion: 'instancetype.kubevirt.io/v1beta1',
      kind: 'VirtualMachineClusterInstancetype',
      metadata: { name: 'it' },
      spec: { cpu: { guest }, memory: { guest: '4Gi' } },
    }) as ClusterObject;
  const spread = (across: string): ClusterObject =>
    ({
      apiVersion: 'instancetype.kubevirt.io/v1beta1',
      kind: 'VirtualMachineClusterPreference',
      metadata: { name: 'spread' },
      spec: { cpu: { preferredCPUTopology: 'spread', spreadOptions: { across, ratio: 0 } } },
    }) as ClusterObject;
  const matchers = {
    instancetype: { name: 'it' },
    preference: { name: 'spread' },
  } as Partial<VirtualMachine['spec']>;
  const noMemory = vm(matchers);
  delete (noMemory.spec.template!.spec!.domain as { memory?: unknown }).memory;

  it('a spread ratio of 0 (Go: uint32 % 0), unless an odd guest count is refused first', () => {
    for (const release of [V1_4_0, V1_9_0]) {
      const verdict = refusal([instancetype(4), spread('SocketsCores')], matchers, release);
      assert.match(verdict.message ?? '', /^virt-api panics .*integer divide by zero/);
      const odd = refusal([instancetype(3), spread('SocketsCoresThreads')], matchers, release);
      assert.deepEqual(
        odd.causes.map((c) => c.field),
        ['instancetype.spec.cpu.guest'],
      );
    }
  });

  it('v1.4.0: a preference memory requirement on a template without guest memory (nil Quantity.Cmp)', () => {
    const preference = {
      apiVersion: 'instancetype.kubevirt.io/v1beta1',
      kind: 'VirtualMachineClusterPreference',
      metadata: { name: 'needs-memory' },
      spec: { requirements: { memory: { guest: '1Gi' } } },
    } as ClusterObject;
    const input = vm({ preference: { name: 'needs-memory' } } as Partial<VirtualMachine['spec']>);
    delete (input.spec.template!.spec!.domain as { memory?: unknown }).memory;
    const verdict = admitVMCreate(input, new ClusterConfig({ release: V1_4_0 }), {
      state: new MemoryClusterState([preference]),
    });
    assert.match(verdict.message ?? '', /^virt-api panics .*nil pointer dereference/);
  });
});

describe('v1.9.0 preference application: passtBinding', () => {
  it('counts the core passt binding as a binding, so preferredInterfaceMasquerade leaves it alone', () => {
    const spec = {
      domain: { devices: { interfaces: [{ name: 'default', passtBinding: {} }] } },
      networks: [{ name: 'default', pod: {} }],
    } as unknown as VMISpec;
    const preference = { devices: { preferredInterfaceMasquerade: {} } } as PreferenceSpec;
    applyToVmi('spec', undefined, preference, spec, {}, V1_9_0);
    assert.deepEqual(spec.domain.devices.interfaces, [{ name: 'default', passtBinding: {} }]);
  });
});
