// The launcher Pod's name and ownership. Upstream virt-controller creates the Pod with
// generateName "virt-launcher-<vmi>-"; a controller that re-applies needs a stable name instead.
import { createHash } from 'node:crypto';
import type { Pod } from '../types/k8s.js';

export const POD_NAME_PREFIX = 'virt-launcher-';
export const MAX_POD_NAME_LENGTH = 63;
const HASH_LENGTH = 10;

/** `virt-launcher-<vmi name>`, or, past 63 characters, a truncated name plus a hash of the whole VMI name. */
export function launcherPodName(vmiName: string): string {
  const plain = `${POD_NAME_PREFIX}${vmiName}`;
  if (plain.length <= MAX_POD_NAME_LENGTH) return plain;
  const hash = createHash('sha256').update(vmiName).digest('hex').slice(0, HASH_LENGTH);
  const room = MAX_POD_NAME_LENGTH - POD_NAME_PREFIX.length - 1 - HASH_LENGTH;
  const head = vmiName.slice(0, room).replace(/[-.]+$/, '');
  return `${POD_NAME_PREFIX}${head}-${hash}`;
}

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
