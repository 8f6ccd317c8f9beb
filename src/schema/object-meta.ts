// What the API server checks of every object's metadata before storing it, whatever its schema says:
// the name (a DNS-1123 subdomain; for a Namespace a DNS-1123 label), the namespace (a DNS-1123 label),
// label keys and values, annotation keys and their total size.
// upstream: apimachinery pkg/api/validation/objectmeta.go ValidateObjectMetaAccessor, ValidateAnnotations;
// pkg/apis/meta/v1/validation ValidateLabels; pkg/util/validation/validation.go (the messages);
// apiextensions-apiserver customResourceStrategy.Validate (NameIsDNSSubdomain for custom resources).
import type { SchemaIssue, SchemaKind } from './validate.js';
import { MAX_PROBLEMS_PER_DOCUMENT, moreProblemsMessage } from '../errors.js';

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;

const DNS1123_LABEL = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const DNS1123_SUBDOMAIN = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const QUALIFIED_NAME = new RegExp(`^${QUALIFIED_NAME_FMT}$`);
const LABEL_VALUE = new RegExp(`^${LABEL_VALUE_FMT}$`);

/** upstream RegexError (its double space between examples included). */
function regexError(message: string, format: string, ...examples: string[]): string {
  let out = `${message} (e.g. `;
  examples.forEach((example, i) => {
    if (i > 0) out += ' or ';
    out += `'${example}', `;
  });
  return `${out}regex used for validation is '${format}')`;
}

const maxLenError = (length: number): string => `must be no more than ${length} characters`;
/** Go's len(): bytes of the UTF-8 form. */
const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/** upstream IsDNS1123Label */
export function dns1123LabelErrors(value: string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > 63) errors.push(maxLenError(63));
  if (!DNS1123_LABEL.test(value)) {
    errors.push(
      regexError(
        "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
        DNS1123_LABEL_FMT,
        'my-name',
        '123-abc',
      ),
    );
  }
  return errors;
}

/** upstream IsDNS1123Subdomain */
export function dns1123SubdomainErrors(value: string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > 253) errors.push(maxLenError(253));
  if (!DNS1123_SUBDOMAIN.test(value)) {
    errors.push(
      regexError(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
        DNS1123_SUBDOMAIN_FMT,
        'example.com',
      ),
    );
  }
  return errors;
}

const QUALIFIED_NAME_MESSAGE =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** Nothing wrong (shared: the checks run per label, and a document can have a million). */
const NONE: readonly string[] = Object.freeze([]);

/** upstream IsQualifiedName */
export function qualifiedNameErrors(value: string): readonly string[] {
  // the common case at once: a short name without prefix (ASCII, so its length is its size in bytes)
  if (value.length <= 63 && QUALIFIED_NAME.test(value)) return NONE;
  const errors: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0]!;
  } else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errors.push('prefix part must be non-empty');
    else for (const message of dns1123SubdomainErrors(prefix)) errors.push(`prefix part ${message}`);
  } else {
    return [
      `a qualified name ${regexError(QUALIFIED_NAME_MESSAGE, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errors.push('name part must be non-empty');
  else if (byteLength(name) > 63) errors.push(`name part ${maxLenError(63)}`);
  if (!QUALIFIED_NAME.test(name)) {
    errors.push(
      `name part ${regexError(QUALIFIED_NAME_MESSAGE, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}`,
    );
  }
  return errors;
}

/** upstream IsValidLabelValue */
export function labelValueErrors(value: string): readonly string[] {
  if (value.length <= 63 && LABEL_VALUE.test(value)) return NONE;
  const errors: string[] = [];
  if (byteLength(value) > 63) errors.push(maxLenError(63));
  if (!LABEL_VALUE.test(value)) {
    errors.push(
      regexError(
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        LABEL_VALUE_FMT,
        'MyValue',
        'my_value',
        '12345',
      ),
    );
  }
  return errors;
}

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
  const nameErrors = kind === 'Namespace' ? dns1123LabelErrors : dns1123SubdomainErrors;
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
    for (const message of dns1123LabelErrors(metadata.namespace)) {
      invalid(['metadata', 'namespace'], metadata.namespace, message);
    }
  }
  if (isRecord(metadata.labels)) {
    for (const [key, value] of Object.entries(metadata.labels)) {
      for (const message of qualifiedNameErrors(key)) invalid(['metadata', 'labels'], key, message);
      if (typeof value === 'string') {
        for (const message of labelValueErrors(value)) invalid(['metadata', 'labels'], value, message);
      }
    }
  }
  if (isRecord(metadata.annotations)) {
    let size = 0;
    for (const [key, value] of Object.entries(metadata.annotations)) {
      // the rule is a qualified name except that case does not matter
      for (const message of qualifiedNameErrors(key.toLowerCase())) {
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
