// Scheduling for `render` and `lint`: kube-scheduler's verdict on each rendered launcher Pod over the Nodes
// of --nodes (src/scheduling), as problems located at the VMI field each requirement comes from.
import type { Node, Pod } from 'kubernetes-types/core/v1.js';
import type { ClusterConfig } from '../cluster/cluster-config.js';
import { InvalidInputError, type InputProblem } from '../errors.js';
import { expandLists, parseDocuments, readInput } from '../io/documents.js';
import {
  explainVerdict,
  schedule,
  type Cluster,
  type NodeExplanation,
  type ScheduleVerdict,
} from '../scheduling/index.js';
import type { PriorityClassLike } from '../scheduling/schedule.js';
import { formatPath, type RenderTarget } from './inputs.js';

export interface SchedulingVerdict extends ScheduleVerdict {
  /** Why each node the Pod does not fit refuses it. */
  explanations: NodeExplanation[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `--nodes FILE`: what `kubectl get nodes -o yaml` prints (a List, or documents), optionally with the Pods
 * already in the cluster (`kubectl get nodes,pods -A -o yaml`) and PriorityClasses; other kinds are ignored.
 */
export function loadNodes(file: string, stdin: () => Buffer, maxBytes: number): Cluster {
  const cluster: Cluster = { nodes: [], pods: [], priorityClasses: [] };
  const problems: InputProblem[] = [];
  for (const item of expandLists(parseDocuments(readInput(file, stdin, maxBytes)))) {
    const value = item.value;
    if (!isObject(value)) continue;
    const name = isObject(value.metadata) ? value.metadata.name : undefined;
    if (value.kind === 'Node') {
      if (typeof name !== 'string' || name === '') {
        const { line, column } = item.document.locate(item.path);
        const location = { file: file === '-' ? '<stdin>' : file, line, column };
        problems.push({
          location,
          path: 'metadata.name',
          message: 'a Node must have a name',
          severity: 'error',
        });
        continue;
      }
      cluster.nodes.push(value as Node);
    } else if (value.kind === 'Pod') cluster.pods.push(value as Pod);
    else if (value.kind === 'PriorityClass') cluster.priorityClasses!.push(value as PriorityClassLike);
  }
  if (problems.length) throw new InvalidInputError(`${file}: invalid Nodes`, problems);
  return cluster;
}

/** The verdict on a rendered Pod, or undefined without --nodes. */
export function checkScheduling(
  pod: Pod,
  target: RenderTarget,
  cluster: Cluster | undefined,
  config: ClusterConfig,
): SchedulingVerdict | undefined {
  if (!cluster) return undefined;
  const document = target.document as { kind?: string; spec?: { template?: object } };
  const vmi = (document.kind === 'VirtualMachine' ? document.spec?.template : document) ?? {};
  const verdict = schedule(pod, cluster);
  const explanations = explainVerdict(pod, cluster, verdict, {
    vmi,
    clusterNodeSelectors: config.getNodeSelectors(),
  });
  return { ...verdict, explanations };
}

/**
 * The verdict as problems: when the Pod fits no node, kube-scheduler's FailedScheduling message at the
 * document (`fitSeverity`: `lint` error, `render` warning), then each node's reasons at the field they come
 * from, as warnings.
 */
export function schedulingProblems(
  verdict: SchedulingVerdict | undefined,
  target: RenderTarget,
  file: string,
  fitSeverity: 'error' | 'warning',
): InputProblem[] {
  if (!verdict || verdict.message === undefined) return [];
  const base = target.document.kind === 'VirtualMachine' ? ['spec', 'template'] : [];
  const name = (target.document.metadata?.name as string | undefined) ?? '';
  const at = (path: (string | number)[]) => ({ file, ...target.source.locate([...target.path, ...path]) });
  const preemptible = verdict.nodes.filter((node) => node.fitsByPreemption).map((node) => `"${node.name}"`);
  const problems: InputProblem[] = [
    {
      location: at([]),
      path: '',
      message:
        `the launcher Pod of ${target.document.kind} "${name}" does not fit any node: ${verdict.message}` +
        (preemptible.length
          ? ` (it would preempt lower-priority Pods on node ${preemptible.join(', ')})`
          : ''),
      severity: fitSeverity,
    },
  ];
  for (const explanation of verdict.explanations) {
    for (const reason of explanation.reasons) {
      const path = reason.origin.path.length ? [...base, ...reason.origin.path] : [];
      problems.push({
        location: at(path),
        path: formatPath(path),
        message: `node "${explanation.node}": ${reason.reason}: ${reason.detail}`,
        severity: 'warning',
      });
    }
  }
  return problems;
}

/** The verdict for `lint -o json`: the nodes the Pod fits, kube-scheduler's message, each other node's reasons. */
export interface SchedulingSummary {
  fits: string[];
  message?: string;
  nodes: { name: string; reasons: string[]; fitsByPreemption?: boolean }[];
}

export function schedulingSummary(verdict: SchedulingVerdict): SchedulingSummary {
  return {
    fits: verdict.fits,
    ...(verdict.message !== undefined ? { message: verdict.message } : {}),
    nodes: verdict.explanations.map((explanation) => {
      const node = verdict.nodes.find((n) => n.name === explanation.node);
      return {
        name: explanation.node,
        reasons: explanation.reasons.map((reason) => `${reason.reason}: ${reason.detail}`),
        ...(node?.fitsByPreemption ? { fitsByPreemption: true } : {}),
      };
    }),
  };
}
