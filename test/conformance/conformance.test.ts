// Folder-driven conformance: every directory under fixtures/conformance and fixtures/vm-conformance is a case
// produced by upstream KubeVirt v1.4.0. Each runs through the spawned CLI with the flags the case implies.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, ROOT } from '../support/cli.js';
import { normalizePod } from '../support/normalize.js';
import { validateDocument } from '../../src/schema/validate.js';

interface CaseSettings {
  arch?: string;
  admission?: boolean;
  launcherImage?: string;
  vmiUID?: string;
}

interface Expected {
  pod?: unknown;
  error?: string;
}

function caseArgs(dir: string): string[] {
  const args = ['render', join(dir, 'vmi.yaml'), '-o', 'json'];
  if (existsSync(join(dir, 'kubevirt.yaml'))) args.push('--cluster-config', join(dir, 'kubevirt.yaml'));
  if (existsSync(join(dir, 'objects.yaml'))) args.push('--objects', join(dir, 'objects.yaml'));
  const settingsFile = join(dir, 'case.json');
  const settings: CaseSettings = existsSync(settingsFile)
    ? JSON.parse(readFileSync(settingsFile, 'utf8'))
    : {};
  if (settings.arch) args.push('--arch', settings.arch);
  if (settings.admission === false) args.push('--no-admission');
  if (settings.launcherImage) args.push('--launcher-image', settings.launcherImage);
  if (settings.vmiUID) args.push('--uid', settings.vmiUID);
  return args;
}

for (const corpus of ['conformance', 'vm-conformance']) {
  const base = join(ROOT, 'fixtures', corpus);
  const cases = readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  describe(`${corpus} (${cases.length} cases)`, { concurrency: 4 }, () => {
    for (const name of cases) {
      const dir = join(base, name);
      const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Expected;
      test(name, async () => {
        const result = await runCli(caseArgs(dir));
        if (expected.error !== undefined) {
          assert.notEqual(result.status, 0, 'an error case must fail');
          assert.equal(result.stdout, '', 'nothing on stdout for an error case');
          assert.ok(
            result.stderr.includes(expected.error),
            `stderr should carry upstream's error:\n  ${expected.error}\ngot:\n  ${result.stderr}`,
          );
          assert.doesNotMatch(result.stderr, /^\s+at /m, 'no stack trace');
          return;
        }
        assert.equal(result.status, 0, `render failed:\n${result.stderr}`);
        const actual = normalizePod(JSON.parse(result.stdout));
        const wanted = normalizePod(expected.pod);
        assert.deepEqual(actual.problems, []);
        // our own output must be a valid Kubernetes v1.31 Pod, without unknown fields
        assert.deepEqual(validateDocument('Pod', JSON.parse(result.stdout)), []);
        assert.deepEqual(actual.pod, wanted.pod);
      });
    }
  });
}
