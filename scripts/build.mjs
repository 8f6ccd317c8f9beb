// Build: compile TypeScript (dist/src, dist/test), then the JSON Schema validators (dist/validators, see
// schemas/README.md), then bundle the CLI (dist/cli) and save V8 code caches for it.
//
// The CLI is bundled because a short run would otherwise spend most of its time loading ~150 small ES
// modules. What bin/vmi-render runs:
//   dist/cli/vmi-render.cjs  src/cli/launch.ts: compiles core.cjs through the V8 code cache
//                            (src/util/code-cache.ts). CommonJS, like bin/vmi-render, so that a run never
//                            starts Node's ES module loader.
//   dist/cli/core.cjs        src/cli/main.ts and all it imports (commander, the render, a stand-in for the
//                            yaml package) in one CommonJS script: Node.js 20 can use a code cache for a
//                            script, not for ES modules
//   dist/cli/yaml.cjs        the yaml package, loaded (through the code cache) only when core.cjs uses it:
//                            when src/io's fast YAML reader or writer declines, or a problem needs a position
//   dist/cli/watch.mjs       the `watch` command, loaded only by `watch`; it loads @kubernetes/client-node
//                            from node_modules, also only then
//   dist/cli/.code-cache/, dist/validators/.code-cache/
//                            V8 code caches of core.cjs, yaml.cjs and the validators, saved after a warm-up
//                            run of the built CLI; found by content hash and Node.js version and checksummed,
//                            so a stale, foreign or damaged cache is never used (V8 checks its own version
//                            and flags on top); without one, a script is compiled as usual
// The bundles are made from tsc's output: what runs is what was type-checked.
//
// Usage: node scripts/build.mjs [--no-code-cache]
// Type errors fail the build (exit 1), but only after every other step has run, so that a tree with a
// half-edited file still gets a usable dist/.
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const CLI_DIR = join(DIST, 'cli');
const WARM_UP = '--code-cache-warm-up';

if (process.argv[2] === WARM_UP) await warmUp();
else await build(process.argv.slice(2));

async function build(args) {
  const run = (command, commandArgs) => execFileSync(command, commandArgs, { stdio: 'inherit', cwd: ROOT });
  let typeErrors = false;
  try {
    run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
  } catch {
    typeErrors = true; // tsc still wrote its output
  }
  run(process.execPath, [join(ROOT, 'scripts/build-validators.mjs')]);
  await bundle();
  if (!args.includes('--no-code-cache')) {
    // A fresh process without extra V8 flags: V8 accepts a cache only under the flags it was made with.
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), WARM_UP], {
      cwd: ROOT,
      env,
      stdio: 'inherit',
    });
    if (result.status !== 0) console.warn('build: no code caches (the CLI works, it only starts slower)');
  }
  if (typeErrors) {
    console.error('build: failed: type errors (see above; dist/ was written anyway)');
    process.exit(1);
  }
}

async function bundle() {
  const esbuild = await import('esbuild');
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    absWorkingDir: ROOT,
    logLevel: 'warning',
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'eof',
    metafile: true,
    write: false,
  };
  const core = await esbuild.build({
    ...common,
    entryPoints: [join(DIST, 'src/cli/main.js')],
    outfile: join(CLI_DIR, 'core.cjs'),
    format: 'cjs',
    plugins: [importMetaUrlPlugin('cjs'), watchCommandPlugin(), lazyYamlPlugin(), lazyChildProcessPlugin()],
  });
  const leaked = Object.keys(core.metafile.inputs).filter((input) =>
    /[\\/]src[\\/]watch[\\/]|@kubernetes[\\/]client-node/.test(input),
  );
  if (leaked.length > 0)
    throw new Error(`build: the watch command leaked into dist/cli/core.cjs: ${leaked.join(', ')}`);
  const watch = await esbuild.build({
    ...common,
    entryPoints: [join(DIST, 'src/watch/command.js')],
    outfile: join(CLI_DIR, 'watch.mjs'),
    format: 'esm',
    external: ['@kubernetes/client-node'],
    // bundled CommonJS packages (commander) require() Node's built-in modules
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [importMetaUrlPlugin('esm')],
  });
  const yaml = await esbuild.build({
    ...common,
    entryPoints: [createRequire(import.meta.url).resolve('yaml')],
    outfile: join(CLI_DIR, 'yaml.cjs'),
    format: 'cjs',
  });
  const launcher = await esbuild.build({
    ...common,
    entryPoints: [join(DIST, 'src/cli/launch.js')],
    outfile: join(CLI_DIR, 'vmi-render.cjs'),
    format: 'cjs',
    // the launcher's import.meta.url is its own: it finds core.cjs next to itself
    define: { 'import.meta.url': '__launcherUrl' },
    banner: { js: 'const __launcherUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
  // Each file replaced at once: a CLI run (or test) going on meanwhile sees the old file or the new one.
  mkdirSync(CLI_DIR, { recursive: true });
  for (const result of [core, yaml, watch, launcher]) {
    for (const file of result.outputFiles) {
      const temporary = `${file.path}.${process.pid}.tmp`;
      writeFileSync(temporary, file.contents);
      renameSync(temporary, file.path);
      console.log(`bundle: ${relative(ROOT, file.path)} ${(file.contents.length / 1024).toFixed(0)} KiB`);
    }
  }
}

/**
 * A bundle has no import.meta of its own modules: each module's `import.meta.url` becomes the URL the
 * module has in tsc's output (dist/src/...), where its relative paths (to dist/validators) point from.
 */
function importMetaUrlPlugin(format) {
  return {
    name: 'import-meta-url',
    setup(build) {
      build.onLoad({ filter: /[\\/]dist[\\/]src[\\/].*\.js$/ }, (args) => {
        const contents = readFileSync(args.path, 'utf8');
        if (!contents.includes('import.meta.url')) return undefined;
        const fromBundle = JSON.stringify(relative(CLI_DIR, args.path).split('\\').join('/'));
        const url =
          format === 'cjs'
            ? `require("node:url").pathToFileURL(require("node:path").join(__dirname, ${fromBundle})).href`
            : `new URL(${fromBundle}, import.meta.url).href`;
        return { contents: contents.replaceAll('import.meta.url', `(${url})`), loader: 'js' };
      });
    },
  };
}

/**
 * In core.cjs, main.ts's `await import('../watch/command.js')` loads dist/cli/watch.mjs. The bundle runs as a
 * script (for the code cache), where import() is not available: the launcher passes in `importModule`.
 */
function watchCommandPlugin() {
  const namespace = 'vmi-render-watch-proxy';
  return {
    name: 'watch-command',
    setup(build) {
      build.onResolve({ filter: /[\\/]watch[\\/]command\.js$/ }, (args) =>
        args.kind === 'dynamic-import' ? { path: 'watch', namespace } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace }, () => ({
        contents: [
          'const watchUrl = () => require("node:url").pathToFileURL(require("node:path").join(__dirname, "watch.mjs")).href;',
          'export async function runWatch(...args) { return (await importModule(watchUrl())).runWatch(...args); }',
        ].join('\n'),
        loader: 'js',
      }));
    },
  };
}

/**
 * In core.cjs, the yaml package is a stand-in whose exports load dist/cli/yaml.cjs when first used: the
 * fast paths (src/io/yaml-reader.ts, yaml-writer.ts) leave a fifth of the bundle idle in most runs.
 */
function lazyYamlPlugin() {
  const namespace = 'vmi-render-lazy-yaml';
  const codeCache = JSON.stringify(join(DIST, 'src/util/code-cache.js'));
  const names = Object.keys(createRequire(import.meta.url)('yaml'));
  return {
    name: 'lazy-yaml',
    setup(build) {
      build.onResolve({ filter: /^yaml$/ }, (args) =>
        args.namespace === namespace ? undefined : { path: 'yaml', namespace },
      );
      build.onLoad({ filter: /.*/, namespace }, () => ({
        contents: [
          'const { readFileSync } = require("node:fs");',
          'const { join } = require("node:path");',
          `const { compileFunction } = require(${codeCache});`,
          'let loaded;',
          'function load() {',
          '  if (loaded) return loaded;',
          '  const file = join(__dirname, "yaml.cjs");',
          '  const module = { exports: {} };',
          '  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, "utf8")}\\n})`;',
          '  compileFunction(source, file)(module.exports, require, module, file, __dirname);',
          '  return (loaded = module.exports);',
          '}',
          `module.exports = { ${names.map((name) => `get ${name}() { return load().${name}; }`).join(', ')} };`,
        ].join('\n'),
        resolveDir: ROOT,
        loader: 'js',
      }));
    },
  };
}

/**
 * In core.cjs, `node:child_process` (which commander requires for subcommands that are executables, a
 * feature the CLI does not use) is a stand-in that loads the real module when first used: loading it,
 * with `net` and `dgram` behind it, would take a few milliseconds of every run.
 */
function lazyChildProcessPlugin() {
  const namespace = 'vmi-render-lazy-child-process';
  return {
    name: 'lazy-child-process',
    setup(build) {
      build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
        args.namespace === namespace ? undefined : { path: 'child_process', namespace },
      );
      build.onLoad({ filter: /.*/, namespace }, () => ({
        contents: [
          'let loaded;',
          'const load = () => (loaded ??= require("node:child_process"));',
          'module.exports = new Proxy({}, {',
          '  get: (_, name) => load()[name],',
          '  has: (_, name) => name in load(),',
          '  ownKeys: () => Reflect.ownKeys(load()),',
          '  getOwnPropertyDescriptor: (_, name) => {',
          '    const descriptor = Reflect.getOwnPropertyDescriptor(load(), name);',
          '    return descriptor && { ...descriptor, configurable: true };',
          '  },',
          '});',
        ].join('\n'),
        loader: 'js',
      }));
    },
  };
}

/**
 * Runs in a fresh process: loads the built CLI with code-cache recording on (src/util/code-cache.ts), runs
 * it over sample inputs so that what a real run needs is compiled, then saves each script's cache.
 */
async function warmUp() {
  const cli = await import(pathToFileURL(join(CLI_DIR, 'vmi-render.cjs')).href);
  cli.recordCodeCaches();
  const sink = {
    write: (_text, callback) => (typeof callback === 'function' && callback(), true),
    isTTY: false,
  };
  const io = { stdout: sink, stderr: sink, readStdin: () => Buffer.alloc(0) };
  const runs = warmUpRuns();
  // Without Sparkplug while warming up: a cache saved while its functions have baseline code makes them
  // slower on their first calls in every later run (one VMI rendered in ~16 ms instead of ~10 after the
  // 400 warm-up runs; `npm run bench` (a)). The flag is restored before saving: V8 takes a cache only
  // under the flags it was made with, and it checks them as they are when the cache is made.
  setFlagsFromString('--no-sparkplug');
  for (const argv of runs) await cli.main(argv, io);
  setFlagsFromString('--sparkplug');
  console.log(`build: ${cli.saveCodeCaches()} code caches, after ${runs.length} warm-up runs`);
}

/** `render` and `lint` of each conformance case (of the examples, where the fixtures are not around). */
function warmUpRuns() {
  const runs = [];
  const cases = join(ROOT, 'fixtures', 'conformance', 'v1.4.0', 'cases');
  if (existsSync(cases)) {
    for (const name of readdirSync(cases).sort()) {
      const dir = join(cases, name);
      if (!existsSync(join(dir, 'vmi.yaml'))) continue;
      const args = [join(dir, 'vmi.yaml')];
      if (existsSync(join(dir, 'kubevirt.yaml'))) args.push('--cluster-config', join(dir, 'kubevirt.yaml'));
      if (existsSync(join(dir, 'objects.yaml'))) args.push('--objects', join(dir, 'objects.yaml'));
      runs.push(['render', ...args], ['lint', ...args]);
    }
  } else if (existsSync(join(ROOT, 'examples'))) {
    for (const name of readdirSync(join(ROOT, 'examples')).sort()) {
      if (name.endsWith('.yaml')) runs.push(['render', join(ROOT, 'examples', name)]);
    }
  }
  return runs;
}
