// Backend storage (the "vm-state" PVC) for persistent TPM and EFI state.
// upstream: pkg/storage/backend-storage/backend-storage.go
import type { PersistentVolumeClaim } from '../../types/k8s.js';
import type { VirtualMachine, VirtualMachineInstance, VMISpec } from '../../types/kubevirt.js';
import type { ClusterState } from '../../state/cluster-state.js';

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
): PersistentVolumeClaim | undefined {
  const name = vmi.metadata?.name ?? '';
  const namespace = vmi.metadata?.namespace ?? '';
  let legacyPVC: PersistentVolumeClaim | undefined;
  for (const pvc of state.listPersistentVolumeClaims(namespace)) {
    if ((pvc.metadata?.namespace ?? namespace) !== namespace) continue;
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

// upstream: backendstorage.IsBackendStorageNeededForVM
export function isBackendStorageNeededForVM(vm: VirtualMachine): boolean {
  const template = vm.spec?.template;
  if (!template?.spec) return false;
  return hasPersistentTPMDevice(template.spec as VMISpec);
}
