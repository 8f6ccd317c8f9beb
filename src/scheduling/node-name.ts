// upstream: k8s v1.31 pkg/scheduler/framework/plugins/nodename/node_name.go
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { NodeInfo, Rejection } from './status.js';

export const ERR_REASON_NODE_NAME = "node(s) didn't match the requested node name";

export function filterNodeName(pod: Pod, nodeInfo: NodeInfo): Rejection | undefined {
  const wanted = pod.spec?.nodeName ?? '';
  if (wanted === '' || wanted === nodeInfo.node.metadata?.name) return undefined;
  return { plugin: 'NodeName', code: 'UnschedulableAndUnresolvable', reasons: [ERR_REASON_NODE_NAME] };
}
