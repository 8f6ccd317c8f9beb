import { compile } from 'json-schema-to-typescript';
import { readFileSync, writeFileSync } from 'node:fs';
const names = { virtualmachineinstance: 'VirtualMachineInstance', virtualmachine: 'VirtualMachine', kubevirt: 'KubeVirt', virtualmachineinstancetype: 'VirtualMachineInstancetype', virtualmachinepreference: 'VirtualMachinePreference' };
function fix(s) {
  if (s && typeof s === 'object') {
    if (Array.isArray(s)) return s.map(fix);
    const o = {};
    for (const [k, v] of Object.entries(s)) {
      if (k === 'description') continue;
      o[k] = fix(v);
    }
    if (o['x-kubernetes-int-or-string']) { delete o.anyOf; o.type = undefined; delete o.type; o.tsType = 'number | string'; }
    if (o['x-kubernetes-preserve-unknown-fields'] && !o.properties) { o.tsType = 'Record<string, unknown>'; }
    if (o.type === 'object' && !o.properties && !o.additionalProperties && !o.tsType) { o.tsType = 'Record<string, unknown>'; }
    if (o.type === 'object' && o.properties) o.additionalProperties = false;
    return o;
  }
  return s;
}
let out = '// Generated from schemas/kubevirt/*.json by scripts/gen-types.mjs. Do not edit.\n/* eslint-disable */\n';
for (const [file, name] of Object.entries(names)) {
  const schema = fix(JSON.parse(readFileSync(`schemas/kubevirt/${file}.json`, 'utf8')));
  schema.properties.metadata = { tsType: "import('kubernetes-types/meta/v1.js').ObjectMeta" };
  schema.title = name;
  const ts = await compile(schema, name, { bannerComment: '', additionalProperties: false, unreachableDefinitions: false, strictIndexSignatures: false, format: false });
  out += ts + '\n';
}
writeFileSync('src/types/kubevirt.generated.ts', out);
