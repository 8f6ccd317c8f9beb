// The published package works for a user who installs it: `npm pack`, the tarball unpacked into a scratch
// project's node_modules (no registry: its dependencies are linked from this repository's node_modules, as
// npm would install them), then a small ES module and a small CommonJS program are type-checked against
// its .d.ts files with this repository's tsc and run.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from '../support/cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'vmi-render-package-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const PROGRAM = `import { render, lint, InvalidInputError, KUBEVIRT_VERSIONS, type Pod, type RenderOutput } from 'vmi-render';

const document = {
  apiVersion: 'kubevirt.io/v1',
  kind: 'VirtualMachineInstance',
  metadata: { name: 'scratch' },
  spec: { domain: { devices: {}, resources: { requests: { memory: '1Gi' } } } },
} as const;
const output: RenderOutput = render({ document, podName: 'stable' });
const pod: Pod = output.pod;
// @ts-expect-error the types resolve (a Pod's kind is a string, not anything)
const notANumber: number = pod.kind;
let refused = 0;
try {
  render({ document: { ...document, spec: { domain: { devices: {}, cpu: { cores: -1 } } } } });
} catch (error) {
  if (error instanceof InvalidInputError) refused = error.problems.length;
}
console.log(
  JSON.stringify({
    kind: pod.kind,
    name: pod.metadata?.name,
    refused,
    lint: lint({ document }).ok,
    releases: KUBEVIRT_VERSIONS.length,
    checked: typeof notANumber,
  }),
);
`;

function packInto(project: string): void {
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_audit: 'false' },
    }),
  ) as { filename: string }[];
  const tarball = join(scratch, packed[0]!.filename);
  const modules = join(project, 'node_modules');
  mkdirSync(modules, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', modules]);
  renameSync(join(modules, 'package'), join(modules, 'vmi-render'));
  // what `npm install vmi-render` would add: its dependencies (not its devDependencies), and the user's own
  // @types/node
  const manifest = JSON.parse(readFileSync(join(modules, 'vmi-render', 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of [...Object.keys(manifest.dependencies), '@types/node']) {
    const link = join(modules, name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), link, 'dir');
  }
}

describe('the packed package', () => {
  it('type-checks and runs from an ES module and a CommonJS program', { timeout: 120_000 }, () => {
    const project = join(scratch, 'project');
    packInto(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
    );
    writeFileSync(join(project, 'esm.mts'), PROGRAM);
    writeFileSync(join(project, 'commonjs.cts'), PROGRAM);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          outDir: 'out',
          types: ['node'],
          skipLibCheck: false,
        },
        files: ['esm.mts', 'commonjs.cts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    try {
      execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
    } catch (error) {
      assert.fail(`tsc failed:\n${(error as { stdout?: string }).stdout ?? String(error)}`);
    }
    const commonjs = readFileSync(join(project, 'out', 'commonjs.cjs'), 'utf8');
    assert.match(commonjs, /require\("vmi-render"\)/, 'the CommonJS program requires the package');
    const expected = {
      kind: 'Pod',
      name: 'virt-launcher-scratch',
      refused: 1,
      lint: true,
      releases: 2,
      checked: 'string',
    };
    for (const program of ['esm.mjs', 'commonjs.cjs']) {
      const output = execFileSync(process.execPath, [join('out', program)], {
        cwd: project,
        encoding: 'utf8',
      });
      assert.deepEqual(JSON.parse(output), expected, program);
    }
    // the exports map keeps internals private
    assert.ok(existsSync(join(project, 'node_modules', 'vmi-render', 'dist', 'src', 'pipeline.js')));
    const deep = `import('vmi-render/dist/src/pipeline.js').then(() => process.exit(3), (error) => { console.log(error.code); })`;
    const refusedDeep = execFileSync(process.execPath, ['--input-type=module', '-e', deep], {
      cwd: project,
      encoding: 'utf8',
    });
    assert.equal(refusedDeep.trim(), 'ERR_PACKAGE_PATH_NOT_EXPORTED');
  });
});
