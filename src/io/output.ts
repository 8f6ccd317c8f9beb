// Writing Pods as YAML or JSON. Keys are sorted at every level, as `kubectl get -o yaml` prints them,
// so the same input always gives byte-identical output.
import { Document, stringify, visit } from 'yaml';
import { escapeRawBreaks, RAW_BREAKS, writeYamlDocument } from './yaml-writer.js';

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
  if (format === 'json') {
    const canonical = objects.map(canonicalize);
    const value =
      canonical.length === 1 ? canonical[0] : { apiVersion: 'v1', kind: 'List', items: canonical };
    return escapeJsonText(JSON.stringify(value, null, 2)) + '\n';
  }
  // The fast writer prints the same text; the yaml package does what it declines (multi-line strings...).
  return objects.map((object) => writeYamlDocument(object) ?? yamlPackageDocument(object)).join('---\n');
}

/**
 * JSON text with DEL, the C1 controls, U+2028 and U+2029 written as \u escapes: JSON.stringify leaves them
 * raw (valid JSON, but a terminal may act on C1, and older JavaScript parsers took LS/PS for line ends).
 * They can only occur inside strings, where the escape means the same.
 */
export function escapeJsonText(json: string): string {
  RAW_BREAKS.lastIndex = 0;
  if (!RAW_BREAKS.test(json)) return json;
  return json.replace(RAW_BREAKS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const YAML_OPTIONS = { indentSeq: false, lineWidth: 0, minContentWidth: 0, aliasDuplicateObjects: false };

/**
 * A document as the yaml package prints it, except that strings holding what it would leave raw (C1
 * controls, NEL, LS, PS: see escapeRawBreaks) are double-quoted with those characters escaped.
 */
export function yamlPackageDocument(object: unknown): string {
  const text = stringify(canonicalize(object), YAML_OPTIONS);
  RAW_BREAKS.lastIndex = 0;
  if (!RAW_BREAKS.test(text)) return text;
  const document = new Document(canonicalize(object), YAML_OPTIONS);
  visit(document, {
    Scalar(_, node) {
      RAW_BREAKS.lastIndex = 0;
      if (typeof node.value === 'string' && RAW_BREAKS.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return escapeRawBreaks(document.toString(YAML_OPTIONS));
}
