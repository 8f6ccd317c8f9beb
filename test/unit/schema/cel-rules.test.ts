// The CEL rules of src/schema/cel-rules.ts: exactly those of each release's CRD schemas, and what they refuse.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CEL_RULES, celRuleIssues } from '../../../src/schema/cel-rules.js';
import { KUBEVIRT_VERSIONS, KubeVirtRelease } from '../../../src/release/release.js';
import type { SchemaKind } from '../../../src/schema/validate.js';

const SCHEMAS = fileURLToPath(new URL('../../../../schemas/kubevirt/', import.meta.url));
const KINDS: Record<string, SchemaKind> = {
  'virtualmachineinstance.json': 'VirtualMachineInstance',
  'virtualmachine.json': 'VirtualMachine',
  'kubevirt.json': 'KubeVirt',
  'virtualmachineinstancetype.json': 'VirtualMachineInstancetype',
  'virtualmachineclusterinstancetype.json': 'VirtualMachineClusterInstancetype',
  'virtualmachinepreference.json': 'VirtualMachinePreference',
  'virtualmachineclusterpreference.json': 'VirtualMachineClusterPreference',
};

/** `kind path rule message` of every x-kubernetes-validations entry of a schema. */
function rulesIn(kind: string, schema: unknown, path: string[] = [], out: string[] = []): string[] {
  if (Array.isArray(schema)) return out;
  if (schema === null || typeof schema !== 'object') return out;
  const node = schema as Record<string, unknown>;
  for (const entry of (node['x-kubernetes-validations'] as { rule: string; message: string }[] | undefined) ??
    []) {
    out.push(`${kind} ${path.join('.')} ${entry.rule} ${entry.message}`);
  }
  for (const [key, child] of Object.entries((node.properties as Record<string, unknown>) ?? {})) {
    rulesIn(kind, child, [...path, key], out);
  }
  if (node.items !== undefined) rulesIn(kind, node.items, [...path, '*'], out);
  if (node.additionalProperties !== undefined) rulesIn(kind, node.additionalProperties, [...path, '*'], out);
  return out;
}

describe('CEL rules', () => {
  for (const version of KUBEVIRT_VERSIONS) {
    it(`are those of the ${version} CRD schemas`, () => {
      const release = KubeVirtRelease.of(version);
      const inSchemas = readdirSync(`${SCHEMAS}${version}`)
        .filter((file) => KINDS[file])
        .flatMap((file) =>
          rulesIn(KINDS[file]!, JSON.parse(readFileSync(`${SCHEMAS}${version}/${file}`, 'utf8'))),
        );
      const ported = Object.entries(CEL_RULES).flatMap(([kind, rules]) =>
        rules!
          .filter((rule) => release.atLeast(rule.since))
          .map((rule) => `${kind} ${rule.path.join('.')} ${rule.rule} ${rule.message}`),
      );
      assert.deepEqual(ported.sort(), inSchemas.sort());
    });
  }

  it('refuse a relative or climbing containerPath and write access (v1.9.0), at their fields', () => {
    const vmi = {
      spec: {
        volumes: [
          { name: 'ok', containerPath: { path: '/x' } },
          { name: 'bad', containerPath: { path: 'a/../b', readOnly: false } },
        ],
      },
    };
    assert.deepEqual(
      celRuleIssues('VirtualMachineInstance', vmi, KubeVirtRelease.of('v1.9.0')).map(
        (issue) => `${issue.path.join('.')}: ${issue.message}`,
      ),
      [
        "spec.volumes.1.containerPath.path: path must be absolute (start with '/')",
        "spec.volumes.1.containerPath.path: path must not contain '..'",
        'spec.volumes.1.containerPath.readOnly: readOnly must be true, write access is not supported',
      ],
    );
    assert.deepEqual(celRuleIssues('VirtualMachineInstance', vmi, KubeVirtRelease.of('v1.4.0')), []);
  });
});
