// upstream: k8s v1.31 pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go (PreFilter, Filter),
// component-helpers scheduling/corev1/nodeaffinity (GetRequiredNodeAffinity, LazyErrorNodeSelector),
// apimachinery labels.Requirement.Matches
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, Pod } from 'kubernetes-types/core/v1.js';
import type { NodeInfo, Rejection } from './status.js';

export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";
export const ERR_REASON_CONFLICT = 'pod affinity terms conflict';
const OBJECT_NAME_FIELD = 'metadata.name';

/** A Go int64 as strconv.ParseInt reads it, or undefined. */
function parseInt64(text: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value >= -(2n ** 63n) && value < 2n ** 63n ? value : undefined;
}

/**
 * Whether one label requirement holds; undefined when upstream cannot build it (labels.NewRequirement fails:
 * wrong number of values, a non-integer for Gt/Lt, an unknown operator), which makes its term match no node.
 */
export function matchesLabelRequirement(
  requirement: NodeSelectorRequirement,
  labels: Record<string, string>,
): boolean | undefined {
  const values = requirement.values ?? [];
  const has = Object.hasOwn(labels, requirement.key);
  const value = labels[requirement.key];
  switch (requirement.operator) {
    case 'In':
      if (values.length === 0) return undefined;
      return has && values.includes(value!);
    case 'NotIn':
      if (values.length === 0) return undefined;
      return !has || !values.includes(value!);
    case 'Exists':
      if (values.length !== 0) return undefined;
      return has;
    case 'DoesNotExist':
      if (values.length !== 0) return undefined;
      return !has;
    case 'Gt':
    case 'Lt': {
      const bound = values.length === 1 ? parseInt64(values[0]!) : undefined;
      if (bound === undefined) return undefined;
      const actual = has ? parseInt64(value!) : undefined;
      if (actual === undefined) return false;
      return requirement.operator === 'Gt' ? actual > bound : actual < bound;
    }
    default:
      return undefined;
  }
}

/** matchFields: only In and NotIn of exactly one value; metadata.name is the one field a node has. */
export function matchesFieldRequirement(
  requirement: NodeSelectorRequirement,
  node: Node,
): boolean | undefined {
  const values = requirement.values ?? [];
  if ((requirement.operator !== 'In' && requirement.operator !== 'NotIn') || values.length !== 1)
    return undefined;
  const fields: Record<string, string> = { [OBJECT_NAME_FIELD]: node.metadata?.name ?? '' };
  const equal = fields[requirement.key] === values[0];
  return requirement.operator === 'In' ? equal : !equal;
}

export const isEmptyTerm = (term: NodeSelectorTerm): boolean =>
  (term.matchExpressions ?? []).length === 0 && (term.matchFields ?? []).length === 0;

/** A term matches when all its requirements hold (a term upstream cannot parse matches nothing). */
export function matchesTerm(term: NodeSelectorTerm, node: Node): boolean {
  const labels = node.metadata?.labels ?? {};
  const expressions = (term.matchExpressions ?? []).map((r) => matchesLabelRequirement(r, labels));
  const fields = (term.matchFields ?? []).map((r) => matchesFieldRequirement(r, node));
  if ([...expressions, ...fields].includes(undefined)) return false;
  return ![...expressions, ...fields].includes(false);
}

export function requiredTerms(pod: Pod): NodeSelectorTerm[] | undefined {
  return pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
}

/** The nodeSelector entries the node's labels do not satisfy. */
export function unmatchedNodeSelector(pod: Pod, node: Node): [string, string][] {
  const labels = node.metadata?.labels ?? {};
  return Object.entries(pod.spec?.nodeSelector ?? {}).filter(
    ([key, value]) => !Object.hasOwn(labels, key) || labels[key] !== value,
  );
}

/** Whether the required node affinity (ORed non-empty terms) admits the node; undefined: the Pod has none. */
export function matchesRequiredAffinity(pod: Pod, node: Node): boolean | undefined {
  const terms = requiredTerms(pod);
  if (pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution === undefined) {
    return undefined;
  }
  return (terms ?? []).filter((term) => !isEmptyTerm(term)).some((term) => matchesTerm(term, node));
}

/** upstream: RequiredNodeAffinity.Match (nodeSelector, then the required affinity terms) */
export function matchesRequiredNodeAffinity(pod: Pod, node: Node): boolean {
  return unmatchedNodeSelector(pod, node).length === 0 && matchesRequiredAffinity(pod, node) !== false;
}

export function filterNodeAffinity(pod: Pod, nodeInfo: NodeInfo): Rejection | undefined {
  if (matchesRequiredNodeAffinity(pod, nodeInfo.node)) return undefined;
  return { plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: [ERR_REASON_POD] };
}

/**
 * The node names the required terms confine the Pod to, when every term names some with `matchFields
 * metadata.name In` (upstream: NodeAffinity.PreFilter): undefined for no such confinement; an empty set
 * means the terms conflict.
 */
export function preFilterNodeNames(pod: Pod): Set<string> | undefined {
  const terms = requiredTerms(pod);
  if (!terms || terms.length === 0) return undefined;
  let names: Set<string> | undefined;
  for (const term of terms) {
    let termNames: Set<string> | undefined;
    for (const requirement of term.matchFields ?? []) {
      if (requirement.key !== OBJECT_NAME_FIELD || requirement.operator !== 'In') continue;
      const values = new Set(requirement.values ?? []);
      termNames = termNames ? new Set([...termNames].filter((n) => values.has(n))) : values;
    }
    if (!termNames) return undefined;
    names = new Set([...(names ?? []), ...termNames]);
  }
  return names;
}
