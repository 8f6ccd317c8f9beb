#!/usr/bin/env node
// For porting: the difference between upstream's Pod and ours for conformance cases, after the comparison
// rules (fixtures/conformance/v1.4.0/README.md). Needs `npm run build` first.
//
//   node scripts/conformance-diff.mjs v1.9.0 cases/001-containerdisk-cloudinit-nocloud [more cases...]
//   node scripts/conformance-diff.mjs v1.9.0 cases        (every case of a corpus; only the failing ones print)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { caseArgs } = await import(join(ROOT, 'dist/test/support/conformance-args.js'));
const { normalizePod } = await import(join(ROOT, 'dist/test/support/normalize.js'));

const [release, ...names] = process.argv.slice(2);
if (!release || names.length === 0) {
  console.error('usage: conformance-diff.mjs RELEASE CORPUS[/CASE]...');
  process.exit(2);
}
const sorted = (value) =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted(value[key])]))
      : value;
const scratch = mkdtempSync(join(tmpdir(), 'conformance-diff-'));
let failing = 0;
for (const name of names) {
  const base = join(ROOT, 'fixtures/conformance', release, name);
  const dirs = existsSync(join(base, 'expected.json'))
    ? [base]
    : readdirSync(base).map((entry) => join(base, entry)).filter((dir) => existsSync(join(dir, 'expected.json')));
  for (const dir of dirs) {
    const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8'));
    const run = spawnSync(process.execPath, [join(ROOT, 'bin/vmi-render'), ...caseArgs(dir, release)], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    const label = dir.slice(join(ROOT, 'fixtures/conformance').length + 1);
    if (expected.error !== undefined) {
      if (run.status !== 0 && run.stderr.includes(expected.error)) continue;
      failing++;
      console.log(`=== ${label}: expected error\n  ${expected.error}\ngot exit ${run.status}:\n${run.stderr}`);
      continue;
    }
    if (run.status !== 0) {
      failing++;
      console.log(`=== ${label}: render failed (exit ${run.status}):\n${run.stderr}`);
      continue;
    }
    const want = JSON.stringify(sorted(normalizePod(expected.pod).pod), null, 1);
    const got = JSON.stringify(sorted(normalizePod(JSON.parse(run.stdout)).pod), null, 1);
    if (want === got) continue;
    failing++;
    writeFileSync(join(scratch, 'upstream.json'), want + '\n');
    writeFileSync(join(scratch, 'ours.json'), got + '\n');
    const diff = spawnSync('diff', ['-u', 'upstream.json', 'ours.json'], { cwd: scratch, encoding: 'utf8' });
    console.log(`=== ${label}\n${diff.stdout}`);
  }
}
console.log(`${failing} failing`);
