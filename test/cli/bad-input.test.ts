// Bad input never crashes: every class of broken input gets a clear message on stderr naming the file (and the
// field where there is one), a non-zero exit, nothing on stdout, no stack trace and no raw JavaScript error.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, runCli, type CliResult } from '../support/cli.js';
import { assertCleanFailure, BASIC_VMI, tempDir } from './in-process.js';

const execFileAsync = promisify(execFile);
const temp = tempDir();
after(() => temp.cleanup());
const inTemp = { cwd: temp.dir };
const basicText = readFileSync(BASIC_VMI, 'utf8');
/** Generous: a hang must fail the test, a slow machine must not. */
const GUARD = { timeout: 60_000 };

/** Deterministic pseudo-random bytes (a linear congruential generator). */
function pseudoRandomBytes(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** Runs `FILE`, and the same content as `--objects FILE` and `--cluster-config FILE` next to a good VMI. */
async function inEveryRole(name: string, content: string | Buffer): Promise<CliResult[]> {
  temp.file(name, content);
  return Promise.all([
    runCli([name], inTemp),
    runCli([BASIC_VMI, '--objects', name], inTemp),
    runCli([BASIC_VMI, '--cluster-config', name], inTemp),
  ]);
}

describe('broken syntax', { concurrency: 4 }, () => {
  const cases: [string, string, string | Buffer, RegExp][] = [
    [
      'malformed YAML',
      'malformed.yaml',
      'a: [1, 2\n',
      /^malformed\.yaml:2:1: Flow sequence .* must .* end with a \]$/m,
    ],
    [
      'tabs as indentation',
      'tabs.yaml',
      'apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata:\n\tname: x\n',
      /^tabs\.yaml:4:1: Tabs are not allowed as indentation$/m,
    ],
    [
      'a YAML file cut inside a quoted string',
      'truncated.yaml',
      basicText.replace('name: fedora-basic', 'name: "fedora-basic').slice(0, 80),
      /^truncated\.yaml:\d+:\d+: Missing closing "quote$/m,
    ],
    [
      'a JSON file cut in half',
      'truncated.json',
      JSON.stringify({
        apiVersion: 'kubevirt.io/v1',
        kind: 'VirtualMachineInstance',
        metadata: { name: 'x' },
      }).slice(0, 60),
      /^truncated\.json:1:\d+: .*must end with a \}$/m,
    ],
    [
      'duplicate keys',
      'duplicate.yaml',
      'apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata:\n  name: a\n  name: b\n',
      /^duplicate\.yaml:5:3: Map keys must be unique$/m,
    ],
    [
      'duplicate keys in JSON',
      'duplicate.json',
      '{"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance", "kind": "VirtualMachine"}',
      /^duplicate\.json:1:\d+: Map keys must be unique$/m,
    ],
  ];
  for (const [what, name, content, message] of cases) {
    it(`${what}: as FILE, --objects and --cluster-config`, async () => {
      for (const result of await inEveryRole(name, content))
        assertCleanFailure(result, { status: 1, file: name, message });
    });
  }

  it('a file broken on every line reports the first 20 syntax errors and how many more there are', async () => {
    temp.file('broken-lines.yaml', 'a: b: c\n'.repeat(500));
    const result = await runCli(['broken-lines.yaml'], inTemp);
    assertCleanFailure(result, {
      status: 1,
      file: 'broken-lines.yaml',
      message: /more YAML syntax error\(s\) not shown$/m,
    });
    assert.equal(result.stderr.trimEnd().split('\n').length, 21);
  });
});

describe('binary and empty input', { concurrency: 4 }, () => {
  it('binary data', async () => {
    const results = await inEveryRole('random.bin', pseudoRandomBytes(4096, 7));
    for (const result of results) {
      assertCleanFailure(result, {
        status: 1,
        file: 'random.bin',
        message: /binary data \(a NUL byte\)|not valid UTF-8/,
      });
    }
  });

  it('a NUL byte in an otherwise good file, located', async () => {
    const content = basicText.replace('namespace: default', 'namespace: def\u0000ault');
    for (const result of await inEveryRole('nul.yaml', content)) {
      assertCleanFailure(result, {
        status: 1,
        message: /^nul\.yaml:5:17: contains binary data \(a NUL byte\); expected YAML or JSON text$/m,
      });
    }
  });

  it('text that is not UTF-8', async () => {
    for (const result of await inEveryRole('latin1.yaml', Buffer.from('name: caf\xe9\n', 'latin1'))) {
      assertCleanFailure(result, { status: 1, message: /^latin1\.yaml: is not valid UTF-8 text/m });
    }
  });

  it('empty, blank, comment-only and separator-only files', async () => {
    for (const [name, content] of [
      ['empty.yaml', ''],
      ['blank.yaml', '  \n\n'],
      ['comment.yaml', '# nothing here\n'],
      ['separators.yaml', '---\n---\n'],
    ] as const) {
      temp.file(name, content);
      assertCleanFailure(await runCli([name], inTemp), {
        status: 1,
        message: new RegExp(`^${name.replace('.', '\\.')}: is empty`, 'm'),
      });
    }
  });

  it('an empty or closed standard input', async () => {
    assertCleanFailure(await runCli(['-'], { input: '' }), { status: 1, message: /^<stdin>: is empty/m });
    const closed = await execFileAsync('sh', ['-c', 'exec "$0" bin/vmi-render - <&-', process.execPath], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
    }).then(
      () => assert.fail('a closed stdin must fail'),
      (error: { code: number; stdout: string; stderr: string }) => ({
        status: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
    assertCleanFailure(closed, { status: 1, message: /^<stdin>: is empty/m });
  });

  it("standard input given twice ('-' '-')", async () => {
    assertCleanFailure(await runCli(['-', '-'], { input: basicText }), {
      status: 1,
      message: /standard input \(-\) given more than once/,
    });
  });
});

describe('documents that are not Kubernetes objects', { concurrency: 4 }, () => {
  const cases: [string, string, RegExp][] = [
    [
      'a scalar document',
      '"just a string"\n',
      /^doc\.yaml:1:1: document 1 is a string, not a Kubernetes object$/m,
    ],
    ['a number document', '42\n', /^doc\.yaml:1:1: document 1 is a number, not a Kubernetes object$/m],
    ['a list document', '- a\n- b\n', /^doc\.yaml:1:1: document 1 is a list, not a Kubernetes object$/m],
    ['a document without kind', 'metadata: {name: x}\n', /^doc\.yaml:1:1: kind is required/m],
    [
      'a kind that is not a string',
      'kind: 5\n',
      /^doc\.yaml:1:1: kind: must be VirtualMachineInstance or VirtualMachine, got 5$/m,
    ],
    [
      'only other kinds',
      'apiVersion: v1\nkind: Pod\nmetadata: {name: x}\n',
      /^doc\.yaml: contains no VirtualMachineInstance or VirtualMachine$/m,
    ],
    [
      'a List with a scalar item',
      'apiVersion: v1\nkind: List\nitems: [1]\n',
      /^doc\.yaml:3:9: items\[0\]: document 1\/items\[0\] is a number/m,
    ],
    [
      'wrong types',
      'apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata: {name: x}\nspec: 5\n',
      /^doc\.yaml:4:1: spec: must be object, got integer 5$/m,
    ],
    [
      'a wrong apiVersion',
      'apiVersion: kubevirt.io/v2\nkind: VirtualMachineInstance\nmetadata: {name: x}\nspec: {domain: {devices: {}}}\n',
      /^doc\.yaml:1:1: apiVersion: must be one of: "kubevirt\.io\/v1", "kubevirt\.io\/v1alpha3"; got "kubevirt\.io\/v2"$/m,
    ],
    [
      '.inf where a number belongs',
      'apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata: {name: x}\nspec: {domain: {devices: {}}, terminationGracePeriodSeconds: .nan}\n',
      /^doc\.yaml:4:31: spec\.terminationGracePeriodSeconds: must be integer, got number NaN$/m,
    ],
  ];
  for (const [what, content, message] of cases) {
    it(what, async () => {
      const file = temp.file(`doc-${what.replace(/\W+/g, '-')}.yaml`, content);
      const result = await runCli([file], { cwd: temp.dir });
      const named = { ...result, stderr: result.stderr.split(file).join('doc.yaml') };
      assertCleanFailure(named, { status: 1, message });
    });
  }

  it('a wrong kind in --objects is skipped with a warning; an object without kind is an error', async () => {
    temp.file(
      'objects.yaml',
      'apiVersion: v1\nkind: Service\nmetadata: {name: s}\n---\nmetadata: {name: t}\n',
    );
    const result = await runCli([BASIC_VMI, '--objects', 'objects.yaml'], inTemp);
    assertCleanFailure(result, {
      status: 1,
      file: 'objects.yaml',
      message: /^objects\.yaml:5:1: not a Kubernetes object \(no kind\)$/m,
    });
    assert.match(result.stderr, /^warning: objects\.yaml:1:1: skipping Service/m);
  });

  it('--cluster-config without exactly one KubeVirt', async () => {
    temp.file('not-kubevirt.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n');
    assertCleanFailure(await runCli([BASIC_VMI, '--cluster-config', 'not-kubevirt.yaml'], inTemp), {
      status: 1,
      message: /^not-kubevirt\.yaml: expected exactly one KubeVirt object \(kind: KubeVirt\), found 0$/m,
    });
  });
});

describe('hostile input', { concurrency: 4 }, () => {
  it('a YAML alias bomb (billion laughs)', GUARD, async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const previous = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    for (const result of await inEveryRole('bomb.yaml', levels.join('\n') + '\n')) {
      assertCleanFailure(result, {
        status: 1,
        message: /^bomb\.yaml:1:1: document 1 expands too many aliases/m,
      });
    }
  });

  it('a self-referencing alias', GUARD, async () => {
    temp.file('cycle.yaml', 'a: &a [*a]\n');
    assertCleanFailure(await runCli(['cycle.yaml'], inTemp), {
      status: 1,
      message: /^cycle\.yaml:1:1: .*nested too deeply/m,
    });
  });

  const deep: [string, string][] = [
    ['20,000-deep YAML block sequences', '- '.repeat(20_000) + 'x\n'],
    ['20,000-deep JSON arrays', '['.repeat(20_000) + ']'.repeat(20_000)],
    ['20,000-deep JSON objects', '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)],
    ['20,000-deep YAML flow maps', '{a: '.repeat(20_000) + '1' + '}'.repeat(20_000)],
  ];
  deep.forEach(([what, content], index) => {
    it(what, GUARD, async () => {
      for (const result of await inEveryRole(`deep-${index}.yaml`, content)) {
        assertCleanFailure(result, {
          status: 1,
          message: new RegExp(
            `^deep-${index}\\.yaml:1:\\d+: .*nested too deeply \\(more than 100 levels\\)$`,
            'm',
          ),
        });
      }
    });
  });

  it('nesting just past the limit inside an otherwise good VMI', GUARD, async () => {
    const deepLabel = '{"x":'.repeat(120) + '1' + '}'.repeat(120);
    const content = basicText.replace('spec:\n', `spec:\n  extra: ${deepLabel}\n`);
    temp.file('deep-vmi.yaml', content);
    assertCleanFailure(await runCli(['deep-vmi.yaml'], inTemp), { status: 1, message: /nested too deeply/ });
  });

  it('a 50 MB file, as FILE, --objects, --cluster-config and on standard input', GUARD, async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 'a');
    for (const result of await inEveryRole('big.yaml', big)) {
      assertCleanFailure(result, {
        status: 1,
        message: /^big\.yaml: is too large \(52428800 bytes; the limit is 16777216, see --max-input-size\)$/m,
      });
    }
    assertCleanFailure(await runCli(['-'], { input: big }), {
      status: 1,
      message: /^<stdin>: is too large \(more than 16777216 bytes, see --max-input-size\)$/m,
    });
  });

  it('a large but acceptable file of many documents renders', GUARD, async () => {
    const many = Array.from({ length: 300 }, () => basicText).join('---\n');
    const result = await runCli(['-', '-o', 'json'], { input: many });
    assert.equal(result.status, 0, result.stderr);
    assert.equal((JSON.parse(result.stdout) as { items: unknown[] }).items.length, 300);
  });
});

describe('paths that are not files', { concurrency: 4 }, () => {
  it(
    'an endless device (/dev/zero, /dev/urandom) is read no further than the size limit',
    GUARD,
    async (t) => {
      if (!existsSync('/dev/zero') || !existsSync('/dev/urandom'))
        return t.skip('no /dev/zero or /dev/urandom');
      const results = await Promise.all([
        runCli(['/dev/zero']),
        runCli([BASIC_VMI, '--objects', '/dev/urandom']),
        runCli([BASIC_VMI, '--cluster-config', '/dev/zero']),
      ]);
      for (const result of results) {
        assertCleanFailure(result, {
          status: 1,
          message:
            /^\/dev\/(zero|urandom): is too large \(more than 16777216 bytes, see --max-input-size\)$/m,
        });
      }
    },
  );

  it('a directory: as --cluster-config; as FILE and --objects, one without manifests', async () => {
    mkdirSync(join(temp.dir, 'no-manifests'), { recursive: true });
    temp.file('no-manifests/notes.txt', 'x');
    assertCleanFailure(await runCli([BASIC_VMI, '--cluster-config', '.'], inTemp), {
      status: 1,
      file: '.',
      message: /^\.: is a directory, not a file$/m,
    });
    // a directory input stands for its manifests (test/cli/kubectl.test.ts); one with none is a problem
    const results = await Promise.all([
      runCli(['no-manifests'], inTemp),
      runCli([BASIC_VMI, '--objects', 'no-manifests'], inTemp),
    ]);
    for (const result of results) {
      assertCleanFailure(result, {
        status: 1,
        file: 'no-manifests',
        message: /^no-manifests: is a directory without \*\.yaml, \*\.yml or \*\.json files/m,
      });
    }
  });

  const cases: [string, string, RegExp][] = [
    ['a missing path', 'no-such.yaml', /^no-such\.yaml: no such file$/m],
    [
      'a path through a file',
      'plain.txt/x.yaml',
      /^plain\.txt\/x\.yaml: no such file \(a parent is not a directory\)$/m,
    ],
  ];
  for (const [what, path, message] of cases) {
    it(`${what}: as FILE, --objects and --cluster-config`, async () => {
      temp.file('plain.txt', 'x');
      const results = await Promise.all([
        runCli([path], inTemp),
        runCli([BASIC_VMI, '--objects', path], inTemp),
        runCli([BASIC_VMI, '--cluster-config', path], inTemp),
      ]);
      for (const result of results) assertCleanFailure(result, { status: 1, file: path, message });
    });
  }
});
