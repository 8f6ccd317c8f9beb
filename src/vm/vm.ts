// The VirtualMachineInstance the VM controller creates when it starts a VirtualMachine.
// upstream: pkg/virt-controller/watch/vm/vm.go (startVMI, setupVMIFromVM, setupStableFirmwareUUID,
//           applyDevicePreferences, autoAttachInputDevice, applyInstancetypeToVmi),
//           pkg/network/admitter/slirp.go validateCreationSlirpBinding
import { FIRMWARE_UUID_NAMESPACE, uuidV5 } from '../util/uuid.js';
import { isDeepStrictEqual } from 'node:util';
import { setDefaultVirtualMachineInstanceSpec } from '../pkg/defaults/defaults.js';
import { FeatureGate, type ClusterConfig } from '../cluster/cluster-config.js';
import { RenderError } from '../errors.js';
import { discontinuedBindingsIn } from '../pkg/network/admitter.js';
import { setDefaultNetworkInterface } from '../pkg/network/vmispec.js';
import { setDefaultVolumeDisk } from '../pkg/util/vmi.js';
import type { ClusterState } from '../state/cluster-state.js';
import type { FieldProvenance } from '../pkg/explain/provenance.js';
import {
  CreateMigrationTarget as CreateMigrationTargetAnnotation,
  VirtualMachineControllerFinalizer,
  VirtualMachineGenerationAnnotation,
} from '../types/constants.js';
import type { KubeVirtRelease } from '../release/release.js';
import type { ObjectMeta, OwnerReference } from '../types/k8s.js';
import type { VirtualMachine, VirtualMachineInstance, VMISpec } from '../types/kubevirt.js';
import { goJsonDecode, goJsonHandOver, goJsonRoundTrip } from '../util/go/json-round-trip.js';
import { labelSelectorMatches } from '../util/label-selector.js';
import {
  addInstancetypeNameAnnotations,
  recordInstancetypeProvenance,
  addPreferenceNameAnnotations,
  applyAutoAttachPreferences,
  applyDevicePreferences,
  applyToVmi,
  findInstancetypeSpec,
  findPreferenceSpec,
  type InstancetypeSpec,
  type PreferenceSpec,
} from '../pkg/instancetype/instancetype.js';

export interface VmToVmiOptions {
  /** The UID the created VMI gets (assigned by the API server upstream). */
  uid: string;
  /** Where the VMI's fields come from, recorded for `explain` (absent: nothing is recorded). */
  provenance?: FieldProvenance;
}

const VM_CONTROLLER_PREFIX = 'vm controller: ';

const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function controllerError(message: string, cause?: unknown): RenderError {
  return new RenderError(VM_CONTROLLER_PREFIX + message, cause === undefined ? undefined : { cause });
}

// upstream: setupStableFirmwareUUID
function setupStableFirmwareUUID(vmi: VirtualMachineInstance): void {
  const firmware = (vmi.spec.domain.firmware ??= {});
  if (firmware.uuid) return;
  firmware.uuid = uuidV5(FIRMWARE_UUID_NAMESPACE, vmi.metadata?.name ?? '');
}

// upstream: hasStartPausedRequest
function hasStartPausedRequest(vm: VirtualMachine): boolean {
  const request = vm.status?.stateChangeRequests?.[0];
  return request?.action === 'Start' && request.data?.['paused'] === 'true';
}

// upstream: hasCompletedMemoryDump
function completedMemoryDumpClaim(vm: VirtualMachine): string | undefined {
  const request = vm.status?.memoryDumpRequest;
  if (!request || request.phase === 'Associating' || request.phase === 'InProgress') return undefined;
  return request.claimName;
}

/** The controller reference upstream's metav1.NewControllerRef builds for a VM. */
export function vmControllerRef(vm: VirtualMachine): OwnerReference {
  return {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachine',
    name: vm.metadata?.name ?? '',
    uid: vm.metadata?.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

// upstream: setupVMIFromVM (v1.9.0: SetupVMIFromVM, which also adds the default disks)
function setupVMIFromVM(vm: VirtualMachine, config: ClusterConfig): VirtualMachineInstance {
  const template = vm.spec.template;
  const metadata: ObjectMeta = structuredClone((template.metadata ?? {}) as ObjectMeta);
  metadata.name = vm.metadata?.name ?? '';
  delete metadata.generateName;
  metadata.namespace = vm.metadata?.namespace ?? '';
  const spec = structuredClone(template.spec ?? {}) as VMISpec;
  spec.domain ??= { devices: {} } as VMISpec['domain'];
  spec.domain.devices ??= {};
  const vmi: VirtualMachineInstance = {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstance',
    metadata,
    spec,
  };
  if (hasStartPausedRequest(vm)) spec.startStrategy = 'Paused';
  const dumpClaim = completedMemoryDumpClaim(vm);
  if (dumpClaim !== undefined)
    spec.volumes = (spec.volumes ?? []).filter((volume) => volume.name !== dumpClaim);
  setupStableFirmwareUUID(vmi);
  const templateLabels = (template.metadata as ObjectMeta | null | undefined)?.labels;
  if (templateLabels) metadata.labels = structuredClone(templateLabels);
  else delete metadata.labels;
  metadata.ownerReferences = [vmControllerRef(vm)];
  if (config.release.atLeast('v1.9.0')) setDefaultVolumeDisk(vmi.spec);
  return vmi;
}

type ChangedBlockTrackingStatus = { state?: string } | null | undefined;

/**
 * upstream v1.9.0 pkg/storage/cbt: SetChangedBlockTrackingOnVMI. With the IncrementalBackup gate, a VM that
 * the cluster's changedBlockTrackingLabelSelectors select (by the VM's own labels, or its Namespace's
 * labels) starts with status.changedBlockTracking Initializing, which the launcher Pod then serves
 * (backend storage, cbt mount); a VM no longer selected but with a tracking state starts Disabled. The VMI
 * CRD has no status subresource, so the API server keeps this status on create.
 */
function setChangedBlockTrackingOnVMI(
  vm: VirtualMachine,
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
): void {
  if (!config.isFeatureGateEnabled(FeatureGate.IncrementalBackup)) return;
  const setState = (value: string): void => {
    const status = (vmi.status ??= {}) as { changedBlockTracking?: ChangedBlockTrackingStatus };
    status.changedBlockTracking = { ...(status.changedBlockTracking ?? {}), state: value };
  };
  if (vmMatchesChangedBlockTrackingSelectors(vm, config, state)) setState('Initializing');
  else {
    const vmState = (vm.status as { changedBlockTracking?: ChangedBlockTrackingStatus } | undefined)
      ?.changedBlockTracking?.state;
    // cbtStateUndefined: no status, or the state "" (ChangedBlockTrackingUndefined)
    if (vmState) setState('Disabled');
  }
}

// upstream v1.9.0 cbt: vmMatchesChangedBlockTrackingSelectors (an invalid selector matches nothing)
function vmMatchesChangedBlockTrackingSelectors(
  vm: VirtualMachine,
  config: ClusterConfig,
  state: ClusterState,
): boolean {
  const selectors = config.config.changedBlockTrackingLabelSelectors;
  if (!selectors) return false;
  if (labelSelectorMatches(selectors.virtualMachineLabelSelector, vm.metadata?.labels ?? {})) return true;
  if (!selectors.namespaceLabelSelector) return false;
  const namespace = state.getNamespace(vm.metadata?.namespace ?? '');
  return (
    namespace !== undefined &&
    labelSelectorMatches(selectors.namespaceLabelSelector, namespace.metadata?.labels ?? {})
  );
}

// upstream: autoAttachInputDevice
function autoAttachInputDevice(vmi: VirtualMachineInstance): void {
  const devices = vmi.spec.domain.devices;
  if (devices.autoattachInputDevice !== true || (devices.inputs?.length ?? 0) > 0) return;
  devices.inputs = [...(devices.inputs ?? []), { name: 'default-0', type: '' }];
}

// upstream: the VM controller's create validation (pkg/network/admitter ValidateCreation), printed like
// metav1.StatusCause.String()
function networkCreationProblems(spec: VMISpec, release: KubeVirtRelease): string[] {
  return discontinuedBindingsIn(spec, release).map(
    ({ index, binding, message }) =>
      `&StatusCause{Type:FieldValueInvalid,Message:${message},` +
      `Field:spec.domain.devices.interfaces[${index}].${binding},}`,
  );
}

/**
 * The VMI the VM controller creates for a VM that has gone through mutateVirtualMachine (stage "vmiFromVM").
 * Throws RenderError with the controller's failure prefixed `vm controller: `.
 */
export function virtualMachineToVMI(
  vm: VirtualMachine,
  config: ClusterConfig,
  state: ClusterState,
  options: VmToVmiOptions,
): VirtualMachineInstance {
  let decoded = goJsonDecode(structuredClone(vm), 'VirtualMachine', config.release) as VirtualMachine;
  if (!decoded.spec?.template) throw controllerError('VirtualMachine has no spec.template');
  decoded = syncInstancetypes(decoded, config, state, options.provenance);

  const v1_9 = config.release.atLeast('v1.9.0');
  const vmi = setupVMIFromVM(decoded, config);
  const metadata = vmi.metadata as ObjectMeta;
  (metadata as { uid?: string }).uid = options.uid;
  metadata.annotations = {
    ...(metadata.annotations ?? {}),
    [VirtualMachineGenerationAnnotation]: String(decoded.metadata?.generation ?? 0),
  };
  if (v1_9 && decoded.spec.runStrategy === 'WaitAsReceiver') {
    metadata.annotations[CreateMigrationTargetAnnotation] = 'true';
  }
  if (options.provenance !== undefined) recordVMProvenance(options.provenance, decoded, vmi);
  metadata.finalizers = [...(metadata.finalizers ?? []), VirtualMachineControllerFinalizer];

  // Device preferences go first so that their autoattach values decide about the default devices below
  // (v1.9.0: only the autoattach ones, ApplyAutoAttachPreferences; the rest come with ApplyToVMI).
  let preferenceSpec: PreferenceSpec | undefined;
  if (decoded.spec.preference) {
    try {
      preferenceSpec = findPreferenceSpec(decoded, state, config.release);
    } catch (err) {
      throw controllerError(`Error applying device preferences again: ${errorMessage(err)}`, err);
    }
    if (preferenceSpec && v1_9) applyAutoAttachPreferences(preferenceSpec, vmi.spec);
    else if (preferenceSpec) applyDevicePreferences(preferenceSpec, vmi.spec, config.release);
  }

  if (v1_9) setChangedBlockTrackingOnVMI(decoded, vmi, config, state);
  else setDefaultVolumeDisk(vmi.spec); // (v1.9.0 adds the default disks in setupVMIFromVM)
  autoAttachInputDevice(vmi);
  try {
    setDefaultNetworkInterface(config, vmi.spec);
  } catch (err) {
    throw controllerError(errorMessage(err), err);
  }

  try {
    applyInstancetypeToVmi(decoded, vmi, state, preferenceSpec, config.release, options.provenance);
  } catch (err) {
    throw controllerError(`Failed to apply instancetype: ${errorMessage(err)}`, err);
  }

  const problems = networkCreationProblems(vmi.spec, config.release);
  if (problems.length > 0) throw controllerError(`failed create validation: ${problems.join('\n')}`);

  // handed to the VMI path as a Go object: the instancetype's quantities keep their Go value (goCopy)
  return goJsonHandOver(vmi, 'VirtualMachineInstance', config.release) as VirtualMachineInstance;
}

// upstream: Controller.syncInstancetypes. With the reference policy (the default) the controller stores
// ControllerRevisions of the instancetype and preference, which changes nothing here. With expand/expandAll
// it writes the VM back with the instancetype and preference applied to its template and the matchers
// removed (the API server then bumps metadata.generation), and starts the VMI from that VM.
function syncInstancetypes(
  vm: VirtualMachine,
  config: ClusterConfig,
  state: ClusterState,
  provenance?: FieldProvenance,
): VirtualMachine {
  if (!vm.spec.instancetype && !vm.spec.preference) return vm;
  const policy = config.getInstancetypeReferencePolicy();
  if (policy !== 'expand' && policy !== 'expandAll') return vm;
  const find = (): FoundSpecs => ({
    instancetype: findInstancetypeSpec(vm, state, config.release),
    preference: findPreferenceSpec(vm, state, config.release),
  });
  let found: FoundSpecs | undefined;
  if (config.release.atLeast('v1.9.0')) {
    // upstream v1.9.0 Sync: checkResourcesExist before anything else, its error as the finder gives it
    try {
      found = find();
    } catch (err) {
      throw controllerError(errorMessage(err), err);
    }
  }
  if (policy === 'expand' && hasRevision(vm, config)) return vm;
  let expanded: VirtualMachine;
  try {
    expanded = expandInstancetypeAndPreference(vm, found ?? find(), config, state, provenance);
  } catch (err) {
    // upstream v1.9.0 handleExpand rewords it
    const what = config.release.atLeast('v1.9.0') ? 'expanding' : 'expanding instance type';
    throw controllerError(`error encountered while ${what} into VirtualMachine: ${errorMessage(err)}`, err);
  }
  const roundTripped = goJsonRoundTrip(expanded, 'VirtualMachine', config.release) as VirtualMachine;
  const original = goJsonRoundTrip(vm, 'VirtualMachine', config.release) as VirtualMachine;
  if (isDeepStrictEqual(roundTripped.spec, original.spec)) {
    return vm;
  }
  const metadata = (roundTripped.metadata ??= {});
  (metadata as { generation?: number }).generation = (vm.metadata?.generation ?? 0) + 1;
  return roundTripped;
}

/**
 * Whether policy `expand` leaves the VM as it is: a matcher revisionName (v1.4.0), a ControllerRevision in
 * status.{instancetype,preference}Ref (upstream v1.9.0 handleExpand, revision.HasControllerRevisionRef).
 */
function hasRevision(vm: VirtualMachine, config: ClusterConfig): boolean {
  if (config.release.before('v1.9.0')) {
    return !!(vm.spec.instancetype?.revisionName || vm.spec.preference?.revisionName);
  }
  const status = vm.status as
    Record<string, { controllerRevisionRef?: { name?: string } } | undefined> | undefined;
  return !!(
    status?.['instancetypeRef']?.controllerRevisionRef?.name ||
    status?.['preferenceRef']?.controllerRevisionRef?.name
  );
}

/** The instancetype and preference specs a VM's matchers name (upstream's finders). */
interface FoundSpecs {
  instancetype: InstancetypeSpec | undefined;
  preference: PreferenceSpec | undefined;
}

// upstream: InstancetypeMethods.Expand (v1.9.0: expand/expand.go Expand), given what its finders found
function expandInstancetypeAndPreference(
  vm: VirtualMachine,
  { instancetype: instancetypeSpec, preference: preferenceSpec }: FoundSpecs,
  config: ClusterConfig,
  state: ClusterState,
  provenance?: FieldProvenance,
): VirtualMachine {
  const expanded = structuredClone(vm);
  const template = expanded.spec.template;
  const spec = template.spec as VMISpec;
  setDefaultVolumeDisk(spec);
  setDefaultNetworkInterface(config, spec);
  template.metadata ??= {};
  const conflicts = applyToVmi(
    'spec.template.spec',
    instancetypeSpec,
    preferenceSpec,
    spec,
    template.metadata as ObjectMeta,
    config.release,
  );
  if (conflicts.length > 0) {
    // upstream v1.9.0: conflict.Conflicts.Error
    throw new Error(
      config.release.atLeast('v1.9.0')
        ? `VM field(s) ${conflicts.join(', ')} conflicts with selected instance type`
        : `VM fields ${conflicts.join(', ')} conflict with selected instance type`,
    );
  }
  if (provenance !== undefined) {
    const how = `expanded into the VM's template: instancetypeReferencePolicy ${config.getInstancetypeReferencePolicy()}`;
    recordInstancetypeProvenance(provenance, vm, instancetypeSpec, preferenceSpec, spec, how);
  }
  setDefaultVirtualMachineInstanceSpec(config, spec, provenance);
  delete expanded.spec.instancetype;
  delete expanded.spec.preference;
  if (config.release.atLeast('v1.9.0') && expanded.status) {
    const status = expanded.status as Record<string, unknown>;
    delete status['instancetypeRef'];
    delete status['preferenceRef'];
  }
  return expanded;
}

// upstream: Controller.applyInstancetypeToVmi
function applyInstancetypeToVmi(
  vm: VirtualMachine,
  vmi: VirtualMachineInstance,
  state: ClusterState,
  preferenceSpec: PreferenceSpec | undefined,
  release: KubeVirtRelease,
  provenance?: FieldProvenance,
): void {
  const instancetypeSpec = findInstancetypeSpec(vm, state, release);
  if (!instancetypeSpec && !preferenceSpec) return;
  const metadata = vmi.metadata as ObjectMeta;
  addInstancetypeNameAnnotations(vm, metadata);
  addPreferenceNameAnnotations(vm, metadata);
  const conflicts = applyToVmi('spec', instancetypeSpec, preferenceSpec, vmi.spec, metadata, release);
  if (conflicts.length > 0) {
    throw new Error(`VMI conflicts with instancetype spec in fields: [${conflicts.join(', ')}]`);
  }
  if (provenance !== undefined) {
    const how = 'applied to the VMI by the VM controller';
    recordInstancetypeProvenance(provenance, vm, instancetypeSpec, preferenceSpec, vmi.spec, how);
  }
}

/** What the VM controller copies from the VM onto the VMI (its template's metadata) and adds to it. */
function recordVMProvenance(
  provenance: FieldProvenance,
  vm: VirtualMachine,
  vmi: VirtualMachineInstance,
): void {
  const template = vm.spec.template.metadata as ObjectMeta | null | undefined;
  // what the VM mutator put in the template keeps its own reason
  const fromTemplate = (path: string, source: string, reason: string): void => {
    if (provenance.get(path) === undefined) provenance.set(path, source, reason);
  };
  for (const key of Object.keys(template?.labels ?? {})) {
    fromTemplate(`metadata.labels.${key}`, 'spec.template.metadata.labels', "a label of the VM's template");
  }
  for (const key of Object.keys(template?.annotations ?? {})) {
    fromTemplate(
      `metadata.annotations.${key}`,
      'spec.template.metadata.annotations',
      "an annotation of the VM's template",
    );
  }
  const spec = vm.spec.template.spec;
  for (const key of Object.keys(spec?.nodeSelector ?? {})) {
    fromTemplate(
      `spec.nodeSelector.${key}`,
      'spec.template.spec.nodeSelector',
      "the VM template's node selector",
    );
  }
  if (spec?.tolerations) {
    fromTemplate('spec.tolerations', 'spec.template.spec.tolerations', "the VM template's toleration");
  }
  if (spec?.affinity)
    fromTemplate('spec.affinity', 'spec.template.spec.affinity', "the VM template's affinity");
  provenance.set(
    `metadata.annotations.${VirtualMachineGenerationAnnotation}`,
    'VirtualMachine metadata.generation',
    `the VM controller: the generation of the VM the VMI was started from (${vmi.metadata?.annotations?.[VirtualMachineGenerationAnnotation] ?? ''})`,
  );
  if (vmi.metadata?.annotations?.[CreateMigrationTargetAnnotation] !== undefined) {
    provenance.set(
      `metadata.annotations.${CreateMigrationTargetAnnotation}`,
      'spec.runStrategy WaitAsReceiver',
      'the VM controller: the VMI is the target of a cross-cluster migration',
    );
  }
}
