// `npm run bench`: start-up and batch throughput of the built CLI on this machine, as ratios to `node -e 0`
// (absolute times say more about the machine than about vmi-render). Every measurement is a fresh process,
// spawned as a user would run it; the commands are interleaved round by round so that drift in the
// machine's load hits all of them alike, and each ratio is a ratio of medians.
//
//   (a) one VMI rendered to YAML by a fresh `bin/vmi-render`          target <= 1.5
//   (b) 1000 VMIs (one multi-document file) rendered to YAML          target <= 8
//   (c) peak resident memory of (b)                                   target <= 200 MiB
//   lint over the same 1000 documents, relative to (b)                target <= 1.0
//
// Usage: node scripts/bench.mjs [--rounds N] [--docs N] [--json]   (expects a built tree: npm run build)
// Exits 1 if a target is missed, 2 if a command fails or prints something unexpected.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse, stringify } from 'yaml';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'vmi-render');
const CONFORMANCE = join(ROOT, 'fixtures', 'conformance');
const SINGLE_CASE = join(CONFORMANCE, '001-containerdisk-cloudinit-nocloud', 'vmi.yaml');

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '21' },
    docs: { type: 'string', default: '1000' },
    json: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(options.rounds);
const DOCS = Number(options.docs);
const WARMUP_ROUNDS = 2;
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || !Number.isInteger(DOCS) || DOCS < 1) {
  console.error('usage: node scripts/bench.mjs [--rounds N] [--docs N] [--json]');
  process.exit(2);
}
if (!existsSync(join(ROOT, 'dist'))) {
  console.error('bench: no dist/ here; run `npm run bench` (it builds first)');
  process.exit(2);
}

/**
 * The batch input: the VMI of every conformance case that renders with default settings (no KubeVirt CR,
 * no cluster objects, no case.json) and does not expect an error, repeated with unique names.
 */
function batchCorpus(count) {
  const vmis = [];
  for (const name of readdirSync(CONFORMANCE).sort()) {
    const dir = join(CONFORMANCE, name);
    if (!existsSync(join(dir, 'vmi.yaml')) || !existsSync(join(dir, 'expected.json'))) continue;
    if (['kubevirt.yaml', 'objects.yaml', 'case.json'].some((file) => existsSync(join(dir, file)))) continue;
    const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8'));
    if (expected.error !== undefined || expected.pod === undefined) continue;
    vmis.push(parse(readFileSync(join(dir, 'vmi.yaml'), 'utf8')));
  }
  if (vmis.length === 0) throw new Error(`no usable cases under ${CONFORMANCE}`);
  const documents = [];
  for (let i = 0; i < count; i++) {
    const vmi = structuredClone(vmis[i % vmis.length]);
    vmi.metadata.name = `${vmi.metadata.name}-${String(i).padStart(4, '0')}`;
    if (vmi.metadata.uid) vmi.metadata.uid = `${vmi.metadata.uid.slice(0, 24)}${String(i).padStart(12, '0')}`;
    documents.push(stringify(vmi, { lineWidth: 0 }));
  }
  return { text: documents.join('---\n'), sources: vmis.length };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];
};

const workDir = mkdtempSync(join(tmpdir(), 'vmi-render-bench-'));
const env = { ...process.env, NO_COLOR: '1', PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
delete env.NODE_OPTIONS;

/** Runs a command to completion; returns wall time in ms (spawn to exit, as seen from here). */
function timed(command, args, extraEnv = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 30,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, result };
}

function check(label, { result }, expect) {
  const problem =
    result.error?.message ??
    (result.status !== 0 ? `exit status ${result.status}` : expect(result.stdout.toString('utf8')));
  if (problem) {
    console.error(`bench: ${label}: ${problem}\n${result.stderr.toString('utf8').slice(0, 2000)}`);
    rmSync(workDir, { recursive: true, force: true });
    process.exit(2);
  }
}

/** Peak RSS (KiB) of a run: a preloaded hook records maxRSS as the process exits. */
const peakHook = join(workDir, 'peak-rss.cjs');
writeFileSync(
  peakHook,
  `process.on('exit', () => require('node:fs').writeFileSync(process.env.VMI_RENDER_BENCH_PEAK, String(process.resourceUsage().maxRSS)));\n`,
);
function peakRss(args) {
  const out = join(workDir, 'peak-rss.txt');
  const run = timed(BIN, args, { NODE_OPTIONS: `--require ${peakHook}`, VMI_RENDER_BENCH_PEAK: out });
  check(`${args.join(' ')} (memory)`, run, () => undefined);
  return Number(readFileSync(out, 'utf8'));
}

try {
  const corpus = batchCorpus(DOCS);
  const batchFile = join(workDir, `batch-${DOCS}.yaml`);
  writeFileSync(batchFile, corpus.text);

  const commands = {
    baseline: [process.execPath, ['-e', '0']],
    single: [BIN, ['render', SINGLE_CASE]],
    batchRender: [BIN, ['render', batchFile]],
    batchLint: [BIN, ['lint', batchFile]],
  };
  // What each command must print: a failing or empty render would make a meaningless fast benchmark.
  // (A rendered Pod, like upstream's, has no apiVersion/kind: count the top-level metadata of each.)
  const podCount = (text) => (text.match(/^metadata:$/gm) ?? []).length;
  const expectations = {
    baseline: () => undefined,
    single: (out) => (podCount(out) === 1 ? undefined : `expected 1 Pod, got ${podCount(out)}`),
    batchRender: (out) => (podCount(out) === DOCS ? undefined : `expected ${DOCS} Pods, got ${podCount(out)}`),
    batchLint: (out) =>
      out.includes(`${DOCS} document(s) checked: 0 error(s)`) ? undefined : `unexpected lint report: ${out.slice(-300)}`,
  };

  const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    // Short runs are noisier: three baseline/single pairs per round, and the two batch runs in between.
    const order = ['baseline', 'single', 'batchRender', 'baseline', 'single', 'batchLint', 'baseline', 'single'];
    for (const name of order) {
      const [command, args] = commands[name];
      const run = timed(command, args);
      check(name, run, expectations[name]);
      if (round >= WARMUP_ROUNDS) samples[name].push(run.ms);
    }
    if (!options.json) process.stderr.write(`\rbench: round ${round + 1}/${WARMUP_ROUNDS + ROUNDS}`);
  }
  if (!options.json) process.stderr.write('\n');

  const memory = [];
  for (let i = 0; i < 5; i++) memory.push(peakRss(commands.batchRender[1]));

  const base = median(samples.baseline);
  const ratio = (name) => median(samples[name]) / base;
  /** Spread of a ratio: its value with the command's 25th/75th percentile over the baseline median. */
  const spread = (name) => [quantile(samples[name], 0.25) / base, quantile(samples[name], 0.75) / base];
  const results = [
    { name: 'single', label: '(a) 1 VMI, fresh process / node -e 0', value: ratio('single'), target: 1.5, spread: spread('single') },
    { name: 'batch', label: `(b) ${DOCS} VMIs, one process / node -e 0`, value: ratio('batchRender'), target: 8, spread: spread('batchRender') },
    { name: 'memory', label: `(c) peak RSS of (b), MiB`, value: median(memory) / 1024, target: 200, spread: [Math.min(...memory) / 1024, Math.max(...memory) / 1024] },
    {
      name: 'lint',
      label: `lint / render, ${DOCS} VMIs`,
      value: median(samples.batchLint) / median(samples.batchRender),
      target: 1,
      spread: [quantile(samples.batchLint, 0.25) / median(samples.batchRender), quantile(samples.batchLint, 0.75) / median(samples.batchRender)],
    },
  ];
  // lint and render over the same input do nearly the same work; allow for measurement noise.
  const LINT_TOLERANCE = 1.05;
  const passed = (r) => r.value <= (r.name === 'lint' ? r.target * LINT_TOLERANCE : r.target);

  if (options.json) {
    console.log(JSON.stringify({ rounds: ROUNDS, docs: DOCS, sourceCases: corpus.sources, node: process.version, results }, null, 2));
  } else {
    console.log(`vmi-render bench: node ${process.version}, ${ROUNDS} interleaved rounds (+${WARMUP_ROUNDS} warm-up), ${DOCS} docs from ${corpus.sources} conformance cases`);
    for (const r of results) {
      const digits = r.name === 'memory' ? 0 : 2;
      console.log(
        `${r.label.padEnd(44)} ${r.value.toFixed(digits).padStart(7)}  (${r.spread.map((x) => x.toFixed(digits)).join('..')})  target <= ${r.target}  ${passed(r) ? 'ok' : 'MISSED'}`,
      );
    }
  }
  process.exitCode = results.every(passed) ? 0 : 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
