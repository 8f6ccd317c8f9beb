// Every input document of the conformance corpora, and every Pod upstream rendered, is schema-valid and has
// no unknown fields.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import {
  formatPath,
  schemaKindFor,
  validateDocument,
  type SchemaIssue,
} from '../../../src/schema/validate.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Case directories: fixtures/<corpus>/<case>/ or fixtures/<corpus>/cases/<case>/. */
function caseDirs(corpus: string): string[] {
  const base = join(ROOT, 'fixtures', corpus);
  if (!existsSync(base)) return [];
  const dirs: string[] = [];
  for (const parent of [base, join(base, 'cases')]) {
    if (!existsSync(parent)) continue;
    for (const name of readdirSync(parent).sort()) {
      const dir = join(parent, name);
      if (statSync(dir).isDirectory() && existsSync(join(dir, 'expected.json'))) dirs.push(dir);
    }
  }
  return dirs;
}

const show = (issues: SchemaIssue[]): string =>
  issues.map((i) => `${i.severity} ${formatPath(i.path)}: ${i.message}`).join('\n');

for (const corpus of ['conformance/v1.4.0/cases', 'conformance/v1.4.0/vm-cases']) {
  const dirs = caseDirs(corpus);
  describe(`schema: fixtures/${corpus}`, () => {
    it('has cases', () => assert.ok(dirs.length > 0, `no cases under fixtures/${corpus}`));

    for (const dir of dirs) {
      const name = dir.slice(dir.lastIndexOf('/') + 1);
      it(`${name}: inputs and rendered Pod are schema-valid with no unknown fields`, () => {
        let checked = 0;
        for (const file of ['vmi.yaml', 'kubevirt.yaml', 'objects.yaml']) {
          const path = join(dir, file);
          if (!existsSync(path)) continue;
          for (const [index, parsed] of parseAllDocuments(readFileSync(path, 'utf8')).entries()) {
            const doc = parsed.toJS() as Record<string, unknown> | null;
            if (doc === null || doc === undefined) continue;
            const kind = schemaKindFor(doc.apiVersion, doc.kind);
            assert.ok(kind, `${file}#${index}: no schema for ${String(doc.apiVersion)} ${String(doc.kind)}`);
            const issues = validateDocument(kind, doc);
            assert.deepEqual(issues, [], `${file}#${index} (${kind}):\n${show(issues)}`);
            checked++;
          }
        }
        const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { pod?: unknown };
        if (expected.pod !== undefined) {
          const issues = validateDocument('Pod', expected.pod);
          assert.deepEqual(issues, [], `expected.json pod:\n${show(issues)}`);
          checked++;
        }
        assert.ok(checked > 0, 'nothing validated');
      });
    }
  });
}
