// upstream: k8s v1.31 pkg/scheduler/framework/plugins/noderesources/fit.go (Filter, fitsRequest)
import type { Pod } from 'kubernetes-types/core/v1.js';
import { allowedPodNumber, countedResources, podRequests, type Amounts } from './resources.js';
import type { NodeInfo, Rejection } from './status.js';

export interface InsufficientResource {
  resourceName: string;
  reason: string;
  requested: bigint;
  used: bigint;
  capacity: bigint;
}

const BUILTIN = ['cpu', 'memory', 'ephemeral-storage'];

/** What the node lacks for the Pod (its effective request), in upstream's order; scalar resources by name. */
export function insufficientResources(request: Amounts, nodeInfo: NodeInfo): InsufficientResource[] {
  const found: InsufficientResource[] = [];
  const capacity = (name: string) => nodeInfo.allocatable.get(name) ?? 0n;
  const used = (name: string) => nodeInfo.requested.get(name) ?? 0n;
  const pods = allowedPodNumber(nodeInfo.allocatable);
  if (BigInt(nodeInfo.pods.length) + 1n > pods) {
    found.push({
      resourceName: 'pods',
      reason: 'Too many pods',
      requested: 1n,
      used: BigInt(nodeInfo.pods.length),
      capacity: pods,
    });
  }
  const counted = countedResources(request);
  if ([...counted.values()].every((amount) => amount === 0n) && !hasScalar(counted)) return found;
  // the built-in resources first, then the scalar ones by name
  const scalars = [...counted.keys()].filter((name) => !BUILTIN.includes(name)).sort();
  for (const name of [...BUILTIN, ...scalars]) {
    const amount = counted.get(name) ?? 0n;
    if (amount > 0n && amount > capacity(name) - used(name)) {
      found.push({
        resourceName: name,
        reason: `Insufficient ${name}`,
        requested: amount,
        used: used(name),
        capacity: capacity(name),
      });
    }
  }
  return found;
}

/** upstream: a scalar resource requested at 0 still makes the Pod's request non-empty */
const hasScalar = (counted: Amounts): boolean => [...counted.keys()].some((name) => !BUILTIN.includes(name));

export function filterNodeResourcesFit(pod: Pod, nodeInfo: NodeInfo): Rejection | undefined {
  const missing = insufficientResources(podRequests(pod), nodeInfo);
  if (missing.length === 0) return undefined;
  return { plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: missing.map((m) => m.reason) };
}
