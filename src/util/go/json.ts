// A small port of Go's encoding/json Unmarshal for annotation payloads that upstream decodes into Go structs,
// so that both the decoded value and the error text ("unexpected end of JSON input", "invalid character 'x'
// looking for beginning of value", "json: cannot unmarshal string into Go value of type hooks.HookSidecarList",
// ...) are the ones upstream reports.
// upstream: Go standard library encoding/json (scanner.go checkValid, decode.go Unmarshal)
import { quoteByteRune } from './strconv.js';

/** A Go JSON syntax or type error; the message is Go's error text. */
export class GoJSONError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoJSONError';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Syntax check (scanner.go)

const MAX_NESTING_DEPTH = 10000;
const enum ParseState {
  ObjectKey,
  ObjectValue,
  ArrayValue,
}

type Step = (s: Scanner, c: number) => boolean; // false = error

interface Scanner {
  step: Step;
  parseState: ParseState[];
  err: string | undefined;
  endTop: boolean;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

// upstream: encoding/json quoteChar
function quoteChar(c: number): string {
  if (c === 0x27) return `'\\''`;
  if (c === 0x22) return `'"'`;
  return `'${quoteByteRune(c)}'`;
}

function fail(s: Scanner, c: number, context: string): boolean {
  s.step = stateError;
  s.err = `invalid character ${quoteChar(c)} ${context}`;
  return false;
}

const stateError: Step = () => false;

function pushParseState(s: Scanner, c: number, state: ParseState): boolean {
  s.parseState.push(state);
  return s.parseState.length <= MAX_NESTING_DEPTH ? true : fail(s, c, 'exceeded max depth');
}

function popParseState(s: Scanner): void {
  s.parseState.pop();
  if (s.parseState.length === 0) {
    s.step = stateEndTop;
    s.endTop = true;
  } else {
    s.step = stateEndValue;
  }
}

const stateBeginValueOrEmpty: Step = (s, c) => {
  if (isSpace(c)) return true;
  if (c === 0x5d) return stateEndValue(s, c);
  return stateBeginValue(s, c);
};

const stateBeginValue: Step = (s, c) => {
  if (isSpace(c)) return true;
  switch (c) {
    case 0x7b: // {
      s.step = stateBeginStringOrEmpty;
      return pushParseState(s, c, ParseState.ObjectKey);
    case 0x5b: // [
      s.step = stateBeginValueOrEmpty;
      return pushParseState(s, c, ParseState.ArrayValue);
    case 0x22:
      s.step = stateInString;
      return true;
    case 0x2d: // -
      s.step = stateNeg;
      return true;
    case 0x30:
      s.step = state0;
      return true;
    case 0x74: // t
      s.step = literal('true', 1);
      return true;
    case 0x66: // f
      s.step = literal('false', 1);
      return true;
    case 0x6e: // n
      s.step = literal('null', 1);
      return true;
  }
  if (c >= 0x31 && c <= 0x39) {
    s.step = state1;
    return true;
  }
  return fail(s, c, 'looking for beginning of value');
};

const stateBeginStringOrEmpty: Step = (s, c) => {
  if (isSpace(c)) return true;
  if (c === 0x7d) {
    s.parseState[s.parseState.length - 1] = ParseState.ObjectValue;
    return stateEndValue(s, c);
  }
  return stateBeginString(s, c);
};

const stateBeginString: Step = (s, c) => {
  if (isSpace(c)) return true;
  if (c === 0x22) {
    s.step = stateInString;
    return true;
  }
  return fail(s, c, 'looking for beginning of object key string');
};

const stateEndValue: Step = (s, c) => {
  const n = s.parseState.length;
  if (n === 0) {
    s.step = stateEndTop;
    s.endTop = true;
    return stateEndTop(s, c);
  }
  if (isSpace(c)) {
    s.step = stateEndValue;
    return true;
  }
  switch (s.parseState[n - 1]) {
    case ParseState.ObjectKey:
      if (c === 0x3a) {
        s.parseState[n - 1] = ParseState.ObjectValue;
        s.step = stateBeginValue;
        return true;
      }
      return fail(s, c, 'after object key');
    case ParseState.ObjectValue:
      if (c === 0x2c) {
        s.parseState[n - 1] = ParseState.ObjectKey;
        s.step = stateBeginString;
        return true;
      }
      if (c === 0x7d) {
        popParseState(s);
        return true;
      }
      return fail(s, c, 'after object key:value pair');
    default:
      if (c === 0x2c) {
        s.step = stateBeginValue;
        return true;
      }
      if (c === 0x5d) {
        popParseState(s);
        return true;
      }
      return fail(s, c, 'after array element');
  }
};

// Go reports trailing garbage on the following byte or at EOF; either way this is the error.
const stateEndTop: Step = (s, c) => {
  if (!isSpace(c)) fail(s, c, 'after top-level value');
  return true;
};

const stateInString: Step = (s, c) => {
  if (c === 0x22) {
    s.step = stateEndValue;
    return true;
  }
  if (c === 0x5c) {
    s.step = stateInStringEsc;
    return true;
  }
  if (c < 0x20) return fail(s, c, 'in string literal');
  return true;
};

const stateInStringEsc: Step = (s, c) => {
  if ([0x62, 0x66, 0x6e, 0x72, 0x74, 0x5c, 0x2f, 0x22].includes(c)) {
    s.step = stateInString;
    return true;
  }
  if (c === 0x75) {
    s.step = stateInStringEscU(4);
    return true;
  }
  return fail(s, c, 'in string escape code');
};

function stateInStringEscU(remaining: number): Step {
  return (s, c) => {
    if (!isHex(c)) return fail(s, c, 'in \\u hexadecimal character escape');
    s.step = remaining === 1 ? stateInString : stateInStringEscU(remaining - 1);
    return true;
  };
}

const stateNeg: Step = (s, c) => {
  if (c === 0x30) {
    s.step = state0;
    return true;
  }
  if (c >= 0x31 && c <= 0x39) {
    s.step = state1;
    return true;
  }
  return fail(s, c, 'in numeric literal');
};

const state1: Step = (s, c) => {
  if (isDigit(c)) {
    s.step = state1;
    return true;
  }
  return state0(s, c);
};

const state0: Step = (s, c) => {
  if (c === 0x2e) {
    s.step = stateDot;
    return true;
  }
  if (c === 0x65 || c === 0x45) {
    s.step = stateE;
    return true;
  }
  return stateEndValue(s, c);
};

const stateDot: Step = (s, c) => {
  if (isDigit(c)) {
    s.step = stateDot0;
    return true;
  }
  return fail(s, c, 'after decimal point in numeric literal');
};

const stateDot0: Step = (s, c) => {
  if (isDigit(c)) return true;
  if (c === 0x65 || c === 0x45) {
    s.step = stateE;
    return true;
  }
  return stateEndValue(s, c);
};

const stateE: Step = (s, c) => {
  if (c === 0x2b || c === 0x2d) {
    s.step = stateESign;
    return true;
  }
  return stateESign(s, c);
};

const stateESign: Step = (s, c) => {
  if (isDigit(c)) {
    s.step = stateE0;
    return true;
  }
  return fail(s, c, 'in exponent of numeric literal');
};

const stateE0: Step = (s, c) => {
  if (isDigit(c)) return true;
  return stateEndValue(s, c);
};

/** The states after the first letter of true/false/null. */
function literal(word: string, index: number): Step {
  return (s, c) => {
    const expected = word.charCodeAt(index);
    if (c !== expected) return fail(s, c, `in literal ${word} (expecting '${word[index]}')`);
    s.step = index + 1 === word.length ? stateEndValue : literal(word, index + 1);
    return true;
  };
}

/** Go's checkValid: the syntax error Unmarshal would report for these bytes, or undefined when valid. */
export function goJSONSyntaxError(data: Uint8Array): string | undefined {
  const s: Scanner = { step: stateBeginValue, parseState: [], err: undefined, endTop: false };
  for (const c of data) {
    if (!s.step(s, c)) return s.err;
  }
  // upstream: scanner.eof
  if (s.err !== undefined) return s.err;
  if (s.endTop) return undefined;
  s.step(s, 0x20);
  if (s.endTop) return s.err;
  return s.err ?? 'unexpected end of JSON input';
}

// ---------------------------------------------------------------------------------------------------------------
// Parse (only called on valid input)

type Node =
  | { t: 'object'; entries: [string, Node][] }
  | { t: 'array'; items: Node[] }
  | { t: 'string'; value: string }
  | { t: 'number'; raw: string }
  | { t: 'bool'; value: boolean }
  | { t: 'null' };

const decoder = new TextDecoder('utf-8');

class Parser {
  private pos = 0;
  constructor(private readonly data: Uint8Array) {}

  private skipSpace(): void {
    while (this.pos < this.data.length && isSpace(this.data[this.pos]!)) this.pos++;
  }

  /** Iterative, so that documents nested up to Go's 10000 levels do not exhaust the JS stack. */
  parseValue(): Node {
    type Open = { node: Node & { t: 'object' | 'array' }; key: string | undefined };
    const stack: Open[] = [];
    for (;;) {
      this.skipSpace();
      let value: Node;
      const c = this.data[this.pos]!;
      if (c === 0x7b || c === 0x5b) {
        this.pos++;
        const node: Node & { t: 'object' | 'array' } =
          c === 0x7b ? { t: 'object', entries: [] } : { t: 'array', items: [] };
        this.skipSpace();
        if (this.data[this.pos] === (c === 0x7b ? 0x7d : 0x5d)) {
          this.pos++;
          value = node;
        } else {
          stack.push({ node, key: c === 0x7b ? this.parseKey() : undefined });
          continue;
        }
      } else {
        value = this.parseScalar();
      }
      // attach the finished value to its parents, closing every container that ends here
      for (;;) {
        const open = stack.at(-1);
        if (!open) return value;
        if (open.node.t === 'object') open.node.entries.push([open.key!, value]);
        else open.node.items.push(value);
        this.skipSpace();
        const next = this.data[this.pos++];
        if (next === 0x2c) {
          if (open.node.t === 'object') open.key = this.parseKey();
          break;
        }
        stack.pop();
        value = open.node;
      }
    }
  }

  private parseKey(): string {
    this.skipSpace();
    const key = this.parseString();
    this.skipSpace();
    this.pos++; // ':'
    return key;
  }

  private parseScalar(): Node {
    const c = this.data[this.pos]!;
    switch (c) {
      case 0x22:
        return { t: 'string', value: this.parseString() };
      case 0x74:
        this.pos += 4;
        return { t: 'bool', value: true };
      case 0x66:
        this.pos += 5;
        return { t: 'bool', value: false };
      case 0x6e:
        this.pos += 4;
        return { t: 'null' };
      default: {
        const start = this.pos;
        while (this.pos < this.data.length && /[-+.eE0-9]/.test(String.fromCharCode(this.data[this.pos]!)))
          this.pos++;
        return { t: 'number', raw: decoder.decode(this.data.subarray(start, this.pos)) };
      }
    }
  }

  // upstream: encoding/json unquote (invalid surrogates become U+FFFD)
  private parseString(): string {
    this.pos++; // opening quote
    let out = '';
    let chunkStart = this.pos;
    const flush = (): void => {
      out += decoder.decode(this.data.subarray(chunkStart, this.pos));
    };
    for (;;) {
      const c = this.data[this.pos]!;
      if (c === 0x22) {
        flush();
        this.pos++;
        return out;
      }
      if (c !== 0x5c) {
        this.pos++;
        continue;
      }
      flush();
      const e = this.data[this.pos + 1]!;
      this.pos += 2;
      switch (e) {
        case 0x62:
          out += '\b';
          break;
        case 0x66:
          out += '\f';
          break;
        case 0x6e:
          out += '\n';
          break;
        case 0x72:
          out += '\r';
          break;
        case 0x74:
          out += '\t';
          break;
        case 0x75: {
          let r = this.hex4(this.pos);
          this.pos += 4;
          if (r >= 0xd800 && r < 0xe000) {
            const next =
              this.data[this.pos] === 0x5c && this.data[this.pos + 1] === 0x75 ? this.hex4(this.pos + 2) : -1;
            if (r < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
              this.pos += 6;
              out += String.fromCharCode(r, next);
              break;
            }
            r = 0xfffd;
          }
          out += String.fromCharCode(r);
          break;
        }
        default:
          out += String.fromCharCode(e); // \\ \/ \"
      }
      chunkStart = this.pos;
    }
  }

  private hex4(at: number): number {
    return Number.parseInt(decoder.decode(this.data.subarray(at, at + 4)), 16);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Typed decode (decode.go)

/** The Go type a JSON document is decoded into. `name` is the Go type as reflect prints it (hooks.ConfigMap). */
export type GoType =
  | { kind: 'string'; name: string }
  | { kind: 'slice'; name: string; elem: GoType }
  | { kind: 'struct'; name: string; fields: GoField[] }
  | { kind: 'pointer'; elem: GoType & { kind: 'struct' } };

export interface GoField {
  /** The JSON name (struct tag). */
  json: string;
  type: GoType;
}

interface ErrorContext {
  struct: string | undefined;
  fieldStack: string[];
}

/** The unqualified struct name (ConfigMap for hooks.ConfigMap), as Go's errorContext reports it. */
const structName = (type: { name: string }): string => type.name.slice(type.name.lastIndexOf('.') + 1);

// upstream: encoding/json foldName (only ASCII field names are declared here; K and ſ fold to ASCII letters)
function foldName(name: string): string {
  let out = '';
  for (const char of name) {
    const cp = char.codePointAt(0)!;
    if (cp === 0x212a) out += 'K';
    else if (cp === 0x17f) out += 'S';
    else if (cp < 0x80) out += char.toUpperCase();
    else out += char;
  }
  return out;
}

const kindOfNode = (node: Node): string => node.t; // object, array, string, number, bool

function typeError(node: Node, type: GoType, context: ErrorContext): GoJSONError {
  const target = type.kind === 'pointer' ? type.elem : type;
  if (context.struct !== undefined || context.fieldStack.length > 0) {
    return new GoJSONError(
      `json: cannot unmarshal ${kindOfNode(node)} into Go struct field ${context.struct ?? ''}.${context.fieldStack.join('.')} of type ${target.name}`,
    );
  }
  return new GoJSONError(`json: cannot unmarshal ${kindOfNode(node)} into Go value of type ${target.name}`);
}

function zeroValue(type: GoType): unknown {
  switch (type.kind) {
    case 'string':
      return '';
    case 'struct': {
      const out: Record<string, unknown> = {};
      for (const field of type.fields) {
        const zero = zeroValue(field.type);
        if (zero !== undefined) out[field.json] = zero;
      }
      return out;
    }
    default:
      return undefined; // nil slice / pointer
  }
}

function decode(node: Node, type: GoType, current: unknown, context: ErrorContext): unknown {
  if (node.t === 'null') {
    // null leaves strings and structs alone and sets slices and pointers to nil
    return type.kind === 'string' || type.kind === 'struct' ? current : undefined;
  }
  switch (type.kind) {
    case 'pointer':
      return decode(node, type.elem, current ?? zeroValue(type.elem), context);
    case 'string':
      if (node.t !== 'string') throw typeError(node, type, context);
      return node.value;
    case 'slice': {
      if (node.t !== 'array') throw typeError(node, type, context);
      const previous = Array.isArray(current) ? current : [];
      return node.items.map((item, i) =>
        decode(item, type.elem, i < previous.length ? previous[i] : zeroValue(type.elem), context),
      );
    }
    case 'struct': {
      if (node.t !== 'object') throw typeError(node, type, context);
      const out = {
        ...((current as Record<string, unknown> | undefined) ?? (zeroValue(type) as Record<string, unknown>)),
      };
      for (const [key, value] of node.entries) {
        const field =
          type.fields.find((f) => f.json === key) ??
          type.fields.find((f) => foldName(f.json) === foldName(key));
        if (!field) continue;
        const saved: ErrorContext = { struct: context.struct, fieldStack: [...context.fieldStack] };
        context.fieldStack.push(field.json);
        context.struct = structName(type);
        const decoded = decode(value, field.type, out[field.json], context);
        if (decoded === undefined) delete out[field.json];
        else out[field.json] = decoded;
        context.struct = saved.struct;
        context.fieldStack = saved.fieldStack;
      }
      return out;
    }
  }
}

/**
 * json.Unmarshal(text, &v) for a fresh v of the given type (`initial` is v's value before the call, like the
 * `make(HookSidecarList, 0)` upstream passes). Throws GoJSONError with Go's message on failure.
 */
export function goUnmarshal(text: string, type: GoType, initial: unknown = zeroValue(type)): unknown {
  const data = new TextEncoder().encode(text);
  const syntaxError = goJSONSyntaxError(data);
  if (syntaxError !== undefined) throw new GoJSONError(syntaxError);
  const node = new Parser(data).parseValue();
  return decode(node, type, initial, { struct: undefined, fieldStack: [] });
}

// ---------------------------------------------------------------------------------------------------------------
// Marshal (encode.go)

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Go's json.Marshal of a string: like JSON.stringify but with <, >, & and U+2028/U+2029 escaped, and
 * lone surrogates (invalid UTF-8 on the Go side) replaced by U+FFFD.
 */
export function goJSONString(value: string): string {
  return JSON.stringify(value.replace(LONE_SURROGATE, '\uFFFD'))
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Go's json.Marshal of an arbitrary JSON value (maps with sorted keys). */
export function goJSONMarshal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goJSONString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(goJSONMarshal).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${goJSONString(k)}:${goJSONMarshal(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
