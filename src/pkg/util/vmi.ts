// VMI predicates and helpers shared by the render and admission code.
// upstream: pkg/util/util.go and the helper methods on VirtualMachineInstance in api/core/v1/types.go
import type { Disk, VirtualMachineInstance, VMISpec } from '../../types/kubevirt.js';
import { DeprecatedNonRootVMIAnnotation } from '../../types/constants.js';
import { newQuantity, Quantity } from '../../quantity/quantity.js';
import type { KubeVirtRelease } from '../../release/release.js';

export const NonRootUID = 107;
export const NonRootUserString = 'qemu';
export const RootUser = 0;
export const VirtShareDir = '/var/run/kubevirt';
export const VirtPrivateDir = '/var/run/kubevirt-private';
export const VirtLibDir = '/var/lib/kubevirt';
export const KubeletRoot = '/var/lib/kubelet';
export const KubeletPodsDir = `${KubeletRoot}/pods`;
export const UnprivilegedContainerSELinuxLabel = 'system_u:object_r:container_file_t:s0';
const memoryDumpOverhead = 100 * 1024 * 1024;

/** A resource list as found in VMI specs (JSON: name -> quantity string or number). */
export type RawResourceList = { [name: string]: number | string } | undefined;

/**
 * Like Go's ResourceList.Memory()/Cpu() on a VMI's resources: the quantity as decoded from JSON, or a zero
 * quantity when absent (BinarySI for memory, DecimalSI otherwise, like upstream's ResourceList.Name calls).
 */
export function resourceQuantity(list: RawResourceList, name: string): Quantity {
  const raw = list?.[name];
  if (raw === undefined || raw === null) return Quantity.zero(name === 'memory' ? 'BinarySI' : 'DecimalSI');
  return Quantity.fromJSON(raw);
}

// upstream: util.IsNonRootVMI
export function isNonRootVMI(vmi: VirtualMachineInstance): boolean {
  const annotations = vmi.metadata?.annotations ?? {};
  const annotated = Object.prototype.hasOwnProperty.call(annotations, DeprecatedNonRootVMIAnnotation);
  return annotated || (vmi.status?.runtimeUser ?? 0) !== 0;
}

// upstream: util.MarkAsNonroot (mutates the VMI's status)
export function markAsNonroot(vmi: VirtualMachineInstance): void {
  vmi.status ??= {};
  vmi.status.runtimeUser = NonRootUID;
}

// upstream: util.IsSRIOVVmi
export function isSRIOVVmi(vmi: VirtualMachineInstance): boolean {
  return (vmi.spec.domain.devices.interfaces ?? []).some((iface) => iface.sriov != null);
}

// upstream: util.IsGPUVMI
export function isGPUVMI(vmi: VirtualMachineInstance): boolean {
  return (vmi.spec.domain.devices.gpus ?? []).length !== 0;
}

// upstream: util.IsVMIVirtiofsEnabled
export function isVMIVirtiofsEnabled(vmi: VirtualMachineInstance): boolean {
  return (vmi.spec.domain.devices.filesystems ?? []).some((fs) => fs.virtiofs != null);
}

// upstream: util.IsHostDevVMI
export function isHostDevVMI(vmi: VirtualMachineInstance): boolean {
  return (vmi.spec.domain.devices.hostDevices ?? []).length !== 0;
}

// upstream: util.IsVFIOVMI
export function isVFIOVMI(vmi: VirtualMachineInstance): boolean {
  return isHostDevVMI(vmi) || isGPUVMI(vmi) || isSRIOVVmi(vmi);
}

// upstream: util.IsSEVVMI
export function isSEVVMI(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.domain.launchSecurity?.sev != null;
}

// upstream: util.IsSEVESVMI
export function isSEVESVMI(vmi: VirtualMachineInstance): boolean {
  return isSEVVMI(vmi) && vmi.spec.domain.launchSecurity?.sev?.policy?.encryptedState === true;
}

/** The VMI's launchSecurity with the members v1.9.0 added (not in the v1.4.0 types). */
function launchSecurityOf(vmi: VirtualMachineInstance): { snp?: unknown; tdx?: unknown } | undefined {
  return vmi.spec.domain.launchSecurity as { snp?: unknown; tdx?: unknown } | undefined;
}

// upstream v1.9.0: util.IsSEVSNPVMI
export function isSEVSNPVMI(vmi: VirtualMachineInstance): boolean {
  return launchSecurityOf(vmi)?.snp != null;
}

// upstream v1.9.0: util.IsTDXVMI
export function isTDXVMI(vmi: VirtualMachineInstance): boolean {
  return launchSecurityOf(vmi)?.tdx != null;
}

// upstream v1.9.0: util.IsSecureExecutionVMI
export function isSecureExecutionVMI(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.domain.launchSecurity != null && vmi.spec.architecture === 's390x';
}

// upstream: util.IsSEVAttestationRequested
export function isSEVAttestationRequested(vmi: VirtualMachineInstance): boolean {
  return isSEVVMI(vmi) && vmi.spec.domain.launchSecurity?.sev?.attestation != null;
}

// upstream: util.IsAMD64VMI
export function isAMD64VMI(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.architecture === 'amd64';
}

// upstream: util.IsARM64VMI
export function isARM64VMI(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.architecture === 'arm64';
}

// upstream: util.IsEFIVMI (same as the IsBootloaderEFI method)
export function isEFIVMI(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.domain.firmware?.bootloader?.efi != null;
}

// upstream: util.IsVmiUsingHyperVReenlightenment
export function isVmiUsingHyperVReenlightenment(vmi: VirtualMachineInstance | undefined): boolean {
  return vmi?.spec.domain.features?.hyperv?.reenlightenment?.enabled === true;
}

// upstream: util.WantVirtioNetDevice
export function wantVirtioNetDevice(vmi: VirtualMachineInstance): boolean {
  return (vmi.spec.domain.devices.interfaces ?? []).some((iface) => !iface.model || iface.model === 'virtio');
}

// upstream: util.NeedVirtioNetDevice
export function needVirtioNetDevice(vmi: VirtualMachineInstance, allowEmulation: boolean): boolean {
  return wantVirtioNetDevice(vmi) && !allowEmulation;
}

// upstream: util.NeedTunDevice
export function needTunDevice(vmi: VirtualMachineInstance): boolean {
  const devices = vmi.spec.domain.devices;
  return (
    (devices.interfaces ?? []).length > 0 ||
    devices.autoattachPodInterface === undefined ||
    devices.autoattachPodInterface === null ||
    devices.autoattachPodInterface
  );
}

// upstream: util.IsAutoAttachVSOCK
export function isAutoAttachVSOCK(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.domain.devices.autoattachVSOCK === true;
}

/** The serial console is attached unless explicitly disabled (converter.go / serialconsolelog.go). */
export function isAutoAttachSerialConsole(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.domain.devices.autoattachSerialConsole !== false;
}

// upstream: util.HasKernelBootContainerImage
export function hasKernelBootContainerImage(vmi: VirtualMachineInstance | undefined): boolean {
  return vmi?.spec.domain.firmware?.kernelBoot?.container != null;
}

// upstream: util.HasHugePages
export function hasHugePages(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.domain.memory?.hugepages != null;
}

// upstream: util.IsReadOnlyDisk
export function isReadOnlyDisk(disk: Disk): boolean {
  return (
    disk.cdrom != null &&
    (disk.cdrom.readonly === undefined || disk.cdrom.readonly === null || disk.cdrom.readonly)
  );
}

// upstream: util.AlignImageSizeTo1MiB (without logging)
export function alignImageSizeTo1MiB(size: bigint): bigint {
  return size - (size % (1024n * 1024n));
}

// upstream: util.SetDefaultVolumeDisk (mutates the spec)
export function setDefaultVolumeDisk(spec: VMISpec): void {
  const names = new Set<string>();
  for (const disk of spec.domain.devices.disks ?? []) names.add(disk.name);
  for (const fs of spec.domain.devices.filesystems ?? []) names.add(fs.name);
  for (const volume of spec.volumes ?? []) {
    if (!names.has(volume.name)) {
      spec.domain.devices.disks = [...(spec.domain.devices.disks ?? []), { name: volume.name }];
    }
  }
}

// upstream: util.CalcExpectedMemoryDumpSize
export function calcExpectedMemoryDumpSize(vmi: VirtualMachineInstance): Quantity {
  const memoryRequest = resourceQuantity(vmi.spec.domain.resources?.requests, 'memory');
  return newQuantity(memoryDumpOverhead, memoryRequest.format).add(memoryRequest);
}

// --- helper methods on v1.VirtualMachineInstance (types.go) ---

// upstream: (*VirtualMachineInstance).IsCPUDedicated
export function isCPUDedicated(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.domain.cpu?.dedicatedCpuPlacement === true;
}

// upstream: (*VirtualMachineInstance).IsBootloaderEFI
export function isBootloaderEFI(vmi: VirtualMachineInstance): boolean {
  return isEFIVMI(vmi);
}

/**
 * upstream: (*VirtualMachineInstance).WantsToHaveQOSGuaranteed. From v1.9.0 a memory limit without a
 * request counts as a matching pair: admission no longer copies the limit into the request, the resource
 * renderer does (WithMemoryRequests).
 */
export function wantsToHaveQOSGuaranteed(vmi: VirtualMachineInstance, release: KubeVirtRelease): boolean {
  const resources = vmi.spec.domain.resources;
  const memRequest = resourceQuantity(resources?.requests, 'memory');
  const memLimit = resourceQuantity(resources?.limits, 'memory');
  const cpuRequest = resourceQuantity(resources?.requests, 'cpu');
  const memoryWantsIt =
    (!memRequest.isZero() && memRequest.cmp(memLimit) === 0) ||
    (release.atLeast('v1.9.0') && memRequest.isZero() && !memLimit.isZero());
  return (
    memoryWantsIt && !cpuRequest.isZero() && cpuRequest.cmp(resourceQuantity(resources?.limits, 'cpu')) === 0
  );
}

// upstream: (*VirtualMachineInstance).ShouldStartPaused
export function shouldStartPaused(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.startStrategy === 'Paused';
}

// upstream: (*VirtualMachineInstance).IsRealtimeEnabled
export function isRealtimeEnabled(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.domain.cpu?.realtime != null;
}

// upstream: (*VirtualMachineInstance).IsHighPerformanceVMI
export function isHighPerformanceVMI(vmi: VirtualMachineInstance): boolean {
  const cpu = vmi.spec.domain.cpu;
  if (cpu && (cpu.dedicatedCpuPlacement === true || cpu.realtime != null)) return true;
  return hasHugePages(vmi);
}

// upstream: (*VirtualMachineInstance).IsMarkedForEviction
export function isMarkedForEviction(vmi: VirtualMachineInstance): boolean {
  return (vmi.status?.evacuationNodeName ?? '') !== '';
}

// upstream: (*VirtualMachineInstance).IsBlockMigration
export function isBlockMigration(vmi: VirtualMachineInstance): boolean {
  return vmi.status?.migrationMethod === 'BlockMigration' || (vmi.status?.migratedVolumes ?? []).length > 0;
}

// upstream: (*VirtualMachineInstance).IsMigratable
export function isMigratable(vmi: VirtualMachineInstance): boolean {
  return (vmi.status?.conditions ?? []).some((c) => c.type === 'LiveMigratable' && c.status === 'True');
}
