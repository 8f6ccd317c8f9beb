// A fast reader for the YAML that Kubernetes manifests are usually written in: block mappings and sequences,
// plain scalars on one line, quoted scalars (on one line or folded over several, as PyYAML writes them),
// literal block scalars (`|`), empty `[]` / `{}`, comments, `---`. It gives the values of the documents
// exactly as the `yaml` package's parseAllDocuments(...).toJS() would (YAML 1.2 core schema), at a fraction
// of the cost, since it builds no syntax tree and keeps no positions.
// A document outside that subset (flow collections, anchors, tags, multi-line plain scalars, folded block
// scalars, tabs, odd indentation, duplicate keys, keys that are not strings, every kind of error...) is
// declined on its own: the caller reads that document's lines with the `yaml` package, which also reports
// its errors. A stream the reader cannot even split (`...`, directives, `---` with content after it) is
// declined as a whole. test/unit/io/yaml-reader.test.ts checks the two agree.

import { resolvePlainScalar } from './yaml-core-schema.js';

/** Deeper documents are declined (the caller's own depth limit then applies). */
const MAX_DEPTH = 64;
/** Longer implicit keys are errors in strict YAML; leave them to the yaml package. */
const MAX_KEY_LENGTH = 1000;
/** Characters the reader does not deal with: tabs, CR, other controls, BOM, Unicode line breaks. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSUPPORTED_CHARACTERS = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]/;
/** A plain scalar cannot start with these (or they start something the reader declines). */
const PLAIN_START_INDICATORS = new Set([...'-?:,[]{}#&*!|>\'"%@`']);

class Declined extends Error {}
const declined = new Declined();
const decline = (): never => {
  throw declined;
};

/** What readYamlStream knows of the values it read, which spares the caller a search or two. */
export interface YamlStreamFacts {
  /** Every number is finite (YAML has `.inf` and `.nan`, and `1e999` reads as Infinity; JSON has none). */
  finite: boolean;
  /** No value at all is null (an empty value, `~` or `null`). */
  nullFree: boolean;
  /** Every whole number is in 0..4294967295 (what any unsigned Go integer field decodes). */
  uint32Integers: boolean;
  /** No document holds more objects and lists than this, nor nests them deeper than `maxDepth`. */
  maxNodes: number;
  maxDepth: number;
}

/** A document the reader declined: its lines (0-based, `to` exclusive) and their offsets in the text. */
export interface DeclinedDocument {
  /** 0-based position of the document in the stream. */
  index: number;
  fromLine: number;
  toLine: number;
  start: number;
  end: number;
}

export interface YamlStream {
  /** The value of each document in order (null for an empty one, undefined for a declined one). */
  documents: unknown[];
  /** The documents left to the yaml package, in order. */
  declined: DeclinedDocument[];
  /** Of the documents read (not of the declined ones). */
  facts: YamlStreamFacts;
}

/**
 * The value of each document of `text` in order (null for an empty one), or undefined if some document is
 * not in the subset this reader handles.
 */
export function readYamlDocuments(text: string): unknown[] | undefined {
  const stream = readYamlStream(text);
  return stream && stream.declined.length === 0 ? stream.documents : undefined;
}

/** The documents of `text` this reader reads, those it leaves to the yaml package; undefined: all of them. */
export function readYamlStream(text: string): YamlStream | undefined {
  try {
    const reader = new Reader(text);
    const documents = reader.documents();
    const facts: YamlStreamFacts = {
      finite: !reader.nonFinite,
      nullFree: !reader.nulls,
      uint32Integers: !reader.wideIntegers,
      // a line starts at most three objects or lists (`- key: {}` as a list's first item), and nothing
      // nests deeper than node() allows plus a list and a map below it
      maxNodes: 3 * reader.lineCount + 1,
      maxDepth: MAX_DEPTH + 3,
    };
    return { documents, declined: reader.declined, facts };
  } catch (error) {
    if (error === declined) return undefined;
    throw error;
  }
}

type Locate = (path: readonly (string | number)[]) => { line: number; column: number };

/**
 * For a text readYamlStream reads: a locator per document (null documents included; undefined for a
 * declined one), giving where a field path starts as the yaml package would (a map entry at its key, a list
 * item at the item; the nearest existing ancestor of an absent field). Reads the text again, recording
 * offsets: linear, and far lighter than the yaml package's syntax tree.
 */
export function readYamlPositions(text: string): (Locate | undefined)[] | undefined {
  let reader: Reader;
  let documents: unknown[];
  try {
    reader = new Reader(text, true);
    documents = reader.documents();
  } catch (error) {
    if (error === declined) return undefined;
    throw error;
  }
  const offsets = reader.offsets!;
  const position = (offset: number): { line: number; column: number } => reader.positionOf(offset);
  let rootIndex = 0;
  return documents.map((document): Locate | undefined => {
    if (document === undefined) return undefined;
    const root = document === null ? 0 : reader.roots[rootIndex++]!;
    return (path) => {
      let value: unknown = document;
      let at = root;
      for (const segment of path) {
        if (value === null || typeof value !== 'object') break;
        const known = offsets.get(value);
        if (!known) break;
        const offset = Array.isArray(known)
          ? typeof segment === 'number'
            ? known[segment]
            : undefined
          : typeof segment === 'string'
            ? known.get(segment)
            : undefined;
        if (offset === undefined) break;
        at = offset;
        value = (value as Record<string | number, unknown>)[segment];
      }
      return position(at);
    };
  });
}

class Reader {
  private readonly source: string;
  /** Where each line starts in the source; one more entry for the end of the last line. */
  private readonly starts: number[] = [];
  /**
   * Where each line's text starts: after its leading spaces (or, once a `- key: value` line is read as a
   * mapping, after the dash: see sequence()).
   */
  private readonly textStarts: number[] = [];
  private position = 0;
  /** Where the current document's lines end (exclusive). */
  private end = 0;
  private readonly endsWithNewline: boolean;
  /** With positions: where each key of a mapping, each item of a sequence starts (see readYamlPositions). */
  readonly offsets: WeakMap<object, Map<string, number> | number[]> | undefined;
  /** With positions: where each document's content starts. */
  readonly roots: number[] = [];
  /** A plain scalar read as an infinite number or NaN. */
  nonFinite = false;
  /** A value read as null (the value of an entry or item; a whole empty document does not count). */
  nulls = false;
  /** A whole number read below 0 or above 4294967295. */
  wideIntegers = false;
  /** The documents declined, in order. */
  readonly declined: DeclinedDocument[] = [];

  constructor(source: string, positions = false) {
    this.source = source;
    this.offsets = positions ? new WeakMap() : undefined;
    this.endsWithNewline = source.endsWith('\n');
    let start = 0;
    while (start < source.length || (start === source.length && !this.endsWithNewline && start > 0)) {
      let newline = source.indexOf('\n', start);
      if (newline === -1) newline = source.length;
      let text = start;
      while (source.charCodeAt(text) === 32) text++;
      this.starts.push(start);
      this.textStarts.push(Math.min(text, newline));
      start = newline + 1;
    }
    this.starts.push(start);
  }

  /** Line and column (1-based) of an offset. */
  positionOf(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1 };
  }

  get lineCount(): number {
    return this.textStarts.length;
  }

  /** The end of line `i` (its line break, or the end of the source). */
  private lineEnd(i: number): number {
    const next = this.starts[i + 1]!;
    return next > this.source.length ? this.source.length : next - 1;
  }

  private indent(i: number): number {
    return this.textStarts[i]! - this.starts[i]!;
  }

  /** Line `i` without its indentation. */
  private text(i: number): string {
    return this.source.slice(this.textStarts[i], this.lineEnd(i));
  }

  /** Line `i` is a sequence item (`-` alone, or `- ` and more); isSequenceItem without slicing the line. */
  private isSequenceItemAt(i: number): boolean {
    const start = this.textStarts[i]!;
    if (this.source.charCodeAt(start) !== 45) return false; // '-'
    return start + 1 === this.lineEnd(i) || this.source.charCodeAt(start + 1) === 32;
  }

  private isBlank(i: number): boolean {
    return this.textStarts[i] === this.lineEnd(i);
  }

  private isBlankOrComment(i: number): boolean {
    const text = this.textStarts[i]!;
    return text === this.lineEnd(i) || this.source.charCodeAt(text) === 35; // '#'
  }

  documents(): unknown[] {
    // Split at `---` lines; a `...`, a directive, or `---` with content after it is declined.
    const separators: number[] = [];
    for (let i = 0; i < this.lineCount; i++) {
      const start = this.starts[i]!;
      const c = this.source.charCodeAt(start);
      if (c !== 45 && c !== 46 && c !== 37) continue; // - . %
      const raw = this.source.slice(start, this.lineEnd(i));
      if (raw.startsWith('---') || raw.startsWith('...') || raw.startsWith('%')) {
        if (raw !== '---') decline();
        separators.push(i);
      }
    }
    const values: unknown[] = [];
    let from = 0;
    for (let index = 0; index <= separators.length; index++) {
      const to = index < separators.length ? separators[index]! : this.lineCount;
      let content = false;
      for (let i = from; i < to && !content; i++) if (!this.isBlankOrComment(i)) content = true;
      // Before the first `---`, only a document with content counts; after a `---`, every one does.
      if (index === 0 && !content) {
        if (separators.length === 0) decline(); // an empty stream
      } else {
        values.push(content ? this.documentOrDeclined(values.length, from, to) : null);
      }
      from = to + 1;
    }
    return values;
  }

  /** The value of the document on lines start..end, or undefined (and a note of it) if it is declined. */
  private documentOrDeclined(index: number, start: number, end: number): unknown {
    const roots = this.roots.length;
    try {
      return this.document(start, end);
    } catch (error) {
      if (error !== declined) throw error;
      this.roots.length = roots;
      const range = { start: this.starts[start]!, end: Math.min(this.starts[end]!, this.source.length) };
      this.declined.push({ index, fromLine: start, toLine: end, ...range });
      return undefined;
    }
  }

  private document(start: number, end: number): unknown {
    const to = Math.min(this.starts[end]!, this.source.length);
    if (UNSUPPORTED_CHARACTERS.test(this.source.slice(this.starts[start], to))) decline();
    this.position = start;
    this.end = end;
    const first = this.peek();
    if (this.indent(first) !== 0) decline();
    if (this.offsets) this.roots.push(this.textStarts[first]!);
    const value = this.node(0, 0);
    if (this.peek() !== -1) decline(); // lines left over: an indentation the reader does not follow
    return value;
  }

  /** The next line with content (skipping blank and comment lines), without consuming it; -1 at the end. */
  private peek(): number {
    while (this.position < this.end) {
      if (!this.isBlankOrComment(this.position)) return this.position;
      this.position++;
    }
    return -1;
  }

  /** A block mapping or sequence whose first line is the next line, at `indent`. */
  private node(indent: number, depth: number): unknown {
    if (depth > MAX_DEPTH) decline();
    const line = this.peek();
    if (this.indent(line) !== indent) decline();
    if (this.isSequenceItemAt(line)) return this.sequence(indent, depth);
    return this.mapping(indent, depth);
  }

  private mapping(indent: number, depth: number): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    const offsets = this.offsets ? new Map<string, number>() : undefined;
    if (offsets) this.offsets!.set(map, offsets);
    for (let line = this.peek(); line !== -1 && this.indent(line) >= indent; line = this.peek()) {
      if (this.indent(line) > indent || this.isSequenceItemAt(line)) decline();
      this.position++;
      const { key, rest } = splitKey(this.text(line));
      if (Object.prototype.hasOwnProperty.call(map, key)) decline(); // duplicate key: an error
      offsets?.set(key, this.textStarts[line]!);
      map[key] = this.value(rest, indent, depth, true);
    }
    return map;
  }

  private sequence(indent: number, depth: number): unknown[] {
    const list: unknown[] = [];
    const offsets = this.offsets ? ([] as number[]) : undefined;
    if (offsets) this.offsets!.set(list, offsets);
    for (let line = this.peek(); line !== -1 && this.indent(line) === indent; line = this.peek()) {
      const text = this.text(line);
      if (!isSequenceItem(text)) break; // the next key of a mapping the sequence is a value in
      this.position++;
      let spaces = 1;
      while (text.charCodeAt(spaces) === 32) spaces++;
      const rest = text.slice(spaces);
      if (offsets) {
        // an item is located where its value starts (on a later line for a nested block)
        let at = this.textStarts[line]! + spaces;
        if (rest === '' || rest[0] === '#') {
          const next = this.peek();
          if (next !== -1 && this.indent(next) > indent) at = this.textStarts[next]!;
        }
        offsets.push(at);
      }
      if (rest !== '' && rest[0] !== '#' && looksLikeKey(rest)) {
        // `- key: value`: a mapping whose keys sit at the column after the dash; read this line again as
        // its first entry
        const column = indent + spaces;
        this.position--;
        this.textStarts[line] = this.starts[line]! + column;
        list.push(this.mapping(column, depth + 1));
      } else {
        list.push(this.value(rest, indent, depth, false));
      }
    }
    const next = this.peek();
    if (next !== -1 && this.indent(next) > indent) decline();
    return list;
  }

  /**
   * The value after `key:` or `- ` (`rest`, possibly empty) of an entry whose key or dash is at `indent`.
   * `inMapping`: a mapping's value may be a sequence at the mapping's own indentation.
   */
  private value(rest: string, indent: number, depth: number, inMapping: boolean): unknown {
    if (rest === '' || rest[0] === '#') {
      const next = this.peek();
      const nextIndent = next === -1 ? -1 : this.indent(next);
      if (nextIndent > indent) return this.node(nextIndent, depth + 1);
      if (inMapping && nextIndent === indent && this.isSequenceItemAt(next)) {
        return this.sequence(indent, depth + 1);
      }
      this.nulls = true;
      return null;
    }
    let value: unknown;
    const first = rest[0]!;
    if (first === '|') {
      return this.literal(rest, indent);
    } else if (first === '"' || first === "'") {
      value = this.quoted(rest, indent);
    } else if (rest.startsWith('[]') || rest.startsWith('{}')) {
      if (!isTrailingSpaceOrComment(rest, 2)) decline();
      value = rest[0] === '[' ? [] : {};
    } else {
      const { text, comment } = plainText(rest);
      value = resolvePlainScalar(comment ? text : this.plainContinued(text, indent));
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) this.nonFinite = true;
        else if (Number.isInteger(value) && (value < 0 || value > 4294967295)) {
          // beyond 2^53 a number is not exact: the yaml package's reading reports it
          if (!Number.isSafeInteger(value)) decline();
          this.wideIntegers = true;
        }
      } else if (value === null) {
        this.nulls = true;
      }
    }
    // A scalar's entry ends on its line: a more indented line would continue it (or be an error).
    const next = this.peek();
    if (next !== -1 && this.indent(next) > indent) decline();
    return value;
  }

  /**
   * A plain scalar whose first line is `first`, under an entry at `indent`, with the lines below that
   * continue it (more indented than the entry), folded as YAML folds them: a line break between two lines
   * is a space, each empty line a line feed. Declines continuation lines that would end the scalar or be
   * an error (a comment, `: `, ` #`, an indicator first).
   */
  private plainContinued(first: string, indent: number): string {
    let value = first;
    let empty = 0;
    for (let line = this.position; line < this.end; line++) {
      if (this.isBlank(line)) {
        empty++;
        continue;
      }
      if (this.indent(line) <= indent) break;
      const text = trimTrailingSpaces(this.text(line));
      if (
        PLAIN_START_INDICATORS.has(text[0]!) ||
        text.includes(': ') ||
        text.includes(' #') ||
        text.endsWith(':')
      )
        decline();
      value += empty > 0 ? '\n'.repeat(empty) : ' ';
      value += text;
      empty = 0;
      this.position = line + 1; // (blank lines after the scalar are left to the entries below)
    }
    return value;
  }

  /**
   * A quoted scalar that starts `rest`, under an entry at `indent`: closed on its line, or folded over the
   * lines below (more indented than the entry), as YAML folds flow scalars: a line break between two lines
   * is a space, each empty line a line feed, the spaces around a break are dropped; in double quotes, a `\`
   * at the end of a line joins it to the next.
   */
  private quoted(rest: string, indent: number): string {
    const scan = rest[0] === '"' ? scanDoubleQuoted : scanSingleQuoted;
    let part = scan(rest, 1);
    let value = part.value;
    let text = rest;
    let empty = 0;
    while (part.end === -1) {
      if (this.position >= this.end) decline(); // not closed in the document
      const line = this.position++;
      if (this.isBlank(line)) {
        empty++;
        continue;
      }
      if (this.indent(line) <= indent) decline();
      // (the yaml package reads empty lines after an escaped line break otherwise than YAML 1.2 says)
      if (part.joined && empty > 0) decline();
      text = this.text(line);
      value += empty > 0 ? '\n'.repeat(empty) : part.joined ? '' : ' ';
      empty = 0;
      part = scan(text, 0);
      value += part.value;
    }
    if (!isTrailingSpaceOrComment(text, part.end)) decline();
    return value;
  }

  /** A literal block scalar (`|`, `|-`, `|+`) whose header is `header`, under an entry at `indent`. */
  private literal(header: string, indent: number): string {
    const chomping = header[1];
    if (header.length > 2 || (chomping !== undefined && chomping !== '-' && chomping !== '+')) decline();
    let contentIndent = -1;
    let deepestLeadingBlank = 0;
    const lines: string[] = []; // '' for an empty line
    let lastContent = -1;
    while (this.position < this.end) {
      const line = this.position;
      const lineIndent = this.indent(line);
      if (this.isBlank(line)) {
        if (contentIndent === -1) deepestLeadingBlank = Math.max(deepestLeadingBlank, lineIndent);
        else if (lineIndent > contentIndent) decline(); // spaces as content
        lines.push('');
      } else {
        if (lineIndent <= indent) break;
        if (contentIndent === -1) contentIndent = lineIndent;
        else if (lineIndent < contentIndent) decline();
        lines.push(this.source.slice(this.starts[line]! + contentIndent, this.lineEnd(line)));
        lastContent = lines.length - 1;
      }
      this.position++;
    }
    // no content, leading blank lines deeper than the content, or no line break at the very end: unusual
    if (contentIndent === -1 || deepestLeadingBlank > contentIndent) decline();
    if (this.position === this.lineCount && !this.endsWithNewline) decline();
    const body = lines.slice(0, lastContent + 1).join('\n');
    if (chomping === '-') return body;
    if (chomping === '+') return `${body}\n${'\n'.repeat(lines.length - 1 - lastContent)}`;
    return `${body}\n`;
  }
}

function isSequenceItem(text: string): boolean {
  return text[0] === '-' && (text.length === 1 || text[1] === ' ');
}

/** Whether `text` starts a `key: value` entry (a quoted key, or a plain one before `: ` or a final `:`). */
function looksLikeKey(text: string): boolean {
  if (text[0] === '"' || text[0] === "'") {
    const { end } = text[0] === '"' ? scanDoubleQuoted(text, 1) : scanSingleQuoted(text, 1);
    if (end === -1) return false; // a quoted scalar that goes on below
    return text[end] === ':' && (end + 1 === text.length || text[end + 1] === ' ');
  }
  const colon = text.indexOf(': ');
  return colon > 0 || text.endsWith(':');
}

/** `key: rest` of a mapping entry; declines what is not a plain or quoted string key. */
function splitKey(text: string): { key: string; rest: string } {
  let key: string;
  let after: number;
  if (text[0] === '"' || text[0] === "'") {
    const quoted = quotedOnLine(text);
    key = quoted.value;
    after = quoted.end;
    if (text[after] !== ':') decline();
  } else {
    let colon = text.indexOf(': ');
    if (colon === -1) {
      if (!text.endsWith(':')) decline();
      colon = text.length - 1;
    }
    key = text.slice(0, colon);
    after = colon;
    if (key === '' || PLAIN_START_INDICATORS.has(key[0]!) || key.endsWith(' ') || key.includes(' #'))
      decline();
    if (key.includes(':') && /:(?: |$)/.test(key)) decline();
    if (resolvePlainScalar(key) !== key) decline(); // null, a boolean or a number as a key
  }
  if (key.length > MAX_KEY_LENGTH || key === '__proto__' || key === '<<') decline();
  // after the colon: nothing, or at least one space
  if (after + 1 < text.length && text[after + 1] !== ' ') decline();
  let restStart = after + 1;
  while (text.charCodeAt(restStart) === 32) restStart++;
  return { key, rest: text.slice(restStart) };
}

function isTrailingSpaceOrComment(text: string, from: number): boolean {
  let i = from;
  while (text.charCodeAt(i) === 32) i++;
  return i === text.length || (i > from && text[i] === '#');
}

/** The first line of a plain scalar after `key: ` or `- `, and whether a comment follows it there. */
function plainText(rest: string): { text: string; comment: boolean } {
  if (PLAIN_START_INDICATORS.has(rest[0]!)) {
    // `-1`, `-x` are plain; `- `, `? `, `: ` and the other indicators start something else
    if (rest[0] !== '-' || rest.length === 1 || rest[1] === ' ') decline();
  }
  let text = rest;
  const comment = text.indexOf(' #');
  if (comment !== -1) text = text.slice(0, comment);
  text = trimTrailingSpaces(text);
  if (text.includes(': ') || text.endsWith(':')) decline(); // a mapping where a value may not start one
  return { text, comment: comment !== -1 };
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};

/**
 * A quoted scalar's text on one line from `i` (after the opening quote, or where a continuation line's text
 * starts): its value, and the index after the closing quote, or -1 when the line ends first. The value of a
 * line that ends open leaves out the spaces before the line break, except that a double-quoted line ending
 * in `\` is `joined` to the next (its spaces kept, no space for the break).
 */
interface QuotedPart {
  value: string;
  end: number;
  joined: boolean;
}

const trimTrailingSpaces = (text: string): string => {
  let end = text.length;
  while (text.charCodeAt(end - 1) === 32) end--;
  return text.slice(0, end);
};

function scanDoubleQuoted(text: string, from: number): QuotedPart {
  let value = '';
  let i = from;
  for (;;) {
    const next = text.slice(i).search(/["\\]/);
    if (next === -1) return { value: value + trimTrailingSpaces(text.slice(i)), end: -1, joined: false };
    value += text.slice(i, i + next);
    i += next;
    if (text[i] === '"') return { value, end: i + 1, joined: false };
    const escape = text[i + 1];
    if (escape === undefined) return { value, end: -1, joined: true }; // an escaped line break
    const simple = ESCAPES[escape];
    if (simple !== undefined) {
      value += simple;
      i += 2;
      continue;
    }
    const length = escape === 'x' ? 2 : escape === 'u' ? 4 : escape === 'U' ? 8 : 0;
    const hex = text.substr(i + 2, length);
    if (length === 0 || hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex)) decline();
    const code = parseInt(hex, 16);
    if (code > 0x10ffff) decline();
    value += String.fromCodePoint(code);
    i += 2 + length;
  }
}

function scanSingleQuoted(text: string, from: number): QuotedPart {
  let value = '';
  let i = from;
  for (;;) {
    const quote = text.indexOf("'", i);
    if (quote === -1) return { value: value + trimTrailingSpaces(text.slice(i)), end: -1, joined: false };
    value += text.slice(i, quote);
    if (text[quote + 1] === "'") {
      value += "'";
      i = quote + 2;
      continue;
    }
    return { value, end: quote + 1, joined: false };
  }
}

/** A quoted scalar (a key) that closes on its line: its value and the index after the closing quote. */
function quotedOnLine(text: string): { value: string; end: number } {
  const part = text[0] === '"' ? scanDoubleQuoted(text, 1) : scanSingleQuoted(text, 1);
  if (part.end === -1) decline();
  return part;
}
