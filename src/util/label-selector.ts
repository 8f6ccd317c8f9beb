// metav1.LabelSelectorAsSelector and labels.Selector.Matches (k8s.io/apimachinery).
import type { LabelSelector } from '../types/k8s.js';

export type LabelSet = Readonly<Record<string, string>>;

type Operator = 'in' | 'notin' | '=' | 'exists' | '!';

interface Requirement {
  key: string;
  operator: Operator;
  values: readonly string[];
}

/** A parsed selector: matches a label set. */
export interface Selector {
  matches(labels: LabelSet): boolean;
  /** labels.Everything() (an empty selector). */
  readonly empty: boolean;
}

/** Raised by labelSelectorAsSelector for an invalid selector. */
export class LabelSelectorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LabelSelectorError';
  }
}

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

// upstream: validation.IsQualifiedName (as used by labels.validateLabelKey)
function qualifiedNameProblems(value: string): string[] {
  const problems: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0] ?? '';
  } else if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    name = parts[1] ?? '';
    if (prefix.length === 0) problems.push('prefix part must be non-empty');
    else if (prefix.length > 253) problems.push('prefix part must be no more than 253 characters');
    else if (!DNS1123_SUBDOMAIN.test(prefix))
      problems.push('prefix part must be a lowercase RFC 1123 subdomain');
  } else {
    return ["a qualified name must consist of alphanumeric characters, '-', '_' or '.'"];
  }
  if (name.length === 0) problems.push('name part must be non-empty');
  else if (name.length > 63) problems.push('name part must be no more than 63 characters');
  if (!QUALIFIED_NAME.test(name)) {
    problems.push("name part must consist of alphanumeric characters, '-', '_' or '.'");
  }
  return problems;
}

// upstream: labels.NewRequirement
function newRequirement(key: string, operator: Operator, values: readonly string[]): Requirement {
  const problems = qualifiedNameProblems(key).map((p) => `key: Invalid value: "${key}": ${p}`);
  if ((operator === 'in' || operator === 'notin') && values.length === 0) {
    problems.push("values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty");
  } else if (operator === '=' && values.length !== 1) {
    problems.push('values: Invalid value: exact-match compatibility requires one single value');
  } else if ((operator === 'exists' || operator === '!') && values.length !== 0) {
    problems.push('values: Invalid value: values set must be empty for exists and does not exist');
  }
  values.forEach((value, i) => {
    if (value.length > 63 || !LABEL_VALUE.test(value)) {
      problems.push(
        `values[${i}]: Invalid value: "${value}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.'`,
      );
    }
  });
  if (problems.length === 1) throw new LabelSelectorError(problems[0] ?? '');
  if (problems.length > 1) throw new LabelSelectorError(`[${problems.join(', ')}]`);
  return { key, operator, values };
}

function requirementMatches(requirement: Requirement, labels: LabelSet): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, requirement.key);
  const value = has ? labels[requirement.key] : undefined;
  switch (requirement.operator) {
    case 'in':
    case '=':
      return has && requirement.values.includes(value ?? '');
    case 'notin':
      return !has || !requirement.values.includes(value ?? '');
    case 'exists':
      return has;
    case '!':
      return !has;
  }
}

const NOTHING: Selector = { matches: () => false, empty: false };
const EVERYTHING: Selector = { matches: () => true, empty: true };

/**
 * upstream: metav1.LabelSelectorAsSelector. An absent selector matches nothing, an empty one everything.
 * Throws LabelSelectorError for an invalid selector.
 */
export function labelSelectorAsSelector(selector: LabelSelector | null | undefined): Selector {
  if (selector === null || selector === undefined) return NOTHING;
  const matchLabels = Object.entries(selector.matchLabels ?? {});
  const matchExpressions = selector.matchExpressions ?? [];
  if (matchLabels.length + matchExpressions.length === 0) return EVERYTHING;
  const requirements: Requirement[] = [];
  for (const [key, value] of matchLabels) requirements.push(newRequirement(key, '=', [value]));
  for (const expression of matchExpressions) {
    let operator: Operator;
    switch (expression.operator) {
      case 'In':
        operator = 'in';
        break;
      case 'NotIn':
        operator = 'notin';
        break;
      case 'Exists':
        operator = 'exists';
        break;
      case 'DoesNotExist':
        operator = '!';
        break;
      default:
        throw new LabelSelectorError(`"${expression.operator}" is not a valid label selector operator`);
    }
    requirements.push(newRequirement(expression.key, operator, [...(expression.values ?? [])]));
  }
  return {
    matches: (labels) => requirements.every((requirement) => requirementMatches(requirement, labels)),
    empty: false,
  };
}

/** labelSelectorAsSelector, with an invalid selector matching nothing. */
export function labelSelectorOrNothing(selector: LabelSelector | null | undefined): Selector {
  try {
    return labelSelectorAsSelector(selector);
  } catch (err) {
    if (err instanceof LabelSelectorError) return NOTHING;
    throw err;
  }
}

/** Whether labels match the selector; an invalid selector matches nothing. */
export function labelSelectorMatches(selector: LabelSelector | null | undefined, labels: LabelSet): boolean {
  return labelSelectorOrNothing(selector).matches(labels);
}
