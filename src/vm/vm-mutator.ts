// What virt-api's mutating webhook does to a VirtualMachine when it is created.
// upstream: pkg/virt-api/webhooks/mutating-webhook/mutators/vm-mutator.go,
//           pkg/defaults/defaults.go SetVirtualMachineDefaults,
//           v1.9.0: pkg/instancetype/webhooks/vm/mutator.go (matchers, inference, preference values)
import type { ClusterConfig } from '../cluster/cluster-config.js';
import { RenderError } from '../errors.js';
import type { ClusterState } from '../state/cluster-state.js';
import { PciTopologyVersionAnnotation, PciTopologyVersionV3 } from '../types/constants.js';
import type { VirtualMachine, VMISpec } from '../types/kubevirt.js';
import type { DataVolumeSpec } from '../types/cdi.js';
import { goJsonDecode, goJsonRoundTrip, goJsonView } from '../util/go/json-round-trip.js';
import { openAPIEnumFailures } from '../pkg/util/openapi.js';
import {
  applyArchitecturePreferences,
  DEFAULT_INSTANCETYPE_KIND,
  DEFAULT_PREFERENCE_KIND,
  findPreferenceSpec,
  inferDefaultInstancetype,
  inferDefaultPreference,
  type PreferenceSpec,
} from '../pkg/instancetype/instancetype.js';

import type { FieldProvenance } from '../pkg/explain/provenance.js';
import { defaultArchitectureReason, defaultMachineTypeReason } from '../pkg/defaults/defaults.js';
import { goEqualFold } from '../util/go/strings.js';

/** How explain names the VM mutating webhook. */
const VM_MUTATOR = "virt-api's VM mutating webhook";

export interface VmMutationOptions {
  /**
   * From v1.9.0 the webhook gives a VM created without `spec.template.spec.domain.firmware.uuid` and
   * `.serial` random ones (upstream setFirmwareDefaultsIfEmpty, uuid.New()); these are used instead, so that
   * a render is deterministic (the pipeline derives them from the VM's namespace and name).
   */
  firmwareUUID: string;
  firmwareSerial: string;
  /** Where the VM template's fields come from, recorded for `explain` (absent: nothing is recorded). */
  provenance?: FieldProvenance;
}

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
  config: ClusterConfig,
): string[] {
  if (!matcher) return [];
  const problems: string[] = [];
  if (!matcher.name && !matcher.inferFromVolume) {
    problems.push(`Either Name or InferFromVolume should be provided within the ${what}`);
  }
  if (matcher.inferFromVolume) {
    // upstream v1.9.0 (pkg/instancetype/webhooks/vm/mutator.go) rewords both
    const reworded = config.release.atLeast('v1.9.0');
    if (matcher.name) {
      problems.push(
        reworded
          ? 'Name already set, should be cleared before setting inferFromVolume'
          : `Name should not be provided when InferFromVolume is used within the ${what}`,
      );
    }
    if (matcher.kind) {
      problems.push(
        reworded
          ? 'Kind already set, should be cleared before setting inferFromVolume'
          : `Kind should not be provided when InferFromVolume is used within the ${what}`,
      );
    }
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
 * The VirtualMachine after virt-api's VM mutating webhook on CREATE (stage "vmMutated"). Throws
 * RenderError with the webhook's rejection message prefixed `vm mutation: `.
 */
export function mutateVirtualMachine(
  vm: VirtualMachine,
  config: ClusterConfig,
  state: ClusterState,
  options: VmMutationOptions,
): VirtualMachine {
  // upstream: webhookutils.ValidateSchema, before anything else (on the VM as it was encoded)
  const schemaFailures = openAPIEnumFailures(
    goJsonView(vm, 'VirtualMachine', config.release),
    'VirtualMachine',
    config.release,
  );
  if (schemaFailures.length > 0) throw new RenderError(VM_MUTATION_PREFIX + admissionMessage(schemaFailures));
  const mutated = goJsonDecode(structuredClone(vm), 'VirtualMachine', config.release) as VirtualMachine;
  if (mutated.metadata?.deletionTimestamp) return mutated;

  for (const problems of [
    matcherProblems(mutated.spec.instancetype, 'InstancetypeMatcher', config),
    matcherProblems(mutated.spec.preference, 'PreferenceMatcher', config),
  ]) {
    if (problems.length > 0) throw new RenderError(VM_MUTATION_PREFIX + admissionMessage(problems));
  }

  try {
    inferDefaultInstancetype(mutated, state, config.release);
    inferDefaultPreference(mutated, state, config.release);
  } catch (err) {
    throw new RenderError(VM_MUTATION_PREFIX + errorMessage(err), { cause: err });
  }

  // upstream ignores a failed lookup here (the VM controller reports it later)
  let preferenceSpec: PreferenceSpec | undefined;
  try {
    preferenceSpec = findPreferenceSpec(mutated, state, config.release);
  } catch {
    preferenceSpec = undefined;
  }
  if (config.release.atLeast('v1.9.0')) mutateV1_9(mutated, config, state, preferenceSpec, options);
  else setVirtualMachineDefaults(mutated, config, preferenceSpec, options.provenance);
  return goJsonRoundTrip(mutated, 'VirtualMachine', config.release) as VirtualMachine;
}

/**
 * upstream v1.9.0: the instancetype mutator's preference values (mutateArch, mutateMachineType,
 * mutateDataVolumeTemplates), setFirmwareDefaultsIfEmpty, SetVirtualMachineDefaults (no more default matcher
 * kinds; the architecture of a dataVolumeTemplate's DataSource before the cluster's default), then the PCI
 * topology annotation on the template.
 */
function mutateV1_9(
  vm: VirtualMachine,
  config: ClusterConfig,
  state: ClusterState,
  preferenceSpec: PreferenceSpec | undefined,
  options: VmMutationOptions,
): void {
  const template = vm.spec.template;
  if (!template) {
    setPreferenceStorageClassName(vm, preferenceSpec);
    return;
  }
  template.spec ??= {} as NonNullable<typeof template.spec>;
  const spec = template.spec as VMISpec;
  const provenance = options.provenance;
  const preferredArchitecture = !spec.architecture;
  applyArchitecturePreferences(preferenceSpec, spec);
  if (preferredArchitecture && spec.architecture) {
    provenance?.set('spec.architecture', VM_MUTATOR, "the preference's preferredArchitecture");
  }
  const preferredMachine = !spec.domain.machine?.type;
  setPreferredMachineType(spec, preferenceSpec);
  if (preferredMachine && spec.domain.machine?.type) {
    provenance?.set('spec.domain.machine.type', VM_MUTATOR, "the preference's preferredMachineType");
  }
  setPreferenceStorageClassName(vm, preferenceSpec);

  // setFirmwareDefaultsIfEmpty (CREATE only)
  const firmware = (spec.domain.firmware ??= {});
  if (!firmware.uuid) firmware.uuid = options.firmwareUUID;
  if (!firmware.serial) firmware.serial = options.firmwareSerial;

  setDefaultArchitectureFromDataSource(vm, spec, state, provenance);
  if (!spec.architecture) {
    spec.architecture = config.getDefaultArchitecture();
    provenance?.set('spec.architecture', VM_MUTATOR, defaultArchitectureReason(spec.architecture));
  }
  const machine = (spec.domain.machine ??= {});
  if (!machine.type) {
    machine.type = config.getMachineType(spec.architecture);
    provenance?.set(
      'spec.domain.machine.type',
      VM_MUTATOR,
      defaultMachineTypeReason(spec.architecture, machine.type),
    );
  }

  // setDefaultPciTopologyVersion (CREATE only)
  if (supportsPCIeHotplug(spec)) {
    const metadata = (template.metadata ??= {}) as { annotations?: Record<string, string> };
    metadata.annotations ??= {};
    if (!(PciTopologyVersionAnnotation in metadata.annotations)) {
      metadata.annotations[PciTopologyVersionAnnotation] = PciTopologyVersionV3;
      provenance?.set(
        `metadata.annotations.${PciTopologyVersionAnnotation}`,
        VM_MUTATOR,
        "the PCI topology version of a new VM's template on a PCIe machine (amd64/arm64, q35/virt)",
      );
    }
  }
}

const TEMPLATE_ARCH_LABEL = 'template.kubevirt.io/architecture';

/**
 * upstream v1.9.0: defaults.setDefaultArchitectureFromDataSource. The first dataVolumeTemplate whose
 * sourceRef is a DataSource (kind compared case-insensitively) labelled with a known architecture gives the
 * template's; a DataSource that refers to another DataSource hands over to that one (one step). A lookup that
 * fails or an unknown architecture is skipped (upstream logs it).
 */
function setDefaultArchitectureFromDataSource(
  vm: VirtualMachine,
  spec: VMISpec,
  state: ClusterState,
  provenance: FieldProvenance | undefined,
): void {
  if (spec.architecture) return;
  for (const [index, template] of (vm.spec.dataVolumeTemplates ?? []).entries()) {
    const sourceRef = (template?.spec as DataVolumeSpec | undefined)?.sourceRef;
    if (!sourceRef || !goEqualFold(sourceRef.kind ?? '', 'datasource')) continue;
    const namespace = sourceRef.namespace || (vm.metadata?.namespace ?? '');
    let dataSource = state.getDataSource(namespace, sourceRef.name ?? '');
    if (!dataSource) continue;
    const next = dataSource.spec?.source?.dataSource;
    if (next) {
      dataSource = state.getDataSource(next.namespace ?? '', next.name ?? '');
      if (!dataSource) continue;
    }
    const arch = dataSource.metadata?.labels?.[TEMPLATE_ARCH_LABEL];
    if (arch !== 'amd64' && arch !== 'arm64' && arch !== 's390x') continue;
    spec.architecture = arch;
    provenance?.set(
      'spec.architecture',
      VM_MUTATOR,
      `the ${TEMPLATE_ARCH_LABEL} label of DataSource "${dataSource.metadata?.name ?? ''}" (spec.dataVolumeTemplates[${index}])`,
    );
    return;
  }
}

// upstream v1.9.0: defaults.SupportsPCIeHotplug
export function supportsPCIeHotplug(spec: VMISpec): boolean {
  const arch = spec.architecture ?? '';
  if (arch !== 'amd64' && arch !== 'arm64' && arch !== '') return false;
  const machine = spec.domain.machine;
  if (machine && !(machine.type ?? '').includes('q35') && !(machine.type ?? '').startsWith('virt')) {
    return false;
  }
  return true;
}

// upstream: mutateMachineType (v1.9.0) / the preference part of setVMDefaultMachineType (v1.4.0)
function setPreferredMachineType(spec: VMISpec, preferenceSpec: PreferenceSpec | undefined): void {
  if (spec.domain.machine?.type) return;
  const preferred = preferenceSpec?.machine?.preferredMachineType;
  if (!preferred) return;
  spec.domain.machine ??= {};
  spec.domain.machine.type = preferred;
}

// upstream: defaults.SetVirtualMachineDefaults
export function setVirtualMachineDefaults(
  vm: VirtualMachine,
  config: ClusterConfig,
  preferenceSpec: PreferenceSpec | undefined,
  provenance?: FieldProvenance,
): void {
  if (vm.spec.instancetype && !vm.spec.instancetype.kind)
    vm.spec.instancetype.kind = DEFAULT_INSTANCETYPE_KIND;
  if (vm.spec.preference && !vm.spec.preference.kind) vm.spec.preference.kind = DEFAULT_PREFERENCE_KIND;
  const template = vm.spec.template;
  if (!template) return;
  template.spec ??= {} as NonNullable<typeof template.spec>;
  const spec = template.spec;
  if (!spec.architecture) {
    spec.architecture = config.getDefaultArchitecture();
    provenance?.set('spec.architecture', VM_MUTATOR, defaultArchitectureReason(spec.architecture));
  }

  // setVMDefaultMachineType
  const domain = spec.domain;
  if (!domain.machine?.type) {
    domain.machine ??= {};
    if (preferenceSpec?.machine) domain.machine.type = preferenceSpec.machine.preferredMachineType ?? '';
    if (domain.machine.type) {
      provenance?.set('spec.domain.machine.type', VM_MUTATOR, "the preference's preferredMachineType");
    } else {
      domain.machine.type = config.getMachineType(spec.architecture);
      provenance?.set(
        'spec.domain.machine.type',
        VM_MUTATOR,
        defaultMachineTypeReason(spec.architecture, domain.machine.type),
      );
    }
  }

  setPreferenceStorageClassName(vm, preferenceSpec);
}

// upstream: setPreferenceStorageClassName (v1.4.0) / mutateDataVolumeTemplates (v1.9.0)
function setPreferenceStorageClassName(vm: VirtualMachine, preferenceSpec: PreferenceSpec | undefined): void {
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
