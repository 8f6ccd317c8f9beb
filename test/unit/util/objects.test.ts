import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { forEachValueAt } from '../../../src/util/objects.js';

const valuesAt = (root: unknown, pattern: string, options?: { mapValues?: boolean }): [string, unknown][] => {
  const found: [string, unknown][] = [];
  forEachValueAt(root, pattern.split('.'), (value, at) => found.push([at.join('.'), value]), options);
  return found;
};

describe('forEachValueAt', () => {
  const doc = {
    spec: {
      volumes: [{ name: 'a', size: 1 }, { name: null }, 'x', { name: 'c' }],
      limits: { cpu: 2, memory: null },
    },
  };

  it('names list indices in the path and skips absent, null and mis-shaped values', () => {
    assert.deepEqual(valuesAt(doc, 'spec.volumes.*.name'), [
      ['spec.volumes.0.name', 'a'],
      ['spec.volumes.3.name', 'c'],
    ]);
    assert.deepEqual(valuesAt(doc, 'spec.limits.*.name'), []);
    assert.deepEqual(valuesAt({ spec: [] }, 'spec.volumes'), []);
    assert.deepEqual(valuesAt({ spec: 'text' }, 'spec.volumes'), []);
  });

  it('walks map values only when asked', () => {
    assert.deepEqual(valuesAt(doc, 'spec.limits.*'), []);
    assert.deepEqual(valuesAt(doc, 'spec.limits.*', { mapValues: true }), [['spec.limits.cpu', 2]]);
    assert.deepEqual(valuesAt(doc, 'spec.volumes.*.size', { mapValues: true }), [['spec.volumes.0.size', 1]]);
  });

  it('reads own fields only', () => {
    assert.deepEqual(valuesAt({}, 'constructor'), []);
    assert.deepEqual(valuesAt(JSON.parse('{"__proto__": {"a": 1}}'), '__proto__.a'), [['__proto__.a', 1]]);
  });
});
