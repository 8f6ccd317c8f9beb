// Pod Security in `render` and `lint`: the launcher Pod's verdict under the Namespace's
// pod-security.kubernetes.io labels (from --objects), else under --pod-security; render warns, lint fails on
// an enforce violation and warns about warn/audit ones, each at the VMI field it comes from.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, ROOT } from '../support/cli.js';
import { assertCleanFailure, BASIC_VMI, CONFORMANCE, runMain, tempDir } from './in-process.js';

const temp = tempDir();
after(() => temp.cleanup());

const V1_4 = ['--kubevirt-version', 'v1.4.0'];
const VIRTIOFS = join(CONFORMANCE, '029-virtiofs-pvc-with-feature-gate');
const VIRTIOFS_ARGS = [
  join(VIRTIOFS, 'vmi.yaml'),
  '--cluster-config',
  join(VIRTIOFS, 'kubevirt.yaml'),
  '--objects',
  join(VIRTIOFS, 'objects.yaml'),
  ...V1_4,
];

/** upstream's verdict on the Pod of a conformance case (fixtures/podsecurity/conformance-pods.json). */
function upstreamVerdict(name: string, levelVersion: string): string {
  const { cases } = JSON.parse(
    readFileSync(join(ROOT, 'fixtures/podsecurity/conformance-pods.json'), 'utf8'),
  ) as {
    cases: { case: string; verdicts: Record<string, string> }[];
  };
  return cases.find((c) => c.case === `v1.4.0/cases/${name}`)!.verdicts[levelVersion]!;
}

const namespaceFile = (labels: Record<string, string>): string =>
  temp.file(
    `ns-${Object.values(labels).join('-') || 'none'}.yaml`,
    `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: default\n  labels:\n${Object.entries(labels)
      .map(([k, v]) => `    ${k}: "${v}"`)
      .join('\n')}\n`,
  );

const REFUSE = 'PodSecurity admission would refuse the launcher Pod: ';

describe('pod security', { concurrency: 4 }, () => {
  it('no check without --pod-security and without a Namespace', async () => {
    const result = await runMain(['lint', BASIC_VMI, ...V1_4]);
    assert.equal(result.status, 0, result.stdout);
    assert.equal(result.stdout, '1 document(s) checked: 0 error(s), 0 warning(s) — ok\n');
  });

  it('render --pod-security restricted: the Pod, and upstream message as a warning at the document', async () => {
    const result = await runMain(['render', BASIC_VMI, ...V1_4, '--pod-security', 'restricted']);
    assert.equal(result.status, 0, result.stderr);
    assert.match(
      result.stdout,
      /^apiVersion: v1\nkind: Pod\nmetadata:\n(.*\n)* {2}generateName: virt-launcher-fedora-basic-\n/,
    );
    const message = upstreamVerdict('001-containerdisk-cloudinit-nocloud', 'restricted:latest');
    assert.equal(result.stderr, `warning: ${BASIC_VMI}:1:1: ${REFUSE}${message}\n`);
  });

  it('lint --pod-security restricted:v1.31: an error, exit 1; baseline passes', async () => {
    const refused = await runMain(['lint', BASIC_VMI, ...V1_4, '--pod-security', 'restricted:v1.31']);
    assert.equal(refused.status, 1);
    const message = upstreamVerdict('001-containerdisk-cloudinit-nocloud', 'restricted:v1.31');
    assert.equal(
      refused.stdout,
      `${BASIC_VMI}:1:1: ${REFUSE}${message}\n1 document(s) checked: 1 error(s), 0 warning(s)\n`,
    );
    const admitted = await runMain(['lint', BASIC_VMI, ...V1_4, '--pod-security', 'baseline']);
    assert.equal(admitted.status, 0, admitted.stdout);
  });

  it('a violation of a virtiofs container is at its filesystem, the rest at the document', async () => {
    const result = await runMain(['lint', ...VIRTIOFS_ARGS, '--pod-security', 'restricted', '-o', 'json']);
    assert.equal(result.status, 1);
    const report = JSON.parse(result.stdout) as {
      errors: number;
      documents: { problems: { path: string; line: number; message: string; severity: string }[] }[];
    };
    const problems = report.documents.flatMap((d) => d.problems);
    assert.deepEqual(
      problems.map((p) => [p.severity, p.path, p.line]),
      [
        ['error', '', 1],
        ['error', 'spec.domain.devices.filesystems[0]', 18],
      ],
    );
    assert.match(problems[0]!.message, /seccompProfile \(pod or containers .*"virtiofs-shared-data"/);
    assert.match(
      problems[1]!.message,
      /^PodSecurity admission would refuse the launcher Pod: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false \(container "virtiofs-shared-data" must set securityContext.allowPrivilegeEscalation=false\)/,
    );
  });

  it('hostDisk volumes: baseline refuses their hostPath volumes, each at its VMI volume', async () => {
    const dir = join(CONFORMANCE, '019-hostdisk-disk-and-disk-or-create');
    const args = [join(dir, 'vmi.yaml'), '--cluster-config', join(dir, 'kubevirt.yaml'), ...V1_4];
    const result = await runMain(['lint', ...args, '--pod-security', 'baseline']);
    assert.equal(result.status, 1);
    const lines = result.stdout.split('\n');
    assert.match(
      lines[0]!,
      /vmi\.yaml:\d+:5: spec\.volumes\[2\]: PodSecurity admission would refuse the launcher Pod: violates PodSecurity "baseline:latest": hostPath volumes \(volume "scratch-host"\)$/,
    );
    assert.match(lines[1]!, /spec\.volumes\[3\]: .*hostPath volumes \(volume "seed-host"\)$/);
  });

  it("the Namespace's enforce label decides, over --pod-security", async () => {
    const restricted = namespaceFile({ 'pod-security.kubernetes.io/enforce': 'restricted' });
    const result = await runMain([
      'lint',
      BASIC_VMI,
      ...V1_4,
      '--objects',
      restricted,
      '--pod-security',
      'privileged',
    ]);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /violates PodSecurity "restricted:latest": seccompProfile/);
  });

  it('a Namespace without labels takes --pod-security as the default', async () => {
    const unlabelled = temp.file(
      'plain-ns.yaml',
      'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: default\n',
    );
    const result = await runMain([
      'lint',
      BASIC_VMI,
      ...V1_4,
      '--objects',
      unlabelled,
      '--pod-security',
      'restricted',
    ]);
    assert.equal(result.status, 1);
    const none = await runMain(['lint', BASIC_VMI, ...V1_4, '--objects', unlabelled]);
    assert.equal(none.status, 0, none.stdout);
  });

  it('enforce baseline, warn restricted: lint warns (exit 0) with the warn message', async () => {
    const ns = namespaceFile({
      'pod-security.kubernetes.io/enforce': 'baseline',
      'pod-security.kubernetes.io/enforce-version': 'v1.31',
      'pod-security.kubernetes.io/warn': 'restricted',
      'pod-security.kubernetes.io/warn-version': 'v1.31',
    });
    const result = await runMain(['lint', BASIC_VMI, ...V1_4, '--objects', ns]);
    assert.equal(result.status, 0, result.stdout);
    const message = upstreamVerdict('001-containerdisk-cloudinit-nocloud', 'restricted:v1.31').replace(
      /^violates/,
      'would violate',
    );
    assert.equal(
      result.stdout,
      `warning: ${BASIC_VMI}:1:1: PodSecurity admission would warn about the launcher Pod: ${message}\n` +
        '1 document(s) checked: 0 error(s), 1 warning(s) — ok\n',
    );
    const strict = await runMain(['lint', BASIC_VMI, ...V1_4, '--objects', ns, '--strict']);
    assert.equal(strict.status, 1);
  });

  it('audit: a warning naming the audit mode', async () => {
    const ns = namespaceFile({ 'pod-security.kubernetes.io/audit': 'restricted' });
    const result = await runMain(['lint', BASIC_VMI, ...V1_4, '--objects', ns]);
    assert.equal(result.status, 0, result.stdout);
    assert.match(
      result.stdout,
      /warning: .*: PodSecurity admission would audit the launcher Pod: would violate PodSecurity "restricted:latest": /,
    );
  });

  it('an unparsable label: upstream field error as a warning, and the enforce level fails closed', async () => {
    const ns = namespaceFile({ 'pod-security.kubernetes.io/enforce': 'strict' });
    const result = await runMain(['lint', BASIC_VMI, ...V1_4, '--objects', ns]);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      /warning: .*:1:1: PodSecurity admission: Failed to parse policy: metadata\.labels\[pod-security\.kubernetes\.io\/enforce\]: Invalid value: "strict": must be one of privileged, baseline, restricted\n/,
    );
    assert.match(result.stdout, /violates PodSecurity "restricted:latest"/);
  });

  it('a VM: located in its template', async () => {
    const vm = temp.file(
      'vm.yaml',
      [
        'apiVersion: kubevirt.io/v1',
        'kind: VirtualMachine',
        'metadata: {name: shared, namespace: default}',
        'spec:',
        '  runStrategy: Always',
        '  template:',
        '    spec:',
        '      domain:',
        '        devices:',
        '          filesystems:',
        '          - name: shared-data',
        '            virtiofs: {}',
        '        resources: {requests: {memory: 1Gi}}',
        '      volumes:',
        '      - name: shared-data',
        '        persistentVolumeClaim: {claimName: team-share}',
        '',
      ].join('\n'),
    );
    const args = [
      vm,
      '--cluster-config',
      join(VIRTIOFS, 'kubevirt.yaml'),
      '--objects',
      join(VIRTIOFS, 'objects.yaml'),
    ];
    const result = await runMain(['lint', ...args, ...V1_4, '--pod-security', 'restricted']);
    assert.equal(result.status, 1, result.stdout);
    assert.match(
      result.stdout,
      /vm\.yaml:11:13: spec\.template\.spec\.domain\.devices\.filesystems\[0\]: PodSecurity admission would refuse the launcher Pod: violates PodSecurity "restricted:latest": allowPrivilegeEscalation/,
    );
  });

  it('a bad --pod-security is a usage error (exit 2)', async () => {
    const result = await runMain(['render', BASIC_VMI, '--pod-security', 'strict']);
    assertCleanFailure(result, { status: 2, message: '--pod-security must be LEVEL[:VERSION]' });
    const version = await runMain(['lint', BASIC_VMI, '--pod-security', 'baseline:1.31']);
    assertCleanFailure(version, { status: 2, message: '"latest" or "v1.x"' });
  });

  it('the built CLI: render warns on stderr and prints the Pod', async () => {
    const result = await runCli(['render', BASIC_VMI, ...V1_4, '--pod-security', 'restricted:v1.31']);
    assert.equal(result.status, 0, result.stderr);
    assert.match(
      result.stdout,
      /^apiVersion: v1\nkind: Pod\nmetadata:\n(.*\n)* {2}generateName: virt-launcher-fedora-basic-\n/,
    );
    assert.match(
      result.stderr,
      /^warning: .*vmi\.yaml:1:1: PodSecurity admission would refuse the launcher Pod: violates PodSecurity "restricted:v1\.31": seccompProfile/,
    );
  });
});
