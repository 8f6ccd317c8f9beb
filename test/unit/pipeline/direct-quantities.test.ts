// The render sees the VMI as admission left it in Go (no JSON round trip): a quantity computed by
// admission keeps its Go format. With memoryOvercommit 150 and guest 4Gi, admission computes the memory
// request as NewQuantity(2863311530, BinarySI); the Pod's request (request + overhead) stays BinarySI
// (`2978Mi`, from the upstream v1.4.0 oracle rendering the defaulted object directly), where re-parsing the
// stored "2863311530" (DecimalSI) would give `3122659328`. The stored VMI still prints canonical strings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { MemoryClusterState } from '../../../src/state/cluster-state.js';
import { renderDocument } from '../../../src/pipeline.js';
import type { KubeVirt, VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

/** memoryOvercommit 150 and a VMI with only 4Gi of guest memory: admission derives the request. */
const kubevirt: KubeVirt = {
  apiVersion: 'kubevirt.io/v1',
  kind: 'KubeVirt',
  metadata: { name: 'kubevirt', namespace: 'kubevirt' },
  spec: { configuration: { developerConfiguration: { memoryOvercommit: 150 } } },
};
const vmi: VirtualMachineInstance = {
  apiVersion: 'kubevirt.io/v1',
  kind: 'VirtualMachineInstance',
  metadata: { name: 'overcommit', namespace: 'default' },
  spec: { domain: { memory: { guest: '4Gi' }, devices: {} } },
};

test('admission-computed quantities keep their Go format into the render (overcommit 150, 4Gi)', () => {
  const result = renderDocument(vmi, {
    config: new ClusterConfig({ release: V1_4_0, arch: 'amd64', kubevirt }),
    state: new MemoryClusterState([]),
    admission: true,
    namespace: 'default',
  });
  const compute = result.pod.spec?.containers.find((container) => container.name === 'compute');
  assert.equal(compute?.resources?.requests?.['memory'], '2978Mi');
  assert.deepEqual(result.vmi.spec.domain.resources?.requests, { memory: '2863311530' });
  assert.equal(
    JSON.parse(JSON.stringify(result.vmi)).spec.domain.resources.requests.memory as string,
    '2863311530',
  );
});

test('explain records, and only when asked: the same Pod, with the provenance of the defaulted request', () => {
  const settings = {
    config: new ClusterConfig({ release: V1_4_0, arch: 'amd64', kubevirt }),
    state: new MemoryClusterState([]),
    admission: true,
    namespace: 'default',
  };
  const plain = renderDocument(vmi, settings);
  const explained = renderDocument(vmi, { ...settings, explain: true });
  assert.equal(plain.explanation, undefined);
  assert.deepEqual(explained.pod, plain.pod);
  const request = explained.explanation?.field('spec.domain.resources.requests.memory');
  assert.equal(request?.source, "virt-api's create-time defaults");
  assert.deepEqual(
    request?.terms?.map((term) => [term.name, term.value.toString()]),
    [
      ['spec.domain.memory.guest', '4Gi'],
      ['memoryOvercommit', '-1431655766'],
    ],
  );
});
