// VirtualMachine create refusals. The expectations of the table were produced by running upstream
// v1.4.0's VMsAdmitter (Go, vendored dependencies) on the same objects.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { MemoryClusterState, type ClusterObject } from '../../../src/state/cluster-state.js';
import type { KubeVirt, VirtualMachine } from '../../../src/types/kubevirt.js';
import { admitVMCreate, type AdmissionVerdict } from '../../../src/admission/validate/index.js';
import { VM_REFUSAL_CASES } from './vm-refusal-cases.js';
import { loadFixtures } from './fixtures.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

const VM_CONFORMANCE = fileURLToPath(
  new URL('../../../../fixtures/conformance/v1.4.0/vm-cases/', import.meta.url),
);

const EXPECTED: Record<string, AdmissionVerdict> = {
  'template problems are reported under spec.template.spec': {
    allowed: false,
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.template.spec.domain.cpu.isolateEmulatorThread',
        message: 'IsolateEmulatorThread should be only set in combination with DedicatedCPUPlacement',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.template.spec.domain.devices.disks[2].name',
        message:
          'spec.template.spec.domain.devices.disks[2] and spec.template.spec.domain.devices.disks[0] must not have the same Name.',
      },
    ],
    message:
      'IsolateEmulatorThread should be only set in combination with DedicatedCPUPlacement, spec.template.spec.domain.devices.disks[2] and spec.template.spec.domain.devices.disks[0] must not have the same Name.',
  },
  'a volume without a disk is filled in by the defaults (no refusal for VMs), a bad hostname is not': {
    allowed: false,
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.template.spec.hostname',
        message:
          "spec.template.spec.hostname does not conform to the kubernetes DNS_LABEL rules : a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      },
    ],
    message:
      "spec.template.spec.hostname does not conform to the kubernetes DNS_LABEL rules : a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
  },
  'both running and runStrategy': {
    allowed: false,
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.running',
        message:
          'Running and RunStrategy are mutually exclusive. Note that Running is deprecated, please use RunStrategy instead',
      },
    ],
    message:
      'Running and RunStrategy are mutually exclusive. Note that Running is deprecated, please use RunStrategy instead',
  },
  'neither running nor runStrategy': {
    allowed: false,
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.running',
        message: 'RunStrategy must be specified',
      },
    ],
    message: 'RunStrategy must be specified',
  },
  'an unknown runStrategy': {
    allowed: false,
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.runStrategy',
        message: 'Invalid RunStrategy (Sometimes)',
      },
    ],
    message: 'Invalid RunStrategy (Sometimes)',
  },
  'a slirp interface (only the creation check is reported)': {
    allowed: false,
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[0].slirp',
        message: 'Slirp interface support has been discontinued since v1.3',
      },
    ],
    message: 'Slirp interface support has been discontinued since v1.3',
  },
  'reserved labels on the template': {
    allowed: false,
    causes: [
      {
        type: 'FieldValueNotSupported',
        field: 'spec.template.metadata.labels',
        message: 'creation of the following reserved kubevirt.io/ labels on a VMI object is prohibited',
      },
    ],
    message: 'creation of the following reserved kubevirt.io/ labels on a VMI object is prohibited',
  },
  'a dataVolumeTemplate that no volume references': {
    allowed: false,
    causes: [
      {
        type: 'FieldValueRequired',
        field: 'spec.dataVolumeTemplate[1]',
        message:
          "DataVolumeTemplate entry spec.dataVolumeTemplate[1] must be referenced in the VMI template's 'volumes' list",
      },
    ],
    message:
      "DataVolumeTemplate entry spec.dataVolumeTemplate[1] must be referenced in the VMI template's 'volumes' list",
  },
  'dataVolumeTemplates without a name, without storage, with two sources': {
    allowed: false,
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.dataVolumeTemplate[0].source',
        message: 'Multiple dataVolume sources',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.dataVolumeTemplate[1].PVC.Storage',
        message: 'Missing Data volume PVC or Storage',
      },
      {
        type: 'FieldValueRequired',
        field: 'spec.dataVolumeTemplate[2].name',
        message:
          "'name' field must not be empty for DataVolumeTemplate entry spec.dataVolumeTemplate[2].name.",
      },
    ],
    message:
      "Multiple dataVolume sources, Missing Data volume PVC or Storage, 'name' field must not be empty for DataVolumeTemplate entry spec.dataVolumeTemplate[2].name.",
  },
  'a dataVolumeTemplate populated externally and from a source': {
    allowed: false,
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.dataVolumeTemplate[1].source',
        message: 'External population is incompatible with Source and SourceRef',
      },
    ],
    message: 'External population is incompatible with Source and SourceRef',
  },
  'a dataVolumeTemplate in another namespace': {
    allowed: false,
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.dataVolumeTemplates[0]',
        message: 'Embedded DataVolume namespace other differs from VM namespace apps',
      },
    ],
    message: 'Embedded DataVolume namespace other differs from VM namespace apps',
  },
};

function fixtureVM(fixture: string): { vm: VirtualMachine; config: ClusterConfig } {
  const dir = join(VM_CONFORMANCE, fixture);
  const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as {
    vmMutated: VirtualMachine;
  };
  const kubevirt = existsSync(join(dir, 'kubevirt.yaml'))
    ? (parse(readFileSync(join(dir, 'kubevirt.yaml'), 'utf8')) as KubeVirt)
    : undefined;
  return {
    vm: structuredClone(expected.vmMutated),
    config: new ClusterConfig({ release: V1_4_0, arch: 'amd64', kubevirt }),
  };
}

describe('admitVMCreate on the VM conformance corpus (vmMutated -> vmAdmit)', () => {
  const cases = loadFixtures().filter((c) => c.corpus === 'vm-conformance' && c.vmAdmit !== undefined);
  it('finds cases', () => assert.ok(cases.length >= 30));
  for (const c of cases) {
    it(c.name, () => {
      const expected = JSON.parse(
        readFileSync(join(VM_CONFORMANCE, c.name.split('/')[1]!, 'expected.json'), 'utf8'),
      ) as { vmMutated: VirtualMachine; vmAdmit: Partial<AdmissionVerdict> };
      const verdict = admitVMCreate(expected.vmMutated, c.config, { state: c.state });
      assert.deepEqual(verdict, { causes: [], ...expected.vmAdmit });
    });
  }
});

describe('admitVMCreate refusals (expectations from upstream v1.4.0)', () => {
  for (const c of VM_REFUSAL_CASES) {
    it(c.name, () => {
      const { vm, config } = fixtureVM(c.fixture);
      c.mutate(vm);
      assert.deepEqual(admitVMCreate(vm, config), EXPECTED[c.name]);
    });
  }
});

describe('admitVMCreate with instancetypes', () => {
  const objects = (guest: number, ratio: number, across: string): ClusterObject[] =>
    [
      {
        apiVersion: 'instancetype.kubevirt.io/v1beta1',
        kind: 'VirtualMachineClusterInstancetype',
        metadata: { name: 'odd' },
        spec: { cpu: { guest }, memory: { guest: '2Gi' } },
      },
      {
        apiVersion: 'instancetype.kubevirt.io/v1beta1',
        kind: 'VirtualMachineClusterPreference',
        metadata: { name: 'spread' },
        spec: { cpu: { preferredCPUTopology: 'spread', spreadOptions: { ratio, across } } },
      },
    ] as unknown as ClusterObject[];
  const vmWith = (): VirtualMachine => {
    const { vm } = fixtureVM('001-vm-plain-no-instancetype');
    vm.spec.instancetype = { kind: 'virtualmachineclusterinstancetype', name: 'odd' };
    vm.spec.preference = { kind: 'virtualmachineclusterpreference', name: 'spread' };
    delete vm.spec.template!.spec!.domain.cpu;
    delete vm.spec.template!.spec!.domain.resources;
    return vm;
  };
  const config = new ClusterConfig({ release: V1_4_0 });

  it('refuses vCPUs that the spread ratio does not divide (upstream checkSpreadCPUTopology)', () => {
    const verdict = admitVMCreate(vmWith(), config, {
      state: new MemoryClusterState(objects(3, 2, 'SocketsCores')),
    });
    const message =
      '3 vCPUs provided by the instance type are not divisible by the Spec.PreferSpreadSocketToCoreRatio or ' +
      'Spec.CPU.PreferSpreadOptions.Ratio of 2 provided by the preference';
    assert.deepEqual(verdict, {
      allowed: false,
      causes: [{ type: 'FieldValueInvalid', field: 'instancetype.spec.cpu.guest', message }],
      message,
    });
  });

  it('refuses an odd vCPU count spread across sockets, cores and threads', () => {
    const verdict = admitVMCreate(vmWith(), config, {
      state: new MemoryClusterState(objects(6, 2, 'SocketsCoresThreads')),
    });
    assert.equal(
      verdict.message,
      '6 vCPUs provided by the instance type are not divisible by the number of threads per core 2 and ' +
        'Spec.PreferSpreadSocketToCoreRatio or Spec.CPU.PreferSpreadOptions.Ratio of 2',
    );
  });

  it('admits a divisible spread', () => {
    assert.deepEqual(
      admitVMCreate(vmWith(), config, { state: new MemoryClusterState(objects(4, 2, 'SocketsCores')) }),
      { allowed: true, causes: [] },
    );
  });

  it('skips instancetype checks without a cluster state', () => {
    assert.deepEqual(admitVMCreate(vmWith(), config), { allowed: true, causes: [] });
  });
});
