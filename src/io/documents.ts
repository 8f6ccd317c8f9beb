// Reading input files ('-' for stdin) into parsed documents that remember where each field came from.
import { closeSync, openSync, readdirSync, readSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  isAlias,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  type Document,
  type Node,
  type YAMLError,
  type YAMLMap,
} from 'yaml';
import { InvalidInputError, cappedProblems, type InputProblem } from '../errors.js';
import { readYamlPositions, readYamlStream, type YamlStream, type YamlStreamFacts } from './yaml-reader.js';
import {
  inexactIntegerMessage,
  jsonSyntaxError,
  looksLikeJson,
  positions,
  readJsonDocuments,
  type JsonDocument,
} from './json-reader.js';

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

/** A problem the node walk finds: where (an offset in the text), the field path, and what. */
interface NodeProblem {
  offset: number;
  path: string;
  message: string;
}

interface NodeFacts {
  depth: number;
  /** The document uses aliases: its value can be larger than its text. */
  aliases: boolean;
  problems: NodeProblem[];
}

/** A key as written (`1`, `"1"`, `'1'`). */
function keySource(key: unknown, text: string): string {
  const range = (key as Node | null)?.range;
  return range ? text.slice(range[0], range[1]).trim() : String(key);
}

/** A mapping key as sigs.k8s.io/yaml turns it into a JSON key, or undefined where it refuses the key. */
function jsonKeyOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * One iterative walk over the YAML node tree before converting it (toJS recurses): its depth, whether it
 * has aliases, and what kubectl's YAML-to-JSON conversion refuses or changes: duplicate keys after
 * resolution (`1` and `"1"` are the same JSON key), keys that are collections or null, and whole numbers
 * beyond 2^53, which a JavaScript number cannot carry exactly. Linear in the number of nodes (the yaml
 * package's own duplicate check compares every pair of keys).
 */
function walkNodes(root: Node | null, document: Document, text: string): NodeFacts {
  const facts: NodeFacts = { depth: 0, aliases: false, problems: [] };
  interface Frame {
    node: unknown;
    depth: number;
    parent: Frame | undefined;
    key: string | number | undefined;
  }
  const pathOf = (frame: Frame | undefined): string => {
    const parts: (string | number)[] = [];
    for (let f = frame; f && f.key !== undefined; f = f.parent) parts.push(f.key);
    return formatFieldPath(parts.reverse());
  };
  const stack: Frame[] = [{ node: root, depth: 0, parent: undefined, key: undefined }];
  while (stack.length) {
    const frame = stack.pop()!;
    const { node, depth } = frame;
    if (depth > facts.depth) facts.depth = depth;
    if (depth > MAX_NESTING_DEPTH) return facts;
    if (isAlias(node)) {
      facts.aliases = true;
    } else if (isMap(node)) {
      const seen = new Map<string, { source: string }>();
      for (const pair of node.items) {
        let key: unknown = pair.key;
        if (isAlias(key)) {
          facts.aliases = true;
          key = key.resolve(document) ?? key;
        }
        const offset = (pair.key as Node | null)?.range?.[0] ?? node.range?.[0] ?? 0;
        const keyValue = isScalar(key) ? key.value : key;
        const jsonKey = isScalar(key) ? jsonKeyOf(keyValue) : undefined;
        if (jsonKey === undefined) {
          const what = isCollection(key) ? 'a collection' : keyValue === null ? 'null' : typeof keyValue;
          facts.problems.push({
            offset,
            path: pathOf(frame),
            message: `a mapping key must be a string, number or boolean, not ${what} (JSON has no such key)`,
          });
          continue;
        }
        const first = seen.get(jsonKey);
        if (first !== undefined) {
          const source = keySource(key, text);
          facts.problems.push({
            offset,
            path: '',
            message:
              source === first.source
                ? 'Map keys must be unique'
                : `Map keys must be unique (${first.source} and ${source} are the same JSON key ${JSON.stringify(jsonKey)})`,
          });
          continue;
        }
        seen.set(jsonKey, { source: keySource(key, text) });
        stack.push({ node: pair.value, depth: depth + 1, parent: frame, key: jsonKey });
      }
    } else if (isSeq(node)) {
      for (let i = 0; i < node.items.length; i++) {
        stack.push({ node: node.items[i], depth: depth + 1, parent: frame, key: i });
      }
    } else if (isScalar(node) && typeof node.value === 'number') {
      const value = node.value;
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
        const range = node.range ?? [0, 0];
        facts.problems.push({
          offset: range[0],
          path: pathOf(frame),
          message: inexactIntegerMessage(text.slice(range[0], range[1]).trim(), value),
        });
      }
    }
  }
  return facts;
}

/** A dotted field path: `spec.domain.devices.disks[1].name`. */
function formatFieldPath(path: FieldPath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

/** What a document holds once its aliases are expanded is bounded like its text. */
export const MAX_EXPANDED_SIZE = MAX_INPUT_BYTES;

/**
 * Depth and size (nodes plus string lengths) of a converted value, iteratively, stopping as soon as either
 * exceeds its limit (aliases can build deep, huge, even cyclic values from a small text).
 */
function measureValue(root: unknown): { depth: number; size: number } {
  let depth = 0;
  let size = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, d] = stack.pop()!;
    if (d > depth) depth = d;
    size += typeof value === 'string' ? value.length + 1 : 1;
    if (depth > MAX_NESTING_DEPTH || size > MAX_EXPANDED_SIZE) break;
    if (value && typeof value === 'object') {
      for (const child of Object.values(value)) stack.push([child, d + 1]);
    }
  }
  return { depth, size };
}

type AnyPair = YAMLMap['items'][number];
const pairsByKeyCache = new WeakMap<YAMLMap, Map<unknown, AnyPair>>();

/** A mapping's entries by key value, made once per mapping: a report can locate thousands of its keys. */
function pairsByKey(map: YAMLMap): Map<unknown, AnyPair> {
  let pairs = pairsByKeyCache.get(map);
  if (!pairs) {
    pairs = new Map();
    for (const item of map.items) {
      const key = isScalar(item.key) ? item.key.value : item.key;
      if (!pairs.has(key)) pairs.set(key, item);
    }
    pairsByKeyCache.set(map, pairs);
  }
  return pairs;
}

/** Line and column of an offset, in a text whose first line is line `firstLine + 1` of its file. */
function linePosition(lineCounter: LineCounter, firstLine: number) {
  return (offset: number): { line: number; column: number } => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + firstLine, column: col };
  };
}

function locator(document: Document, lineCounter: LineCounter, firstLine = 0) {
  const position = linePosition(lineCounter, firstLine);
  return (path: FieldPath): { line: number; column: number } => {
    const parts = [...path];
    while (parts.length) {
      // A map entry is reported at its key, a list item at the item.
      const parent = parts.length > 1 ? document.getIn(parts.slice(0, -1), true) : document.contents;
      const last = parts[parts.length - 1];
      if (isMap(parent)) {
        const pair = pairsByKey(parent).get(last!);
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
  const json = readJsonDocuments(input.text, MAX_NESTING_DEPTH);
  if (json) return jsonDocuments(input, json);
  const read = readYamlStream(input.text);
  if (read) return fromFastReader(input, read);
  return parseWithPositions(input);
}

/**
 * Texts outside what the fast readers take are read with the yaml package, whose syntax tree costs about a
 * kilobyte per node: more nodes than this are refused before parsing (a rough count from the separators).
 */
export const MAX_YAML_NODES = 250_000;

/** An upper bound of sorts on the nodes of a YAML text: its item separators, line breaks and brackets. */
function roughNodeCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44 || c === 10 || c === 91 || c === 123) count++; // , \n [ {
  }
  return count;
}

function parseYaml(text: string, lineCounter: LineCounter): ReturnType<typeof parseAllDocuments> {
  return parseAllDocuments(text, {
    lineCounter,
    // checked by walkNodes, in linear time and after resolution (`1` and "1" are the same key)
    uniqueKeys: false,
    prettyErrors: false,
    strict: true,
    // walkNodes reports what the library would only warn about (a collection as a key)
    logLevel: 'error',
    // YAML 1.1 tags (!!binary, !!set, !!timestamp, ...) stay plain strings, lists and maps: JSON values.
    resolveKnownTags: false,
  });
}

/**
 * Documents the fast reader read (./yaml-reader.ts: same values, no positions, no errors possible), and
 * those it declined, each read from its own lines by the yaml package: a document outside the fast subset
 * costs only itself. Positions of the fast reader's documents are needed only to report a problem: the
 * first request reads the text again, recording them.
 */
function fromFastReader(
  input: InputText,
  { documents: values, declined, facts }: YamlStream,
): SourceDocument[] {
  const declinedDocuments = new Map<number, SourceDocument[]>();
  const problems: InputProblem[] = [];
  for (const range of declined) {
    const lines = { file: input.file, text: input.text.slice(range.start, range.end) };
    try {
      declinedDocuments.set(range.index, parseWithPositions(lines, range.index, range.fromLine));
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length) {
    if (problems.length > MAX_SYNTAX_ERRORS + 1) {
      const hidden = problems.length - MAX_SYNTAX_ERRORS;
      const firstHidden = problems[MAX_SYNTAX_ERRORS]!;
      problems.length = MAX_SYNTAX_ERRORS;
      problems.push({ ...firstHidden, message: `${hidden} more problem(s) not shown`, path: '' });
    }
    throw new InvalidInputError(`${displayName(input.file)}: invalid YAML`, problems);
  }
  let locators: (SourceDocument['locate'] | undefined)[] | undefined;
  const locatorOf = (index: number): SourceDocument['locate'] => {
    // (the positions reader reads what the value reader read)
    locators ??= readYamlPositions(input.text) ?? [];
    return locators[index] ?? (() => ({ line: 1, column: 1 }));
  };
  const result: SourceDocument[] = [];
  values.forEach((value, i) => {
    if (value === undefined) {
      result.push(...declinedDocuments.get(i)!);
      return;
    }
    // An empty document (a trailing `---`, or only comments) is skipped, as kubectl skips it.
    if (value === null) return;
    result.push({ file: input.file, index: i + 1, value, facts, locate: (path) => locatorOf(i)(path) });
  });
  return result;
}

/** The yaml package's locators for the documents of a text (the fast reader's must agree: see its test). */
export function yamlPackageLocators(text: string): SourceDocument['locate'][] {
  const lineCounter = new LineCounter();
  return parseYaml(text, lineCounter).map((document) => locator(document, lineCounter));
}

/** A JSON text (./json-reader.ts): its documents, positions found in the text when asked for. */
function jsonDocuments(input: InputText, documents: JsonDocument[]): SourceDocument[] {
  const file = displayName(input.file);
  const found = documents.flatMap((document) => document.problems);
  if (found.length) {
    const position = positions(input.text);
    const shown = cappedProblems(found, (message) => ({ offset: 0, path: [], message }));
    const problems: InputProblem[] = shown.map((problem) => ({
      location: { file, ...position(problem.offset) },
      path: formatFieldPath(problem.path),
      message: problem.message,
      severity: 'error',
    }));
    throw new InvalidInputError(`${file}: invalid JSON`, problems);
  }
  return documents.map((document, i) => ({
    file: input.file,
    index: i + 1,
    value: document.value,
    locate: document.locate,
  }));
}

/**
 * Reads a text with the yaml package, which reports every problem. `input` may be some lines of a file:
 * its first document is then the file's document `firstIndex + 1`, its first line line `firstLine + 1`.
 */
function parseWithPositions(input: InputText, firstIndex = 0, firstLine = 0): SourceDocument[] {
  const file = displayName(input.file);
  const nodes = roughNodeCount(input.text);
  if (nodes > MAX_YAML_NODES) {
    const limit = `has too many YAML nodes for the general YAML reader (about ${nodes}; the limit is ${MAX_YAML_NODES}): write it as JSON or as plain block-style YAML (no anchors, tags or flow collections)`;
    // a large text that looks like JSON: JSON.parse's complaint too (the JSON reader has no such limit)
    const syntax = looksLikeJson(input.text) ? jsonSyntaxError(input.text) : undefined;
    if (syntax) {
      const at = syntax.offset !== undefined ? positions(input.text)(syntax.offset) : undefined;
      fail(input.file, `${limit}; read as JSON, it is invalid: ${syntax.message}`, at?.line, at?.column);
    }
    fail(input.file, limit);
  }
  const lineCounter = new LineCounter();
  const position = linePosition(lineCounter, firstLine);
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
    const { line, column } = position(error.pos[0]);
    const message = syntaxMessage(error);
    const key = `${line}:${column}:${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    syntaxErrors.push({ location: { file, line, column }, path: '', message, severity: 'error' });
  };
  const problems: InputProblem[] = [];
  const result: SourceDocument[] = [];
  if ('empty' in documents) documents.errors.forEach(addSyntaxError);
  documents.forEach((document, documentInText) => {
    const i = firstIndex + documentInText;
    document.errors.forEach(addSyntaxError);
    if (document.errors.length) return;
    const contents = document.contents;
    if (contents === null) return; // an empty document between separators
    const at = { file, ...position(contents.range?.[0] ?? 0) };
    const nodeFacts = walkNodes(contents, document, input.text);
    if (nodeFacts.depth > MAX_NESTING_DEPTH) {
      const message = `document ${i + 1} is nested too deeply (more than ${MAX_NESTING_DEPTH} levels)`;
      problems.push({ location: at, path: '', message, severity: 'error' });
      return;
    }
    if (nodeFacts.problems.length) {
      const shown = cappedProblems(nodeFacts.problems, (message) => ({
        offset: contents.range?.[0] ?? 0,
        path: '',
        message,
      }));
      for (const problem of shown) {
        problems.push({
          location: { file, ...position(problem.offset) },
          path: problem.path,
          message: problem.message,
          severity: 'error',
        });
      }
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
    if (nodeFacts.aliases) {
      const measured = measureValue(value);
      if (measured.depth > MAX_NESTING_DEPTH) {
        const message = `document ${i + 1} is nested too deeply (more than ${MAX_NESTING_DEPTH} levels)`;
        problems.push({ location: at, path: '', message, severity: 'error' });
        return;
      }
      if (measured.size > MAX_EXPANDED_SIZE) {
        const message = `document ${i + 1} expands through its aliases to more than ${MAX_EXPANDED_SIZE} bytes (the input limit)`;
        problems.push({ location: at, path: '', message, severity: 'error' });
        return;
      }
    }
    // An empty document (a trailing `---`, or only comments) is skipped, as kubectl skips it.
    if (value === null || value === undefined) return;
    result.push({ file: input.file, index: i + 1, value, locate: locator(document, lineCounter, firstLine) });
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
  problems.splice(0, 0, ...syntaxErrors); // at most MAX_SYNTAX_ERRORS + 1
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
