// Velero backup hook annotations on the launcher pod (freeze/unfreeze the guest around a backup).
// upstream: pkg/storage/pod/annotations/generator.go, pkg/storage/velero/annotations.go
import type { VirtualMachineInstance } from '../../types/kubevirt.js';
import { quote } from '../util/strconv.js';

export const PRE_BACKUP_HOOK_CONTAINER_ANNOTATION = 'pre.hook.backup.velero.io/container';
export const PRE_BACKUP_HOOK_COMMAND_ANNOTATION = 'pre.hook.backup.velero.io/command';
export const POST_BACKUP_HOOK_CONTAINER_ANNOTATION = 'post.hook.backup.velero.io/container';
export const POST_BACKUP_HOOK_COMMAND_ANNOTATION = 'post.hook.backup.velero.io/command';

const COMPUTE_CONTAINER_NAME = 'compute';

// upstream: annotations.Generator.Generate
export function generateStorageAnnotations(vmi: VirtualMachineInstance): Record<string, string> {
  const name = quote(vmi.metadata?.name ?? '');
  const namespace = quote(vmi.metadata?.namespace ?? '');
  return {
    [PRE_BACKUP_HOOK_CONTAINER_ANNOTATION]: COMPUTE_CONTAINER_NAME,
    [PRE_BACKUP_HOOK_COMMAND_ANNOTATION]: `["/usr/bin/virt-freezer", "--freeze", "--name", ${name}, "--namespace", ${namespace}]`,
    [POST_BACKUP_HOOK_CONTAINER_ANNOTATION]: COMPUTE_CONTAINER_NAME,
    [POST_BACKUP_HOOK_COMMAND_ANNOTATION]: `["/usr/bin/virt-freezer", "--unfreeze", "--name", ${name}, "--namespace", ${namespace}]`,
  };
}
