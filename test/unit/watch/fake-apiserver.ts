// A scripted stand-in for the API server (plain HTTP on loopback) for the watch unit tests: collections answer
// lists from an in-memory store, watches stay open until the test sends events or closes them, and every request
// is recorded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeClient } from '../../../src/watch/client.js';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Json = Record<string, unknown>;

interface Collection {
  resourceVersion: number;
  items: Json[];
}

export type Responder = (request: RecordedRequest) => { status: number; body: unknown } | undefined;

export class FakeApiServer {
  readonly requests: RecordedRequest[] = [];
  private readonly collections = new Map<string, Collection>();
  private readonly watches = new Map<string, http.ServerResponse[]>();
  private readonly watchWaiters: (() => void)[] = [];
  /** Answers for requests the store does not handle (PATCH, PUT, POST, or overrides); first match wins. */
  readonly responders: Responder[] = [];
  private server!: http.Server;
  private dir!: string;
  url = '';
  kubeconfigPath = '';

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.handle(request, response, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.dir = mkdtempSync(join(tmpdir(), 'vmi-render-fake-api-'));
    this.kubeconfigPath = join(this.dir, 'kubeconfig');
    writeFileSync(
      this.kubeconfigPath,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'fake', cluster: { server: this.url, 'insecure-skip-tls-verify': true } }],
        users: [{ name: 'fake', user: { token: 'fake-token' } }],
        contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'fake', namespace: 'ns1' } }],
        'current-context': 'fake',
      }),
    );
    return this;
  }

  client(): Promise<KubeClient> {
    return KubeClient.load({ kubeconfig: this.kubeconfigPath });
  }

  async stop(): Promise<void> {
    this.closeWatches();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Set a collection's objects (path without query, e.g. /api/v1/namespaces/ns1/pods). */
  setItems(path: string, items: object[], resourceVersion?: number): void {
    const collection = this.collection(path);
    collection.items = items.map((item) => structuredClone(item) as Json);
    collection.resourceVersion = resourceVersion ?? collection.resourceVersion + 1;
  }

  private collection(path: string): Collection {
    let collection = this.collections.get(path);
    if (!collection) this.collections.set(path, (collection = { resourceVersion: 1, items: [] }));
    return collection;
  }

  /** Send a watch event to every open watch of the collection (and update the store). */
  send(path: string, type: 'ADDED' | 'MODIFIED' | 'DELETED', object: object, resourceVersion?: string): void {
    const collection = this.collection(path);
    collection.resourceVersion += 1;
    const stored = {
      ...object,
      metadata: {
        ...((object as Json).metadata as Json),
        resourceVersion: resourceVersion ?? String(collection.resourceVersion),
      },
    };
    const name = (stored.metadata as Json).name;
    collection.items = collection.items.filter((item) => (item.metadata as Json).name !== name);
    if (type !== 'DELETED') collection.items.push(stored);
    this.write(path, { type, object: stored });
  }

  sendError(path: string, code: number, message: string): void {
    this.write(path, {
      type: 'ERROR',
      object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', code, message },
    });
  }

  private write(path: string, event: unknown): void {
    for (const response of this.watches.get(path) ?? []) response.write(JSON.stringify(event) + '\n');
  }

  /** End the open watches of a path (all when absent); abruptly destroys the sockets with abrupt = true. */
  closeWatches(path?: string, abrupt = false): void {
    for (const [watchPath, responses] of this.watches) {
      if (path !== undefined && watchPath !== path) continue;
      for (const response of responses) {
        if (abrupt) response.socket?.destroy();
        else response.end();
      }
      this.watches.set(watchPath, []);
    }
  }

  openWatches(path: string): number {
    return this.watches.get(path)?.length ?? 0;
  }

  /** Resolves once the number of open watches on path reaches count. */
  async waitForWatches(path: string, count = 1, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.openWatches(path) < count) {
      if (Date.now() > deadline) throw new Error(`no watch on ${path} after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.watchWaiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  requestsTo(path: string, method = 'GET'): RecordedRequest[] {
    return this.requests.filter((request) => request.path === path && request.method === method);
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse, body: string): void {
    const url = new URL(request.url ?? '/', this.url);
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
    };
    this.requests.push(recorded);
    const json = (status: number, payload: unknown): void => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    for (const responder of this.responders) {
      const answer = responder(recorded);
      if (answer) return json(answer.status, answer.body);
    }
    if (recorded.method !== 'GET') {
      return json(404, {
        kind: 'Status',
        status: 'Failure',
        code: 404,
        reason: 'NotFound',
        message: 'no responder',
      });
    }
    if (url.searchParams.get('watch') === 'true') {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
      response.flushHeaders();
      const list = this.watches.get(url.pathname) ?? [];
      list.push(response);
      this.watches.set(url.pathname, list);
      response.on('close', () => {
        const open = this.watches.get(url.pathname) ?? [];
        this.watches.set(
          url.pathname,
          open.filter((other) => other !== response),
        );
      });
      for (const resolve of this.watchWaiters.splice(0)) resolve();
      return;
    }
    const collection = this.collection(url.pathname);
    return json(200, {
      kind: 'List',
      apiVersion: 'v1',
      metadata: { resourceVersion: String(collection.resourceVersion) },
      items: collection.items,
    });
  }
}
