// A fast YAML writer for plain data (what a render produces), byte for byte what
// `stringify(canonicalize(value), { indentSeq: false, lineWidth: 0, minContentWidth: 0, aliasDuplicateObjects: false })`
// of the `yaml` package prints, at a fraction of the cost (it builds no document tree).
// It covers what Pods hold; for anything else (multi-line strings, non-plain objects, very long keys, very
// deep data) it returns undefined and the caller falls back to the `yaml` package. test/unit/io/yaml-writer.test.ts checks the two agree.

import { resolvePlainScalar } from './yaml-core-schema.js';

const INDENT_STEP = '  ';
const MAX_DEPTH = 100;
const MAX_IMPLICIT_KEY_LENGTH = 1024;

/** A string the `yaml` package prints plain unless one of these holds (its plainString). */
const NEEDS_QUOTES = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
/** Control characters and lone surrogates force double quotes (its stringifyString). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const FORCE_DOUBLE_QUOTES = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u{D800}-\u{DFFF}]/u;
/** Outside printable ASCII (a fast filter before FORCE_DOUBLE_QUOTES, which is Unicode-aware). */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;
/** Printable ASCII without spaces, starting with a letter, `/` or `_`. */
const PLAIN_WORD = /^[A-Za-z/_][\x21-\x7e]*$/;
/** The same, starting with a digit, `+`, `-` or `.`, but not with `---` or `...`. */
const PLAIN_NUMBERISH = /^(?!---|\.\.\.)[-+.0-9][\x21-\x7e]*$/;
const NULL_OR_BOOLEAN = /^(?:[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
/** Only strings of these characters can be numbers in the core schema (incl. 0x1F, 0o17, .inf, .NaN). */
const MAYBE_NUMBER = /^[-+.0-9a-fA-FxoiInN]+$/;
/** Multi-line mode: `^` also matches after U+2028 and U+2029, as in the yaml package's check. */
const DOCUMENT_MARKER = /^(?:%|---|\.\.\.)/m;
/** Property keys that JavaScript enumerates first, in numeric order, whatever the insertion order. */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

class Unsupported extends Error {}
const unsupported = new Unsupported();

/** YAML of one document (ending in a newline), or undefined where the `yaml` package must do it. */
export function writeYamlDocument(value: unknown): string | undefined {
  // The text grows by concatenation, which V8 does without copying (a rope of the pieces), and is made one
  // flat string at the end: cheaper than collecting the pieces in an array and joining them.
  const out: Output = { text: '' };
  try {
    if (isPlainObject(value)) mapping(value, '', true, 0, out);
    else if (Array.isArray(value)) sequence(value, '', 0, out);
    else return undefined;
  } catch (error) {
    if (error === unsupported) return undefined;
    throw error;
  }
  return flat(out.text + '\n');
}

/**
 * The same string, flattened now (V8 copies a rope into one sequential string the first time a character
 * is read from it): the output keeps a thousand documents, which as ropes would hold a million pieces.
 */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/** The text written so far. */
interface Output {
  text: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The keys in the order the canonical copy (keys sorted, undefined values dropped) enumerates them:
 * sorted, except that array-index keys come first in numeric order, as for any JavaScript object.
 */
function canonicalKeys(object: Record<string, unknown>): string[] {
  const keys = sortStrings(Object.keys(object));
  let indices: string[] | undefined;
  for (const key of keys) {
    const c = key.charCodeAt(0);
    if (c >= 48 && c <= 57 && ARRAY_INDEX.test(key) && Number(key) < 4294967295) (indices ??= []).push(key);
  }
  if (!indices) return keys;
  indices.sort((a, b) => Number(a) - Number(b));
  const indexSet = new Set(indices);
  return [...indices, ...keys.filter((key) => !indexSet.has(key))];
}

/**
 * The array sorted in place as Array#sort sorts strings (by UTF-16 code units). Objects have a handful of
 * keys: an insertion sort allocates nothing, where Array#sort allocates work space on every call.
 */
function sortStrings(keys: string[]): string[] {
  if (keys.length > 24) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

/** A block mapping whose first line the caller places; later lines start with `indent`. */
function mapping(
  object: Record<string, unknown>,
  indent: string,
  root: boolean,
  depth: number,
  out: Output,
): void {
  if (depth > MAX_DEPTH) throw unsupported;
  let first = true;
  const keys = canonicalKeys(object);
  for (const key of keys) {
    const value = object[key];
    if (value === undefined) continue;
    // canonicalize() assigns keys to a new object, where `__proto__` is no key: leave that to it
    if (key === '__proto__') throw unsupported;
    const keyText = root ? scalarString(key, true) : scalarString(key, false);
    if (keyText.length > MAX_IMPLICIT_KEY_LENGTH) throw unsupported;
    if (!first) out.text += '\n' + indent;
    first = false;
    out.text += keyText;
    if (value === null || typeof value !== 'object') {
      out.text += ': ' + scalar(value);
    } else if (Array.isArray(value)) {
      if (value.length === 0) {
        out.text += ': []';
      } else {
        out.text += ':\n' + indent;
        sequence(value, indent, depth + 1, out);
      }
    } else if (isPlainObject(value)) {
      if (hasDefinedValue(value)) {
        const childIndent = indent + INDENT_STEP;
        out.text += ':\n' + childIndent;
        mapping(value, childIndent, false, depth + 1, out);
      } else {
        out.text += ': {}';
      }
    } else {
      throw unsupported;
    }
  }
  if (first) out.text += '{}';
}

function hasDefinedValue(object: Record<string, unknown>): boolean {
  for (const key in object) if (object[key] !== undefined) return true;
  return false;
}

/** A block sequence whose first line the caller places; later lines start with `indent`. */
function sequence(items: unknown[], indent: string, depth: number, out: Output): void {
  if (depth > MAX_DEPTH) throw unsupported;
  if (items.length === 0) {
    out.text += '[]';
    return;
  }
  const itemIndent = indent + INDENT_STEP;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (i > 0) out.text += '\n' + indent;
    out.text += '- ';
    if (item === null || typeof item !== 'object') out.text += scalar(item);
    else if (Array.isArray(item)) sequence(item, itemIndent, depth + 1, out);
    else if (isPlainObject(item)) mapping(item, itemIndent, false, depth + 1, out);
    else throw unsupported;
  }
}

function scalar(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return scalarString(value, false);
    case 'number':
      if (!Number.isFinite(value)) return Number.isNaN(value) ? '.nan' : value < 0 ? '-.inf' : '.inf';
      return Object.is(value, -0) ? '-0' : JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      throw unsupported;
    default:
      throw unsupported; // undefined in a list, bigint, symbol, function
  }
}

/** A single-line string (a key or a value); `rootKey`: a key of the top-level mapping. */
function scalarString(value: string, rootKey: boolean): string {
  if (isPlainWord(value)) return value;
  if (value.includes('\n')) throw unsupported; // block scalars, folded quotes: left to the yaml package
  // (the Unicode-aware expression is much slower than a plain one: most strings are printable ASCII)
  if (NOT_PRINTABLE_ASCII.test(value) && FORCE_DOUBLE_QUOTES.test(value)) return doubleQuoted(value);
  if (NEEDS_QUOTES.test(value)) return quoted(value);
  // `---` or `...` at the start of a line would end the document: only a top-level key can be there.
  if (rootKey && DOCUMENT_MARKER.test(value)) return quoted(value);
  // what the YAML 1.2 core schema would read back as null, a boolean or a number
  if (typeof resolvePlainScalar(value) !== 'string') return quoted(value);
  return value;
}

/**
 * The common case, decided mostly without regular expressions: printable ASCII without spaces, not
 * starting with an indicator, not ending in `:`, and not something the core schema reads as null, a
 * boolean or a number. (Whatever this rejects goes through the full rules above.)
 */
function isPlainWord(value: string): boolean {
  // (regular expressions run as native code, also while the surrounding JavaScript is still cold)
  if (value.charCodeAt(value.length - 1) === 58) return false; // ends in ':'
  if (PLAIN_WORD.test(value))
    return !((value.length === 4 || value.length === 5) && NULL_OR_BOOLEAN.test(value));
  return PLAIN_NUMBERISH.test(value) && !MAYBE_NUMBER.test(value);
}

/** Single quotes if that spares escaping double quotes, else double quotes (the yaml package's choice). */
function quoted(value: string): string {
  return value.includes('"') && !value.includes("'") ? `'${value}'` : doubleQuoted(value);
}

/**
 * What JSON.stringify (and so the yaml package) leaves raw in a double-quoted scalar though YAML 1.1 readers
 * (Go's, kubectl's) take NEL, LS and PS for line breaks, and a terminal may act on C1 controls: DEL, C1,
 * U+2028, U+2029. Only double-quoted scalars can hold them (FORCE_DOUBLE_QUOTES).
 */
export const RAW_BREAKS = /[\x7f-\x9f\u2028\u2029]/g;

/** RAW_BREAKS as YAML escapes (`\N`, `\L`, `\P`, `\x9b`), in the text of double-quoted scalars. */
export function escapeRawBreaks(text: string): string {
  RAW_BREAKS.lastIndex = 0;
  if (!RAW_BREAKS.test(text)) return text;
  return text.replace(RAW_BREAKS, (c) =>
    c === '\u0085'
      ? '\\N'
      : c === '\u2028'
        ? '\\L'
        : c === '\u2029'
          ? '\\P'
          : `\\x${c.charCodeAt(0).toString(16)}`,
  );
}

const SHORT_ESCAPES: Record<string, string> = { '0000': '\\0', '0007': '\\a', '000b': '\\v', '001b': '\\e' };

/** JSON's escaping, with YAML's short forms for a few control characters. */
function doubleQuoted(value: string): string {
  const json = escapeRawBreaks(JSON.stringify(value));
  if (!json.includes('\\u')) return json;
  return json.replace(/\\(u([0-9a-f]{4})|.)/g, (escape: string, _: string, code: string | undefined) => {
    if (code === undefined) return escape;
    const short = SHORT_ESCAPES[code];
    if (short) return short;
    return code.startsWith('00') ? `\\x${code.slice(2)}` : escape;
  });
}
