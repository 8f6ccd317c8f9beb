import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { codeCacheFile } from '../../../src/util/code-cache.js';
import { V8_FLAGS } from '../../../src/cli/launch.js';

const CODE_CACHE_MODULE = new URL('../../../src/util/code-cache.js', import.meta.url).href;

/**
 * Compiles the file's source through compileFunction in a fresh process (V8 keeps what it compiled, so a
 * second compilation in one process would not read the cache), under the flag the CLI sets
 * (src/cli/launch.ts). The answer and whether V8 was given a cache and took it; `save`: save the cache.
 */
function compile(file: string, save = false): { answer: number; cache: 'none' | 'taken' | 'refused' } {
  const program = `
    import { readFileSync } from 'node:fs';
    import { compileFunction, recordCodeCaches, saveCodeCaches } from ${JSON.stringify(CODE_CACHE_MODULE)};
    const file = process.argv[1];
    recordCodeCaches();
    const answer = compileFunction(readFileSync(file, 'utf8'), file)();
    const rejected = globalThis[Symbol.for('vmi-render.code-cache.recorder')][0].script.cachedDataRejected;
    if (process.argv[2] === 'save') saveCodeCaches();
    console.log(JSON.stringify({ answer, cache: rejected === undefined ? 'none' : rejected ? 'refused' : 'taken' }));`;
  const result = spawnSync(
    process.execPath,
    ['--verify-snapshot-checksum', '--input-type=module', '-e', program, file, ...(save ? ['save'] : [])],
    { encoding: 'utf8' },
  );
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as { answer: number; cache: 'none' | 'taken' | 'refused' };
}

describe('code cache', () => {
  it('is read under --verify-snapshot-checksum by the CLI', () => {
    assert.ok(V8_FLAGS.split(' ').includes('--verify-snapshot-checksum'), V8_FLAGS);
  });

  let dir: string;
  let script: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'vmi-render-code-cache-'));
    script = join(dir, 'script.cjs');
    writeFileSync(script, '(function () { const f = (x) => x * 7; return f(6); })');
    assert.deepEqual(compile(script, true), { answer: 42, cache: 'none' });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The script's source (or `source`) and its cache, copied to `name`/ (another inode, another time). */
  function copyOf(name: string, source = readFileSync(script, 'utf8')): string {
    const copy = join(dir, name, 'script.cjs');
    mkdirSync(dirname(codeCacheFile(copy)), { recursive: true });
    writeFileSync(copy, source);
    utimesSync(copy, new Date(2000, 0, 1), new Date(2000, 0, 1));
    copyFileSync(codeCacheFile(script), codeCacheFile(copy));
    return copy;
  }

  it('is taken for the script it was made from', () => {
    assert.deepEqual(compile(script), { answer: 42, cache: 'taken' });
  });

  it('is taken for a copy of the script (the source is the same)', () => {
    assert.deepEqual(compile(copyOf('copy')), { answer: 42, cache: 'taken' });
  });

  it('is not used for another source of the same length', () => {
    const changed = copyOf('changed', readFileSync(script, 'utf8').replace('x * 7', 'x * 8'));
    assert.deepEqual(compile(changed), { answer: 48, cache: 'none' });
  });

  it('is refused by V8 when damaged anywhere, and the script compiled from its source', () => {
    const intact = readFileSync(codeCacheFile(script));
    // past the identity and source hash (24 + 20 bytes) and V8's header
    for (const offset of [80, Math.floor(intact.length / 2), intact.length - 1]) {
      const damaged = copyOf(`damaged-${offset}`);
      const data = Buffer.from(intact);
      data[offset]! ^= 0x55;
      writeFileSync(codeCacheFile(damaged), data);
      assert.deepEqual(
        compile(damaged),
        { answer: 42, cache: 'refused' },
        `byte ${offset} of ${data.length}`,
      );
    }
  });
});
