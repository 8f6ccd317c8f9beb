// Property-based fuzzing of the whole command line: valid VMIs and VMs from the conformance corpora, their
// KubeVirt CRs and cluster objects, mutated at random (fields deleted or replaced by random JSON values, wrong
// types, huge and negative numbers, odd strings and quantities, unknown keys, the annotations the render reads)
// and their text mangled byte by byte. Whatever the input, the CLI either renders (exit 0, parseable output,
// the same bytes twice) or fails cleanly (exit 1 or 2, nothing on stdout, a message without a stack trace).
// An internal error (exit 70) or a crash is a bug. Fixed seeds keep the runs reproducible and bounded.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { runCli, type CliResult } from '../support/cli.js';
import { caseFlags, conformanceCases, runMain, tempDir, type ConformanceCase } from './in-process.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

interface Fixture {
  testCase: ConformanceCase;
  document: Json;
  kubevirt?: Json;
  objects?: Json[];
}

const fixtures: Fixture[] = conformanceCases().map((testCase) => ({
  testCase,
  document: parse(readFileSync(testCase.vmi, 'utf8')) as Json,
  ...(testCase.kubevirt ? { kubevirt: parse(readFileSync(testCase.kubevirt, 'utf8')) as Json } : {}),
  ...(testCase.objects
    ? {
        objects: parseAllDocuments(readFileSync(testCase.objects, 'utf8'))
          .map((document) => document.toJS() as Json)
          .filter((object) => object !== null),
      }
    : {}),
}));

const temp = tempDir('vmi-render-fuzz-');
after(() => temp.cleanup());

// ------------------------------------------------------------------------------------------------------------
// Mutations

/** Annotations the render reads (some hold JSON, numbers or booleans). */
const RENDER_ANNOTATIONS = [
  'hooks.kubevirt.io/hookSidecars',
  'kubevirt.io/libvirt-log-filters',
  'k8s.v1.cni.cncf.io/networks',
  'kubevirt.io/memory-hotplug-overhead-ratio',
  'alpha.kubevirt.io/auto-memory-limits-ratio',
  'kubevirt.io/keep-launcher-alive-after-failure',
  'kubevirt.io/ignitiondata',
  'kubevirt.io/migrationTransportUnix',
  'kubevirt.io/network-info',
  'kubevirt.io/realtime',
  'kubevirt.io/sev',
  'kubevirt.io/cluster-instancetype-name',
  'instancetype.kubevirt.io/default-instancetype',
  'descheduler.alpha.kubernetes.io/request-evict-only',
  'kubevirt.io/func-test-virt-launcher-fail-fast',
];

const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e400',
    '1e18Ei',
    '999999999999999999Ei',
    '-1Gi',
    '0.0001',
    '1m',
    '1Gix',
    '+1',
    '18446744073709551616',
    '\u202e',
    'a'.repeat(300),
    'true',
    'null',
    '[]',
    '{}',
    '[{"name":"x"}]',
    '[{"args":["--version","v1alpha2"],"image":"x"}]',
    '{"a":',
    'debug',
    'NaN',
    '__proto__',
    'constructor',
    '../..',
    '/',
    'fd00::1/64',
    'Always',
  ),
);
const oddNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    0,
    -1,
    1,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32 - 1,
    2 ** 32,
    2 ** 53,
    -(2 ** 31),
    1e308,
    0.5,
    1e-9,
  ),
);
const oddValue: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue() as fc.Arbitrary<Json>,
  oddString,
  oddNumber,
  fc.constantFrom<Json>(null, [], {}, [null], { '': 1 }, true, false),
);

type Mutation =
  | { kind: 'delete' | 'duplicate'; at: number }
  | { kind: 'replace' | 'number' | 'string'; at: number; value: Json }
  | { kind: 'add'; at: number; key: string; value: Json }
  | { kind: 'annotate'; key: string; value: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: oddValue }),
  fc.record({ kind: fc.constant('number' as const), at: fc.nat(), value: oddNumber }),
  fc.record({ kind: fc.constant('string' as const), at: fc.nat(), value: oddString }),
  fc.record({
    kind: fc.constant('add' as const),
    at: fc.nat(),
    key: fc.oneof(
      fc.string(),
      fc.constantFrom('__proto__', 'constructor', 'name', 'bus', 'image', 'memory', 'cpu'),
    ),
    value: oddValue,
  }),
  fc.record({
    kind: fc.constant('annotate' as const),
    key: fc.constantFrom(...RENDER_ANNOTATIONS),
    value: oddString,
  }),
);

const isRecord = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every path in the value, with the value there. */
function allPaths(root: Json): [Path, Json][] {
  const out: [Path, Json][] = [];
  const stack: [Path, Json][] = [[[], root]];
  while (stack.length) {
    const [path, value] = stack.pop()!;
    out.push([path, value]);
    if (Array.isArray(value)) value.forEach((child, i) => stack.push([[...path, i], child]));
    else if (isRecord(value))
      for (const [key, child] of Object.entries(value)) stack.push([[...path, key], child]);
  }
  return out;
}

function at(root: Json, path: Path): Json {
  let value: Json = root;
  for (const segment of path) value = (value as Record<string | number, Json>)[segment]!;
  return value;
}

/** Applies the mutations to a copy of `document`. */
function mutate(document: Json, mutations: Mutation[]): Json {
  const root = structuredClone(document);
  for (const change of mutations) {
    if (change.kind === 'annotate') {
      if (!isRecord(root)) continue;
      const metadata = isRecord(root.metadata) ? root.metadata : (root.metadata = {});
      const annotations = isRecord(metadata.annotations) ? metadata.annotations : (metadata.annotations = {});
      annotations[change.key] = change.value;
      continue;
    }
    const candidates = allPaths(root).filter(([path, value]) => {
      switch (change.kind) {
        case 'add':
          return isRecord(value);
        case 'number':
          return path.length > 0 && typeof value === 'number';
        case 'string':
          return path.length > 0 && typeof value === 'string';
        case 'duplicate':
          return typeof path.at(-1) === 'number';
        default:
          return path.length > 0;
      }
    });
    if (candidates.length === 0) continue;
    const [path] = candidates[change.at % candidates.length]!;
    if (change.kind === 'add') {
      // defineProperty: a key named __proto__ must become a field, not a prototype
      Object.defineProperty(at(root, path), change.key, {
        value: structuredClone(change.value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      continue;
    }
    const parent = at(root, path.slice(0, -1)) as Record<string | number, Json> & Json[];
    const last = path.at(-1)!;
    switch (change.kind) {
      case 'delete':
        if (Array.isArray(parent)) parent.splice(last as number, 1);
        else delete parent[last];
        break;
      case 'duplicate':
        parent.push(structuredClone(parent[last as number]!));
        break;
      default:
        parent[last] = structuredClone(change.value);
    }
  }
  return root;
}

interface Scenario {
  fixture: number;
  document: Mutation[];
  kubevirt: Mutation[];
  objects: Mutation[];
  object: number;
  admission: boolean;
  output: 'yaml' | 'json';
  asYaml: boolean;
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  fixture: fc.nat(),
  document: fc.array(mutation, { minLength: 1, maxLength: 5 }),
  kubevirt: fc.oneof(fc.constant<Mutation[]>([]), fc.array(mutation, { minLength: 1, maxLength: 3 })),
  objects: fc.oneof(fc.constant<Mutation[]>([]), fc.array(mutation, { minLength: 1, maxLength: 3 })),
  object: fc.nat(),
  admission: fc.boolean(),
  output: fc.constantFrom('yaml' as const, 'json' as const),
  asYaml: fc.boolean(),
});

let written = 0;

/** The command line and input text of a scenario; mutated cluster inputs go to temporary files. */
function prepare(plan: Scenario): { args: string[]; input: string } {
  const fixture = fixtures[plan.fixture % fixtures.length]!;
  const document = mutate(fixture.document, plan.document);
  const input = plan.asYaml ? stringify(document) : JSON.stringify(document);
  const files: { kubevirt?: string; objects?: string } = {};
  if (fixture.kubevirt !== undefined && plan.kubevirt.length) {
    files.kubevirt = temp.file(
      `kubevirt-${written++}.json`,
      JSON.stringify(mutate(fixture.kubevirt, plan.kubevirt)),
    );
  }
  if (fixture.objects?.length && plan.objects.length) {
    const objects = structuredClone(fixture.objects);
    const index = plan.object % objects.length;
    objects[index] = mutate(objects[index]!, plan.objects);
    files.objects = temp.file(
      `objects-${written++}.yaml`,
      stringify({ apiVersion: 'v1', kind: 'List', items: objects }),
    );
  }
  const args = ['render', '-', '-o', plan.output, ...caseFlags(fixture.testCase, files)];
  if (!plan.admission && !args.includes('--no-admission')) args.push('--no-admission');
  return { args, input };
}

// ------------------------------------------------------------------------------------------------------------
// The property

/**
 * Bounded and reproducible by default; `VMI_RENDER_FUZZ_SEED` and `VMI_RENDER_FUZZ_SCALE` (a multiplier of the
 * run counts) explore further by hand.
 */
function runs(seed: number, numRuns: number): { seed: number; numRuns: number } {
  const scale = Number(process.env.VMI_RENDER_FUZZ_SCALE ?? 1);
  const override = process.env.VMI_RENDER_FUZZ_SEED;
  return {
    seed: override ? Number(override) + seed : seed,
    numRuns: Math.max(1, Math.round(numRuns * scale)),
  };
}

const STACK_FRAME = /^\s+at /m;
const RAW_JS_ERROR = /\b(TypeError|RangeError|SyntaxError|ReferenceError)\b/;

/** Rendered and parseable, or failed cleanly. */
function assertHandled(result: CliResult, output: 'yaml' | 'json', context: string): void {
  const where = `${context}\nstatus ${String(result.status)}\nstderr:\n${result.stderr.slice(0, 3000)}`;
  assert.ok(result.status === 0 || result.status === 1 || result.status === 2, `exit 0, 1 or 2\n${where}`);
  assert.doesNotMatch(result.stderr, STACK_FRAME, `no stack trace\n${where}`);
  assert.doesNotMatch(result.stderr, RAW_JS_ERROR, `no raw JavaScript error\n${where}`);
  if (result.status === 0) {
    assert.notEqual(result.stdout, '', `a rendered Pod\n${where}`);
    if (output === 'json') JSON.parse(result.stdout);
    else
      for (const document of parseAllDocuments(result.stdout)) assert.deepEqual(document.errors, [], where);
  } else {
    assert.equal(result.stdout, '', `nothing on stdout\n${where}`);
    assert.notEqual(result.stderr.trim(), '', `a message\n${where}`);
  }
}

/** Byte-level damage to a text: inserted, deleted, duplicated and replaced stretches. */
const damage = fc.array(
  fc.record({
    at: fc.nat(),
    length: fc.nat({ max: 40 }),
    insert: fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom(
        ':',
        '- ',
        '[',
        ']',
        '{',
        '}',
        '&a ',
        '*a',
        '!!binary ',
        '\t',
        '\u0000',
        '%YAML 1.1\n',
        '---\n',
        '"',
        "'",
        '|',
        '>',
        '#',
        '\n  ',
        '<<: ',
        '? ',
      ),
    ),
  }),
  { minLength: 1, maxLength: 6 },
);

function applyDamage(text: string, edits: { at: number; length: number; insert: string }[]): string {
  let out = text;
  for (const edit of edits) {
    const position = edit.at % (out.length + 1);
    out = out.slice(0, position) + edit.insert + out.slice(position + edit.length);
  }
  return out;
}

describe('fuzz', () => {
  it('mutated VMIs, VMs, KubeVirt CRs and cluster objects: rendered or cleanly refused (in-process)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (plan) => {
        const { args, input } = prepare(plan);
        const result = await runMain(args, { input });
        const context = `args: ${args.join(' ')}\ninput: ${input.slice(0, 4000)}`;
        assertHandled(result, plan.output, context);
        if (result.status === 0) {
          const again = await runMain(args, { input });
          assert.equal(again.stdout, result.stdout, `deterministic\n${context}`);
        }
      }),
      runs(20241129, 300),
    );
  });

  it('damaged YAML and JSON text: rendered or cleanly refused (in-process)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.boolean(), damage, async (index, asJson, edits) => {
        const fixture = fixtures[index % fixtures.length]!;
        const text = asJson ? JSON.stringify(fixture.document, null, 2) : stringify(fixture.document);
        const input = applyDamage(text, edits);
        const args = ['render', '-', ...caseFlags(fixture.testCase)];
        assertHandled(
          await runMain(args, { input }),
          'yaml',
          `args: ${args.join(' ')}\ninput: ${JSON.stringify(input)}`,
        );
      }),
      runs(1129, 150),
    );
  });

  it(
    'mutated inputs through the spawned CLI: rendered or cleanly refused',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async (plan) => {
          const { args, input } = prepare(plan);
          const file = temp.file(`input-${written++}.${plan.asYaml ? 'yaml' : 'json'}`, input);
          const fileArgs = args.map((arg) => (arg === '-' ? file : arg));
          const result = await runCli(fileArgs);
          assertHandled(result, plan.output, `args: ${fileArgs.join(' ')}\ninput: ${input.slice(0, 4000)}`);
        }),
        runs(4242, 30),
      );
    },
  );
});
