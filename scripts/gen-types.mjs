// Generates src/types/kubevirt.generated.ts (the TypeScript types of the KubeVirt kinds) from the CRD schemas
// committed under schemas/kubevirt/<TYPES_RELEASE>/, with json-schema-to-typescript. Run by `npm run generate`
// (scripts/generate.mjs); `node scripts/gen-types.mjs` alone rewrites the file in place.
import { compile } from 'json-schema-to-typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatGenerated, ROOT } from './format-generated.mjs';

export const TYPES_OUTPUT = 'src/types/kubevirt.generated.ts';
/**
 * The release whose schemas the types are made from: the newest (the API only grows; a field a newer release
 * made optional, such as a device's deviceName in v1.9.0, is optional in the types for every release).
 * Adding a newer release: move this to it (docs/RELEASES.md).
 */
export const TYPES_RELEASE = 'v1.9.0';

const NAMES = {
  virtualmachineinstance: 'VirtualMachineInstance',
  virtualmachine: 'VirtualMachine',
  kubevirt: 'KubeVirt',
  virtualmachineinstancetype: 'VirtualMachineInstancetype',
  virtualmachinepreference: 'VirtualMachinePreference',
};

function fix(s) {
  if (s && typeof s === 'object') {
    if (Array.isArray(s)) return s.map(fix);
    const o = {};
    for (const [k, v] of Object.entries(s)) {
      if (k === 'description') continue;
      o[k] = fix(v);
    }
    if (o['x-kubernetes-int-or-string']) {
      delete o.anyOf;
      delete o.type;
      o.tsType = 'number | string';
    }
    if (o['x-kubernetes-preserve-unknown-fields'] && !o.properties) o.tsType = 'Record<string, unknown>';
    if (o.type === 'object' && !o.properties && !o.additionalProperties && !o.tsType) {
      o.tsType = 'Record<string, unknown>';
    }
    if (o.type === 'object' && o.properties) o.additionalProperties = false;
    return o;
  }
  return s;
}

/** The text of src/types/kubevirt.generated.ts, formatted. */
export async function kubevirtTypes() {
  const header = `// Generated from schemas/kubevirt/${TYPES_RELEASE}/*.json by scripts/gen-types.mjs (npm run generate). Do not edit.\n/* eslint-disable */\n`;
  let out = header;
  for (const [file, name] of Object.entries(NAMES)) {
    const schema = fix(
      JSON.parse(readFileSync(join(ROOT, 'schemas', 'kubevirt', TYPES_RELEASE, `${file}.json`), 'utf8')),
    );
    schema.properties.metadata = { tsType: "import('kubernetes-types/meta/v1.js').ObjectMeta" };
    schema.title = name;
    const ts = await compile(schema, name, {
      bannerComment: '',
      additionalProperties: false,
      unreachableDefinitions: false,
      strictIndexSignatures: false,
      format: false,
    });
    out += ts + '\n';
  }
  return formatGenerated(out, TYPES_OUTPUT);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(join(ROOT, TYPES_OUTPUT), await kubevirtTypes());
  console.log(`wrote ${TYPES_OUTPUT}`);
}
