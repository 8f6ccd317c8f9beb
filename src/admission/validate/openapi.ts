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

/** Every present value at `path` with its go-openapi path (`spec.tolerations.0.operator`). */
function valuesAt(root: unknown, path: readonly string[], at = ''): [string, unknown][] {
  if (path.length === 0) return root === undefined || root === null ? [] : [[at, root]];
  const [step, ...rest] = path as [string, ...string[]];
  if (step === '*') {
    if (!Array.isArray(root)) return [];
    return root.flatMap((item, i) => valuesAt(item, rest, `${at}.${i}`));
  }
  if (!isObject(root)) return [];
  return valuesAt(root[step], rest, at === '' ? step : `${at}.${step}`);
}

/**
 * The OpenAPI enum failures of a VMI, as virt-api reports them: causes without type or field, messages
 * `<path> in body should be one of [a b c]` (go-openapi errors.EnumFail).
 */
export function validateVMIOpenAPIEnums(vmi: unknown, release: KubeVirtRelease): AdmissionCause[] {
  return openAPIEnumCauses(vmi, vmiEnumFields(release));
}

/**
 * The same for a VirtualMachine's template (`spec.template.spec...`; the template's status is not
 * checked). The VM's own enum fields (dataVolumeTemplates' storage and PVC specs) are not listed here.
 */
export function validateVMTemplateOpenAPIEnums(vm: unknown, release: KubeVirtRelease): AdmissionCause[] {
  const fields = vmiEnumFields(release)
    .filter((field) => field.path[0] === 'spec')
    .map((field) => ({ ...field, path: ['spec', 'template', ...field.path] }));
  return openAPIEnumCauses(vm, fields);
}

function openAPIEnumCauses(object: unknown, fields: EnumField[]): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  for (const field of fields) {
    for (const [path, value] of valuesAt(object, field.path)) {
      if (typeof value === 'string' && field.values.includes(value)) continue;
      causes.push(cause('', `${path} in body should be one of [${field.values.join(' ')}]`));
    }
  }
  return causes;
}
