// The controller's reconcile against a scripted API server: server-side apply, dry run, the safety rule,
// render failures, refusals vs. transient errors, and --once.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../src/types/k8s.js';
import type { KubeVirt, VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import { RESOURCES } from '../../../src/watch/api-calls.js';
import {
  Controller,
  applyConfiguration,
  selectKubeVirt,
  type ControllerInformers,
} from '../../../src/watch/controller.js';
import { Informer, type KubeObject } from '../../../src/watch/informer.js';
import { silentLogger } from '../../../src/watch/log.js';
import { WatchMetrics } from '../../../src/watch/metrics.js';
import type { ReportEntry } from '../../../src/watch/report.js';
import { ExponentialRateLimiter, WorkQueue } from '../../../src/watch/workqueue.js';
import { FakeApiServer, type RecordedRequest } from './fake-apiserver.js';

const NS = 'ns1';
const VMI_PATH = `/apis/kubevirt.io/v1/namespaces/${NS}/virtualmachineinstances`;
const POD_PATH = `/api/v1/namespaces/${NS}/pods`;

const vmi = (name: string, volumes?: unknown[]): VirtualMachineInstance =>
  ({
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstance',
    metadata: { name, namespace: NS, uid: `uid-${name}`, resourceVersion: '3' },
    spec: {
      domain: {
        devices: { disks: [{ name: 'root', disk: { bus: 'virtio' } }] },
        resources: { requests: { memory: '1Gi' } },
      },
      volumes: volumes ?? [{ name: 'root', containerDisk: { image: 'quay.io/containerdisks/fedora:40' } }],
    },
  }) as VirtualMachineInstance;

const launcherPod = (
  name: string,
  uid: string,
  manager: string,
  operation: string,
): Record<string, unknown> => ({
  metadata: {
    name,
    namespace: NS,
    resourceVersion: '9',
    labels: { 'kubevirt.io/created-by': uid },
    managedFields: [{ manager, operation }],
  },
});

/** Answers server-side apply PATCHes: the body back, with a resourceVersion (201 Created the first time per Pod). */
function applyResponder(status = 200, resourceVersion = '42') {
  const seen = new Set<string>();
  const created = (path: string): boolean => !seen.has(path) && !!seen.add(path);
  return (request: RecordedRequest) =>
    request.method === 'PATCH'
      ? {
          status: status === 200 && created(request.path) ? 201 : status,
          body:
            status < 300
              ? {
                  ...JSON.parse(request.body),
                  metadata: { ...JSON.parse(request.body).metadata, resourceVersion },
                }
              : { kind: 'Status', status: 'Failure', code: status, message: `refused with ${status}` },
        }
      : undefined;
}

describe('Controller', () => {
  let server: FakeApiServer;
  let informers: ControllerInformers;
  let reports: ReportEntry[];

  beforeEach(async () => {
    server = await new FakeApiServer().start();
    reports = [];
  });
  afterEach(async () => {
    await Promise.all(Object.values(informers ?? {}).map((informer: Informer) => informer.stop()));
    await server.stop();
  });

  async function controller(settings: { dryRun?: boolean } = {}): Promise<Controller> {
    const client = await server.client();
    const make = <T extends KubeObject>(
      resource: (typeof RESOURCES)[keyof typeof RESOURCES],
      namespace?: string,
    ) =>
      new Informer<T>(client, { resource, namespace, log: silentLogger, backoffBaseMs: 5, backoffMaxMs: 20 });
    informers = {
      virtualMachineInstances: make(RESOURCES.virtualMachineInstances, NS),
      kubeVirts: make(RESOURCES.kubeVirts),
      pods: make(RESOURCES.pods, NS),
      persistentVolumeClaims: make(RESOURCES.persistentVolumeClaims, NS),
      networkAttachmentDefinitions: make(RESOURCES.networkAttachmentDefinitions, NS),
      configMaps: make(RESOURCES.configMaps, NS),
      namespaces: make(RESOURCES.namespaces),
      resourceQuotas: make(RESOURCES.resourceQuotas, NS),
    };
    for (const informer of Object.values(informers) as Informer[]) informer.start();
    await Promise.all((Object.values(informers) as Informer[]).map((informer) => informer.waitForSync()));
    return new Controller(
      client,
      informers,
      {
        fieldManager: 'vmi-render',
        dryRun: settings.dryRun ?? false,
        arch: 'amd64',
        workers: 2,
        onceMaxRetries: 3,
      },
      (entry) => reports.push(entry),
      new WatchMetrics(),
      silentLogger,
      new WorkQueue(new ExponentialRateLimiter(5, 20)),
    );
  }

  const patches = (): RecordedRequest[] => server.requests.filter((request) => request.method === 'PATCH');

  it('applies the rendered Pod with server-side apply under a stable name', async () => {
    server.setItems(VMI_PATH, [vmi('vm1')]);
    server.responders.push(applyResponder());
    const c = await controller();
    assert.deepEqual(await c.reconcile(`${NS}/vm1`), {
      kind: 'applied',
      pod: 'virt-launcher-vm1',
      change: 'created',
    });
    const [patch] = patches();
    assert.ok(patch);
    assert.equal(patch.path, `${POD_PATH}/virt-launcher-vm1`);
    assert.equal(patch.headers['content-type'], 'application/apply-patch+yaml');
    assert.equal(patch.query.get('fieldManager'), 'vmi-render');
    assert.equal(patch.query.get('force'), 'true');
    assert.equal(patch.query.get('dryRun'), null);
    const body = JSON.parse(patch.body) as Pod;
    assert.equal(body.apiVersion, 'v1');
    assert.equal(body.kind, 'Pod');
    assert.equal(body.metadata?.name, 'virt-launcher-vm1');
    assert.equal(body.metadata?.namespace, NS);
    assert.equal(body.metadata?.generateName, undefined);
    assert.deepEqual(
      body.metadata?.ownerReferences?.map((ref) => ref.uid),
      ['uid-vm1'],
    );
    assert.equal(body.metadata?.labels?.['kubevirt.io/created-by'], 'uid-vm1');
  });

  it('skips the request when the render and the cached Pod are unchanged since the last apply', async () => {
    server.setItems(VMI_PATH, [vmi('vm1')]);
    server.responders.push(applyResponder(200, '42'));
    const c = await controller();
    await c.reconcile(`${NS}/vm1`);
    await server.waitForWatches(POD_PATH);
    const ours = launcherPod('virt-launcher-vm1', 'uid-vm1', 'vmi-render', 'Apply');
    const seen = async (rv: string): Promise<void> => {
      for (
        let i = 0;
        i < 100 && informers.pods.get(NS, 'virt-launcher-vm1')?.metadata?.resourceVersion !== rv;
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    server.send(POD_PATH, 'ADDED', ours, '42');
    await seen('42');
    assert.deepEqual(await c.reconcile(`${NS}/vm1`), {
      kind: 'applied',
      pod: 'virt-launcher-vm1',
      change: 'unchanged',
    });
    assert.equal(patches().length, 1, 'no second request');
    server.send(POD_PATH, 'MODIFIED', ours, '43'); // someone else changed the Pod: apply again
    await seen('43');
    await c.reconcile(`${NS}/vm1`);
    assert.equal(patches().length, 2);
  });

  it('asks for a server dry run and reports admitted', async () => {
    server.setItems(VMI_PATH, [vmi('vm1')]);
    server.responders.push(applyResponder());
    const c = await controller({ dryRun: true });
    assert.deepEqual(await c.reconcile(`${NS}/vm1`), { kind: 'admitted', pod: 'virt-launcher-vm1' });
    assert.equal(patches()[0]?.query.get('dryRun'), 'All');
  });

  it('leaves alone a VMI whose launcher Pod another field manager made', async () => {
    server.setItems(VMI_PATH, [vmi('vm1'), vmi('vm2')]);
    server.setItems(POD_PATH, [
      launcherPod('virt-launcher-vm1-abcde', 'uid-vm1', 'virt-controller', 'Update'),
      launcherPod('virt-launcher-vm2', 'uid-vm2', 'vmi-render', 'Apply'),
    ]);
    server.responders.push(applyResponder());
    const c = await controller();
    const outcome = await c.reconcile(`${NS}/vm1`);
    assert.equal(outcome.kind, 'left-alone');
    assert.equal(outcome.pod, 'virt-launcher-vm1-abcde');
    assert.match(outcome.message ?? '', /managed by virt-controller/);
    assert.equal(patches().length, 0);
    assert.equal((await c.reconcile(`${NS}/vm2`)).kind, 'applied', 'our own Pod is re-applied');
  });

  it('also leaves alone a foreign Pod that took our stable name', async () => {
    server.setItems(VMI_PATH, [vmi('vm1')]);
    server.setItems(POD_PATH, [launcherPod('virt-launcher-vm1', 'someone-else', 'kubectl', 'Update')]);
    const c = await controller();
    assert.equal((await c.reconcile(`${NS}/vm1`)).kind, 'left-alone');
  });

  it('reports a VMI the render refuses (a missing PVC) without calling the API', async () => {
    server.setItems(VMI_PATH, [
      vmi('vm1', [{ name: 'root', persistentVolumeClaim: { claimName: 'missing' } }]),
    ]);
    const c = await controller();
    const outcome = await c.reconcile(`${NS}/vm1`);
    assert.equal(outcome.kind, 'not-rendered');
    assert.match(outcome.message ?? '', /missing/);
    assert.equal(patches().length, 0);
  });

  it('reports a refusal (4xx) with the server message; throws on transient errors', async () => {
    server.setItems(VMI_PATH, [vmi('vm1')]);
    server.responders.push(applyResponder(422));
    const c = await controller();
    assert.deepEqual(await c.reconcile(`${NS}/vm1`), {
      kind: 'refused',
      pod: 'virt-launcher-vm1',
      code: 422,
      message: 'refused with 422',
    });
    server.responders[0] = applyResponder(500);
    await assert.rejects(c.reconcile(`${NS}/vm1`), /refused with 500/);
  });

  it('skips VMIs that are gone, being deleted or finished', async () => {
    const finished = { ...vmi('done'), status: { phase: 'Succeeded' } };
    const base = vmi('deleting');
    const deleting = { ...base, metadata: { ...base.metadata, deletionTimestamp: '2025-01-01T00:00:00Z' } };
    server.setItems(VMI_PATH, [finished, deleting]);
    const c = await controller();
    assert.equal((await c.reconcile(`${NS}/nope`)).kind, 'gone');
    assert.equal((await c.reconcile(`${NS}/done`)).kind, 'skipped');
    assert.equal((await c.reconcile(`${NS}/deleting`)).kind, 'skipped');
    assert.equal(patches().length, 0);
  });

  it('--once: retries transient failures, then tallies successes and failures', async () => {
    server.setItems(VMI_PATH, [vmi('ok'), vmi('flaky'), vmi('refused'), vmi('down')]);
    let flaky = 2;
    server.responders.push((request) => {
      if (request.method !== 'PATCH') return undefined;
      if (request.path.endsWith('-refused'))
        return { status: 403, body: { code: 403, message: 'forbidden by policy' } };
      if (request.path.endsWith('-down')) return { status: 503, body: { code: 503, message: 'unavailable' } };
      if (request.path.endsWith('-flaky') && flaky-- > 0)
        return { status: 500, body: { code: 500, message: 'oops' } };
      return applyResponder()(request);
    });
    const c = await controller();
    const result = await c.runOnce(new AbortController().signal);
    assert.deepEqual(result, { total: 4, succeeded: 2, failed: 2 });
    const byVmi = Object.fromEntries(reports.map((r) => [r.vmi, r.kind]));
    assert.deepEqual(byVmi, {
      'ns1/ok': 'applied',
      'ns1/flaky': 'applied',
      'ns1/refused': 'refused',
      'ns1/down': 'error',
    });
    assert.equal(reports.length, 4, 'one report per VMI');
    assert.equal(patches().filter((p) => p.path.endsWith('-down')).length, 4, 'first try + 3 retries');
  });

  it('continuous: events enqueue the affected VMIs', async () => {
    server.setItems(VMI_PATH, [vmi('vm1', [{ name: 'root', persistentVolumeClaim: { claimName: 'disk' } }])]);
    const apply = applyResponder(200, '42');
    server.responders.push((request) => {
      const answer = apply(request);
      // the created Pod shows up in the Pod watch, as it would
      const pod = answer?.body as Pod | undefined;
      const created = {
        ...pod,
        metadata: { ...pod?.metadata, managedFields: [{ manager: 'vmi-render', operation: 'Apply' }] },
      };
      if (answer) setTimeout(() => server.send(POD_PATH, 'ADDED', created, '42'), 5);
      return answer;
    });
    const c = await controller();
    c.registerEventHandlers();
    const workers = c.runWorkers();
    c.enqueueAll();
    const waitFor = async (check: () => boolean): Promise<void> => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.ok(check());
    };
    await waitFor(() => reports.some((r) => r.kind === 'not-rendered'));
    await server.waitForWatches(`/api/v1/namespaces/${NS}/persistentvolumeclaims`);
    server.send(`/api/v1/namespaces/${NS}/persistentvolumeclaims`, 'ADDED', {
      metadata: { name: 'disk', namespace: NS },
      spec: { accessModes: ['ReadWriteOnce'] },
    });
    await waitFor(() => reports.some((r) => r.kind === 'applied'));
    assert.deepEqual(
      reports.map((r) => r.kind),
      ['not-rendered', 'applied'],
      'reported once each',
    );
    await c.queue.shutDown();
    await workers;
  });
});

describe('controller helpers', () => {
  it('selectKubeVirt picks the oldest live CR', () => {
    const kv = (name: string, created: string, deleting = false): KubeVirt => ({
      spec: {},
      metadata: {
        name,
        namespace: 'kubevirt',
        creationTimestamp: created,
        ...(deleting ? { deletionTimestamp: created } : {}),
      },
    });
    assert.equal(selectKubeVirt([]), undefined);
    assert.equal(
      selectKubeVirt([
        kv('b', '2025-02-01T00:00:00Z'),
        kv('a', '2025-03-01T00:00:00Z'),
        kv('c', '2025-01-01T00:00:00Z', true),
      ])?.metadata?.name,
      'b',
    );
  });

  it('applyConfiguration names the Pod and drops server-owned metadata', () => {
    const body = applyConfiguration(
      {
        metadata: { generateName: 'virt-launcher-x-', uid: 'u', resourceVersion: '1', labels: { a: 'b' } },
        spec: { containers: [] },
      },
      'virt-launcher-x',
      'ns',
    );
    assert.deepEqual(body, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'virt-launcher-x', namespace: 'ns', labels: { a: 'b' } },
      spec: { containers: [] },
    });
  });
});
