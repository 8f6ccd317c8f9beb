// Unsigned integer fields: the CRD schemas type them `integer` (often `format: int32`), but the Go structs
// virt-api and virt-controller decode them into are uint/uint32/uint64, and encoding/json refuses a negative
// or too large number for those ("json: cannot unmarshal number -1 into Go struct field CPU.spec.domain.cpu.
// cores of type uint32"): virt-api's webhooks reject such an object. The schemas cannot say so; this does.
// upstream: kubevirt.io/api core/v1 schema.go, types.go; instancetype/v1beta1 types.go (the uint fields)
import type { KubeVirtRelease, KubeVirtVersion } from '../release/release.js';
import { forEachValueAt } from '../util/objects.js';
import type { SchemaIssue, SchemaKind } from './validate.js';

type Unsigned = 'uint8' | 'uint32' | 'uint64';

const MAX: Record<Unsigned, { value: number; text: string }> = {
  uint8: { value: 255, text: '255' },
  uint32: { value: 4294967295, text: '4294967295' },
  uint64: { value: 2 ** 64 - 1, text: '18446744073709551615' },
};

/** Field paths from a VMI spec; `*` is any list item or map value. */
/** A field: its path, its Go type, and the first release that has it (absent: every supported one). */
type UnsignedField = [path: string, type: Unsigned, since?: KubeVirtVersion];

const VMI_SPEC_FIELDS: UnsignedField[] = [
  ['domain.cpu.cores', 'uint32'],
  ['domain.cpu.sockets', 'uint32'],
  ['domain.cpu.threads', 'uint32'],
  ['domain.cpu.maxSockets', 'uint32'],
  ['domain.devices.disks.*.bootOrder', 'uint64'],
  ['domain.devices.disks.*.blockSize.custom.logical', 'uint64'],
  ['domain.devices.disks.*.blockSize.custom.physical', 'uint64'],
  ['domain.devices.disks.*.blockSize.custom.discardGranularity', 'uint64', 'v1.9.0'],
  ['domain.devices.interfaces.*.bootOrder', 'uint64'],
  ['domain.features.hyperv.spinlocks.spinlocks', 'uint32'],
  ['domain.ioThreads.supplementalPoolThreadCount', 'uint32', 'v1.9.0'],
];

const VMI_STATUS_FIELDS: UnsignedField[] = [
  ['runtimeUser', 'uint64'],
  ['VSOCKCID', 'uint32'],
  ['currentCPUTopology.cores', 'uint32'],
  ['currentCPUTopology.sockets', 'uint32'],
  ['currentCPUTopology.threads', 'uint32'],
  ['kernelBootStatus.kernelInfo.checksum', 'uint32'],
  ['kernelBootStatus.initrdInfo.checksum', 'uint32'],
];

const prefixed = (prefix: string, fields: UnsignedField[]): UnsignedField[] =>
  fields.map(([path, type, since]) => [`${prefix}.${path}`, type, since]);

const INSTANCETYPE_FIELDS: UnsignedField[] = [
  ['spec.cpu.guest', 'uint32'],
  ['spec.cpu.maxSockets', 'uint32'],
  ['spec.ioThreads.supplementalPoolThreadCount', 'uint32', 'v1.9.0'],
];
const PREFERENCE_FIELDS: UnsignedField[] = [
  ['spec.preferSpreadSocketToCoreRatio', 'uint32'],
  ['spec.cpu.spreadOptions.ratio', 'uint32'],
  ['spec.requirements.cpu.guest', 'uint32'],
];

const UNSIGNED_FIELDS: Partial<Record<SchemaKind, UnsignedField[]>> = {
  VirtualMachineInstance: [...prefixed('spec', VMI_SPEC_FIELDS), ...prefixed('status', VMI_STATUS_FIELDS)],
  VirtualMachine: prefixed('spec.template.spec', VMI_SPEC_FIELDS),
  VirtualMachineInstancetype: INSTANCETYPE_FIELDS,
  VirtualMachineClusterInstancetype: INSTANCETYPE_FIELDS,
  VirtualMachinePreference: PREFERENCE_FIELDS,
  VirtualMachineClusterPreference: PREFERENCE_FIELDS,
  KubeVirt: [
    ['spec.infra.replicas', 'uint8'],
    ['spec.workloads.replicas', 'uint8'],
    ...prefixed('spec.configuration', [
      ['memBalloonStatsPeriod', 'uint32'],
      ['migrations.parallelOutboundMigrationsPerNode', 'uint32'],
      ['migrations.parallelMigrationsPerCluster', 'uint32'],
      ['developerConfiguration.minimumReservePVCBytes', 'uint64'],
      ['developerConfiguration.logVerbosity.virtAPI', 'uint64'],
      ['developerConfiguration.logVerbosity.virtController', 'uint64'],
      ['developerConfiguration.logVerbosity.virtHandler', 'uint64'],
      ['developerConfiguration.logVerbosity.virtLauncher', 'uint64'],
      ['developerConfiguration.logVerbosity.virtOperator', 'uint64'],
      ['developerConfiguration.logVerbosity.virtSynchronizationController', 'uint64', 'v1.9.0'],
      ['developerConfiguration.logVerbosity.nodeVerbosity.*', 'uint64'],
      ['liveUpdateConfiguration.maxHotplugRatio', 'uint32'],
      ['liveUpdateConfiguration.maxCpuSockets', 'uint32'],
    ]),
  ],
};

/** A field path split once: `*` is any list item or map value. */
type Pattern = readonly string[];

const patternsByKind = new Map<string, [Pattern, Unsigned][]>();

/** The kind's fields that the release has, as patterns. */
function patternsOf(kind: SchemaKind, release: KubeVirtRelease): [Pattern, Unsigned][] {
  const key = `${kind} ${release.version}`;
  let patterns = patternsByKind.get(key);
  if (!patterns) {
    patterns = (UNSIGNED_FIELDS[kind] ?? [])
      .filter(([, , since]) => since === undefined || release.atLeast(since))
      .map(([path, type]) => [path.split('.'), type]);
    patternsByKind.set(key, patterns);
  }
  return patterns;
}

/**
 * Whether the field at `path` is a Go uint32: the CRD often says `format: int32` for one, but the API server
 * does not check int32/int64 formats (apiextensions strips them), and Go decodes it up to 4294967295, so
 * only this module's range applies there.
 */
export function isUint32Field(
  kind: SchemaKind,
  path: readonly (string | number)[],
  release: KubeVirtRelease,
): boolean {
  return patternsOf(kind, release).some(
    ([pattern, type]) =>
      type === 'uint32' &&
      pattern.length === path.length &&
      pattern.every((segment, i) => segment === '*' || segment === String(path[i])),
  );
}

/**
 * Whole numbers in unsigned fields that Go cannot decode (negative or too large). Values of another type and
 * fractions are left to the schema validation, which reports them.
 */
export function unsignedIntegerIssues(
  kind: SchemaKind,
  doc: unknown,
  release: KubeVirtRelease,
): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  for (const [pattern, type] of patternsOf(kind, release)) {
    forEachValueAt(
      doc,
      pattern,
      (value, path) => {
        if (typeof value !== 'number' || !Number.isInteger(value)) return;
        if (value >= 0 && value <= MAX[type].value) return;
        issues.push({
          path: [...path],
          message: `cannot unmarshal number ${String(value)} into Go type ${type} (0 to ${MAX[type].text})`,
          severity: 'error',
        });
      },
      { mapValues: true },
    );
  }
  return issues;
}
