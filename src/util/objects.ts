// Small helpers over parsed JSON values.

/**
 * The value as the API server stores it: null object fields are dropped (they decode to Go's zero value,
 * exactly like an absent field, and the server prunes them before validation). Null list items are kept:
 * they are errors, and validation reports them. What holds no null field is shared with the input, not
 * copied (most documents have none); objects that are not plain are always copied into plain ones.
 * Callers must change neither the input nor the result.
 */
export function dropNullFields(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const dropped = dropNullFields(item);
      if (dropped !== item) (copy ??= value.slice())[i] = dropped;
    }
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  // the copy, from the first key whose value changes on (or from the start for an object not plain)
  let out: Record<string, unknown> | undefined = isPlain(source) ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const child = source[key];
    const dropped = child === null ? DROPPED : dropNullFields(child);
    if (out === undefined) {
      if (dropped === child) continue;
      out = {};
      for (let j = 0; j < i; j++) setKey(out, keys[j]!, source[keys[j]!]);
    }
    if (dropped !== DROPPED) setKey(out, key, dropped);
  }
  return out ?? value;
}

const DROPPED = Symbol('dropped');

function isPlain(object: object): boolean {
  const proto = Object.getPrototypeOf(object) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * out[key] = value as JSON decoding does it: an own property, also for `__proto__` (which a plain
 * assignment would take as the prototype); a plain assignment, much cheaper, for every other key.
 */
export function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    out[key] = value;
  }
}

/**
 * Calls `found` with every present (not null) value at `pattern` below `root` and the concrete path to it
 * (`at` is reused: copy it to keep it). A pattern step is a field name, or `*`: every item of a list and,
 * with `mapValues`, every value of a map. A value of another shape than the pattern expects is skipped.
 */
export function forEachValueAt(
  root: unknown,
  pattern: readonly string[],
  found: (value: unknown, at: readonly (string | number)[]) => void,
  options: { mapValues?: boolean } = {},
): void {
  const at: (string | number)[] = [];
  const walk = (value: unknown, index: number): void => {
    if (value === undefined || value === null) return;
    if (index === pattern.length) {
      found(value, at);
      return;
    }
    if (typeof value !== 'object') return;
    const step = pattern[index]!;
    const descend = (key: string | number, child: unknown): void => {
      at.push(key);
      walk(child, index + 1);
      at.pop();
    };
    if (Array.isArray(value)) {
      if (step === '*') value.forEach((item: unknown, i) => descend(i, item));
    } else if (step === '*') {
      if (options.mapValues) for (const [key, child] of Object.entries(value)) descend(key, child);
    } else if (Object.hasOwn(value, step)) {
      descend(step, (value as Record<string, unknown>)[step]);
    }
  };
  walk(root, 0);
}
