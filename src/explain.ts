// Where the launcher Pod's resources and node selectors come from (`vmi-render explain`, the library's
// explain()): built from the terms the render recorded while rendering (src/render/explain.ts).
import type { Affinity, Container, Pod, Toleration } from './types/k8s.js';
import { Quantity } from './quantity/quantity.js';
import {
  POD_SECURITY_CONTEXT,
  type ExplainTerm,
  type Provenance,
  type RenderExplanation,
} from './render/explain.js';
import type { PipelineResult } from './pipeline.js';

/** A term as printed: its quantity in the Pod's own format. */
export interface ExplainedTerm {
  name: string;
  value: string;
  reason: string;
}

/** A figure of the Pod and the terms that add up to it exactly. */
export interface ExplainedQuantity {
  value: string;
  terms: ExplainedTerm[];
}

export interface ExplainedResource {
  request?: ExplainedQuantity;
  limit?: ExplainedQuantity;
}

export interface ExplainedSelector {
  value: string;
  source: string;
  reason: string;
}

export interface ExplainedSchedulingTerm {
  /** Where it is in the Pod, e.g. `affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[1]`. */
  path: string;
  term: unknown;
  source: string;
  reason: string;
}

/** Where a rendered Pod's figures come from. */
export interface Explanation {
  resources: {
    compute: {
      memory: ExplainedResource;
      cpu: ExplainedResource;
      /** The memory overhead of the launcher (its terms are those of the memory request). */
      memoryOverhead: ExplainedQuantity;
      /** Every other resource of the compute container (hugepages, devices, ephemeral storage). */
      other: Record<string, ExplainedResource>;
      notes: string[];
    };
    /** What the scheduler counts: max(sum of containers, largest init container) plus the Pod overhead. */
    pod: { memory: ExplainedResource; cpu: ExplainedResource };
  };
  scheduling: {
    nodeSelector: Record<string, ExplainedSelector>;
    affinity: ExplainedSchedulingTerm[];
    tolerations: ExplainedSchedulingTerm[];
  };
  /** Every container of the Pod (init containers first, as the Pod lists them), and why it is there. */
  containers: {
    name: string;
    type: 'initContainer' | 'sidecar' | 'container';
    source: string;
    reason: string;
  }[];
  /** Every volume of the Pod, and why it is there. */
  volumes: { name: string; source: string; reason: string }[];
  /** Every annotation and label of the Pod: its value, and who put it there. */
  annotations: Record<string, ExplainedField>;
  labels: Record<string, ExplainedField>;
  /** Every field of the Pod's securityContext and of each container's (by name), and why it has its value. */
  securityContext: {
    pod: Record<string, ExplainedField>;
    containers: Record<string, Record<string, ExplainedField>>;
  };
}

/** A field of the Pod (an annotation, a label, a securityContext field), and why it is there. */
export interface ExplainedField {
  value: unknown;
  source: string;
  reason: string;
}

const UNEXPLAINED = { source: 'unknown', reason: 'not recorded by the render' };

function explainFields(
  fields: Readonly<Record<string, unknown>> | undefined,
  recorded: ReadonlyMap<string, Provenance> | undefined,
): Record<string, ExplainedField> {
  const result: Record<string, ExplainedField> = {};
  for (const [key, value] of Object.entries(fields ?? {})) {
    const why = recorded?.get(key) ?? UNEXPLAINED;
    result[key] = { value, source: why.source, reason: why.reason };
  }
  return result;
}

function explainSecurityContexts(pod: Pod, explanation: RenderExplanation): Explanation['securityContext'] {
  const containers: Record<string, Record<string, ExplainedField>> = {};
  for (const container of [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]) {
    containers[container.name] = explainFields(
      container.securityContext as Record<string, unknown> | undefined,
      explanation.securityContexts.get(container.name),
    );
  }
  return {
    pod: explainFields(
      pod.spec?.securityContext as Record<string, unknown> | undefined,
      explanation.securityContexts.get(POD_SECURITY_CONTEXT),
    ),
    containers,
  };
}

const printTerm = (term: ExplainTerm): ExplainedTerm => ({
  name: term.name,
  value: term.value.toString(),
  reason: term.reason,
});

function explainedQuantity(
  value: string | undefined,
  terms: readonly ExplainTerm[] | undefined,
  name: string,
): ExplainedQuantity | undefined {
  if (value === undefined) return undefined;
  if (terms === undefined || terms.length === 0)
    return { value, terms: [{ name, value, reason: UNEXPLAINED.reason }] };
  return { value, terms: terms.map(printTerm) };
}

function computeResource(
  compute: Container | undefined,
  explanation: RenderExplanation,
  name: string,
): ExplainedResource {
  const request = explainedQuantity(
    compute?.resources?.requests?.[name] as string | undefined,
    explanation.compute.requests.get(name),
    name,
  );
  const limit = explainedQuantity(
    compute?.resources?.limits?.[name] as string | undefined,
    explanation.compute.limits.get(name),
    name,
  );
  return { ...(request ? { request } : {}), ...(limit ? { limit } : {}) };
}

function explainVolumes(pod: Pod, explanation: RenderExplanation): Explanation['volumes'] {
  return (pod.spec?.volumes ?? []).map((volume) => {
    const why = explanation.volumes.get(volume.name) ?? UNEXPLAINED;
    return { name: volume.name, source: why.source, reason: why.reason };
  });
}

const isSidecar = (container: Container): boolean =>
  (container as Container & { restartPolicy?: string }).restartPolicy === 'Always';

function explainContainers(pod: Pod, explanation: RenderExplanation): Explanation['containers'] {
  const explain = (container: Container, type: 'initContainer' | 'sidecar' | 'container') => {
    const why = explanation.containers.get(container.name) ?? UNEXPLAINED;
    return { name: container.name, type, source: why.source, reason: why.reason };
  };
  return [
    ...(pod.spec?.initContainers ?? []).map((container) =>
      explain(container, isSidecar(container) ? 'sidecar' : 'initContainer'),
    ),
    ...(pod.spec?.containers ?? []).map((container) => explain(container, 'container')),
  ];
}

/** A container's request as the API server stores it: a missing request defaults to the limit. */
function containerRequest(container: Container, name: string): Quantity | undefined {
  const value = container.resources?.requests?.[name] ?? container.resources?.limits?.[name];
  return value === undefined ? undefined : Quantity.parse(value as string);
}

/**
 * The Pod's effective request or limit of a resource as the scheduler computes it (k8s
 * resourcehelper.PodRequests): the containers and the restartable init containers (sidecars) summed; an init
 * container, with the sidecars started before it, counted instead where that is larger; plus spec.overhead.
 * A limit exists only when every container and sidecar has one.
 */
function podQuantity(
  pod: Pod,
  name: string,
  kind: 'request' | 'limit',
  explanation: RenderExplanation,
): ExplainedQuantity | undefined {
  const of = (container: Container): Quantity | undefined =>
    kind === 'request'
      ? containerRequest(container, name)
      : container.resources?.limits?.[name] === undefined
        ? undefined
        : Quantity.parse(container.resources.limits[name] as string);
  const containers = pod.spec?.containers ?? [];
  const initContainers = pod.spec?.initContainers ?? [];
  const running = [...containers, ...initContainers.filter(isSidecar)];
  if (kind === 'limit' && running.some((container) => of(container) === undefined)) return undefined;
  const terms: ExplainTerm[] = [];
  let sum = Quantity.zero();
  const addContainer = (container: Container, init: boolean): void => {
    const value = of(container);
    if (value === undefined) return;
    sum = sum.add(value);
    const defaulted =
      kind === 'request' && container.resources?.requests?.[name] === undefined
        ? ' (its request defaults to its limit)'
        : '';
    terms.push({
      name: `${init ? 'sidecar init container' : 'container'} ${container.name}`,
      value,
      reason: `${explanation.containers.get(container.name)?.reason ?? UNEXPLAINED.reason}${defaulted}`,
    });
  };
  for (const container of containers) addContainer(container, false);
  // the init containers in order: a sidecar keeps running; a plain one runs beside the sidecars before it
  let sidecars = Quantity.zero();
  let largestInit: { name: string; value: Quantity } | undefined;
  for (const container of initContainers) {
    const value = of(container) ?? Quantity.zero();
    let during: Quantity;
    if (isSidecar(container)) {
      addContainer(container, true);
      sidecars = sidecars.add(value);
      during = sidecars;
    } else {
      during = value.add(sidecars);
    }
    if (largestInit === undefined || during.cmp(largestInit.value) > 0)
      largestInit = { name: container.name, value: during };
  }
  if (largestInit !== undefined && largestInit.value.cmp(sum) > 0) {
    terms.push({
      name: `init container ${largestInit.name}`,
      value: largestInit.value.sub(sum),
      reason: `while it runs the Pod needs ${largestInit.value.toString()} (with the sidecars started before it), more than all containers together: the scheduler counts that instead`,
    });
    sum = largestInit.value;
  }
  const overhead = pod.spec?.overhead?.[name];
  if (overhead !== undefined) {
    const value = Quantity.parse(overhead as string);
    sum = sum.add(value);
    terms.push({ name: 'spec.overhead', value, reason: 'the Pod overhead of its RuntimeClass' });
  }
  if (terms.length === 0) return undefined;
  return { value: sum.toString(), terms: terms.map(printTerm) };
}

function podResource(pod: Pod, name: string, explanation: RenderExplanation): ExplainedResource {
  const request = podQuantity(pod, name, 'request', explanation);
  const limit = podQuantity(pod, name, 'limit', explanation);
  return { ...(request ? { request } : {}), ...(limit ? { limit } : {}) };
}

const sameJSON = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Each affinity term of the Pod (each requirement of a required node-selector term), with what put it
 * there: the render records the terms it adds (launch-manifest.ts); the rest are the VMI's spec.affinity.
 */
function explainAffinity(pod: Pod, explanation: RenderExplanation): ExplainedSchedulingTerm[] {
  const affinity = pod.spec?.affinity as Affinity | undefined;
  if (!affinity) return [];
  const terms: ExplainedSchedulingTerm[] = [];
  const explain = (path: string, term: unknown, own: string): void => {
    const added = explanation.affinity.find((candidate) => sameJSON(candidate.term, term));
    const recorded = explanation.field('spec.affinity');
    terms.push(
      added
        ? { path, term, source: added.source, reason: added.reason }
        : {
            path,
            term,
            source: recorded?.source ?? 'spec.affinity',
            reason: recorded ? `${recorded.reason}: ${own}` : `the VMI's own ${own}`,
          },
    );
  };
  const nodeAffinity = affinity.nodeAffinity;
  nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms.forEach(
    (selectorTerm, index) => {
      const base = `affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[${index}]`;
      (selectorTerm.matchExpressions ?? []).forEach((expression, position) =>
        explain(`${base}.matchExpressions[${position}]`, expression, 'node affinity'),
      );
      (selectorTerm.matchFields ?? []).forEach((field, position) =>
        explain(`${base}.matchFields[${position}]`, field, 'node affinity'),
      );
    },
  );
  (nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((preference, index) =>
    explain(
      `affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[${index}]`,
      preference,
      'preferred node affinity',
    ),
  );
  for (const kind of ['podAffinity', 'podAntiAffinity'] as const) {
    for (const field of [
      'requiredDuringSchedulingIgnoredDuringExecution',
      'preferredDuringSchedulingIgnoredDuringExecution',
    ] as const) {
      ((affinity[kind]?.[field] ?? []) as unknown[]).forEach((term, index) =>
        explain(`affinity.${kind}.${field}[${index}]`, term, kind),
      );
    }
  }
  return terms;
}

/** The Pod's tolerations are the VMI's (renderLaunchManifest copies spec.tolerations and adds none). */
function explainTolerations(pod: Pod, explanation: RenderExplanation): ExplainedSchedulingTerm[] {
  const recorded = explanation.field('spec.tolerations');
  return ((pod.spec?.tolerations ?? []) as Toleration[]).map((toleration, index) => ({
    path: `tolerations[${index}]`,
    term: toleration,
    source: recorded?.source ?? 'spec.tolerations',
    reason: recorded?.reason ?? "the VMI's own toleration",
  }));
}

function explainNodeSelector(pod: Pod, explanation: RenderExplanation): Record<string, ExplainedSelector> {
  const result: Record<string, ExplainedSelector> = {};
  for (const [key, value] of Object.entries(pod.spec?.nodeSelector ?? {})) {
    const why = explanation.nodeSelector.get(key);
    result[key] = {
      value,
      source: why?.source ?? 'unknown',
      reason: why?.reason ?? 'not recorded by the render',
    };
  }
  return result;
}

/** The explanation of a render made with PipelineSettings.explain (undefined without it). */
export function explainRender(result: PipelineResult): Explanation | undefined {
  const explanation = result.explanation;
  if (explanation === undefined) return undefined;
  const pod = result.pod;
  const compute = pod.spec?.containers.find((container) => container.name === 'compute');
  const other: Record<string, ExplainedResource> = {};
  const names = new Set([
    ...Object.keys(compute?.resources?.requests ?? {}),
    ...Object.keys(compute?.resources?.limits ?? {}),
  ]);
  for (const name of [...names].sort()) {
    if (name === 'memory' || name === 'cpu') continue;
    other[name] = computeResource(compute, explanation, name);
  }
  const overhead = explanation.memoryOverhead.reduce((sum, term) => sum.add(term.value), Quantity.zero());
  return {
    resources: {
      compute: {
        memory: computeResource(compute, explanation, 'memory'),
        cpu: computeResource(compute, explanation, 'cpu'),
        memoryOverhead: { value: overhead.toString(), terms: explanation.memoryOverhead.map(printTerm) },
        other,
        notes: [...explanation.notes],
      },
      pod: {
        memory: podResource(pod, 'memory', explanation),
        cpu: podResource(pod, 'cpu', explanation),
      },
    },
    scheduling: {
      nodeSelector: explainNodeSelector(pod, explanation),
      affinity: explainAffinity(pod, explanation),
      tolerations: explainTolerations(pod, explanation),
    },
    containers: explainContainers(pod, explanation),
    volumes: explainVolumes(pod, explanation),
    annotations: explainFields(pod.metadata?.annotations, explanation.annotations),
    labels: explainFields(pod.metadata?.labels, explanation.labels),
    securityContext: explainSecurityContexts(pod, explanation),
  };
}
