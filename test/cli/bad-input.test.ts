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

// ------------------------------------------------------------------------------------------------------------
// Issue 14: hostile input costs time and memory in proportion to its size, never crashes, never reaches the
// terminal raw. Work is bounded by construction (limits, linear algorithms); these tests assert the outcome
// and the size of what is printed, never a duration (GUARD only stops a hang).

/** A VMI (block YAML) with `extra` lines inserted under `spec:` and memory `memory`. */
function vmiText(
  options: { memory?: string; name?: string; namespace?: string; spec?: string } = {},
): string {
  return [
    'apiVersion: kubevirt.io/v1',
    'kind: VirtualMachineInstance',
    'metadata:',
    `  name: ${options.name ?? 'hostile'}`,
    ...(options.namespace !== undefined ? [`  namespace: ${options.namespace}`] : []),
    'spec:',
    ...(options.spec !== undefined ? [options.spec] : []),
    '  domain:',
    '    devices: {}',
    '    resources:',
    '      requests:',
    `        memory: ${options.memory ?? '2Gi'}`,
    '',
  ].join('\n');
}

/** One problem per line: `file:line:col: ...` (or `warning: ...`), then lint's summary line. */
const PROBLEM_LINE = /^(warning: )?[^\s:]+:\d+:\d+: \S/;
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('hostile input: quantities', { concurrency: 4 }, () => {
  const refused: [string, string, RegExp][] = [
    ['a huge exponent', '"1e2147483647"', /too large or too precise to compute with exactly/],
    ['a huge exponent with a fraction', '"1.5e2147483647"', /too large or too precise|refuse/],
    ['a billion-digit value', '"1e999999999"', /too large or too precise to compute with exactly/],
    ['a mantissa of 20,000 digits', `"${'9'.repeat(20_000)}"`, /too large or too precise/],
  ];
  for (const [what, memory, message] of refused) {
    it(`${what} is a clean error (exit 1), not a crash`, GUARD, async () => {
      const file = `quantity-${what.replace(/\W+/g, '-')}.yaml`;
      temp.file(file, vmiText({ memory }));
      for (const command of ['render', 'lint']) {
        const result = await runCli([command, file], inTemp);
        assert.equal(result.status, 1, result.stderr);
        assert.match(result.stderr + result.stdout, message);
        assert.doesNotMatch(result.stderr, /internal error|BigInt|\n\s+at /);
      }
    });
  }

  it(
    'zero with a huge exponent is zero (upstream scales it one step at a time; the port does not)',
    GUARD,
    async () => {
      temp.file('zero.yaml', vmiText({ memory: '"0e999999999"' }));
      const result = await runCli(['lint', 'zero.yaml'], inTemp);
      assert.equal(result.status, 1);
      assert.match(result.stdout, /no memory requested/);
    },
  );

  it(
    'a KubeVirt CR with a huge cpuRequest: upstream panics (divide by zero), reported as such',
    GUARD,
    async () => {
      temp.file(
        'kubevirt-huge.yaml',
        'apiVersion: kubevirt.io/v1\nkind: KubeVirt\nmetadata:\n  name: kubevirt\n  namespace: kubevirt\nspec:\n  configuration:\n    cpuRequest: "1e2147483647"\n',
      );
      const result = await runCli(['lint', BASIC_VMI, '--cluster-config', 'kubevirt-huge.yaml'], inTemp);
      assert.equal(result.status, 1, result.stderr);
      assert.match(result.stdout, /integer divide by zero/);
      assert.doesNotMatch(result.stderr, /internal error/);
    },
  );
});

describe('hostile input: sizes', { concurrency: 2 }, () => {
  it(
    '70,000 empty disks: the first 1000 problems, one per line, and how many more (no stack overflow)',
    GUARD,
    async () => {
      const disks = '    devices:\n      disks:\n' + '      - {}\n'.repeat(70_000);
      const text = vmiText().replace('    devices: {}\n', disks);
      temp.file('disks.yaml', text);
      const result = await runCli(['lint', 'disks.yaml'], inTemp);
      assert.equal(result.status, 1);
      const lines = result.stdout.trimEnd().split('\n');
      assert.equal(lines.length, 1002);
      assert.match(
        result.stdout,
        /^disks\.yaml:\d+:\d+: (about )?69001 more problem\(s\) in this document not shown \(the first 1000 are\)$/m,
      );
      assert.match(lines.at(-1)!, /^1 document\(s\) checked: 1001 error\(s\)/);
      for (const line of lines.slice(0, -1)) assert.match(line, PROBLEM_LINE);
    },
  );

  const labels = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`l${i}`, 'v']));
  const labelled = {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstance',
    metadata: { name: 'x', labels },
    spec: { domain: { devices: {}, resources: { requests: { memory: '2Gi' } } } },
  };
  it('40,000 labels as JSON and as flow YAML (no quadratic duplicate-key check)', GUARD, async () => {
    temp.file('labels.json', JSON.stringify(labelled));
    const flow = JSON.stringify(labelled).replace(/"(l\d+)":"v"/g, '$1: v');
    temp.file('labels-flow.yaml', flow);
    for (const file of ['labels.json', 'labels-flow.yaml']) {
      const result = await runCli(['lint', file], inTemp);
      assert.equal(result.status, 0, result.stdout + result.stderr);
    }
  });

  it('a 4 MB JSON VMI with a flat list in an unknown field: a located warning', GUARD, async () => {
    const document = {
      apiVersion: 'kubevirt.io/v1',
      kind: 'VirtualMachineInstance',
      metadata: { name: 'x' },
      spec: {
        domain: { devices: {}, resources: { requests: { memory: '2Gi' } } },
        unknownThing: Array.from({ length: 2_000_000 }, (_, i) => i % 10),
      },
    };
    const text = JSON.stringify(document);
    temp.file('flat.json', text);
    const result = await runCli(['lint', 'flat.json'], inTemp);
    assert.equal(result.status, 0, result.stdout.slice(0, 500));
    const column = text.indexOf('"unknownThing"') + 1;
    assert.match(
      result.stdout,
      new RegExp(`^warning: flat\\.json:1:${column}: spec\\.unknownThing: unknown field`, 'm'),
    );
  });

  it('aliases that fan out past the input limit are refused, naming the limit', GUARD, async () => {
    const big = 'x'.repeat(1_000_000);
    const text = vmiText({
      spec:
        `  junk:\n    a: &a "${big}"\n` + Array.from({ length: 20 }, (_, i) => `    b${i}: *a\n`).join(''),
    });
    temp.file('fan.yaml', text);
    const result = await runCli(['lint', 'fan.yaml'], inTemp);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /expands through its aliases to more than 16777216 bytes/);
  });

  it(
    'flow YAML with too many nodes for the general reader is refused up front, naming the limit',
    GUARD,
    async () => {
      temp.file('many.yaml', `{a: [${'1,'.repeat(300_000)}1]}\n`);
      const result = await runCli(['lint', 'many.yaml'], inTemp);
      assert.equal(result.status, 1);
      assert.match(result.stdout, /too many YAML nodes .*the limit is 250000/);
    },
  );
});

describe('hostile input: output', { concurrency: 4 }, () => {
  it('render > /dev/full: one line naming ENOSPC, exit 74, no stack', GUARD, async () => {
    const { stderr, code } = await execFileAsync(
      'sh',
      ['-c', `"${process.execPath}" bin/vmi-render "${BASIC_VMI}" > /dev/full; echo "exit $?" >&2`],
      { cwd: ROOT },
    ).then(
      (r) => ({ stderr: r.stderr, code: 0 }),
      (e: { stderr: string; code: number }) => ({ stderr: e.stderr, code: e.code }),
    );
    assert.equal(code, 0);
    assert.equal(
      stderr,
      'vmi-render: cannot write to standard output: no space left on device (ENOSPC)\nexit 74\n',
    );
  });

  it('standard output closed (>&-): a message and a non-zero exit', GUARD, async () => {
    const { stderr } = await execFileAsync(
      'sh',
      ['-c', `"${process.execPath}" bin/vmi-render "${BASIC_VMI}" >&-; echo "exit $?" >&2`],
      { cwd: ROOT },
    );
    assert.match(
      stderr,
      /^vmi-render: cannot write to standard output: standard output is closed \(EBADF\)\nexit 74\n$/,
    );
  });

  const injected = vmiText().replace(
    '    devices: {}\n',
    '    devices:\n      disks:\n      - name: "a\\nforged.yaml:1:1: spec: forged problem\\u001b[31m"\n        disk: {bus: "virtio\\u001b]0;title\\u0007\\u2028x"}\n',
  );
  it(
    'newlines and control characters in field values are escaped: one problem, one line',
    GUARD,
    async () => {
      temp.file('inject.yaml', injected);
      const lint = await runCli(['lint', 'inject.yaml'], inTemp);
      assert.equal(lint.status, 1);
      const lines = lint.stdout.trimEnd().split('\n');
      for (const line of lines.slice(0, -1)) assert.match(line, /^inject\.yaml:\d+:\d+: /);
      assert.doesNotMatch(lint.stdout, /^forged\.yaml/m);
      assert.doesNotMatch(lint.stdout, RAW_CONTROL);
      assert.doesNotMatch(lint.stdout, /\u2028/);
      assert.match(lint.stdout, /\\x1b/);
      const render = await runCli(['inject.yaml'], inTemp);
      assert.doesNotMatch(render.stderr, RAW_CONTROL);
      for (const line of render.stderr.trimEnd().split('\n')) assert.match(line, PROBLEM_LINE);
    },
  );

  it('-o json (lint and render) escapes C1 controls, LS and PS too, and parses back', GUARD, async () => {
    temp.file(
      'inject-json.yaml',
      injected.replace('name: hostile', 'name: hostile\n  annotations:\n    note: "a\\u2028b\\u0085c"'),
    );
    const lint = await runCli(['lint', '-o', 'json', 'inject-json.yaml'], inTemp);
    const render = await runCli(
      ['--no-admission', '-o', 'json', '--show', 'vmi', 'inject-json.yaml'],
      inTemp,
    );
    for (const output of [lint.stdout, render.stdout]) {
      assert.doesNotMatch(output, /[\u007f-\u009f\u2028\u2029]/);
      assert.doesNotMatch(output, RAW_CONTROL);
    }
    JSON.parse(lint.stdout);
  });

  it('-o junit is well-formed XML 1.0 whatever the input holds', GUARD, async () => {
    temp.file('inject-junit.yaml', injected);
    const result = await runCli(['lint', '-o', 'junit', 'inject-junit.yaml'], inTemp);
    // eslint-disable-next-line no-control-regex -- what XML 1.0 forbids
    assert.doesNotMatch(result.stdout, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    assert.equal(result.stdout.match(/<testcase /g)?.length, result.stdout.match(/<\/testcase>/g)?.length);
    assert.doesNotMatch(result.stdout, /<failure[^>]*\n[^>]*>/, 'attributes on one line');
  });

  it('a collection as a mapping key: a located error, no Node.js warning', GUARD, async () => {
    temp.file(
      'collection-key.yaml',
      vmiText().replace('  name: hostile\n', '  name: hostile\n  labels:\n    ? [a, b]\n    : c\n'),
    );
    const result = await runCli(['lint', 'collection-key.yaml'], inTemp);
    assert.equal(result.status, 1);
    assert.doesNotMatch(result.stderr, /\(node:\d+\)|Warning/);
    assert.match(
      result.stdout,
      /^collection-key\.yaml:6:7: metadata\.labels: a mapping key must be a string, number or boolean, not a collection/m,
    );
  });
});

describe('hostile input: silently wrong values', { concurrency: 4 }, () => {
  const numbers: [string, string, RegExp][] = [
    [
      'beyond 2^53',
      '9007199254740993',
      /integer 9007199254740993 is beyond 2\^53: vmi-render cannot carry it exactly/,
    ],
    ['beyond int64', '9223372036854775808', /integer 9223372036854775808 is out of the int64 range/],
    [
      'beyond uint64',
      '18446744073709551616',
      /cannot unmarshal number 18446744073709551616 into a Go integer field/,
    ],
  ];
  for (const [index, [what, value, message]] of numbers.entries()) {
    it(`an integer ${what}, in YAML and in JSON, is refused at its field`, GUARD, async () => {
      temp.file(`big-${index}.yaml`, vmiText({ spec: `  terminationGracePeriodSeconds: ${value}` }));
      const yaml = await runCli(['lint', `big-${index}.yaml`], inTemp);
      assert.equal(yaml.status, 1);
      assert.match(
        yaml.stdout,
        new RegExp(`^big-${index}\\.yaml:6:34: spec\\.terminationGracePeriodSeconds: ${message.source}`, 'm'),
      );
      temp.file(
        `big-${index}.json`,
        `{"apiVersion":"kubevirt.io/v1","kind":"VirtualMachineInstance","metadata":{"name":"x"},"spec":{"terminationGracePeriodSeconds":${value},"domain":{"devices":{},"resources":{"requests":{"memory":"2Gi"}}}}}`,
      );
      const json = await runCli(['lint', `big-${index}.json`], inTemp);
      assert.equal(json.status, 1);
      assert.match(
        json.stdout,
        new RegExp(
          `^big-${index}\\.json:1:\\d+: spec\\.terminationGracePeriodSeconds: ${message.source}`,
          'm',
        ),
      );
    });
  }

  it('keys 1 and "1", true and "true" in one mapping are duplicates (the same JSON key)', GUARD, async () => {
    temp.file(
      'same-key.yaml',
      vmiText().replace(
        '  name: hostile\n',
        '  name: hostile\n  labels: {1: a, "1": b, true: c, "true": d}\n',
      ),
    );
    const result = await runCli(['lint', 'same-key.yaml'], inTemp);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      /^same-key\.yaml:5:18: Map keys must be unique \(1 and "1" are the same JSON key "1"\)$/m,
    );
    assert.match(
      result.stdout,
      /^same-key\.yaml:5:\d+: Map keys must be unique \(true and "true" are the same JSON key "true"\)$/m,
    );
  });

  it('a name and a namespace the API server refuses', GUARD, async () => {
    temp.file('bad-name.yaml', vmiText({ name: 'Bad Name', namespace: 'Bad Namespace/../x' }));
    const result = await runCli(['lint', 'bad-name.yaml'], inTemp);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      /^bad-name\.yaml:4:3: metadata\.name: Invalid value: "Bad Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '\.', and must start and end with an alphanumeric character \(e\.g\. 'example\.com', regex used for validation is/m,
    );
    assert.match(
      result.stdout,
      /^bad-name\.yaml:5:3: metadata\.namespace: Invalid value: "Bad Namespace\/\.\.\/x": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character \(e\.g\. 'my-name', {2}or '123-abc', regex used/m,
    );
  });

  it(
    'label keys and values, annotation keys and total size as the API server checks them',
    GUARD,
    async () => {
      const meta = [
        '  name: hostile',
        '  labels:',
        '    "a/b/c": x',
        `    ok: "${'v'.repeat(64)}"`,
        '  annotations:',
        '    "-bad": x',
        `    big: "${'x'.repeat(262_144)}"`,
      ].join('\n');
      temp.file('meta.yaml', vmiText().replace('  name: hostile', meta));
      const result = await runCli(['lint', 'meta.yaml'], inTemp);
      assert.equal(result.status, 1);
      assert.match(
        result.stdout,
        /metadata\.labels: Invalid value: "a\/b\/c": a qualified name must consist of/,
      );
      assert.match(
        result.stdout,
        /metadata\.labels: Invalid value: "v{64}": must be no more than 63 characters/,
      );
      assert.match(result.stdout, /metadata\.annotations: Invalid value: "-bad": name part must consist of/);
      assert.match(result.stdout, /metadata\.annotations: Too long: may not be more than 262144 bytes/);
    },
  );
});

describe('hostile input: large broken JSON', () => {
  it(
    'a 5 MB JSON file with a syntax error: JSON.parse’s complaint, located, besides the node limit',
    GUARD,
    async () => {
      const text = JSON.stringify({
        kind: 'VirtualMachineInstance',
        junk: Array.from({ length: 3_000_000 }, () => 1),
      });
      const cut = text.slice(0, 5_000_000);
      temp.file('cut.json', cut);
      const result = await runCli(['lint', 'cut.json'], inTemp);
      assert.equal(result.status, 1);
      assert.match(
        result.stdout,
        /^cut\.json:1:5000001: has too many YAML nodes .*; read as JSON, it is invalid: Expected ',' or '\]' after array element$/m,
      );
    },
  );
});
