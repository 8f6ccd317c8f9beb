// upstream: k8s v1.31 pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { NodeInfo, Rejection } from './status.js';
import { tolerationsTolerateTaint } from './taint-toleration.js';

export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/** A cordoned node (spec.unschedulable) takes only Pods that tolerate its unschedulable:NoSchedule taint. */
export function filterNodeUnschedulable(pod: Pod, nodeInfo: NodeInfo): Rejection | undefined {
  if (!nodeInfo.node.spec?.unschedulable) return undefined;
  const tolerated = tolerationsTolerateTaint(pod.spec?.tolerations, {
    key: TAINT_NODE_UNSCHEDULABLE,
    effect: 'NoSchedule',
  });
  if (tolerated) return undefined;
  return {
    plugin: 'NodeUnschedulable',
    code: 'UnschedulableAndUnresolvable',
    reasons: [ERR_REASON_UNSCHEDULABLE],
  };
}
