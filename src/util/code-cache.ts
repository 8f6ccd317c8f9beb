// Compiling the large generated scripts the CLI runs at start-up (the bundled CLI, the schema validators)
// with a V8 code cache: bytecode saved by the build (scripts/build.mjs), so that a short run does not parse
// and compile the same half megabyte of JavaScript every time.
//
// A cache is looked up by the script's content hash, the Node.js version and the architecture; it carries a
// checksum of its own (V8 checks its version, flags and the data's length, not the data); V8 still refuses a
// cache made under other V8 flags. Any problem with a cache (missing, unreadable, damaged, refused) falls
// back silently to compiling the source: a cache only ever saves time.
import * as crypto from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** Where the build saves caches: a directory next to the script. */
export const CODE_CACHE_DIR = '.code-cache';

const RECORDER = Symbol.for('vmi-render.code-cache.recorder');
type Recorder = { script: Script; cacheFile: string }[];
const recorder = (): Recorder | undefined => (globalThis as { [RECORDER]?: Recorder })[RECORDER];

const sha1 = (data: string | Buffer): Buffer =>
  typeof crypto.hash === 'function'
    ? crypto.hash('sha1', data, 'buffer')
    : crypto.createHash('sha1').update(data).digest();
const CHECKSUM_LENGTH = 20;

/** The cache file for `source` compiled as `filename`. */
export function codeCacheFile(filename: string, source: string): string {
  const hash = sha1(source).toString('hex').slice(0, 16);
  const name = `${basename(filename)}.${hash}.${process.version}-${process.arch}.bin`;
  return join(dirname(filename), CODE_CACHE_DIR, name);
}

/** A cache file's V8 data, if the file is there and intact. */
function readCache(file: string): Buffer | undefined {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch {
    return undefined;
  }
  const data = content.subarray(CHECKSUM_LENGTH);
  return content.length > CHECKSUM_LENGTH && sha1(data).equals(content.subarray(0, CHECKSUM_LENGTH))
    ? data
    : undefined;
}

/**
 * Compiles `source`, a single function expression, as the script `filename` and returns that function.
 * The function runs in this context (as `new Function` would, but with a file name in stack traces).
 */
export function compileFunction<F extends (...args: never[]) => unknown>(
  source: string,
  filename: string,
): F {
  const cacheFile = codeCacheFile(filename, source);
  const cachedData = readCache(cacheFile);
  const script = new Script(source, { filename, ...(cachedData ? { cachedData } : {}) });
  recorder()?.push({ script, cacheFile });
  return script.runInThisContext() as F;
}

/**
 * For the build: from now on, remember the scripts compiled (in this bundle or any other that shares the
 * process), for saveCodeCaches().
 */
export function recordCodeCaches(): void {
  (globalThis as { [RECORDER]?: Recorder })[RECORDER] ??= [];
}

/**
 * For the build, after a warm-up run: saves the cache of each recorded script (with the functions compiled
 * by then), replacing the caches of older builds and other Node.js versions. Returns how many it saved.
 */
export function saveCodeCaches(): number {
  const recorded = recorder() ?? [];
  for (const dir of new Set(recorded.map(({ cacheFile }) => dirname(cacheFile)))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  for (const { script, cacheFile } of recorded) {
    const data = script.createCachedData();
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([sha1(data), data]));
    renameSync(temporary, cacheFile); // a CLI run meanwhile sees no cache or a whole one
  }
  return recorded.length;
}
