// upstream: k8s v1.31 pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go,
// component-helpers scheduling/corev1 FindMatchingUntoleratedTaint, api core/v1 Toleration.ToleratesTaint
import type { Pod, Taint, Toleration } from 'kubernetes-types/core/v1.js';
import type { NodeInfo, Rejection } from './status.js';

type TaintLike = Pick<Taint, 'key' | 'effect'> & { value?: string };

// upstream: Toleration.ToleratesTaint
export function toleratesTaint(toleration: Toleration, taint: TaintLike): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

export function tolerationsTolerateTaint(tolerations: Toleration[] | undefined, taint: TaintLike): boolean {
  return (tolerations ?? []).some((toleration) => toleratesTaint(toleration, taint));
}

/** The first NoSchedule or NoExecute taint of the node the Pod does not tolerate. */
export function findUntoleratedTaint(
  taints: Taint[] | undefined,
  tolerations: Toleration[] | undefined,
): Taint | undefined {
  return (taints ?? [])
    .filter((taint) => taint.effect === 'NoSchedule' || taint.effect === 'NoExecute')
    .find((taint) => !tolerationsTolerateTaint(tolerations, taint));
}

export const untoleratedTaintReason = (taint: Taint): string =>
  `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`;

export function filterTaintToleration(pod: Pod, nodeInfo: NodeInfo): Rejection | undefined {
  const taint = findUntoleratedTaint(nodeInfo.node.spec?.taints, pod.spec?.tolerations);
  if (!taint) return undefined;
  return {
    plugin: 'TaintToleration',
    code: 'UnschedulableAndUnresolvable',
    reasons: [untoleratedTaintReason(taint)],
  };
}

const NOT_READY = 'node.kubernetes.io/not-ready';
const UNREACHABLE = 'node.kubernetes.io/unreachable';

/**
 * The tolerations kube-apiserver's DefaultTolerationSeconds admission adds to a Pod it creates (for 300s, of
 * not-ready and unreachable nodes' NoExecute taints) unless the Pod has its own.
 * upstream: plugin/pkg/admission/defaulttolerationseconds Admit
 */
export function withDefaultTolerations(tolerations: Toleration[] | undefined): Toleration[] {
  const list = [...(tolerations ?? [])];
  const covers = (key: string) =>
    list.some((t) => (t.key === key || !t.key) && (t.effect === 'NoExecute' || !t.effect));
  const added: Toleration[] = [];
  for (const key of [NOT_READY, UNREACHABLE]) {
    if (!covers(key)) added.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
  }
  return [...list, ...added];
}
