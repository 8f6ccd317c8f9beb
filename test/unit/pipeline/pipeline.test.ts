// The pipeline never changes its inputs: every conformance case renders from deeply frozen documents,
// cluster config and cluster objects (a write to a frozen object throws in strict-mode modules).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { ClusterConfig, type Arch } from '../../../src/cluster/cluster-config.js';
import { MemoryClusterState, type ClusterObject } from '../../../src/state/cluster-state.js';
import { renderDocument } from '../../../src/pipeline.js';
import { RenderError } from '../../../src/errors.js';
import type { KubeVirt, VirtualMachine, VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

for (const corpus of ['conformance/v1.4.0/cases', 'conformance/v1.4.0/vm-cases']) {
  const base = join(FIXTURES, corpus);
  const cases = readdirSync(base, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  test(`${corpus}: inputs are never modified`, () => {
    for (const { name } of cases) {
      const dir = join(base, name);
      const read = (file: string): string | undefined =>
        existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : undefined;
      const settings = JSON.parse(read('case.json') ?? '{}') as {
        arch?: Arch;
        admission?: boolean;
        vmiUID?: string;
      };
      const kubevirt = read('kubevirt.yaml');
      const objects = read('objects.yaml');
      const config = new ClusterConfig({
        release: V1_4_0,
        arch: settings.arch ?? 'amd64',
        ...(kubevirt ? { kubevirt: deepFreeze(parse(kubevirt) as KubeVirt) } : {}),
      });
      const state = new MemoryClusterState(
        objects ? parseAllDocuments(objects).map((doc) => deepFreeze(doc.toJS() as ClusterObject)) : [],
      );
      const document = deepFreeze(parse(read('vmi.yaml')!) as VirtualMachineInstance | VirtualMachine);
      const before = JSON.stringify(document);
      try {
        renderDocument(document, {
          config,
          state,
          admission: settings.admission ?? true,
          namespace: 'default',
          ...(settings.vmiUID ? { uid: settings.vmiUID } : {}),
        });
      } catch (error) {
        assert.ok(error instanceof RenderError, `${name}: ${String(error)}`);
      }
      assert.equal(JSON.stringify(document), before, name);
    }
  });
}

test('component images: spec, else the observed registry and version (of the release minor), per release', async () => {
  const { componentImage } = await import('../../../src/pipeline.js');
  const V1_4_0 = KubeVirtRelease.of('v1.4.0');
  const V1_9_0 = KubeVirtRelease.of('v1.9.0');
  const kv = (spec: Record<string, unknown>, status: Record<string, unknown> = {}): KubeVirt =>
    ({ apiVersion: 'kubevirt.io/v1', kind: 'KubeVirt', spec, status }) as KubeVirt;
  // upstream v1.4.0 AddVersionSeparatorPrefix puts `@` before a sha256 digest; v1.9.0 dropped that branch
  assert.equal(
    componentImage(kv({ imageTag: 'sha256:0123' }), 'virt-launcher', V1_4_0),
    'quay.io/kubevirt/virt-launcher@sha256:0123',
  );
  assert.equal(
    componentImage(kv({ imageTag: 'sha256:0123' }), 'virt-launcher', V1_9_0),
    'quay.io/kubevirt/virt-launcher:sha256:0123',
  );
  const observed = kv(
    {},
    { observedKubeVirtRegistry: 'registry.example.com/kubevirt', observedKubeVirtVersion: 'v1.9.1' },
  );
  assert.equal(
    componentImage(observed, 'sidecar-shim', V1_9_0),
    'registry.example.com/kubevirt/sidecar-shim:v1.9.1',
  );
  // another release (an upgrade previewed with --kubevirt-version) deploys its own version
  assert.equal(
    componentImage(observed, 'virt-launcher', V1_4_0),
    'registry.example.com/kubevirt/virt-launcher:v1.4.0',
  );
  assert.equal(
    componentImage(kv({ imageRegistry: 'mine.example.com', imageTag: 'v9' }), 'virt-launcher', V1_9_0),
    'mine.example.com/virt-launcher:v9',
  );
});

test('decoding a VMI re-prints its DNS nameservers canonically (api/core/v1 UnmarshalJSON), into the Pod too', () => {
  const vmi = {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstance',
    metadata: { name: 'dns', namespace: 'default' },
    spec: {
      dnsPolicy: 'None',
      dnsConfig: { nameservers: ['010.000.000.010', '2001:DB8::0001', '::ffff:192.168.1.1', 'not-an-ip'] },
      domain: { devices: {}, resources: { requests: { memory: '1Gi' } } },
    },
  } as unknown as VirtualMachineInstance;
  for (const release of ['v1.4.0', 'v1.9.0'] as const) {
    for (const admission of [true, false]) {
      const result = renderDocument(structuredClone(vmi), {
        config: new ClusterConfig({ release: KubeVirtRelease.of(release) }),
        state: new MemoryClusterState(),
        admission,
        namespace: 'default',
      });
      const expected = ['10.0.0.10', '2001:db8::1', '192.168.1.1', 'not-an-ip'];
      assert.deepEqual(
        result.pod.spec?.dnsConfig?.nameservers,
        expected,
        `${release} admission ${admission}`,
      );
      if (admission) assert.deepEqual(result.vmi.spec.dnsConfig?.nameservers, expected);
    }
  }
});

test('a VirtualMachine with --no-admission: its VMI still gets the create-time defaults (it is new)', () => {
  const vm = {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachine',
    metadata: { name: 'vm', namespace: 'default' },
    spec: {
      runStrategy: 'Always',
      template: { spec: { domain: { devices: {}, resources: { requests: { memory: '1Gi' } } } } },
    },
  } as unknown as VirtualMachine;
  const render = (admission: boolean) =>
    renderDocument(structuredClone(vm), {
      config: new ClusterConfig({ release: KubeVirtRelease.of('v1.9.0') }),
      state: new MemoryClusterState(),
      admission,
      namespace: 'default',
    }).pod;
  assert.deepEqual(render(false), render(true));
  assert.ok(render(false).spec?.containers[0]?.command?.includes('--run-as-nonroot'));
});
