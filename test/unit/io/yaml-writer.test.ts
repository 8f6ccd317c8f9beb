// The fast YAML writer must print exactly what the `yaml` package prints for the canonical copy, or decline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { yamlPackageDocument } from '../../../src/io/output.js';
import { writeYamlDocument } from '../../../src/io/yaml-writer.js';
import { ROOT } from '../../support/cli.js';

// what formatObjects' yaml package path prints (the package's text, with raw NEL/LS/PS/C1 escaped)
const reference = (value: unknown): string => yamlPackageDocument(value);

/** Agrees with the yaml package, or declines; returns whether it wrote. */
function check(value: unknown): boolean {
  const fast = writeYamlDocument(value);
  if (fast === undefined) return false;
  assert.equal(fast, reference(value));
  return true;
}

test('every conformance Pod is written as the yaml package writes it', () => {
  let written = 0;
  for (const corpus of ['conformance/v1.4.0/cases', 'conformance/v1.4.0/vm-cases']) {
    const base = join(ROOT, 'fixtures', corpus);
    for (const name of readdirSync(base)) {
      const file = join(base, name, 'expected.json');
      if (!existsSync(file)) continue;
      const expected = JSON.parse(readFileSync(file, 'utf8')) as { pod?: unknown };
      if (expected.pod === undefined) continue;
      assert.ok(check(expected.pod), `declined the Pod of ${corpus}/${name}`);
      written++;
    }
  }
  assert.ok(written > 100);
});

test('scalars that need quoting, escaping or care', () => {
  const strings = [
    '',
    ' ',
    'a b',
    'a: b',
    'a #b',
    'a#b',
    '#a',
    '- a',
    '-a',
    '-',
    '?',
    '? a',
    ':',
    'a:',
    ':a',
    'a:b',
    'true',
    'True',
    'tRue',
    'FALSE',
    'null',
    'Null',
    'NULL',
    '~',
    '0o17',
    '0o8',
    '0x1F',
    '0xg',
    '1_000',
    '1e3',
    '1E+3',
    '.5',
    '+.5',
    '-.5e1',
    '.inf',
    '-.Inf',
    '.NaN',
    '.nan',
    '08',
    '0.',
    '12',
    '-12',
    '+12',
    'yes',
    'no',
    'on',
    "it's",
    'say "hi"',
    `both ' "`,
    'tab\tin',
    '\ttab',
    'tab\t',
    'cr\r',
    'bell\u0007',
    'nul\u0000',
    'esc\u001b',
    'vt\u000b',
    'del\u007f',
    'c1\u0085',
    'nbsp\u00a0x',
    'ls\u2028',
    'sur\ud800',
    'pair\ud83d\ude00',
    '@a',
    '`a',
    'a,b',
    '[a',
    '{a',
    'a]',
    '&a',
    '*a',
    '!a',
    '|a',
    '>a',
    '%a',
    "a'",
    '"a',
    'é',
    'a  b ',
    '---',
    '--- a',
    '---a',
    '...',
    '...a',
    'a---',
    '\\u0041',
    '\\',
    'a\\nb',
    '=',
    '<<',
    'x'.repeat(1030),
    '\u2028\t\u2028%\u00a0',
    'a\u2028---',
    'a\u2029...b',
    'a\u0085b',
    '\u00a0',
  ];
  for (const s of strings) {
    check({ value: s });
    check({ [s]: 1, nested: { [s]: s }, list: [s, { [s]: [s] }] });
    check([s]);
  }
});

test('every string of up to three characters from a YAML-minded alphabet', () => {
  const alphabet = [...'.-+09aefinxoINFtTl:/_#~ "\'%'];
  const strings = [''];
  for (let length = 1; length <= 3; length++) {
    for (const s of strings.filter((x) => x.length === length - 1))
      for (const c of alphabet) strings.push(s + c);
  }
  for (const s of strings) {
    check({ [s]: s });
    check([s]);
  }
});

test('numbers, booleans, nulls and empty collections', () => {
  for (const value of [
    0,
    -0,
    1,
    -1,
    1.5,
    1e21,
    1e-7,
    5e-324,
    Number.MAX_SAFE_INTEGER,
    2 ** 64,
    NaN,
    Infinity,
    -Infinity,
    true,
    false,
    null,
  ]) {
    assert.ok(check({ value, list: [value], nested: { value } }));
  }
  assert.ok(check({ a: {}, b: [], c: [{}, [], [[]], [{}]], d: { e: undefined }, f: null, g: { h: null } }));
  assert.ok(check({}));
  assert.ok(check([]));
});

test('key order: sorted, array-index keys first as in any JavaScript object', () => {
  assert.ok(check({ b: 1, a: 2, '10': 3, '2': 4, '01': 5, '-1': 6, '4294967295': 7, '4294967294': 8 }));
});

test('declines what it does not handle', () => {
  assert.equal(writeYamlDocument({ text: 'two\nlines' }), undefined);
  assert.equal(writeYamlDocument({ 'two\nlines': 1 }), undefined);
  assert.equal(writeYamlDocument({ when: new Date(0) }), undefined);
  assert.equal(writeYamlDocument({ list: [undefined] }), undefined);
  assert.equal(writeYamlDocument({ big: 1n }), undefined);
  assert.equal(writeYamlDocument(JSON.parse('{"__proto__": {"a": 1}}')), undefined);
  assert.equal(writeYamlDocument('scalar'), undefined);
  let deep: unknown = 1;
  for (let i = 0; i < 200; i++) deep = { deep };
  assert.equal(writeYamlDocument(deep), undefined);
});

// eslint-disable-next-line no-control-regex -- control characters belong in the test data
const yamlish = fc.stringMatching(/^[ -~\t\n\u0085\u00a0\u2028é\u0000\u001b\ud800]{0,12}$/);
const tricky = fc.oneof(
  yamlish,
  fc.constantFrom(
    '',
    '-',
    '?',
    ':',
    '#',
    '---',
    '...',
    'true',
    'null',
    '~',
    '1',
    '0x1',
    '.5',
    '1e3',
    "'",
    '"',
    ' ',
    '.inf',
    '-.Inf',
    '.NaN',
    '0o7',
    '+1',
    '-0',
    '1.',
  ),
  fc.string({ maxLength: 8 }),
);
const data = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    tricky,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    tie('list'),
    tie('map'),
  ),
  list: fc.array(tie('value'), { maxLength: 4 }),
  map: fc.dictionary(tricky, fc.option(tie('value'), { nil: undefined, freq: 8 }), { maxKeys: 4 }),
})).map;

test('random data: the same text as the yaml package, or declined', () => {
  let written = 0;
  fc.assert(
    fc.property(data, (value) => {
      if (check(value)) written++;
    }),
    { numRuns: 3000 },
  );
  assert.ok(written > 1000, `wrote only ${written} of 3000`);
});

test('what YAML 1.1 readers take for line breaks, and C1 controls, are escaped in double quotes', () => {
  const value = {
    a: 'b\u2028c',
    d: 'e\u0085f',
    g: 'h\u2029',
    i: '\u009b31m',
    'k\u2028': 'multi\nline\u0085',
  };
  const fast = writeYamlDocument(value);
  const slow = yamlPackageDocument(value);
  for (const text of [fast ?? '', slow]) {
    assert.doesNotMatch(text, /[\u007f-\u009f\u2028\u2029]/);
  }
  assert.equal(fast, undefined, 'a multi-line string goes to the yaml package');
  assert.match(slow, /^a: "b\\Lc"$/m);
  assert.match(slow, /^d: "e\\Nf"$/m);
  assert.match(slow, /^i: "\\x9b31m"$/m);
  const single = { a: 'b\u2028c', d: 'e\u0085f', g: 'h\u2029', i: '\u009b31m' };
  assert.equal(writeYamlDocument(single), yamlPackageDocument(single));
  assert.deepEqual(parse(writeYamlDocument(single)!), single);
  assert.deepEqual(parse(slow), value);
});
