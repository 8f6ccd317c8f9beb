// The enum part of virt-api's OpenAPI schema check of a VirtualMachineInstance or a VirtualMachine
// (webhookutils.ValidateSchema, run first by the mutating and the validating webhook of each: its failures
// replace every other cause). The rest of that check (types, required fields, unknown fields) is what the
// CRD schema validation of the inputs already reports. Shared by admission (the VMI webhooks) and the VM
// stage (the VM mutating webhook). upstream: pkg/util/openapi (go-openapi/validate over the generated
// OpenAPI definitions, staging/src/kubevirt.io/client-go/api/openapi_generated.go: the properties with an
// Enum, followed through every reference from the VirtualMachineInstance and VirtualMachine definitions;
// the lists below are those of both releases, which differ only in volumeMode's values)
import type { KubeVirtRelease } from '../../release/release.js';
import { forEachValueAt } from '../../util/objects.js';

const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const NODE_SELECTOR_OPERATORS = ['DoesNotExist', 'Exists', 'Gt', 'In', 'Lt', 'NotIn'];
const TAINT_EFFECTS = ['NoExecute', 'NoSchedule', 'PreferNoSchedule'];
const HONOR_IGNORE = ['Honor', 'Ignore'];
const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];

interface EnumField {
  /** Property names from the object's root; '*' is every item of a list. */
  path: readonly string[];
  values: readonly string[];
}

const nodeSelectorTerms = (prefix: readonly string[]): EnumField[] =>
  ['matchExpressions', 'matchFields'].map((list) => ({
    path: [...prefix, list, '*', 'operator'],
    values: NODE_SELECTOR_OPERATORS,
  }));

const nodeAffinity = ['spec', 'affinity', 'nodeAffinity'];

/** A claim's access modes and volume mode (core/v1 PersistentVolumeClaimSpec, CDI StorageSpec, ...Info). */
const claimInfo = (prefix: readonly string[], release: KubeVirtRelease): EnumField[] => [
  { path: [...prefix, 'accessModes', '*'], values: ACCESS_MODES },
  {
    path: [...prefix, 'volumeMode'],
    // upstream v1.9.0: CDI's FromStorageProfile
    values: release.atLeast('v1.9.0')
      ? ['Block', 'Filesystem', 'FromStorageProfile']
      : ['Block', 'Filesystem'],
  },
];

/** The VMI's enum-bearing fields (spec first, then status, as ValidateSpec and ValidateStatus run). */
function vmiEnumFields(release: KubeVirtRelease): EnumField[] {
  return [
    { path: ['spec', 'dnsPolicy'], values: ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'] },
    { path: ['spec', 'volumes', '*', 'containerDisk', 'imagePullPolicy'], values: PULL_POLICIES },
    {
      path: ['spec', 'domain', 'firmware', 'kernelBoot', 'container', 'imagePullPolicy'],
      values: PULL_POLICIES,
    },
    { path: ['spec', 'tolerations', '*', 'operator'], values: ['Equal', 'Exists'] },
    { path: ['spec', 'tolerations', '*', 'effect'], values: TAINT_EFFECTS },
    {
      path: ['spec', 'topologySpreadConstraints', '*', 'whenUnsatisfiable'],
      values: ['DoNotSchedule', 'ScheduleAnyway'],
    },
    { path: ['spec', 'topologySpreadConstraints', '*', 'nodeAffinityPolicy'], values: HONOR_IGNORE },
    { path: ['spec', 'topologySpreadConstraints', '*', 'nodeTaintsPolicy'], values: HONOR_IGNORE },
    ...nodeSelectorTerms([
      ...nodeAffinity,
      'requiredDuringSchedulingIgnoredDuringExecution',
      'nodeSelectorTerms',
      '*',
    ]),
    ...nodeSelectorTerms([
      ...nodeAffinity,
      'preferredDuringSchedulingIgnoredDuringExecution',
      '*',
      'preference',
    ]),
    { path: ['spec', 'readinessProbe', 'httpGet', 'scheme'], values: ['HTTP', 'HTTPS'] },
    { path: ['spec', 'livenessProbe', 'httpGet', 'scheme'], values: ['HTTP', 'HTTPS'] },
    { path: ['status', 'qosClass'], values: ['BestEffort', 'Burstable', 'Guaranteed'] },
    ...claimInfo(['status', 'volumeStatus', '*', 'persistentVolumeClaimInfo'], release),
    ...claimInfo(['status', 'migratedVolumes', '*', 'sourcePVCInfo'], release),
    ...claimInfo(['status', 'migratedVolumes', '*', 'destinationPVCInfo'], release),
  ];
}

/**
 * The enum fields of each release (made once: they are constant): a VMI's; a VM's are its template's
 * (`spec.template.spec...`: a template has no status), its dataVolumeTemplates' claim specs and its
 * status's migrated volumes.
 */
const enumFieldsOf = new Map<KubeVirtRelease, Record<OpenAPIKind, EnumField[]>>();

function enumFields(release: KubeVirtRelease): Record<OpenAPIKind, EnumField[]> {
  let fields = enumFieldsOf.get(release);
  if (fields === undefined) {
    const vmi = vmiEnumFields(release);
    const dataVolumeSpec = ['spec', 'dataVolumeTemplates', '*', 'spec'];
    const migratedVolumes = ['status', 'volumeUpdateState', 'volumeMigrationState', 'migratedVolumes', '*'];
    const vm = [
      ...vmi
        .filter((field) => field.path[0] === 'spec')
        .map((field) => ({ ...field, path: ['spec', 'template', ...field.path] })),
      ...claimInfo([...dataVolumeSpec, 'pvc'], release),
      ...claimInfo([...dataVolumeSpec, 'storage'], release),
      ...claimInfo([...migratedVolumes, 'sourcePVCInfo'], release),
      ...claimInfo([...migratedVolumes, 'destinationPVCInfo'], release),
    ];
    fields = { VirtualMachineInstance: vmi, VirtualMachine: vm };
    enumFieldsOf.set(release, fields);
  }
  return fields;
}

export type OpenAPIKind = 'VirtualMachineInstance' | 'VirtualMachine';

/**
 * The OpenAPI enum failures of an object of `kind` as the webhooks decode it (its Go JSON encoding), as
 * virt-api words them: `<path> in body should be one of [a b c]` (go-openapi errors.EnumFail; the webhook
 * makes each a cause without type or field). The path names no list index: go-openapi's slice validator
 * gives each item's validator the path `<array>.<i>` through SchemaValidator.SetPath, which does not reach
 * the validators already built for the item, so an item's failures are reported at the array's path
 * (upstream: go-openapi/validate slice_validator.go). So two items failing alike give one message: a Result
 * keeps each message once (Result.AddErrors). Failures of different properties come in the order of the
 * schema's properties, which go-openapi visits in Go map order (random); here, in the order listed above.
 */
export function openAPIEnumFailures(object: unknown, kind: OpenAPIKind, release: KubeVirtRelease): string[] {
  const failures = new Set<string>();
  for (const field of enumFields(release)[kind]) {
    forEachValueAt(object, field.path, (value, at) => {
      if (typeof value === 'string' && field.values.includes(value)) return;
      const path = at.filter((step) => typeof step === 'string').join('.');
      failures.add(`${path} in body should be one of [${field.values.join(' ')}]`);
    });
  }
  return [...failures];
}
