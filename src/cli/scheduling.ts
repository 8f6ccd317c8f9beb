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

type Path = (string | number)[];

/**
 * What of a Node or Pod the filters read, where its shape is wrong (a hand-written or hostile file): the
 * field and what it should be. Unparsable quantities are not an error: the scheduler skips them too.
 */
function shapeProblems(value: Record<string, unknown>): { path: Path; message: string }[] {
  const problems: { path: Path; message: string }[] = [];
  const expect = (ok: boolean, path: Path, what: string) => {
    if (!ok) problems.push({ path, message: `must be ${what}` });
    return ok;
  };
  const object = (v: unknown, path: Path) => v === undefined || expect(isObject(v), path, 'an object');
  const stringMap = (v: unknown, path: Path) => {
    if (v === undefined || !expect(isObject(v), path, 'an object')) return;
    for (const [key, item] of Object.entries(v as object)) {
      expect(typeof item === 'string' || typeof item === 'number', [...path, key], 'a string');
    }
  };
  const list = (v: unknown, path: Path, each: (item: Record<string, unknown>, path: Path) => void) => {
    if (v === undefined || !expect(Array.isArray(v), path, 'a list')) return;
    (v as unknown[]).forEach((item, i) => {
      if (expect(isObject(item), [...path, i], 'an object'))
        each(item as Record<string, unknown>, [...path, i]);
    });
  };
  const string = (v: unknown, path: Path) =>
    v === undefined || expect(typeof v === 'string', path, 'a string');
  const metadata = value.metadata;
  if (object(metadata, ['metadata']) && isObject(metadata))
    stringMap(metadata.labels, ['metadata', 'labels']);
  const spec = value.spec;
  const status = value.status;
  object(status, ['status']);
  if (!object(spec, ['spec']) || !isObject(spec)) return problems;
  if (value.kind === 'Node') {
    if (spec.unschedulable !== undefined)
      expect(typeof spec.unschedulable === 'boolean', ['spec', 'unschedulable'], 'true or false');
    list(spec.taints, ['spec', 'taints'], (taint, path) => {
      for (const field of ['key', 'value', 'effect']) string(taint[field], [...path, field]);
    });
    if (isObject(status)) stringMap(status.allocatable, ['status', 'allocatable']);
    return problems;
  }
  string(spec.nodeName, ['spec', 'nodeName']);
  string(spec.priorityClassName, ['spec', 'priorityClassName']);
  if (spec.priority !== undefined)
    expect(typeof spec.priority === 'number', ['spec', 'priority'], 'a number');
  stringMap(spec.overhead, ['spec', 'overhead']);
  for (const field of ['containers', 'initContainers']) {
    list(spec[field], ['spec', field], (container, path) => {
      string(container.restartPolicy, [...path, 'restartPolicy']);
      const resources = container.resources;
      if (!object(resources, [...path, 'resources']) || !isObject(resources)) return;
      stringMap(resources.requests, [...path, 'resources', 'requests']);
      stringMap(resources.limits, [...path, 'resources', 'limits']);
    });
  }
  if (isObject(status)) string(status.phase, ['status', 'phase']);
  return problems;
}

/**
 * `--nodes FILE`: what `kubectl get nodes -o yaml` prints (a List, or documents), optionally with the Pods
 * already in the cluster (`kubectl get nodes,pods -A -o yaml`) and PriorityClasses; other kinds are ignored.
 */
export function loadNodes(file: string, stdin: () => Buffer, maxBytes: number): Cluster {
  const cluster: Cluster = { nodes: [], pods: [], priorityClasses: [] };
  const problems: InputProblem[] = [];
  const shown = file === '-' ? '<stdin>' : file;
  for (const item of expandLists(parseDocuments(readInput(file, stdin, maxBytes)))) {
    const value = item.value;
    if (!isObject(value) || !['Node', 'Pod', 'PriorityClass'].includes(value.kind as string)) continue;
    const report = (path: Path, message: string) => {
      const { line, column } = item.document.locate([...item.path, ...path]);
      problems.push({
        location: { file: shown, line, column },
        path: formatPath(path),
        message,
        severity: 'error',
      });
    };
    const name = isObject(value.metadata) ? value.metadata.name : undefined;
    if (value.kind === 'PriorityClass') {
      if (value.value !== undefined && typeof value.value !== 'number') report(['value'], 'must be a number');
      else if (value.preemptionPolicy !== undefined && typeof value.preemptionPolicy !== 'string')
        report(['preemptionPolicy'], 'must be a string');
      else cluster.priorityClasses!.push(value as PriorityClassLike);
      continue;
    }
    const shape = shapeProblems(value);
    for (const problem of shape) report(problem.path, `${value.kind as string}: ${problem.message}`);
    if (value.kind === 'Node' && (typeof name !== 'string' || name === '')) {
      report(['metadata', 'name'], 'a Node must have a name');
      continue;
    }
    if (shape.length) continue;
    if (value.kind === 'Node') cluster.nodes.push(value as Node);
    else cluster.pods.push(value as Pod);
  }
  if (problems.length) throw new InvalidInputError(`${shown}: invalid Nodes or Pods`, problems);
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
      stage: 'scheduling',
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
        stage: 'scheduling',
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
  /** kube-scheduler filters that would also judge the Pod, not checked offline. */
  unchecked?: string[];
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
    ...(verdict.unchecked.length ? { unchecked: verdict.unchecked } : {}),
  };
}
