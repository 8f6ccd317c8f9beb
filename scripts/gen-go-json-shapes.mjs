#!/usr/bin/env node
// Generates src/util/go/json-shapes-<release>.generated.ts: for every struct of KubeVirt's core/v1 API (the Go
// source of that release), the JSON fields with enough type information to replay encoding/json's
// decode+encode round trip (omitempty zero values dropped, non-omitempty zero scalars emitted, quantities
// re-printed, unknown fields dropped). One table per reproduced release (src/util/go/json-round-trip.ts picks
// it by config.release).
//
// Its input is upstream source, which the repository does not hold (~0.5 MB of Go per release): the table of a
// release is regenerated from a kubevirt/kubevirt clone or bare mirror given as an argument, either directly or
// as part of `npm run generate -- --kubevirt-git <repo>` (scripts/generate.mjs, which does every release):
//
//   node scripts/gen-go-json-shapes.mjs v1.9.0 --git <kubevirt clone or mirror>    # git show v1.9.0:...
//   node scripts/gen-go-json-shapes.mjs v1.9.0 <dir holding types.go and schema.go>
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

/** The repository path of a release's table. */
export const shapesOutput = (release) => `src/util/go/json-shapes-${release}.generated.ts`;

/** The Go sources the table is made from, read with `git show <release>:...` from a clone or a bare mirror. */
export function coreV1FromGit(repo, release) {
  return CORE_V1_FILES.map((file) =>
    execFileSync('git', ['-C', repo, 'show', `${release}:${CORE_V1}/${file}`], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
}

/** The same files from a directory. */
export const coreV1FromDir = (dir) => CORE_V1_FILES.map((file) => readFileSync(join(dir, file), 'utf8'));

/** The text of a release's table, formatted. */
export async function goJsonShapes(release, files) {
  const exportName = `GO_JSON_SHAPES_${release.replaceAll('.', '_').toUpperCase()}`;
  const scalarKinds = { string: 's', bool: 'b' };
  const numeric = /^(u?int(8|16|32|64)?|float(32|64)|byte|uintptr)$/;
  const named = new Map(); // type X string|bool|int...
  const structs = new Map(); // name -> lines

  for (const src of files) {
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

  // External types that appear in core/v1 structs.
  const external = {
    'resource.Quantity': 'q',
    'k8sv1.ResourceList': 'ql',
    'v1.ResourceList': 'ql',
    'types.UID': 's',
    'metav1.ObjectMeta': 'meta',
    'k8sv1.PullPolicy': 's',
    'k8sv1.ConditionStatus': 's',
    'k8sv1.PersistentVolumeMode': 's',
    'k8sv1.DNSPolicy': 's',
    'k8sv1.PodQOSClass': 's',
    'v1.PullPolicy': 's',
  };
  const externalStructs = {
    'metav1.TypeMeta': { apiVersion: 's?', kind: 's?' },
    'v1.LocalObjectReference': { name: 's?' },
    'v1.PersistentVolumeClaimVolumeSource': { claimName: 's', readOnly: 'b?' },
  };

  function kindOf(type) {
    if (type.startsWith('*')) {
      const k = kindOf(type.slice(1));
      return k === 'o' ? 'o' : `*${k}`;
    }
    if (type.startsWith('[]')) return `[]${kindOf(type.slice(2))}`;
    if (type.startsWith('map[')) return `{}${kindOf(type.slice(type.indexOf(']') + 1))}`;
    if (scalarKinds[type]) return scalarKinds[type];
    if (numeric.test(type)) return 'n';
    if (named.has(type)) return scalarKinds[named.get(type)] ?? 'n';
    if (external[type]) return external[type];
    if (structs.has(type)) return type;
    if (process.env.DEBUG) console.error('opaque:', type);
    return 'o';
  }

  const table = {};
  for (const [name, body] of structs) {
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
      fields[jsonName] = kindOf(type) + (opts.includes('omitempty') ? '?' : '');
    }
    const entry = { ...fields };
    if (inline.length) {
      // an embedded pointer (`*ClaimRequest` inline) promotes its fields like an embedded struct
      for (const t of inline.map((embedded) => embedded.replace(/^\*/, ''))) {
        if (externalStructs[t]) Object.assign(entry, externalStructs[t]);
        else if (structs.has(t)) entry[`...${t}`] = 'inline';
        else entry['...?'] = t;
      }
    }
    table[name] = entry;
  }

  const header = [
    `// GENERATED by scripts/gen-go-json-shapes.mjs from KubeVirt ${release} ${CORE_V1}`,
    '// (types.go, schema.go). Do not edit by hand: npm run generate -- --kubevirt-git <kubevirt repo>.',
    '// Field kinds: s string, b bool, n number, q resource.Quantity, ql ResourceList, o opaque (kept as is),',
    '// meta ObjectMeta (opaque, but always present),',
    "// <Struct> a struct, *X pointer, []X slice, {}X map; a trailing '?' marks omitempty; '...<Struct>' inlines.",
    '',
  ].join('\n');
  return formatGenerated(
    `${header}` +
      '/** The table, made when first asked for (a run uses one release\'s). */\n' +
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
