// Compiling the large generated scripts the CLI runs at start-up (the bundled CLI, the schema validators)
// with a V8 code cache: bytecode saved by the build (scripts/build.mjs), so that a short run does not parse
// and compile the same half megabyte of JavaScript every time.
//
// A cache file is named after the script, the Node.js version and the architecture. It records the source it
// was made from: the script file's identity (size, modification time and inode; the build writes every
// script anew) and the source's hash. A run whose script file has that identity takes the cache at once;
// any other (the files were copied or installed elsewhere) first checks the source's hash, which costs a
// millisecond or so for the larger scripts. V8 checks the rest: its version, its flags, the source's length
// and, under --verify-snapshot-checksum (which the CLI sets, src/cli/launch.ts), a checksum of the data,
// computed natively while deserializing: a damaged cache is refused at no cost to an intact one (a SHA-1 of
// the megabyte of caches took ~1.5 ms of every run, `npm run bench` (a)). Any problem with a cache
// (missing, unreadable, damaged, stale, refused) falls back silently to compiling the source: a cache only
// ever saves time.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { digest } from './digest.js';

/** Where the build saves caches: a directory next to the script. */
export const CODE_CACHE_DIR = '.code-cache';

const RECORDER = Symbol.for('vmi-render.code-cache.recorder');
type Recorder = { script: Script; cacheFile: string; identity: Buffer; source: string }[];
const recorder = (): Recorder | undefined => (globalThis as { [RECORDER]?: Recorder })[RECORDER];

const sha1 = (data: Buffer | string): Buffer => digest('sha1', data);
/** The script file's identity: size, modification time (ms) and inode, as three doubles. */
const IDENTITY_LENGTH = 24;
/** Then the SHA-1 of the source. */
const SOURCE_HASH_LENGTH = 20;

/** The cache file for the script `filename`. */
export function codeCacheFile(filename: string): string {
  const name = `${basename(filename)}.${process.version}-${process.arch}.bin`;
  return join(dirname(filename), CODE_CACHE_DIR, name);
}

/** The identity of the script file as a cache records it; undefined if the file cannot be looked at. */
function scriptIdentity(filename: string): Buffer | undefined {
  let stats: { size: number; mtimeMs: number; ino: number };
  try {
    stats = statSync(filename);
  } catch {
    return undefined;
  }
  const identity = Buffer.alloc(IDENTITY_LENGTH);
  identity.writeDoubleLE(stats.size, 0);
  identity.writeDoubleLE(stats.mtimeMs, 8);
  identity.writeDoubleLE(stats.ino, 16);
  return identity;
}

/** A cache file's V8 data, if the file is there and made from this script's source. */
function readCache(file: string, identity: Buffer | undefined, source: string): Buffer | undefined {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch {
    return undefined;
  }
  const header = IDENTITY_LENGTH + SOURCE_HASH_LENGTH;
  if (content.length <= header) return undefined;
  const sameFile = identity !== undefined && content.subarray(0, IDENTITY_LENGTH).equals(identity);
  if (!sameFile && !sha1(source).equals(content.subarray(IDENTITY_LENGTH, header))) {
    return undefined;
  }
  return content.subarray(header);
}

/**
 * Compiles `source`, a single function expression, as the script `filename` and returns that function.
 * The function runs in this context (as `new Function` would, but with a file name in stack traces).
 */
export function compileFunction<F extends (...args: never[]) => unknown>(
  source: string,
  filename: string,
): F {
  const cacheFile = codeCacheFile(filename);
  const identity = scriptIdentity(filename);
  const cachedData = readCache(cacheFile, identity, source);
  const script = new Script(source, { filename, ...(cachedData ? { cachedData } : {}) });
  recorder()?.push({ script, cacheFile, identity: identity ?? Buffer.alloc(IDENTITY_LENGTH), source });
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
  for (const { script, cacheFile, identity, source } of recorded) {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([identity, sha1(source), script.createCachedData()]));
    renameSync(temporary, cacheFile); // a CLI run meanwhile sees no cache or a whole one
  }
  return recorded.length;
}
