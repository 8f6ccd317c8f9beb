// The controller: informer events enqueue VMI keys; workers render each VMI's launcher Pod and apply it
// (server-side apply under our field manager), like virt-controller's VMI controller but level-triggered.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { chooseRelease, NEWEST_RELEASE, unsupportedVersionMessage } from '../release/release.js';
import { ClusterConfig, type Arch } from '../cluster/cluster-config.js';
import { VmiRenderError } from '../errors.js';
import { renderDocument } from '../pipeline.js';
import type {
  ConfigMap,
  Namespace,
  NetworkAttachmentDefinition,
  PersistentVolumeClaim,
  Pod,
  ResourceQuota,
} from '../types/k8s.js';
import type { KubeVirt, VirtualMachineInstance } from '../types/kubevirt.js';
import { RESOURCES } from './api-calls.js';
import { ApiError, errorMessage, isTransient, type KubeClient } from './client.js';
import { objectKey, type Informer, type KubeObject } from './informer.js';
import { InformerClusterState } from './informer-state.js';
import type { Logger } from './log.js';
import type { WatchMetrics } from './metrics.js';
import { CREATED_BY_LABEL, fieldManagers, isAppliedBy, launcherPodName } from './pod-name.js';
import { isNeutral, isSuccess, type Outcome, type Reporter } from './report.js';
import { WorkQueue } from './workqueue.js';

export interface ControllerInformers {
  virtualMachineInstances: Informer<VirtualMachineInstance>;
  kubeVirts: Informer<KubeVirt>;
  pods: Informer<Pod>;
  persistentVolumeClaims: Informer<PersistentVolumeClaim>;
  networkAttachmentDefinitions: Informer<NetworkAttachmentDefinition>;
  configMaps: Informer<ConfigMap>;
  namespaces: Informer<Namespace>;
  resourceQuotas: Informer<ResourceQuota>;
}

export interface ControllerSettings {
  fieldManager: string;
  dryRun: boolean;
  arch: Arch;
  /** --kubevirt-version; absent: the release the cluster's KubeVirt CR names. */
  kubevirtVersion?: string;
  launcherImage?: string;
  sidecarShimImage?: string;
  workers: number;
  /** --once: process every VMI once, retrying only transient failures, up to this many times. */
  onceMaxRetries: number;
}

export interface OnceResult {
  total: number;
  succeeded: number;
  failed: number;
}

const FINAL_PHASES = new Set(['Succeeded', 'Failed']);

/** The KubeVirt CR in effect: the oldest one not being deleted (virt-operator allows only one). */
export function selectKubeVirt(kubevirts: KubeVirt[]): KubeVirt | undefined {
  const live = kubevirts.filter((kv) => !kv.metadata?.deletionTimestamp);
  live.sort((a, b) => {
    const ta = a.metadata?.creationTimestamp ?? '';
    const tb = b.metadata?.creationTimestamp ?? '';
    if (ta !== tb) return ta < tb ? -1 : 1;
    return objectKey(a).localeCompare(objectKey(b));
  });
  return live[0];
}

/** The Pod as sent with server-side apply: the render with a stable name instead of generateName. */
export function applyConfiguration(pod: Pod, name: string, namespace: string): Pod {
  const body = { ...structuredClone(pod), apiVersion: 'v1', kind: 'Pod' } as Pod & { status?: unknown };
  const metadata = { ...body.metadata, name, namespace };
  delete metadata.generateName;
  delete metadata.creationTimestamp;
  delete metadata.resourceVersion;
  delete metadata.uid;
  delete metadata.managedFields;
  body.metadata = metadata;
  delete body.status;
  return body;
}

const splitKey = (key: string): [string, string] => {
  const slash = key.indexOf('/');
  return slash < 0 ? ['', key] : [key.slice(0, slash), key.slice(slash + 1)];
};

export class Controller {
  readonly queue: WorkQueue;
  private readonly state: InformerClusterState;
  private configCache: { key: string; config: ClusterConfig } | undefined;
  private readonly applied = new Map<string, { hash: string; resourceVersion: string }>();
  private readonly lastReported = new Map<string, string>();
  private handlersRegistered = false;

  constructor(
    private readonly client: KubeClient,
    private readonly informers: ControllerInformers,
    private readonly settings: ControllerSettings,
    private readonly report: Reporter,
    private readonly metrics: WatchMetrics,
    private readonly log: Logger,
    queue?: WorkQueue,
  ) {
    this.queue =
      queue ??
      new WorkQueue(undefined, {
        onAdd: () => metrics.queueAdds.inc(),
        onRetry: () => metrics.queueRetries.inc(),
      });
    metrics.queueDepth.collect = () => this.queue.len();
    this.state = new InformerClusterState(informers);
  }

  // ------------------------------------------------------------------ events -> keys

  /** Wire informer events to the queue (continuous mode). Events before the workers start just fill the queue. */
  registerEventHandlers(): void {
    if (this.handlersRegistered) return;
    this.handlersRegistered = true;
    const inf = this.informers;
    const vmiKey = (vmi: VirtualMachineInstance): void => this.queue.add(objectKey(vmi));
    inf.virtualMachineInstances.addHandlers({ add: vmiKey, update: (_, vmi) => vmiKey(vmi), delete: vmiKey });

    const all = (): void => this.enqueueAll();
    inf.kubeVirts.addHandlers({ add: all, update: all, delete: all });

    const byNamespace = (object: KubeObject): void => this.enqueueNamespace(object.metadata?.namespace ?? '');
    for (const informer of [inf.persistentVolumeClaims, inf.configMaps, inf.resourceQuotas] as Informer[]) {
      informer.addHandlers({ add: byNamespace, update: (_, o) => byNamespace(o), delete: byNamespace });
    }
    const nad = (object: KubeObject): void => this.enqueueNetworkUsers(object);
    inf.networkAttachmentDefinitions.addHandlers({ add: nad, update: (_, o) => nad(o), delete: nad });
    const ns = (object: KubeObject): void => this.enqueueNamespace(object.metadata?.name ?? '');
    inf.namespaces.addHandlers({ add: ns, update: (_, o) => ns(o), delete: ns });

    const pod = (object: Pod): void => this.enqueuePodOwner(object);
    inf.pods.addHandlers({ add: pod, update: (_, o) => pod(o), delete: pod });
  }

  enqueueAll(): void {
    for (const vmi of this.informers.virtualMachineInstances.list()) this.queue.add(objectKey(vmi));
  }

  private enqueueNamespace(namespace: string): void {
    for (const vmi of this.informers.virtualMachineInstances.list(namespace)) this.queue.add(objectKey(vmi));
  }

  /** A NetworkAttachmentDefinition changed: VMIs of its namespace, and VMIs elsewhere naming it as ns/name. */
  private enqueueNetworkUsers(nad: KubeObject): void {
    const namespace = nad.metadata?.namespace ?? '';
    const qualified = `${namespace}/${nad.metadata?.name ?? ''}`;
    for (const vmi of this.informers.virtualMachineInstances.list()) {
      const vmiNamespace = vmi.metadata?.namespace ?? '';
      if (
        vmiNamespace === namespace ||
        (vmi.spec?.networks ?? []).some((network) => network.multus?.networkName === qualified)
      ) {
        this.queue.add(objectKey(vmi));
      }
    }
  }

  /** A launcher Pod changed: its VMI, found by owner reference or by the created-by label. */
  private enqueuePodOwner(pod: Pod): void {
    const namespace = pod.metadata?.namespace ?? '';
    const owner = (pod.metadata?.ownerReferences ?? []).find((ref) => ref.kind === 'VirtualMachineInstance');
    if (owner?.name) this.queue.add(`${namespace}/${owner.name}`);
    const uid = pod.metadata?.labels?.[CREATED_BY_LABEL];
    if (!uid) return;
    for (const vmi of this.informers.virtualMachineInstances.list(namespace)) {
      if (vmi.metadata?.uid === uid) this.queue.add(objectKey(vmi));
    }
  }

  // ------------------------------------------------------------------ reconcile

  private clusterConfig(): ClusterConfig {
    const kubevirt = selectKubeVirt(this.informers.kubeVirts.list());
    const key = kubevirt ? `${kubevirt.metadata?.uid}@${kubevirt.metadata?.resourceVersion}` : '';
    if (this.configCache?.key !== key) {
      const chosen = chooseRelease(this.settings.kubevirtVersion, kubevirt);
      // an unsupported version from the flag was refused at start-up; one the CR names falls back to the newest
      const release = 'unsupported' in chosen ? NEWEST_RELEASE : chosen.release;
      if ('unsupported' in chosen) {
        this.log(
          'warn',
          `KubeVirt ${objectKey(kubevirt ?? {})}: ${unsupportedVersionMessage(chosen.unsupported)}; rendering as ${release.version}`,
        );
      } else if (chosen.warning) {
        this.log('warn', chosen.warning);
      }
      const config = new ClusterConfig({ arch: this.settings.arch, kubevirt, release });
      if (config.configurationProblem) {
        this.log(
          'warn',
          `KubeVirt ${objectKey(kubevirt ?? {})}: invalid configuration, using the defaults: ${config.configurationProblem}`,
        );
      }
      const count = this.informers.kubeVirts.size;
      if (count > 1) this.log('warn', `${count} KubeVirt CRs found; using ${objectKey(kubevirt ?? {})}`);
      this.configCache = { key, config };
    }
    return this.configCache.config;
  }

  /** Render and apply one VMI's launcher Pod. Throws for failures worth retrying soon. */
  async reconcile(key: string): Promise<Outcome> {
    const [namespace, name] = splitKey(key);
    const vmi = this.informers.virtualMachineInstances.get(namespace, name);
    if (!vmi) {
      this.applied.delete(key);
      return { kind: 'gone', message: 'the VMI no longer exists' };
    }
    if (vmi.metadata?.deletionTimestamp) return { kind: 'skipped', message: 'the VMI is being deleted' };
    const phase = vmi.status?.phase ?? '';
    if (FINAL_PHASES.has(phase)) return { kind: 'skipped', message: `the VMI is ${phase}` };

    const uid = vmi.metadata?.uid ?? '';
    const podName = launcherPodName(name);
    const { fieldManager, dryRun } = this.settings;

    // Safety rule: a launcher Pod of this VMI that someone else manages (virt-controller) is left alone.
    const foreign = this.informers.pods
      .list(namespace)
      .filter(
        (pod) => pod.metadata?.name === podName || (uid && pod.metadata?.labels?.[CREATED_BY_LABEL] === uid),
      )
      .filter((pod) => !isAppliedBy(pod, fieldManager));
    if (foreign.length) {
      const descriptions = foreign.map(
        (pod) =>
          `pod/${pod.metadata?.name ?? '?'} (managed by ${fieldManagers(pod).join(', ') || 'unknown'})`,
      );
      return {
        kind: 'left-alone',
        pod: foreign[0]?.metadata?.name,
        message: `launcher Pod exists and is not managed by field manager "${fieldManager}": ${descriptions.join('; ')}`,
      };
    }

    let pod: Pod;
    try {
      pod = renderDocument(vmi, {
        config: this.clusterConfig(),
        state: this.state,
        admission: false,
        namespace,
        launcherImage: this.settings.launcherImage,
        sidecarShimImage: this.settings.sidecarShimImage,
      }).pod;
    } catch (error) {
      if (error instanceof VmiRenderError) return { kind: 'not-rendered', message: error.message };
      return { kind: 'not-rendered', message: `internal error in the render: ${errorMessage(error)}` };
    }

    const body = applyConfiguration(pod, podName, namespace);
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const cached = this.informers.pods.get(namespace, podName);
    const memo = this.applied.get(key);
    if (
      !dryRun &&
      memo &&
      cached &&
      memo.hash === hash &&
      memo.resourceVersion === cached.metadata?.resourceVersion
    ) {
      return { kind: 'applied', pod: podName, change: 'unchanged' };
    }

    this.metrics.applies.inc({ dry_run: String(dryRun) });
    let result: { statusCode: number; body: Pod };
    try {
      result = await this.client.requestWithStatus<Pod>(RESOURCES.pods, 'patch', {
        namespace,
        name: podName,
        query: { fieldManager, force: true, dryRun: dryRun ? 'All' : undefined },
        body,
        contentType: 'application/apply-patch+yaml',
      });
    } catch (error) {
      const code = error instanceof ApiError ? error.statusCode : 0;
      this.metrics.applyErrors.inc({ code: String(code) });
      if (isTransient(error)) throw error;
      const message =
        error instanceof ApiError ? (error.status?.message ?? error.message) : errorMessage(error);
      return { kind: 'refused', pod: podName, code, message };
    }
    if (dryRun) return { kind: 'admitted', pod: podName };
    const resourceVersion = result.body.metadata?.resourceVersion ?? '';
    this.applied.set(key, { hash, resourceVersion });
    // 201: the apply created the Pod; otherwise it changed it, unless the resourceVersion is one we knew already
    const known = [cached?.metadata?.resourceVersion, memo?.resourceVersion];
    const change =
      result.statusCode === 201 ? 'created' : known.includes(resourceVersion) ? 'unchanged' : 'updated';
    return { kind: 'applied', pod: podName, change };
  }

  // ------------------------------------------------------------------ workers

  private async processOne(key: string, once: boolean): Promise<{ final: boolean; outcome: Outcome }> {
    const started = performance.now();
    let outcome: Outcome;
    try {
      outcome = await this.reconcile(key);
    } catch (error) {
      outcome = { kind: 'error', message: errorMessage(error) };
    }
    this.metrics.reconciles.inc({ outcome: outcome.kind });
    this.metrics.reconcileSeconds.observe((performance.now() - started) / 1000);

    let final = true;
    if (outcome.kind === 'error') {
      if (!once || this.queue.numRequeues(key) < this.settings.onceMaxRetries) {
        outcome.retryInMs = this.queue.addRateLimited(key);
        final = false;
      }
    } else if (!once && (outcome.kind === 'refused' || outcome.kind === 'not-rendered')) {
      // may succeed later without an event we watch (an admission webhook, a policy): retry with backoff
      outcome.retryInMs = this.queue.addRateLimited(key);
    } else {
      this.queue.forget(key);
    }
    return { final, outcome };
  }

  private emit(key: string, outcome: Outcome, force: boolean): void {
    const [namespace, name] = splitKey(key);
    const uid = this.informers.virtualMachineInstances.get(namespace, name)?.metadata?.uid;
    const signature = `${outcome.kind}|${outcome.pod ?? ''}|${outcome.message ?? ''}`;
    const changed = outcome.kind === 'applied' && outcome.change !== 'unchanged';
    if (!force && !changed && this.lastReported.get(key) === signature) return;
    if (outcome.kind === 'gone') {
      const had = this.lastReported.delete(key);
      if (!had && !force) return;
    } else {
      this.lastReported.set(key, signature);
    }
    const entry = { vmi: key, ...(uid ? { uid } : {}), dryRun: this.settings.dryRun, ...outcome };
    if (outcome.kind !== 'error') delete entry.retryInMs; // retrying in the background; only errors say so
    this.report(entry);
  }

  /** Continuous mode: workers until the queue shuts down. */
  async runWorkers(): Promise<void> {
    const worker = async (): Promise<void> => {
      for (;;) {
        const key = await this.queue.get();
        if (key === undefined) return;
        try {
          const { outcome } = await this.processOne(key, false);
          this.emit(key, outcome, false);
        } finally {
          this.queue.done(key);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.settings.workers) }, worker));
  }

  /** --once: every VMI in the cache, once; resolves with the tally (transient failures retried first). */
  async runOnce(signal: AbortSignal): Promise<OnceResult> {
    const pending = new Set(this.informers.virtualMachineInstances.list().map(objectKey));
    const result: OnceResult = { total: pending.size, succeeded: 0, failed: 0 };
    if (!pending.size) return result;
    for (const key of pending) this.queue.add(key);
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const onAbort = (): void => finish();
    signal.addEventListener('abort', onAbort, { once: true });
    const worker = async (): Promise<void> => {
      for (;;) {
        const key = await this.queue.get();
        if (key === undefined) return;
        try {
          const { final, outcome } = await this.processOne(key, true);
          if (!final) {
            this.log(
              'warn',
              `vmi/${key}: ${outcome.message ?? 'failed'}; retrying in ${outcome.retryInMs ?? 0} ms`,
            );
            continue;
          }
          this.emit(key, outcome, true);
          if (pending.delete(key)) {
            if (isSuccess(outcome.kind)) result.succeeded++;
            else if (isNeutral(outcome.kind)) result.total--;
            else result.failed++;
          }
          if (!pending.size) finish();
        } finally {
          this.queue.done(key);
        }
      }
    };
    const workers = Promise.all(Array.from({ length: Math.max(1, this.settings.workers) }, worker));
    await finished;
    signal.removeEventListener('abort', onAbort);
    await this.queue.shutDown();
    await workers;
    result.failed += pending.size; // interrupted before a result
    return result;
  }
}
