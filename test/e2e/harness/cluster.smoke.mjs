// Smoke test of the e2e harness: real etcd + kube-apiserver on loopback.
//   bash scripts/e2e/build-cluster.sh        # once; cached afterwards
//   node --test test/e2e/harness/cluster.smoke.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createNamespace, startCluster } from '../../../scripts/e2e/cluster.mjs';
import { installKubevirtCrds } from '../../../scripts/e2e/crds.mjs';
import { kubeRequest, kubeRequestOk, loadKubeconfig } from '../../../scripts/e2e/kube-http.mjs';

const NS = 'smoke';
const VMI_PATH = `/apis/kubevirt.io/v1/namespaces/${NS}/virtualmachineinstances`;

const vmi = (name) => ({
  apiVersion: 'kubevirt.io/v1',
  kind: 'VirtualMachineInstance',
  metadata: { name, namespace: NS, labels: { app: 'smoke' } },
  spec: {
    domain: {
      devices: { disks: [{ name: 'containerdisk', disk: { bus: 'virtio' } }] },
      resources: { requests: { memory: '128Mi' } },
    },
    volumes: [
      {
        name: 'containerdisk',
        containerDisk: { image: 'quay.io/kubevirt/cirros-container-disk-demo:v1.4.0' },
      },
    ],
  },
});

let cluster;
const timings = {};

before(
  async () => {
    let t = Date.now();
    cluster = await startCluster();
    timings.start = Date.now() - t;
    t = Date.now();
    await installKubevirtCrds(cluster.kubeconfigPath);
    timings.crds = Date.now() - t;
    await createNamespace(cluster.kubeconfigPath, NS);
  },
  { timeout: 300_000 },
);

after(async () => {
  const dir = cluster?.dataDir;
  await cluster?.stop();
  if (dir) assert.equal(existsSync(dir), false, 'stop() removes the cluster dir');
  console.log(`# timings (ms): ${JSON.stringify(timings)}`);
});

test('kubeconfig works and the server is v1.31', async () => {
  const v = await kubeRequestOk(cluster.kubeconfigPath, 'GET', '/version');
  assert.equal(v.major, '1');
  assert.match(v.minor, /^31/);
  assert.equal(loadKubeconfig(cluster.kubeconfigPath).server, cluster.apiserverUrl);
  assert.match(cluster.apiserverUrl, /^https:\/\/127\.0\.0\.1:\d+$/);
});

test('KubeVirt CRDs are served with their short names', async () => {
  const disc = await kubeRequestOk(cluster.kubeconfigPath, 'GET', '/apis/kubevirt.io/v1');
  const vmis = disc.resources.find((r) => r.name === 'virtualmachineinstances');
  assert.deepEqual(vmis.shortNames, ['vmi', 'vmis']);
  assert.equal(vmis.namespaced, true);
  assert.ok(disc.resources.some((r) => r.name === 'virtualmachineinstances/status'));
  for (const p of ['/apis/instancetype.kubevirt.io/v1beta1', '/apis/k8s.cni.cncf.io/v1']) {
    await kubeRequestOk(cluster.kubeconfigPath, 'GET', p);
  }
});

test('create and read back a VMI; schema validation is enforced', async () => {
  const created = await kubeRequestOk(cluster.kubeconfigPath, 'POST', VMI_PATH, vmi('smoke-vmi'));
  assert.equal(created.metadata.name, 'smoke-vmi');
  const got = await kubeRequestOk(cluster.kubeconfigPath, 'GET', `${VMI_PATH}/smoke-vmi`);
  assert.equal(got.metadata.uid, created.metadata.uid);
  assert.equal(got.spec.domain.resources.requests.memory, '128Mi');

  const bad = vmi('bad-vmi');
  delete bad.spec.domain; // required by the upstream schema
  const r = await kubeRequest(cluster.kubeconfigPath, 'POST', VMI_PATH, bad);
  assert.equal(r.statusCode, 422, JSON.stringify(r.body));
});

test('RBAC is enforced for non-admin users', async () => {
  const kc = cluster.createUserKubeconfig({ user: 'alice', groups: ['e2e-users'] });
  const denied = await kubeRequest(kc, 'GET', VMI_PATH);
  assert.equal(denied.statusCode, 403);
  await kubeRequestOk(
    cluster.kubeconfigPath,
    'POST',
    `/apis/rbac.authorization.k8s.io/v1/namespaces/${NS}/roles`,
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'vmi-reader' },
      rules: [
        {
          apiGroups: ['kubevirt.io'],
          resources: ['virtualmachineinstances'],
          verbs: ['get', 'list', 'watch'],
        },
      ],
    },
  );
  await kubeRequestOk(
    cluster.kubeconfigPath,
    'POST',
    `/apis/rbac.authorization.k8s.io/v1/namespaces/${NS}/rolebindings`,
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'alice-vmi-reader' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'vmi-reader' },
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'alice' }],
    },
  );
  const list = await kubeRequestOk(kc, 'GET', VMI_PATH);
  assert.deepEqual(
    list.items.map((i) => i.metadata.name),
    ['smoke-vmi'],
  );
  const write = await kubeRequest(kc, 'DELETE', `${VMI_PATH}/smoke-vmi`);
  assert.equal(write.statusCode, 403);
});

test('PodSecurity admission is active; pods are admitted where allowed', async () => {
  const pod = (name, privileged) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: {
      containers: [
        {
          name: 'c',
          image: 'registry.invalid/none:1',
          securityContext: privileged ? { privileged: true } : undefined,
        },
      ],
    },
  });
  await createNamespace(cluster.kubeconfigPath, 'smoke-restricted', {
    'pod-security.kubernetes.io/enforce': 'baseline',
  });
  const denied = await kubeRequest(
    cluster.kubeconfigPath,
    'POST',
    '/api/v1/namespaces/smoke-restricted/pods',
    pod('p1', true),
  );
  assert.equal(denied.statusCode, 403, JSON.stringify(denied.body));
  assert.match(denied.body.message, /violates PodSecurity "baseline:latest"/);
  const ok = await kubeRequest(
    cluster.kubeconfigPath,
    'POST',
    '/api/v1/namespaces/smoke-restricted/pods',
    pod('p2', false),
  );
  assert.equal(ok.statusCode, 201, JSON.stringify(ok.body));
});

test('restartApiserver() keeps the port and the data', async () => {
  const before = await kubeRequestOk(cluster.kubeconfigPath, 'GET', `${VMI_PATH}/smoke-vmi`);
  const pid = cluster.apiserverPid();
  const t = Date.now();
  await cluster.restartApiserver();
  timings.restart = Date.now() - t;
  assert.notEqual(cluster.apiserverPid(), pid);
  const again = await kubeRequestOk(cluster.kubeconfigPath, 'GET', `${VMI_PATH}/smoke-vmi`);
  assert.equal(again.metadata.uid, before.metadata.uid);
  assert.equal(again.metadata.resourceVersion, before.metadata.resourceVersion);
  // CRD-backed writes work right after readyz (crd-informer-synced hook).
  await kubeRequestOk(cluster.kubeconfigPath, 'POST', VMI_PATH, vmi('after-restart'));

  const t2 = Date.now();
  await cluster.restartApiserver({ signal: 'SIGKILL' });
  timings.restartKill = Date.now() - t2;
  // No HTTP 429 "storage is (re)initializing": restartApiserver() waits for the watch caches.
  const res = await kubeRequest(cluster.kubeconfigPath, 'GET', VMI_PATH, undefined, { retry429: false });
  assert.equal(res.statusCode, 200, JSON.stringify(res.body));
  const list = res.body;
  assert.deepEqual(list.items.map((i) => i.metadata.name).sort(), ['after-restart', 'smoke-vmi']);
});
