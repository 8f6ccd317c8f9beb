// What the volume tests of both releases need from a conformance case: its hook sidecars, its backend-storage
// PVC, and what the launch manifest adds to the volume renderer's output.
import type { Container, Pod, PodVolume, VolumeMount } from '../../../src/types/k8s.js';
import { unmarshalHookSidecarList, type HookSidecar } from '../../../src/render/hooks.js';
import { isBackendStorageNeeded, pvcForVMI } from '../../../src/render/storage/backend-storage.js';
import { netBindingPluginSidecarList } from '../../../src/render/network/netbinding.js';
import { dropEmpty } from '../../support/normalize.js';
import type { ConformanceCase } from '../../support/conformance-cases.js';

export function hookSidecars(c: ConformanceCase): HookSidecar[] {
  return [
    ...unmarshalHookSidecarList(c.vmi!),
    ...(netBindingPluginSidecarList(c.vmi!, c.config) as HookSidecar[]),
  ];
}

export function backendStoragePVCName(c: ConformanceCase): string {
  return isBackendStorageNeeded(c.vmi!, c.config)
    ? (pvcForVMI(c.state, c.vmi!, c.config)?.metadata?.name ?? '')
    : '';
}

export const clean = (value: unknown): unknown => dropEmpty(JSON.parse(JSON.stringify(value ?? null)));
export const containersOf = (pod: Pod): Container[] => pod.spec?.containers ?? [];
export const initContainersOf = (pod: Pod): Container[] => pod.spec?.initContainers ?? [];

/** What the launch manifest adds after the volume renderer: sidecar ConfigMap/PVC volumes and shared mounts. */
export function sidecarAdditions(sidecars: HookSidecar[]): {
  volumes: PodVolume[];
  computeMounts: VolumeMount[];
} {
  const volumes: PodVolume[] = [];
  const computeMounts: VolumeMount[] = [];
  for (const sidecar of sidecars) {
    if (sidecar.configMap) {
      volumes.push({
        name: sidecar.configMap.name,
        configMap: { name: sidecar.configMap.name, defaultMode: 0o755 },
      });
    }
    if (sidecar.pvc) {
      volumes.push({ name: sidecar.pvc.name, persistentVolumeClaim: { claimName: sidecar.pvc.name } });
      if (sidecar.pvc.sharedComputePath) {
        computeMounts.push({ name: sidecar.pvc.name, mountPath: sidecar.pvc.sharedComputePath });
      }
    }
  }
  return { volumes, computeMounts };
}
