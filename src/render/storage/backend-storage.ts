// Backend storage (the "vm-state" PVC) for persistent TPM and EFI state.
// upstream: pkg/storage/backend-storage/backend-storage.go
import type { PersistentVolumeClaim } from '../../types/k8s.js';
import type { VirtualMachine, VirtualMachineInstance, VMISpec } from '../../types/kubevirt.js';
import type { ClusterState } from '../../state/cluster-state.js';
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import { VIRT_PRIVATE_DIR } from '../options.js';
import { joinPath } from '../../util/go/path.js';
import { isNonRootVMI } from '../../pkg/util/vmi.js';

export const PVC_PREFIX = 'persistent-state-for';
export const PVC_SIZE = '10Mi';

// upstream: backendstorage.basePVC
function basePVC(vmi: VirtualMachineInstance): string {
  return `${PVC_PREFIX}-${vmi.metadata?.name ?? ''}`;
}

/**
 * The backend-storage PVC of a VMI: the first PVC in the VMI's namespace labelled
 * persistent-state-for=<vmi name>, else the one named persistent-state-for-<vmi name>.
 * (Upstream scans an informer cache in its own order; only one PVC is expected to carry the label.)
 */
// upstream: backendstorage.PVCForVMI
export function pvcForVMI(
  state: ClusterState,
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
): PersistentVolumeClaim | undefined {
  const name = vmi.metadata?.name ?? '';
  const namespace = vmi.metadata?.namespace ?? '';
  let legacyPVC: PersistentVolumeClaim | undefined;
  for (const pvc of state.listPersistentVolumeClaims(namespace)) {
    if ((pvc.metadata?.namespace ?? namespace) !== namespace) continue;
    // upstream v1.9.0: a PVC being deleted is not the VMI's backend storage
    if (config.release.atLeast('v1.9.0') && pvc.metadata?.deletionTimestamp != null) continue;
    const labels = pvc.metadata?.labels ?? {};
    if (Object.hasOwn(labels, PVC_PREFIX) && labels[PVC_PREFIX] === name) return pvc;
    if (pvc.metadata?.name === basePVC(vmi)) legacyPVC = pvc;
  }
  return legacyPVC;
}

// upstream: backendstorage.CurrentPVCName
export function currentPVCName(vmi: VirtualMachineInstance): string {
  const prefix = basePVC(vmi);
  return (vmi.status?.volumeStatus ?? []).find((volume) => volume.name.startsWith(prefix))?.name ?? '';
}

// upstream: backendstorage.HasPersistentTPMDevice
export function hasPersistentTPMDevice(spec: VMISpec): boolean {
  return spec.domain.devices.tpm?.persistent === true;
}

// upstream: backendstorage.HasPersistentEFI
export function hasPersistentEFI(spec: VMISpec): boolean {
  return spec.domain.firmware?.bootloader?.efi?.persistent === true;
}

// upstream: backendstorage.IsBackendStorageNeededForVMI
export function isBackendStorageNeededForVMI(spec: VMISpec): boolean {
  return hasPersistentTPMDevice(spec) || hasPersistentEFI(spec);
}

// upstream v1.9.0: tpm.HasPersistentDevice (a TPM with enabled: false is no device at all)
export function hasPersistentTPM(spec: VMISpec): boolean {
  const tpm = spec.domain.devices.tpm as { enabled?: boolean | null; persistent?: boolean } | undefined;
  return tpm != null && (tpm.enabled == null || tpm.enabled) && tpm.persistent === true;
}

/** The VMI's changed-block-tracking state (a v1.9.0 status field). */
function changedBlockTrackingState(vmi: VirtualMachineInstance): string | undefined {
  const status = vmi.status as { changedBlockTracking?: { state?: string } | null } | undefined;
  return status?.changedBlockTracking?.state;
}

// upstream v1.9.0: cbt.HasCBTStateEnabled
export function hasCBTStateEnabled(vmi: VirtualMachineInstance): boolean {
  const state = changedBlockTrackingState(vmi);
  return state === 'Initializing' || state === 'Enabled';
}

// upstream v1.9.0: cbt.PathForCBT
export function pathForCBT(vmi: VirtualMachineInstance): string {
  return isNonRootVMI(vmi)
    ? joinPath(VIRT_PRIVATE_DIR, 'libvirt', 'qemu', 'cbt')
    : '/var/lib/libvirt/qemu/cbt';
}

/** Persistent TPM, per release: v1.9.0 also asks that the TPM is not disabled. */
export function hasPersistentTPMForRelease(spec: VMISpec, config: ClusterConfig): boolean {
  return config.release.atLeast('v1.9.0') ? hasPersistentTPM(spec) : hasPersistentTPMDevice(spec);
}

/**
 * Whether the launcher needs the backend-storage PVC.
 * upstream v1.4.0: IsBackendStorageNeededForVMI; v1.9.0: IsBackendStorageNeeded (TPM must be enabled, and a
 * changed-block-tracking state needs it too)
 */
export function isBackendStorageNeeded(vmi: VirtualMachineInstance, config: ClusterConfig): boolean {
  if (config.release.before('v1.9.0')) return isBackendStorageNeededForVMI(vmi.spec);
  return hasPersistentTPM(vmi.spec) || hasPersistentEFI(vmi.spec) || hasCBTStateEnabled(vmi);
}

// upstream: backendstorage.IsBackendStorageNeededForVM
export function isBackendStorageNeededForVM(vm: VirtualMachine): boolean {
  const template = vm.spec?.template;
  if (!template?.spec) return false;
  return hasPersistentTPMDevice(template.spec as VMISpec);
}
