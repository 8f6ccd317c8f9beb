// Each reason a node does not take a launcher Pod, with the details kube-scheduler does not print (what the
// Pod asks for and the node has) and the VMI field or cluster setting the requirement comes from.
import type { Pod } from 'kubernetes-types/core/v1.js';
import {
  ERR_REASON_POD,
  isEmptyTerm,
  matchesFieldRequirement,
  matchesLabelRequirement,
  matchesRequiredAffinity,
  requiredTerms,
  unmatchedNodeSelector,
} from './node-affinity.js';
import { insufficientResources } from './node-resources-fit.js';
import {
  affinityOrigin,
  affinityRequirementOrigin,
  nodeSelectorOrigin,
  resourceOrigin,
  tolerationsOrigin,
  type Origin,
  type OriginContext,
} from './origins.js';
import { formatAmount } from './resources.js';
import { asCreated, nodeInfos, type Cluster, type ScheduleVerdict } from './schedule.js';
import type { NodeInfo } from './status.js';
import { filterNodeUnschedulable } from './node-unschedulable.js';
import { findUntoleratedTaint, untoleratedTaintReason } from './taint-toleration.js';

export interface ExplainedReason {
  /** kube-scheduler's words. */
  reason: string;
  /** What exactly does not match, and why the Pod asks for it. */
  detail: string;
  origin: Origin;
}

export interface NodeExplanation {
  node: string;
  reasons: ExplainedReason[];
}

const CLUSTER: Origin = { path: [], because: '' };

function explainNode(
  pod: Pod,
  info: NodeInfo,
  context: OriginContext,
  requests: ScheduleVerdict['requests'],
): ExplainedReason[] {
  const node = info.node;
  const reasons: ExplainedReason[] = [];
  if (filterNodeUnschedulable(pod, info)) {
    reasons.push({
      reason: 'node(s) were unschedulable',
      detail: 'the node is cordoned (spec.unschedulable)',
      origin: CLUSTER,
    });
  }
  const wanted = pod.spec?.nodeName;
  if (wanted && wanted !== node.metadata?.name) {
    reasons.push({
      reason: "node(s) didn't match the requested node name",
      detail: `the Pod names node "${wanted}"`,
      origin: CLUSTER,
    });
  }
  const taint = findUntoleratedTaint(node.spec?.taints, pod.spec?.tolerations);
  if (taint) {
    const origin = tolerationsOrigin(context);
    reasons.push({
      reason: untoleratedTaintReason(taint),
      detail: `the node has taint ${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}; ${origin.because}`,
      origin,
    });
  }
  const labels = node.metadata?.labels ?? {};
  for (const [key, value] of unmatchedNodeSelector(pod, node)) {
    const origin = nodeSelectorOrigin(key, context);
    const has = Object.hasOwn(labels, key)
      ? `the node has ${key}=${labels[key]}`
      : `the node has no label ${key}`;
    reasons.push({
      reason: ERR_REASON_POD,
      detail: `nodeSelector ${key}=${value}: ${has} (from ${origin.because})`,
      origin,
    });
  }
  if (matchesRequiredAffinity(pod, node) === false) reasons.push(...explainAffinity(pod, info, context));
  for (const missing of insufficientResources(requests, info)) {
    if (missing.resourceName === 'pods') {
      reasons.push({
        reason: missing.reason,
        detail: `the node already runs ${missing.used} of the ${missing.capacity} Pods it allows`,
        origin: CLUSTER,
      });
      continue;
    }
    const name = missing.resourceName;
    const free = missing.capacity - missing.used;
    const origin = resourceOrigin(name, context);
    reasons.push({
      reason: missing.reason,
      detail: `the Pod requests ${formatAmount(name, missing.requested)} ${name} (from ${origin.because}); the node has ${formatAmount(name, free > 0n ? free : 0n)} of ${formatAmount(name, missing.capacity)} allocatable free`,
      origin,
    });
  }
  return reasons;
}

/** With one term, each requirement the node fails, at its origin; with several, that none matches. */
function explainAffinity(pod: Pod, info: NodeInfo, context: OriginContext): ExplainedReason[] {
  const terms = (requiredTerms(pod) ?? []).filter((term) => !isEmptyTerm(term));
  const labels = info.node.metadata?.labels ?? {};
  if (terms.length === 1) {
    const term = terms[0]!;
    const failing: ExplainedReason[] = [];
    for (const requirement of term.matchExpressions ?? []) {
      if (matchesLabelRequirement(requirement, labels) === true) continue;
      const origin = affinityRequirementOrigin(requirement.key, requirement.operator, context);
      const values = requirement.values?.length ? ` ${requirement.values.join(',')}` : '';
      const has = Object.hasOwn(labels, requirement.key)
        ? `the node has ${requirement.key}=${labels[requirement.key]}`
        : `the node has no label ${requirement.key}`;
      failing.push({
        reason: ERR_REASON_POD,
        detail: `required node affinity ${requirement.key} ${requirement.operator}${values}: ${has} (from ${origin.because})`,
        origin,
      });
    }
    for (const requirement of term.matchFields ?? []) {
      if (matchesFieldRequirement(requirement, info.node) === true) continue;
      const origin = affinityOrigin(context);
      failing.push({
        reason: ERR_REASON_POD,
        detail: `required node affinity ${requirement.key} ${requirement.operator} ${(requirement.values ?? []).join(',')} (from ${origin.because})`,
        origin,
      });
    }
    if (failing.length) return failing;
  }
  const origin = affinityOrigin(context);
  return [
    {
      reason: ERR_REASON_POD,
      detail: `no term of the required node affinity matches the node (from ${origin.because})`,
      origin,
    },
  ];
}

/** The explanation of every node the Pod does not fit (in the order of the Nodes). */
export function explainVerdict(
  renderedPod: Pod,
  cluster: Cluster,
  verdict: ScheduleVerdict,
  context: OriginContext,
): NodeExplanation[] {
  const pod = asCreated(renderedPod);
  const infos = nodeInfos(cluster);
  const explanations: NodeExplanation[] = [];
  verdict.nodes.forEach((node, i) => {
    if (node.fits) return;
    explanations.push({ node: node.name, reasons: explainNode(pod, infos[i]!, context, verdict.requests) });
  });
  return explanations;
}
