// A throw-away Kubernetes control plane for e2e tests: one etcd + one
// kube-apiserver on 127.0.0.1 (and, when asked, a kube-scheduler), no kubelet
// or controller-manager.
// Node builtins only (plus the `openssl` CLI for certificates).
//
//   import { startCluster } from '../../scripts/e2e/cluster.mjs';
//   const cluster = await startCluster();
//   ... cluster.kubeconfigPath, cluster.apiserverUrl ...
//   await cluster.restartApiserver();
//   await cluster.stop();
//
// Binaries come from scripts/e2e/build-cluster.sh (cached outside the repo).
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { kubeRequest, sleep } from './kube-http.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const BUILD_SCRIPT = path.join(HERE, 'build-cluster.sh');

// The admission plugins we rely on; all of them are also on by default in
// 1.31 (plus DefaultStorageClass, Priority, RuntimeClass, webhooks, ...).
export const ADMISSION_PLUGINS = [
  'NamespaceLifecycle',
  'LimitRanger',
  'ServiceAccount',
  'PodSecurity',
  'ResourceQuota',
  'DefaultTolerationSeconds',
  'Priority',
  'RuntimeClass',
  'MutatingAdmissionWebhook',
  'ValidatingAdmissionWebhook',
  'ValidatingAdmissionPolicy',
];

// ------------------------------------------------------------ binaries

/**
 * Return the directory holding `kube-apiserver` and `etcd`.
 * Order: explicit binDir, $VMI_RENDER_E2E_BIN_DIR, else run build-cluster.sh
 * (returns in well under a second when the binaries are cached; compiles them
 * the first time, which takes many minutes: run it before the tests in CI).
 */
export function ensureBinaries({ binDir, build = true } = {}) {
  const dir = binDir || process.env.VMI_RENDER_E2E_BIN_DIR;
  if (dir) {
    for (const b of ['kube-apiserver', 'etcd']) {
      if (!existsSync(path.join(dir, b))) throw new Error(`${b} not found in ${dir}`);
    }
    return dir;
  }
  if (!build) throw new Error('no binDir given, VMI_RENDER_E2E_BIN_DIR unset and build=false');
  const r = spawnSync('bash', [BUILD_SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${BUILD_SCRIPT} failed (exit ${r.status})`);
  const out = r.stdout.trim().split('\n').pop();
  if (!out || !existsSync(path.join(out, 'kube-apiserver')))
    throw new Error(`build-cluster.sh printed no bin dir: ${r.stdout}`);
  return out;
}

// ------------------------------------------------- process bookkeeping

/** Every child process started by any cluster in this Node process. */
const live = new Set();
/** Temp dirs to remove if the process exits without stop(). */
const dirsToRemove = new Set();
let exitHooksInstalled = false;

function killAllSync() {
  for (const child of live) {
    try {
      child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
  live.clear();
  for (const d of dirsToRemove) {
    try {
      rmSync(d, { recursive: true, force: true });
    } catch {
      /* best effort */
    }
  }
  dirsToRemove.clear();
}

function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', killAllSync);
  for (const [sig, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ]) {
    process.on(sig, () => {
      killAllSync();
      // Only take over termination if nobody else listens for this signal.
      if (process.listenerCount(sig) <= 1) process.exit(code);
    });
  }
}

const HAVE_SETPRIV = (() => {
  try {
    return /pdeathsig/.test(
      execFileSync('setpriv', ['--help'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    );
  } catch {
    return false;
  }
})();

/**
 * Spawn a daemon with stdout/stderr appended to logFile. On Linux with
 * util-linux `setpriv`, the child also gets PR_SET_PDEATHSIG=SIGKILL so it
 * dies even if this Node process is SIGKILLed (exit hooks cannot run then).
 */
function spawnDaemon(bin, args, logFile, env) {
  const fd = openSync(logFile, 'a');
  const [cmd, argv] = HAVE_SETPRIV ? ['setpriv', ['--pdeathsig', 'KILL', '--', bin, ...args]] : [bin, args];
  const child = spawn(cmd, argv, {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...env },
    detached: false,
  });
  closeSync(fd);
  live.add(child);
  child.exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
    child.once('error', (err) => {
      live.delete(child);
      resolve({ code: -1, signal: null, error: err });
    });
  });
  // Do not keep the test process alive just because daemons run; the 'exit'
  // hook kills them if stop() was never called.
  child.unref();
  return child;
}

async function killChild(child, { signal = 'SIGTERM', graceMs = 15_000 } = {}) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    child.kill(signal);
  } catch {
    /* gone */
  }
  const timer = setTimeout(() => {
    try {
      child.kill('SIGKILL');
    } catch {
      /* gone */
    }
  }, graceMs);
  await child.exitPromise;
  clearTimeout(timer);
}

function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const TMP_PREFIX = 'vmi-render-e2e-';

/**
 * Remove $TMPDIR/vmi-render-e2e-* dirs left by a test process that died
 * without running its exit hooks (SIGKILL): their daemons are already gone
 * (PR_SET_PDEATHSIG), only the directory remains. Dirs of live processes and
 * dirs started with keep (marker file "keep") are left alone.
 */
function sweepStaleTempDirs() {
  let names = [];
  try {
    names = readdirSync(os.tmpdir()).filter((n) => n.startsWith(TMP_PREFIX));
  } catch {
    return;
  }
  for (const n of names) {
    const dir = path.join(os.tmpdir(), n);
    try {
      const pid = Number(readFileSync(path.join(dir, 'owner.pid'), 'utf8').trim());
      if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
      try {
        process.kill(pid, 0);
        continue; // owner alive
      } catch (e) {
        if (e.code !== 'ESRCH') continue; // EPERM: alive, someone else's
      }
      rmSync(dir, { recursive: true, force: true });
    } catch {
      /* no owner.pid (kept, or not ours): leave it */
    }
  }
}

// ---------------------------------------------------------------- ports

/** Ask the kernel for a free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function distinctFreePorts(n) {
  const ports = new Set();
  while (ports.size < n) ports.add(await freePort());
  return [...ports];
}

// ---------------------------------------------------------------- PKI

function openssl(args, cwd) {
  const r = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${r.stderr || r.error}`);
}

function subjectOf(cn, orgs = []) {
  const esc = (s) => {
    if (!/^[A-Za-z0-9@:._ -]+$/.test(s))
      throw new Error(`unsupported character in certificate subject: ${s}`);
    return s;
  };
  return `/CN=${esc(cn)}` + orgs.map((o) => `/O=${esc(o)}`).join('');
}

function makeCA(dir) {
  writeFileSync(
    path.join(dir, 'ca.cnf'),
    [
      '[req]',
      'distinguished_name = dn',
      'prompt = no',
      'x509_extensions = v3_ca',
      '[dn]',
      'CN = vmi-render-e2e-ca',
      '[v3_ca]',
      'basicConstraints = critical,CA:TRUE',
      'keyUsage = critical,keyCertSign,cRLSign,digitalSignature',
      'subjectKeyIdentifier = hash',
      '',
    ].join('\n'),
  );
  openssl(
    [
      'req',
      '-x509',
      '-new',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '3650',
      '-config',
      'ca.cnf',
    ],
    dir,
  );
}

/** Issue a leaf certificate signed by dir/ca.{crt,key}; returns {cert,key} paths. */
function issueCert(dir, name, { cn, orgs = [], server = false, sans = [] }) {
  const ext = [
    'basicConstraints = critical,CA:FALSE',
    'keyUsage = critical,digitalSignature,keyEncipherment',
    `extendedKeyUsage = ${server ? 'serverAuth' : 'clientAuth'}`,
    'authorityKeyIdentifier = keyid',
  ];
  if (sans.length) ext.push(`subjectAltName = ${sans.join(',')}`);
  writeFileSync(path.join(dir, `${name}.ext`), ext.join('\n') + '\n');
  openssl(
    [
      'req',
      '-new',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      subjectOf(cn, orgs),
    ],
    dir,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-set_serial',
      '0x' + randomBytes(12).toString('hex'),
      '-days',
      '3650',
      '-sha256',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.crt`,
    ],
    dir,
  );
  return { cert: path.join(dir, `${name}.crt`), key: path.join(dir, `${name}.key`) };
}

function writeKubeconfig(file, { server, caFile, certFile, keyFile, token, userName }) {
  const user = token
    ? { token }
    : {
        'client-certificate-data': readFileSync(certFile).toString('base64'),
        'client-key-data': readFileSync(keyFile).toString('base64'),
      };
  // JSON is valid YAML: kubectl, client-go and @kubernetes/client-node read it.
  const kc = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: 'vmi-render-e2e',
        cluster: { server, 'certificate-authority-data': readFileSync(caFile).toString('base64') },
      },
    ],
    users: [{ name: userName, user }],
    contexts: [
      {
        name: 'vmi-render-e2e',
        context: { cluster: 'vmi-render-e2e', user: userName, namespace: 'default' },
      },
    ],
    'current-context': 'vmi-render-e2e',
    preferences: {},
  };
  writeFileSync(file, JSON.stringify(kc, null, 2) + '\n', { mode: 0o600 });
  return file;
}

// ---------------------------------------------------------------- health

function httpGetOk(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 2000, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(res.statusCode === 200 ? body : null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

async function waitFor(what, child, logFile, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${what} exited (code ${child.exitCode}, signal ${child.signalCode}) before becoming ready; log ${logFile}:\n${tail(logFile)}`,
      );
    }
    try {
      const r = await probe();
      if (r === true) return;
      last = String(r ?? '');
    } catch (e) {
      last = e.message;
    }
    await sleep(250);
  }
  throw new Error(
    `${what} not ready after ${timeoutMs} ms (last: ${last.slice(0, 500)}); log ${logFile}:\n${tail(logFile)}`,
  );
}

/** GET an https URL without verifying its certificate (kube-scheduler's self-signed one); the body on 200. */
function httpsGetOk(url) {
  return new Promise((resolve) => {
    const req = https.get(url, { timeout: 2000, agent: false, rejectUnauthorized: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(res.statusCode === 200 ? body : `HTTP ${res.statusCode} ${body}`));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', (e) => resolve(e.message));
  });
}

// ---------------------------------------------------------------- cluster

const WARM_BUILTIN_PATHS = [
  '/api/v1/namespaces',
  '/api/v1/pods',
  '/api/v1/serviceaccounts',
  '/api/v1/configmaps',
  '/api/v1/secrets',
  '/api/v1/resourcequotas',
  '/api/v1/limitranges',
  '/api/v1/persistentvolumeclaims',
  '/apis/coordination.k8s.io/v1/leases',
];

/** LIST (limit=1) each builtin above and every served custom resource; true when all answer 200. */
async function warmWatchCaches(creds) {
  const paths = [...WARM_BUILTIN_PATHS];
  const crds = await kubeRequest(creds, 'GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions');
  if (crds.statusCode !== 200) return `list CRDs: HTTP ${crds.statusCode}`;
  for (const crd of crds.body.items || []) {
    const established = (crd.status?.conditions || []).some(
      (c) => c.type === 'Established' && c.status === 'True',
    );
    if (!established) continue;
    for (const v of crd.spec.versions || []) {
      if (v.served) paths.push(`/apis/${crd.spec.group}/${v.name}/${crd.spec.names.plural}`);
    }
  }
  const results = await Promise.all(
    paths.map((p) =>
      kubeRequest(creds, 'GET', `${p}?limit=1`, undefined, { timeoutMs: 5000, retry429: false }),
    ),
  );
  const bad = results.map((r, i) => [paths[i], r.statusCode]).filter(([, c]) => c !== 200);
  return bad.length ? `not yet listable: ${bad.map(([p, c]) => `${p} (${c})`).join(', ')}` : true;
}

/**
 * Start etcd + kube-apiserver on loopback.
 *
 * @param {object}  [opts]
 * @param {string}  [opts.dataDir]   working dir (certs, etcd data, logs, kubeconfigs); a
 *                                   fresh temp dir by default. Removed by stop() unless
 *                                   opts.keep or $E2E_KEEP_CLUSTER=1 (or it existed before).
 * @param {string}  [opts.binDir]    dir with kube-apiserver + etcd (default: ensureBinaries()).
 * @param {string[]} [opts.apiserverArgs] extra kube-apiserver flags (appended, so they win).
 * @param {string[]} [opts.etcdArgs] extra etcd flags.
 * @param {{enforce?:string,audit?:string,warn?:string,exemptions?:object}} [opts.podSecurityDefaults]
 *                                   cluster-wide PodSecurity defaults (default: all 'privileged',
 *                                   i.e. only namespaces labelled pod-security.kubernetes.io/* are checked).
 * @param {boolean|{schedulerNames?:string[],args?:string[]}} [opts.scheduler]
 *                                   also run kube-scheduler (from the same build) against the
 *                                   API server: one profile with the default plugins per
 *                                   scheduler name (default ['default-scheduler']), no leader
 *                                   election, /healthz and /readyz on a free 127.0.0.1 port.
 *                                   Off by default: nothing binds Pods.
 * @param {number}  [opts.readyTimeoutMs=120000]
 * @param {boolean} [opts.keep=false]
 * @param {(msg:string)=>void} [opts.log]
 */
export async function startCluster(opts = {}) {
  // Ports are picked by binding :0 and closing; another process may grab one
  // before etcd/kube-apiserver binds it. Retry with fresh ports in that case.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startClusterOnce(opts);
    } catch (e) {
      if (attempt >= 3 || !/address already in use/i.test(e.message)) throw e;
    }
  }
}

async function startClusterOnce(opts) {
  const log = opts.log || ((m) => process.env.E2E_VERBOSE && process.stderr.write(`[cluster] ${m}\n`));
  const binDir = ensureBinaries({ binDir: opts.binDir });
  const readyTimeoutMs = opts.readyTimeoutMs ?? 120_000;

  let ownDir;
  let dataDir = opts.dataDir;
  if (!dataDir) {
    sweepStaleTempDirs();
    dataDir = mkdtempSync(path.join(os.tmpdir(), TMP_PREFIX));
    ownDir = true;
  } else {
    ownDir = !existsSync(dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const keep = opts.keep || process.env.E2E_KEEP_CLUSTER === '1';
  if (ownDir && !keep) dirsToRemove.add(dataDir);
  // Owner marker for sweepStaleTempDirs() (a SIGKILLed test cannot clean up).
  writeFileSync(path.join(dataDir, keep ? 'keep' : 'owner.pid'), `${process.pid}\n`);
  const pki = path.join(dataDir, 'pki');
  const etcdData = path.join(dataDir, 'etcd');
  const logs = path.join(dataDir, 'logs');
  for (const d of [pki, logs]) mkdirSync(d, { recursive: true });
  rmSync(etcdData, { recursive: true, force: true });
  mkdirSync(etcdData, { recursive: true, mode: 0o700 });

  installExitHooks();

  const [etcdClientPort, etcdPeerPort, apiPort] = await distinctFreePorts(3);
  const etcdUrl = `http://127.0.0.1:${etcdClientPort}`;
  const apiserverUrl = `https://127.0.0.1:${apiPort}`;

  // --- PKI
  const t0 = Date.now();
  makeCA(pki);
  const caFile = path.join(pki, 'ca.crt');
  const serving = issueCert(pki, 'apiserver', {
    cn: 'kube-apiserver',
    server: true,
    sans: [
      'IP:127.0.0.1',
      'DNS:localhost',
      'IP:10.0.0.1',
      'DNS:kubernetes',
      'DNS:kubernetes.default',
      'DNS:kubernetes.default.svc',
    ],
  });
  const admin = issueCert(pki, 'admin', { cn: 'vmi-render-e2e-admin', orgs: ['system:masters'] });
  const sa = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const saKey = path.join(pki, 'sa.key');
  const saPub = path.join(pki, 'sa.pub');
  writeFileSync(saKey, sa.privateKey, { mode: 0o600 });
  writeFileSync(saPub, sa.publicKey);
  const adminToken = randomBytes(24).toString('hex');
  const tokenFile = path.join(pki, 'tokens.csv');
  writeFileSync(tokenFile, `${adminToken},vmi-render-e2e-admin-token,uid-admin-token,"system:masters"\n`, {
    mode: 0o600,
  });
  log(`pki ready in ${Date.now() - t0} ms`);

  // PodSecurity admission configuration (cluster-wide defaults).
  const ps = {
    enforce: 'privileged',
    audit: 'privileged',
    warn: 'privileged',
    ...(opts.podSecurityDefaults || {}),
  };
  const admissionConfig = path.join(dataDir, 'admission-config.json');
  writeFileSync(
    admissionConfig,
    JSON.stringify(
      {
        apiVersion: 'apiserver.config.k8s.io/v1',
        kind: 'AdmissionConfiguration',
        plugins: [
          {
            name: 'PodSecurity',
            configuration: {
              apiVersion: 'pod-security.admission.config.k8s.io/v1',
              kind: 'PodSecurityConfiguration',
              defaults: {
                enforce: ps.enforce,
                'enforce-version': 'latest',
                audit: ps.audit,
                'audit-version': 'latest',
                warn: ps.warn,
                'warn-version': 'latest',
              },
              exemptions: { usernames: [], runtimeClasses: [], namespaces: [], ...(ps.exemptions || {}) },
            },
          },
        ],
      },
      null,
      2,
    ),
  );

  // --- etcd
  const etcdLog = path.join(logs, 'etcd.log');
  const etcdArgs = [
    '--name=e2e',
    `--data-dir=${etcdData}`,
    `--listen-client-urls=${etcdUrl}`,
    `--advertise-client-urls=${etcdUrl}`,
    `--listen-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
    `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
    `--initial-cluster=e2e=http://127.0.0.1:${etcdPeerPort}`,
    '--initial-cluster-state=new',
    '--unsafe-no-fsync=true', // test data only: much faster on slow disks
    '--quota-backend-bytes=1073741824',
    '--log-level=warn',
    ...(opts.etcdArgs || []),
  ];
  const state = { etcd: null, apiserver: null, scheduler: null, stopped: false };
  const startEtcd = async () => {
    state.etcd = spawnDaemon(path.join(binDir, 'etcd'), etcdArgs, etcdLog);
    await waitFor('etcd', state.etcd, etcdLog, 30_000, async () => {
      const body = await httpGetOk(`${etcdUrl}/health`);
      return body !== null && /"health":\s*"true"/.test(body) ? true : body;
    });
  };

  // --- kube-apiserver
  const apiLog = path.join(logs, 'kube-apiserver.log');
  const apiArgs = [
    `--etcd-servers=${etcdUrl}`,
    '--bind-address=127.0.0.1',
    '--advertise-address=127.0.0.1',
    `--secure-port=${apiPort}`,
    `--tls-cert-file=${serving.cert}`,
    `--tls-private-key-file=${serving.key}`,
    `--client-ca-file=${caFile}`,
    `--token-auth-file=${tokenFile}`,
    '--anonymous-auth=false',
    `--service-account-key-file=${saPub}`,
    `--service-account-signing-key-file=${saKey}`,
    '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
    '--authorization-mode=RBAC',
    `--enable-admission-plugins=${ADMISSION_PLUGINS.join(',')}`,
    `--admission-control-config-file=${admissionConfig}`,
    '--service-cluster-ip-range=10.0.0.0/24',
    // The default "lease" reconciler would try to publish 127.0.0.1 in the
    // kubernetes Endpoints, which validation rejects (loopback): skip it.
    '--endpoint-reconciler-type=none',
    '--allow-privileged=true',
    '--profiling=false',
    '--enable-garbage-collector=false', // no kube-controller-manager here anyway
    '--v=1',
    ...(opts.apiserverArgs || []),
  ];
  const adminCreds = {
    server: apiserverUrl,
    ca: readFileSync(caFile),
    cert: readFileSync(admin.cert),
    key: readFileSync(admin.key),
  };
  const startApiserver = async () => {
    const t = Date.now();
    state.apiserver = spawnDaemon(path.join(binDir, 'kube-apiserver'), apiArgs, apiLog);
    await waitFor('kube-apiserver', state.apiserver, apiLog, readyTimeoutMs, async () => {
      const r = await kubeRequest(adminCreds, 'GET', '/readyz', undefined, { timeoutMs: 5000 });
      return r.statusCode === 200
        ? true
        : `HTTP ${r.statusCode} ${typeof r.body === 'string' ? r.body : JSON.stringify(r.body)}`;
    });
    // /readyz does not wait for the watch caches: right after a (re)start a
    // LIST of a resource whose cache is still initializing gets HTTP 429
    // "storage is (re)initializing" (custom resources' caches are only
    // created on first use). Warm them so "ready" means ready for tests.
    if (opts.warmCaches ?? true) {
      await waitFor('kube-apiserver watch caches', state.apiserver, apiLog, readyTimeoutMs, () =>
        warmWatchCaches(adminCreds),
      );
    }
    log(`kube-apiserver ready on ${apiserverUrl} in ${Date.now() - t} ms`);
  };

  const kubeconfigPath = writeKubeconfig(path.join(dataDir, 'kubeconfig'), {
    server: apiserverUrl,
    caFile,
    certFile: admin.cert,
    keyFile: admin.key,
    userName: 'vmi-render-e2e-admin',
  });

  // --- kube-scheduler (only when asked)
  const schedulerLog = path.join(logs, 'kube-scheduler.log');
  const startScheduler = async (options) => {
    const bin = path.join(binDir, 'kube-scheduler');
    if (!existsSync(bin))
      throw new Error(`kube-scheduler not found in ${binDir} (run scripts/e2e/build-cluster.sh)`);
    const t = Date.now();
    const port = await freePort();
    const schedulerNames = options.schedulerNames ?? ['default-scheduler'];
    const config = path.join(dataDir, 'kube-scheduler-config.json');
    writeFileSync(
      config,
      JSON.stringify(
        {
          apiVersion: 'kubescheduler.config.k8s.io/v1',
          kind: 'KubeSchedulerConfiguration',
          // the default 50 QPS would throttle binding a few hundred test Pods at once
          clientConnection: { kubeconfig: kubeconfigPath, qps: 1000, burst: 2000 },
          leaderElection: { leaderElect: false },
          profiles: schedulerNames.map((schedulerName) => ({ schedulerName })),
        },
        null,
        2,
      ),
    );
    state.scheduler = spawnDaemon(
      bin,
      [
        `--config=${config}`,
        '--bind-address=127.0.0.1',
        `--secure-port=${port}`,
        `--cert-dir=${path.join(dataDir, 'kube-scheduler-certs')}`,
        '--v=1',
        ...(options.args ?? []),
      ],
      schedulerLog,
    );
    // /readyz includes the informer caches' sync ("sched-handler-sync")
    await waitFor('kube-scheduler', state.scheduler, schedulerLog, readyTimeoutMs, async () => {
      const body = await httpsGetOk(`https://127.0.0.1:${port}/readyz`);
      return body === 'ok' ? true : body;
    });
    log(`kube-scheduler ready on 127.0.0.1:${port} in ${Date.now() - t} ms`);
  };

  const stop = async () => {
    if (state.stopped) return;
    state.stopped = true;
    await killChild(state.scheduler, { graceMs: 5_000 });
    await killChild(state.apiserver, { graceMs: 5_000 });
    await killChild(state.etcd, { graceMs: 5_000 });
    if (!keep) {
      dirsToRemove.delete(dataDir);
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      else for (const d of [pki, etcdData]) rmSync(d, { recursive: true, force: true });
    }
  };

  try {
    const t = Date.now();
    await startEtcd();
    log(`etcd ready on ${etcdUrl} in ${Date.now() - t} ms`);
    await startApiserver();
    if (opts.scheduler) await startScheduler(opts.scheduler === true ? {} : opts.scheduler);
  } catch (e) {
    await stop().catch(() => {});
    throw new Error(`${e.message}${keep ? `\n(cluster dir kept: ${dataDir})` : ''}`);
  }

  let userSeq = 0;
  return {
    kubeconfigPath,
    apiserverUrl,
    etcdUrl,
    dataDir,
    binDir,
    caFile,
    adminToken,
    /** Credentials object accepted by kube-http.mjs kubeRequest(). */
    adminCreds,
    logs: { apiserver: apiLog, etcd: etcdLog, ...(opts.scheduler ? { scheduler: schedulerLog } : {}) },
    apiserverPid: () => state.apiserver?.pid,
    /**
     * Kill only the kube-apiserver (SIGTERM, SIGKILL after graceMs; pass
     * { signal: 'SIGKILL' } to simulate a crash) and start it again with the
     * same flags on the same port; resolves when /readyz is OK again.
     */
    restartApiserver: async ({ signal = 'SIGTERM', graceMs = 15_000, downMs = 0 } = {}) => {
      if (state.stopped) throw new Error('cluster stopped');
      await killChild(state.apiserver, { signal, graceMs });
      if (downMs) await sleep(downMs);
      await startApiserver();
    },
    /**
     * Write a kubeconfig for a non-admin identity (client certificate signed by
     * the cluster CA; CN = user, O = groups), e.g. to test RBAC. Returns its path.
     */
    createUserKubeconfig: ({ user, groups = [] }) => {
      const name = `user-${++userSeq}`;
      const c = issueCert(pki, name, { cn: user, orgs: groups });
      return writeKubeconfig(path.join(dataDir, `kubeconfig-${name}`), {
        server: apiserverUrl,
        caFile,
        certFile: c.cert,
        keyFile: c.key,
        userName: user,
      });
    },
    stop,
  };
}

/**
 * Create a namespace plus its `default` ServiceAccount (normally made by
 * kube-controller-manager, which this cluster does not run; without it the
 * ServiceAccount admission plugin rejects every Pod). Idempotent.
 * @param {string} kubeconfigPath
 * @param {string} name
 * @param {Record<string,string>} [labels]  e.g. { 'pod-security.kubernetes.io/enforce': 'restricted' }
 */
export async function createNamespace(kubeconfigPath, name, labels = {}) {
  const ns = await kubeRequest(kubeconfigPath, 'POST', '/api/v1/namespaces', {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, labels },
  });
  if (ns.statusCode !== 201 && ns.statusCode !== 409)
    throw new Error(`create namespace ${name}: HTTP ${ns.statusCode} ${JSON.stringify(ns.body)}`);
  const sa = await kubeRequest(kubeconfigPath, 'POST', `/api/v1/namespaces/${name}/serviceaccounts`, {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: { name: 'default', namespace: name },
  });
  if (sa.statusCode !== 201 && sa.statusCode !== 409)
    throw new Error(
      `create serviceaccount ${name}/default: HTTP ${sa.statusCode} ${JSON.stringify(sa.body)}`,
    );
}
