// The API server goes away mid-run (crash and graceful restart): the informers reconnect and no VMI is lost.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { launcherPodName } from '../../src/watch/pod-name.js';
import {
  assertPodMatchesRender,
  containerDiskVMI,
  killAllWatches,
  kubeVirtCR,
  offlineRender,
  paths,
  spawnWatch,
  startTestCluster,
  waitFor,
  type TestCluster,
  type WatchProcess,
} from './support.js';

const NS = 'restart';
let env: TestCluster;
let watch: WatchProcess;

async function createVMIs(prefix: string, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
  for (const name of names) await env.kube.ok('POST', paths.vmis(NS), containerDiskVMI(NS, name));
  return names;
}

async function waitForPods(names: string[], timeoutMs = 60_000): Promise<void> {
  await waitFor(
    `launcher Pods of ${names.join(', ')}`,
    async () => {
      const pods = (await env.kube.ok('GET', paths.pods(NS))).items as { metadata: { name: string } }[];
      const have = new Set(pods.map((pod) => pod.metadata.name));
      return names.every((name) => have.has(launcherPodName(name)));
    },
    timeoutMs,
    500,
  );
}

before(
  async () => {
    env = await startTestCluster();
    await env.createNamespace('kubevirt');
    await env.createNamespace(NS);
    await env.kube.ok('POST', paths.kubevirts('kubevirt'), kubeVirtCR());
    watch = spawnWatch(['--kubeconfig', env.cluster.kubeconfigPath, '-A']);
    await watch.waitForLog(/caches synced/);
  },
  { timeout: 300_000 },
);

after(async () => {
  killAllWatches();
  await env?.cluster.stop();
});

describe('vmi-render watch across API server restarts', { timeout: 600_000 }, () => {
  it('loses no VMI when the API server crashes and comes back', async () => {
    const before = await createVMIs('before-crash', 5);
    await waitForPods(before);

    await env.cluster.restartApiserver({ signal: 'SIGKILL', downMs: 3000 });
    // created while the informers are still reconnecting (backoff), and a change to an existing one
    const after = await createVMIs('after-crash', 5);
    await env.kube.mergePatch(paths.vmi(NS, 'before-crash-0'), {
      metadata: { labels: { changed: 'after-crash' } },
    });
    await waitForPods(after);
    await waitFor('the label change to reach the Pod', async () => {
      const pod = await env.kube.find(paths.pod(NS, launcherPodName('before-crash-0')));
      return pod?.metadata?.labels?.changed === 'after-crash';
    });
    assert.match(watch.stderr(), /failed .*retrying in/, 'the informers noticed the outage');
  });

  it('loses no VMI across a graceful restart, and deletions made meanwhile are forgotten', async () => {
    const restart = env.cluster.restartApiserver({ signal: 'SIGTERM', downMs: 1000 });
    await restart;
    const after = await createVMIs('after-restart', 3);
    await env.kube.ok('DELETE', paths.vmi(NS, 'after-crash-4'));
    await waitForPods(after);
    for (const name of ['before-crash-1', 'after-crash-0', 'after-restart-2']) {
      const pod = await env.kube.ok('GET', paths.pod(NS, launcherPodName(name)));
      assertPodMatchesRender(pod, await offlineRender(env.kube, NS, name));
    }
    await watch.waitForReport(
      'gone after-crash-4',
      (r) => r.vmi === `${NS}/after-crash-4` && r.outcome === 'gone',
    );
  });

  it('keeps serving and exits 0 on SIGTERM afterwards', async () => {
    assert.equal(await watch.stop(), 0, watch.stderr());
    const vmis = (await env.kube.ok('GET', paths.vmis(NS))).items.length;
    const pods = (await env.kube.ok('GET', paths.pods(NS))).items.length;
    assert.equal(vmis, 12);
    assert.equal(
      pods,
      13,
      'one Pod per VMI, plus the Pod of the deleted VMI (no garbage collector runs here)',
    );
  });
});
