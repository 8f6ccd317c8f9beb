// Reading input files ('-' for stdin) into parsed documents that remember where each field came from.
import { readFileSync, statSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node } from 'yaml';
import { InvalidInputError, type InputProblem } from '../errors.js';

/** Inputs larger than this are refused before parsing (VM specs are kilobytes). */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;
/** Deeper documents are refused: no Kubernetes object we read nests anywhere near this. */
export const MAX_NESTING_DEPTH = 100;
const MAX_ALIAS_COUNT = 100;

export type FieldPath = readonly (string | number)[];

export interface SourceDocument {
  file: string;
  /** 1-based position of the document in its file. */
  index: number;
  value: unknown;
  /** Where a field path starts in the file (nearest existing ancestor if the field is absent). */
  locate(path: FieldPath): { line: number; column: number };
}

export interface InputText {
  file: string;
  text: string;
}

const displayName = (file: string): string => (file === '-' ? '<stdin>' : file);

function fail(file: string, message: string, line?: number, column?: number): never {
  const location = { file: displayName(file), ...(line !== undefined ? { line, column } : {}) };
  throw new InvalidInputError(message, [{ location, path: '', message, severity: 'error' }]);
}

/** Reads a file or stdin ('-') as UTF-8 text, refusing directories, huge and binary files. */
export function readInput(file: string, stdin: () => Buffer = () => readFileSync(0)): InputText {
  let bytes: Buffer;
  try {
    if (file === '-') {
      bytes = stdin();
    } else {
      const stats = statSync(file);
      if (stats.isDirectory()) fail(file, 'is a directory, not a file');
      if (stats.size > MAX_INPUT_BYTES)
        fail(file, `is too large (${stats.size} bytes; the limit is ${MAX_INPUT_BYTES})`);
      bytes = readFileSync(file);
    }
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'is a directory, not a file'
            : code === 'EAGAIN'
              ? 'standard input is not readable'
              : `cannot be read (${code ?? String(error)})`;
    fail(file, reason);
  }
  if (bytes.length > MAX_INPUT_BYTES)
    fail(file, `is too large (${bytes.length} bytes; the limit is ${MAX_INPUT_BYTES})`);
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    const before = bytes.subarray(0, nul).toString('utf8');
    const line = before.split('\n').length;
    fail(
      file,
      'contains binary data (a NUL byte); expected YAML or JSON text',
      line,
      nul - before.lastIndexOf('\n'),
    );
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\uFFFD')) fail(file, 'is not valid UTF-8 text; expected YAML or JSON');
  return { file, text };
}

/** Depth of a parsed value, iteratively (a recursive walk would overflow on hostile input). */
function nestingDepth(root: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (depth > max) max = depth;
    if (depth > MAX_NESTING_DEPTH) return depth;
    if (value && typeof value === 'object') {
      for (const child of Object.values(value)) stack.push([child, depth + 1]);
    }
  }
  return max;
}

/** Depth of the YAML node tree before converting it (toJS recurses). */
function nodeDepth(root: Node | null): number {
  let max = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > max) max = depth;
    if (depth > MAX_NESTING_DEPTH) return depth;
    if (isMap(node)) {
      for (const pair of node.items) {
        stack.push([pair.key, depth + 1]);
        stack.push([pair.value, depth + 1]);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push([item, depth + 1]);
    }
  }
  return max;
}

function locator(document: Document, lineCounter: LineCounter) {
  const position = (offset: number): { line: number; column: number } => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  return (path: FieldPath): { line: number; column: number } => {
    const parts = [...path];
    while (parts.length) {
      // A map entry is reported at its key, a list item at the item.
      const parent = parts.length > 1 ? document.getIn(parts.slice(0, -1), true) : document.contents;
      const last = parts[parts.length - 1];
      if (isMap(parent)) {
        const pair = parent.items.find((item) => (isScalar(item.key) ? item.key.value : item.key) === last);
        const keyRange = (pair?.key as Node | undefined)?.range;
        if (keyRange) return position(keyRange[0]);
      } else if (isSeq(parent) && typeof last === 'number') {
        const itemRange = (parent.items[last] as Node | undefined)?.range;
        if (itemRange) return position(itemRange[0]);
      }
      parts.pop();
    }
    return position(document.contents?.range?.[0] ?? 0);
  };
}

/** Parses a multi-document YAML (or JSON) text. Every syntax problem is reported at once. */
export function parseDocuments(input: InputText): SourceDocument[] {
  const lineCounter = new LineCounter();
  let documents: Document.Parsed[];
  try {
    documents = parseAllDocuments(input.text, {
      lineCounter,
      uniqueKeys: true,
      prettyErrors: false,
      strict: true,
    }) as Document.Parsed[];
  } catch (error) {
    if (error instanceof RangeError)
      fail(input.file, `nesting is too deep (more than ${MAX_NESTING_DEPTH} levels)`);
    throw error;
  }
  if (!Array.isArray(documents)) documents = [documents];
  const problems: InputProblem[] = [];
  const file = displayName(input.file);
  const result: SourceDocument[] = [];
  documents.forEach((document, i) => {
    for (const error of document.errors) {
      const [line, column] = error.linePos?.[0]
        ? [error.linePos[0].line, error.linePos[0].col]
        : [undefined, undefined];
      const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      problems.push({
        location: { file, ...(line !== undefined ? { line, column } : {}) },
        path: '',
        message,
        severity: 'error',
      });
    }
    if (document.errors.length) return;
    const contents = document.contents;
    if (contents === null) return; // an empty document between separators
    if (nodeDepth(contents) > MAX_NESTING_DEPTH) {
      problems.push({
        location: { file, ...lineCounter.linePos(contents.range?.[0] ?? 0) },
        path: '',
        message: `document ${i + 1} is nested too deeply (more than ${MAX_NESTING_DEPTH} levels)`,
        severity: 'error',
      });
      return;
    }
    let value: unknown;
    try {
      value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      const message =
        error instanceof RangeError
          ? `document ${i + 1} is nested too deeply`
          : error instanceof ReferenceError || /alias/i.test(String((error as Error).message))
            ? `document ${i + 1} expands too many aliases (a YAML "billion laughs" document?)`
            : `document ${i + 1}: ${(error as Error).message}`;
      problems.push({ location: { file }, path: '', message, severity: 'error' });
      return;
    }
    if (nestingDepth(value) > MAX_NESTING_DEPTH) {
      problems.push({
        location: { file },
        path: '',
        message: `document ${i + 1} is nested too deeply (more than ${MAX_NESTING_DEPTH} levels)`,
        severity: 'error',
      });
      return;
    }
    result.push({ file: input.file, index: i + 1, value, locate: locator(document, lineCounter) });
  });
  if (problems.length) throw new InvalidInputError(`${file}: invalid YAML`, problems);
  return result;
}

/** The items of a `kind: List` (what `kubectl get -o yaml` prints), or the document itself. */
export function expandLists(
  documents: SourceDocument[],
): { document: SourceDocument; path: FieldPath; value: unknown }[] {
  const out: { document: SourceDocument; path: FieldPath; value: unknown }[] = [];
  for (const document of documents) {
    const value = document.value as { kind?: unknown; items?: unknown } | null;
    if (
      value &&
      typeof value === 'object' &&
      typeof value.kind === 'string' &&
      value.kind.endsWith('List') &&
      Array.isArray(value.items)
    ) {
      value.items.forEach((item, i) => out.push({ document, path: ['items', i], value: item }));
    } else {
      out.push({ document, path: [], value: document.value });
    }
  }
  return out;
}
