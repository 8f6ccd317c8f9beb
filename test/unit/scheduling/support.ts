// Nodes and Pods for the scheduling tests.
import type { Node, Pod } from 'kubernetes-types/core/v1.js';
import type { NodeInfo } from '../../../src/scheduling/status.js';
import { nodeInfos } from '../../../src/scheduling/schedule.js';

export function makeNode(
  name: string,
  extra: { labels?: Record<string, string>; spec?: Node['spec']; allocatable?: Record<string, string> } = {},
): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: extra.labels ?? {} },
    ...(extra.spec ? { spec: extra.spec } : {}),
    status: { allocatable: extra.allocatable ?? { cpu: '4', memory: '8Gi', pods: '110' } },
  };
}

export function makePod(spec: Partial<Pod['spec']> & object = {}): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [], ...spec } };
}

export const requesting = (requests: Record<string, string>, limits?: Record<string, string>) => ({
  name: 'c',
  image: 'i',
  resources: { requests, ...(limits ? { limits } : {}) },
});

export function infoOf(node: Node, pods: Pod[] = []): NodeInfo {
  return nodeInfos({ nodes: [node], pods })[0]!;
}
