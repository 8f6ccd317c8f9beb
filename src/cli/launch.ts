// The entry point of the built CLI, dist/cli/vmi-render.cjs (see scripts/build.mjs). The CLI itself is one
// CommonJS bundle next to it, dist/cli/core.cjs, which this compiles through the V8 code cache
// (../util/code-cache.ts): loading it as a module would parse and compile it anew on every run.
// Only meaningful in dist/cli/; the unbundled CLI is ./main.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { EXIT_INTERNAL } from '../errors.js';
import { compileFunction } from '../util/code-cache.js';
import type { CliIO, main as cliMain } from './main.js';

// for the build's warm-up run (scripts/build.mjs)
export { recordCodeCaches, saveCodeCaches } from '../util/code-cache.js';

/** What the bundle sees besides CommonJS's usual five: a real dynamic import, for the ES module chunks. */
type BundleWrapper = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
  importModule: (url: string) => Promise<unknown>,
) => void;

const BUNDLE_PARAMETERS = 'exports, require, module, __filename, __dirname, importModule';

let loaded: typeof cliMain | undefined;

/**
 * V8 settings for a CLI run: short, and busy with a thousand small functions (each measured with
 * `npm run bench`, 1000 documents):
 *   --no-turbo-inlining             TurboFan optimises the hot functions on one background thread; without
 *                                   inlining each optimisation is much cheaper, so they are ready while
 *                                   they still matter (~7% less time)
 *   --no-lazy-feedback-allocation   a function collects type feedback from its first call, not after some
 *                                   budget, so it is optimised sooner (~7% less time; a one-VMI run ~1%
 *                                   more)
 *   --verify-snapshot-checksum      V8 checks a code cache's checksum as it reads it (src/util/code-cache.ts)
 * Set before the bundle is compiled: a code cache is only accepted under the flags it was made with (the
 * build's warm-up comes through here too). Node.js compiles its own modules from an embedded cache made
 * under its default flags: the ones a run needs are loaded before (crypto, vm and fs by this file's
 * imports; loading crypto after the flags changed takes ~3 ms instead of ~1).
 */
export const V8_FLAGS = '--no-turbo-inlining --no-lazy-feedback-allocation --verify-snapshot-checksum';

function configureV8(require: NodeJS.Require): void {
  require('node:process'); // (commander's)
  // the standard streams load what they are made of (net for a pipe or a terminal) when first used
  void process.stdout;
  void process.stderr;
  setFlagsFromString(V8_FLAGS);
}

function load(): typeof cliMain {
  const file = fileURLToPath(new URL('./core.cjs', import.meta.url));
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing or unreadable: run \`npm run build\``);
  }
  const module = { exports: {} as { main?: typeof cliMain } };
  const bundleRequire = createRequire(file);
  configureV8(bundleRequire);
  const wrapper = compileFunction<BundleWrapper>(`(function (${BUNDLE_PARAMETERS}) {${source}\n})`, file);
  wrapper(module.exports, bundleRequire, module, file, dirname(file), (url) => import(url));
  if (typeof module.exports.main !== 'function') throw new Error(`${file} does not export main()`);
  return module.exports.main;
}

/** Runs the CLI; resolves to the exit code. */
export async function main(argv: string[], io?: CliIO): Promise<number> {
  try {
    loaded ??= load();
  } catch (error) {
    (io?.stderr ?? process.stderr).write(`vmi-render: broken installation: ${(error as Error).message}\n`);
    return EXIT_INTERNAL;
  }
  return loaded(argv, io);
}
