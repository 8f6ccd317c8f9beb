import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { Node, Pod, PodAffinityTerm } from 'kubernetes-types/core/v1.js';
import { schedule } from '../../../src/scheduling/schedule.js';

const node = (name: string, zone: string): Node => ({
  metadata: { name, labels: { 'topology.kubernetes.io/zone': zone, 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu: '8', memory: '16Gi', pods: '110' } },
});

const term = (
  labels: Record<string, string>,
  topologyKey = 'topology.kubernetes.io/zone',
): PodAffinityTerm => ({
  labelSelector: { matchLabels: labels },
  topologyKey,
});

function pod(
  name: string,
  labels: Record<string, string>,
  affinity: { affinity?: PodAffinityTerm[]; anti?: PodAffinityTerm[] } = {},
  nodeName?: string,
): Pod {
  return {
    metadata: { name, namespace: 'default', labels },
    spec: {
      ...(nodeName ? { nodeName } : {}),
      containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '100m', memory: '64Mi' } } }],
      affinity: {
        ...(affinity.affinity
          ? { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: affinity.affinity } }
          : {}),
        ...(affinity.anti
          ? { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: affinity.anti } }
          : {}),
      },
    },
  };
}

const nodes = [node('a1', 'a'), node('a2', 'a'), node('b1', 'b')];

describe('InterPodAffinity (kube-scheduler v1.31)', () => {
  it('required affinity with no matching Pod: no node, unresolvable by preemption', () => {
    const verdict = schedule(pod('vm', { app: 'vm' }, { affinity: [term({ app: 'db' })] }), {
      nodes,
      pods: [],
    });
    assert.deepEqual(verdict.fits, []);
    assert.equal(
      verdict.message,
      "0/3 nodes are available: 3 node(s) didn't match pod affinity rules. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
    );
    assert.deepEqual(verdict.unchecked, []);
  });

  it('the first Pod of a group with affinity to itself goes anywhere', () => {
    const verdict = schedule(pod('vm', { app: 'db' }, { affinity: [term({ app: 'db' })] }), {
      nodes,
      pods: [],
    });
    assert.deepEqual(verdict.fits, ['a1', 'a2', 'b1']);
  });

  it('required affinity: the nodes of the topology domain of a matching Pod', () => {
    const db = pod('db', { app: 'db' }, {}, 'a2');
    const verdict = schedule(pod('vm', { app: 'vm' }, { affinity: [term({ app: 'db' })] }), {
      nodes,
      pods: [db],
    });
    assert.deepEqual(verdict.fits, ['a1', 'a2']);
  });

  it('required anti-affinity: not beside a matching Pod; preemption cannot help a Pod of equal priority', () => {
    const db = pod('db', { app: 'db' }, {}, 'b1');
    const verdict = schedule(
      pod('vm', { app: 'vm' }, { anti: [term({ app: 'db' }, 'kubernetes.io/hostname')] }),
      {
        nodes: [node('b1', 'b')],
        pods: [db],
      },
    );
    assert.equal(
      verdict.message,
      "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.",
    );
  });

  it("an existing Pod's required anti-affinity keeps the Pod out of its domain", () => {
    const db = pod('db', { app: 'db' }, { anti: [term({ app: 'vm' })] }, 'a1');
    const verdict = schedule(pod('vm', { app: 'vm' }), { nodes, pods: [db] });
    assert.deepEqual(verdict.fits, ['b1']);
    assert.deepEqual(
      verdict.nodes.map((n) => n.rejection?.reasons[0]),
      [
        "node(s) didn't satisfy existing pods anti-affinity rules",
        "node(s) didn't satisfy existing pods anti-affinity rules",
        undefined,
      ],
    );
  });

  it('a node without the topology label does not fit required affinity', () => {
    const db = pod('db', { app: 'db' }, {}, 'a1');
    const bare: Node = {
      metadata: { name: 'bare' },
      status: { allocatable: { cpu: '8', memory: '16Gi', pods: '110' } },
    };
    const verdict = schedule(pod('vm', { app: 'vm' }, { affinity: [term({ app: 'db' })] }), {
      nodes: [...nodes, bare],
      pods: [db],
    });
    assert.deepEqual(verdict.fits, ['a1', 'a2']);
  });

  it('a namespace selector by labels cannot be decided offline: said so', () => {
    const withSelector: PodAffinityTerm = {
      ...term({ app: 'db' }),
      namespaceSelector: { matchLabels: { team: 'x' } },
    };
    const verdict = schedule(pod('vm', { app: 'vm' }, { affinity: [withSelector] }), { nodes, pods: [] });
    assert.deepEqual(verdict.unchecked, ['InterPodAffinity']);
  });
});
