// Replays what encoding/json does to a KubeVirt object on its way through a Go component (decode into the
// core/v1 structs, encode again): unknown fields vanish, omitempty fields holding their zero value vanish,
// non-omitempty scalars and non-pointer structs always appear, quantities are re-printed by resource.Quantity.
// Everything a Go controller writes back has this shape, so the VM stages apply it to their output.
import { Quantity } from '../quantity/quantity.js';
import { GO_JSON_SHAPES } from './go-json-shapes.generated.js';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SCALAR_ZERO: Record<string, unknown> = { s: '', b: false, n: 0 };

interface StructField {
  name: string;
  kind: string;
  omitempty: boolean;
  /** The kind is a struct (see isStructKind). */
  struct: boolean;
}

/** structFields' answers: the shapes never change, and every document goes through the same few structs. */
const fieldsByType = new Map<string, StructField[]>();

/** All fields of a struct, the fields of inlined (embedded) structs included. */
function structFields(typeName: string): StructField[] {
  let fields = fieldsByType.get(typeName);
  if (fields) return fields;
  fields = [];
  for (const [name, spec] of Object.entries(GO_JSON_SHAPES[typeName] ?? {})) {
    if (name.startsWith('...')) {
      fields.push(...structFields(name.slice(3)));
    } else {
      const omitempty = spec.endsWith('?');
      const kind = omitempty ? spec.slice(0, -1) : spec;
      fields.push({ name, kind, omitempty, struct: GO_JSON_SHAPES[kind] !== undefined });
    }
  }
  fieldsByType.set(typeName, fields);
  return fields;
}

function isZero(kind: string, value: unknown): boolean {
  switch (kind) {
    case 's':
      return value === '';
    case 'b':
      return value === false;
    case 'n':
      return value === 0;
    default:
      return false;
  }
}

function roundTripQuantity(value: unknown): unknown {
  if (value instanceof Quantity) return value.toJSON();
  const quantity = Quantity.tryParse(typeof value === 'string' ? value.trim() : value);
  return quantity ? quantity.toJSON() : value;
}

/** Convert one present value of the given field kind (no omitempty handling). */
function convert(kind: string, value: unknown, keepEmpty: boolean): unknown {
  if (value === null || value === undefined) return value;
  if (kind.startsWith('*')) return convert(kind.slice(1), value, keepEmpty);
  if (kind.startsWith('[]')) {
    return Array.isArray(value) ? value.map((item) => convert(kind.slice(2), item, keepEmpty)) : value;
  }
  if (kind.startsWith('{}')) {
    if (!isObject(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, convert(kind.slice(2), v, keepEmpty)]),
    );
  }
  switch (kind) {
    case 's':
    case 'b':
    case 'n':
    case 'o':
    case 'meta':
      return value;
    case 'q':
      return roundTripQuantity(value);
    case 'ql':
      if (!isObject(value)) return value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundTripQuantity(v)]));
    default:
      return transcode(value, kind, keepEmpty);
  }
}

const isStructKind = (kind: string): boolean => GO_JSON_SHAPES[kind] !== undefined;

/**
 * The JSON upstream would emit after decoding `value` into the Go struct `typeName` (a core/v1 type name
 * such as 'VirtualMachineInstance', 'VirtualMachine', 'VirtualMachineInstanceSpec').
 */
export function goJsonRoundTrip(value: unknown, typeName: string): unknown {
  return transcode(value, typeName, false);
}

/**
 * What Go holds in memory after decoding `value` into `typeName`, as JSON: like goJsonRoundTrip, but a
 * present empty list or map stays (it is non-nil in Go, which some checks observe, e.g. a VMI nodeSelector
 * `{}` conflicts with an instancetype's).
 */
export function goJsonDecode(value: unknown, typeName: string): unknown {
  return transcode(value, typeName, true);
}

function transcode(value: unknown, typeName: string, keepEmpty: boolean): unknown {
  if (!isStructKind(typeName)) return value;
  if (value !== null && value !== undefined && !isObject(value)) return value;
  const input: JsonObject = isObject(value) ? value : {};
  const output: JsonObject = {};
  for (const { name, kind, omitempty, struct } of structFields(typeName)) {
    const present = input[name];
    if (present === undefined || present === null) {
      if (struct) output[name] = transcode({}, kind, keepEmpty);
      else if (kind === 'meta') output[name] = {};
      else if (kind in SCALAR_ZERO) {
        if (!omitempty) output[name] = SCALAR_ZERO[kind];
      } else if (kind === 'q' && present === undefined) {
        if (!omitempty) output[name] = '0';
      } else if (present === null && !omitempty) output[name] = null;
      continue;
    }
    const converted = convert(kind, present, keepEmpty);
    if (omitempty) {
      if (keepEmpty && (Array.isArray(converted) || isObject(converted))) {
        output[name] = converted;
        continue;
      }
      if (isZero(kind, converted)) continue;
      if ((kind.startsWith('[]') || kind === 'ql') && Array.isArray(converted) && converted.length === 0)
        continue;
      if (
        (kind.startsWith('{}') || kind === 'ql') &&
        isObject(converted) &&
        Object.keys(converted).length === 0
      ) {
        continue;
      }
    }
    output[name] = converted;
  }
  return output;
}
