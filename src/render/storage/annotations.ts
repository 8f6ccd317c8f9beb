// Velero backup hook annotations on the launcher pod (freeze/unfreeze the guest around a backup).
// upstream: pkg/storage/pod/annotations/generator.go, pkg/storage/velero/annotations.go
import type { VirtualMachineInstance } from '../../types/kubevirt.js';
import type { KubeVirtRelease } from '../../release/release.js';
import { parseBoolOrFalse, quote } from '../../util/go/strconv.js';
import type { RenderExplanation } from '../explain.js';

export const PRE_BACKUP_HOOK_CONTAINER_ANNOTATION = 'pre.hook.backup.velero.io/container';
export const PRE_BACKUP_HOOK_COMMAND_ANNOTATION = 'pre.hook.backup.velero.io/command';
export const POST_BACKUP_HOOK_CONTAINER_ANNOTATION = 'post.hook.backup.velero.io/container';
export const POST_BACKUP_HOOK_COMMAND_ANNOTATION = 'post.hook.backup.velero.io/command';
export const PRE_BACKUP_HOOK_TIMEOUT_ANNOTATION = 'pre.hook.backup.velero.io/timeout';
/** upstream v1.9.0: velero.SkipHooksAnnotation */
export const SKIP_BACKUP_HOOKS_ANNOTATION = 'kubevirt.io/skip-backup-hooks';

const COMPUTE_CONTAINER_NAME = 'compute';

// upstream: annotations.Generator.Generate
export function generateStorageAnnotations(
  vmi: VirtualMachineInstance,
  release: KubeVirtRelease,
  explanation?: RenderExplanation,
): Record<string, string> {
  const name = quote(vmi.metadata?.name ?? '');
  const namespace = quote(vmi.metadata?.namespace ?? '');
  const preCommand = `["/usr/bin/virt-freezer", "--freeze", "--name", ${name}, "--namespace", ${namespace}]`;
  const postCommand = `["/usr/bin/virt-freezer", "--unfreeze", "--name", ${name}, "--namespace", ${namespace}]`;
  if (release.before('v1.9.0')) {
    if (explanation !== undefined) explainBackupHooks(explanation, false);
    return {
      [PRE_BACKUP_HOOK_CONTAINER_ANNOTATION]: COMPUTE_CONTAINER_NAME,
      [PRE_BACKUP_HOOK_COMMAND_ANNOTATION]: preCommand,
      [POST_BACKUP_HOOK_CONTAINER_ANNOTATION]: COMPUTE_CONTAINER_NAME,
      [POST_BACKUP_HOOK_COMMAND_ANNOTATION]: postCommand,
    };
  }
  // upstream v1.9.0: the hooks can be skipped per VMI, and the pre hook gets a timeout. virt-controller builds
  // this generator without the KubeVirt CR, so only the VMI's annotation counts.
  if (parseBoolOrFalse(vmi.metadata?.annotations?.[SKIP_BACKUP_HOOKS_ANNOTATION] ?? '')) return {};
  if (explanation !== undefined) explainBackupHooks(explanation, true);
  return {
    [PRE_BACKUP_HOOK_CONTAINER_ANNOTATION]: COMPUTE_CONTAINER_NAME,
    [PRE_BACKUP_HOOK_COMMAND_ANNOTATION]: preCommand,
    [PRE_BACKUP_HOOK_TIMEOUT_ANNOTATION]: '60s',
    [POST_BACKUP_HOOK_CONTAINER_ANNOTATION]: COMPUTE_CONTAINER_NAME,
    [POST_BACKUP_HOOK_COMMAND_ANNOTATION]: postCommand,
  };
}

function explainBackupHooks(explanation: RenderExplanation, v1_9: boolean): void {
  const source = 'virt-controller';
  const why = `Velero backup hook${v1_9 ? ` (unless the VMI's annotation ${SKIP_BACKUP_HOOKS_ANNOTATION} is true)` : ''}: virt-freezer in the compute container`;
  explanation.annotation(
    PRE_BACKUP_HOOK_CONTAINER_ANNOTATION,
    source,
    `${why} freezes the guest before a backup`,
  );
  explanation.annotation(
    PRE_BACKUP_HOOK_COMMAND_ANNOTATION,
    source,
    `${why} freezes the guest before a backup`,
  );
  if (v1_9) {
    explanation.annotation(
      PRE_BACKUP_HOOK_TIMEOUT_ANNOTATION,
      source,
      'Velero backup hook: the freeze may take at most 60s (v1.9.0)',
    );
  }
  explanation.annotation(POST_BACKUP_HOOK_CONTAINER_ANNOTATION, source, `${why} thaws the guest after it`);
  explanation.annotation(POST_BACKUP_HOOK_COMMAND_ANNOTATION, source, `${why} thaws the guest after it`);
}
