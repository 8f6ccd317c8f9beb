import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { filterNodeUnschedulable } from '../../../src/scheduling/node-unschedulable.js';
import { infoOf, makeNode, makePod } from './support.js';

describe('NodeUnschedulable', () => {
  const cordoned = makeNode('n', { spec: { unschedulable: true } });
  it('a schedulable node takes any Pod', () => {
    assert.equal(filterNodeUnschedulable(makePod(), infoOf(makeNode('n'))), undefined);
  });
  it('a cordoned node refuses a Pod, unresolvably', () => {
    assert.deepEqual(filterNodeUnschedulable(makePod(), infoOf(cordoned)), {
      plugin: 'NodeUnschedulable',
      code: 'UnschedulableAndUnresolvable',
      reasons: ['node(s) were unschedulable'],
    });
  });
  it('unless the Pod tolerates the unschedulable:NoSchedule taint', () => {
    const exists = makePod({
      tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists' }],
    });
    assert.equal(filterNodeUnschedulable(exists, infoOf(cordoned)), undefined);
    const all = makePod({ tolerations: [{ operator: 'Exists' }] });
    assert.equal(filterNodeUnschedulable(all, infoOf(cordoned)), undefined);
    const noExecute = makePod({
      tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoExecute' }],
    });
    assert.notEqual(filterNodeUnschedulable(noExecute, infoOf(cordoned)), undefined);
  });
});
