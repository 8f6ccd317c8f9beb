// JSON texts (what `kubectl get -o json` prints) read with JSON.parse: linear and compact where the yaml
// package's syntax tree costs about a kilobyte per node. One scan of the text (no allocation per value)
// finds what JSON.parse accepts but kubectl's decoding does not: duplicate keys, whole numbers a JavaScript
// number cannot carry exactly, nesting deeper than the reader allows. Positions are found in the text only
// when a problem asks for one, each container being indexed once (see locator).

import type { FieldPath } from './documents.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * Why a whole number beyond 2^53 is refused: Go decodes it exactly into an int64 or uint64 field, or refuses
 * it (encoding/json's "cannot unmarshal number"); a JavaScript number would round it.
 */
export function inexactIntegerMessage(text: string, value: number): string {
  const digits = text.replace(/^\+/, '');
  const exact = /^-?[0-9]+$/.test(digits) ? BigInt(digits) : undefined;
  if (exact === undefined || exact < INT64_MIN || exact > UINT64_MAX) {
    return `cannot unmarshal number ${text} into a Go integer field: out of the int64 and uint64 ranges`;
  }
  if (exact > INT64_MAX) {
    return `integer ${text} is out of the int64 range (only a uint64 field takes it) and beyond 2^53: vmi-render cannot carry it exactly (it would become ${String(value)}), so it refuses it rather than round it`;
  }
  return `integer ${text} is beyond 2^53: vmi-render cannot carry it exactly (it would become ${String(value)}), so it refuses it rather than round it`;
}

export interface JsonProblem {
  offset: number;
  path: FieldPath;
  message: string;
}

export interface JsonDocument {
  value: unknown;
  problems: JsonProblem[];
  locate(path: FieldPath): { line: number; column: number };
}

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

function firstNonSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The offset just past the string whose opening quote is at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote === -1) return text.length;
    let backslashes = 0;
    for (let j = quote - 1; j > start && text.charCodeAt(j) === 92; j--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

function decodeString(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

const isNumberChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69;

const isScalarChar = (c: number): boolean => isNumberChar(c) || (c >= 97 && c <= 122);

/** The offset just past the (valid) JSON value starting at `start`; iterative. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  let i = start;
  do {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i);
    else if (c === 123 || c === 91) {
      depth++;
      i++;
    } else if (c === 125 || c === 93) {
      depth--;
      i++;
    } else if (depth === 0) {
      // a number, true, false or null
      while (i < text.length && isScalarChar(text.charCodeAt(i))) i++;
      return i;
    } else i++;
  } while (depth > 0 && i < text.length);
  return i;
}

/**
 * The documents of a JSON text: one value (an object or a list at the top), or several one after another
 * (a JSON stream, as `jq` prints and kubectl reads); undefined when the text is not that (then it is YAML,
 * or an error the yaml package reports with its position).
 */
export function readJsonDocuments(text: string, maxDepth: number): JsonDocument[] | undefined {
  if (!looksLikeJson(text)) return undefined;
  try {
    const start = firstNonSpace(text, 0);
    return [
      { value: JSON.parse(text), problems: scan(text, start, maxDepth, 1), locate: locator(text, start) },
    ];
  } catch {
    // a stream of values, or not JSON
  }
  const documents: JsonDocument[] = [];
  for (let start = firstNonSpace(text, 0); start < text.length; start = firstNonSpace(text, start)) {
    const first = text.charCodeAt(start);
    if (first !== 123 && first !== 91) return undefined;
    const end = valueEnd(text, start);
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start, end));
    } catch {
      return undefined;
    }
    const problems = scan(text.slice(0, end), start, maxDepth, documents.length + 1);
    documents.push({ value, problems, locate: locator(text, start) });
    start = end;
  }
  return documents;
}

/** The text starts like a JSON object or list. */
export function looksLikeJson(text: string): boolean {
  const first = text.charCodeAt(firstNonSpace(text, 0));
  return first === 123 || first === 91;
}

/** JSON.parse's complaint about a text, with the offset it names (if any). */
export function jsonSyntaxError(text: string): { message: string; offset: number | undefined } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = / in JSON at position (\d+)/.exec(message);
    return {
      // the message quotes the text around the error raw: keep only its first clause
      message: (at ? message.slice(0, at.index) : message.replace(/, (?:\.\.\.)?".*$/s, '')).trim(),
      offset: at ? Number(at[1]) : undefined,
    };
  }
}

interface Frame {
  object: boolean;
  keys: Set<string> | undefined;
  /** The current member's key, or element's index. */
  key: string | number;
  expectKey: boolean;
}

function pathOf(stack: Frame[], upTo: number): FieldPath {
  const path: (string | number)[] = [];
  for (let i = 0; i < upTo; i++) path.push(stack[i]!.key);
  return path;
}

/** One pass over a valid JSON text (document `index` of its file): duplicate keys, inexact whole numbers, excess depth. */
function scan(text: string, start: number, maxDepth: number, index: number): JsonProblem[] {
  const problems: JsonProblem[] = [];
  const stack: Frame[] = [];
  let i = start;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === 123 || c === 91) {
      if (stack.length >= maxDepth) {
        problems.push({
          offset: i,
          path: [],
          message: `document ${index} is nested too deeply (more than ${maxDepth} levels)`,
        });
        return problems;
      }
      stack.push({
        object: c === 123,
        keys: c === 123 ? new Set() : undefined,
        key: 0,
        expectKey: c === 123,
      });
      i++;
    } else if (c === 125 || c === 93) {
      stack.pop();
      i++;
    } else if (c === 44) {
      if (top) {
        if (top.object) top.expectKey = true;
        else top.key = (top.key as number) + 1;
      }
      i++;
    } else if (c === 58) {
      if (top) top.expectKey = false;
      i++;
    } else if (c === 34) {
      const end = stringEnd(text, i);
      if (top?.object && top.expectKey) {
        const key = decodeString(text, i, end);
        if (top.keys!.has(key)) {
          problems.push({ offset: i, path: [], message: 'Map keys must be unique' });
        }
        top.keys!.add(key);
        top.key = key;
      }
      i = end;
    } else if ((c >= 48 && c <= 57) || c === 45) {
      let end = i + 1;
      while (end < text.length && isNumberChar(text.charCodeAt(end))) end++;
      // 2^53 has 16 digits: shorter whole numbers are exact
      if (end - i >= 16 || text.slice(i, end).search(/[eE]/) !== -1) {
        const literal = text.slice(i, end);
        const number = Number(literal);
        if (Number.isInteger(number) && !Number.isSafeInteger(number)) {
          problems.push({
            offset: i,
            path: pathOf(stack, stack.length),
            message: inexactIntegerMessage(literal, number),
          });
        }
      }
      i = end;
    } else {
      i++;
    }
  }
  return problems;
}

/** Line and column (both 1-based) of offsets, from the line starts found once. */
export function positions(text: string): (offset: number) => { line: number; column: number } {
  let starts: number[] | undefined;
  return (offset) => {
    if (!starts) {
      starts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}

interface ObjectIndex {
  /** Key -> [offset of the key, offset of the value]. */
  members: Map<string, [number, number]>;
}
type ContainerIndex = ObjectIndex | number[];

/** The members (or elements) of the container whose bracket is at `start`, skipping nested values. */
function indexContainer(text: string, start: number): ContainerIndex {
  const object = text.charCodeAt(start) === 123;
  const members = new Map<string, [number, number]>();
  const elements: number[] = [];
  let i = firstNonSpace(text, start + 1);
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 125 || c === 93) break;
    if (c === 44) {
      i = firstNonSpace(text, i + 1);
      continue;
    }
    if (object) {
      const keyEnd = stringEnd(text, i);
      const key = decodeString(text, i, keyEnd);
      const colon = firstNonSpace(text, keyEnd);
      const valueStart = firstNonSpace(text, colon + 1);
      members.set(key, [i, valueStart]);
      i = firstNonSpace(text, valueEnd(text, valueStart));
    } else {
      elements.push(i);
      i = firstNonSpace(text, valueEnd(text, i));
    }
  }
  return object ? { members } : elements;
}

function locator(text: string, root: number): JsonDocument['locate'] {
  const position = positions(text);
  const indexes = new Map<number, ContainerIndex>();
  const indexOf = (start: number): ContainerIndex | undefined => {
    const c = text.charCodeAt(start);
    if (c !== 123 && c !== 91) return undefined;
    let index = indexes.get(start);
    if (!index) indexes.set(start, (index = indexContainer(text, start)));
    return index;
  };
  return (path) => {
    // A map entry is reported at its key, a list item at the item (nearest existing ancestor if absent).
    let value = root;
    let at = root;
    for (const segment of path) {
      const index = indexOf(value);
      if (!index) break;
      if (Array.isArray(index)) {
        const element = typeof segment === 'number' ? index[segment] : undefined;
        if (element === undefined) break;
        value = at = element;
      } else {
        const member = typeof segment === 'string' ? index.members.get(segment) : undefined;
        if (!member) break;
        at = member[0];
        value = member[1];
      }
    }
    return position(at);
  };
}
