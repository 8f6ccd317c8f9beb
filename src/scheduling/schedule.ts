// Which nodes kube-scheduler v1.31 would bind a Pod to, and why not the others, from the Nodes (and the Pods
// already on them) alone: the filters that can be decided from those, in the scheduler's order, its
// FailedScheduling message and what DefaultPreemption would add to it.
// upstream: k8s v1.31 pkg/scheduler/schedule_one.go findNodesThatFitPod, framework/types.go FitError.Error,
// framework/preemption/preemption.go, plugins/defaultpreemption SelectVictimsOnNode / PodEligibleToPreemptOthers
import type { Node, Pod } from 'kubernetes-types/core/v1.js';
import { filterNodeAffinity, ERR_REASON_CONFLICT, preFilterNodeNames } from './node-affinity.js';
import { filterNodeName } from './node-name.js';
import { filterNodeResourcesFit } from './node-resources-fit.js';
import { filterNodeUnschedulable } from './node-unschedulable.js';
import {
  filterInterPodAffinity,
  preFilterInterPodAffinity,
  undecidableTerms,
  type InterPodAffinityState,
} from './inter-pod-affinity.js';
import { countedResources, nodeAllocatable, podRequests, type Amounts } from './resources.js';
import type { Filter, NodeInfo, Rejection } from './status.js';
import { filterTaintToleration, withDefaultTolerations } from './taint-toleration.js';

/** The filter plugins, in the order of the default profile's MultiPoint plugins. */
export const FILTERS: readonly Filter[] = [
  filterNodeUnschedulable,
  filterNodeName,
  filterTaintToleration,
  filterNodeAffinity,
  filterNodeResourcesFit,
];

export interface PriorityClassLike {
  metadata?: { name?: string };
  value?: number;
  globalDefault?: boolean;
  /** PreemptLowerPriority (the API default) or Never */
  preemptionPolicy?: string;
}

export interface Cluster {
  nodes: Node[];
  /** Pods in the cluster: those bound to a node (spec.nodeName) and not terminated count against it. */
  pods: Pod[];
  priorityClasses?: PriorityClassLike[];
}

export interface NodeVerdict {
  name: string;
  fits: boolean;
  /** What kube-scheduler records for the node: the first filter that rejects it (none when it fits). */
  rejection?: Rejection;
  /** Every filter that rejects the node, for the explanation (kube-scheduler stops at the first). */
  rejections: Rejection[];
  /** The node fits once lower-priority Pods on it are preempted. */
  fitsByPreemption?: boolean;
}

export interface ScheduleVerdict {
  /** The nodes the Pod fits, in the order given. */
  fits: string[];
  nodes: NodeVerdict[];
  /** kube-scheduler's FailedScheduling message when the Pod fits no node. */
  message?: string;
  /** The Pod's effective request (PodRequests, the resources the scheduler counts). */
  requests: Amounts;
  /** The filters of kube-scheduler that would also judge this Pod but need more than Nodes and Pods. */
  unchecked: string[];
}

/**
 * The default filter plugins not ported that have something to judge in this Pod: volumes (PVCs are bound,
 * attached and zoned by VolumeBinding, VolumeRestrictions, NodeVolumeLimits, VolumeZone), host ports,
 * hard topology spread constraints, and required inter-Pod (anti-)affinity terms that select namespaces by
 * their labels or use matchLabelKeys (see inter-pod-affinity.ts; the others are judged).
 */
export function uncheckedFilters(pod: Pod): string[] {
  const spec = pod.spec;
  const unchecked: string[] = [];
  const containers = [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
  if (containers.some((c) => (c.ports ?? []).some((port) => (port.hostPort ?? 0) > 0)))
    unchecked.push('NodePorts');
  if ((spec?.volumes ?? []).some((v) => v.persistentVolumeClaim || v.ephemeral)) {
    unchecked.push('VolumeRestrictions', 'NodeVolumeLimits', 'VolumeBinding', 'VolumeZone');
  }
  if ((spec?.topologySpreadConstraints ?? []).some((c) => c.whenUnsatisfiable === 'DoNotSchedule')) {
    unchecked.push('PodTopologySpread');
  }
  if (undecidableTerms(pod)) unchecked.push('InterPodAffinity');
  return unchecked;
}

const TERMINATED = new Set(['Succeeded', 'Failed']);

/** The Pod as kube-apiserver stores it: with the default not-ready/unreachable tolerations. */
export function asCreated(pod: Pod): Pod {
  return { ...pod, spec: { ...pod.spec!, tolerations: withDefaultTolerations(pod.spec?.tolerations) } };
}

/** upstream: framework.NewNodeInfo + AddPod for every non-terminated Pod bound to the node */
export function nodeInfos(cluster: Cluster): NodeInfo[] {
  const byNode = new Map<string, Pod[]>();
  for (const pod of cluster.pods) {
    const name = pod.spec?.nodeName;
    if (!name || TERMINATED.has(pod.status?.phase ?? '')) continue;
    const list = byNode.get(name) ?? [];
    list.push(pod);
    byNode.set(name, list);
  }
  return cluster.nodes.map((node) => {
    const pods = byNode.get(node.metadata?.name ?? '') ?? [];
    return { node, pods, allocatable: nodeAllocatable(node), requested: sumRequests(pods) };
  });
}

function sumRequests(pods: Pod[]): Amounts {
  const requested: Amounts = new Map();
  for (const pod of pods) {
    for (const [name, amount] of countedResources(podRequests(pod))) {
      requested.set(name, (requested.get(name) ?? 0n) + amount);
    }
  }
  return requested;
}

/**
 * The PriorityClass the priority admission plugin resolves for a Pod: the one it names, else the global
 * default (the lowest-valued one if several claim to be).
 */
function priorityClassOf(pod: Pod, classes: readonly PriorityClassLike[]): PriorityClassLike | undefined {
  const name = pod.spec?.priorityClassName;
  if (name) return classes.find((c) => c.metadata?.name === name);
  return classes
    .filter((c) => c.globalDefault === true)
    .reduce<PriorityClassLike | undefined>(
      (lowest, c) => (lowest === undefined || (lowest.value ?? 0) > (c.value ?? 0) ? c : lowest),
      undefined,
    );
}

/** upstream: the priority admission plugin (spec.priority from the PriorityClass, else the global default) */
export function podPriority(pod: Pod, classes: readonly PriorityClassLike[] = []): number {
  if (pod.spec?.priority !== undefined) return pod.spec.priority;
  return priorityClassOf(pod, classes)?.value ?? 0;
}

/**
 * upstream: the priority admission plugin, which also copies the PriorityClass's preemptionPolicy into a
 * Pod that sets none (a launcher Pod never does; its PriorityClass decides)
 */
export function podPreemptionPolicy(pod: Pod, classes: readonly PriorityClassLike[] = []): string {
  return (
    pod.spec?.preemptionPolicy ?? priorityClassOf(pod, classes)?.preemptionPolicy ?? 'PreemptLowerPriority'
  );
}

/** Every filter's rejection of the node, in the default profile's order (InterPodAffinity last). */
function runFilters(pod: Pod, info: NodeInfo, affinity: InterPodAffinityState | undefined): Rejection[] {
  return [...FILTERS.map((filter) => filter(pod, info)), filterInterPodAffinity(affinity, info)].filter(
    (r): r is Rejection => r !== undefined,
  );
}

/** Go's sort.Strings: by bytes (the reasons are ASCII). */
const byBytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** upstream: FitError.Error */
export function fitErrorMessage(
  allNodes: number,
  statuses: Iterable<Rejection>,
  preFilterMsg = '',
  postFilterMsg = '',
): string {
  let message = `0/${allNodes} nodes are available:`;
  if (preFilterMsg !== '') {
    message += ` ${preFilterMsg}.`;
  } else {
    const histogram = new Map<string, number>();
    for (const status of statuses) {
      for (const reason of status.reasons) histogram.set(reason, (histogram.get(reason) ?? 0) + 1);
    }
    const sorted = [...histogram].map(([reason, count]) => `${count} ${reason}`).sort(byBytes);
    if (sorted.length) message += ` ${sorted.join(', ')}.`;
  }
  if (postFilterMsg !== '') message += ` ${postFilterMsg}`;
  return message;
}

const NOT_HELPFUL: Rejection = {
  plugin: 'NodeResourcesFit',
  code: 'UnschedulableAndUnresolvable',
  reasons: ['Preemption is not helpful for scheduling'],
};
const NO_VICTIMS: Rejection = {
  plugin: 'NodeResourcesFit',
  code: 'UnschedulableAndUnresolvable',
  reasons: ['No preemption victims found for incoming pod'],
};

/**
 * DefaultPreemption's PostFilter: on each node a filter rejected as resolvable, whether the Pod would fit
 * with every lower-priority Pod gone. Returns its message ('' when some node is a candidate) and the nodes
 * that are candidates.
 */
function preempt(
  pod: Pod,
  infos: NodeInfo[],
  statuses: Map<string, Rejection>,
  priorityClasses: readonly PriorityClassLike[],
  affinity: InterPodAffinityState | undefined,
): { message: string; candidates: Set<string> } {
  if (podPreemptionPolicy(pod, priorityClasses) === 'Never') {
    return { message: 'preemption: not eligible due to preemptionPolicy=Never.', candidates: new Set() };
  }
  const priority = podPriority(pod, priorityClasses);
  const after = new Map<string, Rejection>();
  const candidates = new Set<string>();
  for (const info of infos) {
    const name = info.node.metadata?.name ?? '';
    const status = statuses.get(name);
    if (status?.code !== 'Unschedulable') {
      after.set(name, NOT_HELPFUL);
      continue;
    }
    const remaining = info.pods.filter((other) => podPriority(other, priorityClasses) >= priority);
    if (remaining.length === info.pods.length) {
      after.set(name, NO_VICTIMS);
      continue;
    }
    // upstream: SelectVictimsOnNode removes the victims from the node, and InterPodAffinity's counts with
    // them (counts that were none stay none)
    const without: NodeInfo = { ...info, pods: remaining, requested: sumRequests(remaining) };
    const withoutAffinity =
      affinity &&
      preFilterInterPodAffinity(
        pod,
        infos.map((other) => (other === info ? without : other)),
      );
    const rejection = runFilters(pod, without, withoutAffinity)[0];
    if (rejection) after.set(name, rejection);
    else candidates.add(name);
  }
  if (candidates.size > 0) return { message: '', candidates };
  return { message: `preemption: ${fitErrorMessage(after.size, after.values())}`, candidates };
}

/** The scheduler's verdict on creating `pod` in `cluster`. */
export function schedule(renderedPod: Pod, cluster: Cluster): ScheduleVerdict {
  const pod = asCreated(renderedPod);
  const infos = nodeInfos(cluster);
  const requests = countedResources(podRequests(pod));
  const unchecked = uncheckedFilters(pod);
  if (
    !unchecked.includes('InterPodAffinity') &&
    infos.some((info) => info.pods.some((other) => undecidableTerms(other, 'antiAffinity')))
  ) {
    unchecked.push('InterPodAffinity');
  }
  if (infos.length === 0) {
    return { fits: [], nodes: [], message: 'no nodes available to schedule pods', requests, unchecked };
  }
  const priorityClasses = cluster.priorityClasses ?? [];
  const allowed = preFilterNodeNames(pod);
  const affinity = preFilterInterPodAffinity(pod, infos);
  const nodes: NodeVerdict[] = infos.map((info) => {
    const rejections = runFilters(pod, info, affinity);
    return { name: info.node.metadata?.name ?? '', fits: false, rejections };
  });
  const statuses = new Map<string, Rejection>();
  if (allowed !== undefined && allowed.size === 0) {
    const conflict: Rejection = {
      plugin: 'NodeAffinity',
      code: 'UnschedulableAndUnresolvable',
      reasons: [ERR_REASON_CONFLICT],
    };
    for (const node of nodes) {
      node.rejection = conflict;
      statuses.set(node.name, conflict);
    }
    const { message } = preempt(pod, infos, statuses, priorityClasses, affinity);
    return {
      fits: [],
      nodes,
      message: fitErrorMessage(infos.length, [], ERR_REASON_CONFLICT, message),
      requests,
      unchecked,
    };
  }
  for (const node of nodes) {
    if (allowed && !allowed.has(node.name)) {
      // outside the PreFilter's node names: never evaluated, so in no status (but the explanation has why)
      continue;
    }
    node.rejection = node.rejections[0];
    if (node.rejection) statuses.set(node.name, node.rejection);
    else node.fits = true;
  }
  const fits = nodes.filter((node) => node.fits).map((node) => node.name);
  if (fits.length > 0) return { fits, nodes, requests, unchecked };
  const { message, candidates } = preempt(pod, infos, statuses, priorityClasses, affinity);
  for (const node of nodes) if (candidates.has(node.name)) node.fitsByPreemption = true;
  const failure = fitErrorMessage(infos.length, statuses.values(), '', message);
  return { fits, nodes, message: failure, requests, unchecked };
}
