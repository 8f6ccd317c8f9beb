// `vmi-render lint FILE...`: the same inputs as render, no Pods, every problem per document, as text, JSON or
// JUnit; exit 0 when clean and 1 on any error (with --strict also on warnings); colour only on a terminal.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { ROOT, runCli } from '../support/cli.js';
import { assertCleanFailure, BASIC_VMI, PVC_CASE, runMain, tempDir } from './in-process.js';

type Obj = Record<string, unknown>;
interface LintJSON {
  errors: number;
  warnings: number;
  documents: {
    file: string;
    document: string;
    kind?: string;
    name?: string;
    problems: {
      severity: string;
      file: string;
      line?: number;
      column?: number;
      path: string;
      message: string;
    }[];
  }[];
}

const temp = tempDir();
after(() => temp.cleanup());
const inTemp = { cwd: temp.dir };

const basicText = readFileSync(BASIC_VMI, 'utf8');
const basic = parse(basicText) as Obj;
const named = (name: string): string =>
  stringify({ ...basic, metadata: { ...(basic.metadata as Obj), name } });
const BAD = basicText
  .replace('name: fedora-basic', 'name: bad')
  .replace('spec:\n', 'spec:\n  bogusField: 1\n')
  .replace('memory: 2Gi', 'memory: 1Gix');
// (a ConfigMap, an instancetype... among the inputs is a cluster object the render uses, not a problem)
const SERVICE = 'apiVersion: v1\nkind: Service\nmetadata: {name: settings}\n';
const ESC = '\u001b[';

/** good, bad (an unknown field and a bad quantity), good, a Service (skipped with a warning) */
const MIXED = [named('first'), BAD, named('third'), SERVICE].join('---\n');
// written once: tests run concurrently, and a rewrite (truncate, then write) could be read half-done
temp.file('mixed.yaml', MIXED);

describe('lint', { concurrency: 4 }, () => {
  it('a clean file: exit 0, a summary on stdout and no Pod', async () => {
    const result = await runCli(['lint', BASIC_VMI]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, '1 document(s) checked: 0 error(s), 0 warning(s) — ok\n');
  });

  it('prints every problem of every document and exits 1 when one has an error', async () => {
    const result = await runCli(['lint', 'mixed.yaml'], inTemp);
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.doesNotMatch(result.stdout, /containers:/, 'no Pod');
    const reported = result.stdout.trimEnd().split('\n');
    assert.deepEqual(reported, [
      `warning: mixed.yaml:${lineOf(MIXED, 'bogusField')}:3: spec.bogusField: unknown field "bogusField"`,
      `mixed.yaml:${lineOf(MIXED, '1Gix')}:9: spec.domain.resources.requests.memory: "1Gix" is not a valid quantity`,
      `warning: mixed.yaml:${lineOf(MIXED, 'kind: Service')}:1: kind: skipping Service: only VirtualMachineInstance and VirtualMachine documents are rendered`,
      '4 document(s) checked: 1 error(s), 2 warning(s)',
    ]);
  });

  it('-o json attributes each problem to its document', async () => {
    const result = await runCli(['lint', 'mixed.yaml', '-o', 'json'], inTemp);
    assert.equal(result.status, 1);
    const report = JSON.parse(result.stdout) as LintJSON;
    assert.equal(report.errors, 1);
    assert.equal(report.warnings, 2);
    assert.deepEqual(
      report.documents.map((document) => [
        document.document,
        document.kind,
        document.name,
        document.problems.length,
      ]),
      [
        ['1', 'VirtualMachineInstance', 'first', 0],
        ['2', 'VirtualMachineInstance', 'bad', 2],
        ['3', 'VirtualMachineInstance', 'third', 0],
        ['4', 'Service', 'settings', 1],
      ],
    );
    assert.deepEqual(report.documents[1]!.problems[1], {
      severity: 'error',
      file: 'mixed.yaml',
      line: lineOf(MIXED, '1Gix'),
      column: 9,
      path: 'spec.domain.resources.requests.memory',
      message: '"1Gix" is not a valid quantity',
      stage: 'schema',
    });
  });

  it('reports render errors (a missing PVC) with their document, and takes --objects like render', async () => {
    const vmi = join(PVC_CASE, 'vmi.yaml');
    const missing = await runCli(['lint', vmi, '-o', 'json']);
    assert.equal(missing.status, 1);
    const report = JSON.parse(missing.stdout) as LintJSON;
    assert.equal(report.documents.length, 1);
    assert.equal(report.documents[0]!.name, 'rhel9-server');
    assert.match(
      report.documents[0]!.problems[0]!.message,
      /failed to render launch manifest: didn't find PVC/,
    );
    const supplied = await runCli(['lint', vmi, '--objects', join(PVC_CASE, 'objects.yaml')]);
    assert.equal(supplied.status, 0, supplied.stdout);
  });

  it('-o junit: one test case per document, failures for errors, warnings as output, XML-escaped', async () => {
    const result = await runCli(['lint', 'mixed.yaml', '-o', 'junit'], inTemp);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="vmi-render lint" tests="4" failures="1">/,
    );
    assert.equal(result.stdout.match(/<testcase /g)?.length, 4);
    assert.equal(result.stdout.match(/<failure /g)?.length, 1);
    assert.match(result.stdout, /<failure message="&quot;1Gix&quot; is not a valid quantity" type="error">/);
    assert.match(
      result.stdout,
      /<system-out>mixed\.yaml:\d+:3: spec\.bogusField: unknown field &quot;bogusField&quot;<\/system-out>/,
    );
    assert.match(result.stdout, /<\/testsuites>\n$/);
  });

  it('--strict fails on warnings too', async () => {
    const input = basicText.replace('spec:\n', 'spec:\n  bogusField: 1\n');
    const [lenient, strict] = await Promise.all([
      runCli(['lint', '-'], { input }),
      runCli(['lint', '-', '--strict'], { input }),
    ]);
    assert.equal(lenient.status, 0, lenient.stdout);
    assert.match(lenient.stdout, /0 error\(s\), 1 warning\(s\) — ok/);
    assert.equal(strict.status, 1, strict.stdout);
  });

  it('reports unreadable and malformed files, and problems of --objects, as problems of their file', async () => {
    temp.file('malformed.yaml', 'a: [1, 2\n');
    temp.file(
      'pvc.yaml',
      'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: p}\nspec: {resources: {requests: {storage: 1Gix}}}\n',
    );
    const result = await runCli(
      ['lint', BASIC_VMI, 'missing.yaml', 'malformed.yaml', '--objects', 'pvc.yaml', '-o', 'json'],
      inTemp,
    );
    assert.equal(result.status, 1);
    const report = JSON.parse(result.stdout) as LintJSON;
    const byFile = (file: string) =>
      report.documents.find((document) => document.file === file && document.document === '');
    assert.equal(byFile('missing.yaml')?.problems[0]?.message, 'no such file');
    assert.match(byFile('malformed.yaml')?.problems[0]?.message ?? '', /Flow sequence/);
    assert.equal(byFile('pvc.yaml')?.problems[0]?.path, 'spec.resources.requests.storage');
    assert.equal(report.documents.filter((document) => document.document !== '').length, 1);
    assert.equal(result.stderr, '');
  });

  it('checks many documents and counts them all', async () => {
    const many = Array.from({ length: 200 }, (_, i) => named(`vm-${i}`)).join('---\n');
    const result = await runCli(['lint', '-'], { input: many });
    assert.equal(result.status, 0, result.stdout);
    assert.equal(result.stdout, '200 document(s) checked: 0 error(s), 0 warning(s) — ok\n');
  });

  it('usage errors exit 2', async () => {
    assertCleanFailure(await runCli(['lint', BASIC_VMI, '-o', 'yaml']), {
      status: 2,
      message: "argument 'yaml' is invalid. Allowed choices are text, json, junit",
    });
    assertCleanFailure(await runCli(['lint']), { status: 2, message: 'no input: give FILE arguments' });
  });
});

describe('colour', () => {
  const withEnv = async <T>(
    env: Record<string, string | undefined>,
    action: () => Promise<T>,
  ): Promise<T> => {
    const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
    const apply = (values: Record<string, string | undefined>): void => {
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    };
    apply(env);
    try {
      return await action();
    } finally {
      apply(saved);
    }
  };

  it('is never used when the output is not a terminal, even without NO_COLOR', async () => {
    const env = { NO_COLOR: undefined, FORCE_COLOR: undefined };
    const [lint, render] = await Promise.all([
      runCli(['lint', 'mixed.yaml'], { ...inTemp, env }),
      runCli(['mixed.yaml'], { ...inTemp, env }),
    ]);
    assert.equal(lint.status, 1);
    assert.ok(!lint.stdout.includes(ESC), lint.stdout);
    assert.equal(render.status, 1);
    assert.ok(!render.stderr.includes(ESC), render.stderr);
  });

  it('is used on a terminal, unless NO_COLOR is set or TERM is dumb', async () => {
    const input = MIXED;
    await withEnv({ NO_COLOR: undefined, TERM: 'xterm-256color' }, async () => {
      const lint = await runMain(['lint', '-'], { input, stdoutTTY: true });
      assert.ok(lint.stdout.includes(`${ESC}31m"1Gix" is not a valid quantity${ESC}39m`), lint.stdout);
      assert.ok(lint.stdout.includes(`${ESC}33mwarning:${ESC}39m`), lint.stdout);
      const render = await runMain(['-'], { input, stderrTTY: true });
      assert.equal(render.status, 1);
      assert.ok(render.stderr.includes(ESC), render.stderr);
    });
    await withEnv({ NO_COLOR: '1', TERM: 'xterm-256color' }, async () => {
      const lint = await runMain(['lint', '-'], { input, stdoutTTY: true });
      assert.ok(!lint.stdout.includes(ESC), lint.stdout);
      const render = await runMain(['-'], { input, stderrTTY: true });
      assert.ok(!render.stderr.includes(ESC), render.stderr);
    });
    await withEnv({ NO_COLOR: undefined, TERM: 'dumb' }, async () => {
      const lint = await runMain(['lint', '-'], { input, stdoutTTY: true });
      assert.ok(!lint.stdout.includes(ESC), lint.stdout);
    });
  });
});

/** The 1-based line of the first line containing `text`. */
function lineOf(text: string, needle: string): number {
  return text.split('\n').findIndex((line) => line.includes(needle)) + 1;
}

describe('lint: every stage that can run, in one run, each problem with its stage', () => {
  const lintTemp = tempDir();
  after(() => lintTemp.cleanup());
  const CASE = join(ROOT, 'fixtures/conformance/v1.9.0/vm-admit-cases/024-conflict-cpu-threads');

  it('a VM whose instancetype conflicts and whose PVC is missing: both, with virt-api and the render as stages', async () => {
    const vm = parse(readFileSync(join(CASE, 'vmi.yaml'), 'utf8')) as {
      spec: { template: { spec: { volumes: Record<string, unknown>[] } } };
    };
    vm.spec.template.spec.volumes.push({ name: 'data', persistentVolumeClaim: { claimName: 'db-data' } });
    const file = lintTemp.file('conflict-and-missing-pvc.yaml', stringify(vm));
    const result = await runCli(['lint', file, '--objects', join(CASE, 'objects.yaml'), '-o', 'json']);
    assert.equal(result.status, 1);
    const report = JSON.parse(result.stdout) as {
      documents: { problems: { stage: string; path: string; message: string; admission?: unknown }[] }[];
    };
    const problems = report.documents[0]!.problems;
    assert.deepEqual(
      problems.map((problem) => [problem.stage, problem.path]),
      [
        ['vm-admission', 'spec.template.spec.domain.cpu.threads'],
        ['render', ''],
        ['render', 'spec.template.spec.volumes[2].persistentVolumeClaim.claimName'],
      ],
    );
    assert.deepEqual(problems[0]!.admission, {
      webhook: 'VirtualMachine',
      type: 'FieldValueInvalid',
      field: 'spec.template.spec.domain.cpu.threads',
      message: 'VM field(s) spec.template.spec.domain.cpu.threads conflicts with selected instance type',
    });
    assert.match(problems[2]!.message, /also missing: PersistentVolumeClaim "db-data" in namespace "apps"/);
    // what could not run, and why
    assert.deepEqual(
      (report.documents[0] as { skipped?: { stage: string }[] }).skipped?.map((skip) => skip.stage),
      ['vmi-admission', 'render'],
    );
  });

  it('schema problems are labelled schema, reading problems input', async () => {
    const vmi = parse(readFileSync(BASIC_VMI, 'utf8')) as { spec: Record<string, unknown> };
    vmi.spec.bogusField = 1;
    const file = lintTemp.file('bogus.yaml', stringify(vmi));
    const result = await runCli(['lint', file, lintTemp.file('empty.yaml', ''), '-o', 'json']);
    const report = JSON.parse(result.stdout) as {
      documents: { problems: { stage: string; message: string }[] }[];
    };
    const stages = report.documents.flatMap((document) =>
      document.problems.map((problem) => [problem.stage, problem.message]),
    );
    assert.ok(
      stages.some(([stage, message]) => stage === 'schema' && /unknown field "bogusField"/.test(message!)),
      JSON.stringify(stages),
    );
    assert.ok(
      stages.some(([stage, message]) => stage === 'input' && /is empty/.test(message!)),
      JSON.stringify(stages),
    );
  });
});

describe('lint: clone authorization of a dataVolumeTemplate from another namespace (v1.4.0)', () => {
  const CASE = join(
    ROOT,
    'fixtures/conformance/v1.4.0/vm-admit-cases/013-dvt-clone-source-namespace-missing',
  );

  it('with Namespaces among the objects: upstream refuses a missing source namespace', async () => {
    const args = ['lint', join(CASE, 'vmi.yaml'), '--objects', join(CASE, 'objects.yaml')];
    const result = await runCli([...args, '--kubevirt-version', 'v1.4.0']);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      /virt-api would refuse to create VirtualMachine "db05": namespace "golden-image" not found/,
    );
    // v1.9.0's webhook no longer fails there
    const current = await runCli([...args, '--kubevirt-version', 'v1.9.0']);
    assert.doesNotMatch(current.stdout, /golden-image/);
  });

  it('without them: a warning that the check needs them', async () => {
    const result = await runCli(['lint', join(CASE, 'vmi.yaml'), '--kubevirt-version', 'v1.4.0']);
    assert.match(
      result.stdout,
      /warning: .*spec\.dataVolumeTemplates\[0\]: not checked: virt-api refuses a clone from a namespace that does not exist \("golden-image"\); supply the Namespaces/,
    );
  });
});

describe('lint: clone authorization of a dataVolumeTemplate from a DataSource (v1.4.0)', () => {
  const CASE = join(ROOT, 'fixtures/conformance/v1.4.0/vm-admit-cases/098-dvt-sourceref-datasource-missing');
  const objects = readFileSync(join(CASE, 'objects.yaml'), 'utf8');

  it('with the Namespaces among the objects: upstream refuses a missing DataSource', async () => {
    const result = await runCli([
      'lint',
      join(CASE, 'vmi.yaml'),
      '--objects',
      join(CASE, 'objects.yaml'),
      '--kubevirt-version',
      'v1.4.0',
    ]);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      /virt-api would refuse to create VirtualMachine "ds-missing": datasource\.cdi\.kubevirt\.io "os-images\/fedora" not found/,
    );
  });

  it('without them: a warning that the check needs the DataSource and the Namespaces', async () => {
    const withoutNamespaces = parseAllDocuments(objects)
      .map((document) => document.toJS() as { kind?: string })
      .filter((object) => object.kind !== 'Namespace');
    const result = await runCli(
      ['lint', join(CASE, 'vmi.yaml'), '--objects', '-', '--kubevirt-version', 'v1.4.0'],
      { input: withoutNamespaces.map((object) => JSON.stringify(object)).join('\n') },
    );
    assert.doesNotMatch(result.stdout, /would refuse/);
    assert.match(
      result.stdout,
      /warning: .*spec\.dataVolumeTemplates\[0\]: not checked: virt-api refuses a clone from a DataSource that does not exist \("os-images\/fedora"\); supply the DataSource and the Namespaces/,
    );
  });
});
