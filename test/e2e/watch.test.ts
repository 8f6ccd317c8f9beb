// `vmi-render watch` against a real kube-apiserver + etcd: Pods for VMIs equal the offline render, updates and
// consulted objects re-apply, the safety rule, health and metrics, SIGTERM, and the RBAC of deploy/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Pod } from '../../src/types/k8s.js';
import { launcherPodName } from '../../src/watch/pod-name.js';
import {
  assertPodMatchesRender,
  containerDiskVMI,
  killAllWatches,
  kubeVirtCR,
  loadDeployManifests,
  offlineRender,
  paths,
  spawnWatch,
  startTestCluster,
  waitFor,
  type TestCluster,
  type WatchProcess,
} from './support.js';

const NS = 'e2e';
const FIELD_MANAGER = 'vmi-render';
const LONG_NAME = 'a-virtual-machine-instance-with-a-name-long-enough-to-need-a-hash-suffix';

let env: TestCluster;
let watch: WatchProcess;
let healthUrl: string;

const vmiPath = (name: string): string => paths.vmi(NS, name);
const podOf = (name: string): Promise<Pod | undefined> => env.kube.find(paths.pod(NS, launcherPodName(name)));

async function waitForMatchingPod(name: string, check: (pod: Pod) => boolean = () => true): Promise<Pod> {
  return waitFor(`launcher Pod of ${name}`, async () => {
    const pod = await podOf(name);
    return pod && check(pod) ? pod : undefined;
  });
}

async function assertMatchesOfflineRender(name: string): Promise<void> {
  const pod = await podOf(name);
  assert.ok(pod, `the launcher Pod of ${name} exists`);
  assertPodMatchesRender(pod, await offlineRender(env.kube, NS, name));
}

before(
  async () => {
    env = await startTestCluster();
    for (const namespace of ['kubevirt', NS]) await env.createNamespace(namespace);
    await env.kube.ok('POST', paths.kubevirts('kubevirt'), kubeVirtCR('v1.4.0'));
    await env.kube.ok('POST', paths.pvcs(NS), {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    });
    // two VMIs that exist before the controller starts (the initial list), the rest are created while it runs
    await env.kube.ok('POST', paths.vmis(NS), containerDiskVMI(NS, 'fedora'));
    await env.kube.ok(
      'POST',
      paths.vmis(NS),
      containerDiskVMI(NS, 'with-pvc', {
        spec: {
          domain: {
            devices: { disks: [{ name: 'data', disk: { bus: 'virtio' } }] },
            resources: { requests: { memory: '512Mi' } },
          },
          volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
        },
      }),
    );
    // the safety rule: a launcher Pod virt-controller made for this VMI
    const foreign = await env.kube.ok('POST', paths.vmis(NS), containerDiskVMI(NS, 'foreign'));
    await env.kube.ok('POST', `${paths.pods(NS)}?fieldManager=virt-controller`, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'virt-launcher-foreign-x7k2p',
        labels: { 'kubevirt.io': 'virt-launcher', 'kubevirt.io/created-by': foreign.metadata.uid },
      },
      spec: { containers: [{ name: 'compute', image: 'quay.io/kubevirt/virt-launcher:v1.4.0' }] },
    });

    const port = await env.freePort();
    healthUrl = `http://127.0.0.1:${port}`;
    watch = spawnWatch([
      '--kubeconfig',
      env.cluster.kubeconfigPath,
      '-n',
      NS,
      '--health-addr',
      `127.0.0.1:${port}`,
      '--retry-backoff-base',
      '200ms',
      '--retry-backoff-max',
      '2s',
    ]);
  },
  { timeout: 300_000 },
);

after(async () => {
  killAllWatches();
  await env?.cluster.stop();
});

describe('vmi-render watch', { timeout: 600_000 }, () => {
  it('applies a Pod for every VMI that equals the offline render', async () => {
    await env.kube.ok('POST', paths.vmis(NS), containerDiskVMI(NS, LONG_NAME));
    await env.kube.ok('POST', paths.nads(NS), {
      apiVersion: 'k8s.cni.cncf.io/v1',
      kind: 'NetworkAttachmentDefinition',
      metadata: {
        name: 'sriov-net',
        annotations: { 'k8s.v1.cni.cncf.io/resourceName': 'intel.com/sriov_net' },
      },
      spec: { config: '{"cniVersion":"0.3.1","type":"sriov"}' },
    });
    await env.kube.ok(
      'POST',
      paths.vmis(NS),
      containerDiskVMI(NS, 'multus', {
        spec: {
          domain: {
            devices: {
              disks: [{ name: 'rootdisk', disk: { bus: 'virtio' } }],
              interfaces: [
                { name: 'default', masquerade: {} },
                { name: 'sriov', sriov: {} },
              ],
            },
            resources: { requests: { memory: '1Gi' } },
          },
          networks: [
            { name: 'default', pod: {} },
            { name: 'sriov', multus: { networkName: 'sriov-net' } },
          ],
          volumes: [{ name: 'rootdisk', containerDisk: { image: 'quay.io/containerdisks/fedora:40' } }],
        },
      }),
    );

    for (const name of ['fedora', 'with-pvc', LONG_NAME, 'multus']) {
      const report = await watch.waitForReport(
        `applied ${name}`,
        (r) => r.vmi === `${NS}/${name}` && r.outcome === 'applied',
      );
      assert.equal(report.pod, launcherPodName(name));
      const pod = await waitForMatchingPod(name);
      assert.ok((pod.metadata?.name ?? '').length <= 63, 'the Pod name fits in 63 characters');
      const vmi = await env.kube.ok('GET', vmiPath(name));
      assert.deepEqual(
        pod.metadata?.ownerReferences?.map((ref) => [ref.kind, ref.name, ref.uid, ref.controller]),
        [['VirtualMachineInstance', name, vmi.metadata.uid, true]],
      );
      assert.ok(
        pod.metadata?.managedFields?.some(
          (entry) => entry.manager === FIELD_MANAGER && entry.operation === 'Apply',
        ),
        'applied with server-side apply under the field manager',
      );
      await assertMatchesOfflineRender(name);
    }
    assert.match(
      launcherPodName(LONG_NAME),
      /^virt-launcher-a-virtual-machine-instance-with-a-name-[0-9a-f]{10}$/,
    );
    const multus = await podOf('multus');
    assert.equal(multus?.spec?.containers?.[0]?.resources?.requests?.['intel.com/sriov_net'], '1');
  });

  it('leaves a VMI alone whose launcher Pod another field manager made, and reports it', async () => {
    const report = await watch.waitForReport('left-alone foreign', (r) => r.vmi === `${NS}/foreign`);
    assert.equal(report.outcome, 'left-alone');
    assert.equal(report.pod, 'virt-launcher-foreign-x7k2p');
    assert.match(report.message ?? '', /virt-controller/);
    assert.equal(await podOf('foreign'), undefined, 'no second launcher Pod');
    const theirs = (await env.kube.ok('GET', paths.pod(NS, 'virt-launcher-foreign-x7k2p'))) as Pod;
    assert.deepEqual(
      theirs.metadata?.managedFields?.map((entry) => entry.manager),
      ['virt-controller'],
      'their Pod is untouched',
    );
  });

  it('re-applies when the VMI changes', async () => {
    await env.kube.mergePatch(vmiPath('fedora'), { metadata: { labels: { tier: 'gold' } } });
    const pod = await waitForMatchingPod('fedora', (p) => p.metadata?.labels?.tier === 'gold');
    assert.equal(
      pod.metadata?.labels?.['kubevirt.io/created-by'],
      (await env.kube.ok('GET', vmiPath('fedora'))).metadata.uid,
    );
    await assertMatchesOfflineRender('fedora');

    // a label removed from the VMI disappears from the Pod (we owned it)
    await env.kube.mergePatch(vmiPath('fedora'), { metadata: { labels: { tier: null } } });
    await waitForMatchingPod('fedora', (p) => !('tier' in (p.metadata?.labels ?? {})));
    await assertMatchesOfflineRender('fedora');
  });

  it('re-applies every VMI when the KubeVirt CR changes', async () => {
    await env.kube.mergePatch(`${paths.kubevirts('kubevirt')}/kubevirt`, { spec: { imageTag: 'v1.4.1' } });
    for (const name of ['fedora', 'with-pvc', LONG_NAME, 'multus']) {
      await waitForMatchingPod(name, (pod) =>
        (pod.spec?.containers ?? []).some(
          (c) => c.name === 'compute' && c.image === 'quay.io/kubevirt/virt-launcher:v1.4.1',
        ),
      );
      await assertMatchesOfflineRender(name);
    }
  });

  it('re-applies when an object the render consults appears', async () => {
    await env.kube.ok(
      'POST',
      paths.vmis(NS),
      containerDiskVMI(NS, 'late-pvc', {
        spec: {
          domain: {
            devices: { disks: [{ name: 'data', disk: { bus: 'virtio' } }] },
            resources: { requests: { memory: '512Mi' } },
          },
          volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'late' } }],
        },
      }),
    );
    const failed = await watch.waitForReport('not-rendered late-pvc', (r) => r.vmi === `${NS}/late-pvc`);
    assert.equal(failed.outcome, 'not-rendered');
    assert.match(failed.message ?? '', /late/);
    assert.equal(await podOf('late-pvc'), undefined);

    await env.kube.ok('POST', paths.pvcs(NS), {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'late' },
      spec: {
        accessModes: ['ReadWriteMany'],
        volumeMode: 'Block',
        resources: { requests: { storage: '1Gi' } },
      },
    });
    await watch.waitForReport(
      'applied late-pvc',
      (r) => r.vmi === `${NS}/late-pvc` && r.outcome === 'applied',
    );
    await assertMatchesOfflineRender('late-pvc');
  });

  it('recreates a launcher Pod that was deleted', async () => {
    const before = await podOf('with-pvc');
    await env.kube.ok('DELETE', `${paths.pod(NS, launcherPodName('with-pvc'))}?gracePeriodSeconds=0`);
    const pod = await waitForMatchingPod('with-pvc', (p) => p.metadata?.uid !== before?.metadata?.uid);
    assert.ok(pod);
    await assertMatchesOfflineRender('with-pvc');
  });

  it('serves /healthz, /readyz, /leader and /metrics', async () => {
    const get = async (path: string): Promise<{ status: number; text: string; type: string }> => {
      const response = await fetch(`${healthUrl}${path}`);
      return {
        status: response.status,
        text: await response.text(),
        type: response.headers.get('content-type') ?? '',
      };
    };
    assert.equal((await get('/healthz')).status, 200);
    assert.equal((await get('/readyz')).status, 200);
    const leader = await get('/leader');
    assert.equal(leader.status, 200);
    assert.equal(JSON.parse(leader.text).leader, true);
    const metrics = await get('/metrics');
    assert.equal(metrics.status, 200);
    assert.match(metrics.type, /^text\/plain; version=0\.0\.4/);
    assert.match(metrics.text, /^vmi_render_watch_queue_depth \d+$/m);
    assert.match(metrics.text, /^vmi_render_watch_reconcile_total\{outcome="applied"\} [1-9]\d*$/m);
    assert.match(metrics.text, /^vmi_render_watch_reconcile_total\{outcome="left-alone"\} [1-9]\d*$/m);
    assert.match(
      metrics.text,
      /^vmi_render_watch_reconcile_duration_seconds_bucket\{le="\+Inf"\} [1-9]\d*$/m,
    );
    assert.match(metrics.text, /^vmi_render_watch_reconcile_duration_seconds_count [1-9]\d*$/m);
    assert.match(metrics.text, /^# TYPE vmi_render_watch_apply_errors_total counter$/m);
    assert.match(
      metrics.text,
      /^vmi_render_watch_informer_synced\{resource="virtualmachineinstances.kubevirt.io"\} 1$/m,
    );
    assert.equal((await get('/nope')).status, 404);
  });

  it('exits 0 on SIGTERM', async () => {
    const started = Date.now();
    const code = await watch.stop();
    assert.equal(code, 0, watch.stderr());
    assert.ok(Date.now() - started < 10_000, 'stops promptly');
    assert.match(watch.stderr(), /SIGTERM received/);
    assert.doesNotMatch(watch.stderr(), /ERROR/);
  });

  it('runs with exactly the RBAC of deploy/ (service account token, all namespaces, leader election)', async () => {
    const objects = loadDeployManifests().filter((object) => object.kind !== 'Deployment');
    await env.applyManifests(objects);
    const tokenRequest = await env.kube.ok(
      'POST',
      '/api/v1/namespaces/vmi-render/serviceaccounts/vmi-render-watch/token',
      { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 3600 } },
    );
    const kubeconfig = join(env.cluster.dataDir, 'kubeconfig-vmi-render-watch');
    writeFileSync(
      kubeconfig,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [
          {
            name: 'e2e',
            cluster: { server: env.cluster.apiserverUrl, 'certificate-authority': env.cluster.caFile },
          },
        ],
        users: [{ name: 'vmi-render-watch', user: { token: tokenRequest.status.token } }],
        contexts: [
          { name: 'sa', context: { cluster: 'e2e', user: 'vmi-render-watch', namespace: 'vmi-render' } },
        ],
        'current-context': 'sa',
      }),
    );
    await env.createNamespace('e2e-rbac');
    const sa = spawnWatch([
      '--kubeconfig',
      kubeconfig,
      '-A',
      '--leader-elect',
      '--lease-namespace',
      'vmi-render',
    ]);
    await sa.waitForLog(/acquired lease vmi-render\/vmi-render-watch/);
    await env.kube.ok('POST', paths.vmis('e2e-rbac'), containerDiskVMI('e2e-rbac', 'rbac'));
    await sa.waitForReport(
      'applied e2e-rbac/rbac',
      (r) => r.vmi === 'e2e-rbac/rbac' && r.outcome === 'applied',
    );
    assert.ok(await env.kube.find(paths.pod('e2e-rbac', launcherPodName('rbac'))));
    const lease = await env.kube.ok('GET', paths.lease('vmi-render', 'vmi-render-watch'));
    assert.ok(lease.spec.holderIdentity);
    assert.equal(await sa.stop(), 0, sa.stderr());
    assert.doesNotMatch(sa.stderr(), /forbidden/i);
    const released = await env.kube.ok('GET', paths.lease('vmi-render', 'vmi-render-watch'));
    assert.equal(released.spec.holderIdentity ?? '', '', 'the lease is released on SIGTERM');
  });
});
