// Scheduling in `render` and `lint`: kube-scheduler's verdict on the launcher Pod over the Nodes of --nodes
// (fixtures/scheduling); render warns when the Pod fits no node, lint fails; each node's reasons are warnings
// at the VMI field the requirement comes from.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, ROOT } from '../support/cli.js';
import { BASIC_VMI, runMain, tempDir } from './in-process.js';

const temp = tempDir();
after(() => temp.cleanup());

const V1_4 = ['--kubevirt-version', 'v1.4.0'];
const NODES = join(ROOT, 'fixtures', 'scheduling', 'nodes.yaml');
const ONE_NODE = join(ROOT, 'fixtures', 'scheduling', 'one-node.yaml');
const VM = join(
  ROOT,
  'fixtures',
  'conformance',
  'v1.4.0',
  'vm-cases',
  '001-vm-plain-no-instancetype',
  'vmi.yaml',
);

const NO_FIT =
  "0/4 nodes are available: 1 Insufficient memory, 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) were unschedulable. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.";
const LEAD = 'the launcher Pod of VirtualMachineInstance "fedora-basic" does not fit any node: ';

/** one-node.yaml with its first document (the Node) only: the Pod fits it. */
const nodeOnly = () => temp.file('node-only.yaml', readFileSync(ONE_NODE, 'utf8').split('\n---\n')[0]!);

describe('scheduling', { concurrency: 4 }, () => {
  it('render: the Pod on stdout, "does not fit any node" with upstream message as a warning', async () => {
    const result = await runMain(['render', BASIC_VMI, ...V1_4, '--nodes', NODES]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^apiVersion: v1\nkind: Pod\n/);
    const lines = result.stderr.split('\n');
    assert.equal(lines[0], `warning: ${BASIC_VMI}:1:1: ${LEAD}${NO_FIT}`);
    assert.ok(
      lines.every((line) => line === '' || line.startsWith('warning: ')),
      result.stderr,
    );
  });

  it('lint: an error, and each node refusing it with the VMI field behind the requirement', async () => {
    const result = await runMain(['lint', BASIC_VMI, ...V1_4, '--nodes', NODES]);
    assert.equal(result.status, 1, result.stdout);
    const lines = result.stdout.trimEnd().split('\n');
    assert.equal(lines[0], `${BASIC_VMI}:1:1: ${LEAD}${NO_FIT}`);
    const expected = [
      `warning: ${BASIC_VMI}:1:1: node "worker-nokvm": node(s) didn't match Pod's node affinity/selector: nodeSelector kubevirt.io/schedulable=true: the node has no label kubevirt.io/schedulable (from every launcher Pod needs a node where virt-handler runs and reports it schedulable)`,
      `warning: ${BASIC_VMI}:1:1: node "worker-nokvm": Insufficient devices.kubevirt.io/kvm: the Pod requests 1 devices.kubevirt.io/kvm (from hardware virtualization (the cluster config does not set developerConfiguration.useEmulation)); the node has 0 of 0 allocatable free`,
      `warning: ${BASIC_VMI}:1:1: node "worker-tainted": node(s) had untolerated taint {dedicated: gpu}: the node has taint dedicated=gpu:NoSchedule; the VMI has no tolerations (spec.tolerations)`,
      `warning: ${BASIC_VMI}:1:1: node "worker-cordoned": node(s) were unschedulable: the node is cordoned (spec.unschedulable)`,
      `warning: ${BASIC_VMI}:9:5: spec.domain.devices.interfaces: node "worker-nokvm": Insufficient devices.kubevirt.io/tun: the Pod requests 1 devices.kubevirt.io/tun (from the network interfaces); the node has 0 of 0 allocatable free`,
      `warning: ${BASIC_VMI}:19:9: spec.domain.resources.requests.memory: node "worker-small": Insufficient memory: the Pod requests 2441433344 (about 2328.3Mi) memory (from the VMI memory request plus KubeVirt overhead); the node has 1Gi of 1Gi allocatable free`,
    ];
    for (const line of expected) assert.ok(lines.includes(line), `missing: ${line}\n${result.stdout}`);
    assert.equal(lines.at(-1), '1 document(s) checked: 1 error(s), 8 warning(s)');
  });

  it('the Pods already on a node take from what it has; finished ones do not', async () => {
    const result = await runMain(['lint', BASIC_VMI, ...V1_4, '--nodes', ONE_NODE, '-o', 'json']);
    assert.equal(result.status, 1);
    const report = JSON.parse(result.stdout) as {
      documents: {
        scheduling: { fits: string[]; message: string; nodes: { name: string; reasons: string[] }[] };
      }[];
    };
    assert.deepEqual(report.documents[0]!.scheduling, {
      fits: [],
      message:
        '0/1 nodes are available: 1 Insufficient memory. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
      nodes: [
        {
          name: 'worker-big',
          reasons: [
            'Insufficient memory: the Pod requests 2441433344 (about 2328.3Mi) memory (from the VMI memory request plus KubeVirt overhead); the node has 2Gi of 4Gi allocatable free',
          ],
        },
      ],
    });
  });

  it("a PriorityClass's preemptionPolicy is the launcher Pod's (the API server copies it); its shape is checked", async () => {
    const withClass = (policy: string) =>
      temp.file(
        `one-node-${policy}.yaml`,
        `${readFileSync(ONE_NODE, 'utf8')}\n---\napiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\n` +
          `metadata: {name: vms}\nvalue: 100\nglobalDefault: true\npreemptionPolicy: ${policy}\n`,
      );
    const result = await runMain(['lint', BASIC_VMI, ...V1_4, '--nodes', withClass('Never'), '-o', 'json']);
    const report = JSON.parse(result.stdout) as { documents: { scheduling: { message: string } }[] };
    assert.equal(
      report.documents[0]!.scheduling.message,
      '0/1 nodes are available: 1 Insufficient memory. preemption: not eligible due to preemptionPolicy=Never.',
    );
    const wrong = await runMain(['lint', BASIC_VMI, ...V1_4, '--nodes', withClass('5')]);
    assert.equal(wrong.status, 1);
    assert.match(wrong.stderr, /:\d+:\d+: preemptionPolicy: must be a string/);
  });

  it('a Pod that fits: lint passes and its JSON names the nodes (a not-ready NoExecute taint is tolerated)', async () => {
    const result = await runMain(['lint', BASIC_VMI, ...V1_4, '--nodes', nodeOnly(), '-o', 'json']);
    assert.equal(result.status, 0, result.stdout);
    const report = JSON.parse(result.stdout) as { documents: { scheduling: unknown; problems: unknown[] }[] };
    assert.deepEqual(report.documents[0]!.scheduling, { fits: ['worker-big'], nodes: [] });
    assert.deepEqual(report.documents[0]!.problems, []);
    const render = await runMain(['render', BASIC_VMI, ...V1_4, '--nodes', nodeOnly()]);
    assert.equal(render.stderr, '');
  });

  it("a VM's requirements are located in its template", async () => {
    const result = await runMain(['lint', VM, ...V1_4, '--nodes', NODES]);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      /^.*: the launcher Pod of VirtualMachine "fedora-plain" does not fit any node: 0\/4 nodes/m,
    );
    assert.match(
      result.stdout,
      /spec\.template\.spec\.domain\.resources\.requests\.memory: node "worker-small": Insufficient memory/,
    );
  });

  it('a missing --nodes file is an input error; a nameless Node is located', async () => {
    const missing = await runMain(['lint', BASIC_VMI, ...V1_4, '--nodes', join(temp.dir, 'absent.yaml')]);
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /absent\.yaml: no such file/);
    const nameless = temp.file('nameless.yaml', 'kind: Node\nmetadata: {}\n');
    const result = await runMain(['render', BASIC_VMI, ...V1_4, '--nodes', nameless]);
    assert.equal(result.status, 1);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /nameless\.yaml:\d+:\d+: metadata\.name: a Node must have a name/);
  });

  it('a Node or Pod of the wrong shape: every field located, no crash', async () => {
    const hostile = temp.file(
      'hostile.yaml',
      [
        'kind: Node\nmetadata: {name: n, labels: {a: [1]}}\nspec: {taints: oops, unschedulable: "yes"}\nstatus: {allocatable: 7}',
        'kind: Pod\nmetadata: {name: p}\nspec: {nodeName: 3, containers: 5, initContainers: [{resources: {requests: []}}]}',
        'kind: Node\nmetadata: {name: fine}\nstatus: {allocatable: {cpu: lots}}',
      ].join('\n---\n'),
    );
    const result = await runMain(['lint', BASIC_VMI, ...V1_4, '--nodes', hostile]);
    assert.equal(result.status, 1);
    assert.equal(result.stdout, '');
    for (const field of [
      'metadata.labels.a: Node: must be a string',
      'spec.taints: Node: must be a list',
      'spec.unschedulable: Node: must be true or false',
      'status.allocatable: Node: must be an object',
      'spec.nodeName: Pod: must be a string',
      'spec.containers: Pod: must be a list',
      'spec.initContainers[0].resources.requests: Pod: must be an object',
    ]) {
      assert.ok(result.stderr.includes(field), `missing ${field}:\n${result.stderr}`);
    }
    assert.doesNotMatch(result.stderr, /bug|at .*\.js/);
  });

  it('the built CLI: lint exits 1 when the Pod fits no node', async () => {
    const result = await runCli(['lint', BASIC_VMI, ...V1_4, '--nodes', NODES]);
    assert.equal(result.status, 1);
    assert.ok(result.stdout.includes(NO_FIT), result.stdout);
  });
});
