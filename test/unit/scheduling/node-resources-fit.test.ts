import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { filterNodeResourcesFit } from '../../../src/scheduling/node-resources-fit.js';
import { podRequests } from '../../../src/scheduling/resources.js';
import { infoOf, makeNode, makePod, requesting } from './support.js';

const amounts = (pod: ReturnType<typeof makePod>) =>
  Object.fromEntries([...podRequests(pod)].map(([k, v]) => [k, String(v)]));

describe('NodeResourcesFit', () => {
  it('effective request: containers summed, the largest init container, the overhead added', () => {
    const pod = makePod({
      containers: [requesting({ cpu: '100m', memory: '1Gi' }), requesting({ cpu: '200m', memory: '1Gi' })],
      initContainers: [requesting({ cpu: '1', memory: '512Mi' })],
      overhead: { memory: '100Mi' },
    });
    assert.deepEqual(amounts(pod), { cpu: '1000', memory: String(2 * 1024 ** 3 + 100 * 1024 ** 2) });
  });
  it('restartable init (sidecar) containers add to the containers and to the init containers after them', () => {
    const sidecar = { ...requesting({ memory: '1Gi' }), restartPolicy: 'Always' };
    const pod = makePod({
      containers: [requesting({ memory: '1Gi' })],
      initContainers: [sidecar, requesting({ memory: '3Gi' })],
    });
    // max(1Gi + 1Gi, 3Gi + 1Gi)
    assert.deepEqual(amounts(pod), { memory: String(4 * 1024 ** 3) });
  });
  it('a limit without a request is the request (API server defaulting)', () => {
    const pod = makePod({ containers: [requesting({ memory: '1Gi' }, { 'devices.kubevirt.io/kvm': '1' })] });
    assert.equal(podRequests(pod).get('devices.kubevirt.io/kvm'), 1n);
  });
  it('reasons in upstream order, extended resources by name', () => {
    const node = makeNode('n', {
      allocatable: { cpu: '1', memory: '1Gi', pods: '110', 'devices.kubevirt.io/tun': '1' },
    });
    const pod = makePod({
      containers: [
        requesting(
          { cpu: '2', memory: '2Gi' },
          { 'devices.kubevirt.io/tun': '1', 'devices.kubevirt.io/kvm': '1', 'hugepages-2Mi': '1Gi' },
        ),
      ],
    });
    assert.deepEqual(filterNodeResourcesFit(pod, infoOf(node)), {
      plugin: 'NodeResourcesFit',
      code: 'Unschedulable',
      reasons: [
        'Insufficient cpu',
        'Insufficient memory',
        'Insufficient devices.kubevirt.io/kvm',
        'Insufficient hugepages-2Mi',
      ],
    });
  });
  it('what Pods on the node request is taken; terminated Pods are not counted', () => {
    const node = makeNode('n', { allocatable: { cpu: '4', memory: '4Gi', pods: '2' } });
    const running = {
      ...makePod({ nodeName: 'n', containers: [requesting({ memory: '3Gi' })] }),
      status: { phase: 'Running' },
    };
    const done = {
      ...makePod({ nodeName: 'n', containers: [requesting({ memory: '3Gi' })] }),
      status: { phase: 'Succeeded' },
    };
    const pod = makePod({ containers: [requesting({ memory: '2Gi' })] });
    assert.deepEqual(filterNodeResourcesFit(pod, infoOf(node, [running]))?.reasons, ['Insufficient memory']);
    assert.equal(filterNodeResourcesFit(pod, infoOf(node, [done])), undefined);
    assert.deepEqual(filterNodeResourcesFit(makePod(), infoOf(node, [running, running]))?.reasons, [
      'Too many pods',
    ]);
  });
});
