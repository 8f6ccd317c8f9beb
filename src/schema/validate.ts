// Schema validation of the objects the tool reads (and of the Pod it writes), against the CRD schemas of the
// selected KubeVirt release and the Kubernetes v1.31 core schemas under schemas/. The validators are compiled
// at build time by scripts/build-validators.mjs into dist/validators/<Kind>.js (Kubernetes kinds) and
// dist/validators/<release>/<Kind>.js (KubeVirt kinds), and loaded lazily: one per kind, of one release.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileFunction } from '../util/code-cache.js';
import { NEWEST_RELEASE, type KubeVirtRelease } from '../release/release.js';
import { isUint32Field } from './go-integers.js';
import { objectMetaIssues } from './object-meta.js';
import { MAX_PROBLEMS_PER_DOCUMENT, moreProblemsMessage } from '../errors.js';

export type SchemaKind =
  | 'VirtualMachineInstance'
  | 'VirtualMachine'
  | 'KubeVirt'
  | 'VirtualMachineInstancetype'
  | 'VirtualMachineClusterInstancetype'
  | 'VirtualMachinePreference'
  | 'VirtualMachineClusterPreference'
  | 'Pod'
  | 'PersistentVolumeClaim'
  | 'ConfigMap'
  | 'Namespace'
  | 'ResourceQuota'
  | 'NetworkAttachmentDefinition'
  | 'DataSource'
  | 'DataVolume'
  | 'VolumeSnapshot';

/**
 * One finding. `path` holds object keys and array indices from the document root to the offending value
 * (for a missing required field: to the object that lacks it; for an unknown field: to that field).
 */
export interface SchemaIssue {
  path: (string | number)[];
  message: string;
  severity: 'error' | 'warning';
}

const KUBEVIRT_VERSIONS = ['kubevirt.io/v1', 'kubevirt.io/v1alpha3'];
const INSTANCETYPE_VERSIONS = [
  'instancetype.kubevirt.io/v1beta1',
  'instancetype.kubevirt.io/v1alpha2',
  'instancetype.kubevirt.io/v1alpha1',
];

/** The apiVersions served for each kind (KubeVirt v1.4.0 CRDs serve the same schema for every version). */
export const SCHEMA_API_VERSIONS: Readonly<Record<SchemaKind, readonly string[]>> = {
  VirtualMachineInstance: KUBEVIRT_VERSIONS,
  VirtualMachine: KUBEVIRT_VERSIONS,
  KubeVirt: KUBEVIRT_VERSIONS,
  VirtualMachineInstancetype: INSTANCETYPE_VERSIONS,
  VirtualMachineClusterInstancetype: INSTANCETYPE_VERSIONS,
  VirtualMachinePreference: INSTANCETYPE_VERSIONS,
  VirtualMachineClusterPreference: INSTANCETYPE_VERSIONS,
  Pod: ['v1'],
  PersistentVolumeClaim: ['v1'],
  ConfigMap: ['v1'],
  Namespace: ['v1'],
  ResourceQuota: ['v1'],
  NetworkAttachmentDefinition: ['k8s.cni.cncf.io/v1'],
  DataSource: ['cdi.kubevirt.io/v1beta1'],
  DataVolume: ['cdi.kubevirt.io/v1beta1'],
  VolumeSnapshot: ['snapshot.storage.k8s.io/v1'],
};

export const SCHEMA_KINDS = Object.keys(SCHEMA_API_VERSIONS) as SchemaKind[];

/** Kinds whose schema is a KubeVirt (or CDI) CRD's: one per release. */
const PER_RELEASE_KINDS: ReadonlySet<SchemaKind> = new Set([
  'VirtualMachineInstance',
  'VirtualMachine',
  'KubeVirt',
  'VirtualMachineInstancetype',
  'VirtualMachineClusterInstancetype',
  'VirtualMachinePreference',
  'VirtualMachineClusterPreference',
  // CDI's CRDs, of the CDI version each KubeVirt release vendors
  'DataSource',
  'DataVolume',
]);

/** Documents nested deeper than this are refused before schema validation. */
export const MAX_DEPTH = 256;
/** Documents with more objects/arrays than this are refused before schema validation. */
export const MAX_NODES = 2_000_000;

const INSTANCETYPE_KINDS: ReadonlySet<SchemaKind> = new Set([
  'VirtualMachineInstancetype',
  'VirtualMachineClusterInstancetype',
  'VirtualMachinePreference',
  'VirtualMachineClusterPreference',
]);

/** The apiVersions a release serves for a kind: v1.9.0's instancetype CRDs serve v1beta1 only. */
export function apiVersionsOf(kind: SchemaKind, release: KubeVirtRelease): readonly string[] {
  if (INSTANCETYPE_KINDS.has(kind) && release.atLeast('v1.9.0')) return ['instancetype.kubevirt.io/v1beta1'];
  return SCHEMA_API_VERSIONS[kind];
}

/** The SchemaKind for an apiVersion/kind pair, or undefined if the tool has no schema for it. */
export function schemaKindFor(
  apiVersion: unknown,
  kind: unknown,
  release: KubeVirtRelease = NEWEST_RELEASE,
): SchemaKind | undefined {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  if (!Object.prototype.hasOwnProperty.call(SCHEMA_API_VERSIONS, kind)) return undefined;
  const k = kind as SchemaKind;
  return apiVersionsOf(k, release).includes(apiVersion) ? k : undefined;
}

/**
 * Validates `doc` against the schema of `kind`. Returns schema violations (severity 'error') and unknown
 * fields (severity 'warning': the API server would drop them, as `kubectl` warns `unknown field "spec.x"`).
 * An empty array means valid. `bound`: what is known of the document's size and nesting (the fast reader's
 * facts); within the limits, the walk that checks them is spared.
 */
export function validateDocument(
  kind: SchemaKind,
  doc: unknown,
  bound?: { maxNodes: number; maxDepth: number },
  release: KubeVirtRelease = NEWEST_RELEASE,
): SchemaIssue[] {
  const withinLimits = bound !== undefined && bound.maxNodes <= MAX_NODES && bound.maxDepth < MAX_DEPTH;
  const guard = withinLimits ? undefined : checkShape(doc);
  if (guard) return [guard];
  const validate = loadValidator(kind, release);
  const issues: SchemaIssue[] = [];
  // Past a multiple of the problems shown, schema errors are only counted (the rest is an estimate).
  let unread = 0;
  if (!validate(doc)) {
    let errors = validate.errors ?? [];
    if (errors.length > 10 * MAX_PROBLEMS_PER_DOCUMENT) {
      unread = errors.length - 10 * MAX_PROBLEMS_PER_DOCUMENT;
      errors = errors.slice(0, 10 * MAX_PROBLEMS_PER_DOCUMENT);
    }
    for (const issue of toIssues(kind, doc, errors, release)) issues.push(issue);
  }
  for (const issue of checkTypeMeta(kind, doc, release)) issues.push(issue);
  for (const issue of objectMetaIssues(kind, doc)) issues.push(issue);
  const unique = dedupe(issues);
  if (unique.length <= MAX_PROBLEMS_PER_DOCUMENT && unread === 0) return unique;
  const hidden = Math.max(0, unique.length - MAX_PROBLEMS_PER_DOCUMENT) + unread;
  if (unique.length > MAX_PROBLEMS_PER_DOCUMENT) unique.length = MAX_PROBLEMS_PER_DOCUMENT;
  unique.push({ path: [], message: moreProblemsMessage(hidden, unread > 0), severity: 'error' });
  return unique;
}

/** `spec.domain.devices.disks[0].name` for a path. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Loading the prebuilt validators

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}
type ValidateFn = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

const validators = new Map<string, ValidateFn>();
const validatorsDir = new URL('../../validators/', import.meta.url);

function loadValidator(kind: SchemaKind, release: KubeVirtRelease): ValidateFn {
  if (!SCHEMA_KINDS.includes(kind)) throw new Error(`no schema for kind ${String(kind)}`);
  const relative = PER_RELEASE_KINDS.has(kind) ? `${release.version}/${kind}.js` : `${kind}.js`;
  const cached = validators.get(relative);
  if (cached) return cached;
  const file = fileURLToPath(new URL(relative, validatorsDir));
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') {
      throw new Error(`schema validator ${file} is missing: run \`npm run build\``);
    }
    throw err;
  }
  const fn = compileFunction<() => unknown>(asFunction(source, file), file)();
  if (typeof fn !== 'function') throw new Error(`schema validator ${file} has no default export`);
  validators.set(relative, fn as ValidateFn);
  return fn as ValidateFn;
}

/**
 * The generated modules import nothing, so a module's body runs as a function returning its default
 * export: a plain script, which (unlike an ES module) loads synchronously and through the code cache.
 */
function asFunction(source: string, file: string): string {
  // the export is the module's last statement: look for it in the last few characters only
  const tailStart = Math.max(0, source.length - 200);
  const tail = source.slice(tailStart);
  const m =
    /export\s*\{\s*([\w$]+)\s+as\s+default\s*\}\s*;?\s*$/.exec(tail) ??
    /export\s+default\s+([\w$]+)\s*;?\s*$/.exec(tail);
  if (!m) throw new Error(`schema validator ${file}: unexpected module shape`);
  return `(function () {"use strict";${source.slice(0, tailStart + m.index)};return ${m[1]};})`;
}

// ---------------------------------------------------------------------------------------------------
// Depth/size guard: the validators and the issue mapping never recurse into data deeper than the schema,
// but a 20,000-deep document (or a cycle built from YAML aliases) must be refused up front, cheaply.

function checkShape(doc: unknown): SchemaIssue | undefined {
  if (doc === null || typeof doc !== 'object') return undefined;
  const stack: object[] = [doc];
  const depth: number[] = [0];
  let nodes = 0;
  while (stack.length > 0) {
    const node = stack.pop() as object;
    const d = depth.pop() as number;
    if (++nodes > MAX_NODES) {
      return {
        path: [],
        message: `document is too large (more than ${MAX_NODES} objects and lists)`,
        severity: 'error',
      };
    }
    if (d >= MAX_DEPTH) {
      return {
        path: pathToDepth(doc),
        message: `document is nested too deeply (more than ${MAX_DEPTH} levels)`,
        severity: 'error',
      };
    }
    const values: unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (const v of values) {
      if (v !== null && typeof v === 'object') {
        stack.push(v);
        depth.push(d + 1);
      }
    }
  }
  return undefined;
}

/** The path of the first value found at MAX_DEPTH (only computed when the guard trips). */
function pathToDepth(doc: object): (string | number)[] {
  const stack: { node: object; path: (string | number)[] }[] = [{ node: doc, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop() as { node: object; path: (string | number)[] };
    if (path.length >= MAX_DEPTH) return path;
    const entries: [string | number, unknown][] = Array.isArray(node)
      ? node.map((v, i) => [i, v] as [number, unknown])
      : Object.entries(node);
    for (const [k, v] of entries) {
      if (v !== null && typeof v === 'object') stack.push({ node: v, path: [...path, k] });
    }
  }
  return [];
}

// ---------------------------------------------------------------------------------------------------
// Turning ajv errors into located, human-readable issues

interface Located {
  path: (string | number)[];
  value: unknown;
  /** The value is a property of an object (not an array item, not the root). */
  inObject: boolean;
}

function locate(doc: unknown, pointer: string): Located {
  const path: (string | number)[] = [];
  let value = doc;
  let inObject = false;
  if (pointer === '') return { path, value, inObject };
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) {
      const i = Number(seg);
      path.push(i);
      value = value[i];
      inObject = false;
    } else {
      path.push(seg);
      value =
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[seg] : undefined;
      inObject = true;
    }
  }
  return { path, value, inObject };
}

function quote(v: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'timestamp (quote it to make it a string)';
  switch (typeof v) {
    case 'string':
      return `string ${quote(v)}`;
    case 'number':
      return Number.isInteger(v) ? `integer ${v}` : `number ${v}`;
    case 'boolean':
      return `boolean ${v}`;
    case 'object':
      return 'object';
    default:
      return typeof v;
  }
}

const typeList = (t: unknown): string[] =>
  (Array.isArray(t) ? t : String(t).split(',')).map(String).filter((x) => x !== '');

const joinOr = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function formatMessage(format: string, value: unknown): string {
  switch (format) {
    case 'quantity':
      return `${quote(value)} is not a valid quantity`;
    case 'int32':
      return `must be a 32-bit integer (-2147483648 to 2147483647), got ${describe(value)}`;
    case 'int64':
      return `must be a 64-bit integer, got ${describe(value)}`;
    case 'date-time':
      return `${quote(value)} is not a valid RFC 3339 date-time (e.g. "2024-01-31T12:00:00Z")`;
    case 'byte':
      return `${quote(value)} is not valid base64 data`;
    default:
      return `${quote(value)} is not a valid ${format}`;
  }
}

function toIssues(
  kind: SchemaKind,
  doc: unknown,
  errors: AjvError[],
  release: KubeVirtRelease,
): SchemaIssue[] {
  // Alternatives (anyOf/oneOf) failing at a path: merge the alternatives' type errors into one message.
  const junctionPaths = new Set(
    errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath),
  );
  const mergedTypes = new Map<string, string[]>();
  for (const e of errors) {
    if (e.keyword === 'type' && junctionPaths.has(e.instancePath)) {
      const list = mergedTypes.get(e.instancePath) ?? [];
      for (const type of typeList(e.params.type)) list.push(type);
      mergedTypes.set(e.instancePath, list);
    }
  }

  // A value of the wrong type also fails its format/pattern/enum...: report only the type.
  const typeErrorPaths = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const VALUE_KEYWORDS = new Set([
    'format',
    'pattern',
    'enum',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'minLength',
    'maxLength',
  ]);

  const issues: SchemaIssue[] = [];
  for (const e of errors) {
    if (VALUE_KEYWORDS.has(e.keyword) && typeErrorPaths.has(e.instancePath)) continue;
    const { path, value, inObject } = locate(doc, e.instancePath);
    // The API server prunes a null property value before validating (PruneNonNullableNullsWithoutDefaults)
    // and Go decodes null into the zero value, so a null property is never an error. Null list items are.
    if (value === null && inObject) continue;
    const error = (message: string, at = path): void => {
      issues.push({ path: at, message, severity: 'error' });
    };
    const p = e.params;
    switch (e.keyword) {
      case 'additionalProperties': {
        const field = String(p.additionalProperty);
        issues.push({ path: [...path, field], message: `unknown field "${field}"`, severity: 'warning' });
        break;
      }
      case 'required':
        error(`"${String(p.missingProperty)}" is required`);
        break;
      case 'type':
        if (junctionPaths.has(e.instancePath)) break; // reported with the anyOf/oneOf
        error(`must be ${joinOr(typeList(p.type))}, got ${describe(value)}`);
        break;
      case 'anyOf':
      case 'oneOf': {
        // The value had the right type for one alternative but failed inside it: those errors say why.
        if (errors.some((x) => x.instancePath.startsWith(`${e.instancePath}/`))) break;
        const types = [...new Set(mergedTypes.get(e.instancePath) ?? [])];
        if (types.length > 0) error(`must be ${joinOr(types)}, got ${describe(value)}`);
        else
          error(`must match ${e.keyword === 'oneOf' ? 'exactly one' : 'at least one'} of the allowed forms`);
        break;
      }
      case 'enum': {
        // null (allowed when nullable) is left out: a null property is always accepted, see above.
        const allowed = (Array.isArray(p.allowedValues) ? p.allowedValues : []).filter((v) => v !== null);
        error(`must be one of: ${allowed.map(quote).join(', ')}; got ${quote(value)}`);
        break;
      }
      case 'const':
        error(`must be ${quote(p.allowedValue)}; got ${quote(value)}`);
        break;
      case 'format':
        // a uint32 the CRD calls int32: go-integers.ts checks its range
        if (p.format === 'int32' && isUint32Field(kind, path, release)) break;
        error(formatMessage(String(p.format), value));
        break;
      case 'pattern':
        error(`${quote(value)} does not match the pattern ${String(p.pattern)}`);
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        error(`must be ${String(p.comparison)} ${String(p.limit)}, got ${describe(value)}`);
        break;
      case 'multipleOf':
        error(`must be a multiple of ${String(p.multipleOf)}, got ${describe(value)}`);
        break;
      case 'minLength':
        error(`must be at least ${plural(Number(p.limit), 'character')} long`);
        break;
      case 'maxLength':
        error(`must be at most ${plural(Number(p.limit), 'character')} long`);
        break;
      case 'minItems':
        error(
          `must have at least ${plural(Number(p.limit), 'item')}, got ${Array.isArray(value) ? value.length : 0}`,
        );
        break;
      case 'maxItems':
        error(
          `must have at most ${plural(Number(p.limit), 'item')}, got ${Array.isArray(value) ? value.length : 0}`,
        );
        break;
      case 'minProperties':
        error(`must have at least ${plural(Number(p.limit), 'field')}`);
        break;
      case 'maxProperties':
        error(`must have at most ${plural(Number(p.limit), 'field')}`);
        break;
      case 'uniqueItems':
        error(`must not contain duplicates (items ${String(p.j)} and ${String(p.i)} are equal)`);
        break;
      case 'k8sListMap':
        for (const d of (p.duplicates as { index: number; first: number; key: Record<string, unknown> }[]) ??
          []) {
          const key = Object.entries(d.key)
            .map(([k, v]) => `${k}=${quote(v)}`)
            .join(', ');
          error(`duplicate entry with ${key} (first at index ${d.first})`, [...path, d.index]);
        }
        break;
      case 'k8sListSet':
        for (const d of (p.duplicates as { index: number; first: number }[]) ?? []) {
          const item = Array.isArray(value) ? value[d.index] : undefined;
          error(`duplicate value ${quote(item)} (first at index ${d.first})`, [...path, d.index]);
        }
        break;
      case 'not':
        error('must not match the disallowed form');
        break;
      default:
        error(`failed the "${e.keyword}" check`);
    }
  }
  return issues;
}

/** apiVersion/kind, when set, must name this kind (the schemas only say "string"). */
function checkTypeMeta(kind: SchemaKind, doc: unknown, release: KubeVirtRelease): SchemaIssue[] {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return [];
  const o = doc as Record<string, unknown>;
  const issues: SchemaIssue[] = [];
  if (typeof o.kind === 'string' && o.kind !== kind) {
    issues.push({ path: ['kind'], message: `must be "${kind}"; got ${quote(o.kind)}`, severity: 'error' });
  }
  const versions = apiVersionsOf(kind, release);
  if (typeof o.apiVersion === 'string' && !versions.includes(o.apiVersion)) {
    issues.push({
      path: ['apiVersion'],
      message: `must be one of: ${versions.map(quote).join(', ')}; got ${quote(o.apiVersion)}`,
      severity: 'error',
    });
  }
  return issues;
}

function dedupe(issues: SchemaIssue[]): SchemaIssue[] {
  if (issues.length < 2) return issues;
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.severity}\u0000${JSON.stringify(i.path)}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
