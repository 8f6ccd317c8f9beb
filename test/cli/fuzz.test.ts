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

// ------------------------------------------------------------------------------------------------------------
// Hostile text (issue 14): the mutations a structure-aware campaign found harmful, applied to the corpus.
// Whatever they do, `lint` reports in proportion to the input (a bounded number of bytes per input byte),
// one problem per line with no raw control character, well-formed JUnit, and no Node.js warning.

const HOSTILE_QUANTITIES = [
  '1e2147483647',
  '0e999999999',
  '1e999999999',
  '-1.5e-2147483648',
  '1E+9999',
  '9'.repeat(12_000),
  `1.${'0'.repeat(5_000)}1`,
  '1e18Ei',
  '0.000000000001Ki',
];
const HOSTILE_INTEGERS = [
  '9007199254740993',
  '-9223372036854775809',
  '18446744073709551616',
  '1e20',
  '9223372036854775807',
];
const CONTROL_STRINGS = [
  'a\nb: forged',
  '\u001b[31mred',
  'x\r\ny',
  '\u2028',
  '\u0085',
  '\u0007bell',
  'tab\there',
  '\ud800',
];

type HostileEdit =
  | { kind: 'quantity'; at: number; value: string }
  | { kind: 'integer'; at: number; value: string }
  | { kind: 'control'; at: number; value: string }
  | { kind: 'aliases'; width: number; depth: number }
  | { kind: 'sameKeys' }
  | { kind: 'collectionKey' }
  | { kind: 'manyItems'; at: number; count: number };

const hostileEdit: fc.Arbitrary<HostileEdit> = fc.oneof(
  fc.record({
    kind: fc.constant('quantity' as const),
    at: fc.nat(),
    value: fc.constantFrom(...HOSTILE_QUANTITIES),
  }),
  fc.record({
    kind: fc.constant('integer' as const),
    at: fc.nat(),
    value: fc.constantFrom(...HOSTILE_INTEGERS),
  }),
  fc.record({
    kind: fc.constant('control' as const),
    at: fc.nat(),
    value: fc.constantFrom(...CONTROL_STRINGS),
  }),
  fc.record({
    kind: fc.constant('aliases' as const),
    width: fc.integer({ min: 2, max: 12 }),
    depth: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({ kind: fc.constant('sameKeys' as const) }),
  fc.record({ kind: fc.constant('collectionKey' as const) }),
  fc.record({
    kind: fc.constant('manyItems' as const),
    at: fc.nat(),
    count: fc.integer({ min: 10, max: 3_000 }),
  }),
);

const QUANTITY_KEYS = new Set(['memory', 'cpu', 'guest', 'storage', 'ephemeral-storage']);

/**
 * The text of `document` (flow YAML, so every edit can be spelled in it) with the edits applied. Values that
 * JSON cannot spell (an exact big integer, a key that is not a string) go in as placeholders replaced in the
 * text.
 */
function hostileText(document: Json, edits: HostileEdit[]): string {
  const root = structuredClone(document);
  const raw: [string, string][] = [];
  const placeholder = (text: string): string => {
    const token = `@@raw${raw.length}@@`;
    raw.push([JSON.stringify(token), text]);
    return token;
  };
  const prefix: string[] = [];
  for (const edit of edits) {
    const paths = allPaths(root);
    const pick = <T>(list: T[], at: number): T | undefined =>
      list.length ? list[at % list.length] : undefined;
    const set = (path: Path, value: Json): void => {
      (at(root, path.slice(0, -1)) as Record<string | number, Json>)[path.at(-1)!] = value;
    };
    switch (edit.kind) {
      case 'quantity': {
        const found = pick(
          paths.filter(([path]) => QUANTITY_KEYS.has(String(path.at(-1)))),
          edit.at,
        );
        if (found) set(found[0], edit.value);
        break;
      }
      case 'integer': {
        const found = pick(
          paths.filter(([path, value]) => path.length > 0 && typeof value === 'number'),
          edit.at,
        );
        if (found) set(found[0], placeholder(edit.value));
        break;
      }
      case 'control': {
        const found = pick(
          paths.filter(([path, value]) => path.length > 0 && typeof value === 'string'),
          edit.at,
        );
        if (found) set(found[0], `${String(found[1])}${edit.value}`);
        break;
      }
      case 'aliases': {
        // a0 is a list of `width` strings, each next anchor a list of `width` aliases of the one before
        prefix.push(`x-a0: &a0 [${Array.from({ length: edit.width }, (_, i) => `"s${i}"`).join(', ')}]`);
        for (let level = 1; level <= edit.depth; level++) {
          prefix.push(
            `x-a${level}: &a${level} [${Array.from({ length: edit.width }, () => `*a${level - 1}`).join(', ')}]`,
          );
        }
        break;
      }
      case 'sameKeys':
        if (isRecord(root) && isRecord(root.metadata))
          root.metadata.labels = placeholder('{1: a, "1": b, true: c, "true": d}');
        break;
      case 'collectionKey':
        if (isRecord(root) && isRecord(root.metadata))
          root.metadata.annotations = placeholder('{[a, b]: c, {k: v}: d}');
        break;
      case 'manyItems': {
        const found = pick(
          paths.filter(([, value]) => Array.isArray(value) && value.length > 0),
          edit.at,
        );
        if (found) {
          const list = found[1] as Json[];
          set(
            found[0],
            Array.from({ length: edit.count }, (_, i) => structuredClone(list[i % list.length]!)),
          );
        }
        break;
      }
    }
  }
  let text = JSON.stringify(root);
  for (const [token, replacement] of raw) text = text.split(token).join(replacement);
  // the anchors go in as extra top-level keys (unknown fields)
  if (prefix.length) text = `{${prefix.join(', ')}, ${text.slice(1)}`;
  return text;
}

const UNSAFE_FOR_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/; // eslint-disable-line no-control-regex
const NOT_XML_1_0 =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/; // eslint-disable-line no-control-regex
const LINT_LINE = /^(warning: )?\S[^\n]*:\d+:\d+: |^\S+: |^\d+ document\(s\) checked: /;

describe('fuzz: hostile text', () => {
  it(
    'extreme quantities and integers, aliases, same keys, control characters, long lists: lint reports in proportion, one problem per line (in-process)',
    { timeout: 120_000 },
    async () => {
      let warnings = 0;
      const onWarning = (): void => {
        warnings++;
      };
      process.on('warning', onWarning);
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.nat(),
            fc.array(hostileEdit, { minLength: 1, maxLength: 4 }),
            fc.constantFrom('', '\ufeff'),
            fc.boolean(),
            async (index, edits, bom, crlf) => {
              const fixture = fixtures[index % fixtures.length]!;
              let input = bom + hostileText(fixture.document, edits);
              if (crlf) input = input.replace(/\n/g, '\r\n');
              const context = `edits: ${JSON.stringify(edits)}\ninput: ${JSON.stringify(input.slice(0, 2000))}`;
              const flags = caseFlags(fixture.testCase);
              const text = await runMain(['lint', '-', ...flags], { input });
              assert.ok(
                text.status === 0 || text.status === 1 || text.status === 2,
                `exit 0, 1 or 2\n${context}\n${text.stderr}`,
              );
              assert.doesNotMatch(text.stderr, STACK_FRAME, context);
              assert.doesNotMatch(text.stderr, RAW_JS_ERROR, context);
              // bounded by the input's size: a problem line per input byte at most, plus a constant
              const printed = text.stdout.length + text.stderr.length;
              assert.ok(
                printed <= 400 * input.length + 20_000,
                `${printed} bytes printed for ${input.length}\n${context}`,
              );
              for (const output of [text.stdout, text.stderr]) {
                assert.doesNotMatch(
                  output,
                  UNSAFE_FOR_TEXT,
                  `no raw control character\n${context}\n${output.slice(0, 2000)}`,
                );
              }
              if (text.status !== 2) {
                for (const line of text.stdout.trimEnd().split('\n'))
                  assert.match(line, LINT_LINE, `one problem per line\n${context}`);
              }
              const junit = await runMain(['lint', '-o', 'junit', '-', ...flags], { input });
              if (junit.status !== 2) {
                assert.doesNotMatch(junit.stdout, NOT_XML_1_0, `well-formed XML\n${context}`);
                assert.match(
                  junit.stdout,
                  /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites [^\n]*>\n/,
                );
              }
            },
          ),
          runs(14, 120),
        );
      } finally {
        process.off('warning', onWarning);
      }
      assert.equal(warnings, 0, 'no Node.js runtime warning');
    },
  );
});
