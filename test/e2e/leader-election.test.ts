// Two replicas with --leader-elect: only the leader acts; the standby takes over when the leader stops renewing
// (crash) or releases the lease (SIGTERM). Short durations through the hidden flags / environment.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { launcherPodName } from '../../src/watch/pod-name.js';
import {
  containerDiskVMI,
  killAllWatches,
  kubeVirtCR,
  paths,
  spawnWatch,
  startTestCluster,
  waitFor,
  type TestCluster,
  type WatchProcess,
} from './support.js';

const NS = 'leader';
const LEASE_NS = 'vmi-render';
const LEASE = 'vmi-render-watch';
const LEASE_SECONDS = 4;

interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

let env: TestCluster;

const lease = async (): Promise<LeaseSpec | undefined> =>
  (await env.kube.find(paths.lease(LEASE_NS, LEASE)))?.spec;
const hasPod = async (name: string): Promise<boolean> =>
  !!(await env.kube.find(paths.pod(NS, launcherPodName(name))));

async function replica(identity: string): Promise<{ watch: WatchProcess; health: string }> {
  const port = await env.freePort();
  const watch = spawnWatch(
    [
      '--kubeconfig',
      env.cluster.kubeconfigPath,
      '-n',
      NS,
      '--leader-elect',
      '--lease-namespace',
      LEASE_NS,
      '--leader-elect-identity',
      identity,
      '--leader-elect-lease-duration',
      `${LEASE_SECONDS}s`,
      '--health-addr',
      `127.0.0.1:${port}`,
    ],
    // the environment works as well as the flags
    { VMI_RENDER_LEADER_ELECT_RENEW_DEADLINE: '3s', VMI_RENDER_LEADER_ELECT_RETRY_PERIOD: '500ms' },
  );
  return { watch, health: `http://127.0.0.1:${port}` };
}

async function leaderEndpoint(
  url: string,
): Promise<{ status: number; body: { leader: boolean; holderIdentity?: string } }> {
  const response = await fetch(`${url}/leader`);
  return {
    status: response.status,
    body: (await response.json()) as { leader: boolean; holderIdentity?: string },
  };
}

before(
  async () => {
    env = await startTestCluster();
    for (const namespace of ['kubevirt', NS, LEASE_NS]) await env.createNamespace(namespace);
    await env.kube.ok('POST', paths.kubevirts('kubevirt'), kubeVirtCR());
  },
  { timeout: 300_000 },
);

after(async () => {
  killAllWatches();
  await env?.cluster.stop();
});

describe('vmi-render watch --leader-elect', { timeout: 600_000 }, () => {
  let a: { watch: WatchProcess; health: string };
  let b: { watch: WatchProcess; health: string };

  it('only the replica holding the lease acts', async () => {
    a = await replica('replica-a');
    await a.watch.waitForLog(/acquired lease/);
    b = await replica('replica-b');
    await b.watch.waitForLog(/held by replica-a; standing by/);

    const spec = await lease();
    assert.equal(spec?.holderIdentity, 'replica-a');
    assert.equal(spec?.leaseDurationSeconds, LEASE_SECONDS);
    assert.equal(spec?.leaseTransitions, 0);
    assert.match(spec?.acquireTime ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    await env.kube.ok('POST', paths.vmis(NS), containerDiskVMI(NS, 'first'));
    await a.watch.waitForReport('applied first', (r) => r.vmi === `${NS}/first` && r.outcome === 'applied');
    assert.ok(await hasPod('first'));

    // the lease is renewed while A leads
    const renewed = await waitFor('a renewal', async () => {
      const now = await lease();
      return now?.renewTime !== spec?.renewTime ? now : undefined;
    });
    assert.equal(renewed.holderIdentity, 'replica-a');
    assert.equal(renewed.acquireTime, spec?.acquireTime, 'renewals keep acquireTime');

    assert.equal((await leaderEndpoint(a.health)).status, 200);
    const standby = await leaderEndpoint(b.health);
    assert.equal(standby.status, 503);
    assert.equal(standby.body.leader, false);
    assert.equal(standby.body.holderIdentity, 'replica-a');
    assert.deepEqual(b.watch.reports, [], 'the standby reconciled nothing');
  });

  it('the standby takes over after the leader stops renewing', async () => {
    const before = await lease();
    a.watch.child.kill('SIGKILL'); // no release: B must wait for the lease to expire
    const killedAt = Date.now();
    await b.watch.waitForLog(/acquired lease/, 30_000);
    const tookMs = Date.now() - killedAt;
    assert.ok(tookMs >= (LEASE_SECONDS - 1) * 1000, `waited for the lease to expire (${tookMs} ms)`);

    const spec = await lease();
    assert.equal(spec?.holderIdentity, 'replica-b');
    assert.equal(spec?.leaseTransitions, (before?.leaseTransitions ?? 0) + 1);
    assert.notEqual(spec?.acquireTime, before?.acquireTime);

    await env.kube.ok('POST', paths.vmis(NS), containerDiskVMI(NS, 'second'));
    await b.watch.waitForReport('applied second', (r) => r.vmi === `${NS}/second` && r.outcome === 'applied');
    assert.ok(await hasPod('second'));
    assert.equal((await leaderEndpoint(b.health)).status, 200);
  });

  it('SIGTERM releases the lease and a new replica takes it at once', async () => {
    const c = await replica('replica-c');
    await c.watch.waitForLog(/held by replica-b; standing by/);
    const before = await lease();
    assert.equal(await b.watch.stop(), 0, b.watch.stderr());
    assert.match(b.watch.stderr(), /released lease/);

    await c.watch.waitForLog(/acquired lease/, 10_000);
    const spec = await lease();
    assert.equal(spec?.holderIdentity, 'replica-c');
    assert.equal(spec?.leaseTransitions, (before?.leaseTransitions ?? 0) + 1);

    await env.kube.ok('POST', paths.vmis(NS), containerDiskVMI(NS, 'third'));
    await c.watch.waitForReport('applied third', (r) => r.vmi === `${NS}/third` && r.outcome === 'applied');
    assert.equal(await c.watch.stop(), 0, c.watch.stderr());
    assert.equal((await lease())?.holderIdentity ?? '', '', 'released: no holder');
  });
});
