// Reading input files ('-' for stdin) into parsed documents that remember where each field came from.
import { closeSync, openSync, readdirSync, readSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  type Document,
  type Node,
  type YAMLError,
} from 'yaml';
import { InvalidInputError, type InputProblem } from '../errors.js';
import { readYamlStream, type YamlStreamFacts } from './yaml-reader.js';

export { nonFiniteNumbers } from '../schema/document-check.js';

/** Inputs larger than this are refused before parsing (VM specs are kilobytes), unless raised (--max-input-size). */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;
/** The most --max-input-size can allow: V8's longest string is about 512 MiB (2^29 - 24 UTF-16 units). */
export const MAX_INPUT_BYTES_CEILING = 512 * 1024 * 1024 - 1024;
/** Deeper documents are refused: no Kubernetes object we read nests anywhere near this. */
export const MAX_NESTING_DEPTH = 100;
const MAX_ALIAS_COUNT = 100;
/** Syntax errors reported per file: a badly broken file can yield one per line. */
const MAX_SYNTAX_ERRORS = 20;

export type FieldPath = readonly (string | number)[];

export interface SourceDocument {
  file: string;
  /** 1-based position of the document in its file. */
  index: number;
  value: unknown;
  /** What the fast reader knows of the values of the document's stream (when it read it). */
  facts?: YamlStreamFacts;
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

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * Reads a stream (a pipe, a device) to its end, but no further than one byte past MAX_INPUT_BYTES: a larger
 * input is refused anyway, and an endless one (`/dev/zero`) must not exhaust memory. A non-blocking pipe with
 * nothing in it yet is waited for; a closed descriptor reads as empty.
 */
export function readBounded(fd: number, maxBytes = MAX_INPUT_BYTES): Buffer {
  const limit = maxBytes + 1;
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.allocUnsafe(64 * 1024);
  while (total < limit) {
    let count: number;
    try {
      count = readSync(fd, chunk, 0, Math.min(chunk.length, limit - total), null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        sleep(5);
        continue;
      }
      if (code === 'EOF' || code === 'EBADF' || code === 'ENXIO') break;
      throw error;
    }
    if (count === 0) break;
    chunks.push(Buffer.from(chunk.subarray(0, count)));
    total += count;
  }
  return Buffer.concat(chunks);
}

/** Standard input, read as `readBounded` reads. */
export function readStdin(maxBytes = MAX_INPUT_BYTES): Buffer {
  return readBounded(0, maxBytes);
}

/** A path: a regular file in one read (its size is known), anything else (a FIFO, a device) bounded. */
function readPath(file: string, maxBytes: number): Buffer {
  const stats = statSync(file);
  if (stats.isDirectory()) fail(file, 'is a directory, not a file');
  if (stats.isFile()) {
    if (stats.size > maxBytes)
      fail(file, `is too large (${stats.size} bytes; the limit is ${maxBytes}, see --max-input-size)`);
    return readFileSync(file);
  }
  const fd = openSync(file, 'r');
  try {
    return readBounded(fd, maxBytes);
  } finally {
    closeSync(fd);
  }
}

/** Reads a file or stdin ('-') as UTF-8 text, refusing directories, huge and binary files. */
export function readInput(
  file: string,
  stdin: () => Buffer = () => readStdin(),
  maxBytes = MAX_INPUT_BYTES,
): InputText {
  let bytes: Buffer;
  try {
    bytes = file === '-' ? stdin() : readPath(file, maxBytes);
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'ENOTDIR'
          ? 'no such file (a parent is not a directory)'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : code === 'EISDIR'
              ? 'is a directory, not a file'
              : code === 'EAGAIN'
                ? 'standard input is not readable'
                : `cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`;
    fail(file, reason);
  }
  if (bytes.length > maxBytes) fail(file, `is too large (more than ${maxBytes} bytes, see --max-input-size)`);
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    const before = bytes.subarray(0, nul).toString('utf8').split('\n');
    fail(
      file,
      'contains binary data (a NUL byte); expected YAML or JSON text',
      before.length,
      [...before.at(-1)!].length + 1,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    fail(file, 'is not valid UTF-8 text; expected YAML or JSON');
  }
  return { file, text };
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

/** Depth of a converted value, iteratively (aliases can build deep, even cyclic, values from shallow nodes). */
function valueDepth(root: unknown): number {
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

/** The one-line text of a YAML syntax error (the library's stack-overflow guard included). */
function syntaxMessage(error: YAMLError): string {
  if (error.code === 'RESOURCE_EXHAUSTION')
    return `is nested too deeply (more than ${MAX_NESTING_DEPTH} levels)`;
  return error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

/** Parses a multi-document YAML (or JSON) text. Every problem is reported at once (syntax errors: up to 20). */
export function parseDocuments(input: InputText): SourceDocument[] {
  const read = readYamlStream(input.text);
  return read ? withLazyPositions(input, read) : parseWithPositions(input);
}

function parseYaml(text: string, lineCounter: LineCounter): ReturnType<typeof parseAllDocuments> {
  return parseAllDocuments(text, {
    lineCounter,
    uniqueKeys: true,
    prettyErrors: false,
    strict: true,
    // YAML 1.1 tags (!!binary, !!set, !!timestamp, ...) stay plain strings, lists and maps: JSON values.
    resolveKnownTags: false,
  });
}

/**
 * Documents the fast reader read (./yaml-reader.ts: same values, no positions, no errors possible). Positions
 * are needed only to report a problem: the first request parses the text again, with the yaml package.
 */
function withLazyPositions(
  input: InputText,
  { documents: values, facts }: { documents: unknown[]; facts: YamlStreamFacts },
): SourceDocument[] {
  let locators: SourceDocument['locate'][] | undefined;
  const locatorOf = (index: number): SourceDocument['locate'] => {
    if (!locators) {
      const lineCounter = new LineCounter();
      locators = parseYaml(input.text, lineCounter).map((document) => locator(document, lineCounter));
    }
    return locators[index]!;
  };
  const result: SourceDocument[] = [];
  values.forEach((value, i) => {
    // An empty document (a trailing `---`, or only comments) is skipped, as kubectl skips it.
    if (value === null) return;
    result.push({ file: input.file, index: i + 1, value, facts, locate: (path) => locatorOf(i)(path) });
  });
  return result;
}

function parseWithPositions(input: InputText): SourceDocument[] {
  const file = displayName(input.file);
  const lineCounter = new LineCounter();
  let documents: ReturnType<typeof parseAllDocuments>;
  try {
    documents = parseYaml(input.text, lineCounter);
  } catch (error) {
    if (error instanceof RangeError)
      fail(input.file, `is nested too deeply (more than ${MAX_NESTING_DEPTH} levels)`);
    throw error;
  }

  const syntaxErrors: InputProblem[] = [];
  const seen = new Set<string>();
  const addSyntaxError = (error: YAMLError): void => {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    const message = syntaxMessage(error);
    const key = `${line}:${col}:${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    syntaxErrors.push({ location: { file, line, column: col }, path: '', message, severity: 'error' });
  };
  const problems: InputProblem[] = [];
  const result: SourceDocument[] = [];
  if ('empty' in documents) documents.errors.forEach(addSyntaxError);
  documents.forEach((document, i) => {
    document.errors.forEach(addSyntaxError);
    if (document.errors.length) return;
    const contents = document.contents;
    if (contents === null) return; // an empty document between separators
    const start = lineCounter.linePos(contents.range?.[0] ?? 0);
    const at = { file, line: start.line, column: start.col };
    if (nodeDepth(contents) > MAX_NESTING_DEPTH) {
      const message = `document ${i + 1} is nested too deeply (more than ${MAX_NESTING_DEPTH} levels)`;
      problems.push({ location: at, path: '', message, severity: 'error' });
      return;
    }
    let value: unknown;
    try {
      value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      const message =
        error instanceof RangeError
          ? `document ${i + 1} is nested too deeply (more than ${MAX_NESTING_DEPTH} levels)`
          : error instanceof ReferenceError || /alias/i.test(error instanceof Error ? error.message : '')
            ? `document ${i + 1} expands too many aliases (a YAML "billion laughs" document?)`
            : `document ${i + 1} cannot be read: ${error instanceof Error ? error.message : String(error)}`;
      problems.push({ location: at, path: '', message, severity: 'error' });
      return;
    }
    if (valueDepth(value) > MAX_NESTING_DEPTH) {
      const message = `document ${i + 1} is nested too deeply (more than ${MAX_NESTING_DEPTH} levels)`;
      problems.push({ location: at, path: '', message, severity: 'error' });
      return;
    }
    // An empty document (a trailing `---`, or only comments) is skipped, as kubectl skips it.
    if (value === null || value === undefined) return;
    result.push({ file: input.file, index: i + 1, value, locate: locator(document, lineCounter) });
  });
  if (syntaxErrors.length > MAX_SYNTAX_ERRORS) {
    const more = syntaxErrors.length - MAX_SYNTAX_ERRORS;
    const firstHidden = syntaxErrors[MAX_SYNTAX_ERRORS]!;
    syntaxErrors.length = MAX_SYNTAX_ERRORS;
    syntaxErrors.push({
      location: firstHidden.location,
      path: '',
      message: `${more} more YAML syntax error(s) not shown`,
      severity: 'error',
    });
  }
  problems.unshift(...syntaxErrors);
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

/** The file names a directory input stands for, as kubectl reads a directory given with -f. */
export const MANIFEST_EXTENSIONS = ['.yaml', '.yml', '.json'];

export interface InputPath {
  /** A file, or '-'. */
  file: string;
  /** Found in a directory (not named on the command line). */
  fromDirectory: boolean;
}

/**
 * The files that paths stand for: a file (or '-') for itself, a directory for its `*.yaml`, `*.yml` and
 * `*.json` files in name order (with `recursive`, those of its subdirectories too, each directory once).
 * A path that cannot be read is returned as is: reading it reports why.
 */
export function expandPaths(paths: readonly string[], recursive: boolean): InputPath[] {
  const out: InputPath[] = [];
  const visited = new Set<string>();
  const walk = (directory: string): void => {
    let real: string;
    try {
      real = realpathSync(directory);
    } catch {
      return;
    }
    if (visited.has(real)) return; // a symbolic link back up the tree
    visited.add(real);
    const entries = readdirSync(directory).sort();
    for (const name of entries) {
      const path = join(directory, name);
      let isDirectory = false;
      try {
        isDirectory = statSync(path).isDirectory();
      } catch {
        continue; // a dangling link
      }
      if (isDirectory) {
        if (recursive) walk(path);
      } else if (MANIFEST_EXTENSIONS.some((extension) => name.endsWith(extension))) {
        out.push({ file: path, fromDirectory: true });
      }
    }
  };
  for (const path of paths) {
    let isDirectory = false;
    try {
      isDirectory = path !== '-' && statSync(path).isDirectory();
    } catch {
      // reading it says why
    }
    if (!isDirectory) {
      out.push({ file: path, fromDirectory: false });
      continue;
    }
    const before = out.length;
    try {
      walk(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      fail(
        path,
        code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : `cannot be read (${code ?? String(error)})`,
      );
    }
    if (out.length === before) {
      fail(
        path,
        `is a directory without *.yaml, *.yml or *.json files${recursive ? '' : ' (-R reads its subdirectories too)'}`,
      );
    }
  }
  return out;
}
