// Small helpers over parsed JSON values.

/**
 * The value as the API server stores it: null object fields are dropped (they decode to Go's zero value,
 * exactly like an absent field, and the server prunes them before validation). Null list items are kept:
 * they are errors, and validation reports them.
 */
export function dropNullFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNullFields);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      if (child === null) continue;
      // a plain assignment (much cheaper) except for the one key that would set the prototype instead
      if (key === '__proto__') {
        Object.defineProperty(out, key, {
          value: dropNullFields(child),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        out[key] = dropNullFields(child);
      }
    }
    return out;
  }
  return value;
}
