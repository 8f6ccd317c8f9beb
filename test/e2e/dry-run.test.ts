// `vmi-render watch --dry-run=server [--once]`: the API server's admission decides, nothing is created.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  containerDiskVMI,
  killAllWatches,
  kubeVirtCR,
  paths,
  spawnWatch,
  startTestCluster,
  type TestCluster,
} from './support.js';

let env: TestCluster;

before(
  async () => {
    env = await startTestCluster({ networkAttachmentDefinition: false });
    await env.createNamespace('kubevirt');
    await env.kube.ok('POST', paths.kubevirts('kubevirt'), kubeVirtCR());
    await env.createNamespace('restricted', { 'pod-security.kubernetes.io/enforce': 'restricted' });
    await env.createNamespace('relaxed');
    for (const namespace of ['restricted', 'relaxed']) {
      for (const name of ['vm-a', 'vm-b'])
        await env.kube.ok('POST', paths.vmis(namespace), containerDiskVMI(namespace, name));
    }
  },
  { timeout: 300_000 },
);

after(async () => {
  killAllWatches();
  await env?.cluster.stop();
});

describe('vmi-render watch --dry-run=server', { timeout: 300_000 }, () => {
  it('reports the refusal of a namespace enforcing the restricted Pod Security Standard, and exits 1 with --once', async () => {
    const watch = spawnWatch([
      '--kubeconfig',
      env.cluster.kubeconfigPath,
      '-n',
      'restricted',
      '--dry-run=server',
      '--once',
    ]);
    const { code } = await watch.exited;
    assert.equal(code, 1, watch.stderr());
    assert.deepEqual(watch.reports.map((r) => r.vmi).sort(), ['restricted/vm-a', 'restricted/vm-b']);
    for (const report of watch.reports) {
      assert.equal(report.outcome, 'refused');
      assert.equal(report.dryRun, true);
      assert.equal(report.code, 403);
      assert.match(report.message ?? '', /violates PodSecurity "restricted:latest"/);
    }
    assert.deepEqual((await env.kube.ok('GET', paths.pods('restricted'))).items, [], 'nothing was created');
    assert.match(watch.stderr(), /NetworkAttachmentDefinitions not served/, 'an absent NAD CRD is tolerated');
  });

  it('reports admitted where admission allows the Pod, creates nothing, and exits 0 with --once', async () => {
    const watch = spawnWatch([
      '--kubeconfig',
      env.cluster.kubeconfigPath,
      '-n',
      'relaxed',
      '--dry-run=server',
      '--once',
    ]);
    const { code } = await watch.exited;
    assert.equal(code, 0, watch.stderr());
    assert.deepEqual(watch.reports.map((r) => [r.vmi, r.outcome, r.pod]).sort(), [
      ['relaxed/vm-a', 'admitted', 'virt-launcher-vm-a'],
      ['relaxed/vm-b', 'admitted', 'virt-launcher-vm-b'],
    ]);
    assert.deepEqual((await env.kube.ok('GET', paths.pods('relaxed'))).items, [], 'nothing was created');
  });

  it('follows namespace label changes while running', async () => {
    const watch = spawnWatch(['--kubeconfig', env.cluster.kubeconfigPath, '-A', '--dry-run=server']);
    await watch.waitForReport(
      'refused restricted/vm-a',
      (r) => r.vmi === 'restricted/vm-a' && r.outcome === 'refused',
    );
    await watch.waitForReport(
      'admitted relaxed/vm-a',
      (r) => r.vmi === 'relaxed/vm-a' && r.outcome === 'admitted',
    );
    const mark = watch.reports.length;
    await env.kube.mergePatch('/api/v1/namespaces/relaxed', {
      metadata: { labels: { 'pod-security.kubernetes.io/enforce': 'restricted' } },
    });
    const refused = await watch.waitForReport(
      'refused relaxed/vm-a',
      (r) => r.vmi === 'relaxed/vm-a' && r.outcome === 'refused',
      30_000,
      mark,
    );
    assert.match(refused.message ?? '', /violates PodSecurity/);
    assert.equal(await watch.stop(), 0, watch.stderr());
    assert.deepEqual((await env.kube.ok('GET', '/api/v1/pods')).items, [], 'nothing was created');
  });
});
