// Reading a file's documents: each document on the reader it needs (a document outside the fast YAML reader's
// subset costs only itself), JSON streams, and every problem located in the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAllDocuments } from 'yaml';
import { parseDocuments, yamlPackageLocators } from '../../../src/io/documents.js';
import { InvalidInputError } from '../../../src/errors.js';

const problemsOf = (text: string): string[] => {
  try {
    parseDocuments({ file: 'in.yaml', text });
  } catch (error) {
    assert.ok(error instanceof InvalidInputError, String(error));
    return error.problems.map((p) => `${p.location?.line}:${p.location?.column} ${p.message}`);
  }
  assert.fail('no problem reported');
};

test('a document the fast reader declines is read on its own: values, indexes and positions as the yaml package has them', () => {
  const text = [
    'a: 1\nb:\n  c: x\n',
    'flow: {x: [1, 2], y: &y z}\nalias: *y\nlist:\n- {k: v}\n',
    '# only a comment\n',
    'd: "folded\n  over lines"\ne: 2\n',
  ].join('---\n');
  const documents = parseDocuments({ file: 'in.yaml', text });
  const expected = parseAllDocuments(text).map((document) => document.toJS() as unknown);
  assert.deepEqual(
    documents.map((document) => document.value),
    expected.filter((value) => value !== null),
  );
  assert.deepEqual(
    documents.map((document) => document.index),
    [1, 2, 4],
  );
  const reference = yamlPackageLocators(text);
  for (const [document, path] of [
    [0, ['b', 'c']],
    [1, ['flow', 'x', 1]],
    [1, ['list', 0, 'k']],
    [1, ['absent']],
    [3, ['e']],
  ] as const) {
    const found = documents.find((d) => d.index === document + 1)!;
    assert.deepEqual(found.locate(path), reference[document]!(path), JSON.stringify(path));
  }
  assert.equal(documents[1]!.facts, undefined, 'no fast-reader facts for a document it did not read');
});

test('problems of several declined documents are all reported, at their lines in the file', () => {
  const text = 'a: 1\n---\nb: {x: 1\n---\nc: 2\n---\nd: [1, 1]\nd: 2\n';
  assert.deepEqual(problemsOf(text), [
    '4:1 Flow map in block collection must be sufficiently indented and end with a }',
    '8:1 Map keys must be unique',
  ]);
});

test('a JSON stream (values one after another, as jq prints them) is a document per value', () => {
  const text = '{"kind": "A", "n": 1}\n{\n  "kind": "B",\n  "spec": {"x": [1, 2]}\n}\n[3]';
  const documents = parseDocuments({ file: 'in.json', text });
  assert.deepEqual(
    documents.map((document) => [document.index, document.value]),
    [
      [1, { kind: 'A', n: 1 }],
      [2, { kind: 'B', spec: { x: [1, 2] } }],
      [3, [3]],
    ],
  );
  assert.deepEqual(documents[1]!.locate(['spec', 'x', 1]), { line: 4, column: 21 });
  assert.deepEqual(problemsOf('{"a": 1}\n{"b": 1, "b": 2}\n'), ['2:10 Map keys must be unique']);
  // not a JSON stream: read as YAML, which says what is wrong
  assert.match(problemsOf('{"a": 1} trailing\n')[0]!, /^1:\d+ /);
});
