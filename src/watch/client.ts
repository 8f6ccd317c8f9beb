// A small Kubernetes REST client for `watch`: @kubernetes/client-node loads the kubeconfig (contexts, exec and
// token-file auth, in-cluster config) and signs each request; the requests themselves are plain node:http(s), so
// list, watch streams and server-side apply are under our control (timeouts, content types, dry run).
// Every call names an ApiResource and a verb, and a call missing from API_CALLS is refused.
import http from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import type { KubeConfig } from '@kubernetes/client-node';
import { ClusterError, InternalError, UsageError } from '../errors.js';
import { isDeclared, resourceLabel, resourcePath, type ApiResource, type Verb } from './api-calls.js';

/** metav1.Status, as the API server sends it with an error. */
export interface KubeStatus {
  kind?: string;
  status?: string;
  message?: string;
  reason?: string;
  code?: number;
  details?: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly reason: string | undefined = undefined,
    readonly status: KubeStatus | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Errors worth retrying soon: the server or the connection, not the request. */
export function isTransient(error: unknown): boolean {
  if (error instanceof ApiError) {
    return (
      error.statusCode >= 500 ||
      error.statusCode === 429 ||
      error.statusCode === 409 ||
      error.statusCode === 0
    );
  }
  return true; // connection errors, timeouts
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export interface RequestOptions {
  namespace?: string;
  name?: string;
  subresource?: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  contentType?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface StreamOptions extends RequestOptions {
  /** Abort when no data arrived for this long. */
  idleTimeoutMs: number;
  /** Called once the server answered 200. */
  onConnected?: () => void;
  onLine: (line: string) => void;
}

const VERB_METHODS: Record<Verb, string> = {
  get: 'GET',
  list: 'GET',
  watch: 'GET',
  create: 'POST',
  update: 'PUT',
  patch: 'PATCH',
};

function buildQuery(query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const IN_CLUSTER_NAMESPACE_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

export interface KubeClientSettings {
  kubeconfig?: string;
  context?: string;
}

export class KubeClient {
  private constructor(
    private readonly config: KubeConfig,
    readonly server: string,
    /** The namespace of the kubeconfig context (or of the in-cluster service account), 'default' otherwise. */
    readonly contextNamespace: string,
    readonly userAgent: string,
  ) {}

  static async load(settings: KubeClientSettings, userAgent = 'vmi-render-watch'): Promise<KubeClient> {
    const { KubeConfig } = await import('@kubernetes/client-node');
    const config = new KubeConfig();
    try {
      if (settings.kubeconfig) config.loadFromFile(settings.kubeconfig);
      else config.loadFromDefault();
    } catch (error) {
      throw new ClusterError(
        `cannot load kubeconfig${settings.kubeconfig ? ` ${settings.kubeconfig}` : ''}: ${errorMessage(error)}`,
      );
    }
    if (settings.context) {
      if (!config.getContextObject(settings.context)) {
        throw new UsageError(`context "${settings.context}" does not exist in the kubeconfig`);
      }
      config.setCurrentContext(settings.context);
    }
    const cluster = config.getCurrentCluster();
    if (!cluster?.server) throw new ClusterError('the kubeconfig names no cluster server');
    let namespace = config.getContextObject(config.getCurrentContext())?.namespace;
    if (!namespace) {
      try {
        namespace = readFileSync(IN_CLUSTER_NAMESPACE_FILE, 'utf8').trim() || undefined;
      } catch {
        namespace = undefined;
      }
    }
    return new KubeClient(config, cluster.server.replace(/\/+$/, ''), namespace ?? 'default', userAgent);
  }

  private async prepare(
    resource: ApiResource,
    verb: Verb,
    options: RequestOptions,
  ): Promise<{ url: URL; requestOptions: https.RequestOptions; payload: string | undefined }> {
    if (!isDeclared(resource, verb)) {
      throw new InternalError(
        `undeclared API call: ${verb} ${resourceLabel(resource)} (add it to src/watch/api-calls.ts)`,
      );
    }
    const path =
      resourcePath(resource, options.namespace, options.name) +
      (options.subresource ? `/${options.subresource}` : '');
    const query = verb === 'watch' ? { ...options.query, watch: 'true' } : options.query;
    const url = new URL(this.server + path + buildQuery(query));
    const payload =
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body);
    const headers: Record<string, string | number> = {
      Accept: 'application/json',
      'User-Agent': this.userAgent,
    };
    if (payload !== undefined) {
      headers['Content-Type'] = options.contentType ?? 'application/json';
      headers['Content-Length'] = Buffer.byteLength(payload);
    }
    const requestOptions: https.RequestOptions = { method: VERB_METHODS[verb], headers };
    await this.config.applyToHTTPSOptions(requestOptions);
    if (options.signal) requestOptions.signal = options.signal;
    return { url, requestOptions, payload };
  }

  private send(
    url: URL,
    requestOptions: https.RequestOptions,
    payload: string | undefined,
  ): Promise<http.IncomingMessage> {
    const transport = url.protocol === 'http:' ? http : https;
    return new Promise((resolve, reject) => {
      const request = transport.request(url, requestOptions, resolve);
      request.on('error', reject);
      request.on('timeout', () =>
        request.destroy(new Error(`${requestOptions.method} ${url.pathname}: timed out`)),
      );
      if (payload !== undefined) request.write(payload);
      request.end();
    });
  }

  private static async readBody(response: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  private static toError(statusCode: number, text: string, what: string): ApiError {
    let status: KubeStatus | undefined;
    try {
      status = JSON.parse(text) as KubeStatus;
    } catch {
      status = undefined;
    }
    const message = status?.message || text.trim() || http.STATUS_CODES[statusCode] || `HTTP ${statusCode}`;
    return new ApiError(statusCode, `${what}: ${message}`, status?.reason, status);
  }

  /** One request; resolves to the parsed body of a 2xx answer, rejects with ApiError otherwise. */
  async request<T>(resource: ApiResource, verb: Verb, options: RequestOptions = {}): Promise<T> {
    return (await this.requestWithStatus<T>(resource, verb, options)).body;
  }

  /** Like request(), with the HTTP status (201 Created tells a create from an update). */
  async requestWithStatus<T>(
    resource: ApiResource,
    verb: Verb,
    options: RequestOptions = {},
  ): Promise<{ statusCode: number; body: T }> {
    const { url, requestOptions, payload } = await this.prepare(resource, verb, options);
    requestOptions.timeout = options.timeoutMs ?? 30_000;
    const response = await this.send(url, requestOptions, payload);
    const text = await KubeClient.readBody(response);
    const statusCode = response.statusCode ?? 0;
    if (statusCode < 200 || statusCode >= 300) {
      const target = `${resourceLabel(resource)}${options.name ? ` "${options.name}"` : ''}`;
      throw KubeClient.toError(statusCode, text, `${verb} ${target}`);
    }
    return { statusCode, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** A watch (or any streaming GET): calls onLine per line; resolves when the server ends the stream. */
  async stream(resource: ApiResource, verb: 'watch', options: StreamOptions): Promise<void> {
    const { url, requestOptions } = await this.prepare(resource, verb, options);
    requestOptions.timeout = options.idleTimeoutMs;
    const response = await this.send(url, requestOptions, undefined);
    const statusCode = response.statusCode ?? 0;
    if (statusCode !== 200) {
      throw KubeClient.toError(
        statusCode,
        await KubeClient.readBody(response),
        `watch ${resourceLabel(resource)}`,
      );
    }
    options.onConnected?.();
    response.setEncoding('utf8');
    let pending = '';
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      // the first outcome wins: a failing line handler destroys the response, which then also reports an abort
      const fail = (error: Error): void => {
        if (settled) return;
        settled = true;
        reject(error);
        response.destroy();
      };
      response.socket?.setTimeout(options.idleTimeoutMs, () =>
        fail(new Error(`watch ${resourceLabel(resource)}: no data for ${options.idleTimeoutMs} ms`)),
      );
      response.on('data', (chunk: string) => {
        if (settled) return;
        pending += chunk;
        let newline: number;
        while ((newline = pending.indexOf('\n')) >= 0) {
          const line = pending.slice(0, newline).trim();
          pending = pending.slice(newline + 1);
          if (!line) continue;
          try {
            options.onLine(line);
          } catch (error) {
            fail(error as Error);
            return;
          }
        }
      });
      response.on('end', () => {
        if (settled) return;
        try {
          if (pending.trim()) options.onLine(pending.trim());
        } catch (error) {
          fail(error as Error);
          return;
        }
        settled = true;
        resolve();
      });
      response.on('error', (error) => fail(error));
      response.on('close', () => {
        if (!response.complete) fail(new Error(`watch ${resourceLabel(resource)}: connection closed`));
      });
    });
  }
}
