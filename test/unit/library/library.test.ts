// The library is as safe as the CLI: render() checks its inputs as the CLI checks files (schemas, Go
// integers, names), raises InvalidInputError with every problem, returns virt-api's refusals as structured
// warnings; lint() reports all of it; objects take Lists; kubevirtVersion picks the release.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import {
  InvalidInputError,
  lint,
  render,
  RenderError,
  type ClusterObject,
  type RenderInputs,
  type VirtualMachineInstance,
} from '../../../src/index.js';

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/conformance/v1.4.0/', import.meta.url));
const read = (path: string): string => readFileSync(join(FIXTURES, path), 'utf8');
const basic = parse(read('cases/001-containerdisk-cloudinit-nocloud/vmi.yaml')) as VirtualMachineInstance;
const pvcVmi = parse(read('cases/016-pvc-filesystem-and-readonly/vmi.yaml')) as VirtualMachineInstance;
const pvcs = parseAllDocuments(read('cases/016-pvc-filesystem-and-readonly/objects.yaml')).map(
  (document) => document.toJS() as ClusterObject,
);
const expectedBasic = (
  JSON.parse(read('cases/001-containerdisk-cloudinit-nocloud/expected.json')) as {
    pod: { metadata: Record<string, unknown> };
  }
).pod;

/** render() with a document that is not what the types say (as from JSON.parse). */
const renderUntyped = (inputs: Record<string, unknown>): unknown => render(inputs as unknown as RenderInputs);

function invalid(action: () => unknown): InvalidInputError {
  try {
    action();
  } catch (error) {
    assert.ok(error instanceof InvalidInputError, `expected InvalidInputError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected InvalidInputError');
}

describe('render()', () => {
  it('returns the Pod as created: apiVersion, kind, namespace; upstream template otherwise', () => {
    const { pod, vmi, warnings } = render({ document: basic, kubevirtVersion: 'v1.4.0' });
    assert.deepEqual(Object.keys(pod).slice(0, 3), ['apiVersion', 'kind', 'metadata']);
    assert.equal(pod.apiVersion, 'v1');
    assert.equal(pod.kind, 'Pod');
    assert.equal(pod.metadata?.namespace, 'default');
    assert.equal(pod.metadata?.generateName, expectedBasic.metadata.generateName);
    assert.deepEqual(pod.metadata?.labels, expectedBasic.metadata.labels);
    assert.equal(vmi.apiVersion, 'kubevirt.io/v1');
    assert.equal(vmi.kind, 'VirtualMachineInstance');
    assert.deepEqual(warnings, []);
  });

  it('names the Pod on request', () => {
    assert.equal(
      render({ document: basic, podName: 'stable' }).pod.metadata?.name,
      'virt-launcher-fedora-basic',
    );
    const named = render({ document: basic, podName: { name: 'launcher' } }).pod.metadata!;
    assert.equal(named.name, 'launcher');
    assert.equal(named.generateName, undefined);
  });

  it('raises InvalidInputError with every problem, never a TypeError', () => {
    const broken = structuredClone(basic) as unknown as { spec: Record<string, unknown> };
    broken.spec.bogus = 1;
    (broken.spec.domain as Record<string, unknown>).cpu = { cores: -1 };
    const error = invalid(() =>
      render({ document: broken as unknown as VirtualMachineInstance, strict: true }),
    );
    assert.deepEqual(
      error.problems.map((problem) => [problem.location.file, problem.path, problem.severity]),
      [
        ['document', 'spec.bogus', 'error'],
        ['document', 'spec.domain.cpu.cores', 'error'],
      ],
    );
    for (const document of [
      undefined,
      null,
      42,
      'vmi',
      [],
      {},
      { kind: 'Pod' },
      { kind: 'VirtualMachine', spec: 7 },
    ]) {
      const refused = invalid(() => renderUntyped({ document }));
      assert.ok(refused.problems.length > 0, JSON.stringify(document));
      assert.ok(refused.problems.every((problem) => problem.location.file === 'document'));
    }
    invalid(() => renderUntyped({ document: { ...basic, metadata: { generateName: 'x-' } } }));
    invalid(() => renderUntyped({ document: basic, kubevirt: 'yes' }));
    invalid(() => renderUntyped({ document: basic, objects: [{ kind: 'PersistentVolumeClaim', spec: 3 }] }));
    invalid(() => renderUntyped(null as unknown as Record<string, unknown>));
    // the CLI's checks of flags, as option checks
    const options = invalid(() =>
      renderUntyped({ document: basic, namespace: 'Bad NS', uid: 'x', arch: 'riscv', podName: 'Bad' }),
    );
    assert.deepEqual(
      options.problems.map((problem) => problem.location.file),
      ['namespace', 'arch', 'uid', 'podName'],
    );
  });

  it('an unsigned Go integer out of range is refused as the CLI refuses it', () => {
    const document = structuredClone(basic);
    document.spec.domain.cpu = { cores: 4294967296 };
    const error = invalid(() => render({ document }));
    assert.ok(error.problems.some((problem) => problem.path === 'spec.domain.cpu.cores'));
  });

  it('returns refusals and input warnings as structured warnings', () => {
    const document = structuredClone(basic);
    document.spec.domain.devices.disks = [
      ...(document.spec.domain.devices.disks ?? []),
      { name: 'containerdisk', disk: { bus: 'virtio' } },
    ];
    (document.spec as Record<string, unknown>).bogusField = true;
    const { warnings } = render({ document });
    assert.deepEqual(
      warnings.map((warning) => [warning.kind, warning.input, warning.path]),
      [
        ['input', 'document', 'spec.bogusField'],
        ['refusal', 'document', 'spec.domain.devices.disks[2].name'],
      ],
    );
    assert.match(
      warnings[1]!.message,
      /^virt-api would refuse to create VirtualMachineInstance "fedora-basic": /,
    );
  });

  it('objects take a kind: List; a missing object is a RenderError', () => {
    assert.throws(() => render({ document: pvcVmi }), RenderError);
    const list = { apiVersion: 'v1', kind: 'List', items: pvcs };
    const fromList = render({ document: pvcVmi, objects: [list] });
    assert.deepEqual(fromList.pod, render({ document: pvcVmi, objects: pvcs }).pod);
    const skipped = render({
      document: pvcVmi,
      objects: [
        { ...list, items: [...pvcs, { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } }] },
      ],
    });
    assert.deepEqual(
      skipped.warnings.map((warning) => [warning.input, warning.message]),
      [[`objects[0].items[${pvcs.length}]`, 'skipping Service: the render does not consult this kind']],
    );
  });

  it('kubevirtVersion picks the release; an unsupported one is invalid input', () => {
    const v14 = render({ document: basic, kubevirtVersion: 'v1.4.0' }).pod;
    assert.ok(JSON.stringify(v14).includes('virt-launcher:v1.4.0'));
    const v19 = render({ document: basic, kubevirtVersion: 'v1.9.0' }).pod;
    assert.ok(JSON.stringify(v19).includes('virt-launcher:v1.9.0'));
    const error = invalid(() => render({ document: basic, kubevirtVersion: 'v0.1.0' }));
    assert.equal(error.problems[0]?.location.file, 'kubevirtVersion');
  });
});

describe('lint()', () => {
  it('names every missing object at its field, as the CLI does', () => {
    const { problems } = lint({ document: pvcVmi });
    assert.deepEqual(
      problems.map((problem) => [problem.path, problem.message.replace(/ \(supply.*$/, '')]),
      [
        [
          'spec.volumes[0].persistentVolumeClaim.claimName',
          "failed to render launch manifest: didn't find PVC rhel9-root",
        ],
        [
          'spec.volumes[1].persistentVolumeClaim.claimName',
          'also missing: PersistentVolumeClaim "rhel-9.4-iso" in namespace "vms"',
        ],
      ],
    );
    assert.match(problems[0]!.message, /\(supply the PersistentVolumeClaim with `objects`\)$/);
  });

  it('says which feature gate a refusal needs', () => {
    const document = structuredClone(basic);
    document.spec.volumes = [
      ...(document.spec.volumes ?? []),
      { name: 'host', hostDisk: { path: '/data/disk.img', type: 'DiskOrCreate', capacity: '1Gi' } },
    ];
    document.spec.domain.devices.disks = [
      ...(document.spec.domain.devices.disks ?? []),
      { name: 'host', disk: { bus: 'virtio' } },
    ];
    const { ok, problems } = lint({ document, kubevirtVersion: 'v1.4.0' });
    assert.equal(ok, false);
    assert.match(
      problems[0]!.message,
      /HostDisk feature gate is not enabled \(enable it: add "HostDisk" to spec\.configuration\.developerConfiguration\.featureGates/,
    );
    assert.equal(render({ document }).warnings[0]?.kind, 'refusal');
  });

  it('is ok for a clean VMI, and reports every problem without throwing', () => {
    assert.deepEqual(lint({ document: basic }), { ok: true, problems: [] });
    const missing = lint({ document: pvcVmi });
    assert.equal(missing.ok, false);
    assert.match(missing.problems[0]!.message, /didn't find PVC/);
    const bad = lint({
      document: { ...basic, kind: 'VirtualMachinePool' } as unknown as VirtualMachineInstance,
    });
    assert.equal(bad.ok, false);
    assert.match(bad.problems[0]!.message, /VirtualMachinePool is not supported/);
    const document = structuredClone(basic);
    (document.spec as Record<string, unknown>).bogusField = true;
    assert.equal(lint({ document }).ok, true);
    assert.equal(lint({ document, strict: true }).ok, false);
  });
});

describe("the API server's verdict", () => {
  it('render() warns where upstream renders a Pod kube-apiserver refuses', () => {
    const document = parse(read('cases/080-ppc64le/vmi.yaml')) as VirtualMachineInstance;
    const { warnings } = render({ document, arch: 'ppc64le', kubevirtVersion: 'v1.4.0' });
    assert.deepEqual(
      warnings.filter((warning) => warning.kind === 'api-server').map((warning) => warning.message),
      // the API server validates init containers first
      ['initContainers', 'containers'].map(
        (list) =>
          `kube-apiserver would refuse the launcher Pod (upstream KubeVirt renders it so too): spec.${list}[0].securityContext: cannot set \`allowPrivilegeEscalation\` to false and \`privileged\` to true`,
      ),
    );
    assert.deepEqual(render({ document: basic }).warnings, []);
  });
});
