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
    for (const [key, child] of Object.entries(value)) {
      if (child === null) continue;
      Object.defineProperty(out, key, {
        value: dropNullFields(child),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
