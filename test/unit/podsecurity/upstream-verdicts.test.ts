// Our checks against the verdicts of the real k8s.io/pod-security-admission v0.31.14 policy package, over
// upstream's own fixture Pods and over every Pod of the conformance corpora (see fixtures/podsecurity/).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { LATEST, parseLevel, parseVersion, v1, type LevelVersion } from '../../../src/podsecurity/api.js';
import { forbiddenDetail } from '../../../src/podsecurity/checks.js';
import { evaluatePod, violationMessage } from '../../../src/podsecurity/evaluate.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const load = <T>(file: string): T =>
  JSON.parse(readFileSync(join(ROOT, 'fixtures/podsecurity', file), 'utf8')) as T;

type Range = [from: string, to: string, detail: string];
interface UpstreamPods {
  pods: { file: string; pod: Pod; verdicts: Record<'baseline' | 'restricted', Range[]> }[];
}
interface ConformancePods {
  cases: { case: string; verdicts: Record<string, string> }[];
}

const VERSIONS = [...Array.from({ length: 32 }, (_, i) => v1(i)), LATEST];
const versionName = (i: number): string => (i === 31 + 1 ? 'latest' : `v1.${i}`);

function parseLV(text: string): LevelVersion {
  const [level, version] = text.split(':') as [string, string];
  return { level: parseLevel(level).value, version: parseVersion(version).value };
}

describe('podsecurity: upstream test/testdata Pods, every level and version', () => {
  const { pods } = load<UpstreamPods>('upstream-testdata.json');
  it('has the fixture Pods', () => assert.ok(pods.length > 300));
  for (const { file, pod, verdicts } of pods) {
    it(file, () => {
      for (const level of ['baseline', 'restricted'] as const) {
        const expected: string[] = [];
        for (const [from, to, detail] of verdicts[level]) {
          const start = from === 'latest' ? 32 : Number(from.slice(3));
          const end = to === 'latest' ? 32 : Number(to.slice(3));
          for (let i = start; i <= end; i++) expected[i] = detail;
        }
        VERSIONS.forEach((version, i) => {
          const { aggregate } = evaluatePod({ level, version }, pod);
          const actual = aggregate.allowed ? '' : forbiddenDetail(aggregate);
          assert.equal(actual, expected[i], `${level}:${versionName(i)}`);
        });
      }
      assert.ok(evaluatePod({ level: 'privileged', version: LATEST }, pod).aggregate.allowed);
    });
  }
});

describe('podsecurity: the Pods of the conformance corpora', () => {
  const { cases } = load<ConformancePods>('conformance-pods.json');
  it('has the conformance Pods', () => assert.ok(cases.length > 200));
  for (const { case: name, verdicts } of cases) {
    it(name, () => {
      const expected = JSON.parse(
        readFileSync(join(ROOT, 'fixtures/conformance', name, 'expected.json'), 'utf8'),
      ) as { pod: Pod };
      for (const [lvText, message] of Object.entries(verdicts)) {
        const lv = parseLV(lvText);
        const { aggregate } = evaluatePod(lv, expected.pod);
        assert.equal(aggregate.allowed ? '' : violationMessage(lv, aggregate, 'enforce'), message, lvText);
      }
    });
  }
});
