// Minimal Kubernetes REST client for the e2e harness: node builtins only.
//
// Reads a kubeconfig (the JSON kubeconfigs written by cluster.mjs; a YAML one
// is parsed with the project's `yaml` dependency if it is installed) and sends
// requests with its CA, client certificate/key or bearer token.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import { createRequire } from 'node:module';

/**
 * @typedef {{ server: string, ca?: Buffer, cert?: Buffer, key?: Buffer, token?: string, insecure?: boolean }} KubeCreds
 */

function b64(s) {
  return Buffer.from(s, 'base64');
}

function parseKubeconfigText(text, path) {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: try the project's yaml dependency (optional).
    try {
      const require = createRequire(import.meta.url);
      const YAML = require('yaml');
      return YAML.parse(text);
    } catch (e) {
      throw new Error(
        `cannot parse kubeconfig ${path} (JSON expected; yaml package unavailable: ${e.message})`,
      );
    }
  }
}

/**
 * Load credentials of the current context of a kubeconfig file.
 * @param {string} kubeconfigPath
 * @returns {KubeCreds}
 */
export function loadKubeconfig(kubeconfigPath) {
  const kc = parseKubeconfigText(readFileSync(kubeconfigPath, 'utf8'), kubeconfigPath);
  const ctxName = kc['current-context'];
  const ctx = (kc.contexts || []).find((c) => c.name === ctxName)?.context;
  if (!ctx) throw new Error(`kubeconfig ${kubeconfigPath}: no current context`);
  const cluster = (kc.clusters || []).find((c) => c.name === ctx.cluster)?.cluster;
  const user = (kc.users || []).find((u) => u.name === ctx.user)?.user || {};
  if (!cluster?.server) throw new Error(`kubeconfig ${kubeconfigPath}: no server for cluster ${ctx.cluster}`);
  const fileOrData = (data, file) => (data ? b64(data) : file ? readFileSync(file) : undefined);
  return {
    server: cluster.server.replace(/\/+$/, ''),
    ca: fileOrData(cluster['certificate-authority-data'], cluster['certificate-authority']),
    insecure: !!cluster['insecure-skip-tls-verify'],
    cert: fileOrData(user['client-certificate-data'], user['client-certificate']),
    key: fileOrData(user['client-key-data'], user['client-key']),
    token: user.token || (user.tokenFile ? readFileSync(user.tokenFile, 'utf8').trim() : undefined),
  };
}

/**
 * One HTTP request against the API server. Resolves with
 * { statusCode, headers, body } where body is parsed JSON when possible.
 * Does not throw on HTTP errors; does throw on connection errors.
 * No connection pooling (agent: false), so an API server restart never leaves
 * stale keep-alive sockets behind.
 *
 * @param {KubeCreds|string} creds  credentials or a kubeconfig path
 * @param {string} method
 * @param {string} path             e.g. /api/v1/namespaces
 * @param {unknown} [body]          object (JSON-encoded) or string
 * @param {{ contentType?: string, timeoutMs?: number, headers?: Record<string,string>, retry429?: boolean }} [opts]
 *   retry429 (default true): retry HTTP 429 responses with Retry-After, as client-go does.
 */
export async function kubeRequest(creds, method, path, body, opts = {}) {
  // Like client-go: retry HTTP 429 that carries Retry-After (e.g. "storage is
  // (re)initializing" right after an API server restart), up to 10 times.
  const maxTries = opts.retry429 === false ? 1 : 10;
  for (let attempt = 1; ; attempt++) {
    const res = await kubeRequestOnce(creds, method, path, body, opts);
    const retryAfter = Number(res.headers['retry-after']);
    if (res.statusCode !== 429 || attempt >= maxTries || !Number.isFinite(retryAfter)) return res;
    await sleep(Math.min(Math.max(retryAfter, 0.1), 5) * 1000);
  }
}

function kubeRequestOnce(creds, method, path, body, opts) {
  const c = typeof creds === 'string' ? loadKubeconfig(creds) : creds;
  const url = new URL(c.server + path);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const headers = { Accept: 'application/json', ...(opts.headers || {}) };
  if (payload !== undefined) {
    headers['Content-Type'] = opts.contentType || 'application/json';
    headers['Content-Length'] = Buffer.byteLength(payload);
  }
  if (c.token) headers.Authorization = `Bearer ${c.token}`;
  const mod = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      {
        method,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers,
        ca: c.ca,
        cert: c.cert,
        key: c.key,
        rejectUnauthorized: !c.insecure,
        agent: false,
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (d) => chunks.push(d));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            /* keep text */
          }
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: timed out`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Like kubeRequest but throws unless the status is 2xx; returns the body. */
export async function kubeRequestOk(creds, method, path, body, opts) {
  const res = await kubeRequest(creds, method, path, body, opts);
  if (res.statusCode < 200 || res.statusCode >= 300) {
    const msg =
      typeof res.body === 'object' && res.body?.message ? res.body.message : JSON.stringify(res.body);
    const err = new Error(`${method} ${path} -> HTTP ${res.statusCode}: ${msg}`);
    err.statusCode = res.statusCode;
    err.body = res.body;
    throw err;
  }
  return res.body;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
