// upstream: k8s v1.31 pkg/scheduler/framework/plugins/interpodaffinity/filtering.go (PreFilter, Filter),
// plugin.go mergeAffinityTermNamespacesIfNotEmpty, framework/types.go AffinityTerm (newAffinityTerm,
// getNamespacesFromPodAffinityTerm, Matches)
import type { Node, Pod, PodAffinityTerm } from 'kubernetes-types/core/v1.js';
import { labelSelectorOrNothing, type Selector } from '../util/label-selector.js';
import type { NodeInfo, Rejection } from './status.js';

export const ERR_REASON_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod affinity rules";
export const ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod anti-affinity rules";
export const ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH =
  "node(s) didn't satisfy existing pods anti-affinity rules";

/** upstream: framework.AffinityTerm */
interface AffinityTerm {
  namespaces: ReadonlySet<string>;
  selector: Selector;
  topologyKey: string;
  namespaceSelector: Selector;
}

/** upstream: newAffinityTerm (the namespaces: the term's, else the Pod's own when it has no selector either) */
function affinityTerm(pod: Pod, term: PodAffinityTerm): AffinityTerm {
  const namespaces =
    (term.namespaces ?? []).length === 0 && term.namespaceSelector == null
      ? new Set([pod.metadata?.namespace ?? ''])
      : new Set(term.namespaces ?? []);
  return {
    namespaces,
    // an invalid selector matches nothing (the API server refuses such a Pod; its own check reports it)
    selector: labelSelectorOrNothing(term.labelSelector),
    topologyKey: term.topologyKey,
    namespaceSelector: labelSelectorOrNothing(term.namespaceSelector),
  };
}

/**
 * upstream: AffinityTerm.Matches. Namespace labels are not known offline: a namespace selector is decided
 * only when it selects every namespace or none (see uncheckedInterPodAffinity).
 */
function termMatches(term: AffinityTerm, pod: Pod): boolean {
  const inNamespace =
    term.namespaces.has(pod.metadata?.namespace ?? '') || term.namespaceSelector.matches({});
  return inNamespace && term.selector.matches(pod.metadata?.labels ?? {});
}

const requiredAffinityTerms = (pod: Pod): PodAffinityTerm[] =>
  pod.spec?.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
const requiredAntiAffinityTerms = (pod: Pod): PodAffinityTerm[] =>
  pod.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? [];

/**
 * Whether a Pod's required (anti-)affinity terms (`antiAffinity`: only those, what an existing Pod's count)
 * cannot be decided offline: a namespace selector that selects some namespaces by their labels (the
 * scheduler lists the Namespaces), or matchLabelKeys / mismatchLabelKeys (merged into the selector by the
 * API server).
 */
export function undecidableTerms(pod: Pod, only: 'all' | 'antiAffinity' = 'all'): boolean {
  const terms =
    only === 'all'
      ? [...requiredAffinityTerms(pod), ...requiredAntiAffinityTerms(pod)]
      : requiredAntiAffinityTerms(pod);
  return terms.some((term) => {
    const extended = term as PodAffinityTerm & { matchLabelKeys?: string[]; mismatchLabelKeys?: string[] };
    if ((extended.matchLabelKeys ?? []).length > 0 || (extended.mismatchLabelKeys ?? []).length > 0)
      return true;
    const selector = term.namespaceSelector;
    return (
      selector != null &&
      (Object.keys(selector.matchLabels ?? {}).length > 0 || (selector.matchExpressions ?? []).length > 0)
    );
  });
}

type TopologyCounts = Map<string, number>;
const pairKey = (key: string, value: string): string => `${key}\u0000${value}`;

/** upstream: topologyToMatchedTermCount.update */
function count(counts: TopologyCounts, node: Node, topologyKey: string): void {
  const value = node.metadata?.labels?.[topologyKey];
  if (value === undefined) return;
  const key = pairKey(topologyKey, value);
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** upstream: podMatchesAllAffinityTerms */
const matchesAll = (terms: readonly AffinityTerm[], pod: Pod): boolean =>
  terms.length > 0 && terms.every((term) => termMatches(term, pod));

/** What the plugin's PreFilter computes once per Pod: upstream preFilterState. */
export interface InterPodAffinityState {
  affinityTerms: AffinityTerm[];
  antiAffinityTerms: AffinityTerm[];
  /** Topology pairs with existing Pods whose required anti-affinity the Pod matches. */
  existingAntiAffinityCounts: TopologyCounts;
  /** Topology pairs with existing Pods that match all the Pod's affinity terms. */
  affinityCounts: TopologyCounts;
  /** Topology pairs with existing Pods that match one of the Pod's anti-affinity terms. */
  antiAffinityCounts: TopologyCounts;
  pod: Pod;
}

/** upstream: PreFilter; undefined where it skips the plugin (no term of the Pod's, no existing Pod's matching it). */
export function preFilterInterPodAffinity(
  pod: Pod,
  infos: readonly NodeInfo[],
): InterPodAffinityState | undefined {
  const affinityTerms = requiredAffinityTerms(pod).map((term) => affinityTerm(pod, term));
  const antiAffinityTerms = requiredAntiAffinityTerms(pod).map((term) => affinityTerm(pod, term));
  const existingAntiAffinityCounts: TopologyCounts = new Map();
  const affinityCounts: TopologyCounts = new Map();
  const antiAffinityCounts: TopologyCounts = new Map();
  for (const { node, pods } of infos) {
    for (const existing of pods) {
      for (const term of requiredAntiAffinityTerms(existing)) {
        const existingTerm = affinityTerm(existing, term);
        if (termMatches(existingTerm, pod)) count(existingAntiAffinityCounts, node, existingTerm.topologyKey);
      }
      if (matchesAll(affinityTerms, existing)) {
        for (const term of affinityTerms) count(affinityCounts, node, term.topologyKey);
      }
      for (const term of antiAffinityTerms) {
        if (termMatches(term, existing)) count(antiAffinityCounts, node, term.topologyKey);
      }
    }
  }
  if (affinityTerms.length === 0 && antiAffinityTerms.length === 0 && existingAntiAffinityCounts.size === 0)
    return undefined;
  return {
    affinityTerms,
    antiAffinityTerms,
    existingAntiAffinityCounts,
    affinityCounts,
    antiAffinityCounts,
    pod,
  };
}

/** upstream: satisfyPodAffinity (the first Pod of a group with affinity to itself may go anywhere) */
function satisfiesPodAffinity(state: InterPodAffinityState, node: Node): boolean {
  let podsExist = true;
  for (const term of state.affinityTerms) {
    const value = node.metadata?.labels?.[term.topologyKey];
    if (value === undefined) return false; // every topology label must be on the node
    if ((state.affinityCounts.get(pairKey(term.topologyKey, value)) ?? 0) <= 0) podsExist = false;
  }
  if (podsExist) return true;
  return state.affinityCounts.size === 0 && matchesAll(state.affinityTerms, state.pod);
}

/** upstream: satisfyPodAntiAffinity */
function satisfiesPodAntiAffinity(state: InterPodAffinityState, node: Node): boolean {
  return state.antiAffinityTerms.every((term) => {
    const value = node.metadata?.labels?.[term.topologyKey];
    return value === undefined || (state.antiAffinityCounts.get(pairKey(term.topologyKey, value)) ?? 0) <= 0;
  });
}

/** upstream: satisfyExistingPodsAntiAffinity */
function satisfiesExistingPodsAntiAffinity(state: InterPodAffinityState, node: Node): boolean {
  return Object.entries(node.metadata?.labels ?? {}).every(
    ([key, value]) => (state.existingAntiAffinityCounts.get(pairKey(key, value)) ?? 0) <= 0,
  );
}

/** upstream: Filter */
export function filterInterPodAffinity(
  state: InterPodAffinityState | undefined,
  nodeInfo: NodeInfo,
): Rejection | undefined {
  if (state === undefined) return undefined;
  const node = nodeInfo.node;
  if (!satisfiesPodAffinity(state, node)) {
    return {
      plugin: 'InterPodAffinity',
      code: 'UnschedulableAndUnresolvable',
      reasons: [ERR_REASON_AFFINITY_RULES_NOT_MATCH],
    };
  }
  if (!satisfiesPodAntiAffinity(state, node)) {
    return {
      plugin: 'InterPodAffinity',
      code: 'Unschedulable',
      reasons: [ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH],
    };
  }
  if (!satisfiesExistingPodsAntiAffinity(state, node)) {
    return {
      plugin: 'InterPodAffinity',
      code: 'Unschedulable',
      reasons: [ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH],
    };
  }
  return undefined;
}
