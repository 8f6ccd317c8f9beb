#!/usr/bin/env node
// `npm run generate`: rewrites every committed generated file from its inputs, formatted as committed.
//
//   npm run generate                                   the files whose inputs are in the repository
//   npm run generate -- --kubevirt-git <repo>          also those made from upstream Go source, from a
//                                                      kubevirt/kubevirt clone or bare mirror (git show <tag>:...)
//   node scripts/generate.mjs --out DIR [...]          write under DIR (same relative paths), not the repository:
//                                                      test/unit/generated compares that with what is committed
//   node scripts/generate.mjs --list                   print the path of every generated file, of both kinds
//
// From committed inputs:
//   src/types/kubevirt.generated.ts                    schemas/kubevirt/<release>/*.json (scripts/gen-types.mjs)
// From upstream source (--kubevirt-git; the Go sources are not committed):
//   src/util/go/json-shapes-<release>.generated.ts     core/v1 types.go and schema.go of each release under
//                                                      schemas/kubevirt/ (scripts/gen-go-json-shapes.mjs)
// Not generated here, also from upstream: the schemas under schemas/ (scripts/extract-crd-schemas.mjs,
// extract-k8s-schemas.mjs; see schemas/README.md). Built, not committed: dist/validators (npm run build).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './format-generated.mjs';
import { kubevirtTypes, TYPES_OUTPUT } from './gen-types.mjs';
import { coreV1FromGit, goJsonShapes, shapesOutput } from './gen-go-json-shapes.mjs';

const { values } = parseArgs({
  options: { out: { type: 'string' }, 'kubevirt-git': { type: 'string' }, list: { type: 'boolean' } },
  strict: true,
});

const releases = readdirSync(join(ROOT, 'schemas', 'kubevirt'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && /^v\d+\.\d+\.\d+$/.test(entry.name))
  .map((entry) => entry.name);
const upstream = values['kubevirt-git'];

/** [repository path, () => Promise<text>] of every file to write. */
const fromRepository = [[TYPES_OUTPUT, kubevirtTypes]];
const fromUpstream = releases.map((release) => [
  shapesOutput(release),
  () => goJsonShapes(release, coreV1FromGit(upstream, release)),
]);

if (values.list) {
  for (const [path] of fromRepository) console.log(path);
  for (const [path] of fromUpstream) console.log(`${path}\t(--kubevirt-git)`);
  process.exit(0);
}

const jobs = upstream ? [...fromRepository, ...fromUpstream] : fromRepository;
const base = values.out ?? ROOT;
await Promise.all(
  jobs.map(async ([path, make]) => {
    const target = join(base, path);
    const text = await make();
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    console.log(`wrote ${path}${values.out ? ` (under ${values.out})` : ''}`);
  }),
);
if (!upstream) {
  console.log(
    '(the Go JSON shapes need upstream source: npm run generate -- --kubevirt-git <kubevirt repo>)',
  );
}
