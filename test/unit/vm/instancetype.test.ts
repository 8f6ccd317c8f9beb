// Behaviour of the VM pipeline that the conformance cases do not reach.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { RenderError } from '../../../src/errors.js';
import { Quantity } from '../../../src/quantity/quantity.js';
import { MemoryClusterState, type ClusterObject } from '../../../src/state/cluster-state.js';
import type { VirtualMachine, VMISpec } from '../../../src/types/kubevirt.js';
import {
  applyToVmi,
  checkPreferenceRequirements,
  goJsonRoundTrip,
  mutateVirtualMachine,
  uuidV5,
  virtualMachineToVMI,
  type InstancetypeSpec,
  type PreferenceSpec,
} from '../../../src/vm/index.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');
/** What the VM mutating webhook would give a VM without firmware ids (unused before v1.9.0). */
const FIRMWARE = { firmwareUUID: 'fw-uuid', firmwareSerial: 'fw-serial' };

const FIRMWARE_NS = '6a1a24a1-4061-4607-8bf4-a3963d0c5895';

function vm(
  spec: Partial<VirtualMachine['spec']> = {},
  templateSpec: Record<string, unknown> = {},
): VirtualMachine {
  return {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachine',
    metadata: { name: 'vm1', namespace: 'ns1', uid: 'vm-uid' },
    spec: {
      runStrategy: 'Always',
      template: {
        spec: {
          domain: { devices: {} },
          volumes: [{ name: 'root', containerDisk: { image: 'img:1' } }],
          ...templateSpec,
        } as NonNullable<VirtualMachine['spec']['template']['spec']>,
      },
      ...spec,
    },
  };
}

const clusterInstancetype = (name: string, spec: InstancetypeSpec): ClusterObject =>
  ({ kind: 'VirtualMachineClusterInstancetype', metadata: { name }, spec }) as ClusterObject;
const clusterPreference = (name: string, spec: PreferenceSpec): ClusterObject =>
  ({ kind: 'VirtualMachineClusterPreference', metadata: { name }, spec }) as ClusterObject;

const emptySpec = (): VMISpec => ({ domain: { devices: {} } }) as VMISpec;

describe('firmware UUID', () => {
  it('is uuid.NewSHA1 of the VM name (values from Go)', () => {
    assert.equal(uuidV5(FIRMWARE_NS, 'my-vm'), '41256f5f-3759-54d0-9c60-26dff9079ab1');
    assert.equal(uuidV5(FIRMWARE_NS, 'ünïcode'), '1177cb5c-4fdb-5d26-9645-a3c02709b763');
  });

  it('keeps a firmware UUID given in the template', () => {
    const config = new ClusterConfig({ release: V1_4_0 });
    const state = new MemoryClusterState();
    const input = vm({}, { domain: { devices: {}, firmware: { uuid: 'fixed' } } });
    const vmi = virtualMachineToVMI(mutateVirtualMachine(input, config, state, FIRMWARE), config, state, {
      uid: 'u',
    });
    assert.equal(vmi.spec.domain.firmware?.uuid, 'fixed');
  });
});

describe('instancetype memory overcommit', () => {
  // int64(float32(guest) * (1 - float32(percent)/100)), results computed with Go
  for (const [guest, percent, expected] of [
    [3221225472, 33, 2158220800n],
    [1000000000, 7, 930000000n],
    [123456789, 13, 107407408n],
    [999999999999, 66, 339999981568n],
  ] as const) {
    it(`${guest} at ${percent}%`, () => {
      const spec = emptySpec();
      const conflicts = applyToVmi(
        'spec',
        { cpu: { guest: 1 }, memory: { guest: String(guest), overcommitPercent: percent } },
        undefined,
        spec,
        {},
        V1_4_0,
      );
      assert.deepEqual(conflicts, []);
      const request = spec.domain.resources?.requests?.['memory'];
      assert.equal(Quantity.parse(String(request)).value(), expected);
    });
  }
});

describe('CPU topology from preferences', () => {
  const topology = (guest: number, cpu: PreferenceSpec['cpu'], extra: Partial<PreferenceSpec> = {}) => {
    const spec = emptySpec();
    applyToVmi('spec', { cpu: { guest }, memory: { guest: '1Gi' } }, { cpu, ...extra }, spec, {}, V1_4_0);
    const { sockets, cores, threads } = spec.domain.cpu ?? {};
    return { sockets, cores, threads };
  };
  it('spreads across CoresThreads', () => {
    assert.deepEqual(
      topology(8, { preferredCPUTopology: 'spread', spreadOptions: { across: 'CoresThreads' } }),
      {
        sockets: 1,
        cores: 4,
        threads: 2,
      },
    );
  });
  it('uses the deprecated preferSpreadSocketToCoreRatio', () => {
    assert.deepEqual(
      topology(12, { preferredCPUTopology: 'preferSpread' }, { preferSpreadSocketToCoreRatio: 3 }),
      {
        sockets: 4,
        cores: 3,
        threads: 1,
      },
    );
  });
  it('puts everything in sockets for any', () => {
    assert.deepEqual(topology(6, { preferredCPUTopology: 'any' }), { sockets: 6, cores: 1, threads: 1 });
  });
});

describe('conflicts', () => {
  it('lists every conflict in upstream order, annotations by key', () => {
    const spec = emptySpec();
    spec.nodeSelector = { a: 'b' };
    spec.domain.cpu = { model: 'host-passthrough', threads: 2 };
    spec.domain.resources = { limits: { memory: '1Gi' } };
    const conflicts = applyToVmi(
      'spec',
      {
        cpu: { guest: 2, model: 'Haswell' },
        memory: { guest: '2Gi' },
        nodeSelector: { x: 'y' },
        annotations: { z: '1', b: '2', same: 'v' },
      },
      undefined,
      spec,
      { annotations: { z: '0', b: '0', same: 'v' } },
      V1_4_0,
    );
    assert.deepEqual(conflicts, [
      'spec.nodeSelector',
      'spec.domain.cpu.threads',
      'spec.domain.cpu.model',
      'spec.domain.resources.limits.memory',
      'annotations.b',
      'annotations.z',
    ]);
  });
});

describe('preference requirements', () => {
  it('reports insufficient instancetype CPU and memory', () => {
    const preference: PreferenceSpec = { requirements: { cpu: { guest: 4 }, memory: { guest: '4Gi' } } };
    assert.equal(
      checkPreferenceRequirements(
        { cpu: { guest: 2 }, memory: { guest: '8Gi' } },
        preference,
        emptySpec(),
        V1_4_0,
      )?.message,
      'insufficient CPU resources of 2 vCPU provided by instance type, preference requires 4 vCPU',
    );
    assert.equal(
      checkPreferenceRequirements(
        { cpu: { guest: 4 }, memory: { guest: '2048Mi' } },
        preference,
        emptySpec(),
        V1_4_0,
      )?.message,
      'insufficient Memory resources of 2Gi provided by instance type, preference requires 4Gi',
    );
  });
  it('checks the VM topology along the preferred spread', () => {
    const spec = emptySpec();
    spec.domain.cpu = { sockets: 1, cores: 2, threads: 1 };
    const result = checkPreferenceRequirements(
      undefined,
      { cpu: { preferredCPUTopology: 'spread' }, requirements: { cpu: { guest: 4 } } },
      spec,
      V1_4_0,
    );
    assert.deepEqual(result, {
      conflicts: ['spec.template.spec.domain.cpu.sockets', 'spec.template.spec.domain.cpu.cores'],
      message:
        'insufficient CPU resources of 2 vCPU provided by VirtualMachine, preference requires 4 vCPU provided as SocketsCores',
    });
  });
});

describe('VM mutation', () => {
  const config = new ClusterConfig({ release: V1_4_0 });

  it('infers instancetype and preference from PVC labels', () => {
    const state = new MemoryClusterState([
      {
        kind: 'PersistentVolumeClaim',
        metadata: {
          name: 'root-pvc',
          namespace: 'ns1',
          labels: {
            'instancetype.kubevirt.io/default-instancetype': 'u1.small',
            'instancetype.kubevirt.io/default-preference': 'fedora',
            'instancetype.kubevirt.io/default-preference-kind': 'VirtualMachinePreference',
          },
        },
      } as ClusterObject,
    ]);
    const input = vm(
      { instancetype: { inferFromVolume: 'root' }, preference: { inferFromVolume: 'root' } },
      { volumes: [{ name: 'root', persistentVolumeClaim: { claimName: 'root-pvc' } }] },
    );
    const mutated = mutateVirtualMachine(input, config, state, FIRMWARE);
    assert.deepEqual(mutated.spec.instancetype, {
      name: 'u1.small',
      kind: 'virtualmachineclusterinstancetype',
    });
    assert.deepEqual(mutated.spec.preference, { name: 'fedora', kind: 'VirtualMachinePreference' });
  });

  it('rejects an unsupported volume without failure policy Ignore', () => {
    const state = new MemoryClusterState();
    assert.throws(
      () => mutateVirtualMachine(vm({ instancetype: { inferFromVolume: 'root' } }), config, state, FIRMWARE),
      new RenderError('vm mutation: unable to infer defaults from volume root as type is not supported'),
    );
    assert.throws(
      () => mutateVirtualMachine(vm({ instancetype: { inferFromVolume: 'nope' } }), config, state, FIRMWARE),
      new RenderError('vm mutation: unable to find volume nope to infer defaults'),
    );
  });

  it('joins the matcher causes like the webhook', () => {
    assert.throws(
      () =>
        mutateVirtualMachine(
          vm({
            preference: {
              inferFromVolume: 'root',
              name: 'x',
              kind: 'y',
              inferFromVolumeFailurePolicy: 'Maybe',
            },
          }),
          config,
          new MemoryClusterState(),
          FIRMWARE,
        ),
      new RenderError(
        'vm mutation: Name should not be provided when InferFromVolume is used within the PreferenceMatcher, ' +
          'Kind should not be provided when InferFromVolume is used within the PreferenceMatcher, ' +
          "Invalid value 'Maybe' for InferFromVolumeFailurePolicy",
      ),
    );
  });
});

describe('VM controller', () => {
  const config = new ClusterConfig({ release: V1_4_0 });

  it('rejects an unexpected matcher kind', () => {
    const input = vm({ instancetype: { name: 'x', kind: 'Flavor' } });
    const state = new MemoryClusterState();
    const mutated = mutateVirtualMachine(input, config, state, FIRMWARE);
    assert.throws(
      () => virtualMachineToVMI(mutated, config, state, { uid: 'u' }),
      new RenderError(
        'vm controller: Failed to apply instancetype: got unexpected kind in InstancetypeMatcher: Flavor',
      ),
    );
  });

  it('fails like upstream (nil CPU) for preferred CPU features without instancetype or template CPU', () => {
    const state = new MemoryClusterState([
      clusterPreference('p', { cpu: { preferredCPUFeatures: [{ name: 'vmx' }] } }),
    ]);
    const mutated = mutateVirtualMachine(vm({ preference: { name: 'p' } }), config, state, FIRMWARE);
    assert.throws(() => virtualMachineToVMI(mutated, config, state, { uid: 'u' }), /nil pointer dereference/);
  });

  it('keeps an empty nodeSelector non-nil until the webhook re-encodes the VM', () => {
    const state = new MemoryClusterState([
      clusterInstancetype('pinned', {
        cpu: { guest: 1 },
        memory: { guest: '1Gi' },
        nodeSelector: { a: 'b' },
      }),
    ]);
    const input = vm(
      { instancetype: { name: 'pinned', kind: 'VirtualMachineClusterInstancetype' } },
      { nodeSelector: {} },
    );
    // a VM that did not go through the webhook: the empty map is set, so it conflicts
    assert.throws(
      () => virtualMachineToVMI(input, config, state, { uid: 'u' }),
      new RenderError(
        'vm controller: Failed to apply instancetype: VMI conflicts with instancetype spec in fields: [spec.nodeSelector]',
      ),
    );
    // the webhook's patch drops it (omitempty), so the instancetype's selector applies
    const vmi = virtualMachineToVMI(mutateVirtualMachine(input, config, state, FIRMWARE), config, state, {
      uid: 'u',
    });
    assert.deepEqual(vmi.spec.nodeSelector, { a: 'b' });
  });

  it('looks up a matcher revisionName as a ControllerRevision, which does not exist (messages from Go)', () => {
    const state = new MemoryClusterState([
      clusterInstancetype('small', { cpu: { guest: 2 }, memory: { guest: '1Gi' } }),
      clusterPreference('p', { devices: { preferredDiskBus: 'sata' } }),
    ]);
    const withInstancetypeRevision = vm({ instancetype: { name: 'small', revisionName: 'rev-x' } });
    assert.throws(
      () =>
        virtualMachineToVMI(
          mutateVirtualMachine(withInstancetypeRevision, config, state, FIRMWARE),
          config,
          state,
          {
            uid: 'u',
          },
        ),
      new RenderError(
        'vm controller: Failed to apply instancetype: controllerrevisions.apps "rev-x" not found',
      ),
    );
    // the preference is looked up first (device preferences), so its revision fails first
    const withBothRevisions = vm({
      instancetype: { name: 'small', revisionName: 'rev-x' },
      preference: { name: 'p', revisionName: 'rev-y' },
    });
    assert.throws(
      () =>
        virtualMachineToVMI(mutateVirtualMachine(withBothRevisions, config, state, FIRMWARE), config, state, {
          uid: 'u',
        }),
      new RenderError(
        'vm controller: Error applying device preferences again: controllerrevisions.apps "rev-y" not found',
      ),
    );
  });

  it('starts paused on a paused start request and marks the preference name', () => {
    const state = new MemoryClusterState([
      clusterInstancetype('small', { cpu: { guest: 2 }, memory: { guest: '1Gi' } }),
    ]);
    const input = vm({ instancetype: { name: 'small' } });
    input.status = { stateChangeRequests: [{ action: 'Start', data: { paused: 'true' } }] };
    const mutated = mutateVirtualMachine(input, config, state, FIRMWARE);
    const vmi = virtualMachineToVMI(mutated, config, state, { uid: 'u' });
    assert.equal(vmi.spec.startStrategy, 'Paused');
    assert.equal(vmi.metadata?.annotations?.['kubevirt.io/cluster-instancetype-name'], 'small');
    assert.deepEqual(vmi.spec.domain.cpu, { sockets: 2, cores: 1, threads: 1 });
  });
});

describe('instancetype reference policy expand', () => {
  it('starts the VMI from the expanded VM', () => {
    const config = new ClusterConfig({
      release: V1_4_0,
      kubevirt: {
        apiVersion: 'kubevirt.io/v1',
        kind: 'KubeVirt',
        metadata: { name: 'kubevirt', namespace: 'kubevirt' },
        spec: {
          configuration: {
            developerConfiguration: { featureGates: ['InstancetypeReferencePolicy'] },
            instancetype: { referencePolicy: 'expand' },
          },
        },
      },
    });
    const state = new MemoryClusterState([
      clusterInstancetype('small', { cpu: { guest: 2 }, memory: { guest: '1Gi' } }),
    ]);
    const input = vm({ instancetype: { name: 'small' } });
    input.metadata = { ...input.metadata, generation: 3 };
    const vmi = virtualMachineToVMI(mutateVirtualMachine(input, config, state, FIRMWARE), config, state, {
      uid: 'u',
    });
    const annotations = vmi.metadata?.annotations ?? {};
    assert.equal(annotations['kubevirt.io/vm-generation'], '4');
    assert.equal(annotations['kubevirt.io/cluster-instancetype-name'], undefined);
    assert.deepEqual(vmi.spec.domain.cpu, { sockets: 2, cores: 1, threads: 1 });
    assert.equal(vmi.spec.domain.memory?.guest, '1Gi');
    assert.equal(vmi.spec.domain.resources?.requests?.['memory'], '1Gi');
  });
});

describe('Go JSON round trip', () => {
  it('drops omitempty zero values, emits non-omitempty zeros and re-prints quantities', () => {
    const spec = goJsonRoundTrip(
      {
        domain: {
          devices: { disableHotplug: false, inputs: [{ name: 'in' }], disks: [] },
          cpu: { cores: 0, dedicatedCpuPlacement: false },
          resources: { requests: { memory: '2048Mi', cpu: 0.5 } },
          unknownField: 1,
        },
      },
      'VirtualMachineInstanceSpec',
      V1_4_0,
    );
    assert.deepEqual(spec, {
      domain: {
        devices: { inputs: [{ name: 'in', type: '' }] },
        cpu: {},
        resources: { requests: { memory: '2Gi', cpu: '500m' } },
      },
    });
  });
});

describe('VM mutation: inference through DataVolumes and DataSources', () => {
  const V1_9_0 = KubeVirtRelease.of('v1.9.0');
  const IT = 'instancetype.kubevirt.io/default-instancetype';
  const withTemplate = (spec: Record<string, unknown>): VirtualMachine =>
    vm(
      {
        instancetype: { inferFromVolume: 'root' },
        dataVolumeTemplates: [
          { metadata: { name: 'root-dv' }, spec },
        ] as VirtualMachine['spec']['dataVolumeTemplates'],
      },
      { volumes: [{ name: 'root', dataVolume: { name: 'root-dv' } }] },
    );
  const dataSource = (
    namespace: string,
    source: Record<string, unknown>,
    labels?: Record<string, string>,
  ): ClusterObject =>
    ({
      kind: 'DataSource',
      metadata: { name: 'golden', namespace, ...(labels ? { labels } : {}) },
      spec: { source },
    }) as ClusterObject;
  const mutate = (
    input: VirtualMachine,
    release: KubeVirtRelease,
    objects: ClusterObject[],
  ): VirtualMachine =>
    mutateVirtualMachine(input, new ClusterConfig({ release }), new MemoryClusterState(objects), FIRMWARE);

  it('an explicit empty sourceRef namespace is looked up as given, not in the VM namespace', () => {
    const objects = [dataSource('ns1', {}, { [IT]: 'u1.small' })];
    const ref = (namespace?: string): VirtualMachine =>
      withTemplate({
        sourceRef: { kind: 'DataSource', name: 'golden', ...(namespace !== undefined ? { namespace } : {}) },
      });
    assert.equal(mutate(ref(), V1_4_0, objects).spec.instancetype?.name, 'u1.small');
    assert.throws(
      () => mutate(ref(''), V1_4_0, objects),
      new RenderError('vm mutation: datasources.cdi.kubevirt.io "golden" not found'),
    );
  });

  it("a DataSource's snapshot: v1.9.0 reads the VolumeSnapshot's labels (in the namespace given), v1.4.0 cannot use it", () => {
    const input = withTemplate({ sourceRef: { kind: 'DataSource', name: 'golden' } });
    const objects = [dataSource('ns1', { snapshot: { name: 'golden-snap', namespace: 'ns1' } })];
    assert.throws(
      () => mutate(input, V1_9_0, objects),
      new RenderError('vm mutation: volumesnapshots.snapshot.storage.k8s.io "golden-snap" not found'),
    );
    const snapshot = (namespace: string): ClusterObject =>
      ({
        kind: 'VolumeSnapshot',
        metadata: { name: 'golden-snap', namespace, labels: { [IT]: 'from-snapshot' } },
      }) as ClusterObject;
    assert.equal(
      mutate(input, V1_9_0, [...objects, snapshot('ns1')]).spec.instancetype?.name,
      'from-snapshot',
    );
    assert.throws(
      () => mutate(input, V1_9_0, [...objects, snapshot('elsewhere')]),
      new RenderError('vm mutation: volumesnapshots.snapshot.storage.k8s.io "golden-snap" not found'),
    );
    assert.throws(
      () => mutate(input, V1_4_0, objects),
      new RenderError(
        "vm mutation: unable to infer defaults from DataSource that doesn't provide DataVolumeSourcePVC",
      ),
    );
  });

  it('a dataVolumeTemplate wins over a DataVolume of the same name; a source.pvc over a sourceRef', () => {
    const pvc = {
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'base', namespace: 'images', labels: { [IT]: 'from-pvc' } },
    } as ClusterObject;
    const dataVolume = {
      kind: 'DataVolume',
      metadata: { name: 'root-dv', namespace: 'ns1', labels: { [IT]: 'from-dv' } },
    } as ClusterObject;
    const input = withTemplate({
      source: { pvc: { name: 'base', namespace: 'images' } },
      sourceRef: { kind: 'DataSource', name: 'golden' },
    });
    const objects = [pvc, dataVolume, dataSource('ns1', {}, { [IT]: 'from-ds' })];
    assert.equal(mutate(input, V1_4_0, objects).spec.instancetype?.name, 'from-pvc');
    assert.equal(mutate(input, V1_9_0, objects).spec.instancetype?.name, 'from-pvc');
  });
});
