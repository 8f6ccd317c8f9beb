import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import {
  fitErrorMessage,
  podPreemptionPolicy,
  podPriority,
  schedule,
  uncheckedFilters,
} from '../../../src/scheduling/schedule.js';
import { makeNode, makePod, requesting } from './support.js';

describe('schedule', () => {
  const big = makeNode('big', { labels: { ok: 'true' } });
  const small = makeNode('small', {
    labels: { ok: 'true' },
    allocatable: { cpu: '1', memory: '1Gi', pods: '110' },
  });
  const other = makeNode('other', { labels: {} });
  const pod = makePod({ nodeSelector: { ok: 'true' }, containers: [requesting({ memory: '2Gi' })] });

  it('the nodes the Pod fits, no message', () => {
    const verdict = schedule(pod, { nodes: [big, small, other], pods: [] });
    assert.deepEqual(verdict.fits, ['big']);
    assert.equal(verdict.message, undefined);
  });
  it("FailedScheduling: the reasons histogram sorted, then DefaultPreemption's", () => {
    const verdict = schedule(pod, {
      nodes: [small, other, { ...other, metadata: { name: 'other2' } }],
      pods: [],
    });
    assert.equal(
      verdict.message,
      "0/3 nodes are available: 1 Insufficient memory, 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.",
    );
  });
  it('kube-scheduler records only the first filter that rejects a node', () => {
    const cordoned = makeNode('c', { spec: { unschedulable: true }, labels: {} });
    const verdict = schedule(pod, { nodes: [cordoned], pods: [] });
    assert.equal(verdict.nodes[0]!.rejection!.plugin, 'NodeUnschedulable');
    assert.deepEqual(
      verdict.nodes[0]!.rejections.map((r) => r.plugin),
      ['NodeUnschedulable', 'NodeAffinity'],
    );
  });
  it('preemption: lower-priority Pods whose removal makes room make the node a candidate', () => {
    const victim = {
      ...makePod({ nodeName: 'small', priority: -1, containers: [requesting({ memory: '512Mi' })] }),
    };
    const fitting = makePod({ nodeSelector: { ok: 'true' }, containers: [requesting({ memory: '768Mi' })] });
    const verdict = schedule(fitting, { nodes: [small], pods: [victim] });
    assert.equal(verdict.message, '0/1 nodes are available: 1 Insufficient memory.');
    assert.equal(verdict.nodes[0]!.fitsByPreemption, true);
    const never = { ...fitting, spec: { ...fitting.spec!, preemptionPolicy: 'Never' } };
    assert.equal(
      schedule(never, { nodes: [small], pods: [victim] }).message,
      '0/1 nodes are available: 1 Insufficient memory. preemption: not eligible due to preemptionPolicy=Never.',
    );
  });
  it("preemption: the PriorityClass's preemptionPolicy when the Pod sets none (the priority admission plugin)", () => {
    const pod = makePod({
      priorityClassName: 'no-preempt',
      nodeSelector: { ok: 'true' },
      containers: [requesting({ memory: '2Gi' })],
    });
    const classes = [{ metadata: { name: 'no-preempt' }, value: 1000, preemptionPolicy: 'Never' }];
    assert.equal(
      schedule(pod, { nodes: [small], pods: [], priorityClasses: classes }).message,
      '0/1 nodes are available: 1 Insufficient memory. preemption: not eligible due to preemptionPolicy=Never.',
    );
    // the Pod's own policy wins (admission refuses a Pod whose policy differs from its class's)
    const own = { ...pod, spec: { ...pod.spec!, preemptionPolicy: 'PreemptLowerPriority' } };
    assert.match(
      schedule(own, { nodes: [small], pods: [], priorityClasses: classes }).message!,
      /preemption: 0\/1 nodes are available: 1 No preemption victims found/,
    );
  });
  it('the global default PriorityClass of a Pod naming none: the lowest-valued if several claim it', () => {
    const classes = [
      { metadata: { name: 'high' }, value: 100, globalDefault: true },
      { metadata: { name: 'low' }, value: 5, globalDefault: true, preemptionPolicy: 'Never' },
      { metadata: { name: 'lowest' }, value: 1 },
    ];
    const plain = makePod({});
    assert.equal(podPriority(plain, classes), 5);
    assert.equal(podPreemptionPolicy(plain, classes), 'Never');
    assert.equal(podPreemptionPolicy(plain, []), 'PreemptLowerPriority');
    assert.equal(podPriority(plain, []), 0);
  });
  it('conflicting node-name terms fail at PreFilter', () => {
    const conflicting = makePod({
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              {
                matchFields: [
                  { key: 'metadata.name', operator: 'In', values: ['a'] },
                  { key: 'metadata.name', operator: 'In', values: ['b'] },
                ],
              },
            ],
          },
        },
      },
    });
    assert.equal(
      schedule(conflicting, { nodes: [big, small], pods: [] }).message,
      '0/2 nodes are available: pod affinity terms conflict. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    );
  });
  it('no nodes at all', () => {
    assert.equal(schedule(pod, { nodes: [], pods: [] }).message, 'no nodes available to schedule pods');
  });
  it('fitErrorMessage sorts "count reason" strings bytewise, as sort.Strings', () => {
    const r = (reason: string) => ({
      plugin: 'NodeAffinity' as const,
      code: 'Unschedulable' as const,
      reasons: [reason],
    });
    assert.equal(
      fitErrorMessage(12, [...Array(10).fill(r('b')), r('a'), r('a')]),
      '0/12 nodes are available: 10 b, 2 a.',
    );
  });
  it('names the filters it does not port that would also judge the Pod', () => {
    assert.deepEqual(uncheckedFilters(pod), []);
    const withPvc = makePod({ volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'c' } }] });
    assert.deepEqual(uncheckedFilters(withPvc), [
      'VolumeRestrictions',
      'NodeVolumeLimits',
      'VolumeBinding',
      'VolumeZone',
    ]);
    const spread = makePod({
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }],
      affinity: {
        podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'h' }] },
      },
    });
    // required inter-Pod (anti-)affinity is judged (inter-pod-affinity.test.ts), unless a term selects
    // namespaces by their labels, which are not known offline
    assert.deepEqual(uncheckedFilters(spread), ['PodTopologySpread']);
    const byNamespaceLabels = makePod({
      affinity: {
        podAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            { topologyKey: 'h', namespaceSelector: { matchLabels: { team: 'x' } } },
          ],
        },
      },
    });
    assert.deepEqual(uncheckedFilters(byNamespaceLabels), ['InterPodAffinity']);
  });
});
