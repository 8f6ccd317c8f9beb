// Replays what encoding/json does to a KubeVirt object on its way through a Go component (decode into the
// core/v1 structs, encode again): unknown fields vanish, omitempty fields holding their zero value vanish,
// non-omitempty scalars and non-pointer structs always appear, quantities are re-printed by resource.Quantity.
// Everything a Go controller writes back has this shape, so the VM stages apply it to their output.
import { Quantity } from '../quantity/quantity.js';
import { GO_JSON_SHAPES } from './go-json-shapes.generated.js';
import { GO_JSON_SHAPES_V1_9 } from './go-json-shapes-v1.9.0.generated.js';
import type { KubeVirtRelease } from '../release/release.js';
import { setKey } from '../util/objects.js';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A field kind of GO_JSON_SHAPES, parsed once: walking a document then costs no string handling (every
 * document goes through the same few structs, and most of it runs before V8 optimises anything).
 */
type Codec =
  | { readonly tag: 'keep' } // s, b, n, o, meta, and type names that are not structs
  | { readonly tag: 'quantity' }
  | { readonly tag: 'resourceList' }
  | { readonly tag: 'slice'; readonly element: Codec }
  | { readonly tag: 'map'; readonly element: Codec }
  | StructCodec;

/** A struct's codec; the struct's own fields are compiled when first needed (a run meets few types). */
interface StructCodec {
  readonly tag: 'struct';
  readonly name: string;
  readonly set: ShapeSet;
  type?: StructType;
}

/** One release's core/v1 structs (its GO_JSON_SHAPES table) and the types compiled from it so far. */
interface ShapeSet {
  readonly shapes: Record<string, Record<string, string>>;
  readonly types: Map<string, StructType>;
}

const V1_4_SHAPES: ShapeSet = { shapes: GO_JSON_SHAPES, types: new Map() };
const V1_9_SHAPES: ShapeSet = { shapes: GO_JSON_SHAPES_V1_9, types: new Map() };

/** The structs of a release's API (without a release: v1.4.0's, what every caller used before v1.9.0). */
function shapeSet(release: KubeVirtRelease | undefined): ShapeSet {
  return release?.atLeast('v1.9.0') === true ? V1_9_SHAPES : V1_4_SHAPES;
}

interface StructType {
  /** All fields, those of inlined (embedded) structs included; filled in after the type is registered. */
  readonly fields: StructField[];
  /** The fields by JSON name (filled in with `fields`). */
  readonly byName: Map<string, StructField>;
  /** The fields an absent value still encodes (not omitempty, or a non-pointer struct). */
  readonly encodedWhenAbsent: StructField[];
  /** What decoding `{}` into the struct gives, as JSON (see zeroValue). */
  zero?: JsonObject;
}

interface StructField {
  readonly name: string;
  readonly codec: Codec;
  readonly omitempty: boolean;
  /** What an absent or null value encodes as: 'omit', or a value builder's tag. */
  readonly absent: 'omit' | 'struct' | 'emptyObject' | 'zero' | 'nullOnly';
  /** For absent 'zero': the scalar's zero value ('' for strings, false, 0; '0' for a quantity). */
  readonly zero: unknown;
  /** The kind is a string/bool/number scalar whose zero value omitempty drops. */
  readonly scalarZero: unknown;
  /** omitempty drops an empty list (a slice, or a ResourceList held as a list). */
  readonly dropEmptyList: boolean;
  /** omitempty drops an empty object (a map or a ResourceList). */
  readonly dropEmptyObject: boolean;
}

const KEEP: Codec = { tag: 'keep' };
const QUANTITY: Codec = { tag: 'quantity' };
const RESOURCE_LIST: Codec = { tag: 'resourceList' };
const SCALAR_ZERO: Record<string, unknown> = { s: '', b: false, n: 0 };
const NO_SCALAR_ZERO = Symbol('no scalar zero');

function structType(name: string, set: ShapeSet): StructType | undefined {
  const known = set.types.get(name);
  if (known) return known;
  const shape = set.shapes[name];
  if (shape === undefined) return undefined;
  const type: StructType = { fields: [], byName: new Map(), encodedWhenAbsent: [] };
  set.types.set(name, type); // before the fields: a struct may refer to itself
  for (const [fieldName, spec] of Object.entries(shape)) {
    if (fieldName.startsWith('...')) {
      type.fields.push(...(structType(fieldName.slice(3), set)?.fields ?? []));
    } else {
      type.fields.push(compileField(fieldName, spec, set));
    }
  }
  for (const field of type.fields) {
    // (no embedded struct of the API shadows a field name; were one to, the first would do)
    if (!type.byName.has(field.name)) type.byName.set(field.name, field);
  }
  type.encodedWhenAbsent.push(...[...type.byName.values()].filter((field) => field.absent !== 'omit'));
  return type;
}

function compileField(name: string, spec: string, set: ShapeSet): StructField {
  const omitempty = spec.endsWith('?');
  const kind = omitempty ? spec.slice(0, -1) : spec;
  const codec = compileKind(kind, set);
  const struct = set.shapes[kind] !== undefined;
  let absent: StructField['absent'];
  let zero: unknown;
  if (struct) absent = 'struct';
  else if (kind === 'meta') absent = 'emptyObject';
  else if (kind in SCALAR_ZERO)
    [absent, zero] = omitempty ? ['omit', undefined] : ['zero', SCALAR_ZERO[kind]];
  else if (kind === 'q') [absent, zero] = omitempty ? ['omit', undefined] : ['zero', '0'];
  else absent = omitempty ? 'omit' : 'nullOnly';
  return {
    name,
    codec,
    omitempty,
    absent,
    zero,
    scalarZero: kind in SCALAR_ZERO ? SCALAR_ZERO[kind] : NO_SCALAR_ZERO,
    dropEmptyList: kind.startsWith('[]') || kind === 'ql',
    dropEmptyObject: kind.startsWith('{}') || kind === 'ql',
  };
}

function compileKind(kind: string, set: ShapeSet): Codec {
  if (kind.startsWith('*')) return compileKind(kind.slice(1), set); // a pointer encodes as what it points to
  if (kind.startsWith('[]')) return { tag: 'slice', element: compileKind(kind.slice(2), set) };
  if (kind.startsWith('{}')) return { tag: 'map', element: compileKind(kind.slice(2), set) };
  if (kind === 'q') return QUANTITY;
  if (kind === 'ql') return RESOURCE_LIST;
  return set.shapes[kind] !== undefined ? { tag: 'struct', name: kind, set } : KEEP;
}

function typeOf(codec: StructCodec): StructType {
  return (codec.type ??= structType(codec.name, codec.set)!);
}

function roundTripQuantity(value: unknown): unknown {
  if (value instanceof Quantity) return value.toJSON();
  const quantity = Quantity.tryParse(typeof value === 'string' ? value.trim() : value);
  return quantity ? quantity.toJSON() : value;
}

/**
 * How a walk goes: `keepEmpty` (goJsonDecode: present empty lists and maps stay); `share` (goJsonView: a
 * part of the input that comes out the same is returned as it is, not copied).
 */
interface Mode {
  readonly keepEmpty: boolean;
  readonly share: boolean;
}

const ROUND_TRIP: Mode = { keepEmpty: false, share: false };
const DECODE: Mode = { keepEmpty: true, share: false };
const VIEW: Mode = { keepEmpty: false, share: true };

/** What an omitted field encodes as: nothing. */
const OMITTED = Symbol('omitted');

/** Convert one present value (no omitempty handling). */
function convert(codec: Codec, value: unknown, mode: Mode): unknown {
  if (value === null || value === undefined) return value;
  switch (codec.tag) {
    case 'keep':
      return value;
    case 'quantity':
      return roundTripQuantity(value);
    case 'resourceList':
      return isObject(value) ? convertEntries(value, undefined, mode) : value;
    case 'slice': {
      if (!Array.isArray(value)) return value;
      let output: unknown[] | undefined = mode.share ? undefined : new Array(value.length);
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        const converted = convert(codec.element, item, mode);
        if (output === undefined) {
          if (converted === item) continue;
          output = value.slice(0, i);
        }
        output[i] = converted;
      }
      return output ?? value;
    }
    case 'map':
      return isObject(value) ? convertEntries(value, codec.element, mode) : value;
    case 'struct':
      return transcode(value, typeOf(codec), mode);
  }
}

/** A map's or ResourceList's entries converted (`element` undefined: quantities). */
function convertEntries(value: JsonObject, element: Codec | undefined, mode: Mode): JsonObject {
  const keys = Object.keys(value);
  let output: JsonObject | undefined = mode.share ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const entry = value[key];
    const converted = element === undefined ? roundTripQuantity(entry) : convert(element, entry, mode);
    if (output === undefined) {
      if (converted === entry) continue;
      output = {};
      for (let j = 0; j < i; j++) setKey(output, keys[j]!, value[keys[j]!]);
    }
    setKey(output, key, converted);
  }
  return output ?? value;
}

/**
 * The JSON upstream would emit after decoding `value` into the Go struct `typeName` (a core/v1 type name
 * such as 'VirtualMachineInstance', 'VirtualMachine', 'VirtualMachineInstanceSpec') of `release`'s API
 * (default: v1.4.0's).
 */
export function goJsonRoundTrip(value: unknown, typeName: string, release?: KubeVirtRelease): unknown {
  const type = structType(typeName, shapeSet(release));
  return type ? transcode(value, type, ROUND_TRIP) : value;
}

/**
 * goJsonRoundTrip's value, sharing with `value` every part that the round trip leaves as it is (most of a
 * defaulted object): for reading only, neither it nor `value` may be changed afterwards.
 */
export function goJsonView(value: unknown, typeName: string, release?: KubeVirtRelease): unknown {
  const type = structType(typeName, shapeSet(release));
  return type ? transcode(value, type, VIEW) : value;
}

/**
 * What Go holds in memory after decoding `value` into `typeName`, as JSON: like goJsonRoundTrip, but a
 * present empty list or map stays (it is non-nil in Go, which some checks observe, e.g. a VMI nodeSelector
 * `{}` conflicts with an instancetype's).
 */
export function goJsonDecode(value: unknown, typeName: string, release?: KubeVirtRelease): unknown {
  const type = structType(typeName, shapeSet(release));
  return type ? transcode(value, type, DECODE) : value;
}

/** A fresh copy of what decoding `{}` into the struct gives (its non-omitempty zero values, nested). */
function zeroValue(type: StructType): JsonObject {
  const zero = (type.zero ??= transcode({}, type, ROUND_TRIP) as JsonObject);
  return cloneZero(zero);
}

function cloneZero(template: JsonObject): JsonObject {
  const copy: JsonObject = {};
  const keys = Object.keys(template);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = template[key];
    copy[key] = isObject(value) ? cloneZero(value) : value;
  }
  return copy;
}

function transcode(value: unknown, type: StructType, mode: Mode): unknown {
  if (value !== null && value !== undefined && !isObject(value)) return value;
  const input: JsonObject = value ?? {};
  // The input's own fields first (most fields of most structs are absent and omitempty), then what the
  // absent ones encode as; the output's key order is of no consequence (printing sorts keys). Sharing,
  // the output is made only once a field comes out differently (dropped, converted or added).
  let output: JsonObject | undefined = mode.share && value != null ? undefined : {};
  // indexed loops: for-of goes through the iterator protocol, which costs in unoptimised code
  const names = Object.keys(input);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const present = input[name];
    const field = type.byName.get(name);
    const encoded = field === undefined ? OMITTED : encodeField(field, present, mode);
    if (output === undefined) {
      if (encoded === present) continue;
      output = {};
      for (let j = 0; j < i; j++) output[names[j]!] = input[names[j]!];
    }
    if (encoded !== OMITTED) output[name] = encoded;
  }
  const absent = type.encodedWhenAbsent;
  for (let i = 0; i < absent.length; i++) {
    const field = absent[i]!;
    if ((output ?? input)[field.name] !== undefined) continue;
    const encoded = encodeAbsent(field, undefined);
    if (encoded === OMITTED) continue;
    if (output === undefined) {
      output = {};
      for (let j = 0; j < names.length; j++) output[names[j]!] = input[names[j]!];
    }
    output[field.name] = encoded;
  }
  return output ?? input;
}

/** What a present field encodes as (OMITTED for nothing). */
function encodeField(field: StructField, present: unknown, mode: Mode): unknown {
  if (present === undefined || present === null) return encodeAbsent(field, present);
  const converted = convert(field.codec, present, mode);
  if (field.omitempty) {
    if (Array.isArray(converted)) {
      if (!mode.keepEmpty && field.dropEmptyList && converted.length === 0) return OMITTED;
    } else if (isObject(converted)) {
      if (!mode.keepEmpty && field.dropEmptyObject && !hasKeys(converted)) return OMITTED;
    } else if (converted === field.scalarZero) {
      return OMITTED;
    }
  }
  return converted;
}

/** What an absent (or null) field encodes as (OMITTED for nothing). */
function encodeAbsent(field: StructField, present: null | undefined): unknown {
  switch (field.absent) {
    case 'struct':
      return zeroValue(typeOf(field.codec as StructCodec));
    case 'emptyObject':
      return {};
    case 'zero':
      // a null quantity prints as null (Quantity.UnmarshalJSON leaves it zero, but the JSON keeps null)
      return present === null && field.codec.tag === 'quantity' ? null : field.zero;
    case 'nullOnly':
      return present === null ? null : OMITTED;
    case 'omit':
      return OMITTED;
  }
}

function hasKeys(object: JsonObject): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return true;
  return false;
}
