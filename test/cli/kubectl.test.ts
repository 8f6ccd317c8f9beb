// What a Kubernetes user expects of the command line (issue 10): objects kubectl and the API server take as
// printed (apiVersion, kind, namespace), --pod-name, inputs as users keep them (directories, -f, -R, cluster
// objects beside the VMs, --objects lists, --max-input-size), and the usual habits (version, completion,
// help COMMAND, unknown commands, --uid, unsupported kinds). Every test spawns the built CLI.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { ROOT, runCli } from '../support/cli.js';
import { BASIC_VMI, CONFORMANCE, PVC_CASE, tempDir, VM_CONFORMANCE } from './in-process.js';
import { launcherPodName } from '../../src/util/launcher-pod-name.js';
import { KUBEVIRT_VERSIONS } from '../../src/release/release.js';

type Obj = Record<string, unknown>;
interface Meta {
  name?: string;
  generateName?: string;
  namespace?: string;
}
interface Printed {
  apiVersion?: string;
  kind?: string;
  metadata?: Meta;
  items?: Printed[];
}

const temp = tempDir('vmi-render-kubectl-');
after(() => temp.cleanup());

const basic = parse(readFileSync(BASIC_VMI, 'utf8')) as Obj;
const INSTANCETYPE_CASE = join(VM_CONFORMANCE, '004-namespaced-instancetype-and-preference');

/** The basic VMI under another name, without a namespace unless given. */
function vmiNamed(name: string, metadata: Obj = {}): Obj {
  const copy = structuredClone(basic);
  const merged: Obj = { ...(copy.metadata as Obj), name, ...metadata };
  if (metadata.namespace === undefined) delete merged.namespace;
  copy.metadata = merged;
  return copy;
}
const yamlOf = (...objects: Obj[]): string => objects.map((object) => stringify(object)).join('---\n');
/** The 1-based line of a file that holds `needle`. */
const lineOf = (file: string, needle: string): number =>
  readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(needle)) + 1;
const documents = (stdout: string): Printed[] =>
  parseAllDocuments(stdout).map((document) => document.toJS() as Printed);

/** The API server's order of the first keys: apiVersion, kind, metadata. */
function assertCreatedShape(object: Printed, apiVersion: string, kind: string, namespace: string): void {
  assert.deepEqual(Object.keys(object).slice(0, 3), ['apiVersion', 'kind', 'metadata']);
  assert.equal(object.apiVersion, apiVersion);
  assert.equal(object.kind, kind);
  assert.equal(object.metadata?.namespace, namespace);
}

describe('real objects: apiVersion, kind, namespace', { concurrency: 4 }, () => {
  it('every YAML document is a Pod in its VMI namespace', async () => {
    const input = temp.file(
      'two.yaml',
      yamlOf(vmiNamed('first'), vmiNamed('second', { namespace: 'team-b' })),
    );
    const result = await runCli(['render', input, '-n', 'restricted']);
    assert.equal(result.status, 0, result.stderr);
    const pods = documents(result.stdout);
    assert.equal(pods.length, 2);
    // a document without a namespace takes -n; one with a namespace keeps it
    assertCreatedShape(pods[0]!, 'v1', 'Pod', 'restricted');
    assertCreatedShape(pods[1]!, 'v1', 'Pod', 'team-b');
    // upstream's template otherwise: generateName, no name
    assert.equal(pods[0]!.metadata?.generateName, 'virt-launcher-first-');
    assert.equal(pods[0]!.metadata?.name, undefined);
    assert.match(result.stdout, /^apiVersion: v1\nkind: Pod\nmetadata:\n/);
  });

  it('a JSON Pod, and every item of a JSON List', async () => {
    const single = await runCli(['render', BASIC_VMI, '-o', 'json']);
    assert.equal(single.status, 0, single.stderr);
    assertCreatedShape(JSON.parse(single.stdout) as Printed, 'v1', 'Pod', 'default');
    const input = temp.file('list.yaml', yamlOf(vmiNamed('a'), vmiNamed('b', { namespace: 'other' })));
    const list = await runCli(['render', input, '-o', 'json']);
    assert.equal(list.status, 0, list.stderr);
    const printed = JSON.parse(list.stdout) as Printed;
    assert.equal(printed.kind, 'List');
    assert.deepEqual(
      printed.items!.map((item) => [item.apiVersion, item.kind, item.metadata?.namespace]),
      [
        ['v1', 'Pod', 'default'],
        ['v1', 'Pod', 'other'],
      ],
    );
    for (const item of printed.items!) assertCreatedShape(item, 'v1', 'Pod', item.metadata!.namespace!);
  });

  it('--show vmi prints kubevirt.io/v1 VirtualMachineInstances, for a VM too', async () => {
    const vm = join(VM_CONFORMANCE, '001-vm-plain-no-instancetype', 'vmi.yaml');
    const oldApi = temp.file(
      'v1alpha3.yaml',
      yamlOf({ ...vmiNamed('old'), apiVersion: 'kubevirt.io/v1alpha3' }),
    );
    for (const [input, format] of [
      [vm, 'yaml'],
      [vm, 'json'],
      [oldApi, 'yaml'],
    ] as const) {
      const result = await runCli(['render', input, '--show', 'vmi', '-o', format, '-n', 'ns1']);
      assert.equal(result.status, 0, result.stderr);
      const vmi = (format === 'json' ? JSON.parse(result.stdout) : parse(result.stdout)) as Printed;
      const expectedNamespace =
        ((parse(readFileSync(input, 'utf8')) as { metadata?: Meta }).metadata?.namespace ?? '') || 'ns1';
      assertCreatedShape(vmi, 'kubevirt.io/v1', 'VirtualMachineInstance', expectedNamespace);
    }
  });
});

describe('--pod-name', { concurrency: 4 }, () => {
  it('generate (the default) keeps generateName', async () => {
    for (const args of [[], ['--pod-name', 'generate']]) {
      const result = await runCli(['render', BASIC_VMI, ...args]);
      assert.equal(result.status, 0, result.stderr);
      const [pod] = documents(result.stdout);
      assert.equal(pod!.metadata?.generateName, 'virt-launcher-fedora-basic-');
      assert.equal(pod!.metadata?.name, undefined);
    }
  });

  it('stable names every Pod as watch does (hashed past 63 characters)', async () => {
    const long = 'a'.repeat(40) + '-' + 'b'.repeat(30);
    const input = temp.file('stable.yaml', yamlOf(vmiNamed('web'), vmiNamed(long)));
    for (const format of ['yaml', 'json']) {
      const result = await runCli(['render', '--pod-name', 'stable', input, '-o', format]);
      assert.equal(result.status, 0, result.stderr);
      const pods =
        format === 'json' ? (JSON.parse(result.stdout) as Printed).items! : documents(result.stdout);
      assert.deepEqual(
        pods.map((pod) => pod.metadata?.name),
        [launcherPodName('web'), launcherPodName(long)],
      );
      assert.equal(pods[0]!.metadata?.name, 'virt-launcher-web');
      assert.ok(pods[1]!.metadata!.name!.length <= 63);
      for (const pod of pods) {
        assert.equal(pod.metadata?.generateName, undefined);
        assertCreatedShape(pod, 'v1', 'Pod', 'default');
      }
    }
  });

  it('NAME names the Pod of a single VMI', async () => {
    const result = await runCli(['render', BASIC_VMI, '--pod-name', 'my-pod.v1', '-o', 'json']);
    assert.equal(result.status, 0, result.stderr);
    const pod = JSON.parse(result.stdout) as Printed;
    assert.equal(pod.metadata?.name, 'my-pod.v1');
    assert.equal(pod.metadata?.generateName, undefined);
  });

  it('NAME with several VMIs, or not a DNS-1123 subdomain, is a usage error', async () => {
    const input = temp.file('several.yaml', yamlOf(vmiNamed('one'), vmiNamed('two')));
    const several = await runCli(['render', input, '--pod-name', 'pod']);
    assert.equal(several.status, 2);
    assert.equal(several.stdout, '');
    assert.match(
      several.stderr,
      /--pod-name pod applies to a single VirtualMachineInstance.*--pod-name stable/,
    );
    for (const bad of ['My-Pod', 'pod_1', '-pod', 'a'.repeat(254), 'pod.']) {
      const result = await runCli(['render', BASIC_VMI, '--pod-name', bad]);
      assert.equal(result.status, 2, bad);
      assert.match(
        result.stderr,
        /--pod-name must be generate, stable or a Pod name \(a lowercase RFC 1123 subdomain/,
      );
    }
  });
});

describe('inputs the way users keep them', { concurrency: 4 }, () => {
  const tree = join(temp.dir, 'tree');
  mkdirSync(join(tree, 'storage', 'deeper'), { recursive: true });
  copyFileSync(join(PVC_CASE, 'vmi.yaml'), join(tree, 'vm.yaml'));
  // the PVCs the VMI needs, one directory down, and a Service beside them
  copyFileSync(join(PVC_CASE, 'objects.yaml'), join(tree, 'storage', 'pvcs.yml'));
  writeFileSync(join(tree, 'storage', 'deeper', 'basic.json'), JSON.stringify(vmiNamed('deep')));
  writeFileSync(
    join(tree, 'service.json'),
    JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } }),
  );
  writeFileSync(join(tree, 'README.md'), '# not a manifest\n');
  writeFileSync(join(tree, 'empty.yaml'), '');

  it('a directory is its *.yaml, *.yml and *.json files; -R adds its subdirectories', async () => {
    const flat = await runCli(['render', tree]);
    // without -R the PVCs are not read: the render names the missing one
    assert.equal(flat.status, 1);
    assert.match(flat.stderr, /didn't find PVC/);
    const deep = await runCli(['render', '-R', tree]);
    assert.equal(deep.status, 0, deep.stderr);
    const pods = documents(deep.stdout);
    // files in name order, each directory's entries sorted: storage/deeper/basic.json before vm.yaml
    assert.deepEqual(
      pods.map((pod) => pod.metadata?.generateName),
      ['virt-launcher-deep-', 'virt-launcher-rhel9-server-'],
    );
    // in a directory the Service is skipped quietly; README.md and the empty file are not inputs; the PVCs
    // are used, no problem
    assert.equal(deep.stderr, '');
    // named on the command line, it is skipped with a warning; a misspelt kind is warned about anywhere
    const typoDir = join(temp.dir, 'typo-dir');
    mkdirSync(typoDir);
    const typo = join(typoDir, 'typo.yaml');
    writeFileSync(typo, yamlOf({ ...vmiNamed('typo'), kind: 'VirtualMachineInstanse' }));
    const withService = temp.file(
      'with-service.yaml',
      yamlOf(vmiNamed('beside'), { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } }),
    );
    const named = await runCli(['render', typoDir, withService]);
    assert.equal(named.status, 0, named.stderr);
    assert.equal(
      named.stderr,
      // (problems are printed in file name order)
      `warning: ${typo}:${lineOf(typo, 'kind:')}:1: kind: skipping VirtualMachineInstanse: only VirtualMachineInstance and VirtualMachine documents are rendered (did you mean VirtualMachineInstance?)\n` +
        `warning: ${withService}:${lineOf(withService, 'kind: Service')}:1: kind: skipping Service: only VirtualMachineInstance and VirtualMachine documents are rendered\n`,
    );
  });

  it('-f and --filename, repeatable, for files and directories, beside FILE arguments', async () => {
    const result = await runCli([
      'render',
      BASIC_VMI,
      '-f',
      join(tree, 'vm.yaml'),
      '--filename',
      join(tree, 'storage'),
      '-o',
      'json',
    ]);
    assert.equal(result.status, 0, result.stderr);
    const names = (JSON.parse(result.stdout) as Printed).items!.map((pod) => pod.metadata?.generateName);
    assert.deepEqual(names, ['virt-launcher-fedora-basic-', 'virt-launcher-rhel9-server-']);
    const none = await runCli(['render']);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /no input: give FILE arguments, -f PATH or -/);
  });

  it('cluster objects among the inputs are used as with --objects (lint reports no problem)', async () => {
    const input = temp.file(
      'with-instancetype.yaml',
      readFileSync(join(INSTANCETYPE_CASE, 'objects.yaml'), 'utf8') +
        '\n---\n' +
        readFileSync(join(INSTANCETYPE_CASE, 'vmi.yaml'), 'utf8'),
    );
    const viaFlag = await runCli([
      'render',
      join(INSTANCETYPE_CASE, 'vmi.yaml'),
      '--objects',
      join(INSTANCETYPE_CASE, 'objects.yaml'),
    ]);
    const beside = await runCli(['render', input]);
    assert.equal(beside.status, 0, beside.stderr);
    assert.equal(beside.stderr, viaFlag.stderr);
    assert.equal(beside.stdout, viaFlag.stdout);
    const lint = await runCli(['lint', input]);
    assert.equal(lint.status, 0, lint.stdout);
    assert.match(lint.stdout, /^3 document\(s\) checked: 0 error\(s\), 0 warning\(s\) — ok\n$/);
    // a file of cluster objects alone is no problem, but inputs with nothing to render are
    const only = await runCli(['render', join(INSTANCETYPE_CASE, 'objects.yaml')]);
    assert.equal(only.status, 1);
    assert.match(only.stderr, /the inputs hold no VirtualMachineInstance or VirtualMachine to render/);
    assert.doesNotMatch(only.stderr, /contains no/);
  });

  it('--objects takes comma-separated lists and directories', async () => {
    const pvcs = join(PVC_CASE, 'objects.yaml');
    const other = join(CONFORMANCE, '014-auto-cpu-limits-namespace-selector', 'objects.yaml');
    const listed = await runCli(['render', join(PVC_CASE, 'vmi.yaml'), '--objects', `${other},${pvcs}`]);
    const repeated = await runCli([
      'render',
      join(PVC_CASE, 'vmi.yaml'),
      '--objects',
      other,
      '--objects',
      pvcs,
    ]);
    const directory = await runCli([
      'render',
      join(PVC_CASE, 'vmi.yaml'),
      '--objects',
      join(tree, 'storage'),
    ]);
    assert.equal(listed.status, 0, listed.stderr);
    assert.equal(listed.stdout, repeated.stdout);
    assert.equal(directory.status, 0, directory.stderr);
    assert.equal(directory.stdout, listed.stdout);
  });

  it('-R follows a symbolic link to a directory once, even one that loops back', async () => {
    const looped = join(temp.dir, 'looped');
    mkdirSync(join(looped, 'inner'), { recursive: true });
    copyFileSync(BASIC_VMI, join(looped, 'inner', 'vmi.yaml'));
    symlinkSync(looped, join(looped, 'inner', 'back'), 'dir');
    const result = await runCli(['render', '-R', looped]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(documents(result.stdout).length, 1);
  });

  it('a directory without manifests is an input problem', async () => {
    const empty = join(temp.dir, 'no-manifests');
    mkdirSync(join(empty, 'sub'), { recursive: true });
    writeFileSync(join(empty, 'notes.txt'), 'x');
    const result = await runCli(['render', empty]);
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr,
      `${empty}: is a directory without *.yaml, *.yml or *.json files (-R reads its subdirectories too)\n`,
    );
  });

  it('the input size limit stays; --max-input-size raises it (files and standard input)', async () => {
    const big = `${stringify(basic)}# ${'x'.repeat(17 * 1024 * 1024)}\n`;
    const file = temp.file('big.yaml', big);
    const refused = await runCli(['render', file]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /is too large \(\d+ bytes; the limit is 16777216, see --max-input-size\)/);
    const raised = await runCli(['render', file, '--max-input-size', '32Mi']);
    assert.equal(raised.status, 0, raised.stderr);
    const stdinRefused = await runCli(['render', '-'], { input: big });
    assert.equal(stdinRefused.status, 1);
    assert.match(stdinRefused.stderr, /<stdin>: is too large/);
    const stdinRaised = await runCli(['render', '-', '--max-input-size', '40000000'], { input: big });
    assert.equal(stdinRaised.status, 0, stdinRaised.stderr);
    assert.equal(stdinRaised.stdout, raised.stdout);
    for (const bad of ['0', 'lots', '-1', '1Ti', '1Gi']) {
      const result = await runCli(['render', BASIC_VMI, '--max-input-size', bad]);
      assert.equal(result.status, 2, bad);
      assert.match(result.stderr, /--max-input-size (must be a size|can be at most)/);
    }
  });
});

describe('habits', { concurrency: 4 }, () => {
  it('version and --version name the tool and the KubeVirt releases', async () => {
    const version = await runCli(['version']);
    const flag = await runCli(['--version']);
    assert.equal(version.status, 0);
    assert.equal(version.stdout, flag.stdout);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.equal(
      version.stdout,
      `vmi-render ${pkg.version} (reproduces KubeVirt ${KUBEVIRT_VERSIONS.join(', ')})\n`,
    );
    const json = await runCli(['version', '-o', 'json']);
    assert.deepEqual(JSON.parse(json.stdout), {
      version: pkg.version,
      kubevirt: [...KUBEVIRT_VERSIONS],
      default: KUBEVIRT_VERSIONS.at(-1),
    });
  });

  it('completion bash completes commands, options and their values', async () => {
    const result = await runCli(['completion', 'bash']);
    assert.equal(result.status, 0, result.stderr);
    const script = temp.file('completion.bash', result.stdout);
    const complete = (line: string): string[] => {
      const words = line.split(' ');
      const probe = `source ${JSON.stringify(script)}
COMP_WORDS=(${words.map((word) => JSON.stringify(word)).join(' ')}); COMP_CWORD=${words.length - 1}
_vmi_render; printf '%s\\n' "\${COMPREPLY[@]}"`;
      return execFileSync('bash', ['-c', probe], { encoding: 'utf8' }).split('\n').filter(Boolean);
    };
    assert.deepEqual(complete('vmi-render li'), ['lint']);
    assert.deepEqual(complete('vmi-render lint -o '), ['text', 'json', 'junit']);
    assert.deepEqual(complete('vmi-render x.yaml -o '), ['yaml', 'json']);
    assert.deepEqual(complete('vmi-render --pod'), ['--pod-security', '--pod-name']);
    assert.ok(complete('vmi-render render --').includes('--max-input-size'));
    assert.deepEqual(complete('vmi-render completion '), ['bash', 'zsh', 'fish']);
    assert.ok(complete('vmi-render help ').includes('lint'));
  });

  it('completion zsh and fish', async () => {
    const zsh = await runCli(['completion', 'zsh']);
    assert.equal(zsh.status, 0);
    assert.match(zsh.stdout, /^#compdef vmi-render\n/);
    assert.match(zsh.stdout, /bashcompinit/);
    const fish = await runCli(['completion', 'fish']);
    assert.equal(fish.status, 0);
    assert.match(fish.stdout, /^complete -c vmi-render .*-l pod-name -r /m);
    assert.match(fish.stdout, /-l output -x -a 'text json junit'/);
    for (const [shell, text] of [
      ['zsh', zsh.stdout],
      ['fish', fish.stdout],
    ] as const) {
      // syntax-checked where the shell is installed
      const check = spawnSync(shell, ['-n', temp.file(`completion.${shell}`, text)], { encoding: 'utf8' });
      if (check.error === undefined) assert.equal(check.status, 0, check.stderr);
    }
    const unknown = await runCli(['completion', 'tcsh']);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /Allowed choices are bash, zsh, fish/);
  });

  it('an unknown command is a usage error with a suggestion, a missing file is not', async () => {
    const typo = await runCli(['rendr', BASIC_VMI]);
    assert.equal(typo.status, 2);
    assert.equal(typo.stdout, '');
    assert.match(
      typo.stderr,
      /^vmi-render: unknown command "rendr" \(nor is it a file\)\. Did you mean "render"\?/,
    );
    const lint = await runCli(['lnt', BASIC_VMI]);
    assert.match(lint.stderr, /Did you mean "lint"\?/);
    const far = await runCli(['frobnicate']);
    assert.equal(far.status, 2);
    assert.match(far.stderr, /unknown command "frobnicate" \(nor is it a file\)\. Commands: render, lint/);
    // a path (it has a dot or a slash) that does not exist is still a missing file
    const missing = await runCli(['missing.yaml']);
    assert.equal(missing.status, 1);
    assert.equal(missing.stderr, 'missing.yaml: no such file\n');
    // and a file or directory named like a word is an input
    const dir = join(temp.dir, 'word');
    mkdirSync(dir);
    copyFileSync(BASIC_VMI, join(dir, 'vmi.yaml'));
    const word = await runCli(['word'], { cwd: temp.dir });
    assert.equal(word.status, 0, word.stderr);
  });

  it('help COMMAND shows that command; --help shows the render flags and examples', async () => {
    const lint = await runCli(['help', 'lint']);
    assert.equal(lint.status, 0);
    assert.match(lint.stdout, /^Usage: vmi-render lint \[options\] \[FILE\.\.\.\]/);
    assert.match(lint.stdout, /junit/);
    const watch = await runCli(['help', 'watch']);
    assert.equal(watch.status, 0);
    assert.match(watch.stdout, /^Usage: vmi-render watch \[options\]/);
    assert.match(watch.stdout, /--kubeconfig/);
    const typo = await runCli(['help', 'lnt']);
    assert.equal(typo.status, 2);
    assert.equal(typo.stdout, '');
    assert.match(typo.stderr, /^vmi-render: unknown command "lnt"\. Did you mean "lint"\?/);
    const render = await runCli(['help', 'render']);
    assert.match(render.stdout, /--pod-name <generate\|stable\|NAME>/);
    assert.match(render.stdout, /\n {2}vmi-render help lint {2,}the options of another command\n$/);
    const top = await runCli(['--help']);
    assert.equal(top.status, 0);
    assert.match(top.stdout, /Render options \(vmi-render \[render\] \[options\] \[FILE\.\.\.\]\):/);
    for (const flag of [
      '--pod-name',
      '--max-input-size',
      '--recursive',
      '--filename',
      '--show',
      '--kubevirt-version',
    ])
      assert.ok(top.stdout.includes(flag), flag);
    assert.match(top.stdout, /Examples:\n {2}vmi-render vm\.yaml /);
    assert.match(top.stdout, /kubectl apply --server-side --dry-run=server -f -/);
  });

  it('--uid must be a UUID', async () => {
    const bad = await runCli(['render', BASIC_VMI, '--uid', 'my-uid']);
    assert.equal(bad.status, 2);
    assert.equal(
      bad.stderr,
      'vmi-render: --uid must be a UUID (e.g. "7c9e6679-7425-40de-944b-e07fc1f90001"), got "my-uid"\n',
    );
    const good = await runCli(['render', BASIC_VMI, '--uid', '7C9E6679-7425-40DE-944B-E07FC1F90001']);
    assert.equal(good.status, 0, good.stderr);
  });

  it('VirtualMachinePool and VirtualMachineInstanceReplicaSet are refused as not supported', async () => {
    const vm = parse(
      readFileSync(join(VM_CONFORMANCE, '001-vm-plain-no-instancetype', 'vmi.yaml'), 'utf8'),
    ) as Obj;
    const pool = {
      apiVersion: 'pool.kubevirt.io/v1alpha1',
      kind: 'VirtualMachinePool',
      metadata: { name: 'pool' },
      spec: { replicas: 2, selector: {}, virtualMachineTemplate: { metadata: {}, spec: vm.spec } },
    };
    const replicaSet = {
      apiVersion: 'kubevirt.io/v1',
      kind: 'VirtualMachineInstanceReplicaSet',
      metadata: { name: 'rs' },
      spec: { replicas: 2, template: { metadata: {}, spec: basic.spec } },
    };
    for (const [object, pattern] of [
      [
        pool,
        /kind: VirtualMachinePool is not supported: .*render the pool's spec\.virtualMachineTemplate as a VirtualMachine/,
      ],
      [
        replicaSet,
        /kind: VirtualMachineInstanceReplicaSet is not supported: .*render its spec\.template as a VirtualMachineInstance/,
      ],
    ] as const) {
      const input = temp.file(`${object.kind}.yaml`, yamlOf(object));
      for (const command of ['render', 'lint']) {
        const result = await runCli([command, input]);
        assert.equal(result.status, 1, command);
        const report = command === 'render' ? result.stderr : result.stdout;
        assert.match(report, pattern);
        assert.doesNotMatch(report, /contains no VirtualMachineInstance/);
      }
    }
  });
});

describe('all missing objects at once', { concurrency: 4 }, () => {
  const VM = `apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: db
spec:
  runStrategy: Always
  instancetype:
    name: big
  dataVolumeTemplates:
    - metadata:
        name: db-root
      spec:
        storage:
          resources:
            requests:
              storage: 10Gi
        source:
          blank: {}
  template:
    metadata:
      annotations:
        hooks.kubevirt.io/hookSidecars: '[{"args": ["--version", "v1alpha2"], "configMap": {"name": "hook-cm", "key": "script", "hookPath": "/usr/bin/onDefineDomain"}}]'
    spec:
      domain:
        devices:
          tpm:
            persistent: true
          interfaces:
            - name: default
              masquerade: {}
            - name: net2
              bridge: {}
      networks:
        - name: default
          pod: {}
        - name: net2
          multus:
            networkName: other-ns/vlan10
      volumes:
        - name: root
          dataVolume:
            name: db-root
        - name: data
          persistentVolumeClaim:
            claimName: db-data
`;

  it('names every missing object, each at the field that refers to it', async () => {
    const file = temp.file('missing.yaml', VM);
    // v1.4.0 looks NetworkAttachmentDefinitions up (v1.9.0's ExternalNetResourceInjection does not)
    const result = await runCli(['render', file, '--kubevirt-version', 'v1.4.0']);
    assert.equal(result.status, 1);
    assert.equal(result.stdout, '');
    const also = (line: number, column: number, path: string, what: string): string =>
      `${file}:${line}:${column}: ${path}: VirtualMachine "db": also missing: ${what}`;
    assert.deepEqual(result.stderr.trimEnd().split('\n'), [
      // virt-api's refusal of the VM, reported in the same run
      `warning: ${file}:7:3: spec.instancetype: virt-api would refuse to create VirtualMachine "db": Failure to find instancetype: virtualmachineclusterinstancetypes.instancetype.kubevirt.io "big" not found`,
      // upstream's error first, as upstream words it, at the field
      `${file}:8:5: spec.instancetype.name: VirtualMachine "db": vm controller: Failed to apply instancetype: virtualmachineclusterinstancetypes.instancetype.kubevirt.io "big" not found (supply the instancetype with --objects)`,
      also(
        22,
        9,
        'spec.template.metadata.annotations.hooks.kubevirt.io/hookSidecars',
        'ConfigMap "hook-cm" in namespace "default" (supply it with --objects)',
      ),
      also(
        27,
        13,
        'spec.template.spec.domain.devices.tpm.persistent',
        'backend-storage PersistentVolumeClaim (labelled persistent-state-for=db) in namespace "default" (supply it with --objects)',
      ),
      also(
        38,
        13,
        'spec.template.spec.networks[1].multus.networkName',
        'NetworkAttachmentDefinition "vlan10" in namespace "other-ns" (supply it with --objects)',
      ),
      also(
        42,
        13,
        'spec.template.spec.volumes[0].dataVolume.name',
        'PersistentVolumeClaim "db-root" in namespace "default" (supply it with --objects; in a cluster CDI creates it for spec.dataVolumeTemplates[0])',
      ),
      also(
        45,
        13,
        'spec.template.spec.volumes[1].persistentVolumeClaim.claimName',
        'PersistentVolumeClaim "db-data" in namespace "default" (supply it with --objects)',
      ),
    ]);
    const lint = await runCli(['lint', file, '--kubevirt-version', 'v1.4.0']);
    assert.equal(lint.status, 1);
    assert.match(lint.stdout, /1 document\(s\) checked: 7 error\(s\), 0 warning\(s\)\n$/);
  });

  it('what is supplied is no longer named; the rest still is', async () => {
    const objects = temp.file(
      'some-objects.yaml',
      yamlOf(
        {
          apiVersion: 'instancetype.kubevirt.io/v1beta1',
          kind: 'VirtualMachineClusterInstancetype',
          metadata: { name: 'big' },
          spec: { cpu: { guest: 2 }, memory: { guest: '4Gi' } },
        },
        {
          apiVersion: 'v1',
          kind: 'PersistentVolumeClaim',
          metadata: { name: 'db-data', namespace: 'default' },
          spec: {},
        },
      ),
    );
    const result = await runCli([
      'render',
      temp.file('missing2.yaml', VM),
      '--objects',
      objects,
      '--kubevirt-version',
      'v1.4.0',
    ]);
    assert.equal(result.status, 1);
    assert.doesNotMatch(result.stderr, /"big"|db-data/);
    // the render now fails first on what it looks up first; the others follow (besides virt-api's warnings)
    const errors = result.stderr
      .trimEnd()
      .split('\n')
      .filter((line) => !line.startsWith('warning: '));
    assert.equal(errors.length, 4);
    assert.match(result.stderr, /also missing: PersistentVolumeClaim "db-root"/);
  });
});

describe('problems that say what to do', { concurrency: 4 }, () => {
  it('a feature-gate refusal says which gate to add, and where', async () => {
    const hostDisk = vmiNamed('hd');
    (hostDisk.spec as { volumes: Obj[] }).volumes.push({
      name: 'host',
      hostDisk: { path: '/data/disk.img', type: 'DiskOrCreate', capacity: '1Gi' },
    });
    (hostDisk.spec as { domain: { devices: { disks: Obj[] } } }).domain.devices.disks.push({
      name: 'host',
      disk: { bus: 'virtio' },
    });
    const result = await runCli(['lint', temp.file('hostdisk.yaml', yamlOf(hostDisk))]);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      /virt-api would refuse to create VirtualMachineInstance "hd": HostDisk feature gate is not enabled \(enable it: add "HostDisk" to spec\.configuration\.developerConfiguration\.featureGates of the --cluster-config KubeVirt CR\)/,
    );
  });

  it('an unknown feature gate in the KubeVirt CR is a warning, with a suggestion', async () => {
    const kubevirt = temp.file(
      'kubevirt-gates.yaml',
      yamlOf({
        apiVersion: 'kubevirt.io/v1',
        kind: 'KubeVirt',
        metadata: { name: 'kubevirt', namespace: 'kubevirt' },
        spec: {
          configuration: {
            developerConfiguration: { featureGates: ['HostDisk', 'hostdevices', 'Frobnicate'] },
          },
        },
      }),
    );
    for (const release of KUBEVIRT_VERSIONS) {
      const result = await runCli([
        'render',
        BASIC_VMI,
        '--cluster-config',
        kubevirt,
        '--kubevirt-version',
        release,
      ]);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(
        result.stderr,
        `warning: ${kubevirt}:${lineOf(kubevirt, '- hostdevices')}:11: spec.configuration.developerConfiguration.featureGates[1]: unknown feature gate "hostdevices": KubeVirt ${release} has no such gate and ignores it (did you mean "HostDevices"?)\n` +
          `warning: ${kubevirt}:${lineOf(kubevirt, '- Frobnicate')}:11: spec.configuration.developerConfiguration.featureGates[2]: unknown feature gate "Frobnicate": KubeVirt ${release} has no such gate and ignores it\n`,
      );
    }
    // a gate only the newer release has
    const newer = temp.file(
      'kubevirt-imagevolume.yaml',
      yamlOf({
        apiVersion: 'kubevirt.io/v1',
        kind: 'KubeVirt',
        metadata: { name: 'kubevirt', namespace: 'kubevirt' },
        spec: { configuration: { developerConfiguration: { featureGates: ['ImageVolume'] } } },
      }),
    );
    const v14 = await runCli([
      'render',
      BASIC_VMI,
      '--cluster-config',
      newer,
      '--kubevirt-version',
      'v1.4.0',
    ]);
    assert.match(v14.stderr, /unknown feature gate "ImageVolume": KubeVirt v1\.4\.0 has no such gate/);
    const v19 = await runCli([
      'render',
      BASIC_VMI,
      '--cluster-config',
      newer,
      '--kubevirt-version',
      'v1.9.0',
    ]);
    assert.equal(v19.stderr, '');
  });

  it('a broken hook sidecar annotation is located at that annotation, with upstream JSON error', async () => {
    const broken = vmiNamed('hooked', { annotations: { 'hooks.kubevirt.io/hookSidecars': '[{bad' } });
    const file = temp.file('hook.yaml', yamlOf(broken));
    const result = await runCli(['render', file, '--kubevirt-version', 'v1.4.0']);
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr,
      // virt-api's refusal (no Sidecar gate) is reported in the same run
      `warning: ${file}:${lineOf(file, 'hooks.kubevirt.io/hookSidecars') - 1}:3: metadata.annotations: virt-api would refuse to create VirtualMachineInstance "hooked": sidecar feature gate is not enabled in kubevirt-config, invalid entry metadata.annotations.hooks.kubevirt.io/hookSidecars (enable it: add "Sidecar" to spec.configuration.developerConfiguration.featureGates of the --cluster-config KubeVirt CR)\n` +
        `${file}:${lineOf(file, 'hooks.kubevirt.io/hookSidecars')}:5: metadata.annotations.hooks.kubevirt.io/hookSidecars: VirtualMachineInstance "hooked": failed to render launch manifest: invalid character 'b' looking for beginning of object key string (the hooks.kubevirt.io/hookSidecars annotation must be a JSON list of hook sidecars)\n`,
    );
  });
});

describe("the API server's verdict on upstream's Pod", () => {
  it('render and lint warn where upstream renders a Pod kube-apiserver refuses (ppc64le)', async () => {
    const vmi = join(CONFORMANCE, '080-ppc64le', 'vmi.yaml');
    const args = [vmi, '--arch', 'ppc64le', '--kubevirt-version', 'v1.4.0'];
    const render = await runCli(['render', ...args]);
    assert.equal(render.status, 0, render.stderr);
    const warning = new RegExp(
      `^warning: ${vmi.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1:1: kube-apiserver would refuse the launcher Pod of VirtualMachineInstance "[^"]+" \\(upstream KubeVirt renders it so too\\): spec\\.containers\\[0\\]\\.securityContext: cannot set \`allowPrivilegeEscalation\` to false and \`privileged\` to true$`,
      'm',
    );
    assert.match(render.stderr, warning);
    // the Pod is still upstream's
    const [pod] = documents(render.stdout);
    assert.equal(pod?.kind, 'Pod');
    const lint = await runCli(['lint', ...args]);
    assert.equal(lint.status, 0, lint.stdout);
    assert.match(lint.stdout, warning);
    const amd64 = await runCli(['render', vmi, '--kubevirt-version', 'v1.4.0']);
    assert.doesNotMatch(amd64.stderr, /kube-apiserver would refuse/);
  });
});
