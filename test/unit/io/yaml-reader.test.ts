// The fast YAML reader must give exactly the values the `yaml` package gives, or decline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseAllDocuments, stringify } from 'yaml';
import { readYamlDocuments, readYamlPositions, readYamlStream } from '../../../src/io/yaml-reader.js';
import { yamlPackageLocators } from '../../../src/io/documents.js';
import { ROOT } from '../../support/cli.js';

/** What parseDocuments' yaml package path gives: each document's value, or undefined for any error. */
function reference(text: string): unknown[] | undefined {
  const documents = parseAllDocuments(text, {
    uniqueKeys: true,
    prettyErrors: false,
    strict: true,
    resolveKnownTags: false,
  });
  if ('empty' in documents) return undefined;
  const values: unknown[] = [];
  for (const document of documents) {
    if (document.errors.length > 0) return undefined;
    values.push(document.toJS({ maxAliasCount: 100 }));
  }
  return values;
}

/** Deep equality that also compares key order, prototypes, -0 and NaN. */
function difference(a: unknown, b: unknown, path = ''): string {
  if (typeof a !== typeof b) return `${path}: ${typeof a} vs ${typeof b}`;
  if (a === null || b === null || typeof a !== 'object') {
    return Object.is(a, b) ? '' : `${path}: ${String(a)} vs ${String(b)}`;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  if (Array.isArray(x) !== Array.isArray(y)) return `${path}: array vs object`;
  if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y)) return `${path}: prototype`;
  const keys = Object.keys(x);
  if (keys.join('\u0000') !== Object.keys(y).join('\u0000')) return `${path}: keys differ`;
  for (const key of keys) {
    const found = difference(x[key], y[key], `${path}.${key}`);
    if (found) return found;
  }
  return '';
}

/** Whether some value below the top of a document satisfies `test`. */
function someNested(value: unknown, test: (value: unknown) => boolean): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some((child) => test(child) || someNested(child, test));
}

/** How many objects and lists a value holds (itself included), and how deep they nest (0: not nested). */
function shape(value: unknown, depth = 0): { nodes: number; depth: number } {
  if (value === null || typeof value !== 'object') return { nodes: 0, depth: -1 };
  let nodes = 1;
  let deepest = depth;
  for (const child of Object.values(value)) {
    const inner = shape(child, depth + 1);
    nodes += inner.nodes;
    deepest = Math.max(deepest, inner.depth);
  }
  return { nodes, depth: deepest };
}

/**
 * Reads like the yaml package, or declines (the stream, or documents of it); returns whether it read a
 * document. What it says of the values it read (every number finite, no null, bounds on size and nesting)
 * must be so: the caller skips its own search on the strength of it.
 */
function check(text: string): boolean {
  const stream = readYamlStream(text);
  if (stream === undefined) return false;
  const declined = new Set(stream.declined.map((document) => document.index));
  const fast = stream.documents.filter((_, i) => !declined.has(i));
  if (fast.length === 0) return false;
  // The yaml package's reading of the text with each declined document replaced by a plain one on as many
  // lines: the documents read must be its documents.
  let patched = '';
  let at = 0;
  for (const document of stream.declined) {
    assert.equal(stream.documents[document.index], undefined, `declined document has a value:\n${text}`);
    const lines = text.slice(document.start, document.end);
    patched += `${text.slice(at, document.start)}declined: true${'\n'.repeat(lines.split('\n').length - 1)}`;
    at = document.end;
  }
  patched += text.slice(at);
  const expected = reference(patched);
  assert.ok(expected !== undefined, `accepted text the yaml package rejects:\n${text}`);
  assert.equal(stream.documents.length, expected.length, `document count:\n${text}`);
  stream.documents.forEach((document, i) => {
    if (declined.has(i)) return;
    assert.equal(difference(document, expected[i]), '', `read differently (document ${i + 1}):\n${text}`);
  });
  const { facts } = stream;
  const nonFinite = (value: unknown): boolean => typeof value === 'number' && !Number.isFinite(value);
  assert.ok(!facts.finite || !fast.some((document) => someNested(document, nonFinite)), `finite:\n${text}`);
  assert.ok(
    !facts.nullFree || !fast.some((document) => someNested(document, (v) => v === null)),
    `nullFree:\n${text}`,
  );
  const wide = (value: unknown): boolean =>
    typeof value === 'number' && Number.isInteger(value) && (value < 0 || value > 4294967295);
  assert.ok(
    !facts.uint32Integers || !fast.some((document) => someNested(document, wide)),
    `uint32:\n${text}`,
  );
  if (declined.size === 0) {
    // (a declined document may have set a flag before it was declined: the flags may then be too cautious)
    assert.equal(facts.finite, !fast.some((document) => someNested(document, nonFinite)), `finite:\n${text}`);
    assert.equal(
      facts.nullFree,
      !fast.some((document) => someNested(document, (v) => v === null)),
      `nullFree`,
    );
    assert.equal(
      facts.uint32Integers,
      !fast.some((document) => someNested(document, wide)),
      `uint32:\n${text}`,
    );
  }
  for (const document of fast) {
    const { nodes, depth } = shape(document);
    assert.ok(nodes <= facts.maxNodes && depth < facts.maxDepth, `shape bounds:\n${text}`);
  }
  checkPositions(text, patched, stream.documents);
  return true;
}

/** Every path of every document (and one absent below each) is located where the yaml package locates it. */
function checkPositions(text: string, patched: string, documents: unknown[]): void {
  const fast = readYamlPositions(text);
  assert.ok(fast, `positions read:\n${text}`);
  const reference = yamlPackageLocators(patched);
  documents.forEach((document, index) => {
    if (document === null || document === undefined) return;
    const stack: [(string | number)[], unknown][] = [[[], document]];
    while (stack.length) {
      const [path, value] = stack.pop()!;
      for (const probe of [path, [...path, 'absent-field']]) {
        assert.deepEqual(
          fast[index]!(probe),
          reference[index]!(probe),
          `position of ${JSON.stringify(probe)} in document ${index + 1}:\n${text}`,
        );
      }
      if (Array.isArray(value)) value.forEach((item, i) => stack.push([[...path, i], item]));
      else if (value && typeof value === 'object')
        for (const [key, item] of Object.entries(value)) stack.push([[...path, key], item]);
    }
  });
}

function yamlFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...yamlFiles(path));
    else if (name.endsWith('.yaml') || name.endsWith('.yml')) found.push(path);
  }
  return found;
}

const corpus = ['fixtures', 'examples', 'deploy']
  .flatMap((dir) => yamlFiles(join(ROOT, dir)))
  .map((file) => readFileSync(file, 'utf8'));

test('the project YAML files read as the yaml package reads them, nearly all on the fast path', () => {
  const read = corpus.filter(check).length;
  assert.ok(read >= corpus.length * 0.9, `only ${read} of ${corpus.length} files on the fast path`);
});

test('scalars, block scalars, documents and comments', () => {
  const texts = [
    'a: 1\nb: -0\nc: +5\nd: 0o17\ne: 0x1F\nf: 1.50\ng: .5\nh: 1e3\ni: -.Inf\nj: .NaN\nk: 08\nl: 1_000\n',
    'a: null\nb: ~\nc: Null\nd: NULL\ne: nULL\nf: true\ng: False\nh: TRUE\ni: yes\nj: tRUE\n',
    "a: \"x\\ty\\u00e9\\x41\\U0001F600\\\"\\\\ \\/\"\nb: 'it''s'\nc: \"\" # comment\nd: ''\n",
    'a: b # c\nd: e#f\ng: h  #i\nj: http://x:80/y\nk: a,b]\nl: "q" \n',
    'list:\n- a\n- b: 1\n  c: 2\n-\n- - x\n',
    'list:\n  - a\n  -   b: 1\n      c: [] \nmap: {}\n',
    'a: |\n  one\n   two\n\n  three\n\nb: |-\n  x\n\n\nc: |+\n  y\n\n\nd: 1\n',
    'a: |\n\n  late start\n',
    'a: |\n    deep\n  shallow\n',
    '- |\n x\n- |-\n  y\n',
    '# only\n---\na: 1\n---\n---\n# nothing\n---\nb: 2\n',
    'a: 1\n---\n',
    '---\na: 1\n...\n',
    '%YAML 1.2\n---\na: 1\n',
    'a: 1\na: 2\n',
    '"a": 1\na: 2\n',
    '1: a\n',
    'true: a\n',
    '? a\n: b\n',
    'a:\n  b\n',
    'a: b\n  c\n',
    'a: b: c\n',
    'a: &x 1\nb: *x\n',
    'a: !!str 1\n',
    'a: [1, 2]\n',
    'a:\tb\n',
    'a: b\r\n',
    '  a: 1\n',
    'a: "unterminated\n  line"\n',
    'a: |\n  no final newline',
    '__proto__: 1\n',
    'a: 1\n b: 2\n',
    'a:\n- 1\n b: 2\n',
    '',
    '\n\n',
    '---\n',
    'a: "x\\\n\n  y"\n',
    // not read, or read as the yaml package reads them: unclosed, under-indented, text after the close
    "a: 'x\nb: 1\n",
    'a:\n  b: "x\n  y"\n',
    "a: 'x\n  y' z\n",
    "a: 'x\n---\n  y'\n",
    "'a\n  b': c\n",
    'a: x\n  y: z\n',
    'a: x # c\n  y\n',
    'a: x\n  # c\n  y\n',
    'a: x\n  - y\n',
    'a: x\n  y #z\n',
    'a: x\n y\nb: 1\n',
    // a document the reader declines costs only itself: the others are read
    'a: 1\n---\nb: [1, 2]\n---\nc: 3\n',
    'a: 1\n---\nb: &x 1\nc: *x\n---\nd: "e\n  f"\n',
    'a: 1\n---\nb: {\n---\nc: 3\n',
  ];
  for (const text of texts) check(text);
  assert.ok(check(texts[0]!) && check(texts[6]!) && check(texts[10]!));
  // quoted scalars folded over lines, as PyYAML writes strings with line breaks: read
  const folded = [
    "a: '#cloud-config\n\n  user: fedora\n\n  chpasswd: { expire: False }\n\n  '\nb: 1\n",
    'a: "one\n  two\n\n\n  three  \n  "\n',
    'a: "x \\\n  y\\\n  z\\ \n  w"\n',
    '- \'a\n  b\'\n- "c\n\n  d"\n- e\n',
    "a: '  lead\n   trail  \n  '\n",
    "a: 'it''s\n  ''quoted'''\n",
    "a: '\n  x'\n",
    "a: 'x\n  y' # comment\n",
    'a: "x\n  # not a comment\n  y"\n',
    // plain scalars folded over lines, as kubectl and PyYAML fold long ones
    'a: 1:qemu 1:libvirt\n  3:event 4:*\nb: x\n',
    'a: one\n\n  two\n   three  \n\nb: 1\n',
    '- one\n  two\n- 1\n  2\n',
    'a:\n  b: x\n    y\n  c: z\n',
  ];
  for (const text of folded) assert.ok(check(text) && readYamlDocuments(text), `declined:\n${text}`);
  for (const text of texts.slice(-3)) {
    const stream = readYamlStream(text)!;
    assert.deepEqual(
      stream.declined.map((document) => document.index),
      [1],
      `declined documents:\n${text}`,
    );
  }
});

/** Small edits of the project's files: the reader must never read an edited text differently. */
test('mutated project files: the same values as the yaml package, or declined', () => {
  const inserts = [
    ' ',
    '  ',
    '\n',
    '- ',
    '-',
    ':',
    ': ',
    '#',
    ' #',
    "'",
    '"',
    '|',
    '|-',
    '|+',
    '|2',
    '>',
    '[',
    ']',
    '{}',
    '&a ',
    '*a',
    '!!str ',
    '? ',
    '---\n',
    '...',
    '\\',
    'null',
    '~',
    '1',
    '-0',
    '0x1',
    '.5',
    'true',
    '\\n',
    '\\x41',
    '\n  ',
    '\n- ',
    'a: b',
    'a:',
    '%',
    '@',
    ',',
    'é',
    '\n\n',
    '\n   \n',
    '__proto__',
    'a: 1\na: 2\n',
    '- - x',
    '\n#c\n',
  ];
  let seed = 12345;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const sources = corpus.filter((text) => readYamlDocuments(text) !== undefined);
  let read = 0;
  for (let i = 0; i < 4000; i++) {
    let text = pick(sources);
    for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
      const at = Math.floor(random() * (text.length + 1));
      const kind = random();
      if (kind < 0.5) text = text.slice(0, at) + pick(inserts) + text.slice(at);
      else if (kind < 0.7) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3));
      else {
        const lines = text.split('\n');
        const line = Math.floor(random() * lines.length);
        if (kind < 0.8) lines.splice(line, 0, lines[line]!);
        else if (kind < 0.9) lines[line] = ` ${lines[line]!}`;
        else lines[line] = lines[line]!.replace(/^ {1,2}/, '');
        text = lines.join('\n');
      }
    }
    if (check(text)) read++;
  }
  assert.ok(read > 1000, `read only ${read} of 4000`);
});

const key = fc.oneof(
  fc.stringMatching(/^[a-zA-Z0-9 ._/:#'"-]{0,10}$/),
  fc.constantFrom('1', 'true', 'null', '~', '-', 'a: b', ' a', 'a ', '#', "'", '"'),
);
const scalar = fc.oneof(
  key,
  fc.string({ maxLength: 6 }),
  fc.stringMatching(/^[a-z \n]{0,30}$/),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const data = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('list'), tie('map')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  map: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
})).value;

test('random data written by the yaml package reads back the same, or is declined', () => {
  let read = 0;
  fc.assert(
    fc.property(
      fc.dictionary(key, data, { minKeys: 1, maxKeys: 5 }),
      fc.boolean(),
      fc.constantFrom('PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE') as fc.Arbitrary<
        'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE'
      >,
      fc.boolean(),
      (value, indentSeq, defaultStringType, fold) => {
        // strings folded at a narrow width, as PyYAML and sigs.k8s.io/yaml (kubectl) fold long ones
        const lineWidth = fold ? 12 : 0;
        if (check(stringify(value, { indentSeq, lineWidth, minContentWidth: 0, defaultStringType }))) read++;
      },
    ),
    { numRuns: 2000 },
  );
  assert.ok(read > 300, `read only ${read} of 2000`);
});
