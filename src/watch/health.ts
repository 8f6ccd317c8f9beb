// --health-addr: /healthz (liveness), /readyz (caches synced), /leader, /metrics. Plain node:http.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../errors.js';
import { METRICS_CONTENT_TYPE, type WatchMetrics } from './metrics.js';

export interface HealthSource {
  live(): boolean;
  ready(): { ready: boolean; detail: string };
  leader(): { leader: boolean; identity?: string; holderIdentity?: string; leaderElection: boolean };
  metrics: WatchMetrics;
}

/** HOST:PORT, [IPv6]:PORT or :PORT (all interfaces). */
export function parseHostPort(value: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(value);
  const port = match ? Number(match[3]) : NaN;
  if (!match || !Number.isInteger(port) || port > 65535) {
    throw new UsageError(`--health-addr: expected HOST:PORT, got "${value}"`);
  }
  const host = match[1] ?? match[2] ?? '';
  return { host: host || '0.0.0.0', port };
}

export interface HealthServer {
  url: string;
  close(): Promise<void>;
}

export async function startHealthServer(address: string, source: HealthSource): Promise<HealthServer> {
  const { host, port } = parseHostPort(address);
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (code: number, type: string, body: string): void => {
      response.writeHead(code, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(405, 'text/plain', 'method not allowed\n');
    switch (path) {
      case '/healthz':
      case '/livez':
        return source.live() ? send(200, 'text/plain', 'ok\n') : send(503, 'text/plain', 'shutting down\n');
      case '/readyz': {
        const { ready, detail } = source.ready();
        return send(ready ? 200 : 503, 'text/plain', `${detail}\n`);
      }
      case '/leader': {
        const info = source.leader();
        return send(info.leader ? 200 : 503, 'application/json', JSON.stringify(info) + '\n');
      }
      case '/metrics':
        return send(200, METRICS_CONTENT_TYPE, source.metrics.render());
      default:
        return send(404, 'text/plain', 'not found (try /healthz, /readyz, /leader, /metrics)\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new UsageError(`--health-addr ${address}: ${error.message}`)));
    server.listen(port, host, () => resolve());
  });
  const bound = server.address() as AddressInfo;
  const shownHost = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return {
    url: `http://${shownHost}:${bound.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
