// Folder-driven runs over fixtures/conformance/<release>/<corpus>/<case>/, shared by the conformance tests:
// one test per case; cases listed in a known-differences file must fail (the list fails when a listed case
// starts passing, or names a case that does not exist, so it only shrinks).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.js';

const FIXTURES = join(ROOT, 'fixtures', 'conformance');

export interface CorpusRun<E> {
  /** The corpora of each release, e.g. ['cases', 'vm-cases']. */
  corpora: readonly string[];
  /** The known-differences file under test/conformance/: `<release>/<corpus>/<case>` -> why it differs. */
  knownDifferences: string;
  check: (dir: string, release: string, expected: E) => Promise<void>;
}

export function runCorpora<E>({ corpora, knownDifferences, check }: CorpusRun<E>): void {
  const known = JSON.parse(
    readFileSync(join(ROOT, 'test', 'conformance', knownDifferences), 'utf8'),
  ) as Record<string, string>;
  const releases = readdirSync(FIXTURES)
    .filter((name) => /^v\d+\.\d+\.\d+$/.test(name))
    .sort();
  const seen = new Set<string>();
  for (const release of releases) {
    for (const corpus of corpora) {
      const base = join(FIXTURES, release, corpus);
      const cases = readdirSync(base, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
      describe(`${release} ${corpus} (${cases.length} cases)`, { concurrency: 4 }, () => {
        for (const name of cases) {
          const dir = join(base, name);
          const key = `${release}/${corpus}/${name}`;
          seen.add(key);
          const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as E;
          const reason = known[key];
          test(reason ? `${name} (known difference: ${reason})` : name, async () => {
            if (!reason) return check(dir, release, expected);
            await assert.rejects(
              check(dir, release, expected),
              `${key} is listed in ${knownDifferences} but now passes: remove it from the list`,
            );
          });
        }
      });
    }
  }
  test(`${knownDifferences} names only existing cases`, () => {
    assert.deepEqual(
      Object.keys(known).filter((key) => !seen.has(key)),
      [],
    );
  });
}
