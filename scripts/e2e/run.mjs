// `npm run test:e2e`: make sure kube-apiserver + etcd are built (cached in
// ${VMI_RENDER_CACHE:-~/.cache/vmi-render}/e2e-bin), then run the e2e tests
// with node's test runner, one file at a time (each file starts its own
// cluster; 2 cores do not leave room for several at once).
//
//   node scripts/e2e/run.mjs                 # all e2e tests
//   node scripts/e2e/run.mjs FILE...         # only these files
//
// Test files: test/e2e/**/*.test.mjs and *.smoke.mjs (plain JS), and
// dist/test/e2e/**/*.test.js (TypeScript tests compiled by `npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function walk(dir, match, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, match, out);
    else if (match(name)) out.push(path.relative(ROOT, p));
  }
  return out;
}

const t0 = Date.now();
let binDir = process.env.VMI_RENDER_E2E_BIN_DIR;
if (!binDir) {
  const r = spawnSync('bash', [path.join(ROOT, 'scripts/e2e/build-cluster.sh')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    console.error(`e2e: build-cluster.sh failed (exit ${r.status})`);
    process.exit(1);
  }
  binDir = r.stdout.trim().split('\n').pop();
}
console.log(`e2e: binaries in ${binDir} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      ...walk(path.join(ROOT, 'test/e2e'), (n) => /\.(test|smoke)\.mjs$/.test(n)),
      ...walk(path.join(ROOT, 'dist/test/e2e'), (n) => /\.test\.js$/.test(n)),
    ];
if (!files.length) {
  console.error('e2e: no test files found');
  process.exit(1);
}

const r = spawnSync(process.execPath, ['--test', '--test-reporter=spec', '--test-concurrency=1', ...files], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, VMI_RENDER_E2E_BIN_DIR: binDir },
});
process.exit(r.status ?? 1);
