// The enum part of virt-api's OpenAPI schema check of a VirtualMachineInstance (webhookutils.ValidateSchema,
// run first by the mutating and the validating webhook; its failures replace every other cause). The rest
// of that check (types, required fields, unknown fields) is what the CRD schema validation of the inputs
// already reports. upstream: pkg/util/openapi (go-openapi/validate over the generated OpenAPI definitions,
// staging/src/kubevirt.io/client-go/api/openapi_generated.go: the properties with an Enum)
import type { KubeVirtRelease } from '../../release/release.js';
import { cause, type AdmissionCause } from './types.js';

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
    {
      path: ['status', 'volumeStatus', '*', 'persistentVolumeClaimInfo', 'accessModes', '*'],
      values: ACCESS_MODES,
    },
    {
      path: ['status', 'volumeStatus', '*', 'persistentVolumeClaimInfo', 'volumeMode'],
      // upstream v1.9.0: CDI's FromStorageProfile
      values: release.atLeast('v1.9.0')
        ? ['Block', 'Filesystem', 'FromStorageProfile']
        : ['Block', 'Filesystem'],
    },
  ];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Calls `visit` with every present value at `path[from..]` below `root`; `at` holds the go-openapi path
 * steps taken so far (joined into `spec.tolerations.operator` only for a value that fails). An array
 * item adds no step: go-openapi's slice validator gives each item's validator the path `<array>.<i>`
 * through SchemaValidator.SetPath, which does not reach the validators already built for the item, so
 * an item's failures are reported at the array's path (upstream: go-openapi/validate slice_validator.go).
 */
function forEachValueAt(
  root: unknown,
  path: readonly string[],
  from: number,
  at: string[],
  visit: (value: unknown, at: readonly string[]) => void,
): void {
  if (from === path.length) {
    if (root !== undefined && root !== null) visit(root, at);
    return;
  }
  const step = path[from]!;
  if (step === '*') {
    if (!Array.isArray(root)) return;
    for (const item of root) forEachValueAt(item, path, from + 1, at, visit);
    return;
  }
  if (!isObject(root)) return;
  at.push(step);
  forEachValueAt(root[step], path, from + 1, at, visit);
  at.pop();
}

/** The enum fields of each release, for a VMI and for a VM's template (made once: they are constant). */
const enumFieldsOf = new Map<KubeVirtRelease, { vmi: EnumField[]; vmTemplate: EnumField[] }>();

function enumFields(release: KubeVirtRelease): { vmi: EnumField[]; vmTemplate: EnumField[] } {
  let fields = enumFieldsOf.get(release);
  if (fields === undefined) {
    const vmi = vmiEnumFields(release);
    const vmTemplate = vmi
      .filter((field) => field.path[0] === 'spec')
      .map((field) => ({ ...field, path: ['spec', 'template', ...field.path] }));
    fields = { vmi, vmTemplate };
    enumFieldsOf.set(release, fields);
  }
  return fields;
}

/**
 * The OpenAPI enum failures of a VMI, as virt-api reports them: causes without type or field, messages
 * `<path> in body should be one of [a b c]` (go-openapi errors.EnumFail).
 */
export function validateVMIOpenAPIEnums(vmi: unknown, release: KubeVirtRelease): AdmissionCause[] {
  return openAPIEnumCauses(vmi, enumFields(release).vmi);
}

/**
 * The same for a VirtualMachine's template (`spec.template.spec...`; the template's status is not
 * checked). The VM's own enum fields (dataVolumeTemplates' storage and PVC specs) are not listed here.
 */
export function validateVMTemplateOpenAPIEnums(vm: unknown, release: KubeVirtRelease): AdmissionCause[] {
  return openAPIEnumCauses(vm, enumFields(release).vmTemplate);
}

function openAPIEnumCauses(object: unknown, fields: EnumField[]): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  for (const field of fields) {
    forEachValueAt(object, field.path, 0, [], (value, at) => {
      if (typeof value === 'string' && field.values.includes(value)) return;
      causes.push(cause('', `${at.join('.')} in body should be one of [${field.values.join(' ')}]`));
    });
  }
  return causes;
}
