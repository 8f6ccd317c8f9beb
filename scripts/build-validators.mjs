// Compiles the JSON Schemas under schemas/ into standalone ajv validators: dist/validators/<Kind>.js for the
// Kubernetes kinds, dist/validators/<release>/<Kind>.js for the KubeVirt kinds of each release (ES modules
// without imports, loaded lazily by src/schema/validate.ts). Run by `npm run build` after tsc.
//
// The schemas are Kubernetes OpenAPI schemas (CRD structural schemas and the core/v1 API schemas), not
// plain JSON Schema, so they are first converted (see `SchemaConverter`):
//   * x-kubernetes-int-or-string (and core's IntOrString / Quantity)  -> `type: [integer, string]`
//     (Quantity: `[string, number]`); quantity-typed fields get `format: quantity` (a Go ParseQuantity
//     check) in place of the CRD's quantity `pattern`.
//   * nullable: true                 -> "null" added to `type` (and to `enum`).
//   * x-kubernetes-list-type map/set -> custom keywords k8sListMap / k8sListSet (duplicates are errors).
//   * x-kubernetes-embedded-resource -> apiVersion and kind required, metadata typed as ObjectMeta.
//   * x-kubernetes-preserve-unknown-fields / additionalProperties -> open objects; every other object
//     with declared properties (CRD: every object) gets `additionalProperties: false`, whose failures the
//     runtime reports as unknown-field warnings, not errors.
//   * A custom resource's `metadata` (a bare `type: object` in a CRD) is typed with core's ObjectMeta;
//     a `metadata` that preserves unknown fields (VM template) with a lenient ObjectMeta (types only).
import { mkdirSync, readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { _, stringify } from 'ajv/dist/compile/codegen/index.js';
import { _Code } from 'ajv/dist/compile/codegen/code.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The KubeVirt releases with schemas under schemas/kubevirt/<release>/ (src/release/release.ts lists them too). */
export const RELEASES = readdirSync(join(ROOT, 'schemas', 'kubevirt'))
  .filter((name) => /^v\d+\.\d+\.\d+$/.test(name))
  .sort();

/**
 * SchemaKind -> [schema file under schemas/, origin]. 'crd' = structural CRD schema; 'k8s' = core API schema.
 * `{release}` in a path: one schema (and validator) per KubeVirt release.
 */
export const KINDS = {
  VirtualMachineInstance: ['kubevirt/{release}/virtualmachineinstance.json', 'crd'],
  VirtualMachine: ['kubevirt/{release}/virtualmachine.json', 'crd'],
  KubeVirt: ['kubevirt/{release}/kubevirt.json', 'crd'],
  VirtualMachineInstancetype: ['kubevirt/{release}/virtualmachineinstancetype.json', 'crd'],
  VirtualMachineClusterInstancetype: ['kubevirt/{release}/virtualmachineclusterinstancetype.json', 'crd'],
  VirtualMachinePreference: ['kubevirt/{release}/virtualmachinepreference.json', 'crd'],
  VirtualMachineClusterPreference: ['kubevirt/{release}/virtualmachineclusterpreference.json', 'crd'],
  NetworkAttachmentDefinition: ['kubernetes/networkattachmentdefinition.json', 'crd'],
  DataSource: ['cdi/{release}/datasource.json', 'crd'],
  DataVolume: ['cdi/{release}/datavolume.json', 'crd'],
  VolumeSnapshot: ['kubernetes/volumesnapshot.json', 'crd'],
  Pod: ['kubernetes/pod.json', 'k8s'],
  PersistentVolumeClaim: ['kubernetes/persistentvolumeclaim.json', 'k8s'],
  ConfigMap: ['kubernetes/configmap.json', 'k8s'],
  Namespace: ['kubernetes/namespace.json', 'k8s'],
  ResourceQuota: ['kubernetes/resourcequota.json', 'k8s'],
};

/** The quantity pattern controller-gen/KubeVirt put on int-or-string quantities. */
export const CRD_QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';
const QUANTITY_REF = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const INT_OR_STRING_REF = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
const OBJECT_META_REF = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
/** int-or-string maps under these property names hold quantities. */
const QUANTITY_MAPS = new Set(['requests', 'limits', 'capacity', 'hard', 'used', 'allocatable']);

/**
 * Runtime helpers, emitted at the top of every generated module (and evaluated here for the build-time ajv
 * instance, so both use the same code). Must stay self-contained ES2022.
 */
export const PREAMBLE = String.raw`
const __k8s = (() => {
  // Kubernetes resource.Quantity: the apimachinery split regex plus the suffix rules of ParseQuantity
  // (binary Ki..Ei, decimal n u m "" k M G T P E, or a decimal exponent e/E with an integer).
  const QUANTITY = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
  const SUFFIXES = new Set(['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'P', 'E']);
  const EXPONENT = /^[eE][+-]?[0-9]{1,18}$/;
  function quantity(s) {
    const m = QUANTITY.exec(s);
    if (m === null) return false;
    const num = m[1].charCodeAt(0) === 43 || m[1].charCodeAt(0) === 45 ? m[1].slice(1) : m[1];
    const dot = num.indexOf('.');
    if (dot !== num.lastIndexOf('.') || num.length === (dot === -1 ? 0 : 1)) return false;
    return SUFFIXES.has(m[2]) || EXPONENT.test(m[2]);
  }
  const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
  function byte(s) {
    return BASE64.test(s.indexOf('\n') === -1 && s.indexOf('\r') === -1 ? s : s.replace(/[\r\n]/g, ''));
  }
  const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/;
  function dateTime(s) {
    const m = DATE_TIME.exec(s);
    if (m === null) return false;
    const y = +m[1], mo = +m[2], d = +m[3];
    const days = mo === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(mo) ? 30 : 31;
    return mo >= 1 && mo <= 12 && d >= 1 && d <= days && +m[4] < 24 && +m[5] < 60 && +m[6] < 60 &&
      (m[7] === undefined || (+m[7] < 24 && +m[8] < 60));
  }
  function int32(n) { return Number.isInteger(n) && n >= -2147483648 && n <= 2147483647; }
  function int64(n) { return Number.isInteger(n) && n >= -9223372036854775808 && n <= 9223372036854775807; }
  function keyOf(v) { return typeof v + ':' + (typeof v === 'object' ? JSON.stringify(v) : String(v)); }
  // x-kubernetes-list-type: map. Returns the duplicate entries or null.
  function listMapDuplicates(arr, keys, defaults) {
    if (arr.length < 2) return null;
    const seen = new Map();
    let dups = null;
    outer: for (let i = 0; i < arr.length; i++) {
      const item = arr[i];
      if (item === null || typeof item !== 'object' || Array.isArray(item)) continue;
      let id = '';
      const key = {};
      for (let k = 0; k < keys.length; k++) {
        let v = item[keys[k]];
        if (v === undefined || v === null) v = defaults[k];
        if (v === undefined || v === null) continue outer; // a missing key is reported as "required"
        key[keys[k]] = v;
        id += keyOf(v) + '\u0000';
      }
      const first = seen.get(id);
      if (first === undefined) seen.set(id, i);
      else (dups || (dups = [])).push({ index: i, first, key });
    }
    return dups;
  }
  // x-kubernetes-list-type: set.
  function listSetDuplicates(arr) {
    if (arr.length < 2) return null;
    const seen = new Map();
    let dups = null;
    for (let i = 0; i < arr.length; i++) {
      const id = keyOf(arr[i]);
      const first = seen.get(id);
      if (first === undefined) seen.set(id, i);
      else (dups || (dups = [])).push({ index: i, first });
    }
    return dups;
  }
  // vErrors === null ? errors : vErrors.concat(errors), without copying vErrors
  function appendErrors(all, more) {
    if (all === null) return more;
    for (let i = 0; i < more.length; i++) all.push(more[i]);
    return all;
  }
  function ucs2length(str) {
    const len = str.length;
    let length = 0, pos = 0, value;
    while (pos < len) {
      length++;
      value = str.charCodeAt(pos++);
      if (value >= 0xd800 && value <= 0xdbff && pos < len) {
        value = str.charCodeAt(pos);
        if ((value & 0xfc00) === 0xdc00) pos++;
      }
    }
    return length;
  }
  return { quantity, byte, dateTime, int32, int64, listMapDuplicates, listSetDuplicates, appendErrors, ucs2length };
})();
const __formats = {
  quantity: __k8s.quantity,
  byte: __k8s.byte,
  'date-time': __k8s.dateTime,
  int32: { type: 'number', validate: __k8s.int32 },
  int64: { type: 'number', validate: __k8s.int64 },
};
`;

/** The preamble's objects, for the build-time ajv instance and for tests. */
export function runtimeHelpers() {
  return new Function(`${PREAMBLE}\nreturn { k8s: __k8s, formats: __formats };`)();
}

const COPIED = [
  'enum',
  'pattern',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'multipleOf',
  'required',
];
const IGNORED = new Set([
  'description',
  'default',
  'example',
  'title',
  '$schema',
  '$comment',
  'definitions',
  'discriminator',
  'externalDocs',
  'readOnly',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-patch-strategy',
  'x-kubernetes-patch-merge-key',
  'x-kubernetes-unions',
  'x-kubernetes-group-version-kind',
  'x-kubernetes-int-or-string',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
]);
const KNOWN_FORMATS = new Set(['int32', 'int64', 'byte', 'date-time', 'quantity']);

const refName = (ref) => (ref === '#' ? '#' : ref.replace(/^#\/(definitions|components\/schemas)\//, ''));
const isIntStringPair = (list) =>
  Array.isArray(list) &&
  list.length === 2 &&
  list.every((x) => Object.keys(x).length === 1) &&
  new Set(list.map((x) => x.type)).size === 2 &&
  list.some((x) => x.type === 'string') &&
  list.some((x) => x.type === 'integer' || x.type === 'number');

/**
 * Converts one Kubernetes schema (CRD structural schema or core OpenAPI schema) into the JSON Schema the
 * build-time ajv instance compiles (see the header comment for the mapping).
 */
export class SchemaConverter {
  /**
   * @param {object} opts
   * @param {'crd'|'k8s'} opts.origin
   * @param {Record<string, object>} opts.definitions source definitions ($ref targets), incl. ObjectMeta's
   */
  constructor({ origin, definitions }) {
    this.origin = origin;
    this.sourceDefs = definitions;
    this.defs = {};
    this.notes = new Set();
  }

  convertRoot(root) {
    const out = this.convert(root, {
      origin: this.origin,
      root: true,
      loose: false,
      prop: undefined,
      mapOf: undefined,
    });
    if (Object.keys(this.defs).length > 0) out.definitions = this.defs;
    return out;
  }

  resolve(s) {
    let cur = s;
    for (let i = 0; i < 8 && cur; i++) {
      if (cur.$ref) cur = this.sourceDefs[refName(cur.$ref)];
      else if (Array.isArray(cur.allOf) && cur.allOf.length === 1 && cur.allOf[0].$ref) cur = cur.allOf[0];
      else return cur;
    }
    return cur;
  }

  ref(name, loose) {
    if (name === QUANTITY_REF) return { type: ['string', 'number'], format: 'quantity' };
    if (name === INT_OR_STRING_REF) return { type: ['integer', 'string'] };
    const outName = loose ? `${name}~lenient` : name;
    if (!(outName in this.defs)) {
      const src = this.sourceDefs[name];
      if (!src) throw new Error(`dangling $ref ${name}`);
      this.defs[outName] = {}; // placeholder: recursion
      this.defs[outName] = this.convert(src, {
        origin: 'k8s',
        root: false,
        loose,
        prop: undefined,
        mapOf: undefined,
      });
    }
    return { $ref: `#/definitions/${outName}` };
  }

  /** A property typed as ObjectMeta. (A null property value is pruned by the API server, nullable or not.) */
  objectMeta(lenient) {
    return this.ref(OBJECT_META_REF, lenient);
  }

  /** ctx: { origin, root, loose, prop (property name holding s), mapOf (map property holding s), junctor } */
  convert(s, ctx) {
    if (s === true || s === false) return s;
    if (typeof s !== 'object' || s === null) throw new Error(`bad schema node ${JSON.stringify(s)}`);
    if (s.$ref) {
      if (s.$ref === '#') return { $ref: '#' };
      return this.ref(refName(s.$ref), ctx.loose);
    }
    const validationKeys = Object.keys(s).filter((k) => !IGNORED.has(k));
    if (
      Array.isArray(s.allOf) &&
      s.allOf.length === 1 &&
      s.allOf[0].$ref &&
      validationKeys.every((k) => k === 'allOf' || k === 'nullable')
    ) {
      const inner = this.convert(s.allOf[0], ctx);
      return s.nullable === true ? { anyOf: [{ type: 'null' }, inner] } : inner;
    }

    const out = {};
    let types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? [...s.type] : undefined;
    const intOrString = s['x-kubernetes-int-or-string'] === true || s.format === 'int-or-string';
    const intOrStringPair = isIntStringPair(s.anyOf)
      ? 'anyOf'
      : isIntStringPair(s.oneOf)
        ? 'oneOf'
        : undefined;
    if (intOrString) {
      types = ['integer', 'string'];
      if ((s.anyOf || s.oneOf) && !intOrStringPair)
        throw new Error(`int-or-string with unexpected anyOf/oneOf`);
    }
    const quantity =
      s.format === 'quantity' ||
      (intOrString &&
        (s.pattern === CRD_QUANTITY_PATTERN || (ctx.mapOf !== undefined && QUANTITY_MAPS.has(ctx.mapOf))));
    if (quantity) out.format = 'quantity';

    for (const k of COPIED) {
      if (s[k] === undefined) continue;
      if (k === 'pattern' && quantity && s.pattern === CRD_QUANTITY_PATTERN) continue; // subsumed by format: quantity
      out[k] = Array.isArray(s[k]) ? [...s[k]] : s[k];
    }
    // OpenAPI 3.0 boolean exclusiveMinimum/Maximum.
    if (s.exclusiveMinimum === true && s.minimum !== undefined) {
      out.exclusiveMinimum = s.minimum;
      delete out.minimum;
    }
    if (s.exclusiveMaximum === true && s.maximum !== undefined) {
      out.exclusiveMaximum = s.maximum;
      delete out.maximum;
    }
    if (typeof s.format === 'string' && !quantity && s.format !== 'int-or-string') {
      if (KNOWN_FORMATS.has(s.format)) out.format = s.format;
      else this.notes.add(`format "${s.format}" not checked`);
    }

    const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
    const embedded = s['x-kubernetes-embedded-resource'] === true;
    const objectish =
      s.type === 'object' || s.properties !== undefined || s.additionalProperties !== undefined || embedded;
    const childCtx = {
      origin: ctx.origin,
      root: false,
      loose: ctx.loose,
      prop: undefined,
      mapOf: undefined,
      junctor: ctx.junctor,
    };

    if (s.properties || embedded) {
      out.properties = {};
      for (const [k, v] of Object.entries(s.properties || {})) {
        const metaLike = k === 'metadata' && !v.properties && !v.$ref && !v.allOf && !ctx.junctor;
        if (
          metaLike &&
          ctx.origin === 'crd' &&
          (ctx.root || embedded) &&
          !v['x-kubernetes-preserve-unknown-fields']
        ) {
          out.properties[k] = this.objectMeta(false);
        } else if (metaLike && v['x-kubernetes-preserve-unknown-fields'] === true) {
          out.properties[k] = this.objectMeta(true);
        } else {
          out.properties[k] = this.convert(v, { ...childCtx, prop: k });
        }
      }
      // the API server gives every custom resource ObjectMeta, declared or not (older controller-gen
      // CRDs, e.g. external-snapshotter's VolumeSnapshot, leave it out)
      if (ctx.root && ctx.origin === 'crd') out.properties.metadata ??= this.objectMeta(false);
      if (embedded) {
        out.properties.apiVersion ??= { type: 'string' };
        out.properties.kind ??= { type: 'string' };
        out.properties.metadata ??= this.objectMeta(false);
        out.required = [...new Set([...(out.required || []), 'apiVersion', 'kind'])];
      }
    }
    if (s.additionalProperties !== undefined) {
      if (s.additionalProperties === false) out.additionalProperties = false;
      else if (s.additionalProperties !== true) {
        out.additionalProperties = this.convert(s.additionalProperties, { ...childCtx, mapOf: ctx.prop });
      }
    } else if (
      objectish &&
      !preserve &&
      !ctx.loose &&
      !ctx.junctor &&
      (ctx.origin === 'crd' || s.properties)
    ) {
      // Structural: a field not declared here is unknown (pruned by the API server).
      out.additionalProperties = false;
    }
    if (s.items !== undefined) {
      if (Array.isArray(s.items)) throw new Error('tuple items are not supported');
      out.items = this.convert(s.items, childCtx);
      const listType = s['x-kubernetes-list-type'];
      if (listType === 'map') {
        const keys = s['x-kubernetes-list-map-keys'];
        if (!Array.isArray(keys) || keys.length === 0) throw new Error('list-type map without list-map-keys');
        const item = this.resolve(s.items);
        const defaults = keys.map((key) => {
          const ks =
            item && item.properties && item.properties[key] ? this.resolve(item.properties[key]) : undefined;
          const prop = item?.properties?.[key];
          const d = prop?.default !== undefined ? prop.default : ks?.default;
          return d === undefined ? null : d;
        });
        out.k8sListMap = { keys, defaults };
      } else if (listType === 'set') {
        out.k8sListSet = true;
      }
    }
    for (const j of ['anyOf', 'oneOf', 'allOf']) {
      if (s[j] === undefined || j === intOrStringPair) continue;
      out[j] = s[j].map((x) => this.convert(x, { ...childCtx, junctor: true }));
    }
    if (s.not !== undefined) out.not = this.convert(s.not, { ...childCtx, junctor: true });

    for (const k of validationKeys) {
      if (
        !(k in out) &&
        !COPIED.includes(k) &&
        ![
          'type',
          'format',
          'properties',
          'additionalProperties',
          'items',
          'anyOf',
          'oneOf',
          'allOf',
          'not',
          'nullable',
          'exclusiveMinimum',
          'exclusiveMaximum',
        ].includes(k)
      ) {
        this.notes.add(`keyword "${k}" ignored`);
      }
    }

    if (s.nullable === true) {
      if (types) {
        if (!types.includes('null')) types.push('null');
        if (out.enum && !out.enum.includes(null)) out.enum.push(null);
      } else {
        const inner = { ...out };
        for (const k of Object.keys(out)) delete out[k];
        out.anyOf = [{ type: 'null' }, inner];
      }
    }
    if (types) out.type = types.length === 1 ? types[0] : types;
    // Keep `type` first for readability of the converted schema.
    return out.type !== undefined ? { type: out.type, ...out } : out;
  }
}

function loadJson(rel) {
  return JSON.parse(readFileSync(join(ROOT, 'schemas', rel), 'utf8'));
}

/** The schema file of a kind (for a per-release kind: of that release, default the newest). */
export function schemaFile(kind, release = RELEASES[RELEASES.length - 1]) {
  const entry = KINDS[kind];
  if (!entry) throw new Error(`unknown kind ${kind}`);
  return entry[0].replace('{release}', release);
}

/** Whether a kind has one schema per KubeVirt release. */
export const perRelease = (kind) => KINDS[kind][0].includes('{release}');

/** Returns the ajv-ready schema for a kind (of a release, default the newest), plus conversion notes. */
export function convertKind(kind, release) {
  const file = schemaFile(kind, release);
  const origin = KINDS[kind][1];
  const schema = loadJson(file);
  const objectMeta = loadJson('kubernetes/objectmeta.json');
  const { definitions: metaDefs, $schema: _s, $comment: _c, ...metaRoot } = objectMeta;
  const definitions = { ...metaDefs, [OBJECT_META_REF]: metaRoot, ...(schema.definitions || {}) };
  const conv = new SchemaConverter({ origin, definitions });
  return { schema: conv.convertRoot(schema), notes: [...conv.notes] };
}

/** Custom keywords (code-generating, so they survive standalone compilation). */
export function customKeywords() {
  return [
    {
      keyword: 'k8sListMap',
      type: 'array',
      schemaType: 'object',
      error: { message: 'duplicate entries', params: ({ params }) => _`{duplicates: ${params.dups}}` },
      code(cxt) {
        const { gen, data, schema } = cxt;
        const fn = gen.scopeValue('func', {
          ref: runtimeHelpers().k8s.listMapDuplicates,
          code: new _Code('__k8s.listMapDuplicates'),
        });
        const dups = gen.const(
          'dups',
          _`${fn}(${data}, ${stringify(schema.keys)}, ${stringify(schema.defaults)})`,
        );
        cxt.setParams({ dups });
        cxt.fail(_`${dups} !== null`);
      },
    },
    {
      keyword: 'k8sListSet',
      type: 'array',
      schemaType: 'boolean',
      error: { message: 'duplicate values', params: ({ params }) => _`{duplicates: ${params.dups}}` },
      code(cxt) {
        const { gen, data, schema } = cxt;
        if (!schema) return;
        const fn = gen.scopeValue('func', {
          ref: runtimeHelpers().k8s.listSetDuplicates,
          code: new _Code('__k8s.listSetDuplicates'),
        });
        const dups = gen.const('dups', _`${fn}(${data})`);
        cxt.setParams({ dups });
        cxt.fail(_`${dups} !== null`);
      },
    },
  ];
}

/** A fresh ajv instance configured like the build (standalone ESM code, all errors, no messages). */
export function createAjv({ source = true } = {}) {
  const { formats } = runtimeHelpers();
  return new Ajv({
    allErrors: true,
    strict: false,
    allowUnionTypes: true,
    messages: false,
    // one function per definition (see hoistObjectSchemas)
    inlineRefs: false,
    formats,
    keywords: customKeywords(),
    code: source ? { source: true, esm: true, lines: false, formats: new _Code('__formats') } : {},
  });
}

/**
 * Moves every object schema with properties below the root into `definitions`, referenced by `$ref`: ajv
 * then generates one function per such schema instead of one function for the whole document. A function
 * that large (a CRD's is a quarter of a megabyte) is never optimised by V8; small ones are, while a run
 * still has documents to validate. Errors keep their instancePath (the runtime reads nothing else).
 */
export function hoistObjectSchemas(schema) {
  const definitions = { ...(schema.definitions ?? {}) };
  let count = 0;
  const visit = (node, depth) => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((item) => visit(item, depth));
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'definitions' && depth === 0) continue;
      if ((key === 'properties' || key === 'patternProperties') && value && typeof value === 'object') {
        out[key] = Object.fromEntries(
          Object.entries(value).map(([name, sub]) => [name, hoisted(sub, depth + 1)]),
        );
      } else if (key === 'items' || key === 'additionalProperties') {
        out[key] = hoisted(value, depth + 1);
      } else {
        out[key] = visit(value, depth + 1);
      }
    }
    return out;
  };
  const hoisted = (sub, depth) => {
    const converted = visit(sub, depth);
    if (
      converted &&
      typeof converted === 'object' &&
      !Array.isArray(converted) &&
      converted.properties &&
      !converted.$ref
    ) {
      const name = `hoisted${count++}`;
      definitions[name] = converted;
      return { $ref: `#/definitions/${name}` };
    }
    return converted;
  };
  const root = visit(schema, 0);
  for (const [name, def] of Object.entries(schema.definitions ?? {})) definitions[name] = visit(def, 1);
  return { ...root, definitions };
}

/** Compiles a kind to the text of its standalone ES module. */
export function buildModule(kind, release) {
  const converted = convertKind(kind, release);
  const notes = converted.notes;
  const schema = hoistObjectSchemas(converted.schema);
  const ajv = createAjv();
  const validate = ajv.compile(schema);
  let code = standaloneCode(ajv, validate);
  const header = /^"use strict";\s*export const validate = (\w+);\s*export default \w+;\s*/;
  const m = header.exec(code);
  if (!m) throw new Error(`${kind}: unexpected standalone code header`);
  const fnName = m[1];
  code = code.slice(m[0].length);
  code = code.replaceAll('require("ajv/dist/runtime/ucs2length").default', '__k8s.ucs2length');
  if (/\brequire\(/.test(code))
    throw new Error(
      `${kind}: generated code still has a runtime require(): ${/require\([^)]*\)/.exec(code)[0]}`,
    );
  // ajv merges a called validator's errors with concat, which copies every error so far at each call: a list
  // of n invalid items costs n^2. Append in place instead (the callee's array is never read again).
  code = code.replace(
    /vErrors = vErrors === null \? (\w+)\.errors : vErrors\.concat\(\1\.errors\);/g,
    'vErrors = __k8s.appendErrors(vErrors, $1.errors);',
  );
  if (code.includes('.concat(')) throw new Error(`${kind}: generated code still merges errors with concat`);
  // The runtime never reads schemaPath: drop it (a quarter of the code).
  code = code.replace(/schemaPath:"(?:[^"\\]|\\.)*",/g, '');
  code = pruneSchemaConstants(code);
  const text = `"use strict";\n${PREAMBLE.trim()}\n${code}\nexport default ${fnName};\n`;
  return { text, notes };
}

/** End index (exclusive) of the JSON value starting at `start` in `text`. */
function jsonEnd(text, start) {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    } else if (depth === 0 && (c === ';' || c === ',')) return i;
  }
  throw new Error('unterminated JSON in generated code');
}

/**
 * Standalone code declares `const schemaN = <whole JSON schema>` for every schema it compiled, but reads
 * only a few paths of them (`schemaN.properties` for own-property checks, `.type` for error params).
 * Drops the unused constants and cuts the used ones down to the paths that are read.
 */
export function pruneSchemaConstants(code) {
  const decl = /const (schema\d+) = /g;
  const decls = [];
  for (let m; (m = decl.exec(code));) {
    const valueStart = m.index + m[0].length;
    const valueEnd = jsonEnd(code, valueStart);
    decls.push({
      name: m[1],
      start: m.index,
      valueStart,
      valueEnd,
      end: code[valueEnd] === ';' ? valueEnd + 1 : valueEnd,
    });
  }
  const access = /\b(schema\d+)((?:\.[A-Za-z_$][\w$]*|\[(?:"(?:[^"\\]|\\.)*"|\d+)\])*)/g;
  const uses = new Map();
  for (let m; (m = access.exec(code));) {
    const d = decls.find((x) => x.name === m[1] && x.start <= m.index && m.index < x.valueStart);
    if (d) continue; // the declaration itself
    const path = [];
    for (const seg of m[2].matchAll(/\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*"|\d+)\]/g)) {
      path.push(seg[1] !== undefined ? seg[1] : JSON.parse(seg[2]));
    }
    if (!uses.has(m[1])) uses.set(m[1], []);
    uses.get(m[1]).push(path);
  }
  let out = '';
  let pos = 0;
  for (const d of decls) {
    out += code.slice(pos, d.start);
    pos = d.end;
    const paths = uses.get(d.name);
    if (!paths) continue;
    const value = JSON.parse(code.slice(d.valueStart, d.valueEnd));
    out += `const ${d.name} = ${JSON.stringify(pick(value, paths))};`;
  }
  return out + code.slice(pos);
}

/** The parts of `value` reached by `paths`; a path ending at an object keeps its keys (values dropped). */
function pick(value, paths) {
  if (paths.some((p) => p.length === 0)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const shallow = Object.create(null);
    for (const k of Object.keys(value)) shallow[k] = 0;
    const deeper = paths.filter((p) => p.length > 0);
    return deeper.length > 0 ? { ...shallow, ...pick(value, deeper) } : shallow;
  }
  const byHead = new Map();
  for (const p of paths) {
    if (!byHead.has(p[0])) byHead.set(p[0], []);
    byHead.get(p[0]).push(p.slice(1));
  }
  const out = Array.isArray(value) ? [] : {};
  for (const [head, rest] of byHead) out[head] = pick(value[head], rest);
  return out;
}

async function loadMinifier() {
  try {
    const esbuild = await import('esbuild');
    return (text) =>
      esbuild.transformSync(text, { minify: true, format: 'esm', target: 'node20', charset: 'utf8' }).code;
  } catch {
    return undefined; // esbuild is a devDependency: without it the validators are just larger
  }
}

async function main() {
  const outDir = join(ROOT, 'dist', 'validators');
  const only = process.argv.slice(2);
  const minify = await loadMinifier();
  let total = 0;
  const t0 = Date.now();
  for (const kind of Object.keys(KINDS)) {
    if (only.length > 0 && !only.includes(kind)) continue;
    for (const release of perRelease(kind) ? RELEASES : [undefined]) {
      const { text, notes } = buildModule(kind, release);
      const header = `// Generated by scripts/build-validators.mjs from schemas/${schemaFile(kind, release)}; do not edit.\n`;
      const dir = release ? join(outDir, release) : outDir;
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${kind}.js`);
      writeFileSync(file, header + (minify ? minify(text) : text));
      const size = statSync(file).size;
      total += size;
      const noteText = notes.length > 0 ? ` (${notes.join('; ')})` : '';
      console.log(
        `validators: ${release ? `${release}/` : ''}${kind}.js ${(size / 1024).toFixed(0)} KiB${noteText}`,
      );
    }
  }
  console.log(
    `validators: ${(total / 1024).toFixed(0)} KiB in dist/validators${minify ? ' (minified)' : ''}, ${Date.now() - t0} ms`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
