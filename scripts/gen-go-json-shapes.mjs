#!/usr/bin/env node
// Generates src/util/go/json-shapes-<release>.generated.ts: for every struct of KubeVirt's core/v1 API (the Go
// source of that release) and every Kubernetes core/v1 and meta/v1 struct they use (tolerations, affinity,
// DNS config, probe actions, label selectors, as vendored at that tag), the JSON fields with enough type
// information to replay encoding/json's decode+encode round trip (omitempty zero values dropped,
// non-omitempty zero scalars emitted, quantities re-printed, unknown fields dropped). One table per reproduced release (src/util/go/json-round-trip.ts picks
// it by config.release).
//
// Its input is upstream source, which the repository does not hold (~0.5 MB of Go per release): the table of a
// release is regenerated from a kubevirt/kubevirt clone or bare mirror given as an argument, either directly or
// as part of `npm run generate -- --kubevirt-git <repo>` (scripts/generate.mjs, which does every release):
//
//   node scripts/gen-go-json-shapes.mjs v1.9.0 --git <kubevirt clone or mirror>    # git show v1.9.0:...
//   node scripts/gen-go-json-shapes.mjs v1.9.0 <dir holding types.go, schema.go, k8s-core-v1-types.go and
//                                                k8s-meta-v1-types.go>
//
// The output is written formatted (prettier). A new release also needs its table registered in
// src/util/go/json-round-trip.ts (SHAPES).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatGenerated, ROOT } from './format-generated.mjs';

const CORE_V1 = 'staging/src/kubevirt.io/api/core/v1';
const CORE_V1_FILES = ['types.go', 'schema.go'];
// The Kubernetes API types KubeVirt's structs embed (tolerations, affinity, DNS config, probe actions, label
// selectors, ...), as vendored at the same tag: their JSON tags say what the round trip drops and keeps too.
const K8S_FILES = {
  core: 'vendor/k8s.io/api/core/v1/types.go',
  meta: 'vendor/k8s.io/apimachinery/pkg/apis/meta/v1/types.go',
};
// the same files in a directory (the `CORE_V1_DIR` form): types.go, schema.go and these
const K8S_DIR_FILES = { core: 'k8s-core-v1-types.go', meta: 'k8s-meta-v1-types.go' };

/** The repository path of a release's table. */
export const shapesOutput = (release) => `src/util/go/json-shapes-${release}.generated.ts`;

/**
 * The Go sources the table is made from, read with `git show <release>:...` from a clone or a bare mirror:
 * `{ kubevirt: [types.go, schema.go], core, meta }` (the vendored Kubernetes core/v1 and meta/v1 types.go).
 */
export function coreV1FromGit(repo, release) {
  const show = (path) =>
    execFileSync('git', ['-C', repo, 'show', `${release}:${path}`], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  return {
    kubevirt: CORE_V1_FILES.map((file) => show(`${CORE_V1}/${file}`)),
    core: show(K8S_FILES.core),
    meta: show(K8S_FILES.meta),
  };
}

/** The same files from a directory. */
export const coreV1FromDir = (dir) => ({
  kubevirt: CORE_V1_FILES.map((file) => readFileSync(join(dir, file), 'utf8')),
  core: readFileSync(join(dir, K8S_DIR_FILES.core), 'utf8'),
  meta: readFileSync(join(dir, K8S_DIR_FILES.meta), 'utf8'),
});

/** A Go file's named scalar types (`type X string`) and struct bodies (`type X struct { ... }`). */
function parseGo(sources) {
  const named = new Map();
  const structs = new Map();
  for (const src of sources) {
    for (const m of src.matchAll(
      /^type ([A-Za-z0-9_]+) (string|bool|u?int(?:8|16|32|64)?|float(?:32|64))\s*$/gm,
    )) {
      named.set(m[1], m[2]);
    }
    const lines = src.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const m = /^type ([A-Za-z0-9_]+) struct\s*\{\s*(\})?\s*$/.exec(lines[i]);
      if (!m) continue;
      const body = [];
      if (!m[2]) {
        for (i++; i < lines.length && lines[i] !== '}'; i++) body.push(lines[i]);
      }
      structs.set(m[1], body);
    }
  }
  return { named, structs };
}

/** The text of a release's table, formatted. */
export async function goJsonShapes(release, files) {
  const exportName = `GO_JSON_SHAPES_${release.replaceAll('.', '_').toUpperCase()}`;
  const scalarKinds = { string: 's', bool: 'b' };
  const numeric = /^(u?int(8|16|32|64)?|float(32|64)|byte|uintptr)$/;
  // KubeVirt's structs keep their bare names as table keys; a Kubernetes struct is `core.X` or `meta.X`
  const packages = {
    kubevirt: { ...parseGo(files.kubevirt), key: (name) => name },
    core: { ...parseGo([files.core]), key: (name) => `core.${name}` },
    meta: { ...parseGo([files.meta]), key: (name) => `meta.${name}` },
  };
  // the import names each package's files use for the others
  const imports = {
    kubevirt: { k8sv1: 'core', v1: 'core', metav1: 'meta' },
    core: { metav1: 'meta' },
    meta: {},
  };

  // External types that appear in the structs, by the name they are written with, and what they are.
  const external = {
    'resource.Quantity': 'q',
    'k8sv1.ResourceList': 'ql',
    'v1.ResourceList': 'ql',
    ResourceList: 'ql', // in core/v1 itself
    'types.UID': 's',
    'metav1.ObjectMeta': 'meta',
    // opaque, as encoded by their own MarshalJSON
    'metav1.Time': 'o',
    'metav1.Duration': 'o',
    'intstr.IntOrString': 'o',
  };
  const externalStructs = {
    'metav1.TypeMeta': { apiVersion: 's?', kind: 's?' },
    'v1.LocalObjectReference': { name: 's?' },
    'v1.PersistentVolumeClaimVolumeSource': { claimName: 's', readOnly: 'b?' },
  };

  const wanted = []; // Kubernetes structs referred to, to add to the table: [package, name]
  function kindOf(type, pkg) {
    if (type.startsWith('*')) {
      const k = kindOf(type.slice(1), pkg);
      return k === 'o' ? 'o' : `*${k}`;
    }
    if (type.startsWith('[]')) return `[]${kindOf(type.slice(2), pkg)}`;
    if (type.startsWith('map[')) return `{}${kindOf(type.slice(type.indexOf(']') + 1), pkg)}`;
    if (scalarKinds[type]) return scalarKinds[type];
    if (numeric.test(type)) return 'n';
    if (external[type]) return external[type];
    const dot = type.indexOf('.');
    const home = dot < 0 ? pkg : imports[pkg][type.slice(0, dot)];
    const name = dot < 0 ? type : type.slice(dot + 1);
    const source = home && packages[home];
    if (source?.named.has(name)) return scalarKinds[source.named.get(name)] ?? 'n';
    if (source?.structs.has(name)) {
      if (home !== 'kubevirt') wanted.push([home, name]);
      return source.key(name);
    }
    if (process.env.DEBUG) console.error('opaque:', type);
    return 'o';
  }

  function shapeOf(pkg, body) {
    const fields = {};
    const inline = [];
    for (const raw of body) {
      const line = raw.replace(/\/\/.*$/, '').trim();
      if (!line) continue;
      const tag = /`.*json:"([^"]*)".*`/.exec(line);
      const decl = line.replace(/`.*`/, '').trim().split(/\s+/);
      if (!tag) {
        if (decl.length === 1 && decl[0]) inline.push(decl[0]); // untagged embedding
        continue;
      }
      const [jsonName, ...opts] = tag[1].split(',');
      if (jsonName === '-') continue;
      if (decl.length === 1 && (opts.includes('inline') || jsonName === '')) {
        inline.push(decl[0]); // embedded and inlined
        continue;
      }
      const type = decl.length === 1 ? decl[0] : decl.slice(1).join(' '); // an embedded struct with a JSON name
      fields[jsonName] = kindOf(type, pkg) + (opts.includes('omitempty') ? '?' : '');
    }
    const entry = { ...fields };
    // an embedded pointer (`*ClaimRequest` inline) promotes its fields like an embedded struct, and is
    // marked (`...*ClaimRequest`): decoding any of them, even a zero value, allocates it
    for (const embedded of inline) {
      const pointer = embedded.startsWith('*');
      const t = embedded.replace(/^\*/, '');
      if (externalStructs[t]) {
        Object.assign(entry, externalStructs[t]);
        continue;
      }
      const kind = kindOf(t, pkg);
      entry[kind === 'o' ? '...?' : `...${pointer ? '*' : ''}${kind}`] = kind === 'o' ? t : 'inline';
    }
    return entry;
  }

  const table = {};
  for (const [name, body] of packages.kubevirt.structs) table[name] = shapeOf('kubevirt', body);
  // the Kubernetes structs reachable from KubeVirt's, and from those
  while (wanted.length > 0) {
    const [pkg, name] = wanted.pop();
    const key = packages[pkg].key(name);
    // (a struct that refers to itself is queued again, and skipped here)
    if (table[key] === undefined) table[key] = shapeOf(pkg, packages[pkg].structs.get(name));
  }

  const header = [
    `// GENERATED by scripts/gen-go-json-shapes.mjs from KubeVirt ${release} ${CORE_V1}`,
    '// (types.go, schema.go) and the Kubernetes types it uses:',
    `// ${K8S_FILES.core}, ${K8S_FILES.meta}.`,
    '// Do not edit by hand: npm run generate -- --kubevirt-git <kubevirt repo>.',
    '// Field kinds: s string, b bool, n number, q resource.Quantity, ql ResourceList, o opaque (kept as is),',
    '// meta ObjectMeta (opaque, but always present),',
    '// <Struct> a struct (core.X, meta.X: Kubernetes core/v1, meta/v1), *X pointer, []X slice, {}X map; a',
    "// trailing '?' marks omitempty; '...<Struct>' inlines ('...*<Struct>': an embedded pointer).",
    '',
  ].join('\n');
  return formatGenerated(
    `${header}` +
      "/** The table, made when first asked for (a run uses one release's). */\n" +
      `export const ${exportName} = (): Record<string, Record<string, string>> => (${JSON.stringify(table, null, 2)});\n`,
    shapesOutput(release),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [release, source, third, fourth] = process.argv.slice(2);
  const git = source === '--git';
  if (!/^v\d+\.\d+\.\d+$/.test(release ?? '') || !source || (git && !third)) {
    console.error(
      'usage: gen-go-json-shapes.mjs RELEASE (--git KUBEVIRT_REPO | CORE_V1_DIR) [OUT]  (RELEASE like v1.9.0)',
    );
    process.exit(2);
  }
  const files = git ? coreV1FromGit(third, release) : coreV1FromDir(source);
  const out = (git ? fourth : third) ?? join(ROOT, shapesOutput(release));
  writeFileSync(out, await goJsonShapes(release, files));
  console.log(`wrote ${out}`);
}
