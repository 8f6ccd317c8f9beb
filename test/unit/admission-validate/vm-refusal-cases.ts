// VirtualMachines (as the VM mutating webhook leaves them) with one thing broken each, for vm-refusals.test.ts.
import type { VirtualMachine } from '../../../src/types/kubevirt.js';

export interface VMRefusalCase {
  name: string;
  /** A directory of fixtures/vm-conformance whose expected `vmMutated` is the starting point. */
  fixture: string;
  mutate: (vm: VirtualMachine) => void;
}

type Template = NonNullable<VirtualMachine['spec']['template']>;
const template = (vm: VirtualMachine): Template => vm.spec.template!;
const templateSpec = (vm: VirtualMachine) => template(vm).spec!;
const dataVolumeTemplates = (vm: VirtualMachine) => (vm.spec.dataVolumeTemplates ??= []);
const withoutInstancetype = (vm: VirtualMachine): void => {
  delete vm.spec.instancetype;
  delete vm.spec.preference;
};

const PLAIN = '001-vm-plain-no-instancetype';
const DATAVOLUMES = '031-datavolumetemplates-filesystem-and-block';

export const VM_REFUSAL_CASES: VMRefusalCase[] = [
  {
    name: 'template problems are reported under spec.template.spec',
    fixture: PLAIN,
    mutate: (vm) => {
      const disks = templateSpec(vm).domain.devices.disks!;
      disks.push({ ...disks[0]! });
      templateSpec(vm).domain.cpu = { ...templateSpec(vm).domain.cpu, isolateEmulatorThread: true };
    },
  },
  {
    name: 'a volume without a disk is filled in by the defaults (no refusal for VMs), a bad hostname is not',
    fixture: PLAIN,
    mutate: (vm) => {
      templateSpec(vm).volumes!.push({ name: 'scratch', emptyDisk: { capacity: '1Gi' } });
      templateSpec(vm).hostname = 'Not_A_Label';
    },
  },
  {
    name: 'both running and runStrategy',
    fixture: PLAIN,
    mutate: (vm) => {
      vm.spec.running = true;
    },
  },
  {
    name: 'neither running nor runStrategy',
    fixture: PLAIN,
    mutate: (vm) => {
      delete vm.spec.runStrategy;
    },
  },
  {
    name: 'an unknown runStrategy',
    fixture: PLAIN,
    mutate: (vm) => {
      vm.spec.runStrategy = 'Sometimes';
    },
  },
  {
    name: 'a slirp interface (only the creation check is reported)',
    fixture: PLAIN,
    mutate: (vm) => {
      const iface = templateSpec(vm).domain.devices.interfaces![0]!;
      delete iface.masquerade;
      iface.slirp = {};
      templateSpec(vm).domain.devices.disks!.push({ name: 'missing' });
    },
  },
  {
    name: 'reserved labels on the template',
    fixture: PLAIN,
    mutate: (vm) => {
      template(vm).metadata = { ...template(vm).metadata, labels: { 'kubevirt.io/created-by': 'me' } };
    },
  },
  {
    name: 'a dataVolumeTemplate that no volume references',
    fixture: DATAVOLUMES,
    mutate: (vm) => {
      withoutInstancetype(vm);
      dataVolumeTemplates(vm)[1]!.metadata = { name: 'unused' };
    },
  },
  {
    name: 'dataVolumeTemplates without a name, without storage, with two sources',
    fixture: DATAVOLUMES,
    mutate: (vm) => {
      withoutInstancetype(vm);
      const [root, data] = dataVolumeTemplates(vm);
      dataVolumeTemplates(vm).push({ metadata: {}, spec: { source: { blank: {} }, storage: {} } });
      (root!.spec as Record<string, unknown>).source = { blank: {}, registry: { url: 'docker://x' } };
      delete (data!.spec as Record<string, unknown>).pvc;
    },
  },
  {
    name: 'a dataVolumeTemplate populated externally and from a source',
    fixture: DATAVOLUMES,
    mutate: (vm) => {
      withoutInstancetype(vm);
      const data = dataVolumeTemplates(vm)[1]!.spec as { pvc: Record<string, unknown> };
      data.pvc.dataSourceRef = { kind: 'VolumeSnapshot', name: 'snap' };
    },
  },
  {
    name: 'a dataVolumeTemplate in another namespace',
    fixture: DATAVOLUMES,
    mutate: (vm) => {
      withoutInstancetype(vm);
      dataVolumeTemplates(vm)[0]!.metadata = { ...dataVolumeTemplates(vm)[0]!.metadata, namespace: 'other' };
    },
  },
];
