// Velero backup hook annotations on the launcher pod (freeze/unfreeze the guest around a backup).
// upstream: pkg/storage/pod/annotations/generator.go, pkg/storage/velero/annotations.go
import type { VirtualMachineInstance } from '../../types/kubevirt.js';
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import { quote } from '../util/strconv.js';

export const PRE_BACKUP_HOOK_CONTAINER_ANNOTATION = 'pre.hook.backup.velero.io/container';
export const PRE_BACKUP_HOOK_COMMAND_ANNOTATION = 'pre.hook.backup.velero.io/command';
export const PRE_BACKUP_HOOK_TIMEOUT_ANNOTATION = 'pre.hook.backup.velero.io/timeout';
export const POST_BACKUP_HOOK_CONTAINER_ANNOTATION = 'post.hook.backup.velero.io/container';
export const POST_BACKUP_HOOK_COMMAND_ANNOTATION = 'post.hook.backup.velero.io/command';
/** upstream v1.9.0: velero.SkipHooksAnnotation. */
export const SKIP_BACKUP_HOOKS_ANNOTATION = 'kubevirt.io/skip-backup-hooks';

const COMPUTE_CONTAINER_NAME = 'compute';

/** Go's strconv.ParseBool, an invalid value reading as false. */
function parseGoBool(value: string): boolean {
  return ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value);
}

// upstream v1.9.0: only the VMI's annotation counts here. The generator would fall back to the KubeVirt CR's, but
// virt-controller hands the template service a Generator{} without a cluster config (application.go).
function skipBackupHooks(vmi: VirtualMachineInstance): boolean {
  return parseGoBool(vmi.metadata?.annotations?.[SKIP_BACKUP_HOOKS_ANNOTATION] ?? '');
}

// upstream: annotations.Generator.Generate
export function generateStorageAnnotations(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
): Record<string, string> {
  const v1_9 = config.release.atLeast('v1.9.0');
  if (v1_9 && skipBackupHooks(vmi)) return {};
  const name = quote(vmi.metadata?.name ?? '');
  const namespace = quote(vmi.metadata?.namespace ?? '');
  return {
    [PRE_BACKUP_HOOK_CONTAINER_ANNOTATION]: COMPUTE_CONTAINER_NAME,
    [PRE_BACKUP_HOOK_COMMAND_ANNOTATION]: `["/usr/bin/virt-freezer", "--freeze", "--name", ${name}, "--namespace", ${namespace}]`,
    // upstream v1.9.0: the freeze hook gets a timeout
    ...(v1_9 ? { [PRE_BACKUP_HOOK_TIMEOUT_ANNOTATION]: '60s' } : {}),
    [POST_BACKUP_HOOK_CONTAINER_ANNOTATION]: COMPUTE_CONTAINER_NAME,
    [POST_BACKUP_HOOK_COMMAND_ANNOTATION]: `["/usr/bin/virt-freezer", "--unfreeze", "--name", ${name}, "--namespace", ${namespace}]`,
  };
}
