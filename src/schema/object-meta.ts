// What the API server checks of every object's metadata before storing it, whatever its schema says:
// the name (a DNS-1123 subdomain; for a Namespace a DNS-1123 label), the namespace (a DNS-1123 label),
// label keys and values, annotation keys and their total size.
// upstream: apimachinery pkg/api/validation/objectmeta.go ValidateObjectMetaAccessor, ValidateAnnotations;
// pkg/apis/meta/v1/validation ValidateLabels; pkg/util/validation/validation.go (the messages);
// apiextensions-apiserver customResourceStrategy.Validate (NameIsDNSSubdomain for custom resources).
import type { SchemaIssue, SchemaKind } from './validate.js';
import { MAX_PROBLEMS_PER_DOCUMENT, moreProblemsMessage } from '../errors.js';
import {
  byteLength,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
} from '../util/validation.js';
import { goToLower } from '../util/go/strings.js';

/** upstream TotalAnnotationSizeLimitB */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/** Kinds without a namespace: the API server clears one given (rest.BeforeCreate). */
const CLUSTER_SCOPED = new Set<string>([
  'Namespace',
  'VirtualMachineClusterInstancetype',
  'VirtualMachineClusterPreference',
]);

/** Go's %q of a string, near enough: JSON's quoting. */
const quoted = (value: string): string => JSON.stringify(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The API server's checks of `metadata` (values of the wrong type are left to the schema). */
export function objectMetaIssues(kind: SchemaKind, doc: unknown): SchemaIssue[] {
  if (!isRecord(doc) || !isRecord(doc.metadata)) return [];
  const metadata = doc.metadata;
  const issues: SchemaIssue[] = [];
  let hidden = 0;
  const invalid = (path: string[], value: string, message: string): void => {
    // (a million bad labels: the first ones are enough, and validateDocument says how many more)
    if (issues.length > MAX_PROBLEMS_PER_DOCUMENT) hidden++;
    else issues.push({ path, message: `Invalid value: ${quoted(value)}: ${message}`, severity: 'error' });
  };
  // Namespace names are labels (ValidateNamespaceName); every other kind here takes a subdomain.
  const nameErrors = kind === 'Namespace' ? isDNS1123Label : isDNS1123Subdomain;
  if (typeof metadata.name === 'string' && metadata.name !== '') {
    for (const message of nameErrors(metadata.name)) invalid(['metadata', 'name'], metadata.name, message);
  }
  if (typeof metadata.generateName === 'string' && metadata.generateName !== '') {
    // a prefix: its trailing dash masked as upstream maskTrailingDash does (the two last characters -> "a")
    const prefix = metadata.generateName;
    const masked = prefix.length > 1 && prefix.endsWith('-') ? `${prefix.slice(0, -2)}a` : prefix;
    for (const message of nameErrors(masked)) invalid(['metadata', 'generateName'], prefix, message);
  }
  if (!CLUSTER_SCOPED.has(kind) && typeof metadata.namespace === 'string' && metadata.namespace !== '') {
    for (const message of isDNS1123Label(metadata.namespace)) {
      invalid(['metadata', 'namespace'], metadata.namespace, message);
    }
  }
  if (isRecord(metadata.labels)) {
    for (const [key, value] of Object.entries(metadata.labels)) {
      for (const message of isQualifiedName(key)) invalid(['metadata', 'labels'], key, message);
      if (typeof value === 'string') {
        for (const message of isValidLabelValue(value)) invalid(['metadata', 'labels'], value, message);
      }
    }
  }
  if (isRecord(metadata.annotations)) {
    let size = 0;
    for (const [key, value] of Object.entries(metadata.annotations)) {
      // the rule is a qualified name except that case does not matter
      for (const message of isQualifiedName(goToLower(key))) {
        invalid(['metadata', 'annotations'], key, message);
      }
      size += byteLength(key) + (typeof value === 'string' ? byteLength(value) : 0);
    }
    if (size > TOTAL_ANNOTATION_SIZE_LIMIT) {
      issues.push({
        path: ['metadata', 'annotations'],
        message: `Too long: may not be more than ${TOTAL_ANNOTATION_SIZE_LIMIT} bytes`,
        severity: 'error',
      });
    }
  }
  if (hidden) issues.push({ path: ['metadata'], message: moreProblemsMessage(hidden), severity: 'error' });
  return issues;
}
