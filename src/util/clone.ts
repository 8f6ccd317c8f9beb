// Deep copies of plain data (what YAML or JSON decoding gives): several times faster than structuredClone,
// which the render pipeline would otherwise call a few times per document.
import { Quantity } from '../quantity/quantity.js';
import { setKey } from './objects.js';

/**
 * A deep copy of `value`: arrays and plain objects are copied (shared or not: every occurrence gets its own
 * copy, as decoding JSON would give), primitives returned; anything else goes through structuredClone.
 */
export function cloneData<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    return value.map((item: unknown) => cloneData(item)) as T;
  }
  // a Quantity is immutable (and structuredClone would lose its class): share it
  if (value instanceof Quantity) return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(source)) setKey(copy, key, cloneData(item));
  return copy as T;
}
