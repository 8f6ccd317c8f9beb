// virt-api's validating webhook through the CLI: `render` warns, `lint` fails, both point at the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../support/cli.js';

const DUPLICATE_DISKS = `apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata:
  name: dup
spec:
  domain:
    devices:
      disks:
      - name: a
        disk: {}
      - name: a
        disk: {}
    resources:
      requests:
        memory: 1Gi
  volumes:
  - name: a
    containerDisk:
      image: quay.io/containerdisks/fedora:40
`;

const EXPECTED =
  '<stdin>:11:9: spec.domain.devices.disks[1].name: virt-api would refuse to create VirtualMachineInstance "dup": ' +
  'spec.domain.devices.disks[1] and spec.domain.devices.disks[0] must not have the same Name.';

test('render prints the Pod and warns that virt-api would refuse the VMI', async () => {
  const result = await runCli(['-'], { input: DUPLICATE_DISKS });
  assert.equal(result.status, 0);
  assert.match(result.stdout, /^apiVersion: v1\nkind: Pod\nmetadata:/);
  assert.equal(result.stderr, `warning: ${EXPECTED}\n`);
});

test('lint fails on a VMI virt-api would refuse', async () => {
  const result = await runCli(['lint', '-'], { input: DUPLICATE_DISKS });
  assert.equal(result.status, 1);
  assert.ok(result.stdout.startsWith(`${EXPECTED}\n`), result.stdout);
});

test('without admission (a stored VMI) there is nothing to refuse', async () => {
  const result = await runCli(['lint', '--no-admission', '-'], { input: DUPLICATE_DISKS });
  assert.equal(result.status, 0, result.stdout);
});

test('lint -o json names the refusing webhook and gives the verdicts', async () => {
  const result = await runCli(['lint', '-', '-o', 'json', '--kubevirt-version', 'v1.9.0'], {
    input: DUPLICATE_DISKS,
  });
  assert.equal(result.status, 1);
  const report = JSON.parse(result.stdout) as {
    documents: { problems: { path: string; admission?: unknown }[]; admission?: unknown }[];
  };
  const [document] = report.documents;
  const upstream = {
    type: 'FieldValueInvalid',
    field: 'spec.domain.devices.disks[1].name',
    message: 'spec.domain.devices.disks[1] and spec.domain.devices.disks[0] must not have the same Name.',
  };
  assert.deepEqual(document?.problems[0]?.admission, { webhook: 'VirtualMachineInstance', ...upstream });
  assert.deepEqual(document?.admission, {
    vmi: { allowed: false, causes: [upstream], message: upstream.message },
  });
});
