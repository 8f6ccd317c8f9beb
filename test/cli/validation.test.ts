// Validation as the command line reports it: `FILE:LINE:COL: field.path: message` on stderr, every problem of
// every input at once, exit 1 and nothing on stdout. Unknown fields are warnings, errors with --strict.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { runCli } from '../support/cli.js';
import { assertCleanFailure, BASIC_VMI, tempDir } from './in-process.js';

const temp = tempDir();
after(() => temp.cleanup());
const inTemp = { cwd: temp.dir };

/** stderr as lines, without the trailing newline. */
const lines = (stderr: string): string[] => stderr.split('\n').filter((line) => line !== '');

const BROKEN = `apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata:
  name: broken
spec:
  domian: {}
  domain:
    cpu:
      cores: "two"
      sockets: -1
    devices:
      disks:
      - disk:
          bus: virtio
      interfaces: {}
    resources:
      requests:
        memory: 1Gix
  terminationGracePeriodSeconds: .inf
`;

// written once: the tests run concurrently, and a rewrite could be read half-done
temp.file('broken.yaml', BROKEN);

describe('validation problems', { concurrency: 4 }, () => {
  it('reports every problem of a document at once, located at its field, and exits 1', async () => {
    const result = await runCli(['broken.yaml'], inTemp);
    assertCleanFailure(result, { status: 1 });
    assert.deepEqual(lines(result.stderr), [
      'warning: broken.yaml:6:3: spec.domian: unknown field "domian"',
      'broken.yaml:9:7: spec.domain.cpu.cores: must be integer, got string "two"',
      'broken.yaml:10:7: spec.domain.cpu.sockets: cannot unmarshal number -1 into Go type uint32 (0 to 4294967295)',
      'broken.yaml:13:9: spec.domain.devices.disks[0]: "name" is required',
      'broken.yaml:15:7: spec.domain.devices.interfaces: must be array, got object',
      'broken.yaml:18:9: spec.domain.resources.requests.memory: "1Gix" is not a valid quantity',
      'broken.yaml:19:3: spec.terminationGracePeriodSeconds: must be a 64-bit integer, got number Infinity',
    ]);
  });

  it('a bad quantity is located at its line and column, in JSON as in YAML', async () => {
    temp.file('quantity.yaml', readFileSync(BASIC_VMI, 'utf8').replace('memory: 2Gi', 'memory: 1Gix'));
    const yaml = await runCli(['quantity.yaml'], inTemp);
    assertCleanFailure(yaml, { status: 1 });
    assert.deepEqual(lines(yaml.stderr), [
      'quantity.yaml:19:9: spec.domain.resources.requests.memory: "1Gix" is not a valid quantity',
    ]);

    const json =
      '{\n  "apiVersion": "kubevirt.io/v1",\n  "kind": "VirtualMachineInstance",\n  "metadata": {"name": "q"},\n' +
      '  "spec": {"domain": {"devices": {},\n    "resources": {"requests": {"memory": "1Gix"}}}}\n}\n';
    const fromStdin = await runCli(['-'], { input: json });
    assertCleanFailure(fromStdin, { status: 1 });
    assert.deepEqual(lines(fromStdin.stderr), [
      '<stdin>:6:32: spec.domain.resources.requests.memory: "1Gix" is not a valid quantity',
    ]);
  });

  it('wrong types at the top of a document', async () => {
    const input = 'apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata: []\nspec: "x"\n';
    const result = await runCli(['-'], { input });
    assertCleanFailure(result, { status: 1 });
    assert.deepEqual(lines(result.stderr), [
      '<stdin>:3:1: metadata: must be object, got array',
      '<stdin>:4:1: spec: must be object, got string "x"',
    ]);
  });

  it('missing required fields: spec, metadata.name, a disk name, a VM template', async () => {
    const input = [
      'apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata: {name: no-spec}\n',
      'apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nspec: {domain: {devices: {}}}\n',
      'apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata: {generateName: gen-}\nspec: {domain: {devices: {}}}\n',
      'apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata: {name: vm}\nspec: {}\n',
    ].join('---\n');
    const result = await runCli(['-'], { input });
    assertCleanFailure(result, { status: 1 });
    assert.deepEqual(lines(result.stderr), [
      '<stdin>:1:1: "spec" is required',
      '<stdin>:5:1: metadata: "name" is required',
      '<stdin>:11:1: metadata: "name" is required: the API server would pick a random name from generateName, which cannot be rendered',
      '<stdin>:17:1: spec: "template" is required',
      // a missing required field does not stop Go's decoder: virt-api's own answer is reported too
      'warning: <stdin>:17:1: spec.template: virt-api would refuse to create VirtualMachine "vm": missing virtual machine template.',
    ]);
  });

  it('a null field is an absent field (the API server prunes it); a null list item is an error', async () => {
    const base = readFileSync(BASIC_VMI, 'utf8');
    temp.file(
      'nulls.yaml',
      base
        .replace('spec:\n', 'spec:\n  nodeSelector: null\n')
        .replace('metadata:\n', 'metadata:\n  labels: null\n'),
    );
    const [plain, nulls] = await Promise.all([runCli([BASIC_VMI]), runCli(['nulls.yaml'], inTemp)]);
    assert.equal(nulls.status, 0, nulls.stderr);
    assert.equal(nulls.stdout, plain.stdout);

    temp.file(
      'null-name.yaml',
      base.replace('- name: rootdisk\n        disk:', '- name: null\n        disk:'),
    );
    const nullName = await runCli(['null-name.yaml'], inTemp);
    assertCleanFailure(nullName, { status: 1 });
    assert.deepEqual(lines(nullName.stderr), [
      // virt-api's answer on the decoded VMI (its field doubles the disks path, as upstream's does)
      `warning: null-name.yaml:10:7: spec.domain.devices.disks.domain.devices.disks[0].name: virt-api would refuse to create VirtualMachineInstance "fedora-basic": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
      'null-name.yaml:11:9: spec.domain.devices.disks[0]: "name" is required',
      'warning: null-name.yaml:11:9: spec.domain.devices.disks[0].name: virt-api would refuse to create VirtualMachineInstance "fedora-basic": spec.domain.devices.disks[0].Name \'\' not found.',
    ]);
  });

  it('reports the problems of every input at once: FILEs, --cluster-config and --objects', async () => {
    temp.file(
      'kubevirt.yaml',
      'apiVersion: kubevirt.io/v1\nkind: KubeVirt\nmetadata: {name: kv}\nspec:\n  configuration:\n' +
        '    developerConfiguration:\n      cpuAllocationRatio: "x"\n      logVerbosity: {virtLauncher: -3}\n',
    );
    temp.file(
      'pvc.yaml',
      'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: p}\nspec: {resources: {requests: {storage: 1Gix}}}\n',
    );
    const result = await runCli(
      [BASIC_VMI, 'broken.yaml', '--cluster-config', 'kubevirt.yaml', '--objects', 'pvc.yaml'],
      inTemp,
    );
    assertCleanFailure(result, { status: 1 });
    const reported = lines(result.stderr);
    assert.ok(
      reported.includes(
        'kubevirt.yaml:7:7: spec.configuration.developerConfiguration.cpuAllocationRatio: must be integer, got string "x"',
      ),
      result.stderr,
    );
    assert.ok(
      reported.includes(
        'kubevirt.yaml:8:22: spec.configuration.developerConfiguration.logVerbosity.virtLauncher: cannot unmarshal number -3 into Go type uint64 (0 to 18446744073709551615)',
      ),
      result.stderr,
    );
    assert.ok(
      reported.includes('pvc.yaml:4:31: spec.resources.requests.storage: "1Gix" is not a valid quantity'),
      result.stderr,
    );
    assert.ok(
      reported.includes(
        'broken.yaml:18:9: spec.domain.resources.requests.memory: "1Gix" is not a valid quantity',
      ),
      result.stderr,
    );
    assert.equal(reported.length, 10, result.stderr);
  });
});

describe('unknown fields', { concurrency: 4 }, () => {
  const withUnknown = readFileSync(BASIC_VMI, 'utf8').replace('spec:\n', 'spec:\n  bogusField: 1\n');
  // written once: the tests run concurrently, and a rewrite could be read half-done
  temp.file('unknown.yaml', withUnknown);

  it('are warnings by default: the Pod is rendered, the warning goes to stderr', async () => {
    const [plain, result] = await Promise.all([runCli([BASIC_VMI]), runCli(['unknown.yaml'], inTemp)]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, plain.stdout);
    assert.deepEqual(lines(result.stderr), [
      'warning: unknown.yaml:8:3: spec.bogusField: unknown field "bogusField"',
    ]);
  });

  it('are errors with --strict', async () => {
    const result = await runCli(['unknown.yaml', '--strict'], inTemp);
    assertCleanFailure(result, { status: 1 });
    assert.deepEqual(lines(result.stderr), ['unknown.yaml:8:3: spec.bogusField: unknown field "bogusField"']);
  });
});
