import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { NodeSelectorTerm } from 'kubernetes-types/core/v1.js';
import {
  filterNodeAffinity,
  matchesTerm,
  preFilterNodeNames,
} from '../../../src/scheduling/node-affinity.js';
import { infoOf, makeNode, makePod } from './support.js';

const node = makeNode('n1', { labels: { zone: 'a', cores: '8', gpu: 'true' } });
const expr = (key: string, operator: string, values?: string[]): NodeSelectorTerm => ({
  matchExpressions: [{ key, operator, ...(values ? { values } : {}) }],
});
const withTerms = (...terms: NodeSelectorTerm[]) =>
  makePod({
    affinity: {
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } },
    },
  });

describe('NodeAffinity', () => {
  it('nodeSelector: every label must be there with its value', () => {
    assert.equal(filterNodeAffinity(makePod({ nodeSelector: { zone: 'a' } }), infoOf(node)), undefined);
    assert.deepEqual(filterNodeAffinity(makePod({ nodeSelector: { zone: 'b' } }), infoOf(node)), {
      plugin: 'NodeAffinity',
      code: 'UnschedulableAndUnresolvable',
      reasons: ["node(s) didn't match Pod's node affinity/selector"],
    });
  });
  it('matchExpressions operators', () => {
    const cases: [NodeSelectorTerm, boolean][] = [
      [expr('zone', 'In', ['a', 'b']), true],
      [expr('zone', 'In', ['b']), false],
      [expr('zone', 'NotIn', ['b']), true],
      [expr('absent', 'NotIn', ['b']), true],
      [expr('zone', 'NotIn', ['a']), false],
      [expr('gpu', 'Exists'), true],
      [expr('absent', 'Exists'), false],
      [expr('absent', 'DoesNotExist'), true],
      [expr('gpu', 'DoesNotExist'), false],
      [expr('cores', 'Gt', ['4']), true],
      [expr('cores', 'Gt', ['8']), false],
      [expr('cores', 'Lt', ['9']), true],
      [expr('zone', 'Gt', ['1']), false], // not an integer label
      [expr('absent', 'Lt', ['9']), false],
      // upstream cannot build these requirements: the term matches nothing
      [expr('cores', 'Gt', ['x']), false],
      [expr('zone', 'In', []), false],
      [expr('gpu', 'Exists', ['true']), false],
      [expr('zone', 'Near', ['a']), false],
    ];
    for (const [term, expected] of cases)
      assert.equal(matchesTerm(term, node), expected, JSON.stringify(term));
  });
  it('matchFields metadata.name In/NotIn with one value', () => {
    assert.equal(
      matchesTerm({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }, node),
      true,
    );
    assert.equal(
      matchesTerm({ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['n1'] }] }, node),
      false,
    );
    assert.equal(
      matchesTerm({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1', 'n2'] }] }, node),
      false,
    );
  });
  it('terms are ORed, expressions ANDed, empty terms ignored', () => {
    assert.equal(
      filterNodeAffinity(withTerms(expr('zone', 'In', ['b']), expr('gpu', 'Exists')), infoOf(node)),
      undefined,
    );
    const both: NodeSelectorTerm = {
      matchExpressions: [
        { key: 'zone', operator: 'In', values: ['a'] },
        { key: 'gpu', operator: 'DoesNotExist' },
      ],
    };
    assert.notEqual(filterNodeAffinity(withTerms(both), infoOf(node)), undefined);
    assert.notEqual(filterNodeAffinity(withTerms({}), infoOf(node)), undefined);
    assert.notEqual(filterNodeAffinity(withTerms(), infoOf(node)), undefined);
  });
  it('nodeSelector and required affinity must both hold', () => {
    const pod = { ...withTerms(expr('gpu', 'Exists')) };
    pod.spec!.nodeSelector = { zone: 'b' };
    assert.notEqual(filterNodeAffinity(pod, infoOf(node)), undefined);
  });
  it('PreFilter: node names when every term names some (a conflict is an empty set)', () => {
    const named = (...values: string[]): NodeSelectorTerm => ({
      matchFields: [{ key: 'metadata.name', operator: 'In', values }],
    });
    assert.deepEqual(preFilterNodeNames(withTerms(named('a', 'b'), named('c'))), new Set(['a', 'b', 'c']));
    assert.equal(preFilterNodeNames(withTerms(named('a'), expr('zone', 'In', ['a']))), undefined);
    const conflicting: NodeSelectorTerm = {
      matchFields: [
        { key: 'metadata.name', operator: 'In', values: ['a'] },
        { key: 'metadata.name', operator: 'In', values: ['b'] },
      ],
    };
    assert.deepEqual(preFilterNodeNames(withTerms(conflicting)), new Set());
  });
});
