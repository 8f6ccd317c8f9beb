// Shared pieces of the `vmi-render watch` e2e tests: the cluster harness (scripts/e2e/, plain JS, loaded at run
// time), a tiny REST helper, the spawned `bin/vmi-render watch` process, and the offline render to compare with.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';
import { parseAllDocuments } from 'yaml';
import { ClusterConfig } from '../../src/cluster/cluster-config.js';
import { renderDocument } from '../../src/pipeline.js';
import { MemoryClusterState, type ClusterObject } from '../../src/state/cluster-state.js';
import type { Pod } from '../../src/types/k8s.js';
import type { KubeVirt, VirtualMachineInstance } from '../../src/types/kubevirt.js';
import { applyConfiguration } from '../../src/watch/controller.js';
import { launcherPodName } from '../../src/watch/pod-name.js';
import { chooseRelease, NEWEST_RELEASE } from '../../src/release/release.js';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../../bin/vmi-render', import.meta.url));

// ------------------------------------------------------------------ harness (scripts/e2e/*.mjs)

export interface Cluster {
  kubeconfigPath: string;
  apiserverUrl: string;
  dataDir: string;
  caFile: string;
  logs: { apiserver: string; etcd: string; scheduler?: string };
  apiserverPid(): number | undefined;
  restartApiserver(options?: { signal?: NodeJS.Signals; graceMs?: number; downMs?: number }): Promise<void>;
  createUserKubeconfig(options: { user: string; groups?: string[] }): string;
  stop(): Promise<void>;
}

interface ClusterModule {
  startCluster(options?: {
    dataDir?: string;
    keep?: boolean;
    binDir?: string;
    apiserverArgs?: string[];
    /** also run kube-scheduler (scripts/e2e/cluster.mjs) */
    scheduler?: boolean | { schedulerNames?: string[]; args?: string[] };
  }): Promise<Cluster>;
  createNamespace(kubeconfigPath: string, name: string, labels?: Record<string, string>): Promise<void>;
  freePort(): Promise<number>;
}

interface CrdsModule {
  installKubevirtCrds(kubeconfigPath: string, options?: Record<string, unknown>): Promise<unknown>;
  applyManifests(
    kubeconfigPath: string,
    objects: object[],
    options?: Record<string, unknown>,
  ): Promise<unknown>;
}

export interface KubeResponse {
  statusCode: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

interface KubeHttpModule {
  kubeRequest(
    creds: string,
    method: string,
    path: string,
    body?: unknown,
    options?: { contentType?: string; timeoutMs?: number },
  ): Promise<KubeResponse>;
}

const importHarness = async <T>(file: string): Promise<T> =>
  (await import(pathToFileURL(`${ROOT}scripts/e2e/${file}`).href)) as T;

export const harness = async (): Promise<{
  cluster: ClusterModule;
  crds: CrdsModule;
  http: KubeHttpModule;
}> => ({
  cluster: await importHarness<ClusterModule>('cluster.mjs'),
  crds: await importHarness<CrdsModule>('crds.mjs'),
  http: await importHarness<KubeHttpModule>('kube-http.mjs'),
});

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll until fn returns a value other than undefined/false. */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`,
      );
    }
    await sleep(everyMs);
  }
}

// ------------------------------------------------------------------ REST

export class Kube {
  constructor(
    readonly kubeconfigPath: string,
    private readonly http: KubeHttpModule,
  ) {}

  request(method: string, path: string, body?: unknown, contentType?: string): Promise<KubeResponse> {
    return this.http.kubeRequest(this.kubeconfigPath, method, path, body, contentType ? { contentType } : {});
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async ok(method: string, path: string, body?: unknown, contentType?: string): Promise<any> {
    const response = await this.request(method, path, body, contentType);
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new Error(`${method} ${path}: HTTP ${response.statusCode}: ${JSON.stringify(response.body)}`);
    }
    return response.body;
  }

  /** The object, or undefined on 404. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async find(path: string): Promise<any> {
    const response = await this.request('GET', path);
    if (response.statusCode === 404) return undefined;
    if (response.statusCode !== 200) throw new Error(`GET ${path}: HTTP ${response.statusCode}`);
    return response.body;
  }

  mergePatch(path: string, patch: unknown): Promise<unknown> {
    return this.ok('PATCH', path, patch, 'application/merge-patch+json');
  }
}

/**
 * The RuntimeClasses the Pods name and their ServiceAccounts (other than `default`) in each namespace: what
 * the API server's admission plugins look up before a Pod can be created.
 */
export async function createRuntimeClassesAndServiceAccounts(
  kube: Kube,
  specs: readonly { runtimeClassName?: string; serviceAccountName?: string }[],
  namespaces: readonly string[],
): Promise<void> {
  for (const name of new Set(specs.map((spec) => spec.runtimeClassName).filter(Boolean))) {
    await kube.ok('POST', '/apis/node.k8s.io/v1/runtimeclasses', {
      apiVersion: 'node.k8s.io/v1',
      kind: 'RuntimeClass',
      metadata: { name },
      handler: name,
    });
  }
  const serviceAccounts = new Set(
    specs.map((spec) => spec.serviceAccountName).filter((name) => name && name !== 'default'),
  );
  for (const namespace of namespaces) {
    for (const name of serviceAccounts) {
      await kube.ok('POST', `/api/v1/namespaces/${namespace}/serviceaccounts`, {
        apiVersion: 'v1',
        kind: 'ServiceAccount',
        metadata: { name, namespace },
      });
    }
  }
}

export const paths = {
  vmis: (ns: string) => `/apis/kubevirt.io/v1/namespaces/${ns}/virtualmachineinstances`,
  vmi: (ns: string, name: string) => `/apis/kubevirt.io/v1/namespaces/${ns}/virtualmachineinstances/${name}`,
  pods: (ns: string) => `/api/v1/namespaces/${ns}/pods`,
  pod: (ns: string, name: string) => `/api/v1/namespaces/${ns}/pods/${name}`,
  kubevirts: (ns: string) => `/apis/kubevirt.io/v1/namespaces/${ns}/kubevirts`,
  pvcs: (ns: string) => `/api/v1/namespaces/${ns}/persistentvolumeclaims`,
  nads: (ns: string) => `/apis/k8s.cni.cncf.io/v1/namespaces/${ns}/network-attachment-definitions`,
  lease: (ns: string, name: string) => `/apis/coordination.k8s.io/v1/namespaces/${ns}/leases/${name}`,
};

export interface TestCluster {
  cluster: Cluster;
  kube: Kube;
  createNamespace(name: string, labels?: Record<string, string>): Promise<void>;
  applyManifests(objects: object[]): Promise<unknown>;
  freePort(): Promise<number>;
}

/** etcd + kube-apiserver with the KubeVirt CRDs installed. */
export async function startTestCluster(
  options: { networkAttachmentDefinition?: boolean } = {},
): Promise<TestCluster> {
  const h = await harness();
  // KubeVirt v1.9.0 (the default release) renders containerDisks as image volumes: Kubernetes 1.31 keeps
  // them only with its (alpha) ImageVolume gate
  const cluster = await h.cluster.startCluster({ apiserverArgs: ['--feature-gates=ImageVolume=true'] });
  try {
    await h.crds.installKubevirtCrds(cluster.kubeconfigPath, options);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return {
    cluster,
    kube: new Kube(cluster.kubeconfigPath, h.http),
    createNamespace: (name, labels) => h.cluster.createNamespace(cluster.kubeconfigPath, name, labels),
    applyManifests: (objects) => h.crds.applyManifests(cluster.kubeconfigPath, objects),
    freePort: () => h.cluster.freePort(),
  };
}

// ------------------------------------------------------------------ objects

export function containerDiskVMI(
  namespace: string,
  name: string,
  extra: { labels?: Record<string, string>; spec?: Record<string, unknown> } = {},
): VirtualMachineInstance {
  return {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstance',
    metadata: { name, namespace, labels: { app: 'e2e', ...extra.labels } },
    spec: {
      domain: {
        devices: {
          disks: [
            { name: 'rootdisk', disk: { bus: 'virtio' } },
            { name: 'cloudinitdisk', disk: { bus: 'virtio' } },
          ],
        },
        resources: { requests: { memory: '1Gi' } },
      },
      volumes: [
        { name: 'rootdisk', containerDisk: { image: 'quay.io/containerdisks/fedora:40' } },
        { name: 'cloudinitdisk', cloudInitNoCloud: { userData: '#cloud-config\npassword: fedora\n' } },
      ],
      ...extra.spec,
    } as VirtualMachineInstance['spec'],
  };
}

export function kubeVirtCR(imageTag?: string, featureGates: string[] = []): KubeVirt {
  return {
    apiVersion: 'kubevirt.io/v1',
    kind: 'KubeVirt',
    metadata: { name: 'kubevirt', namespace: 'kubevirt' },
    spec: {
      ...(imageTag ? { imageTag } : {}),
      configuration: { developerConfiguration: { featureGates } },
    },
  } as KubeVirt;
}

export function loadDeployManifests(): Record<string, unknown>[] {
  const files = ['namespace.yaml', 'serviceaccount.yaml', 'rbac.yaml', 'deployment.yaml'];
  return files.flatMap((file) =>
    parseAllDocuments(readFileSync(`${ROOT}deploy/${file}`, 'utf8'))
      .map((document) => document.toJS() as Record<string, unknown> | null)
      .filter((object): object is Record<string, unknown> => !!object),
  );
}

// ------------------------------------------------------------------ the offline render

const LIST_KINDS: [string, (ns: string) => string][] = [
  ['PersistentVolumeClaim', (ns) => `/api/v1/namespaces/${ns}/persistentvolumeclaims`],
  [
    'NetworkAttachmentDefinition',
    (ns) => `/apis/k8s.cni.cncf.io/v1/namespaces/${ns}/network-attachment-definitions`,
  ],
  ['ConfigMap', (ns) => `/api/v1/namespaces/${ns}/configmaps`],
  ['ResourceQuota', (ns) => `/api/v1/namespaces/${ns}/resourcequotas`],
];

/** What `vmi-render` renders offline for the VMI as stored, with the cluster's objects; as watch applies it. */
export async function offlineRender(kube: Kube, namespace: string, name: string): Promise<Pod> {
  const vmi = (await kube.ok('GET', paths.vmi(namespace, name))) as VirtualMachineInstance;
  const kubevirts = ((await kube.ok('GET', '/apis/kubevirt.io/v1/kubevirts')).items ?? []) as KubeVirt[];
  const objects: ClusterObject[] = [];
  for (const [kind, path] of LIST_KINDS) {
    const list = await kube.find(path(namespace));
    for (const item of list?.items ?? []) objects.push({ ...item, kind });
  }
  objects.push({ ...(await kube.ok('GET', `/api/v1/namespaces/${namespace}`)), kind: 'Namespace' });
  // the release watch picks: the one the KubeVirt CR names, else the newest
  const chosen = chooseRelease(undefined, kubevirts[0]);
  const release = 'unsupported' in chosen ? NEWEST_RELEASE : chosen.release;
  const config = new ClusterConfig({ release, arch: 'amd64', kubevirt: kubevirts[0] });
  const { pod } = renderDocument(vmi, {
    config,
    state: new MemoryClusterState(objects),
    admission: false,
    namespace,
  });
  return applyConfiguration(pod, launcherPodName(name), namespace);
}

/** Every field of expected is in actual with the same value (the API server only adds defaults). */
export function assertSubset(expected: unknown, actual: unknown, path = ''): void {
  if (expected === null || typeof expected !== 'object') {
    assert.deepEqual(
      actual,
      expected,
      `${path || '.'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
    );
    return;
  }
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${path}: expected an array, got ${JSON.stringify(actual)}`);
    assert.equal(
      actual.length,
      expected.length,
      `${path}: expected ${expected.length} items, got ${actual.length}`,
    );
    expected.forEach((item, index) => assertSubset(item, actual[index], `${path}[${index}]`));
    return;
  }
  assert.ok(
    actual !== null && typeof actual === 'object' && !Array.isArray(actual),
    `${path}: expected an object`,
  );
  for (const [key, value] of Object.entries(expected)) {
    assertSubset(value, (actual as Record<string, unknown>)[key], `${path}.${key}`);
  }
}

/** The stored Pod equals the offline render: a superset of it, with exactly its labels, annotations, owners. */
export function assertPodMatchesRender(stored: Pod, rendered: Pod): void {
  assertSubset(rendered, stored);
  assert.deepEqual(stored.metadata?.labels ?? {}, rendered.metadata?.labels ?? {}, 'labels');
  assert.deepEqual(stored.metadata?.annotations ?? {}, rendered.metadata?.annotations ?? {}, 'annotations');
  assert.deepEqual(
    (stored.metadata?.ownerReferences ?? []).map((ref) => ref.uid),
    (rendered.metadata?.ownerReferences ?? []).map((ref) => ref.uid),
    'ownerReferences',
  );
}

// ------------------------------------------------------------------ the watch process

export interface ReportLine {
  time: string;
  outcome: string;
  vmi: string;
  uid?: string;
  pod?: string;
  change?: string;
  message?: string;
  code?: number;
  dryRun: boolean;
}

export interface WatchProcess {
  child: ChildProcess;
  reports: ReportLine[];
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The first report (from index `from` on) that matches. */
  waitForReport(
    what: string,
    predicate: (line: ReportLine) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<ReportLine>;
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM, then the exit code (SIGKILL after graceMs). */
  stop(graceMs?: number): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Kill every watch process still running (test cleanup). */
export function killAllWatches(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export function spawnWatch(args: string[], env: NodeJS.ProcessEnv = {}): WatchProcess {
  const child = spawn(process.execPath, [BIN, 'watch', '-o', 'json', ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const reports: ReportLine[] = [];
  let stderr = '';
  let stdoutPending = '';
  const listeners = new Set<() => void>();
  const notify = (): void => listeners.forEach((listener) => listener());
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdoutPending += chunk;
    let newline: number;
    while ((newline = stdoutPending.indexOf('\n')) >= 0) {
      const line = stdoutPending.slice(0, newline);
      stdoutPending = stdoutPending.slice(newline + 1);
      if (!line.trim()) continue;
      reports.push(JSON.parse(line) as ReportLine);
      if (process.env.E2E_VERBOSE) process.stderr.write(`[watch ${child.pid} report] ${line}\n`);
    }
    notify();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    if (process.env.E2E_VERBOSE) process.stderr.write(`[watch ${child.pid}] ${chunk}`);
    notify();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
      notify();
    }),
  );
  let done = false;
  void exited.then(() => (done = true));

  const waitUntil = <T>(what: string, check: () => T | undefined, timeoutMs: number): Promise<T> =>
    new Promise((resolve, reject) => {
      const finish = (error: Error | undefined, value?: T): void => {
        listeners.delete(listener);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(value as T);
      };
      const listener = (): void => {
        const value = check();
        if (value !== undefined) return finish(undefined, value);
        if (done)
          finish(new Error(`watch exited while waiting for ${what}; stderr:\n${stderr.slice(-3000)}`));
      };
      const timer = setTimeout(
        () =>
          finish(
            new Error(`timed out after ${timeoutMs} ms waiting for ${what}; stderr:\n${stderr.slice(-3000)}`),
          ),
        timeoutMs,
      );
      listeners.add(listener);
      listener();
    });

  return {
    child,
    reports,
    stderr: () => stderr,
    exited,
    waitForReport: (what, predicate, timeoutMs = 30_000, from = 0) =>
      waitUntil(what, () => reports.slice(from).find(predicate), timeoutMs),
    waitForLog: async (pattern, timeoutMs = 30_000) => {
      await waitUntil(`log ${pattern}`, () => (pattern.test(stderr) ? true : undefined), timeoutMs);
    },
    stop: async (graceMs = 20_000) => {
      if (!done) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const { code } = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * Pods upstream itself renders that the API server refuses (we keep upstream's Pod and warn): release ->
 * case -> a part of the API server's reason. api-server-verdict.test.ts fails when a listed case is accepted
 * or refused for another reason; pod-security.test.ts expects exactly these Pods to be admissible nowhere.
 */
export const KNOWN_REJECTED: Record<string, Record<string, string>> = {
  'v1.4.0': {
    'cases/080-ppc64le': 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true',
    'cases/425-ppc64le-basic': 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true',
    // support containers whose configured request is above their limit
    'cases/452-support-container-resources-odd-quantities':
      'must be less than or equal to memory limit of 40M',
    // the VMI's DNS option without a name, copied into the Pod
    'cases/602-toleration-empty-fields-and-dns-option':
      'spec.dnsConfig.options[1]: Required value: must not be empty',
    // a kernel-boot container without an image (virt-api refuses the VMI too)
    'cases/603-kernel-boot-without-image-pod': 'spec.initContainers[2].image: Required value',
  },
  'v1.9.0': {
    // v1.9.0's persistent-reservation label and anti-affinity key with an empty name part
    'cases/064-pr-helper-lun-reservation': 'name part must be non-empty',
    'cases/092-kitchen-sink-storage-heavy': 'name part must be non-empty',
    'vm-cases/111-hotplug-pvc-volume-and-lun-with-preferences': 'name part must be non-empty',
    'cases/452-support-container-resources-odd-quantities':
      'must be less than or equal to memory limit of 40M',
    'cases/602-toleration-empty-fields-and-dns-option':
      'spec.dnsConfig.options[1]: Required value: must not be empty',
    'cases/603-kernel-boot-without-image-pod': 'spec.initContainers[2].image: Required value',
    // a GPU's and a host device's empty DRA claim requests: two compute claims named ""
    'cases/499-dra-gpu-and-host-device-empty-claim-fields':
      'spec.containers[0].resources.claims[1]: Required value',
  },
};
