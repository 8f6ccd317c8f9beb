// What virt-api's mutating webhook does to a VirtualMachine when it is created.
// upstream: pkg/virt-api/webhooks/mutating-webhook/mutators/vm-mutator.go,
//           pkg/defaults/defaults.go SetVirtualMachineDefaults
import type { ClusterConfig } from '../cluster/cluster-config.js';
import { RenderError } from '../errors.js';
import type { ClusterState } from '../state/cluster-state.js';
import type { VirtualMachine } from '../types/kubevirt.js';
import { goJsonDecode, goJsonRoundTrip } from './go-json.js';
import {
  DEFAULT_INSTANCETYPE_KIND,
  DEFAULT_PREFERENCE_KIND,
  findPreferenceSpec,
  inferDefaultInstancetype,
  inferDefaultPreference,
  type PreferenceSpec,
} from './instancetype.js';

const VM_MUTATION_PREFIX = 'vm mutation: ';

interface MatcherLike {
  name?: string;
  kind?: string;
  inferFromVolume?: string;
  inferFromVolumeFailurePolicy?: string;
}

// upstream: validateInstancetypeMatcher / validatePreferenceMatcher (messages only; the webhook joins them)
function matcherProblems(
  matcher: MatcherLike | undefined,
  what: 'InstancetypeMatcher' | 'PreferenceMatcher',
): string[] {
  if (!matcher) return [];
  const problems: string[] = [];
  if (!matcher.name && !matcher.inferFromVolume) {
    problems.push(`Either Name or InferFromVolume should be provided within the ${what}`);
  }
  if (matcher.inferFromVolume) {
    if (matcher.name)
      problems.push(`Name should not be provided when InferFromVolume is used within the ${what}`);
    if (matcher.kind)
      problems.push(`Kind should not be provided when InferFromVolume is used within the ${what}`);
  }
  const policy = matcher.inferFromVolumeFailurePolicy;
  if (policy !== undefined && policy !== 'Ignore' && policy !== 'Reject') {
    problems.push(`Invalid value '${policy}' for InferFromVolumeFailurePolicy`);
  }
  return problems;
}

// upstream: webhookutils.ToAdmissionResponse (message of at most 10 causes)
function admissionMessage(messages: string[]): string {
  const shown = messages.slice(0, 10).join(', ');
  return messages.length > 10 ? `${shown}, and ${messages.length - 10} more validation errors` : shown;
}

const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The VirtualMachine after virt-api's VM mutating webhook (stage "vmMutated"). Throws RenderError with the
 * webhook's rejection message prefixed `vm mutation: `.
 */
export function mutateVirtualMachine(
  vm: VirtualMachine,
  config: ClusterConfig,
  state: ClusterState,
): VirtualMachine {
  const mutated = goJsonDecode(structuredClone(vm), 'VirtualMachine', config.release) as VirtualMachine;
  if (mutated.metadata?.deletionTimestamp) return mutated;

  for (const problems of [
    matcherProblems(mutated.spec.instancetype, 'InstancetypeMatcher'),
    matcherProblems(mutated.spec.preference, 'PreferenceMatcher'),
  ]) {
    if (problems.length > 0) throw new RenderError(VM_MUTATION_PREFIX + admissionMessage(problems));
  }

  try {
    inferDefaultInstancetype(mutated, state);
    inferDefaultPreference(mutated, state);
  } catch (err) {
    throw new RenderError(VM_MUTATION_PREFIX + errorMessage(err), { cause: err });
  }

  // upstream ignores a failed lookup here (the VM controller reports it later)
  let preferenceSpec: PreferenceSpec | undefined;
  try {
    preferenceSpec = findPreferenceSpec(mutated, state);
  } catch {
    preferenceSpec = undefined;
  }
  setVirtualMachineDefaults(mutated, config, preferenceSpec);
  return goJsonRoundTrip(mutated, 'VirtualMachine', config.release) as VirtualMachine;
}

// upstream: defaults.SetVirtualMachineDefaults
export function setVirtualMachineDefaults(
  vm: VirtualMachine,
  config: ClusterConfig,
  preferenceSpec: PreferenceSpec | undefined,
): void {
  if (vm.spec.instancetype && !vm.spec.instancetype.kind)
    vm.spec.instancetype.kind = DEFAULT_INSTANCETYPE_KIND;
  if (vm.spec.preference && !vm.spec.preference.kind) vm.spec.preference.kind = DEFAULT_PREFERENCE_KIND;
  const template = vm.spec.template;
  if (!template) return;
  template.spec ??= {} as NonNullable<typeof template.spec>;
  const spec = template.spec;
  if (!spec.architecture) spec.architecture = config.getDefaultArchitecture();

  // setVMDefaultMachineType
  const domain = spec.domain;
  if (!domain.machine?.type) {
    domain.machine ??= {};
    if (preferenceSpec?.machine) domain.machine.type = preferenceSpec.machine.preferredMachineType ?? '';
    if (!domain.machine.type) domain.machine.type = config.getMachineType(spec.architecture);
  }

  // setPreferenceStorageClassName
  const storageClassName = preferenceSpec?.volumes?.preferredStorageClassName;
  if (storageClassName) {
    for (const dataVolume of vm.spec.dataVolumeTemplates ?? []) {
      const dvSpec = dataVolume?.spec as
        | { pvc?: { storageClassName?: string | null }; storage?: { storageClassName?: string | null } }
        | undefined;
      if (
        dvSpec?.pvc &&
        (dvSpec.pvc.storageClassName === undefined || dvSpec.pvc.storageClassName === null)
      ) {
        dvSpec.pvc.storageClassName = storageClassName;
      }
      if (
        dvSpec?.storage &&
        (dvSpec.storage.storageClassName === undefined || dvSpec.storage.storageClassName === null)
      ) {
        dvSpec.storage.storageClassName = storageClassName;
      }
    }
  }
}
