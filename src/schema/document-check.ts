// What the CLI and the library check in every object they read, before anything renders it: the schema of
// the selected release and its CEL rules, Go's integer ranges, numbers JSON cannot carry, and a name for what
// is rendered.
// Problems are returned with field paths; the caller adds where they are in a file (if there is one).
import type { KubeVirtRelease } from '../release/release.js';
import { MAX_PROBLEMS_PER_DOCUMENT } from '../errors.js';
import { CLUSTER_OBJECT_KINDS } from '../state/cluster-state.js';
import { isKnownFeatureGate, knownFeatureGates } from '../release/feature-gates.js';
import { suggestCommand } from '../util/suggest.js';
import { celRuleIssues } from './cel-rules.js';
import { unsignedIntegerIssues } from './go-integers.js';
import {
  formatPath,
  schemaKindFor,
  validateDocument,
  type SchemaIssue,
  type SchemaKind,
} from './validate.js';

export type FieldPath = readonly (string | number)[];

/** What the reader already knows of a document (src/io/yaml-reader.ts YamlStreamFacts); all optional. */
export interface DocumentFacts {
  maxNodes: number;
  maxDepth: number;
  uint32Integers?: boolean;
  finite?: boolean;
}

/** The kinds that are rendered. */
export const RENDERED_KINDS = ['VirtualMachineInstance', 'VirtualMachine'] as const;

/**
 * Kinds that hold VMI templates but are not rendered, with why: a clear refusal rather than a document
 * silently skipped.
 */
export const UNSUPPORTED_KINDS: Readonly<Record<string, string>> = {
  VirtualMachinePool:
    "VirtualMachinePool is not supported: the pool controller names, labels and numbers each VirtualMachine it creates; render the pool's spec.virtualMachineTemplate as a VirtualMachine named <pool>-<index> instead",
  VirtualMachineInstanceReplicaSet:
    'VirtualMachineInstanceReplicaSet is not supported: its VMIs get random names from generateName; render its spec.template as a VirtualMachineInstance with a metadata.name instead',
};

export type DocumentRole =
  | { role: 'render'; kind: (typeof RENDERED_KINDS)[number] }
  | { role: 'cluster-object'; kind: (typeof CLUSTER_OBJECT_KINDS)[number] }
  /** Not rendered nor consulted: skipped with a warning (or refused, for UNSUPPORTED_KINDS). */
  | { role: 'other'; kind: string }
  | { role: 'invalid'; message: string };

/** What a parsed document is to the render. */
export function documentRole(value: unknown): DocumentRole {
  if (!isObject(value)) {
    const what = Array.isArray(value) ? 'a list' : value === null ? 'empty' : `a ${typeof value}`;
    return { role: 'invalid', message: `is ${what}, not a Kubernetes object` };
  }
  const kind = value.kind;
  if (kind === undefined) return { role: 'invalid', message: 'kind is required' };
  if (typeof kind !== 'string')
    return { role: 'invalid', message: `kind must be a string, got ${JSON.stringify(kind)}` };
  if ((RENDERED_KINDS as readonly string[]).includes(kind))
    return { role: 'render', kind: kind as (typeof RENDERED_KINDS)[number] };
  if ((CLUSTER_OBJECT_KINDS as readonly string[]).includes(kind))
    return { role: 'cluster-object', kind: kind as (typeof CLUSTER_OBJECT_KINDS)[number] };
  return { role: 'other', kind };
}

/**
 * Every problem of one object of a kind the tool reads: schema (unknown fields are warnings unless
 * strict), unsigned Go integers, non-finite numbers, and, for what is rendered, a name.
 */
export function checkDocument(
  kind: string,
  value: unknown,
  options: { release: KubeVirtRelease; strict: boolean; facts?: DocumentFacts },
): SchemaIssue[] {
  const apiVersion = isObject(value) ? value.apiVersion : undefined;
  // A kind the tool reads but under an apiVersion it does not serve: validation names the versions.
  const schemaKind = schemaKindFor(apiVersion, kind, options.release) ?? (kind as SchemaKind);
  const facts = options.facts;
  // (no whole number outside 0..4294967295: no uint32 or uint64 field can refuse one; the KubeVirt CR also
  // has uint8 ones)
  const unsigned =
    facts?.uint32Integers && schemaKind !== 'KubeVirt'
      ? []
      : unsignedIntegerIssues(schemaKind, value, options.release);
  const issues = [
    ...validateDocument(schemaKind, value, facts, options.release),
    ...unsigned,
    ...celRuleIssues(schemaKind, value, options.release),
  ];
  // Numbers JSON cannot carry, where the schema has not already refused them (free-form fields).
  const reported = new Set(issues.map((issue) => formatPath(issue.path)));
  for (const path of facts?.finite ? [] : nonFiniteNumbers(value)) {
    if (reported.has(formatPath(path))) continue;
    issues.push({
      path: [...path],
      message: 'must be a finite number (YAML .inf and .nan have no JSON form)',
      severity: 'error',
    });
  }
  if (schemaKind === 'KubeVirt') issues.push(...unknownFeatureGates(value, options.release));
  if ((RENDERED_KINDS as readonly string[]).includes(kind) && isObject(value)) {
    const nameProblem = missingName(value);
    if (nameProblem) issues.push({ path: ['metadata'], message: nameProblem, severity: 'error' });
  }
  return options.strict ? issues.map((issue) => ({ ...issue, severity: 'error' })) : issues;
}

/** Feature gate names the release does not know: it ignores them, which is rarely what was meant. */
function unknownFeatureGates(value: unknown, release: KubeVirtRelease): SchemaIssue[] {
  const configuration = isObject(value) && isObject(value.spec) ? value.spec.configuration : undefined;
  const developer = isObject(configuration) ? configuration.developerConfiguration : undefined;
  const gates = isObject(developer) ? developer.featureGates : undefined;
  if (!Array.isArray(gates)) return [];
  const issues: SchemaIssue[] = [];
  gates.forEach((gate: unknown, index) => {
    if (typeof gate !== 'string' || isKnownFeatureGate(release, gate)) return;
    const suggestion = suggestCommand(gate, knownFeatureGates(release));
    issues.push({
      path: ['spec', 'configuration', 'developerConfiguration', 'featureGates', index],
      message: `unknown feature gate "${gate}": KubeVirt ${release.version} has no such gate and ignores it${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`,
      severity: 'warning',
    });
  });
  return issues;
}

/** The API server requires a name; one generated from generateName is random, so it cannot be rendered. */
function missingName(value: Record<string, unknown>): string | undefined {
  if (value.metadata !== undefined && !isObject(value.metadata)) return undefined; // the schema says why
  const metadata = isObject(value.metadata) ? value.metadata : {};
  if (typeof metadata.name === 'string' && metadata.name !== '') return undefined;
  if (typeof metadata.generateName === 'string' && metadata.generateName !== '') {
    return '"name" is required: the API server would pick a random name from generateName, which cannot be rendered';
  }
  return '"name" is required';
}

/**
 * The paths of numbers JSON cannot carry (`.inf`, `.nan`, `1e400` in YAML): the Kubernetes tools convert YAML
 * to JSON and refuse them. Iterative; the value's depth is already bounded.
 */
export function nonFiniteNumbers(root: unknown): FieldPath[] {
  const found: FieldPath[] = [];
  // one path, extended and cut back while walking: a copy is made only for what is found
  const path: (string | number)[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'number') {
      // (the caller reports them: a bounded number is enough, the schema says the rest)
      if (!Number.isFinite(value) && found.length < MAX_PROBLEMS_PER_DOCUMENT) found.push([...path]);
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visit(value[i]);
        path.pop();
      }
    } else if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        path.push(key);
        visit((value as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  visit(root);
  return found;
}

/** The items of a `kind: List` (or `*List`, what `kubectl get -o yaml` prints), with their paths, or the value itself. */
export function listItems(value: unknown): { path: FieldPath; value: unknown }[] {
  if (
    isObject(value) &&
    typeof value.kind === 'string' &&
    value.kind.endsWith('List') &&
    Array.isArray(value.items)
  ) {
    return value.items.map((item: unknown, i: number) => ({ path: ['items', i], value: item }));
  }
  return [{ path: [], value }];
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
