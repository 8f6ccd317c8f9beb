// Named views into the generated KubeVirt API types (of the newest release) (see kubevirt.generated.ts).
import type {
  VirtualMachineInstance as GeneratedVMI,
  VirtualMachine as GeneratedVM,
  KubeVirt as GeneratedKubeVirt,
  VirtualMachineInstancetype as GeneratedInstancetype,
  VirtualMachinePreference as GeneratedPreference,
} from './kubevirt.generated.js';

type Item<T> = NonNullable<T> extends readonly (infer U)[] ? U : never;

export type VirtualMachineInstance = GeneratedVMI & { status?: VMIStatus };
export type VMISpec = GeneratedVMI['spec'];
export type VMIStatus = NonNullable<GeneratedVMI['status']>;
export type DomainSpec = VMISpec['domain'];
export type Devices = DomainSpec['devices'];
export type Disk = Item<Devices['disks']>;
export type Interface = Item<Devices['interfaces']>;
export type Filesystem = Item<Devices['filesystems']>;
export type GPU = Item<Devices['gpus']>;
export type HostDevice = Item<Devices['hostDevices']>;
export type Volume = Item<VMISpec['volumes']>;
export type Network = Item<VMISpec['networks']>;
export type CPU = NonNullable<DomainSpec['cpu']>;
export type Memory = NonNullable<DomainSpec['memory']>;
export type Resources = NonNullable<DomainSpec['resources']>;
export type Features = NonNullable<DomainSpec['features']>;
export type Firmware = NonNullable<DomainSpec['firmware']>;
export type Probe = NonNullable<VMISpec['readinessProbe']>;
export type AccessCredential = Item<VMISpec['accessCredentials']>;
export type VolumeStatus = Item<VMIStatus['volumeStatus']>;

export type VirtualMachine = GeneratedVM;
export type KubeVirt = GeneratedKubeVirt;
export type KubeVirtConfiguration = NonNullable<NonNullable<GeneratedKubeVirt['spec']>['configuration']>;
export type VirtualMachineInstancetype = GeneratedInstancetype;
export type VirtualMachinePreference = GeneratedPreference;
