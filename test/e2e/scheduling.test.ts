// Ground truth for src/scheduling: a real kube-scheduler v1.31 (built with the API server, default plugins)
// schedules every Pod of both releases' render corpora, as our CLI renders it, onto Nodes created through
// the API; `lint --nodes` over the same Nodes must agree with it.
//
// Design. Each Node kind gets a phase of its own in which it is the only Node of the cluster, so the
// scheduler's FailedScheduling message ("0/1 nodes are available: ...") is the one `lint --nodes` gives for a
// file holding that Node alone: cordoning the others instead would put their NodeUnschedulable reasons in
// the message, and pinning each Pod to its Node would change the Pod. A last phase has every Node at once.
// In a phase, every Pod is created at once (fast), and each Pod ends bound or with a PodScheduled=False
// condition. Pods bound before it only take room on the Node, so a Pod bound in that crowd fits the empty
// Node too; but a refusal naming a reason that depends on other Pods (Insufficient ..., Too many pods, pod
// (anti-)affinity, ...) may be the crowd's doing: those Pods are then tried again alone, one at a time, each
// deleted before the next. A decision that disagrees with ours is measured once more, the Pod alone after a
// pause, and that one stands (so a slow informer cannot fail the test; a real disagreement stays). Pods never
// run (there is no kubelet): binding is the verdict. One Node kind has Pods on it already (created bound, in
// their own namespace): `--nodes` gets them as `kubectl get nodes,pods -A` prints them. Each Pod of the
// corpus is created in one namespace under a name of ours; the filters ported look at neither.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Node, Pod } from 'kubernetes-types/core/v1.js';
import { runMain } from '../cli/in-process.js';
import { caseArgs } from '../support/conformance-args.js';
import {
  createRuntimeClassesAndServiceAccounts,
  harness,
  Kube,
  paths,
  ROOT,
  sleep,
  type Cluster,
} from './support.js';

const NAMESPACE = 'sched';

interface Case {
  /** release/case, for messages */
  key: string;
  /** the Pod's name in the cluster (the rendered Pod has only a generateName) */
  podName: string;
  pod: Pod;
  /** the `lint` command line of the case, without --nodes */
  lintArgs: string[];
}

/** Every case of both releases' render corpora that renders a Pod, rendered by our CLI. */
async function renderCases(): Promise<Case[]> {
  const cases: Case[] = [];
  for (const release of ['v1.4.0', 'v1.9.0']) {
    const base = join(ROOT, 'fixtures/conformance', release, 'cases');
    for (const name of readdirSync(base).sort()) {
      const dir = join(base, name);
      if (!existsSync(join(dir, 'vmi.yaml'))) continue;
      const args = caseArgs(dir, release);
      const rendered = await runMain(args);
      if (rendered.status !== 0) continue; // an error case
      const pod = JSON.parse(rendered.stdout) as Pod;
      cases.push({
        key: `${release}/${name}`,
        podName: `c${cases.length}`,
        pod,
        lintArgs: ['lint', ...args.slice(1)],
      });
    }
  }
  return cases;
}

// ------------------------------------------------------------------ the Nodes

/** What every KubeVirt node has: virt-handler's schedulable label, and what the kubelet sets. */
const kubevirtLabels = (name: string): Record<string, string> => ({
  'kubernetes.io/hostname': name,
  'kubernetes.io/os': 'linux',
  'kubernetes.io/arch': 'amd64',
  'kubevirt.io/schedulable': 'true',
  'machine-type.node.kubevirt.io/q35': 'true',
});

/** Room for every Pod of the corpus at once, and KubeVirt's device plugins. */
const ROOMY: Record<string, string> = {
  cpu: '1000',
  memory: '4Ti',
  pods: '500',
  'ephemeral-storage': '10Ti',
  'hugepages-2Mi': '1Ti',
  'hugepages-1Gi': '1Ti',
  'devices.kubevirt.io/kvm': '1k',
  'devices.kubevirt.io/tun': '1k',
  'devices.kubevirt.io/vhost-net': '1k',
};

interface NodeKind {
  name: string;
  labels: Record<string, string>;
  allocatable: Record<string, string>;
  /** the taints after creation (none by default) */
  taints?: { key: string; value?: string; effect: string }[];
  /** keep the taint the API server gives a new Node instead */
  keepCreationTaints?: boolean;
  unschedulable?: boolean;
  /** Pods already on the Node: created bound to it (the scheduler never sees them), in FILLERS */
  pods?: Filler[];
  /**
   * Every Pod is tried alone, and the Pods on the Node are made anew before each: a Pod that preempts them
   * leaves them terminating for good (no kubelet). Not in the every-Node phase.
   */
  eachPodAlone?: boolean;
}

interface Filler {
  name: string;
  /** also its limits (extended resources and hugepages must have them equal) */
  requests: Record<string, string>;
  /** a finished Pod takes nothing from its Node */
  phase?: 'Succeeded';
  /** FILLER_PRIORITY_CLASS (outranking every Pod of the corpus) by default */
  priorityClassName?: string;
}

/** The namespace of the Pods already on Nodes; their PriorityClass outranks every Pod of the corpus. */
const FILLERS = 'fillers';
const FILLER_PRIORITY_CLASS = 'e2e-filler';
/** Outranked by every Pod of the corpus: DefaultPreemption may evict a Pod of this class. */
const VICTIM_PRIORITY_CLASS = 'e2e-victim';

/**
 * The labels the Pods' node selectors and required node affinity terms ask for (but the architecture, left
 * amd64), and every extended resource a Pod requests: a Node with them all fits nearly every Pod.
 */
function corpusNeeds(cases: Case[]): { labels: Record<string, string>; resources: Record<string, string> } {
  const labels: Record<string, string> = {};
  const resources: Record<string, string> = {};
  for (const { pod } of cases) {
    for (const [key, value] of Object.entries(pod.spec?.nodeSelector ?? {})) {
      if (key !== 'kubernetes.io/arch') labels[key] = value;
    }
    const terms =
      pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ??
      [];
    for (const expression of terms.flatMap((term) => term.matchExpressions ?? [])) {
      if (expression.operator === 'In') labels[expression.key] = expression.values![0]!;
      if (expression.operator === 'Exists') labels[expression.key] = 'true';
    }
    for (const container of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
      for (const name of Object.keys({ ...container.resources?.requests, ...container.resources?.limits })) {
        if (name.includes('/')) resources[name] = '1k';
      }
    }
  }
  return { labels, resources };
}

function nodeKinds(cases: Case[]): NodeKind[] {
  const needs = corpusNeeds(cases);
  const roomy = { ...ROOMY, ...needs.resources };
  const everything = (name: string) => ({
    name,
    labels: { ...kubevirtLabels(name), ...needs.labels },
    allocatable: roomy,
  });
  const withoutKvm = Object.fromEntries(
    Object.entries(roomy).filter(
      ([name]) => !['devices.kubevirt.io/kvm', 'ephemeral-storage'].includes(name),
    ),
  );
  return [
    everything('everything'),
    { name: 'worker', labels: kubevirtLabels('worker'), allocatable: ROOMY },
    { name: 'bare', labels: { 'kubernetes.io/hostname': 'bare' }, allocatable: ROOMY },
    { ...everything('arm64'), labels: { ...everything('arm64').labels, 'kubernetes.io/arch': 'arm64' } },
    { ...everything('cordoned'), unschedulable: true },
    { ...everything('tainted'), taints: [{ key: 'dedicated', value: 'vms', effect: 'NoSchedule' }] },
    {
      ...everything('no-execute'),
      taints: [
        { key: 'os', value: 'windows', effect: 'NoExecute' },
        { key: 'spot', effect: 'PreferNoSchedule' },
      ],
    },
    // as the API server creates a Node (TaintNodesByCondition): not-ready, NoSchedule
    { ...everything('not-ready'), keepCreationTaints: true },
    // what the node lifecycle controller sets on a lost node: the Pods' default tolerations allow it
    {
      ...everything('unreachable'),
      taints: [
        { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
        { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' },
        { key: 'node.kubernetes.io/disk-pressure', effect: 'PreferNoSchedule' },
      ],
    },
    {
      ...everything('obsolete-cpu'),
      labels: {
        ...everything('obsolete-cpu').labels,
        'node-labeller.kubevirt.io/obsolete-host-model': 'true',
      },
    },
    {
      ...everything('small'),
      allocatable: {
        ...needs.resources,
        cpu: '2',
        memory: '3Gi',
        pods: '110',
        'ephemeral-storage': '20Gi',
        'hugepages-2Mi': '1Gi',
        'devices.kubevirt.io/kvm': '110',
        'devices.kubevirt.io/tun': '110',
        'devices.kubevirt.io/vhost-net': '110',
      },
    },
    { ...everything('tight-cpu'), allocatable: { ...roomy, cpu: '500m' } },
    { ...everything('no-devices'), allocatable: withoutKvm },
    { ...everything('full'), allocatable: { ...roomy, pods: '0' } },
    // room for one more Pod (by count too) once the Pods on it, but the finished one, are subtracted
    {
      ...everything('crowded'),
      allocatable: {
        ...roomy,
        cpu: '8',
        memory: '16Gi',
        pods: '11',
        'hugepages-1Gi': '8Gi',
        'devices.kubevirt.io/kvm': '1000',
      },
      pods: [
        {
          name: 'database',
          requests: { cpu: '6', memory: '12Gi', 'hugepages-1Gi': '6Gi', 'devices.kubevirt.io/kvm': '998' },
        },
        { name: 'batch-done', requests: { memory: '100Gi' }, phase: 'Succeeded' },
        ...Array.from({ length: 9 }, (_, i) => ({ name: `agent-${i}`, requests: { cpu: '10m' } })),
      ],
    },
    // a Pod that asks for more memory than is free may preempt the Pod taking it, unless its class says Never
    {
      ...everything('preemptible'),
      allocatable: { ...roomy, memory: '6Gi' },
      pods: [{ name: 'batch', requests: { memory: '4Gi' }, priorityClassName: VICTIM_PRIORITY_CLASS }],
      eachPodAlone: true,
    },
    {
      name: 'mixed',
      labels: { ...kubevirtLabels('mixed'), cpumanager: 'true' },
      allocatable: { cpu: '4', memory: '8Gi', pods: '20', 'devices.kubevirt.io/kvm': '1' },
      taints: [{ key: 'dedicated', value: 'vms', effect: 'NoSchedule' }],
    },
  ];
}

// ------------------------------------------------------------------ the cluster

let cluster: Cluster;
let kube: Kube;
let cases: Case[];
let kinds: NodeKind[];
let workDir: string;

/** The objects admission and the volume filters look up: PriorityClasses, RuntimeClasses, ServiceAccounts, PVCs. */
async function createReferencedObjects(): Promise<void> {
  const specs = cases.map(({ pod }) => pod.spec!);
  await kube.ok('POST', '/apis/scheduling.k8s.io/v1/priorityclasses', {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: FILLER_PRIORITY_CLASS },
    value: 1_000_000_000,
  });
  await kube.ok('POST', '/apis/scheduling.k8s.io/v1/priorityclasses', {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: VICTIM_PRIORITY_CLASS },
    value: -10,
  });
  // one PriorityClass that may not preempt, to see the scheduler's message for it
  const priorities = [1_000_000, 1000, 10];
  const preemption = ['PreemptLowerPriority', 'Never', 'PreemptLowerPriority'];
  const priorityClasses = [...new Set(specs.map((spec) => spec.priorityClassName).filter(Boolean))].sort();
  for (const [i, name] of priorityClasses.entries()) {
    await kube.ok('POST', '/apis/scheduling.k8s.io/v1/priorityclasses', {
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name },
      value: priorities[i % priorities.length],
      preemptionPolicy: preemption[i % preemption.length],
    });
  }
  await createRuntimeClassesAndServiceAccounts(kube, specs, [NAMESPACE]);
  // Claims bound to a volume that any node can reach (what VolumeBinding checks of a bound claim); there is no
  // PV controller, so the binding is written as it would leave it.
  const claims = new Set(
    specs.flatMap((spec) =>
      (spec.volumes ?? []).map((v) => v.persistentVolumeClaim?.claimName).filter(Boolean),
    ),
  );
  for (const [i, claim] of [...claims].sort().entries()) {
    const volume = `pv-${i}`;
    await kube.ok('POST', '/api/v1/persistentvolumes', {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: volume },
      spec: {
        capacity: { storage: '100Gi' },
        accessModes: ['ReadWriteMany'],
        persistentVolumeReclaimPolicy: 'Retain',
        hostPath: { path: `/var/lib/e2e/${volume}` },
        claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: NAMESPACE, name: claim },
      },
    });
    await kube.ok('POST', `/api/v1/namespaces/${NAMESPACE}/persistentvolumeclaims`, {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: {
        name: claim,
        namespace: NAMESPACE,
        annotations: {
          'pv.kubernetes.io/bind-completed': 'yes',
          'pv.kubernetes.io/bound-by-controller': 'yes',
        },
      },
      spec: {
        accessModes: ['ReadWriteMany'],
        resources: { requests: { storage: '100Gi' } },
        volumeName: volume,
        storageClassName: '',
      },
    });
  }
}

async function createNode(kind: NodeKind): Promise<void> {
  await kube.ok('POST', '/api/v1/nodes', {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: kind.name, labels: kind.labels },
    spec: kind.unschedulable ? { unschedulable: true } : {},
  });
  if (!kind.keepCreationTaints) {
    // the TaintNodesByCondition admission plugin gives every new Node the not-ready taint: replace it
    await kube.mergePatch(`/api/v1/nodes/${kind.name}`, { spec: { taints: kind.taints ?? [] } });
  }
  await kube.mergePatch(`/api/v1/nodes/${kind.name}/status`, {
    status: { capacity: kind.allocatable, allocatable: kind.allocatable },
  });
  await createFillers(kind);
}

async function createFillers(kind: NodeKind): Promise<void> {
  for (const filler of kind.pods ?? []) {
    const name = `${kind.name}-${filler.name}`;
    await kube.ok('POST', paths.pods(FILLERS), {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: FILLERS },
      spec: {
        nodeName: kind.name,
        priorityClassName: filler.priorityClassName ?? FILLER_PRIORITY_CLASS,
        containers: [
          {
            name: 'main',
            image: 'registry.k8s.io/pause:3.10',
            resources: { requests: filler.requests, limits: filler.requests },
          },
        ],
      },
    });
    if (filler.phase)
      await kube.mergePatch(`${paths.pod(FILLERS, name)}/status`, { status: { phase: filler.phase } });
  }
}

async function deleteFillers(name: string): Promise<void> {
  const onNode = `${paths.pods(FILLERS)}?fieldSelector=spec.nodeName%3D${name}`;
  await kube.ok('DELETE', `${onNode}&gracePeriodSeconds=0`);
  while (((await kube.ok('GET', onNode)) as { items: Pod[] }).items.length > 0) await sleep(10);
}

async function deleteNode(name: string): Promise<void> {
  await deleteFillers(name);
  await kube.ok('DELETE', `/api/v1/nodes/${name}`);
  for (;;) {
    if ((await kube.find(`/api/v1/nodes/${name}`)) === undefined) return;
    await sleep(50);
  }
}

/**
 * The Nodes, the Pods on them and the PriorityClasses, as `kubectl get nodes,pods,priorityclasses -A -o yaml`
 * prints them, as a file (made between phases: the Pods of the corpus are not there).
 */
async function writeNodesFile(name: string): Promise<string> {
  const nodes = (await kube.ok('GET', '/api/v1/nodes')) as { items: Node[] };
  const pods = (await kube.ok('GET', '/api/v1/pods')) as { items: Pod[] };
  const classes = (await kube.ok('GET', '/apis/scheduling.k8s.io/v1/priorityclasses')) as { items: object[] };
  const file = join(workDir, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'List',
      items: [
        ...nodes.items.map((node) => ({ apiVersion: 'v1', kind: 'Node', ...node })),
        ...pods.items.map((pod) => ({ apiVersion: 'v1', kind: 'Pod', ...pod })),
        ...classes.items.map((c) => ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', ...c })),
      ],
    }),
  );
  return file;
}

interface Ours {
  fits: string[];
  message?: string;
}

async function ourVerdict(c: Case, nodesFile: string): Promise<Ours> {
  const result = await runMain([...c.lintArgs, '-o', 'json', '--nodes', nodesFile]);
  // (the report lists the cluster-config file first when it has problems of its own: the VMI's document is
  // the one with a kind)
  const report = JSON.parse(result.stdout) as { documents: { kind?: string; scheduling?: Ours }[] };
  const scheduling = report.documents.find((document) => document.kind !== undefined)?.scheduling;
  assert.ok(scheduling, `${c.key}: lint gave no scheduling verdict: ${result.stdout}${result.stderr}`);
  return scheduling;
}

/** Bound to a node, or refused with the scheduler's message. */
type Theirs = { node: string } | { message: string };

function decision(pod: Pod): Theirs | undefined {
  if (pod.spec?.nodeName) return { node: pod.spec.nodeName };
  const condition = pod.status?.conditions?.find((c) => c.type === 'PodScheduled' && c.status === 'False');
  return condition ? { message: condition.message ?? '' } : undefined;
}

const podBody = (c: Case): Pod => {
  const { generateName: _generateName, ...metadata } = c.pod.metadata ?? {};
  void _generateName;
  return {
    ...c.pod,
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { ...metadata, name: c.podName, namespace: NAMESPACE },
  };
};

/** Create each Pod; the names the API server refused, with why. */
/** The Pods of the corpus kube-apiserver refuses to create (so never scheduled), with why. */
const refusedByApi = new Map<string, string>();

function refuse(c: Case, response: { statusCode: number; body?: { message?: unknown } }): void {
  const message = String(response.body?.message ?? '');
  refusedByApi.set(c.key, `HTTP ${response.statusCode}: ${message.slice(0, 160)}`);
}

async function createPods(batch: Case[]): Promise<Case[]> {
  const created: Case[] = [];
  let next = 0;
  const worker = async () => {
    while (next < batch.length) {
      const c = batch[next++]!;
      const response = await kube.request('POST', paths.pods(NAMESPACE), podBody(c));
      if (response.statusCode === 201) created.push(c);
      else refuse(c, response);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return created;
}

async function waitForDecisions(batch: Case[], timeoutMs = 120_000): Promise<Map<string, Theirs>> {
  const wanted = new Set(batch.map((c) => c.podName));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await kube.ok('GET', paths.pods(NAMESPACE))) as { items: Pod[] };
    const decided = new Map<string, Theirs>();
    for (const pod of list.items) {
      const name = pod.metadata?.name ?? '';
      const d = wanted.has(name) ? decision(pod) : undefined;
      if (d) decided.set(name, d);
    }
    if (decided.size === wanted.size) return decided;
    if (Date.now() > deadline) {
      const missing = [...wanted].filter((name) => !decided.has(name));
      throw new Error(`no scheduling decision after ${timeoutMs} ms for ${missing.join(', ')}`);
    }
    await sleep(100);
  }
}

async function deleteAllPods(): Promise<void> {
  await kube.ok('DELETE', `${paths.pods(NAMESPACE)}?gracePeriodSeconds=0`);
  for (;;) {
    const list = (await kube.ok('GET', paths.pods(NAMESPACE))) as { items: Pod[] };
    if (list.items.length === 0) return;
    await sleep(50);
  }
}

/** The FailedScheduling reasons kube-scheduler gives that no other Pod can cause. */
const PODLESS_REASONS = [
  /^node\(s\) were unschedulable$/,
  /^node\(s\) didn't match Pod's node affinity\/selector$/,
  /^node\(s\) had untolerated taint \{.*\}$/,
  /^node\(s\) didn't match the requested node name$/,
  /^Preemption is not helpful for scheduling$/,
  /^not eligible due to preemptionPolicy=Never$/,
];

/** The reasons of a FailedScheduling message, the filters' and preemption's, without their counts. */
function reasonsOf(message: string): string[] {
  return message
    .split(' preemption: ')
    .flatMap((part) =>
      part
        .replace(/^(?:preemption: )?0\/\d+ nodes are available: /, '')
        .replace(/\.$/, '')
        .split(', '),
    )
    .map((reason) => reason.replace(/^\d+ /, ''));
}

/** Whether a refusal may be due to other Pods on the nodes (a reason outside PODLESS_REASONS). */
const mayDependOnOtherPods = (message: string): boolean =>
  reasonsOf(message).some((reason) => !PODLESS_REASONS.some((re) => re.test(reason)));

/**
 * Create the Pod alone (after settleMs, and first making anew the Pods on the Nodes of `renew`), await the
 * scheduler's decision, delete the Pod. Undefined when the API server refuses the Pod.
 */
async function scheduleAlone(c: Case, settleMs: number, renew: NodeKind[] = []): Promise<Theirs | undefined> {
  for (const kind of renew) {
    await deleteFillers(kind.name);
    await createFillers(kind);
  }
  await sleep(settleMs);
  const response = await kube.request('POST', paths.pods(NAMESPACE), podBody(c));
  if (response.statusCode !== 201) {
    refuse(c, response);
    return undefined;
  }
  const path = paths.pod(NAMESPACE, c.podName);
  let theirs: Theirs | undefined;
  const deadline = Date.now() + 60_000;
  while (!(theirs = decision((await kube.ok('GET', path)) as Pod))) {
    assert.ok(Date.now() < deadline, `${c.key}: no scheduling decision after 60 s`);
    await sleep(5);
  }
  await kube.ok('DELETE', `${path}?gracePeriodSeconds=0`);
  while ((await kube.find(path)) !== undefined) await sleep(5);
  return theirs;
}

/**
 * The scheduler's decision on each Pod of the corpus over the Nodes there are now, as if each were alone in
 * the cluster (see the design note at the top).
 */
async function scheduleAll(
  phase: NodeKind[],
): Promise<{ decisions: Map<string, Theirs>; alone: number; renew: NodeKind[] }> {
  const renew = phase.filter((kind) => kind.eachPodAlone);
  // the scheduler's Node informer catches up with the Node changes just made
  await sleep(300);
  if (renew.length) {
    const decisions = new Map<string, Theirs>();
    for (const c of cases) {
      const d = await scheduleAlone(c, 30, renew);
      if (d) decisions.set(c.podName, d);
    }
    return { decisions, alone: decisions.size, renew };
  }
  const created = await createPods(cases);
  const decisions = await waitForDecisions(created);
  await deleteAllPods();
  const anyBound = [...decisions.values()].some((d) => 'node' in d);
  const again = anyBound
    ? created.filter((c) => {
        const d = decisions.get(c.podName)!;
        return 'message' in d && mayDependOnOtherPods(d.message);
      })
    : [];
  // a bound Pod's deletion reaches the scheduler's cache (one informer goroutine) before the next Pod's
  // creation reaches its queue (another); a disagreement is measured again after a longer pause (compare)
  let previousBound = true;
  for (const c of again) {
    const d = await scheduleAlone(c, previousBound ? 30 : 0);
    assert.ok(d, `${c.key}: created once, refused now: ${refusedByApi.get(c.key)}`);
    decisions.set(c.podName, d);
    previousBound = 'node' in d;
  }
  return { decisions, alone: again.length, renew };
}

/** How our verdict disagrees with the scheduler's decision (none: undefined); `single`: one Node. */
function disagreement(ours: Ours, theirs: Theirs, single: boolean): string | undefined {
  if ('node' in theirs) {
    if (single ? ours.fits.length === 1 : ours.fits.includes(theirs.node)) return undefined;
    return `bound to ${theirs.node}; ours: ${ours.fits.length ? `fits ${ours.fits.join(', ')}` : ours.message}`;
  }
  if (ours.message === theirs.message) return undefined;
  return `\n  ours:      ${ours.message ?? `fits ${ours.fits.join(', ')}`}\n  scheduler: ${theirs.message}`;
}

/**
 * Compare our verdict with the scheduler's decision. A disagreement is measured once more, the Pod alone
 * after a pause (the decision may have been a crowd's or a lagging informer's), and that decision stands.
 */
async function compare(
  c: Case,
  nodesFile: string,
  decided: Theirs,
  single: boolean,
  renew: NodeKind[],
): Promise<{ theirs: Theirs; problem?: string; remeasured: boolean }> {
  const ours = await ourVerdict(c, nodesFile);
  if (disagreement(ours, decided, single) === undefined) return { theirs: decided, remeasured: false };
  const theirs = (await scheduleAlone(c, 1000, renew))!;
  const problem = disagreement(ours, theirs, single);
  return { theirs, remeasured: true, ...(problem !== undefined ? { problem } : {}) };
}

before(
  async () => {
    const h = await harness();
    cases = await renderCases();
    kinds = nodeKinds(cases);
    workDir = mkdtempSync(join(tmpdir(), 'vmi-render-e2e-scheduling-'));
    const schedulerNames = new Set(['default-scheduler']);
    for (const { pod } of cases) if (pod.spec?.schedulerName) schedulerNames.add(pod.spec.schedulerName);
    // image volumes (KubeVirt v1.9.0's container disks) are alpha in v1.31 (see pod-security.test.ts). A Pod
    // naming another scheduler gets a profile of that name with the default plugins, the ones we port.
    cluster = await h.cluster.startCluster({
      apiserverArgs: ['--feature-gates=ImageVolume=true'],
      scheduler: { schedulerNames: [...schedulerNames] },
    });
    kube = new Kube(cluster.kubeconfigPath, h.http);
    await h.cluster.createNamespace(cluster.kubeconfigPath, NAMESPACE);
    await h.cluster.createNamespace(cluster.kubeconfigPath, FILLERS);
    await createReferencedObjects();
  },
  { timeout: 300_000 },
);

after(async () => {
  await cluster?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('scheduling: our verdict is kube-scheduler v1.31’s', { timeout: 1_200_000 }, () => {
  it('each Node alone: bound exactly when we say the Pod fits, else its FailedScheduling message is ours', async (t) => {
    assert.ok(cases.length > 150, `${cases.length} Pods`);
    const mismatches: string[] = [];
    let compared = 0;
    let bound = 0;
    let alone = 0;
    let remeasured = 0;
    const reasons = new Map<string, number>();
    for (const kind of kinds) {
      await createNode(kind);
      const nodesFile = await writeNodesFile(kind.name);
      const result = await scheduleAll([kind]);
      alone += result.alone;
      for (const c of cases) {
        const decided = result.decisions.get(c.podName);
        if (!decided) continue;
        const {
          theirs,
          problem,
          remeasured: again,
        } = await compare(c, nodesFile, decided, true, result.renew);
        compared++;
        if (again) remeasured++;
        if (problem) mismatches.push(`${c.key} on ${kind.name}: ${problem}`);
        if ('node' in theirs) bound++;
        else {
          const found = new Set(reasonsOf(theirs.message).map((reason) => reason.replace(/\{.*\}/, '{...}')));
          // DefaultPreemption found a node where evicting lower-priority Pods makes room: it adds nothing
          if (!theirs.message.includes(' preemption: ')) found.add('(preemption would make room)');
          for (const reason of found) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
      }
      await deleteNode(kind.name);
    }
    t.diagnostic(
      `${compared} Pod×Node verdicts compared over ${kinds.length} Nodes, ${bound} bound, ${compared - bound} refused; ` +
        `${alone} Pods tried again alone, ${remeasured} disagreements measured again; refused by the API server: ${[...refusedByApi].map(([k, v]) => `${k} (${v})`).join(', ') || 'none'}`,
    );
    t.diagnostic(
      `the scheduler's reasons (Pod×Node refusals giving each): ${[...reasons]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([reason, count]) => `${reason}: ${count}`)
        .join('; ')}`,
    );
    assert.deepEqual(mismatches, [], mismatches.join('\n'));
    assert.ok(bound > 0 && bound < compared, `${bound} of ${compared} bound`);
    // what the Nodes are made to draw out of the scheduler
    for (const reason of [
      'Insufficient cpu',
      'Insufficient memory',
      'Insufficient hugepages-1Gi',
      'Insufficient hugepages-2Mi',
      'Insufficient devices.kubevirt.io/kvm',
      'Insufficient ephemeral-storage',
      'Too many pods',
      "node(s) didn't match Pod's node affinity/selector",
      'node(s) had untolerated taint {...}',
      'node(s) were unschedulable',
      'No preemption victims found for incoming pod',
      'Preemption is not helpful for scheduling',
      'not eligible due to preemptionPolicy=Never',
      '(preemption would make room)',
    ]) {
      assert.ok(reasons.has(reason), `no refusal gave ${reason}`);
    }
  });

  it('every Node at once: the Pod is bound to a Node we say it fits, or to none when we say none fits', async (t) => {
    const phase = kinds.filter((kind) => !kind.eachPodAlone);
    for (const kind of phase) await createNode(kind);
    const nodesFile = await writeNodesFile('all');
    const { decisions, alone, renew } = await scheduleAll(phase);
    const mismatches: string[] = [];
    let compared = 0;
    let bound = 0;
    let remeasured = 0;
    for (const c of cases) {
      const decided = decisions.get(c.podName);
      if (!decided) continue;
      const { theirs, problem, remeasured: again } = await compare(c, nodesFile, decided, false, renew);
      compared++;
      if (again) remeasured++;
      if (problem) mismatches.push(`${c.key}: ${problem}`);
      if ('node' in theirs) bound++;
    }
    t.diagnostic(
      `${compared} Pods over ${phase.length} Nodes, ${bound} bound; ${alone} Pods tried again alone, ${remeasured} disagreements measured again`,
    );
    assert.deepEqual(mismatches, [], mismatches.join('\n'));
    assert.ok(bound > 0, 'some bound');
  });
});
