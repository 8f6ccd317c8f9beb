// The CRDs' CEL validation rules (x-kubernetes-validations), which the API server evaluates on create: the
// JSON Schema validators do not carry them, so each rule a release's schemas hold is ported here by hand.
// test/unit/schema/cel-rules.test.ts checks that this table holds exactly the rules of schemas/kubevirt/.
// upstream: pkg/virt-operator/resource/generate/components/validations_generated.go (the CRD schemas),
// apiextensions-apiserver's CEL validator (a failing rule's message, at the field it sits on)
import type { KubeVirtRelease, KubeVirtVersion } from '../release/release.js';
import { forEachValueAt } from '../util/objects.js';
import type { SchemaIssue, SchemaKind } from './validate.js';

/** One rule on one field; `holds` evaluates it for a value present there. */
export interface CelRule {
  /** the field, from the object's root; `*` is any list item */
  path: readonly string[];
  rule: string;
  message: string;
  since: KubeVirtVersion;
  holds: (value: unknown) => boolean;
}

const CONTAINER_PATH_RULES = (volumes: readonly string[]): CelRule[] => [
  {
    path: [...volumes, '*', 'containerPath', 'path'],
    rule: "self.startsWith('/')",
    message: "path must be absolute (start with '/')",
    since: 'v1.9.0',
    holds: (value) => typeof value !== 'string' || value.startsWith('/'),
  },
  {
    path: [...volumes, '*', 'containerPath', 'path'],
    rule: "!self.contains('..')",
    message: "path must not contain '..'",
    since: 'v1.9.0',
    holds: (value) => typeof value !== 'string' || !value.includes('..'),
  },
  {
    path: [...volumes, '*', 'containerPath', 'readOnly'],
    rule: 'self == true',
    message: 'readOnly must be true, write access is not supported',
    since: 'v1.9.0',
    holds: (value) => typeof value !== 'boolean' || value,
  },
];

/** Every kind's rules (of every release: each says since when). */
export const CEL_RULES: Partial<Record<SchemaKind, readonly CelRule[]>> = {
  VirtualMachineInstance: CONTAINER_PATH_RULES(['spec', 'volumes']),
  VirtualMachine: CONTAINER_PATH_RULES(['spec', 'template', 'spec', 'volumes']),
};

/** The rules of the release that an object of `kind` breaks (values of the wrong type are the schema's). */
export function celRuleIssues(kind: SchemaKind, doc: unknown, release: KubeVirtRelease): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  for (const rule of CEL_RULES[kind] ?? []) {
    if (!release.atLeast(rule.since)) continue;
    forEachValueAt(doc, rule.path, (value, at) => {
      if (!rule.holds(value)) issues.push({ path: [...at], message: rule.message, severity: 'error' });
    });
  }
  return issues;
}
