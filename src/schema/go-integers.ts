// Unsigned integer fields: the CRD schemas type them `integer` (often `format: int32`), but the Go structs
// virt-api and virt-controller decode them into are uint/uint32/uint64, and encoding/json refuses a negative
// or too large number for those ("json: cannot unmarshal number -1 into Go struct field CPU.spec.domain.cpu.
// cores of type uint32"): virt-api's webhooks reject such an object. The schemas cannot say so; this does.
// upstream: kubevirt.io/api core/v1 schema.go, types.go; instancetype/v1beta1 types.go (the uint fields)
import type { SchemaIssue, SchemaKind } from './validate.js';

type Unsigned = 'uint32' | 'uint64';

const MAX: Record<Unsigned, { value: number; text: string }> = {
  uint32: { value: 4294967295, text: '4294967295' },
  uint64: { value: 2 ** 64 - 1, text: '18446744073709551615' },
};

/** Field paths from a VMI spec; `*` is any list item or map value. */
const VMI_SPEC_FIELDS: [string, Unsigned][] = [
  ['domain.cpu.cores', 'uint32'],
  ['domain.cpu.sockets', 'uint32'],
  ['domain.cpu.threads', 'uint32'],
  ['domain.cpu.maxSockets', 'uint32'],
  ['domain.devices.disks.*.bootOrder', 'uint64'],
  ['domain.devices.disks.*.blockSize.custom.logical', 'uint64'],
  ['domain.devices.disks.*.blockSize.custom.physical', 'uint64'],
  ['domain.devices.interfaces.*.bootOrder', 'uint64'],
  ['domain.features.hyperv.spinlocks.spinlocks', 'uint32'],
];

const VMI_STATUS_FIELDS: [string, Unsigned][] = [
  ['runtimeUser', 'uint64'],
  ['VSOCKCID', 'uint32'],
  ['currentCPUTopology.cores', 'uint32'],
  ['currentCPUTopology.sockets', 'uint32'],
  ['currentCPUTopology.threads', 'uint32'],
  ['kernelBootStatus.kernelInfo.checksum', 'uint32'],
  ['kernelBootStatus.initrdInfo.checksum', 'uint32'],
];

const prefixed = (prefix: string, fields: [string, Unsigned][]): [string, Unsigned][] =>
  fields.map(([path, type]) => [`${prefix}.${path}`, type]);

const INSTANCETYPE_FIELDS: [string, Unsigned][] = [
  ['spec.cpu.guest', 'uint32'],
  ['spec.cpu.maxSockets', 'uint32'],
];
const PREFERENCE_FIELDS: [string, Unsigned][] = [
  ['spec.preferSpreadSocketToCoreRatio', 'uint32'],
  ['spec.cpu.spreadOptions.ratio', 'uint32'],
  ['spec.requirements.cpu.guest', 'uint32'],
];

const UNSIGNED_FIELDS: Partial<Record<SchemaKind, [string, Unsigned][]>> = {
  VirtualMachineInstance: [...prefixed('spec', VMI_SPEC_FIELDS), ...prefixed('status', VMI_STATUS_FIELDS)],
  VirtualMachine: prefixed('spec.template.spec', VMI_SPEC_FIELDS),
  VirtualMachineInstancetype: INSTANCETYPE_FIELDS,
  VirtualMachineClusterInstancetype: INSTANCETYPE_FIELDS,
  VirtualMachinePreference: PREFERENCE_FIELDS,
  VirtualMachineClusterPreference: PREFERENCE_FIELDS,
  KubeVirt: prefixed('spec.configuration', [
    ['memBalloonStatsPeriod', 'uint32'],
    ['migrations.parallelOutboundMigrationsPerNode', 'uint32'],
    ['migrations.parallelMigrationsPerCluster', 'uint32'],
    ['developerConfiguration.minimumReservePVCBytes', 'uint64'],
    ['developerConfiguration.logVerbosity.virtAPI', 'uint64'],
    ['developerConfiguration.logVerbosity.virtController', 'uint64'],
    ['developerConfiguration.logVerbosity.virtHandler', 'uint64'],
    ['developerConfiguration.logVerbosity.virtLauncher', 'uint64'],
    ['developerConfiguration.logVerbosity.virtOperator', 'uint64'],
    ['developerConfiguration.logVerbosity.nodeVerbosity.*', 'uint64'],
    ['liveUpdateConfiguration.maxHotplugRatio', 'uint32'],
    ['liveUpdateConfiguration.maxCpuSockets', 'uint32'],
  ]),
};

/** A field path split once: `*` is any list item or map value. */
type Pattern = readonly string[];

const patternsByKind = new Map<SchemaKind, [Pattern, Unsigned][]>();

function patternsOf(kind: SchemaKind): [Pattern, Unsigned][] {
  let patterns = patternsByKind.get(kind);
  if (!patterns) {
    patterns = (UNSIGNED_FIELDS[kind] ?? []).map(([path, type]) => [path.split('.'), type]);
    patternsByKind.set(kind, patterns);
  }
  return patterns;
}

/** Calls `found` with each value at `pattern` below `value` and its concrete path (`path` is reused). */
function visitValuesAt(
  value: unknown,
  pattern: Pattern,
  index: number,
  path: (string | number)[],
  found: (path: (string | number)[], value: unknown) => void,
): void {
  if (index === pattern.length) {
    found(path, value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const segment = pattern[index]!;
  if (segment === '*') {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visitValuesAt(value[i], pattern, index + 1, path, found);
        path.pop();
      }
    } else {
      for (const [key, child] of Object.entries(value)) {
        path.push(key);
        visitValuesAt(child, pattern, index + 1, path, found);
        path.pop();
      }
    }
  } else if (!Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, segment)) {
    path.push(segment);
    visitValuesAt((value as Record<string, unknown>)[segment], pattern, index + 1, path, found);
    path.pop();
  }
}

/**
 * Whole numbers in unsigned fields that Go cannot decode (negative or too large). Values of another type and
 * fractions are left to the schema validation, which reports them.
 */
export function unsignedIntegerIssues(kind: SchemaKind, doc: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  for (const [pattern, type] of patternsOf(kind)) {
    visitValuesAt(doc, pattern, 0, [], (path, value) => {
      if (typeof value !== 'number' || !Number.isInteger(value)) return;
      if (value >= 0 && value <= MAX[type].value) return;
      issues.push({
        path: [...path],
        message: `cannot unmarshal number ${String(value)} into Go type ${type} (0 to ${MAX[type].text})`,
        severity: 'error',
      });
    });
  }
  return issues;
}
