import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { Taint } from 'kubernetes-types/core/v1.js';
import {
  filterTaintToleration,
  toleratesTaint,
  withDefaultTolerations,
} from '../../../src/scheduling/taint-toleration.js';
import { infoOf, makeNode, makePod } from './support.js';

const tainted = (...taints: Taint[]) => infoOf(makeNode('n', { spec: { taints } }));

describe('TaintToleration', () => {
  it('names the first untolerated NoSchedule or NoExecute taint, in upstream words', () => {
    const info = tainted(
      { key: 'soft', value: 'x', effect: 'PreferNoSchedule' },
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      { key: 'other', effect: 'NoExecute' },
    );
    assert.deepEqual(filterTaintToleration(makePod(), info), {
      plugin: 'TaintToleration',
      code: 'UnschedulableAndUnresolvable',
      reasons: ['node(s) had untolerated taint {dedicated: gpu}'],
    });
    const tolerating = makePod({ tolerations: [{ key: 'dedicated', value: 'gpu' }] });
    assert.deepEqual(filterTaintToleration(tolerating, info)?.reasons, [
      'node(s) had untolerated taint {other: }',
    ]);
  });
  it('PreferNoSchedule alone never refuses', () => {
    assert.equal(
      filterTaintToleration(makePod(), tainted({ key: 'soft', effect: 'PreferNoSchedule' })),
      undefined,
    );
  });
  it('toleration matching: effect, key, Equal (the default) compares values, Exists does not', () => {
    const taint = { key: 'k', value: 'v', effect: 'NoSchedule' };
    assert.equal(toleratesTaint({ key: 'k', value: 'v' }, taint), true);
    assert.equal(toleratesTaint({ key: 'k', operator: 'Equal', value: 'w' }, taint), false);
    assert.equal(toleratesTaint({ key: 'k', operator: 'Exists' }, taint), true);
    assert.equal(toleratesTaint({ operator: 'Exists' }, taint), true);
    assert.equal(toleratesTaint({ key: 'k', operator: 'Exists', effect: 'NoExecute' }, taint), false);
    assert.equal(toleratesTaint({ key: 'k', operator: 'Bogus' }, taint), false);
  });
  it('the API server adds the not-ready and unreachable NoExecute tolerations a Pod lacks', () => {
    assert.deepEqual(
      withDefaultTolerations(undefined).map((t) => `${t.key}:${t.effect}:${t.tolerationSeconds}`),
      ['node.kubernetes.io/not-ready:NoExecute:300', 'node.kubernetes.io/unreachable:NoExecute:300'],
    );
    const own = [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists' as const }];
    assert.equal(withDefaultTolerations(own).length, 2);
    assert.equal(withDefaultTolerations([{ operator: 'Exists' }]).length, 1);
  });
});
