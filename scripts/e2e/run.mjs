#!/usr/bin/env node
// `npm run test:e2e` (after `npm run build`): make sure kube-apiserver, kubectl and etcd are built for each
// Kubernetes version the tests use (cached outside the repository by build-cluster.sh), then run test/e2e/**/*.{test,smoke}.mjs and the compiled
// dist/test/e2e/**/*.test.js one file at a time (each starts its own cluster; in parallel they would fight
// over two cores).
//
//   node scripts/e2e/run.mjs [--test-name-pattern=...] [test files...]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TEST_DIR = path.join(ROOT, 'dist/test/e2e');
const SOURCE_DIR = path.join(ROOT, 'test/e2e');

function fail(message) {
  process.stderr.write(`e2e: ${message}\n`);
  process.exit(1);
}

/**
 * The Kubernetes builds the tests use: the default one (the watch tests and KubeVirt v1.4.0's Pods: 1.31) and
 * the one KubeVirt v1.9.0 is built against (1.34), each in the environment variable the tests read.
 */
const BUILDS = [
  { variable: 'VMI_RENDER_E2E_BIN_DIR', env: {} },
  { variable: 'VMI_RENDER_E2E_BIN_DIR_V1_34', env: { E2E_K8S_VERSION: 'v1.34.4' } },
];
for (const { variable, env } of BUILDS) {
  if (process.env[variable]) continue;
  const build = spawnSync('bash', [path.join(ROOT, 'scripts/e2e/build-cluster.sh')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (build.status !== 0) fail(`scripts/e2e/build-cluster.sh failed (exit ${build.status ?? build.signal})`);
  const binDir = build.stdout.trim().split('\n').pop();
  if (!binDir || !existsSync(path.join(binDir, 'kube-apiserver')))
    fail(`build-cluster.sh printed no binary directory`);
  process.env[variable] = binDir;
}

const args = process.argv.slice(2);
const options = args.filter((arg) => arg.startsWith('--'));
let files = args.filter((arg) => !arg.startsWith('--'));
if (!files.length) {
  if (!existsSync(TEST_DIR)) fail(`${path.relative(ROOT, TEST_DIR)} does not exist: run npm run build first`);
  // the compiled TypeScript tests, and plain-JS ones kept under test/e2e (e.g. the harness smoke test)
  const compiled = readdirSync(TEST_DIR, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.test.js'))
    .map((name) => path.join(TEST_DIR, name));
  const plain = readdirSync(SOURCE_DIR, { recursive: true })
    .map(String)
    .filter((name) => /\.(test|smoke)\.mjs$/.test(name))
    .map((name) => path.join(SOURCE_DIR, name));
  files = [...plain.sort(), ...compiled.sort()];
}
if (!files.length) fail(`no *.test.js files in ${path.relative(ROOT, TEST_DIR)}`);

const run = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=1', '--test-reporter=spec', ...options, ...files],
  { cwd: ROOT, stdio: 'inherit', env: process.env },
);
process.exit(run.status ?? 1);
