// The launcher Pod's name and ownership (the stable name itself lives in src/util: `render --pod-name
// stable` gives the same one).
import type { Pod } from '../types/k8s.js';

export { launcherPodName, MAX_POD_NAME_LENGTH, POD_NAME_PREFIX } from '../util/launcher-pod-name.js';

export const CREATED_BY_LABEL = 'kubevirt.io/created-by';

/** Whether the field manager has applied (server-side apply) to this Pod. */
export function isAppliedBy(pod: Pod, fieldManager: string): boolean {
  return (pod.metadata?.managedFields ?? []).some(
    (entry) => entry.manager === fieldManager && entry.operation === 'Apply',
  );
}

/** The field managers of a Pod, for messages. */
export function fieldManagers(pod: Pod): string[] {
  return [...new Set((pod.metadata?.managedFields ?? []).map((entry) => entry.manager ?? '?'))];
}
