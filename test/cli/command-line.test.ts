// The command line of `vmi-render [render]`: inputs (files, '-', multi-document YAML, JSON, `kind: List`),
// outputs (YAML separated by `---`, one JSON object or a List), --objects, namespace and UID defaults,
// determinism, and the exit codes 0, 1, 2 and 70 (of `watch` too).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT, runCli } from '../support/cli.js';
import { assertCleanFailure, BASIC_VMI, PVC_CASE, runMain, tempDir, VM_CONFORMANCE } from './in-process.js';

type Obj = Record<string, unknown>;
interface Container {
  name: string;
  image: string;
  command?: string[];
}
interface Pod {
  metadata: { generateName: string; labels: Record<string, string> };
  spec: { containers: Container[]; nodeSelector?: Record<string, string> };
}

const basic = parse(readFileSync(BASIC_VMI, 'utf8')) as Obj;
const plainVM = parse(
  readFileSync(join(VM_CONFORMANCE, '001-vm-plain-no-instancetype', 'vmi.yaml'), 'utf8'),
) as Obj;

/** The basic VMI under another name (and namespace, uid: `undefined` drops the field). */
function vmiNamed(name: string, metadata: Obj = {}): Obj {
  const copy = structuredClone(basic);
  const merged: Obj = { ...(copy.metadata as Obj), name, ...metadata };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  copy.metadata = merged;
  return copy;
}

function vmNamed(name: string): Obj {
  const copy = structuredClone(plainVM);
  copy.metadata = { ...(copy.metadata as Obj), name, uid: undefined };
  delete (copy.metadata as Obj).uid;
  return copy;
}

const yamlDocuments = (...objects: Obj[]): string => objects.map((object) => stringify(object)).join('---\n');
const podsOf = (stdout: string): Pod[] => parseAllDocuments(stdout).map((document) => document.toJS() as Pod);
const launcherNames = (pods: Pod[]): string[] => pods.map((pod) => pod.metadata.generateName);
const compute = (pod: Pod): Container =>
  pod.spec.containers.find((container) => container.name === 'compute')!;
const argAfter = (container: Container, flag: string): string | undefined => {
  const command = container.command ?? [];
  const at = command.indexOf(flag);
  return at === -1 ? undefined : command[at + 1];
};

const execFileAsync = promisify(execFile);
const temp = tempDir();
after(() => temp.cleanup());

describe('render: inputs and outputs', { concurrency: 4 }, () => {
  it('renders the Pod of a VMI file as YAML, with exit 0 and nothing on stderr', async () => {
    const result = await runCli([BASIC_VMI]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr, '');
    const pods = podsOf(result.stdout);
    assert.equal(pods.length, 1);
    assert.equal(pods[0]!.metadata.generateName, 'virt-launcher-fedora-basic-');
    assert.ok(compute(pods[0]!), 'a compute container');
  });

  it('`render` is the default command', async () => {
    const [implicit, explicit] = await Promise.all([runCli([BASIC_VMI]), runCli(['render', BASIC_VMI])]);
    assert.equal(explicit.status, 0, explicit.stderr);
    assert.equal(implicit.stdout, explicit.stdout);
  });

  it("reads '-' from standard input", async () => {
    const [fromFile, fromStdin] = await Promise.all([
      runCli([BASIC_VMI]),
      runCli(['-'], { input: readFileSync(BASIC_VMI) }),
    ]);
    assert.equal(fromStdin.status, 0, fromStdin.stderr);
    assert.equal(fromStdin.stdout, fromFile.stdout);
  });

  it('reads standard input from a producer slower than its own start-up', async () => {
    // The pipe is still empty when vmi-render reads it; a non-blocking read must wait, not fail with EAGAIN.
    const { stdout, stderr } = await execFileAsync(
      'sh',
      ['-c', '(sleep 1; cat "$1") | "$2" bin/vmi-render -', 'sh', BASIC_VMI, process.execPath],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8' },
    );
    assert.equal(stderr, '');
    assert.equal(podsOf(stdout).length, 1);
  });

  it('renders every VMI and VM of several files, multi-document YAML and Lists, in input order', async () => {
    const first = temp.file(
      'first.yaml',
      yamlDocuments(vmiNamed('alpha'), vmNamed('bravo'), vmiNamed('charlie')),
    );
    const list = temp.file(
      'list.json',
      JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [vmiNamed('delta'), vmNamed('echo')] }),
    );
    const result = await runCli([first, list, '-'], { input: stringify(vmiNamed('foxtrot')) });
    assert.equal(result.status, 0, result.stderr);
    const pods = podsOf(result.stdout);
    assert.deepEqual(
      launcherNames(pods),
      ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'].map((name) => `virt-launcher-${name}-`),
    );
    assert.equal(result.stdout.match(/^---$/gm)?.length, 5, 'YAML Pods are separated by ---');
  });

  it('prints one JSON Pod as the object itself', async () => {
    const result = await runCli([BASIC_VMI, '-o', 'json']);
    assert.equal(result.status, 0, result.stderr);
    const pod = JSON.parse(result.stdout) as Pod & { kind?: string };
    assert.notEqual(pod.kind, 'List');
    assert.equal(pod.metadata.generateName, 'virt-launcher-fedora-basic-');
  });

  it('prints several JSON Pods as {"apiVersion":"v1","kind":"List","items":[...]}', async () => {
    const input = yamlDocuments(vmiNamed('one'), vmiNamed('two'));
    const result = await runCli(['-', '--output', 'json'], { input });
    assert.equal(result.status, 0, result.stderr);
    const list = JSON.parse(result.stdout) as { apiVersion: string; kind: string; items: Pod[] };
    assert.deepEqual(Object.keys(list), ['apiVersion', 'kind', 'items']);
    assert.equal(list.apiVersion, 'v1');
    assert.equal(list.kind, 'List');
    assert.deepEqual(launcherNames(list.items), ['virt-launcher-one-', 'virt-launcher-two-']);
  });

  it('reads JSON documents as well as YAML', async () => {
    const json = temp.file('basic.json', JSON.stringify(basic, null, 2));
    const [fromYaml, fromJson] = await Promise.all([runCli([BASIC_VMI]), runCli([json])]);
    assert.equal(fromJson.status, 0, fromJson.stderr);
    assert.equal(fromJson.stdout, fromYaml.stdout);
  });

  it('--show vmi prints the VMI that would be created', async () => {
    const result = await runCli([BASIC_VMI, '--show', 'vmi', '-o', 'json']);
    assert.equal(result.status, 0, result.stderr);
    const vmi = JSON.parse(result.stdout) as { kind: string; metadata: { name: string } };
    assert.equal(vmi.kind, 'VirtualMachineInstance');
    assert.equal(vmi.metadata.name, 'fedora-basic');
  });

  it('--arch, --launcher-image and --no-admission reach the render', async () => {
    const result = await runCli([BASIC_VMI, '--arch', 'arm64', '--launcher-image', 'example.com/launcher:x']);
    assert.equal(result.status, 0, result.stderr);
    const [pod] = podsOf(result.stdout);
    assert.equal(pod!.spec.nodeSelector?.['kubernetes.io/arch'], 'arm64');
    assert.equal(compute(pod!).image, 'example.com/launcher:x');
    const raw = await runCli([BASIC_VMI, '--no-admission']);
    assert.equal(raw.status, 0, raw.stderr);
    const plain = await runCli([BASIC_VMI]);
    assert.notEqual(raw.stdout, plain.stdout, 'without the create-time defaults the Pod differs');
  });
});

describe('render: --objects', { concurrency: 4 }, () => {
  const vmi = join(PVC_CASE, 'vmi.yaml');
  const objects = join(PVC_CASE, 'objects.yaml');
  const pvcs = parseAllDocuments(readFileSync(objects, 'utf8')).map((document) => document.toJS() as Obj);

  it('a VMI whose PVC is not supplied fails with a render error (exit 1)', async () => {
    const result = await runCli([vmi]);
    assertCleanFailure(result, { status: 1, file: vmi, message: "didn't find PVC" });
  });

  it('multi-document YAML, a `kind: List` and repeated --objects give the same Pod', async () => {
    const list = temp.file('objects-list.yaml', stringify({ apiVersion: 'v1', kind: 'List', items: pvcs }));
    const split = pvcs.map((pvc, i) => temp.file(`pvc-${i}.json`, JSON.stringify(pvc)));
    const [multi, asList, repeated] = await Promise.all([
      runCli([vmi, '--objects', objects]),
      runCli([vmi, '--objects', list]),
      runCli([vmi, ...split.flatMap((file) => ['--objects', file])]),
    ]);
    assert.equal(multi.status, 0, multi.stderr);
    assert.equal(asList.status, 0, asList.stderr);
    assert.equal(repeated.status, 0, repeated.stderr);
    assert.equal(asList.stdout, multi.stdout);
    assert.equal(repeated.stdout, multi.stdout);
  });

  it('skips kinds the render does not consult, with a warning on stderr', async () => {
    const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'vms' } };
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'api', namespace: 'vms' },
    };
    const mixed = temp.file('mixed.yaml', yamlDocuments(service, ...pvcs, deployment));
    const [plain, withOthers] = await Promise.all([
      runCli([vmi, '--objects', objects]),
      runCli([vmi, '--objects', mixed]),
    ]);
    assert.equal(withOthers.status, 0, withOthers.stderr);
    assert.equal(withOthers.stdout, plain.stdout);
    assert.match(withOthers.stderr, /^warning: .*mixed\.yaml:1:1: skipping Service/m);
    assert.match(withOthers.stderr, /^warning: .*mixed\.yaml:\d+:1: skipping Deployment/m);
  });
});

describe('render: namespace and UID defaults, determinism', { concurrency: 4 }, () => {
  const withoutIdentity = stringify(vmiNamed('anon', { namespace: undefined, uid: undefined }));

  it('a VMI without a namespace is in --namespace, else in "default"', async () => {
    const [plain, flagged, short] = await Promise.all([
      runCli(['-', '--show', 'vmi', '-o', 'json'], { input: withoutIdentity }),
      runCli(['-', '--show', 'vmi', '-o', 'json', '--namespace', 'team-x'], { input: withoutIdentity }),
      runCli(['-', '-n', 'team-y'], { input: withoutIdentity }),
    ]);
    assert.equal((JSON.parse(plain.stdout) as { metadata: Obj }).metadata.namespace, 'default');
    assert.equal((JSON.parse(flagged.stdout) as { metadata: Obj }).metadata.namespace, 'team-x');
    assert.equal(argAfter(compute(podsOf(short.stdout)[0]!), '--namespace'), 'team-y');
  });

  it("a VMI's own namespace wins over --namespace", async () => {
    const result = await runCli([BASIC_VMI, '-n', 'elsewhere']);
    assert.equal(argAfter(compute(podsOf(result.stdout)[0]!), '--namespace'), 'default');
  });

  it('a missing UID is derived from namespace and name: stable, and different for another namespace or name', async () => {
    const uidOf = async (args: string[], input: string): Promise<string> => {
      const result = await runCli(['-', '-o', 'json', ...args], { input });
      assert.equal(result.status, 0, result.stderr);
      return (JSON.parse(result.stdout) as Pod).metadata.labels['kubevirt.io/created-by']!;
    };
    const renamed = stringify(vmiNamed('other', { namespace: undefined, uid: undefined }));
    const [first, again, otherNamespace, otherName] = await Promise.all([
      uidOf([], withoutIdentity),
      uidOf([], withoutIdentity),
      uidOf(['-n', 'team-x'], withoutIdentity),
      uidOf([], renamed),
    ]);
    assert.match(first, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(again, first);
    assert.notEqual(otherNamespace, first);
    assert.notEqual(otherName, first);
    assert.equal(
      await uidOf(['--uid', 'f00dfeed-0000-4000-8000-000000000001'], withoutIdentity),
      'f00dfeed-0000-4000-8000-000000000001',
    );
    const given = stringify(
      vmiNamed('anon', { namespace: undefined, uid: '0badcafe-0000-4000-8000-000000000002' }),
    );
    assert.equal(await uidOf([], given), '0badcafe-0000-4000-8000-000000000002');
  });

  it('the same input always gives byte-identical output (spawned twice, and in-process)', async () => {
    const input = yamlDocuments(vmiNamed('one', { uid: undefined }), vmNamed('two'), vmiNamed('three'));
    for (const format of ['yaml', 'json']) {
      const [first, second] = await Promise.all([
        runCli(['-', '-o', format], { input }),
        runCli(['-', '-o', format], { input }),
      ]);
      const inProcess = await runMain(['-', '-o', format], { input });
      assert.equal(first.status, 0, first.stderr);
      assert.equal(second.stdout, first.stdout);
      assert.equal(inProcess.stdout, first.stdout);
    }
  });
});

describe('exit codes', { concurrency: 4 }, () => {
  it('0: success; --help and --version too', async () => {
    const [render, help, version] = await Promise.all([
      runCli([BASIC_VMI]),
      runCli(['--help']),
      runCli(['--version']),
    ]);
    assert.equal(render.status, 0);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /Usage: vmi-render/);
    assert.equal(version.status, 0);
    assert.match(version.stdout, /KubeVirt v1\.4\.0/);
  });

  it('1: invalid input', async () => {
    const input = stringify({ ...basic, spec: { ...(basic.spec as Obj), domain: 'not an object' } });
    assertCleanFailure(await runCli(['-'], { input }), { status: 1, file: '<stdin>', field: 'spec.domain' });
  });

  it('1: a render error (upstream would fail)', async () => {
    const result = await runCli([join(PVC_CASE, 'vmi.yaml')]);
    assertCleanFailure(result, { status: 1, message: /failed to render launch manifest: didn't find PVC/ });
  });

  const usage: [string, string[], RegExp][] = [
    ['an unknown flag', [BASIC_VMI, '--frobnicate'], /unknown option '--frobnicate'/],
    ['no FILE', ['render'], /no input: give FILE arguments, -f PATH or -/],
    [
      'a bad --arch',
      [BASIC_VMI, '--arch', 'riscv64'],
      /option '--arch <ARCH>' argument 'riscv64' is invalid/,
    ],
    [
      'a bad --output',
      [BASIC_VMI, '-o', 'xml'],
      /argument 'xml' is invalid\. Allowed choices are yaml, json/,
    ],
    [
      'a bad --show',
      [BASIC_VMI, '--show', 'node'],
      /argument 'node' is invalid\. Allowed choices are pod, vmi/,
    ],
    ['a flag without its value', [BASIC_VMI, '--objects'], /option '--objects <PATH>' argument missing/],
    [
      '--uid with several VMIs',
      [BASIC_VMI, BASIC_VMI, '--uid', '7c9e6679-7425-40de-944b-e07fc1f90001'],
      /--uid applies to a single/,
    ],
    [
      'an invalid --namespace',
      [BASIC_VMI, '-n', 'Bad NS!'],
      /--namespace must be a lowercase RFC 1123 label/,
    ],
  ];
  for (const [what, args, message] of usage) {
    it(`2: usage error: ${what}`, async () => {
      assertCleanFailure(await runCli(args), { status: 2, message });
    });
  }

  it('70: an internal error says it is a bug, without a stack trace unless VMI_RENDER_DEBUG is set', async () => {
    // No input can make vmi-render fail internally on purpose; a stdout that throws a plain Error stands in.
    const failure = new Error('disk on fire');
    const previous = process.env.VMI_RENDER_DEBUG;
    try {
      delete process.env.VMI_RENDER_DEBUG;
      const result = await runMain([BASIC_VMI], { stdoutFails: failure });
      assert.equal(result.status, 70);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, /internal error \(this is a bug in vmi-render; please report it/);
      assert.match(result.stderr, /disk on fire/);
      assert.doesNotMatch(result.stderr, /^\s+at /m);

      process.env.VMI_RENDER_DEBUG = '1';
      const debug = await runMain([BASIC_VMI], { stdoutFails: failure });
      assert.equal(debug.status, 70);
      assert.match(debug.stderr, /^\s+at /m, 'VMI_RENDER_DEBUG adds the stack trace');
    } finally {
      if (previous === undefined) delete process.env.VMI_RENDER_DEBUG;
      else process.env.VMI_RENDER_DEBUG = previous;
    }
  });
});

describe('watch: exit codes', { concurrency: 2 }, () => {
  // A cluster nobody answers at (port 1 on loopback refuses connections): no cluster is needed.
  const kubeconfig = temp.file(
    'unreachable-kubeconfig.json',
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'nowhere', cluster: { server: 'http://127.0.0.1:1' } }],
      users: [{ name: 'nobody', user: { token: 'none' } }],
      contexts: [{ name: 'nowhere', context: { cluster: 'nowhere', user: 'nobody' } }],
      'current-context': 'nowhere',
    }),
  );

  it('1: a cluster that cannot be reached is a clear error, not a bug', async () => {
    const result = await runMain(['watch', '--kubeconfig', kubeconfig, '--once', '--sync-timeout', '1s']);
    assertCleanFailure(result, {
      status: 1,
      message: /vmi-render watch: caches did not sync within 1000 ms/,
    });
  });

  it('2: a usage error', async () => {
    assertCleanFailure(await runMain(['watch', '--workers', '0']), { status: 2, message: /--workers/ });
  });

  it('70: an unexpected error is reported by the top-level handler, as for the other commands', async () => {
    // The first log line fails to be written with a plain Error: a failure inside watch that is none of
    // vmi-render's errors (no cluster is contacted before that line).
    const previous = process.env.VMI_RENDER_DEBUG;
    try {
      delete process.env.VMI_RENDER_DEBUG;
      const failure = new Error('log sink on fire');
      const result = await runMain(['watch', '--kubeconfig', kubeconfig, '--once'], {
        stderrFailsFirst: failure,
      });
      assert.equal(result.status, 70);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, /internal error \(this is a bug in vmi-render; please report it/);
      assert.match(result.stderr, /log sink on fire/);
      assert.doesNotMatch(result.stderr, /^\s+at /m);

      process.env.VMI_RENDER_DEBUG = '1';
      const debug = await runMain(['watch', '--kubeconfig', kubeconfig, '--once'], {
        stderrFailsFirst: failure,
      });
      assert.equal(debug.status, 70);
      assert.match(debug.stderr, /^\s+at /m, 'VMI_RENDER_DEBUG adds the stack trace');
    } finally {
      if (previous === undefined) delete process.env.VMI_RENDER_DEBUG;
      else process.env.VMI_RENDER_DEBUG = previous;
    }
  });
});
