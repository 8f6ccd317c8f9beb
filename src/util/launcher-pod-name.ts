// The stable name of a VMI's launcher Pod, for a controller that re-applies (`watch`) and for
// `render --pod-name stable`. Upstream virt-controller uses generateName "virt-launcher-<vmi>-" instead.
import { hexDigest } from './digest.js';

export const POD_NAME_PREFIX = 'virt-launcher-';
export const MAX_POD_NAME_LENGTH = 63;
const HASH_LENGTH = 10;

/** `virt-launcher-<vmi name>`, or, past 63 characters, a truncated name plus a hash of the whole VMI name. */
export function launcherPodName(vmiName: string): string {
  const plain = `${POD_NAME_PREFIX}${vmiName}`;
  if (plain.length <= MAX_POD_NAME_LENGTH) return plain;
  const hash = hexDigest('sha256', vmiName).slice(0, HASH_LENGTH);
  const room = MAX_POD_NAME_LENGTH - POD_NAME_PREFIX.length - 1 - HASH_LENGTH;
  const head = vmiName.slice(0, room).replace(/[-.]+$/, '');
  return `${POD_NAME_PREFIX}${head}-${hash}`;
}
