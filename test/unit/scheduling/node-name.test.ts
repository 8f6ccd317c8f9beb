import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { filterNodeName } from '../../../src/scheduling/node-name.js';
import { infoOf, makeNode, makePod } from './support.js';

describe('NodeName', () => {
  it('a Pod without spec.nodeName fits any node', () => {
    assert.equal(filterNodeName(makePod(), infoOf(makeNode('a'))), undefined);
  });
  it('a Pod naming a node fits only that one', () => {
    const pod = makePod({ nodeName: 'a' });
    assert.equal(filterNodeName(pod, infoOf(makeNode('a'))), undefined);
    assert.deepEqual(filterNodeName(pod, infoOf(makeNode('b')))?.reasons, [
      "node(s) didn't match the requested node name",
    ]);
  });
});
