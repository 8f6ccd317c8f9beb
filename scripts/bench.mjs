// `npm run bench`: start-up and batch throughput of the built CLI on this machine, as ratios to `node -e 0`
// (absolute times say more about the machine than about vmi-render). Every measurement is a fresh process
// spawned as a user would run it (bin/vmi-render through its #! line), timed from spawn to exit. The
// commands run interleaved, round after round, so that changes in the machine's load hit all of them
// alike; each ratio is a ratio of medians.
//
//   (a) one VMI rendered to YAML by a fresh bin/vmi-render / node -e 0     target <= 1.5
//   (b) 1000 VMIs (one file) rendered to YAML / node -e 0                  target <= 8, in each formatting:
//       yaml      a multi-document stream written by the `yaml` package (block style, plain where it can)
//       pyyaml    the same written by PyYAML's safe_dump_all (quoted strings folded over lines, as Python
//                 and Ansible tooling write them): fixtures/bench/vmis.pyyaml.yaml
//       kubectl   what `kubectl get -o yaml` prints for them: a v1 List through sigs.k8s.io/yaml (`|`
//                 literals, long plain strings folded, quotes where needed): fixtures/bench/vmis.kubectl.yaml
//       json      one JSON document per VMI, one after another (as `jq` prints them)
//       json-list one JSON `kind: List` (what `kubectl get -o json` prints)
//       and the slowest formatting within 1.25x of the fastest
//   (c) peak resident memory of (b), yaml formatting                       target <= 200 MiB
//   lint of the same 1000 documents / render of them (yaml formatting)     target <= 1
//
// The 1000 VMIs are those of fixtures/bench/vmis.json (the v1.4.0 conformance cases given upstream that
// render with default settings and expect a Pod), repeated with unique names and UIDs. The two fixtures
// hold the same VMIs, written once by those tools (fixtures/bench/README.md); the bench repeats them with the
// same names and UIDs by editing the name and uid lines only, so each file keeps its tool's formatting. Every
// formatting must render to the very same Pods.
//
// Usage: node scripts/bench.mjs [--rounds N] [--docs N] [--json]   (on a built tree: npm run bench)
// Exit status: 0 all targets met, 1 a target missed, 2 a command failed or printed something unexpected.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'vmi-render');
const CONFORMANCE = join(ROOT, 'fixtures', 'conformance', 'v1.4.0', 'cases');
const SINGLE_CASE = join(CONFORMANCE, '001-containerdisk-cloudinit-nocloud', 'vmi.yaml');
const WARM_UP_ROUNDS = 2;
const MEMORY_RUNS = 5;

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '21' },
    docs: { type: 'string', default: '1000' },
    json: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(options.rounds);
const DOCS = Number(options.docs);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || !Number.isInteger(DOCS) || DOCS < 1) {
  console.error('usage: node scripts/bench.mjs [--rounds N] [--docs N] [--json]');
  process.exit(2);
}
if (!existsSync(join(ROOT, 'dist', 'cli'))) {
  console.error('bench: no built CLI (dist/cli); run `npm run bench`, which builds first');
  process.exit(2);
}

const BENCH_FIXTURES = join(ROOT, 'fixtures', 'bench');

/**
 * The VMIs the bench renders: fixed in fixtures/bench/vmis.json (see its README), so that the corpus growing
 * does not change what is measured.
 */
function sourceVmis() {
  const vmis = JSON.parse(readFileSync(join(BENCH_FIXTURES, 'vmis.json'), 'utf8'));
  if (!Array.isArray(vmis) || vmis.length === 0) throw new Error('fixtures/bench/vmis.json holds no VMIs');
  return vmis;
}

/** Copy `i` of a VMI: its name and UID made unique. */
const uniqueName = (name, i) => `${name}-${String(i).padStart(4, '0')}`;
const uniqueUid = (uid, i) => `${uid.slice(0, 24)}${String(i).padStart(12, '0')}`;

/** Copy `i` of a VMI's text: its metadata's name and uid lines (at `indent`) edited, nothing else. */
function renameText(text, i, indent) {
  const line = (field) => new RegExp(`^(${indent}${field}: )(['"]?)([^'"\\n]+)\\2$`, 'm');
  return text
    .replace(line('name'), (_, key, quote, value) => `${key}${quote}${uniqueName(value, i)}${quote}`)
    .replace(line('uid'), (_, key, quote, value) => `${key}${quote}${uniqueUid(value, i)}${quote}`);
}

/** The same `count` VMIs in each formatting (see the header). */
function batchCorpus(count) {
  const vmis = sourceVmis();
  const copies = [];
  for (let i = 0; i < count; i++) {
    const vmi = structuredClone(vmis[i % vmis.length]);
    vmi.metadata.name = uniqueName(vmi.metadata.name, i);
    if (typeof vmi.metadata.uid === 'string') vmi.metadata.uid = uniqueUid(vmi.metadata.uid, i);
    copies.push(vmi);
  }
  const pyyaml = readFileSync(join(BENCH_FIXTURES, 'vmis.pyyaml.yaml'), 'utf8').split(/^---\n/m);
  const kubectl = readFileSync(join(BENCH_FIXTURES, 'vmis.kubectl.yaml'), 'utf8');
  const itemsStart = kubectl.indexOf('\n- ') + 1;
  const itemsEnd = kubectl.search(/^kind: List$/m);
  const items = kubectl.slice(itemsStart, itemsEnd).split(/^(?=- )/m);
  for (const [name, pieces] of [
    ['pyyaml', pyyaml],
    ['kubectl', items],
  ]) {
    if (pieces.length !== vmis.length) {
      throw new Error(
        `fixtures/bench: ${name} holds ${pieces.length} VMIs, not the ${vmis.length} of the cases`,
      );
    }
  }
  const repeat = (pieces, indent) =>
    Array.from({ length: count }, (_, i) => renameText(pieces[i % pieces.length], i, indent));
  const texts = {
    yaml: copies.map((vmi) => stringify(vmi, { lineWidth: 0 })).join('---\n'),
    pyyaml: repeat(pyyaml, '  ').join('---\n'),
    kubectl: kubectl.slice(0, itemsStart) + repeat(items, '    ').join('') + kubectl.slice(itemsEnd),
    json: copies.map((vmi) => JSON.stringify(vmi, null, 2)).join('\n'),
    'json-list': JSON.stringify({ apiVersion: 'v1', kind: 'List', items: copies, metadata: {} }, null, 4),
  };
  return { texts, sources: vmis.length };
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
// the `node` of the #! line is this one
const env = {
  ...process.env,
  NO_COLOR: '1',
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
};
delete env.NODE_OPTIONS;

/** Runs a command to completion; wall time in ms from spawn to exit. */
function timed(command, args, extraEnv = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 30,
  });
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
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
function peakRss(args) {
  const hook = join(workDir, 'peak-rss.cjs');
  const out = join(workDir, 'peak-rss.txt');
  writeFileSync(
    hook,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, String(process.resourceUsage().maxRSS)));\n`,
  );
  const run = timed(BIN, args, { NODE_OPTIONS: `--require ${JSON.stringify(hook)}` });
  check(`${args.join(' ')} (memory)`, run, () => undefined);
  return Number(readFileSync(out, 'utf8'));
}

try {
  const corpus = batchCorpus(DOCS);
  const formats = Object.keys(corpus.texts);
  const batchFile = (format) =>
    join(workDir, `batch-${DOCS}.${format}.${format.startsWith('json') ? 'json' : 'yaml'}`);
  for (const format of formats) writeFileSync(batchFile(format), corpus.texts[format]);

  const commands = {
    baseline: [process.execPath, ['-e', '0']],
    single: [BIN, ['render', SINGLE_CASE]],
    ...Object.fromEntries(
      formats.map((format) => [`render:${format}`, [BIN, ['render', batchFile(format)]]]),
    ),
    batchLint: [BIN, ['lint', batchFile('yaml')]],
  };
  // A failing or empty run would make a meaningless fast benchmark; every formatting must give the same Pods.
  const podCount = (text) => (text.match(/^kind: Pod$/gm) ?? []).length;
  let firstRender;
  const sameAsFirst = (out) => {
    firstRender ??= out;
    return out === firstRender ? undefined : 'rendered Pods differ from those of the other formattings';
  };
  const expectations = {
    baseline: () => undefined,
    single: (out) => (podCount(out) === 1 ? undefined : `expected 1 Pod, got ${podCount(out)}`),
    ...Object.fromEntries(
      formats.map((format) => [
        `render:${format}`,
        (out) => (podCount(out) === DOCS ? sameAsFirst(out) : `expected ${DOCS} Pods, got ${podCount(out)}`),
      ]),
    ),
    batchLint: (out) =>
      out.includes(`${DOCS} document(s) checked: 0 error(s)`)
        ? undefined
        : `unexpected report: ${out.slice(-300)}`,
  };

  const load = [loadavg()[0]];
  const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  // Short runs are noisier: a baseline/single pair between any two batch runs.
  const order = [...formats.map((format) => `render:${format}`), 'batchLint'].flatMap((name) => [
    'baseline',
    'single',
    name,
  ]);
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
    for (const name of order) {
      const [command, args] = commands[name];
      const run = timed(command, args);
      check(name, run, expectations[name]);
      if (round >= WARM_UP_ROUNDS) samples[name].push(run.ms);
    }
    if (!options.json) process.stderr.write(`\rbench: round ${round + 1}/${WARM_UP_ROUNDS + ROUNDS}`);
  }
  if (!options.json) process.stderr.write('\n');
  const memory = [];
  for (let i = 0; i < MEMORY_RUNS; i++) memory.push(peakRss(commands['render:yaml'][1]) / 1024);
  load.push(loadavg()[0]);

  const base = median(samples.baseline);
  /** A ratio of medians, with the 25th..75th percentile of the command's times over the same denominator. */
  const ratio = (name, over = base) => ({
    value: median(samples[name]) / over,
    spread: [quantile(samples[name], 0.25) / over, quantile(samples[name], 0.75) / over],
  });
  const batchRatios = formats.map((format) => ({ format, ...ratio(`render:${format}`) }));
  const values = batchRatios.map((r) => r.value);
  const results = [
    { name: 'single', label: '(a) 1 VMI, fresh process / node -e 0', target: 1.5, ...ratio('single') },
    ...batchRatios.map(({ format, value, spread }) => ({
      name: `batch:${format}`,
      label: `(b) ${DOCS} VMIs, ${format} / node -e 0`,
      target: 8,
      value,
      spread,
    })),
    {
      name: 'formats',
      label: '(b) slowest formatting / fastest',
      target: 1.25,
      value: Math.max(...values) / Math.min(...values),
      spread: [Math.max(...values) / Math.min(...values), Math.max(...values) / Math.min(...values)],
    },
    {
      name: 'memory',
      label: '(c) peak RSS of (b) yaml, MiB',
      target: 200,
      value: median(memory),
      spread: [Math.min(...memory), Math.max(...memory)],
    },
    {
      name: 'lint',
      label: `lint / render, ${DOCS} VMIs`,
      target: 1,
      ...ratio('batchLint', median(samples['render:yaml'])),
    },
  ];
  const passed = results.every((r) => r.value <= r.target);
  const context = {
    node: process.version,
    cpus: cpus().length,
    loadAverage: load,
    rounds: ROUNDS,
    docs: DOCS,
    sourceCases: corpus.sources,
    baselineMs: base,
  };

  if (options.json) {
    console.log(JSON.stringify({ ...context, results, passed }, null, 2));
  } else {
    console.log(
      `vmi-render bench: node ${process.version}, ${context.cpus} CPUs, load ${load.map((l) => l.toFixed(1)).join(' -> ')}; ` +
        `${ROUNDS} interleaved rounds (+${WARM_UP_ROUNDS} warm-up); ${DOCS} documents from ${corpus.sources} VMIs (fixtures/bench/vmis.json)`,
    );
    for (const r of results) {
      const digits = r.name === 'memory' ? 0 : 2;
      const spread = r.spread.map((x) => x.toFixed(digits)).join('..');
      const verdict = r.value <= r.target ? 'ok' : 'MISSED';
      console.log(
        `${r.label.padEnd(44)} ${r.value.toFixed(digits).padStart(6)}  (${spread})  target <= ${r.target}  ${verdict}`,
      );
    }
  }
  process.exitCode = passed ? 0 : 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
