// Writing Pods as YAML or JSON. Keys are sorted at every level, as `kubectl get -o yaml` prints them,
// so the same input always gives byte-identical output.
import { stringify } from 'yaml';

export type OutputFormat = 'yaml' | 'json';

/** Drops undefined values and sorts object keys, recursively. */
export function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalize);
  if (value && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const child = (value as Record<string, unknown>)[key];
      if (child !== undefined) sorted[key] = canonicalize(child);
    }
    return sorted;
  }
  return value;
}

export function formatObjects(objects: unknown[], format: OutputFormat): string {
  const canonical = objects.map(canonicalize);
  if (format === 'json') {
    const value =
      canonical.length === 1 ? canonical[0] : { apiVersion: 'v1', kind: 'List', items: canonical };
    return JSON.stringify(value, null, 2) + '\n';
  }
  return canonical
    .map((object) =>
      stringify(object, { indentSeq: false, lineWidth: 0, minContentWidth: 0, aliasDuplicateObjects: false }),
    )
    .join('---\n');
}
