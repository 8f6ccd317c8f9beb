// An informer: list a resource, then watch it from the list's resourceVersion, keeping a local cache and calling
// handlers for each change. Like client-go's reflector: a 410 Gone (expired resourceVersion) relists; any other
// failure reconnects with exponential backoff from the last resourceVersion seen; a relist reports the objects that
// vanished meanwhile as deletions. An optional resource (a CRD that may be absent) counts as synced and empty while
// the server answers 404, and is retried.
import type { ObjectMeta } from 'kubernetes-types/meta/v1.js';
import { resourceLabel, type ApiResource } from './api-calls.js';
import { ApiError, errorMessage, type KubeClient } from './client.js';
import { backoffDelay, sleep, type Logger } from './log.js';
import type { WatchMetrics } from './metrics.js';

export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

interface ObjectList<T> {
  metadata?: { resourceVersion?: string; continue?: string };
  items?: T[];
}

interface WatchEvent<T> {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: T & { code?: number; message?: string; reason?: string };
}

export interface InformerHandlers<T> {
  add?(object: T): void;
  update?(previous: T, object: T): void;
  delete?(object: T): void;
}

export interface InformerOptions {
  resource: ApiResource;
  /** Watch one namespace; all namespaces when absent. */
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** A 404 means "not installed": synced and empty, retried every optionalRetryMs. */
  optional?: boolean;
  log: Logger;
  metrics?: WatchMetrics;
  pageSize?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  optionalRetryMs?: number;
  /** Server-side watch timeout; the watch is then re-opened from the last resourceVersion. */
  watchTimeoutSeconds?: number;
}

export const objectKey = (object: KubeObject): string =>
  object.metadata?.namespace
    ? `${object.metadata.namespace}/${object.metadata.name ?? ''}`
    : (object.metadata?.name ?? '');

/** A local cache of one resource, kept up to date by list + watch. */
export class Informer<T extends KubeObject = KubeObject> {
  private readonly store = new Map<string, T>();
  private readonly byNamespace = new Map<string, Map<string, T>>();
  private readonly handlers: InformerHandlers<T>[] = [];
  private resourceVersion = '';
  private synced = false;
  private syncWaiters: (() => void)[] = [];
  private abort = new AbortController();
  private running: Promise<void> | undefined;
  private stopped = false;
  private absent = false;
  /** The last list/watch failure, for diagnostics. */
  lastError: string | undefined;
  readonly label: string;

  constructor(
    private readonly client: KubeClient,
    readonly options: InformerOptions,
  ) {
    this.label = resourceLabel(options.resource);
  }

  addHandlers(handlers: InformerHandlers<T>): void {
    this.handlers.push(handlers);
  }

  hasSynced(): boolean {
    return this.synced;
  }

  /** True while an optional resource is not served. */
  isAbsent(): boolean {
    return this.absent;
  }

  get(namespace: string | undefined, name: string): T | undefined {
    return this.store.get(namespace ? `${namespace}/${name}` : name);
  }

  /** Every cached object, or those of one namespace. */
  list(namespace?: string): T[] {
    if (namespace === undefined) return [...this.store.values()];
    return [...(this.byNamespace.get(namespace)?.values() ?? [])];
  }

  get size(): number {
    return this.store.size;
  }

  start(): void {
    if (this.running) return;
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.running;
    for (const resolve of this.syncWaiters.splice(0)) resolve();
  }

  /** Resolves once the first list has been stored (or the informer stopped). */
  waitForSync(): Promise<void> {
    if (this.synced || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.syncWaiters.push(resolve));
  }

  private markSynced(): void {
    if (!this.synced) {
      this.synced = true;
      this.options.metrics?.informerSynced.set(1, { resource: this.label });
    }
    for (const resolve of this.syncWaiters.splice(0)) resolve();
  }

  private emit(kind: 'add' | 'update' | 'delete', object: T, previous?: T): void {
    for (const handlers of this.handlers) {
      try {
        if (kind === 'add') handlers.add?.(object);
        else if (kind === 'delete') handlers.delete?.(object);
        else handlers.update?.(previous as T, object);
      } catch (error) {
        this.options.log('error', `${this.label}: event handler failed: ${errorMessage(error)}`);
      }
    }
  }

  private put(object: T): void {
    const key = objectKey(object);
    const previous = this.store.get(key);
    this.store.set(key, object);
    const namespace = object.metadata?.namespace ?? '';
    let names = this.byNamespace.get(namespace);
    if (!names) this.byNamespace.set(namespace, (names = new Map()));
    names.set(object.metadata?.name ?? '', object);
    if (!previous) this.emit('add', object);
    else if (previous.metadata?.resourceVersion !== object.metadata?.resourceVersion)
      this.emit('update', object, previous);
  }

  private remove(object: T): void {
    const key = objectKey(object);
    const previous = this.store.get(key);
    if (!previous) return;
    this.store.delete(key);
    const namespace = object.metadata?.namespace ?? '';
    const names = this.byNamespace.get(namespace);
    names?.delete(object.metadata?.name ?? '');
    if (names && !names.size) this.byNamespace.delete(namespace);
    this.emit('delete', object);
  }

  /** Replace the cache with a full list: adds, updates, and deletions for what disappeared. */
  private replace(items: T[]): void {
    const seen = new Set(items.map(objectKey));
    for (const [key, object] of [...this.store]) if (!seen.has(key)) this.remove(object);
    for (const item of items) this.put(item);
  }

  private baseQuery(): Record<string, string | undefined> {
    return { labelSelector: this.options.labelSelector, fieldSelector: this.options.fieldSelector };
  }

  private async relist(): Promise<void> {
    const { resource, namespace } = this.options;
    const items: T[] = [];
    let continueToken: string | undefined;
    let resourceVersion = '';
    do {
      const page = await this.client.request<ObjectList<T>>(resource, 'list', {
        namespace,
        query: { ...this.baseQuery(), limit: this.options.pageSize ?? 500, continue: continueToken },
        signal: this.abort.signal,
        timeoutMs: 60_000,
      });
      const kind = resource.kind;
      const apiVersion = resource.group ? `${resource.group}/${resource.version}` : resource.version;
      for (const item of page.items ?? []) items.push({ apiVersion, kind, ...item });
      continueToken = page.metadata?.continue || undefined;
      resourceVersion = page.metadata?.resourceVersion ?? '';
    } while (continueToken);
    this.options.metrics?.informerRelists.inc({ resource: this.label });
    this.replace(items);
    this.resourceVersion = resourceVersion;
    this.absent = false;
    this.markSynced();
  }

  private async watch(onConnected: () => void): Promise<void> {
    const timeoutSeconds = this.options.watchTimeoutSeconds ?? Math.floor(300 + Math.random() * 300);
    await this.client.stream(this.options.resource, 'watch', {
      namespace: this.options.namespace,
      query: {
        ...this.baseQuery(),
        resourceVersion: this.resourceVersion,
        allowWatchBookmarks: true,
        timeoutSeconds,
      },
      signal: this.abort.signal,
      idleTimeoutMs: (timeoutSeconds + 30) * 1000,
      onConnected,
      onLine: (line) => this.handleEvent(JSON.parse(line) as WatchEvent<T>),
    });
  }

  private handleEvent(event: WatchEvent<T>): void {
    const object = event.object;
    if (event.type === 'ERROR') {
      const code = object.code ?? 0;
      throw new ApiError(code, `watch ${this.label}: ${object.message ?? 'error event'}`, object.reason);
    }
    const rv = object.metadata?.resourceVersion;
    if (event.type === 'ADDED' || event.type === 'MODIFIED') this.put(object);
    else if (event.type === 'DELETED') this.remove(object);
    if (rv) this.resourceVersion = rv;
  }

  private async run(): Promise<void> {
    let attempt = 0;
    const base = this.options.backoffBaseMs ?? 500;
    const max = this.options.backoffMaxMs ?? 30_000;
    while (!this.stopped) {
      try {
        if (!this.resourceVersion) {
          await this.relist();
          attempt = 0;
        }
        await this.watch(() => {
          attempt = 0;
        });
        // the server closed the watch (timeoutSeconds): re-open it from the last resourceVersion
      } catch (error) {
        if (this.stopped) break;
        if (error instanceof ApiError && error.statusCode === 410) {
          this.options.log(
            'info',
            `${this.label}: resourceVersion ${this.resourceVersion} expired (410 Gone); relisting`,
          );
          this.resourceVersion = '';
          continue;
        }
        if (
          error instanceof ApiError &&
          error.statusCode === 404 &&
          this.options.optional &&
          !this.resourceVersion
        ) {
          if (!this.absent) {
            this.options.log(
              'warn',
              `${this.label}: not served by the API server (CRD not installed?); treating as empty`,
            );
          }
          this.absent = true;
          this.replace([]);
          this.markSynced();
          await sleep(this.options.optionalRetryMs ?? 30_000, this.abort.signal);
          continue;
        }
        this.lastError = errorMessage(error);
        this.options.metrics?.informerRestarts.inc({ resource: this.label });
        if (error instanceof ApiError && error.statusCode === 404) this.resourceVersion = ''; // e.g. the CRD was removed
        const delay = backoffDelay(attempt++, base, max, 0.2);
        this.options.log(
          'warn',
          `${this.label}: ${this.resourceVersion ? 'watch' : 'list'} failed (${this.lastError}); retrying in ${Math.round(delay)} ms`,
        );
        await sleep(delay, this.abort.signal);
      }
    }
  }
}
