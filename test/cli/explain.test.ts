// `vmi-render explain FILE...`: the same inputs as render; per VMI the compute container's and the Pod's
// memory and CPU broken into terms that add up to the rendered figures, and the node selectors' origins.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli } from '../support/cli.js';
import { assertCleanFailure, BASIC_VMI, tempDir, VM_CONFORMANCE } from './in-process.js';
import { Quantity } from '../../src/quantity/quantity.js';
import type { ExplainedDocument } from '../../src/cli/explain-command.js';
import type { ExplainedQuantity } from '../../src/explain.js';
import type { Pod } from '../../src/types/k8s.js';

const temp = tempDir();
after(() => temp.cleanup());

const VM_4GI = `apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: web
spec:
  runStrategy: Always
  template:
    spec:
      domain:
        cpu:
          cores: 2
        memory:
          guest: 4Gi
        devices:
          disks:
            - name: root
              disk:
                bus: virtio
      volumes:
        - name: root
          containerDisk:
            image: quay.io/containerdisks/fedora:40
`;

const sum = (figure: ExplainedQuantity): Quantity =>
  figure.terms.reduce((total, term) => total.add(Quantity.parse(term.value)), Quantity.zero());

async function explainJSON(args: string[]): Promise<ExplainedDocument[]> {
  const result = await runCli(['explain', ...args, '-o', 'json']);
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stderr, '');
  return (JSON.parse(result.stdout) as { documents: ExplainedDocument[] }).documents;
}

async function renderedPod(args: string[]): Promise<Pod> {
  const result = await runCli(['render', ...args, '-o', 'json']);
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as Pod;
}

describe('vmi-render explain', () => {
  const vm = temp.file('vm-4gi.yaml', VM_4GI);

  it('prints a tree of the memory request of a 4Gi VM, term by term, with human units', async () => {
    const result = await runCli(['explain', vm]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr, '');
    const pod = await renderedPod([vm]);
    const request = pod.spec!.containers.find((c) => c.name === 'compute')!.resources!.requests!['memory'];
    assert.match(result.stdout, /^.*vm-4gi\.yaml \(document 1\): VirtualMachine "web"$/m);
    assert.ok(result.stdout.includes(`    memory request: ${String(request)} (4.27 GiB)`), result.stdout);
    assert.match(result.stdout, /^ {8}4Gi +spec\.domain\.memory\.guest \(4 GiB\): /m);
    assert.match(result.stdout, /^ {6}\+ 100Mi +VirtLauncherOverhead \(100 MiB\): /m);
    assert.match(result.stdout, /^ {6}\+ 16Mi +perVCPU \(16 MiB\): 8Mi per vCPU × 2 vCPU/m);
    assert.match(result.stdout, /cpu request: 200m \(0\.2 CPU\)/);
    assert.match(result.stdout, /kubevirt\.io\/schedulable=true {2}from virt-controller/);
  });

  it('-o json: the documented shape; every figure is the rendered one and its terms add up to it', async () => {
    for (const version of ['v1.4.0', 'v1.9.0']) {
      const args = [vm, '--kubevirt-version', version];
      const [document] = await explainJSON(args);
      const pod = await renderedPod(args);
      const compute = pod.spec!.containers.find((c) => c.name === 'compute')!;
      assert.ok(document);
      assert.equal(document.kind, 'VirtualMachine');
      assert.equal(document.name, 'web');
      assert.equal(document.document, '1');
      assert.ok(document.file.endsWith('vm-4gi.yaml'));
      const memory = document.resources!.compute.memory.request!;
      assert.equal(memory.value, compute.resources!.requests!['memory']);
      assert.equal(sum(memory).cmp(Quantity.parse(memory.value)), 0);
      for (const term of memory.terms) assert.deepEqual(Object.keys(term), ['name', 'value', 'reason']);
      const cpu = document.resources!.compute.cpu.request!;
      assert.equal(cpu.value, compute.resources!.requests!['cpu']);
      assert.equal(sum(cpu).cmp(Quantity.parse(cpu.value)), 0);
      const podMemory = document.resources!.pod.memory.request!;
      assert.equal(sum(podMemory).cmp(Quantity.parse(podMemory.value)), 0);
      assert.ok(podMemory.terms.some((term) => term.name === 'container compute'));
      assert.deepEqual(
        Object.keys(document.scheduling!.nodeSelector).sort(),
        Object.keys(pod.spec!.nodeSelector ?? {}).sort(),
      );
    }
  });

  it('explains the dedicated CPUs and emulator thread of a VM case', async () => {
    const [document] = await explainJSON([
      join(VM_CONFORMANCE, '..', 'cases', '010-dedicated-cpu-isolate-emulator-thread', 'vmi.yaml'),
      '--kubevirt-version',
      'v1.4.0',
    ]);
    const cpu = document!.resources!.compute.cpu;
    assert.deepEqual(
      cpu.limit!.terms.map((term) => term.name),
      ['dedicated vCPUs', 'isolateEmulatorThread'],
    );
    assert.equal(sum(cpu.limit!).cmp(Quantity.parse(cpu.limit!.value)), 0);
  });

  it('explains every document of the input', async () => {
    const two = temp.file('two.yaml', `${VM_4GI}---\n${VM_4GI.replace('name: web', 'name: db')}`);
    const documents = await explainJSON([two, BASIC_VMI]);
    assert.deepEqual(
      documents.map((document) => [document.document, document.name]),
      [
        ['1', 'web'],
        ['2', 'db'],
        ['1', 'fedora-basic'],
      ],
    );
  });

  it('fails cleanly on invalid input, like render', async () => {
    const bad = temp.file('bad.yaml', VM_4GI.replace('guest: 4Gi', 'guest: lots'));
    assertCleanFailure(await runCli(['explain', bad]), { status: 1, file: 'bad.yaml' });
  });

  it('refuses an unknown output format', async () => {
    const result = await runCli(['explain', vm, '-o', 'yaml']);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /-o, --output <FORMAT>.*yaml.*invalid/i);
  });

  it("the README's worked example is what the command prints", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const marker = /<!-- explain-example: vmi-render (.+) -->\n\n```\n\$ vmi-render (.+)\n([\s\S]*?)```/.exec(
      readme,
    );
    assert.ok(marker, 'the README has the explain example');
    const [, args, shown, block] = marker;
    assert.equal(shown, args, 'the example prints the command it runs');
    const printed = block!.split('\n').slice(0, -1);
    assert.equal(printed.at(-1), '  ...', 'the example ends with "  ..."');
    const result = await runCli(args!.split(' '));
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.split('\n');
    assert.deepEqual(printed.slice(0, -1), lines.slice(0, printed.length - 1));
    assert.ok(lines.length > printed.length, 'the output goes on after the lines the README shows');
  });

  it('docs/EXPLAIN.md lists every field of a document', async () => {
    const doc = readFileSync(join(ROOT, 'docs', 'EXPLAIN.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## A document'), doc.indexOf('## Figures and terms'));
    const documented = [...table.matchAll(/^\| `([a-zA-Z]+)` /gm)].map((match) => match[1]);
    const [document] = await explainJSON([vm]);
    assert.deepEqual(documented, Object.keys(document!));
    assert.deepEqual(Object.keys(document!.securityContext!), ['pod', 'containers']);
    assert.deepEqual(Object.keys(document!.resources!), ['compute', 'pod']);
    assert.deepEqual(Object.keys(document!.scheduling!), ['nodeSelector', 'affinity', 'tolerations']);
  });

  it('says where create-time defaults and an instancetype put a figure', async () => {
    const dir = join(VM_CONFORMANCE, '006-instancetype-only-o1-memory-overcommit');
    const [document] = await explainJSON([
      join(dir, 'vmi.yaml'),
      '--objects',
      join(dir, 'objects.yaml'),
      '--kubevirt-version',
      'v1.9.0',
    ]);
    const request = document!.resources!.compute.memory.request!;
    assert.match(request.terms[0]!.name, /instancetype o1\.large spec\.memory\.guest$/);
    assert.equal(request.terms[1]!.name, 'overcommitPercent');
    assert.match(request.terms[1]!.reason, /overcommitPercent 50%/);
    assert.equal(sum(request).cmp(Quantity.parse(request.value)), 0);
    const overcommitted = temp.file('overcommit.yaml', VM_4GI);
    const config = temp.file(
      'kubevirt.yaml',
      `apiVersion: kubevirt.io/v1
kind: KubeVirt
metadata:
  name: kubevirt
  namespace: kubevirt
spec:
  configuration:
    developerConfiguration:
      memoryOvercommit: 150
`,
    );
    const [old] = await explainJSON([
      overcommitted,
      '--cluster-config',
      config,
      '--kubevirt-version',
      'v1.4.0',
    ]);
    const oldRequest = old!.resources!.compute.memory.request!;
    assert.deepEqual(
      oldRequest.terms.slice(0, 2).map((term) => term.name),
      ['spec.domain.memory.guest', 'memoryOvercommit'],
    );
    assert.match(oldRequest.terms[0]!.reason, /create-time defaults/);
    assert.match(oldRequest.terms[1]!.reason, /memoryOvercommit 150%/);
    assert.equal(sum(oldRequest).cmp(Quantity.parse(oldRequest.value)), 0);
    assert.match(old!.securityContext!.pod['runAsUser']!.source, /feature gate Root/);
  });

  it('is listed in the help', async () => {
    const result = await runCli(['--help']);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^ {2}explain /m);
  });
});
