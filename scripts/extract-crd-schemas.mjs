// Regenerates schemas/kubevirt/<release>/*.json from KubeVirt's validations_generated.go (see schemas/README.md).
// Usage: node scripts/extract-crd-schemas.mjs PATH/TO/validations_generated.go vX.Y.Z
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { parse } from 'yaml';

const source = readFileSync(process.argv[2], 'utf8');
const wanted = [
  'virtualmachineinstance',
  'virtualmachine',
  'kubevirt',
  'virtualmachineinstancetype',
  'virtualmachineclusterinstancetype',
  'virtualmachinepreference',
  'virtualmachineclusterpreference',
];
const release = process.argv[3];
if (!/^v\d+\.\d+\.\d+$/.test(release ?? '')) throw new Error('usage: extract-crd-schemas.mjs validations_generated.go vX.Y.Z');
mkdirSync(`schemas/kubevirt/${release}`, { recursive: true });
const entry = /^\t"([a-z]+)": `([\s\S]*?)`,?$/gm;
const found = new Map();
for (const m of source.matchAll(entry)) found.set(m[1], m[2]);
for (const name of wanted) {
  const text = found.get(name);
  if (!text) throw new Error(`no schema for ${name}`);
  const doc = parse(text.replaceAll('` + "`" + `', '`'));
  writeFileSync(`schemas/kubevirt/${release}/${name}.json`, JSON.stringify(doc.openAPIV3Schema, null, 1) + '\n');
}
console.log(`wrote ${wanted.length} schemas`);
