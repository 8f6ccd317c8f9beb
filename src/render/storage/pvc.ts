// PVC helpers used by the render.
// upstream: pkg/storage/types/pvc.go
import type { PersistentVolumeClaim } from '../../types/k8s.js';
import type { Volume } from '../../types/kubevirt.js';
import type { ClusterState } from '../../state/cluster-state.js';
import { RenderError } from '../../errors.js';

/** upstream: types.PvcNotFoundError — its message is the reason alone. */
export class PvcNotFoundError extends RenderError {}

export interface PVCBlockLookup {
  pvc: PersistentVolumeClaim | undefined;
  exists: boolean;
  isBlock: boolean;
}

// upstream: types.IsPVCBlockFromStore
export function isPVCBlockFromStore(
  state: ClusterState,
  namespace: string,
  claimName: string,
): PVCBlockLookup {
  const pvc = state.getPersistentVolumeClaim(namespace, claimName);
  if (!pvc) return { pvc: undefined, exists: false, isBlock: false };
  return { pvc, exists: true, isBlock: isPVCBlock(pvc.spec?.volumeMode) };
}

// upstream: types.IsPVCBlock
export function isPVCBlock(volumeMode: string | undefined | null): boolean {
  return volumeMode === 'Block';
}

// upstream: types.HasSharedAccessMode
export function hasSharedAccessMode(accessModes: readonly string[] | undefined): boolean {
  return (accessModes ?? []).includes('ReadWriteMany');
}

// upstream: types.IsReadOnlyAccessMode
export function isReadOnlyAccessMode(accessModes: readonly string[] | undefined): boolean {
  return (accessModes ?? []).includes('ReadOnlyMany');
}

// upstream: types.IsReadWriteOnceAccessMode
export function isReadWriteOnceAccessMode(accessModes: readonly string[] | undefined): boolean {
  return !(accessModes ?? []).some((mode) => mode === 'ReadOnlyMany' || mode === 'ReadWriteMany');
}

// upstream: types.IsPreallocated
export function isPreallocated(annotations: Record<string, string> | undefined): boolean {
  return Object.entries(annotations ?? {}).some(
    ([key, value]) =>
      value === 'true' &&
      (key.includes('/storage.preallocation') || key.includes('/storage.thick-provisioned')),
  );
}

// upstream: types.PVCNameFromVirtVolume
export function pvcNameFromVirtVolume(volume: Volume): string {
  if (volume.dataVolume) return volume.dataVolume.name;
  if (volume.persistentVolumeClaim) return volume.persistentVolumeClaim.claimName;
  if (volume.memoryDump) return volume.memoryDump.claimName;
  return '';
}

// upstream: types.GetPVCsFromVolumes (volume name -> claim name)
export function getPVCsFromVolumes(volumes: readonly Volume[] | undefined): Map<string, string> {
  const pvcs = new Map<string, string>();
  for (const volume of volumes ?? []) {
    const claimName = pvcNameFromVirtVolume(volume);
    if (claimName !== '') pvcs.set(volume.name, claimName);
  }
  return pvcs;
}

// upstream: types.IsHotplugVolume
export function isHotplugVolume(volume: Volume | undefined): boolean {
  if (!volume) return false;
  return (
    volume.persistentVolumeClaim?.hotpluggable === true ||
    volume.dataVolume?.hotpluggable === true ||
    volume.memoryDump?.hotpluggable === true
  );
}
