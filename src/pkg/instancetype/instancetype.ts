// Instance types and preferences: lookup, inference from volumes, application to a VMI spec, conflicts and
// preference requirements.
// upstream: pkg/instancetype/instancetype.go (v1.4.0); v1.9.0 split it into pkg/instancetype/{find,infer,
// apply,conflict,preference/{find,apply,requirements,validation},expand}, with the changes branched below.
import type { KubeVirtRelease } from '../../release/release.js';
import type { ObjectMeta } from '../../types/k8s.js';
import type { DataVolumeSourceRef, DataVolumeSpec } from '../../types/cdi.js';
import type {
  CPU,
  VirtualMachine,
  VirtualMachineInstancetype,
  VirtualMachinePreference,
  VMISpec,
} from '../../types/kubevirt.js';
import {
  ClusterInstancetypeAnnotation,
  ClusterPreferenceAnnotation,
  InstancetypeAnnotation,
  PreferenceAnnotation,
} from '../../types/constants.js';
import type { ClusterState } from '../../state/cluster-state.js';
import type { FieldProvenance } from '../explain/provenance.js';
import { Quantity, newQuantity } from '../../quantity/quantity.js';
import { goToLower } from '../../util/go/strings.js';

export type InstancetypeSpec = VirtualMachineInstancetype['spec'];
export type PreferenceSpec = VirtualMachinePreference['spec'];
type VMSpec = VirtualMachine['spec'];
export type InstancetypeMatcher = NonNullable<VMSpec['instancetype']>;
export type PreferenceMatcher = NonNullable<VMSpec['preference']>;
type Disk = NonNullable<VMISpec['domain']['devices']['disks']>[number];

/** Preference fields v1.9.0 reads that the (v1.4.0) generated API types do not have. */
interface PreferenceSpecV1_9 {
  preferredArchitecture?: string;
  preferredLaunchSecurity?: unknown;
  devices?: { preferredVideoType?: string; preferredPanicDeviceModel?: string };
  requirements?: { architecture?: string };
}
const v1_9Preference = (spec: PreferenceSpec): PreferenceSpecV1_9 => spec as PreferenceSpecV1_9;

/** VMI spec fields of v1.9.0 that the (v1.4.0) generated API types do not have. */
interface DomainV1_9 {
  ioThreads?: { supplementalPoolThreadCount?: number };
  devices: { video?: { type?: string }; panicDevices?: { model?: string }[] };
}
const v1_9Domain = (spec: VMISpec): DomainV1_9 => spec.domain as unknown as DomainV1_9;
type Interface = NonNullable<VMISpec['domain']['devices']['interfaces']>[number];

/** A field path as k8s.io/apimachinery field.Path prints it (`spec.domain.cpu.cores`). */
export type Conflicts = string[];

/** An error upstream returns from the instancetype package; the caller adds its own prefix. */
export class InstancetypeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstancetypeError';
  }
}

/** upstream: IgnoreableInferenceError — an inference failure that failure policy Ignore may swallow. */
export class IgnoreableInferenceError extends InstancetypeError {}

// apiinstancetype resource names
const SingularResourceName = 'virtualmachineinstancetype';
const PluralResourceName = 'virtualmachineinstancetypes';
const ClusterSingularResourceName = 'virtualmachineclusterinstancetype';
const ClusterPluralResourceName = 'virtualmachineclusterinstancetypes';
const SingularPreferenceResourceName = 'virtualmachinepreference';
const PluralPreferenceResourceName = 'virtualmachinepreferences';
const ClusterSingularPreferenceResourceName = 'virtualmachineclusterpreference';
const ClusterPluralPreferenceResourceName = 'virtualmachineclusterpreferences';
export const DEFAULT_INSTANCETYPE_KIND = ClusterSingularResourceName;
export const DEFAULT_PREFERENCE_KIND = ClusterSingularPreferenceResourceName;

// apiinstancetype labels used for inference
const DefaultInstancetypeLabel = 'instancetype.kubevirt.io/default-instancetype';
const DefaultInstancetypeKindLabel = 'instancetype.kubevirt.io/default-instancetype-kind';
const DefaultPreferenceLabel = 'instancetype.kubevirt.io/default-preference';
const DefaultPreferenceKindLabel = 'instancetype.kubevirt.io/default-preference-kind';

const GROUP = 'instancetype.kubevirt.io';

/** The apiserver's NotFound message (`<resource>.<group> "<name>" not found`). */
export function notFoundMessage(resource: string, group: string, name: string): string {
  return `${group ? `${resource}.${group}` : resource} "${name}" not found`;
}

type InstancetypeKind = 'namespaced' | 'cluster';

function instancetypeKind(kind: string | undefined): InstancetypeKind | undefined {
  switch (goToLower(kind ?? '')) {
    case SingularResourceName:
    case PluralResourceName:
      return 'namespaced';
    case ClusterSingularResourceName:
    case ClusterPluralResourceName:
    case '':
      return 'cluster';
    default:
      return undefined;
  }
}

function preferenceKind(kind: string | undefined): InstancetypeKind | undefined {
  switch (goToLower(kind ?? '')) {
    case SingularPreferenceResourceName:
    case PluralPreferenceResourceName:
      return 'namespaced';
    case ClusterSingularPreferenceResourceName:
    case ClusterPluralPreferenceResourceName:
    case '':
      return 'cluster';
    default:
      return undefined;
  }
}

const vmNamespace = (vm: VirtualMachine): string => vm.metadata?.namespace ?? '';

/**
 * upstream: findInstancetypeSpecRevision / findPreferenceSpecRevision. A matcher's revisionName names a
 * ControllerRevision that upstream reads instead of the instancetype or preference; ClusterState holds no
 * ControllerRevisions, so such a lookup fails like the apiserver's NotFound.
 */
function controllerRevisionNotFound(revisionName: string): InstancetypeError {
  return new InstancetypeError(notFoundMessage('controllerrevisions', 'apps', revisionName));
}

/**
 * upstream v1.9.0 find/revision.go: without a matcher revisionName, the ControllerRevision named in
 * status.{instancetype,preference}Ref is read too (ClusterState has none: NotFound, as above).
 */
function statusRevisionName(
  vm: VirtualMachine,
  ref: 'instancetypeRef' | 'preferenceRef',
  release: KubeVirtRelease,
): string | undefined {
  if (release.before('v1.9.0')) return undefined;
  const status = vm.status as
    Record<string, { controllerRevisionRef?: { name?: string } } | undefined> | undefined;
  return status?.[ref]?.controllerRevisionRef?.name || undefined;
}

// upstream: InstancetypeMethods.FindInstancetypeSpec (v1.9.0: find/spec.go Find)
export function findInstancetypeSpec(
  vm: VirtualMachine,
  state: ClusterState,
  release: KubeVirtRelease,
): InstancetypeSpec | undefined {
  const matcher = vm.spec.instancetype;
  if (!matcher) return undefined;
  if (matcher.revisionName) throw controllerRevisionNotFound(matcher.revisionName);
  const statusRevision = statusRevisionName(vm, 'instancetypeRef', release);
  if (statusRevision) throw controllerRevisionNotFound(statusRevision);
  const name = matcher.name ?? '';
  switch (instancetypeKind(matcher.kind)) {
    case 'namespaced': {
      const found = state.getInstancetype(vmNamespace(vm), name);
      if (!found) throw new InstancetypeError(notFoundMessage(PluralResourceName, GROUP, name));
      return found.spec;
    }
    case 'cluster': {
      const found = state.getClusterInstancetype(name);
      if (!found) throw new InstancetypeError(notFoundMessage(ClusterPluralResourceName, GROUP, name));
      return found.spec;
    }
    default:
      throw new InstancetypeError(`got unexpected kind in InstancetypeMatcher: ${matcher.kind ?? ''}`);
  }
}

// upstream: InstancetypeMethods.FindPreferenceSpec (v1.9.0: preference/find/spec.go FindPreference)
export function findPreferenceSpec(
  vm: VirtualMachine,
  state: ClusterState,
  release: KubeVirtRelease,
): PreferenceSpec | undefined {
  const matcher = vm.spec.preference;
  if (!matcher) return undefined;
  if (matcher.revisionName) throw controllerRevisionNotFound(matcher.revisionName);
  const statusRevision = statusRevisionName(vm, 'preferenceRef', release);
  if (statusRevision) throw controllerRevisionNotFound(statusRevision);
  const name = matcher.name ?? '';
  switch (preferenceKind(matcher.kind)) {
    case 'namespaced': {
      const found = state.getPreference(vmNamespace(vm), name);
      if (!found) throw new InstancetypeError(notFoundMessage(PluralPreferenceResourceName, GROUP, name));
      return found.spec;
    }
    case 'cluster': {
      const found = state.getClusterPreference(name);
      if (!found)
        throw new InstancetypeError(notFoundMessage(ClusterPluralPreferenceResourceName, GROUP, name));
      return found.spec;
    }
    default:
      throw new InstancetypeError(`got unexpected kind in PreferenceMatcher: ${matcher.kind ?? ''}`);
  }
}

// --- inference (InferDefaultInstancetype / InferDefaultPreference) ---

interface InferredDefaults {
  name: string;
  kind: string;
}

function inferDefaultsFromLabels(
  labels: Record<string, string> | undefined,
  nameLabel: string,
  kindLabel: string,
): InferredDefaults {
  const name = labels?.[nameLabel];
  if (name === undefined) {
    throw new IgnoreableInferenceError(`unable to find required ${nameLabel} label on the volume`);
  }
  return { name, kind: labels?.[kindLabel] ?? '' };
}

function inferDefaultsFromPVC(
  state: ClusterState,
  claimName: string,
  namespace: string,
  nameLabel: string,
  kindLabel: string,
): InferredDefaults {
  const pvc = state.getPersistentVolumeClaim(namespace, claimName);
  if (!pvc) throw new InstancetypeError(notFoundMessage('persistentvolumeclaims', '', claimName));
  return inferDefaultsFromLabels(pvc.metadata?.labels, nameLabel, kindLabel);
}

// upstream v1.9.0 infer/volume.go fromVolumeSnapshot
function inferDefaultsFromVolumeSnapshot(
  state: ClusterState,
  name: string,
  namespace: string,
  nameLabel: string,
  kindLabel: string,
): InferredDefaults {
  const snapshot = state.getVolumeSnapshot(namespace, name);
  if (!snapshot)
    throw new InstancetypeError(notFoundMessage('volumesnapshots', 'snapshot.storage.k8s.io', name));
  return inferDefaultsFromLabels(snapshot.metadata?.labels, nameLabel, kindLabel);
}

// upstream: inferDefaultsFromDataVolumeSpec (v1.9.0: fromDataVolumeSpec; also a snapshot source)
function inferDefaultsFromDataVolumeSpec(
  state: ClusterState,
  spec: DataVolumeSpec | undefined,
  nameLabel: string,
  kindLabel: string,
  vmNamespaceName: string,
  release: KubeVirtRelease,
): InferredDefaults {
  if (spec?.source?.pvc) {
    return inferDefaultsFromPVC(
      state,
      spec.source.pvc.name ?? '',
      spec.source.pvc.namespace ?? '',
      nameLabel,
      kindLabel,
    );
  }
  if (spec?.source?.snapshot && release.atLeast('v1.9.0')) {
    const snapshot = spec.source.snapshot;
    return inferDefaultsFromVolumeSnapshot(
      state,
      snapshot.name ?? '',
      snapshot.namespace ?? '',
      nameLabel,
      kindLabel,
    );
  }
  if (spec?.sourceRef) {
    return inferDefaultsFromDataVolumeSourceRef(
      state,
      spec.sourceRef,
      nameLabel,
      kindLabel,
      vmNamespaceName,
      release,
    );
  }
  throw new IgnoreableInferenceError(
    'unable to infer defaults from DataVolumeSpec as DataVolumeSource is not supported',
  );
}

// upstream: inferDefaultsFromDataVolumeSourceRef (v1.9.0: fromDataVolumeSourceRef)
function inferDefaultsFromDataVolumeSourceRef(
  state: ClusterState,
  sourceRef: DataVolumeSourceRef,
  nameLabel: string,
  kindLabel: string,
  vmNamespaceName: string,
  release: KubeVirtRelease,
): InferredDefaults {
  if (sourceRef.kind === 'DataSource') {
    // an explicit namespace, even an empty one, is used as given
    const namespace = sourceRef.namespace ?? vmNamespaceName;
    return inferDefaultsFromDataSource(state, sourceRef.name ?? '', namespace, nameLabel, kindLabel, release);
  }
  throw new IgnoreableInferenceError(
    `unable to infer defaults from DataVolumeSourceRef as Kind ${sourceRef.kind ?? ''} is not supported`,
  );
}

// upstream: inferDefaultsFromDataSource (v1.9.0: fromDataSource; also a snapshot source). A DataSource
// that refers to another DataSource is not followed.
function inferDefaultsFromDataSource(
  state: ClusterState,
  name: string,
  namespace: string,
  nameLabel: string,
  kindLabel: string,
  release: KubeVirtRelease,
): InferredDefaults {
  const dataSource = state.getDataSource(namespace, name);
  if (!dataSource) throw new InstancetypeError(notFoundMessage('datasources', 'cdi.kubevirt.io', name));
  const labels = dataSource.metadata?.labels;
  if (labels?.[nameLabel] !== undefined) return inferDefaultsFromLabels(labels, nameLabel, kindLabel);
  const source = dataSource.spec?.source;
  if (source?.pvc) {
    return inferDefaultsFromPVC(
      state,
      source.pvc.name ?? '',
      source.pvc.namespace ?? '',
      nameLabel,
      kindLabel,
    );
  }
  if (release.atLeast('v1.9.0')) {
    if (source?.snapshot) {
      return inferDefaultsFromVolumeSnapshot(
        state,
        source.snapshot.name ?? '',
        source.snapshot.namespace ?? '',
        nameLabel,
        kindLabel,
      );
    }
    throw new IgnoreableInferenceError(
      "unable to infer defaults from DataSource that doesn't provide DataVolumeSourcePVC or DataVolumeSourceSnapshot",
    );
  }
  throw new IgnoreableInferenceError(
    "unable to infer defaults from DataSource that doesn't provide DataVolumeSourcePVC",
  );
}

// upstream: inferDefaultsFromDataVolume (v1.9.0: fromDataVolume)
function inferDefaultsFromDataVolume(
  vm: VirtualMachine,
  state: ClusterState,
  dataVolumeName: string,
  nameLabel: string,
  kindLabel: string,
  release: KubeVirtRelease,
): InferredDefaults {
  for (const template of vm.spec.dataVolumeTemplates ?? []) {
    // (Go strings: a template without a name matches a volume's empty dataVolume name)
    const templateName = (template?.metadata as { name?: string } | null | undefined)?.name ?? '';
    if (templateName !== dataVolumeName) continue;
    return inferDefaultsFromDataVolumeSpec(
      state,
      template?.spec as DataVolumeSpec,
      nameLabel,
      kindLabel,
      vmNamespace(vm),
      release,
    );
  }
  const dataVolume = state.getDataVolume(vmNamespace(vm), dataVolumeName);
  // a DataVolume that is gone (garbage collected): the PVC of the same name in the VM's namespace
  if (!dataVolume) return inferDefaultsFromPVC(state, dataVolumeName, vmNamespace(vm), nameLabel, kindLabel);
  // the DataVolume's own labels first, then its source
  const labels = dataVolume.metadata?.labels;
  if (labels?.[nameLabel] !== undefined) return inferDefaultsFromLabels(labels, nameLabel, kindLabel);
  return inferDefaultsFromDataVolumeSpec(
    state,
    dataVolume.spec,
    nameLabel,
    kindLabel,
    vmNamespace(vm),
    release,
  );
}

function inferDefaultsFromVolumes(
  vm: VirtualMachine,
  state: ClusterState,
  volumeName: string,
  nameLabel: string,
  kindLabel: string,
  release: KubeVirtRelease,
): InferredDefaults {
  for (const volume of vm.spec.template?.spec?.volumes ?? []) {
    if (volume.name !== volumeName) continue;
    if (volume.persistentVolumeClaim) {
      return inferDefaultsFromPVC(
        state,
        volume.persistentVolumeClaim.claimName ?? '',
        vmNamespace(vm),
        nameLabel,
        kindLabel,
      );
    }
    if (volume.dataVolume) {
      const name = volume.dataVolume.name ?? '';
      return inferDefaultsFromDataVolume(vm, state, name, nameLabel, kindLabel, release);
    }
    throw new IgnoreableInferenceError(
      `unable to infer defaults from volume ${volumeName} as type is not supported`,
    );
  }
  throw new InstancetypeError(`unable to find volume ${volumeName} to infer defaults`);
}

// upstream: InstancetypeMethods.InferDefaultInstancetype (mutates vm)
export function inferDefaultInstancetype(
  vm: VirtualMachine,
  state: ClusterState,
  release: KubeVirtRelease,
): void {
  const matcher = vm.spec.instancetype;
  if (!matcher?.inferFromVolume) return;
  const ignoreFailure = matcher.inferFromVolumeFailurePolicy === 'Ignore';
  let inferred: InferredDefaults;
  try {
    inferred = inferDefaultsFromVolumes(
      vm,
      state,
      matcher.inferFromVolume,
      DefaultInstancetypeLabel,
      DefaultInstancetypeKindLabel,
      release,
    );
  } catch (err) {
    if (err instanceof IgnoreableInferenceError && ignoreFailure) {
      delete vm.spec.instancetype;
      return;
    }
    throw err;
  }
  if (ignoreFailure && vm.spec.template?.spec?.domain) delete vm.spec.template.spec.domain.memory;
  vm.spec.instancetype = withoutEmpty({ name: inferred.name, kind: inferred.kind });
}

// upstream: InstancetypeMethods.InferDefaultPreference (mutates vm)
export function inferDefaultPreference(
  vm: VirtualMachine,
  state: ClusterState,
  release: KubeVirtRelease,
): void {
  const matcher = vm.spec.preference;
  if (!matcher?.inferFromVolume) return;
  let inferred: InferredDefaults;
  try {
    inferred = inferDefaultsFromVolumes(
      vm,
      state,
      matcher.inferFromVolume,
      DefaultPreferenceLabel,
      DefaultPreferenceKindLabel,
      release,
    );
  } catch (err) {
    const ignoreFailure = matcher.inferFromVolumeFailurePolicy === 'Ignore';
    if (err instanceof IgnoreableInferenceError && ignoreFailure) {
      delete vm.spec.preference;
      return;
    }
    throw err;
  }
  vm.spec.preference = withoutEmpty({ name: inferred.name, kind: inferred.kind });
}

function withoutEmpty<T extends Record<string, string>>(matcher: T): T {
  return Object.fromEntries(Object.entries(matcher).filter(([, v]) => v !== '')) as T;
}

// --- name annotations ---

// upstream: AddInstancetypeNameAnnotations
export function addInstancetypeNameAnnotations(vm: VirtualMachine, target: ObjectMeta): void {
  const matcher = vm.spec.instancetype;
  if (!matcher) return;
  target.annotations ??= {};
  switch (instancetypeKind(matcher.kind)) {
    case 'namespaced':
      target.annotations[InstancetypeAnnotation] = matcher.name ?? '';
      break;
    case 'cluster':
      target.annotations[ClusterInstancetypeAnnotation] = matcher.name ?? '';
      break;
    default:
  }
}

// upstream: AddPreferenceNameAnnotations
export function addPreferenceNameAnnotations(vm: VirtualMachine, target: ObjectMeta): void {
  const matcher = vm.spec.preference;
  if (!matcher) return;
  target.annotations ??= {};
  switch (preferenceKind(matcher.kind)) {
    case 'namespaced':
      target.annotations[PreferenceAnnotation] = matcher.name ?? '';
      break;
    case 'cluster':
      target.annotations[ClusterPreferenceAnnotation] = matcher.name ?? '';
      break;
    default:
  }
}

// --- ApplyToVmi ---

const child = (field: string, ...names: string[]): string => [field, ...names].join('.');
const clone = <T>(value: T): T => structuredClone(value);

/**
 * upstream: InstancetypeMethods.ApplyToVmi (v1.9.0: apply/vmi.go ApplyToVMI). `field` is the path of the
 * VMI spec in conflict messages (`spec` for a VMI, `spec.template.spec` for a VM). Mutates vmiSpec and
 * vmiMetadata. With conflicts the caller fails, so what the preference does then is of no consequence
 * (v1.9.0 skips it, v1.4.0 applies it to the spec it discards).
 */
export function applyToVmi(
  field: string,
  instancetypeSpec: InstancetypeSpec | undefined,
  preferenceSpec: PreferenceSpec | undefined,
  vmiSpec: VMISpec,
  vmiMetadata: ObjectMeta,
  release: KubeVirtRelease,
): Conflicts {
  const conflicts: Conflicts = [];
  const v1_9 = release.atLeast('v1.9.0');
  if (instancetypeSpec) {
    conflicts.push(...applyNodeSelector(field, instancetypeSpec, vmiSpec));
    conflicts.push(...applySchedulerName(field, instancetypeSpec, vmiSpec));
    conflicts.push(...applyCPU(field, instancetypeSpec, preferenceSpec, vmiSpec));
    conflicts.push(...(v1_9 ? applyMemoryV1_9 : applyMemory)(field, instancetypeSpec, vmiSpec));
    if (v1_9) conflicts.push(...applyIOThreads(field, instancetypeSpec, vmiSpec));
    conflicts.push(...applyIOThreadPolicy(field, instancetypeSpec, vmiSpec));
    conflicts.push(...applyLaunchSecurity(field, instancetypeSpec, vmiSpec));
    conflicts.push(...applyGPUs(field, instancetypeSpec, vmiSpec));
    conflicts.push(...applyHostDevices(field, instancetypeSpec, vmiSpec));
    conflicts.push(...applyInstanceTypeAnnotations(instancetypeSpec.annotations, vmiMetadata));
    if (v1_9 && conflicts.length > 0) return conflicts;
  }
  if (preferenceSpec) {
    applyCPUPreferences(preferenceSpec, vmiSpec);
    applyDevicePreferences(preferenceSpec, vmiSpec, release);
    applyFeaturePreferences(preferenceSpec, vmiSpec);
    applyFirmwarePreferences(preferenceSpec, vmiSpec);
    applyMachinePreferences(preferenceSpec, vmiSpec);
    applyClockPreferences(preferenceSpec, vmiSpec);
    applySubdomain(preferenceSpec, vmiSpec);
    applyTerminationGracePeriodSeconds(preferenceSpec, vmiSpec);
    if (v1_9) applyArchitecturePreferences(preferenceSpec, vmiSpec);
    applyPreferenceAnnotations(preferenceSpec.annotations, vmiMetadata);
    if (v1_9) applyLaunchSecurityPreferences(preferenceSpec, vmiSpec);
  }
  return conflicts;
}

// upstream v1.9.0: preference/apply/architecture.go ApplyArchitecturePreferences
export function applyArchitecturePreferences(
  preferenceSpec: PreferenceSpec | undefined,
  vmiSpec: VMISpec,
): void {
  const preferred = preferenceSpec && v1_9Preference(preferenceSpec).preferredArchitecture;
  if (preferred && !vmiSpec.architecture) vmiSpec.architecture = preferred;
}

// upstream v1.9.0: preference/apply/launchsecurity.go
function applyLaunchSecurityPreferences(preferenceSpec: PreferenceSpec, vmiSpec: VMISpec): void {
  const preferred = v1_9Preference(preferenceSpec).preferredLaunchSecurity;
  if (preferred === undefined || preferred === null || vmiSpec.domain.launchSecurity) return;
  vmiSpec.domain.launchSecurity = clone(preferred) as VMISpec['domain']['launchSecurity'];
}

// Go iterates the annotation map in random order; conflicts are listed in key order here.
function applyInstanceTypeAnnotations(
  annotations: Record<string, string> | undefined,
  target: ObjectMeta,
): Conflicts {
  target.annotations ??= {};
  const conflicts: Conflicts = [];
  for (const key of Object.keys(annotations ?? {}).sort()) {
    const value = annotations?.[key] ?? '';
    if (key in target.annotations) {
      if (target.annotations[key] !== value) conflicts.push(child('annotations', key));
      continue;
    }
    target.annotations[key] = value;
  }
  return conflicts;
}

function applyPreferenceAnnotations(
  annotations: Record<string, string> | undefined,
  target: ObjectMeta,
): void {
  target.annotations ??= {};
  for (const [key, value] of Object.entries(annotations ?? {})) {
    if (!(key in target.annotations)) target.annotations[key] = value;
  }
}

function applyNodeSelector(field: string, instancetypeSpec: InstancetypeSpec, vmiSpec: VMISpec): Conflicts {
  if (!instancetypeSpec.nodeSelector) return [];
  if (vmiSpec.nodeSelector) return [child(field, 'nodeSelector')];
  vmiSpec.nodeSelector = { ...instancetypeSpec.nodeSelector };
  return [];
}

function applySchedulerName(field: string, instancetypeSpec: InstancetypeSpec, vmiSpec: VMISpec): Conflicts {
  if (!instancetypeSpec.schedulerName) return [];
  if (vmiSpec.schedulerName) return [child(field, 'schedulerName')];
  vmiSpec.schedulerName = instancetypeSpec.schedulerName;
  return [];
}

const hasResource = (list: Record<string, unknown> | undefined, name: string): boolean =>
  list !== undefined && list !== null && name in list;

function validateCPU(
  field: string,
  instancetypeSpec: InstancetypeSpec,
  vmiSpec: VMISpec,
  cpu: CPU,
): Conflicts {
  const conflicts: Conflicts = [];
  const resources = vmiSpec.domain.resources;
  const it = instancetypeSpec.cpu;
  if (hasResource(resources?.requests, 'cpu'))
    conflicts.push(child(field, 'domain', 'resources', 'requests', 'cpu'));
  if (hasResource(resources?.limits, 'cpu'))
    conflicts.push(child(field, 'domain', 'resources', 'limits', 'cpu'));
  if (cpu.sockets) conflicts.push(child(field, 'domain', 'cpu', 'sockets'));
  if (cpu.cores) conflicts.push(child(field, 'domain', 'cpu', 'cores'));
  if (cpu.threads) conflicts.push(child(field, 'domain', 'cpu', 'threads'));
  if (cpu.model && it.model !== undefined) conflicts.push(child(field, 'domain', 'cpu', 'model'));
  if (cpu.dedicatedCpuPlacement && it.dedicatedCPUPlacement !== undefined) {
    conflicts.push(child(field, 'domain', 'cpu', 'dedicatedCPUPlacement'));
  }
  if (cpu.isolateEmulatorThread && it.isolateEmulatorThread !== undefined) {
    conflicts.push(child(field, 'domain', 'cpu', 'isolateEmulatorThread'));
  }
  if (cpu.numa && it.numa) conflicts.push(child(field, 'domain', 'cpu', 'numa'));
  if (cpu.realtime && it.realtime) conflicts.push(child(field, 'domain', 'cpu', 'realtime'));
  return conflicts;
}

function applyCPU(
  field: string,
  instancetypeSpec: InstancetypeSpec,
  preferenceSpec: PreferenceSpec | undefined,
  vmiSpec: VMISpec,
): Conflicts {
  const cpu: CPU = (vmiSpec.domain.cpu ??= {});
  const conflicts = validateCPU(field, instancetypeSpec, vmiSpec, cpu);
  if (conflicts.length > 0) return conflicts;
  const it = instancetypeSpec.cpu;
  if (!cpu.model && it.model !== undefined) cpu.model = it.model;
  if (it.dedicatedCPUPlacement !== undefined) cpu.dedicatedCpuPlacement = it.dedicatedCPUPlacement;
  if (it.isolateEmulatorThread !== undefined) cpu.isolateEmulatorThread = it.isolateEmulatorThread;
  if (!cpu.numa && it.numa) cpu.numa = clone(it.numa);
  if (!cpu.realtime && it.realtime) cpu.realtime = clone(it.realtime);
  if (it.maxSockets !== undefined) cpu.maxSockets = it.maxSockets;
  applyGuestCPUTopology(it.guest ?? 0, preferenceSpec, cpu);
  return [];
}

const SUPPORTED_TOPOLOGIES = [
  'preferSockets',
  'preferCores',
  'preferThreads',
  'preferSpread',
  'preferAny',
  'sockets',
  'cores',
  'threads',
  'spread',
  'any',
] as const;

// upstream: GetPreferredTopology (defaults to sockets)
export function getPreferredTopology(preferenceSpec: PreferenceSpec | undefined): string {
  return preferenceSpec?.cpu?.preferredCPUTopology ?? 'sockets';
}

// upstream: IsPreferredTopologySupported
export function isPreferredTopologySupported(topology: string): boolean {
  return (SUPPORTED_TOPOLOGIES as readonly string[]).includes(topology);
}

// upstream: GetSpreadOptions
export function getSpreadOptions(preferenceSpec: PreferenceSpec): { ratio: number; across: string } {
  let ratio = preferenceSpec.preferSpreadSocketToCoreRatio || 2;
  let across = 'SocketsCores';
  const options = preferenceSpec.cpu?.spreadOptions;
  if (options?.across !== undefined) across = options.across;
  if (options?.ratio !== undefined) ratio = options.ratio;
  return { ratio, across };
}

/** Go's uint32 division (the divisor 0 panics upstream). */
/** Go's uint32 division (a zero divisor panics: the component fails). */
function divU32(a: number, b: number): number {
  if (b === 0) throw new GoRuntimePanic('integer divide by zero');
  return Math.trunc(a / b) >>> 0;
}

function applyGuestCPUTopology(vCPUs: number, preferenceSpec: PreferenceSpec | undefined, cpu: CPU): void {
  cpu.cores = 1;
  cpu.sockets = 1;
  cpu.threads = 1;
  if (vCPUs === 1) return;
  switch (getPreferredTopology(preferenceSpec)) {
    case 'preferCores':
    case 'cores':
      cpu.cores = vCPUs;
      break;
    case 'preferSockets':
    case 'preferAny':
    case 'sockets':
    case 'any':
      cpu.sockets = vCPUs;
      break;
    case 'preferThreads':
    case 'threads':
      cpu.threads = vCPUs;
      break;
    case 'preferSpread':
    case 'spread': {
      // preferenceSpec is set: the default topology is sockets
      const { ratio, across } = getSpreadOptions(preferenceSpec as PreferenceSpec);
      switch (across) {
        case 'SocketsCores':
          cpu.cores = ratio;
          cpu.sockets = divU32(vCPUs, ratio);
          break;
        case 'CoresThreads':
          cpu.threads = ratio;
          cpu.cores = divU32(vCPUs, ratio);
          break;
        case 'SocketsCoresThreads': {
          const threadsPerCore = 2;
          cpu.threads = threadsPerCore;
          cpu.cores = ratio;
          cpu.sockets = divU32(divU32(vCPUs, threadsPerCore), ratio);
          break;
        }
        default:
      }
      break;
    }
    default:
  }
}

function applyMemory(field: string, instancetypeSpec: InstancetypeSpec, vmiSpec: VMISpec): Conflicts {
  const domain = vmiSpec.domain;
  if (domain.memory) return [child(field, 'domain', 'memory')];
  if (hasResource(domain.resources?.requests, 'memory')) {
    return [child(field, 'domain', 'resources', 'requests', 'memory')];
  }
  if (hasResource(domain.resources?.limits, 'memory')) {
    return [child(field, 'domain', 'resources', 'limits', 'memory')];
  }
  const guest = Quantity.fromJSON(instancetypeSpec.memory.guest);
  domain.memory = { guest: goCopy(instancetypeSpec.memory.guest) };
  applyMemoryOvercommit(instancetypeSpec, vmiSpec, guest);
  if (instancetypeSpec.memory.hugepages) domain.memory.hugepages = clone(instancetypeSpec.memory.hugepages);
  if (instancetypeSpec.memory.maxGuest !== undefined) {
    domain.memory.maxGuest = goCopy(instancetypeSpec.memory.maxGuest);
  }
  return [];
}

/**
 * upstream v1.9.0 apply/memory.go: only a template guest memory conflicts with the instancetype's (a
 * template memory block with other fields, hugepages say, is kept and completed), hugepages and maxGuest
 * conflict only where both set them; then the memory requests and limits, as before.
 */
function applyMemoryV1_9(field: string, instancetypeSpec: InstancetypeSpec, vmiSpec: VMISpec): Conflicts {
  const domain = vmiSpec.domain;
  const memory = (domain.memory ??= {});
  const it = instancetypeSpec.memory;
  if (memory.guest !== undefined && memory.guest !== null) return [child(field, 'domain', 'memory', 'guest')];
  if (memory.hugepages && it.hugepages) return [child(field, 'domain', 'memory', 'hugepages')];
  if (isSet(memory.maxGuest) && isSet(it.maxGuest)) return [child(field, 'domain', 'memory', 'maxGuest')];
  if (hasResource(domain.resources?.requests, 'memory')) {
    return [child(field, 'domain', 'resources', 'requests', 'memory')];
  }
  if (hasResource(domain.resources?.limits, 'memory')) {
    return [child(field, 'domain', 'resources', 'limits', 'memory')];
  }
  const guest = Quantity.fromJSON(it.guest);
  memory.guest = goCopy(it.guest);
  applyMemoryOvercommit(instancetypeSpec, vmiSpec, guest);
  if (it.hugepages) memory.hugepages = clone(it.hugepages);
  if (it.maxGuest !== undefined && it.maxGuest !== null) memory.maxGuest = goCopy(it.maxGuest);
  return [];
}

/**
 * An instancetype quantity as the VMI gets it: upstream DeepCopies the decoded Go value, which keeps its
 * representation (an inf.Dec for a fractional binary text such as `1.5Gi`, which the render then shares
 * between request and limit). The VMI goes on to the VMI path as a Go object (no JSON round trip), so it
 * keeps the text as written, which the create-time defaults decode into that same value; its Go JSON
 * encoding (canonicalizeVmiQuantities) is the canonical form.
 */
function goCopy<T extends string | number>(value: T): T {
  Quantity.fromJSON(value); // (an unparsable one fails here, as before)
  return value;
}

const isSet = (value: unknown): boolean => value !== undefined && value !== null;

// upstream v1.9.0: apply/iothreads.go
function applyIOThreads(field: string, instancetypeSpec: InstancetypeSpec, vmiSpec: VMISpec): Conflicts {
  const count = (instancetypeSpec as { ioThreads?: { supplementalPoolThreadCount?: number } }).ioThreads
    ?.supplementalPoolThreadCount;
  if (!isSet(count)) return [];
  const domain = v1_9Domain(vmiSpec);
  if (isSet(domain.ioThreads?.supplementalPoolThreadCount)) {
    return [child(field, 'domain', 'ioThreads', 'supplementalPoolThreadCount')];
  }
  domain.ioThreads ??= {};
  domain.ioThreads.supplementalPoolThreadCount = count;
  return [];
}

/** The memory request below guest memory that an instancetype's overcommitPercent asks for. */
function applyMemoryOvercommit(instancetypeSpec: InstancetypeSpec, vmiSpec: VMISpec, guest: Quantity): void {
  const overcommitPercent = instancetypeSpec.memory.overcommitPercent ?? 0;
  if (overcommitPercent <= 0) return;
  const domain = vmiSpec.domain;
  domain.resources ??= {};
  domain.resources.requests ??= {};
  // float32 arithmetic, truncated to int64: int64(float32(guest) * (1 - float32(percent)/100))
  const factor = Math.fround(1 - Math.fround(Math.fround(overcommitPercent) / 100));
  const requested = Math.trunc(Math.fround(Math.fround(Number(guest.value())) * factor));
  domain.resources.requests.memory = newQuantity(BigInt(requested), guest.format).toJSON();
}

function applyIOThreadPolicy(field: string, instancetypeSpec: InstancetypeSpec, vmiSpec: VMISpec): Conflicts {
  if (instancetypeSpec.ioThreadsPolicy === undefined) return [];
  if (vmiSpec.domain.ioThreadsPolicy !== undefined) return [child(field, 'domain', 'ioThreadsPolicy')];
  vmiSpec.domain.ioThreadsPolicy = instancetypeSpec.ioThreadsPolicy;
  return [];
}

function applyLaunchSecurity(field: string, instancetypeSpec: InstancetypeSpec, vmiSpec: VMISpec): Conflicts {
  if (!instancetypeSpec.launchSecurity) return [];
  if (vmiSpec.domain.launchSecurity) return [child(field, 'domain', 'launchSecurity')];
  vmiSpec.domain.launchSecurity = clone(instancetypeSpec.launchSecurity);
  return [];
}

function applyGPUs(field: string, instancetypeSpec: InstancetypeSpec, vmiSpec: VMISpec): Conflicts {
  if (!instancetypeSpec.gpus?.length) return [];
  if ((vmiSpec.domain.devices.gpus?.length ?? 0) >= 1) return [child(field, 'domain', 'devices', 'gpus')];
  vmiSpec.domain.devices.gpus = clone(instancetypeSpec.gpus);
  return [];
}

function applyHostDevices(field: string, instancetypeSpec: InstancetypeSpec, vmiSpec: VMISpec): Conflicts {
  if (!instancetypeSpec.hostDevices?.length) return [];
  if ((vmiSpec.domain.devices.hostDevices?.length ?? 0) >= 1) {
    return [child(field, 'domain', 'devices', 'hostDevices')];
  }
  vmiSpec.domain.devices.hostDevices = clone(instancetypeSpec.hostDevices);
  return [];
}

// --- preferences ---

/** Thrown where the upstream code panics: it dereferences a nil pointer, or divides by zero. */
export class GoRuntimePanic extends InstancetypeError {
  constructor(error: 'invalid memory address or nil pointer dereference' | 'integer divide by zero') {
    super(`runtime error: ${error}`);
  }
}

function applyCPUPreferences(preferenceSpec: PreferenceSpec, vmiSpec: VMISpec): void {
  const preferred = preferenceSpec.cpu?.preferredCPUFeatures;
  if (!preferred?.length) return;
  // upstream reads vmiSpec.Domain.CPU.Features without a nil check
  const cpu = vmiSpec.domain.cpu;
  if (!cpu) throw new GoRuntimePanic('invalid memory address or nil pointer dereference');
  const names = new Set((cpu.features ?? []).map((feature) => feature.name));
  for (const feature of preferred) {
    if (!names.has(feature.name)) cpu.features = [...(cpu.features ?? []), clone(feature)];
  }
}

/** Device preferences that fill an optional boolean of the VMI's devices the template leaves unset. */
const OPTIONAL_DEVICE_BOOLEAN_PREFERENCES = [
  ['preferredAutoattachGraphicsDevice', 'autoattachGraphicsDevice'],
  ['preferredAutoattachMemBalloon', 'autoattachMemBalloon'],
  ['preferredAutoattachPodInterface', 'autoattachPodInterface'],
  ['preferredAutoattachSerialConsole', 'autoattachSerialConsole'],
  ['preferredUseVirtioTransitional', 'useVirtioTransitional'],
  ['preferredBlockMultiQueue', 'blockMultiQueue'],
  ['preferredNetworkInterfaceMultiQueue', 'networkInterfaceMultiqueue'],
  ['preferredAutoattachInputDevice', 'autoattachInputDevice'],
] as const satisfies readonly (readonly [
  keyof NonNullable<NonNullable<PreferenceSpec>['devices']>,
  keyof VMISpec['domain']['devices'],
])[];

/** The autoattach ones among them (upstream v1.9.0: ApplyAutoAttachPreferences). */
const AUTOATTACH_PREFERENCES = OPTIONAL_DEVICE_BOOLEAN_PREFERENCES.filter(([preference]) =>
  preference.startsWith('preferredAutoattach'),
);

/**
 * upstream v1.9.0: preference/apply/device.go ApplyAutoAttachPreferences, what the VM controller applies
 * before it adds default devices (v1.4.0 applied every device preference there: applyDevicePreferences).
 */
export function applyAutoAttachPreferences(preferenceSpec: PreferenceSpec, vmiSpec: VMISpec): void {
  const preferred = preferenceSpec.devices;
  if (!preferred) return;
  const devices = vmiSpec.domain.devices;
  for (const [preference, field] of AUTOATTACH_PREFERENCES) {
    const value = preferred[preference];
    if (value !== undefined && devices[field] === undefined) devices[field] = value;
  }
}

// upstream: ApplyDevicePreferences
export function applyDevicePreferences(
  preferenceSpec: PreferenceSpec,
  vmiSpec: VMISpec,
  release: KubeVirtRelease,
): void {
  const preferred = preferenceSpec.devices;
  if (!preferred) return;
  const devices = vmiSpec.domain.devices;
  for (const [preference, field] of OPTIONAL_DEVICE_BOOLEAN_PREFERENCES) {
    const value = preferred[preference];
    if (value !== undefined && devices[field] === undefined) devices[field] = value;
  }
  // DisableHotplug is a plain bool upstream: the preference always wins
  if (preferred.preferredDisableHotplug !== undefined)
    devices.disableHotplug = preferred.preferredDisableHotplug;
  if (preferred.preferredSoundModel && devices.sound && !devices.sound.model) {
    devices.sound.model = preferred.preferredSoundModel;
  }
  if (preferred.preferredRng && !devices.rng) devices.rng = clone(preferred.preferredRng);
  if (preferred.preferredTPM && !devices.tpm) devices.tpm = clone(preferred.preferredTPM);
  const v1_9 = release.atLeast('v1.9.0');
  if (v1_9) applyVideoPreferences(preferenceSpec, vmiSpec);

  applyDiskPreferences(preferred, vmiSpec);
  applyInterfacePreferences(preferred, vmiSpec);
  applyInputPreferences(preferred, vmiSpec);
  if (v1_9) applyPanicDevicePreferences(preferenceSpec, vmiSpec);
}

// upstream v1.9.0: ApplyDevicePreferences, PreferredVideoType
function applyVideoPreferences(preferenceSpec: PreferenceSpec, vmiSpec: VMISpec): void {
  const preferred = v1_9Preference(preferenceSpec).devices?.preferredVideoType;
  if (preferred === undefined || preferred === null) return;
  const devices = v1_9Domain(vmiSpec).devices;
  devices.video ??= {};
  if (!devices.video.type) devices.video.type = preferred;
}

// upstream v1.9.0: applyPanicDevicePreferences
function applyPanicDevicePreferences(preferenceSpec: PreferenceSpec, vmiSpec: VMISpec): void {
  const model = v1_9Preference(preferenceSpec).devices?.preferredPanicDeviceModel;
  if (model === undefined || model === null) return;
  const devices = v1_9Domain(vmiSpec).devices;
  if (!devices.panicDevices?.length) {
    devices.panicDevices = [...(devices.panicDevices ?? []), { model }];
    return;
  }
  for (const panicDevice of devices.panicDevices) {
    if (panicDevice.model === undefined || panicDevice.model === null) panicDevice.model = model;
  }
}

type DevicePreferences = NonNullable<PreferenceSpec['devices']>;

function applyDiskPreferences(preferred: DevicePreferences, vmiSpec: VMISpec): void {
  for (const disk of vmiSpec.domain.devices.disks ?? []) {
    if (!disk.disk && !disk.cdrom && !disk.lun) disk.disk = {};
    if (disk.disk) {
      applyDiskTargetPreferences(preferred, disk, disk.disk);
    } else if (disk.cdrom) {
      if (preferred.preferredCdromBus && !disk.cdrom.bus) disk.cdrom.bus = preferred.preferredCdromBus;
    } else if (disk.lun) {
      if (preferred.preferredLunBus && !disk.lun.bus) disk.lun.bus = preferred.preferredLunBus;
    }
  }
}

function applyDiskTargetPreferences(
  preferred: DevicePreferences,
  disk: Disk,
  target: NonNullable<Disk['disk']>,
): void {
  if (preferred.preferredDiskBus && !target.bus) target.bus = preferred.preferredDiskBus;
  if (preferred.preferredDiskBlockSize && !disk.blockSize)
    disk.blockSize = clone(preferred.preferredDiskBlockSize);
  if (preferred.preferredDiskCache && !disk.cache) disk.cache = preferred.preferredDiskCache;
  if (preferred.preferredDiskIO && !disk.io) disk.io = preferred.preferredDiskIO;
  if (
    preferred.preferredDiskDedicatedIoThread !== undefined &&
    disk.dedicatedIOThread === undefined &&
    target.bus === 'virtio'
  ) {
    disk.dedicatedIOThread = preferred.preferredDiskDedicatedIoThread;
  }
}

/**
 * The fields of v1.InterfaceBindingMethod. v1.9.0 added passtBinding; a v1.4.0 interface never holds it (the
 * VM is decoded into that release's structs first, which drops it).
 */
const BINDING_METHODS = [
  'bridge',
  'slirp',
  'masquerade',
  'sriov',
  'macvtap',
  'passt',
  'passtBinding',
] as const;

// upstream: isInterfaceBindingUnset (reflect.ValueOf(iface.InterfaceBindingMethod).IsZero() && no plugin)
function isInterfaceBindingUnset(iface: Interface): boolean {
  const methods = iface as Record<string, unknown>;
  return (
    BINDING_METHODS.every((method) => methods[method] === undefined || methods[method] === null) &&
    !iface.binding
  );
}

function isInterfaceOnPodNetwork(name: string, vmiSpec: VMISpec): boolean {
  const network = (vmiSpec.networks ?? []).find((net) => net.name === name);
  return network?.pod !== undefined && network.pod !== null;
}

function applyInterfacePreferences(preferred: DevicePreferences, vmiSpec: VMISpec): void {
  for (const iface of vmiSpec.domain.devices.interfaces ?? []) {
    if (preferred.preferredInterfaceModel && !iface.model) iface.model = preferred.preferredInterfaceModel;
    if (
      preferred.preferredInterfaceMasquerade &&
      isInterfaceBindingUnset(iface) &&
      isInterfaceOnPodNetwork(iface.name, vmiSpec)
    ) {
      iface.masquerade = clone(preferred.preferredInterfaceMasquerade);
    }
  }
}

function applyInputPreferences(preferred: DevicePreferences, vmiSpec: VMISpec): void {
  for (const input of vmiSpec.domain.devices.inputs ?? []) {
    if (preferred.preferredInputBus && !input.bus) input.bus = preferred.preferredInputBus;
    if (preferred.preferredInputType && !input.type) input.type = preferred.preferredInputType;
  }
}

const HYPERV_FEATURES = [
  'evmcs',
  'frequencies',
  'ipi',
  'reenlightenment',
  'relaxed',
  'reset',
  'runtime',
  'spinlocks',
  'synic',
  'synictimer',
  'tlbflush',
  'vapic',
  'vpindex',
  'vendorid',
] as const;

function applyFeaturePreferences(preferenceSpec: PreferenceSpec, vmiSpec: VMISpec): void {
  const preferred = preferenceSpec.features;
  if (!preferred) return;
  const features = (vmiSpec.domain.features ??= {});
  // ACPI is a plain struct upstream: the preference always overwrites it
  if (preferred.preferredAcpi) features.acpi = clone(preferred.preferredAcpi);
  if (preferred.preferredApic && !features.apic) features.apic = clone(preferred.preferredApic);
  if (preferred.preferredHyperv) {
    const hyperv = (features.hyperv ??= {}) as Record<string, unknown>;
    const preferredHyperv = preferred.preferredHyperv as Record<string, unknown>;
    for (const name of HYPERV_FEATURES) {
      const value = preferredHyperv[name];
      if (value !== undefined && value !== null && (hyperv[name] === undefined || hyperv[name] === null)) {
        hyperv[name] = clone(value);
      }
    }
  }
  if (preferred.preferredKvm && !features.kvm) features.kvm = clone(preferred.preferredKvm);
  if (preferred.preferredPvspinlock && !features.pvspinlock)
    features.pvspinlock = clone(preferred.preferredPvspinlock);
  if (preferred.preferredSmm && !features.smm) features.smm = clone(preferred.preferredSmm);
}

function applyFirmwarePreferences(preferenceSpec: PreferenceSpec, vmiSpec: VMISpec): void {
  const preferred = preferenceSpec.firmware;
  if (!preferred) return;
  const firmware = (vmiSpec.domain.firmware ??= {});
  const bootloader = (firmware.bootloader ??= {});
  if (preferred.preferredUseBios && !bootloader.bios && !bootloader.efi) bootloader.bios = {};
  if (
    preferred.preferredUseBiosSerial !== undefined &&
    bootloader.bios &&
    bootloader.bios.useSerial === undefined
  ) {
    bootloader.bios.useSerial = preferred.preferredUseBiosSerial;
  }
  if (!bootloader.efi && !bootloader.bios && preferred.preferredEfi) {
    bootloader.efi = clone(preferred.preferredEfi);
    return;
  }
  if (preferred.preferredUseEfi && !bootloader.efi && !bootloader.bios) bootloader.efi = {};
  if (
    preferred.preferredUseSecureBoot !== undefined &&
    bootloader.efi &&
    bootloader.efi.secureBoot === undefined
  ) {
    bootloader.efi.secureBoot = preferred.preferredUseSecureBoot;
  }
}

function applyMachinePreferences(preferenceSpec: PreferenceSpec, vmiSpec: VMISpec): void {
  const preferred = preferenceSpec.machine;
  if (!preferred) return;
  const machine = (vmiSpec.domain.machine ??= {});
  if (preferred.preferredMachineType && !machine.type) machine.type = preferred.preferredMachineType;
}

function applyClockPreferences(preferenceSpec: PreferenceSpec, vmiSpec: VMISpec): void {
  const preferred = preferenceSpec.clock;
  if (!preferred) return;
  const clock = (vmiSpec.domain.clock ??= {});
  if (preferred.preferredClockOffset && isUnset(clock.utc) && isUnset(clock.timezone)) {
    Object.assign(clock, clone(preferred.preferredClockOffset));
  }
  if (preferred.preferredTimer && !clock.timer) clock.timer = clone(preferred.preferredTimer);
}

const isUnset = (value: unknown): boolean => value === undefined || value === null;

function applySubdomain(preferenceSpec: PreferenceSpec, vmiSpec: VMISpec): void {
  if (!vmiSpec.subdomain && preferenceSpec.preferredSubdomain !== undefined) {
    vmiSpec.subdomain = preferenceSpec.preferredSubdomain;
  }
}

function applyTerminationGracePeriodSeconds(preferenceSpec: PreferenceSpec, vmiSpec: VMISpec): void {
  if (
    preferenceSpec.preferredTerminationGracePeriodSeconds !== undefined &&
    (vmiSpec.terminationGracePeriodSeconds === undefined || vmiSpec.terminationGracePeriodSeconds === null)
  ) {
    vmiSpec.terminationGracePeriodSeconds = preferenceSpec.preferredTerminationGracePeriodSeconds;
  }
}

// --- preference requirements (used by the VM validating webhook) ---

export interface RequirementsResult {
  conflicts: Conflicts;
  message: string;
}

// upstream: InstancetypeMethods.CheckPreferenceRequirements (v1.9.0: preference/requirements Check);
// undefined when satisfied
export function checkPreferenceRequirements(
  instancetypeSpec: InstancetypeSpec | undefined,
  preferenceSpec: PreferenceSpec | undefined,
  vmiSpec: VMISpec,
  release: KubeVirtRelease,
): RequirementsResult | undefined {
  const requirements = preferenceSpec?.requirements;
  if (!preferenceSpec || !requirements) return undefined;
  if (release.atLeast('v1.9.0')) return checkRequirementsV1_9(instancetypeSpec, preferenceSpec, vmiSpec);
  if (requirements.cpu) {
    const result = checkCPUPreferenceRequirements(
      instancetypeSpec,
      preferenceSpec,
      requirements.cpu.guest,
      vmiSpec,
    );
    if (result) return result;
  }
  if (requirements.memory) {
    const required = Quantity.fromJSON(requirements.memory.guest);
    if (instancetypeSpec && Quantity.fromJSON(instancetypeSpec.memory.guest).cmp(required) < 0) {
      return {
        conflicts: ['spec.instancetype'],
        message: `insufficient Memory resources of ${Quantity.fromJSON(instancetypeSpec.memory.guest).toString()} provided by instance type, preference requires ${required.toString()}`,
      };
    }
    const memory = vmiSpec.domain.memory;
    if (!instancetypeSpec && memory) {
      // Memory.Guest.Cmp on a nil guest dereferences it (the defaults leave `memory: {}` without one)
      if (memory.guest === undefined || memory.guest === null) {
        throw new GoRuntimePanic('invalid memory address or nil pointer dereference');
      }
      const guest = Quantity.fromJSON(memory.guest);
      if (guest.cmp(required) < 0) {
        return {
          conflicts: ['spec.template.spec.domain.memory'],
          message: `insufficient Memory resources of ${guest.toString()} provided by VirtualMachine, preference requires ${required.toString()}`,
        };
      }
    }
  }
  return undefined;
}

/**
 * upstream v1.9.0 preference/requirements: the CPU check as before; memory is what the VM provides (its
 * guest memory, else the instancetype's, else 0); then the required architecture.
 */
function checkRequirementsV1_9(
  instancetypeSpec: InstancetypeSpec | undefined,
  preferenceSpec: PreferenceSpec,
  vmiSpec: VMISpec,
): RequirementsResult | undefined {
  const requirements = preferenceSpec.requirements!;
  if (requirements.cpu) {
    const result = checkCPUPreferenceRequirements(
      instancetypeSpec,
      preferenceSpec,
      requirements.cpu.guest,
      vmiSpec,
    );
    if (result) return result;
  }
  if (requirements.memory) {
    const required = Quantity.fromJSON(requirements.memory.guest);
    let conflict = 'spec.template.spec.domain.memory';
    let providedBy = 'VirtualMachine';
    let provided = Quantity.zero();
    if (instancetypeSpec) {
      conflict = 'spec.instancetype';
      providedBy = 'instance type';
      provided = Quantity.fromJSON(instancetypeSpec.memory.guest);
    }
    const guest = vmiSpec.domain.memory?.guest;
    if (isSet(guest)) provided = Quantity.fromJSON(guest);
    if (provided.cmp(required) < 0) {
      return {
        conflicts: [conflict],
        message: `insufficient Memory resources of ${provided.toString()} provided by ${providedBy}, preference requires ${required.toString()}`,
      };
    }
  }
  const architecture = v1_9Preference(preferenceSpec).requirements?.architecture;
  if (isSet(architecture) && vmiSpec.architecture !== architecture) {
    return {
      conflicts: ['spec.template.spec.architecture'],
      message: `preference requires architecture ${architecture} but ${vmiSpec.architecture ?? ''} is being requested`,
    };
  }
  return undefined;
}

function checkCPUPreferenceRequirements(
  instancetypeSpec: InstancetypeSpec | undefined,
  preferenceSpec: PreferenceSpec,
  required: number,
  vmiSpec: VMISpec,
): RequirementsResult | undefined {
  if (instancetypeSpec) {
    if (instancetypeSpec.cpu.guest < required) {
      return {
        conflicts: ['spec.instancetype'],
        message: `insufficient CPU resources of ${instancetypeSpec.cpu.guest} vCPU provided by instance type, preference requires ${required} vCPU`,
      };
    }
    return undefined;
  }
  const cpuField = 'spec.template.spec.domain.cpu';
  const cpu = vmiSpec.domain.cpu;
  if (!cpu) {
    return {
      conflicts: [cpuField],
      message: `no CPU resources provided by VirtualMachine, preference requires ${required} vCPU`,
    };
  }
  const sockets = cpu.sockets ?? 0;
  const cores = cpu.cores ?? 0;
  const threads = cpu.threads ?? 0;
  const insufficient = (provided: number, as: string, fields: string[]): RequirementsResult => ({
    conflicts: fields.map((name) => `${cpuField}.${name}`),
    message: `insufficient CPU resources of ${provided} vCPU provided by VirtualMachine, preference requires ${required} vCPU provided as ${as}`,
  });
  const mulU32 = (...values: number[]): number =>
    values.reduce((a, b) => Number((BigInt(a) * BigInt(b)) & 0xffffffffn), 1);
  switch (getPreferredTopology(preferenceSpec)) {
    case 'preferThreads':
    case 'threads':
      return threads < required ? insufficient(threads, 'threads', ['threads']) : undefined;
    case 'preferCores':
    case 'cores':
      return cores < required ? insufficient(cores, 'cores', ['cores']) : undefined;
    case 'preferSockets':
    case 'sockets':
      return sockets < required ? insufficient(sockets, 'sockets', ['sockets']) : undefined;
    case 'preferSpread':
    case 'spread': {
      const { across } = getSpreadOptions(preferenceSpec);
      let vCPUs = 0;
      let fields: string[] = [];
      if (across === 'SocketsCores') {
        vCPUs = mulU32(sockets, cores);
        fields = ['sockets', 'cores'];
      } else if (across === 'CoresThreads') {
        vCPUs = mulU32(cores, threads);
        fields = ['cores', 'threads'];
      } else if (across === 'SocketsCoresThreads') {
        vCPUs = mulU32(sockets, cores, threads);
        fields = ['sockets', 'cores', 'threads'];
      }
      return vCPUs < required ? insufficient(vCPUs, across, fields) : undefined;
    }
    case 'preferAny':
    case 'any': {
      const total = mulU32(cores, sockets, threads);
      return total < required
        ? insufficient(total, 'cores, sockets and threads', ['cores', 'sockets', 'threads'])
        : undefined;
    }
    default:
      return undefined;
  }
}

// --- provenance (`vmi-render explain`) ---

/** `1 vCPU`, `2 vCPUs`. */
const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** `instancetype u1.medium` / `cluster preference fedora`: how explain names a matcher. */
function matcherLabel(
  what: 'instancetype' | 'preference',
  matcher: { name?: string; kind?: string } | undefined,
): string {
  const kind = what === 'instancetype' ? instancetypeKind(matcher?.kind) : preferenceKind(matcher?.kind);
  return `${kind === 'cluster' ? 'cluster ' : ''}${what} ${matcher?.name ?? ''}`;
}

/**
 * Records which VMI fields the VM's instancetype and preference set (after applyToVmi applied them to
 * `vmiSpec`/`vmiMetadata`), for explain: the guest memory, the memory request its overcommitPercent derives,
 * the CPU topology and placement, the name annotations and the annotations they carry. `how` says how they
 * got there (applied to the VMI, or expanded into the VM's template).
 */
export function recordInstancetypeProvenance(
  provenance: FieldProvenance,
  vm: VirtualMachine,
  instancetypeSpec: InstancetypeSpec | undefined,
  preferenceSpec: PreferenceSpec | undefined,
  vmiSpec: VMISpec,
  how: string,
): void {
  const instancetype = matcherLabel('instancetype', vm.spec.instancetype);
  const preference = matcherLabel('preference', vm.spec.preference);
  const names: [string, string | undefined, string][] = [];
  if (vm.spec.instancetype) {
    const cluster = instancetypeKind(vm.spec.instancetype.kind) === 'cluster';
    names.push([
      'spec.instancetype',
      cluster ? ClusterInstancetypeAnnotation : InstancetypeAnnotation,
      instancetype,
    ]);
  }
  if (vm.spec.preference) {
    const cluster = preferenceKind(vm.spec.preference.kind) === 'cluster';
    names.push(['spec.preference', cluster ? ClusterPreferenceAnnotation : PreferenceAnnotation, preference]);
  }
  for (const [source, annotation, label] of names) {
    provenance.set(
      `metadata.annotations.${annotation}`,
      source,
      `the VM controller names the VM's ${label} on the VMI`,
    );
  }
  for (const [spec, label] of [
    [instancetypeSpec, instancetype],
    [preferenceSpec, preference],
  ] as const) {
    for (const key of Object.keys(spec?.annotations ?? {})) {
      provenance.set(`metadata.annotations.${key}`, label, `an annotation of the ${label} (${how})`);
    }
  }
  if (!instancetypeSpec) return;
  for (const key of Object.keys(instancetypeSpec.nodeSelector ?? {})) {
    provenance.set(
      `spec.nodeSelector.${key}`,
      `${instancetype} spec.nodeSelector`,
      `a node selector of the ${instancetype} (${how})`,
    );
  }
  const guest = Quantity.fromJSON(instancetypeSpec.memory.guest);
  provenance.set(
    'spec.domain.memory.guest',
    `${instancetype} spec.memory.guest`,
    `the guest memory of the ${instancetype} (${how})`,
  );
  if (instancetypeSpec.memory.hugepages) {
    provenance.set(
      'spec.domain.memory.hugepages',
      `${instancetype} spec.memory.hugepages`,
      `the ${instancetype} backs the guest memory with ${instancetypeSpec.memory.hugepages.pageSize ?? ''} huge pages (${how})`,
    );
  }
  const percent = instancetypeSpec.memory.overcommitPercent ?? 0;
  const request = vmiSpec.domain.resources?.requests?.['memory'];
  if (percent > 0 && request !== undefined) {
    const value = Quantity.fromJSON(request);
    provenance.set(
      'spec.domain.resources.requests.memory',
      `${instancetype} spec.memory.overcommitPercent`,
      `the ${instancetype} overcommits its guest memory by ${percent}% (${how})`,
      [
        {
          name: `${instancetype} spec.memory.guest`,
          value: guest,
          reason: `the guest memory of the ${instancetype} (${how})`,
        },
        {
          name: 'overcommitPercent',
          value: value.sub(guest),
          reason: `${instancetype} spec.memory.overcommitPercent ${percent}%: the request is the guest memory × (1 − ${percent}/100), in float32, truncated to a byte`,
        },
      ],
    );
  }
  const cpu = vmiSpec.domain.cpu;
  const topology = getPreferredTopology(preferenceSpec);
  provenance.set(
    'spec.domain.cpu',
    `${instancetype} spec.cpu.guest`,
    `${count(instancetypeSpec.cpu.guest, 'vCPU')} of the ${instancetype}, laid out as ${count(cpu?.sockets ?? 1, 'socket')} × ${count(cpu?.cores ?? 1, 'core')} × ${count(cpu?.threads ?? 1, 'thread')} by ${preferenceSpec?.cpu?.preferredCPUTopology ? `the ${preference}'s preferredCPUTopology ${topology}` : 'the default topology (sockets)'} (${how})`,
  );
  if (instancetypeSpec.cpu.dedicatedCPUPlacement !== undefined) {
    provenance.set(
      'spec.domain.cpu.dedicatedCpuPlacement',
      `${instancetype} spec.cpu.dedicatedCPUPlacement`,
      `the ${instancetype} asks for dedicated CPUs (${how})`,
    );
  }
  if (instancetypeSpec.cpu.isolateEmulatorThread !== undefined) {
    provenance.set(
      'spec.domain.cpu.isolateEmulatorThread',
      `${instancetype} spec.cpu.isolateEmulatorThread`,
      `the ${instancetype} isolates the emulator thread (${how})`,
    );
  }
}
