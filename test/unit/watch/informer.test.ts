// The informer against a scripted API server: list then watch from the list's resourceVersion, events, 410 Gone
// relists (reporting what vanished as deletions), reconnects from the last resourceVersion, backoff, absent CRDs.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RESOURCES } from '../../../src/watch/api-calls.js';
import { Informer, type KubeObject } from '../../../src/watch/informer.js';
import { silentLogger } from '../../../src/watch/log.js';
import { FakeApiServer } from './fake-apiserver.js';

const CM_PATH = '/api/v1/namespaces/ns1/configmaps';
const cm = (name: string, data: Record<string, string> = {}, rv = '1'): Record<string, unknown> => ({
  metadata: { name, namespace: 'ns1', resourceVersion: rv },
  data,
});

async function until(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Informer', () => {
  let server: FakeApiServer;
  let informer: Informer<KubeObject & { data?: Record<string, string> }> | undefined;
  const events: string[] = [];

  beforeEach(async () => {
    server = await new FakeApiServer().start();
    events.length = 0;
  });
  afterEach(async () => {
    await informer?.stop();
    informer = undefined;
    await server.stop();
  });

  async function startInformer(
    options: Partial<ConstructorParameters<typeof Informer>[1]> = {},
  ): Promise<void> {
    informer = new Informer(await server.client(), {
      resource: RESOURCES.configMaps,
      namespace: 'ns1',
      log: silentLogger,
      backoffBaseMs: 10,
      backoffMaxMs: 50,
      ...options,
    });
    informer.addHandlers({
      add: (o) => events.push(`add ${o.metadata?.name}`),
      update: (old, o) => events.push(`update ${o.metadata?.name} ${old.data?.v ?? ''}->${o.data?.v ?? ''}`),
      delete: (o) => events.push(`delete ${o.metadata?.name}`),
    });
    informer.start();
  }

  it('lists, then watches from the list resourceVersion, and keeps the cache current', async () => {
    server.setItems(CM_PATH, [cm('a', { v: '1' }), cm('b')], 10);
    await startInformer({ labelSelector: 'app=x' });
    await informer!.waitForSync();
    assert.ok(informer!.hasSynced());
    assert.deepEqual(events, ['add a', 'add b']);
    assert.equal(informer!.get('ns1', 'a')?.kind, 'ConfigMap', 'list items get their kind');

    await server.waitForWatches(CM_PATH);
    const watch = server.requests.find((r) => r.path === CM_PATH && r.query.get('watch') === 'true')!;
    assert.equal(watch.query.get('resourceVersion'), '10');
    assert.equal(watch.query.get('labelSelector'), 'app=x');
    assert.equal(watch.query.get('allowWatchBookmarks'), 'true');
    assert.equal(watch.headers.authorization, 'Bearer fake-token');

    server.send(CM_PATH, 'ADDED', cm('c'));
    server.send(CM_PATH, 'MODIFIED', cm('a', { v: '2' }));
    server.send(CM_PATH, 'DELETED', cm('b'));
    await until('three events', () => events.length === 5);
    assert.deepEqual(events.slice(2), ['add c', 'update a 1->2', 'delete b']);
    assert.deepEqual(
      informer!
        .list('ns1')
        .map((o) => o.metadata?.name)
        .sort(),
      ['a', 'c'],
    );
    assert.deepEqual(informer!.list('other'), []);
  });

  it('relists on 410 Gone and reports objects that vanished meanwhile as deleted', async () => {
    server.setItems(CM_PATH, [cm('a'), cm('b')], 5);
    await startInformer();
    await informer!.waitForSync();
    await server.waitForWatches(CM_PATH);

    server.setItems(CM_PATH, [cm('a', { v: 'new' }, '20'), cm('d', {}, '20')], 20); // b deleted, d added while away
    server.sendError(CM_PATH, 410, 'too old resource version: 5 (15)');
    await until('the relist', () => events.length >= 5);
    assert.deepEqual(events.slice(2).sort(), ['add d', 'delete b', 'update a ->new']);
    await server.waitForWatches(CM_PATH);
    const watches = server.requests.filter((r) => r.path === CM_PATH && r.query.get('watch') === 'true');
    assert.equal(watches.at(-1)?.query.get('resourceVersion'), '20', 'watches from the new list');
    assert.equal(
      server.requests.filter((r) => r.path === CM_PATH && !r.query.get('watch')).length,
      2,
      'two lists',
    );
  });

  it('re-watches from the last resourceVersion seen after a dropped connection, without relisting', async () => {
    server.setItems(CM_PATH, [cm('a')], 7);
    await startInformer();
    await informer!.waitForSync();
    await server.waitForWatches(CM_PATH);
    server.send(CM_PATH, 'ADDED', cm('b')); // resourceVersion 8
    await until('b', () => events.includes('add b'));
    server.closeWatches(CM_PATH, true);
    await until(
      'a new watch',
      () => server.requests.filter((r) => r.query.get('watch') === 'true').length === 2,
    );
    const watches = server.requests.filter((r) => r.path === CM_PATH && r.query.get('watch') === 'true');
    assert.equal(watches[1]?.query.get('resourceVersion'), '8');
    assert.equal(
      server.requests.filter((r) => r.path === CM_PATH && !r.query.get('watch')).length,
      1,
      'one list',
    );
  });

  it('retries a failing list with backoff and is not synced before it succeeds', async () => {
    let failures = 3;
    server.responders.push((request) =>
      request.path === CM_PATH && !request.query.get('watch') && failures-- > 0
        ? { status: 500, body: { kind: 'Status', code: 500, message: 'etcd is sad' } }
        : undefined,
    );
    server.setItems(CM_PATH, [cm('a')]);
    await startInformer();
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(informer!.hasSynced(), false);
    await informer!.waitForSync();
    assert.equal(server.requests.filter((r) => r.path === CM_PATH && !r.query.get('watch')).length, 4);
    assert.match(informer!.lastError ?? '', /etcd is sad/);
    assert.deepEqual(events, ['add a']);
  });

  it('treats a resource the server does not serve (404) as synced and empty when optional', async () => {
    const nadPath = '/apis/k8s.cni.cncf.io/v1/namespaces/ns1/network-attachment-definitions';
    server.responders.push((request) =>
      request.path === nadPath
        ? {
            status: 404,
            body: {
              kind: 'Status',
              code: 404,
              reason: 'NotFound',
              message: 'the server could not find the requested resource',
            },
          }
        : undefined,
    );
    await startInformer({
      resource: RESOURCES.networkAttachmentDefinitions,
      optional: true,
      optionalRetryMs: 20,
    });
    await informer!.waitForSync();
    assert.ok(informer!.isAbsent());
    assert.deepEqual(informer!.list(), []);
    server.responders.length = 0; // the CRD gets installed
    server.setItems(nadPath, [{ metadata: { name: 'net', namespace: 'ns1', resourceVersion: '3' } }]);
    await until('the NAD', () => informer!.get('ns1', 'net') !== undefined);
    assert.equal(informer!.isAbsent(), false);
  });

  it('stops promptly, closing its watch', async () => {
    await startInformer();
    await informer!.waitForSync();
    await server.waitForWatches(CM_PATH);
    await informer!.stop();
    await until('the watch to close', () => server.openWatches(CM_PATH) === 0);
    informer = undefined;
  });
});
