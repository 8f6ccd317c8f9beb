// Regenerates schemas/kubevirt/<release>/*.json from KubeVirt's validations_generated.go (see schemas/README.md),
// or, with --cdi, schemas/cdi/<release>/*.json from CDI's crds_generated.go of the CDI version that KubeVirt
// release vendors (kubevirt.io/containerized-data-importer-api in its go.mod).
// or, with --crd, one CRD YAML file's schema of one version (VolumeSnapshot: external-snapshotter's
// client/config/crd/snapshot.storage.k8s.io_volumesnapshots.yaml).
// Usage: node scripts/extract-crd-schemas.mjs PATH/TO/validations_generated.go vX.Y.Z
//        node scripts/extract-crd-schemas.mjs --cdi PATH/TO/crds_generated.go vX.Y.Z
//        node scripts/extract-crd-schemas.mjs --crd PATH/TO/crd.yaml VERSION OUTPUT.json
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { parse, parseAllDocuments } from 'yaml';

if (process.argv[2] === '--crd') {
  const [file, version, output] = process.argv.slice(3);
  if (!file || !version || !output)
    throw new Error('usage: extract-crd-schemas.mjs --crd crd.yaml VERSION OUTPUT.json');
  const crd = parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => document.toJS())
    .find((document) => document?.kind === 'CustomResourceDefinition');
  const served = crd.spec.versions.find((entry) => entry.name === version);
  if (!served) throw new Error(`no version ${version} in ${file}`);
  writeFileSync(output, JSON.stringify(served.schema.openAPIV3Schema, null, 1) + '\n');
  console.log(`wrote ${output}`);
  process.exit(0);
}

const cdi = process.argv[2] === '--cdi';
const args = cdi ? process.argv.slice(3) : process.argv.slice(2);
const source = readFileSync(args[0], 'utf8');
const wanted = cdi
  ? ['datasource', 'datavolume']
  : [
      'virtualmachineinstance',
      'virtualmachine',
      'kubevirt',
      'virtualmachineinstancetype',
      'virtualmachineclusterinstancetype',
      'virtualmachinepreference',
      'virtualmachineclusterpreference',
    ];
const release = args[1];
if (!/^v\d+\.\d+\.\d+$/.test(release ?? ''))
  throw new Error('usage: extract-crd-schemas.mjs [--cdi] validations_generated.go|crds_generated.go vX.Y.Z');
const dir = `schemas/${cdi ? 'cdi' : 'kubevirt'}/${release}`;
mkdirSync(dir, { recursive: true });
const entry = /^\t"([a-z]+)": `([\s\S]*?)`,?$/gm;
const found = new Map();
for (const m of source.matchAll(entry)) found.set(m[1], m[2]);
for (const name of wanted) {
  const text = found.get(name);
  if (!text) throw new Error(`no schema for ${name}`);
  const doc = parse(text.replaceAll('` + "`" + `', '`'));
  // KubeVirt's entries are the schema; CDI's are whole CRDs: the schema of the served v1beta1 version
  const schema = cdi
    ? doc.spec.versions.find((version) => version.name === 'v1beta1').schema.openAPIV3Schema
    : doc.openAPIV3Schema;
  writeFileSync(`${dir}/${name}.json`, JSON.stringify(schema, null, 1) + '\n');
}
console.log(`wrote ${wanted.length} schemas`);
