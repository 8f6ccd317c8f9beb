// virt-api's validating webhook for VirtualMachineInstance creation.
// upstream: pkg/virt-api/webhooks/validating-webhook/admitters/vmi-create-admitter.go
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { KubeVirtRelease } from '../../release/release.js';
import { isARM64 } from '../../cluster/cluster-config.js';
import type { ObjectMeta } from '../../types/k8s.js';
import type { Disk, Probe, VirtualMachineInstance, VMISpec, Volume } from '../../types/kubevirt.js';
import { IgnitionAnnotation } from '../../types/constants.js';
import { Quantity } from '../../quantity/quantity.js';
import { getNumberOfVCPUs, parsePciAddress } from '../../pkg/util/hardware.js';
import { resourceQuantity } from '../../pkg/util/vmi.js';
import { openAPIEnumFailures } from '../../pkg/util/openapi.js';
import { joinPath } from '../../util/go/path.js';
import { quote } from '../../util/go/strconv.js';
import { goJsonView } from '../../util/go/json-round-trip.js';
import { compileGoRegexp } from '../../util/go/regexp.js';
import { validateArm64Settings } from './arm64.js';
import { validateFeatureGates } from './deprecation.js';
import { validateHyperv } from './hyperv.js';
import {
  atoi,
  base64DecodedLength,
  byteLength,
  fieldErrorString,
  goStringSlice,
  isDNS1123Label,
  isDNS1123Subdomain,
  parseIP,
  type FieldError,
} from './k8s-validation.js';
import { validateAffinity, validateTopologySpreadConstraints } from './k8s-utils.js';
import { validateNetworks, validateNetworksOnCreation, validateNetworksSpecValidator } from './network.js';
import { validateLaunchSecurityV1_9, validatePerArch } from './arch.js';
import { validateDRACreation } from './dra.js';
import { validateGraceIOVirtualization, validateGraceIOVirtualizationAnnotations } from './grace.js';
import {
  cause,
  CauseType,
  FieldPath,
  toAdmissionVerdict,
  type AdmissionCause,
  type AdmissionVerdict,
} from './types.js';

const maxStrLen = 256;
const minCustomBlockSize = 512;
const maxCustomBlockSize = 2097152;
const cloudInitUserMaxLen = 2048;
const cloudInitNetworkMaxLen = 2048;
const maxDNSNameservers = 3;
const maxDNSSearchPaths = 6;
const maxDNSSearchListChars = 256;

export const HookSidecarListAnnotationName = 'hooks.kubevirt.io/hookSidecars';
export const MultiThreadedQemuMigrationAnnotation = 'kubevirt.io/multiThreadedQemuMigration';

const restrictedVmiLabels = new Set([
  'kubevirt.io/created-by',
  'kubevirt.io/migrationJobUID',
  'kubevirt.io/nodeName',
  'kubevirt.io/migrationTargetNodeName',
  'kubevirt.io/schedulable',
  'kubevirt.io/install-strategy',
]);

const validIOThreadsPolicies = ['shared', 'auto'];
const validCPUFeaturePolicies = new Set(['', 'force', 'require', 'optional', 'disable', 'forbid']);

const isValidExpression = (s: string): boolean => /^[A-Za-z0-9_.+-]+$/.test(s);
const notFound = (field: string, name: string): string => `${field} '${name}' not found.`;
const mustBePositive = (field: string, value: Quantity): string =>
  `${field} '${value.toString()}': must be greater than or equal to 0.`;

// the mutating webhook re-encodes the spec, so an empty list arrives as an absent one
const present = <T>(list: readonly T[] | null | undefined): list is readonly T[] =>
  list != null && list.length > 0;

const requests = (spec: VMISpec, name: string): Quantity =>
  resourceQuantity(spec.domain.resources?.requests, name);
const limits = (spec: VMISpec, name: string): Quantity =>
  resourceQuantity(spec.domain.resources?.limits, name);

function statusCausesFromFieldErrors(errors: FieldError[], release: KubeVirtRelease): AdmissionCause[] {
  return errors.map((e) => cause(CauseType.FieldValueInvalid, fieldErrorString(e, release), e.field));
}

export interface VMIAdmitOptions {
  /**
   * The requesting user (AdmissionRequest.userInfo.username). Reserved kubevirt.io/ labels may only be set
   * by KubeVirt's own service accounts (system:serviceaccount:<kubevirtNamespace>:kubevirt-{apiserver,
   * handler,controller}). Default: an ordinary user.
   */
  userName?: string;
  /** The namespace KubeVirt is installed in (default `kubevirt`). */
  kubevirtNamespace?: string;
}

// upstream: webhooks.KubeVirtServiceAccounts (v1.9.0 adds the synchronization controller's)
export function isKubeVirtServiceAccount(
  userName: string,
  release: KubeVirtRelease,
  namespace = 'kubevirt',
): boolean {
  const components = ['kubevirt-apiserver', 'kubevirt-handler', 'kubevirt-controller'];
  if (release.atLeast('v1.9.0')) components.push('kubevirt-synchronization-controller');
  return components.some((component) => userName === `system:serviceaccount:${namespace}:${component}`);
}

/**
 * The object the validating webhook decodes: the mutating webhook re-encoded the spec, so absent
 * required strings read as '', empty omitempty lists are gone and quantities are canonical.
 */
function asAdmitted(vmi: VirtualMachineInstance, config: ClusterConfig): VirtualMachineInstance {
  // a view (it shares what the round trip leaves unchanged): the checks only read it
  return goJsonView(vmi, 'VirtualMachineInstance', config.release) as VirtualMachineInstance;
}

/**
 * Every cause virt-api's validating webhook finds on a VMI create request (upstream:
 * VMICreateAdmitter.Admit without the OpenAPI schema check). The VMI must already carry the create-time
 * defaults, as upstream validates the mutated object.
 */
export function validateVMICreate(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  options: VMIAdmitOptions = {},
): AdmissionCause[] {
  vmi = asAdmitted(vmi, config);
  // the OpenAPI schema check comes first and, failing, is the whole answer
  const schemaCauses = openAPIEnumFailures(vmi, 'VirtualMachineInstance', config.release).map((failure) =>
    cause('', failure),
  );
  if (schemaCauses.length > 0) return schemaCauses;
  const spec = vmi.spec;
  const specPath = FieldPath.of('spec');
  const causes: AdmissionCause[] = [];
  if (config.release.atLeast('v1.9.0')) {
    // upstream v1.9.0: Admit; the network admitter is registered as a spec validator and also runs inside
    // ValidateVirtualMachineInstanceSpec, so each network cause is reported twice
    causes.push(...validateFeatureGates(config, spec));
    causes.push(...validateNetworksSpecValidator(specPath, spec, config));
    causes.push(...validateVirtualMachineInstanceSpec(specPath, spec, config));
    causes.push(...validateVirtualMachineInstanceSpecVolumeDisks(specPath, spec, config));
    causes.push(...validateVirtualMachineInstanceMandatoryFields(specPath, spec, config));
    causes.push(
      ...validateVirtualMachineInstanceMetadata(
        FieldPath.of('metadata'),
        vmi.metadata ?? {},
        config,
        options,
      ),
    );
    causes.push(
      ...validateGraceIOVirtualizationAnnotations(FieldPath.of('metadata'), spec, vmi.metadata ?? {}, config),
    );
    causes.push(...validateHyperv(specPath.child('domain', 'features', 'hyperv'), spec));
    causes.push(...validatePerArch(specPath, spec, config.release));
    return causes;
  }
  causes.push(...validateFeatureGates(config, spec));
  causes.push(...validateNetworksOnCreation(specPath, spec, config));
  causes.push(...validateVirtualMachineInstanceSpec(specPath, spec, config));
  causes.push(...validateVirtualMachineInstanceSpecVolumeDisks(specPath, spec));
  causes.push(...validateVirtualMachineInstanceMandatoryFields(specPath, spec));
  causes.push(
    ...validateVirtualMachineInstanceMetadata(FieldPath.of('metadata'), vmi.metadata ?? {}, config, options),
  );
  causes.push(...validateHyperv(specPath.child('domain', 'features', 'hyperv'), spec));
  if (spec.architecture === 'arm64') causes.push(...validateArm64Settings(specPath, spec, config.release));
  return causes;
}

/** The verdict of virt-api's validating webhook on creating this (already defaulted) VMI. */
export function admitVMICreate(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  options: VMIAdmitOptions = {},
): AdmissionVerdict {
  return toAdmissionVerdict(validateVMICreate(vmi, config, options));
}

/** upstream: ValidateVirtualMachineInstanceSpec (shared with the VM admitter, which passes spec.template.spec). */
export function validateVirtualMachineInstanceSpec(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  if (config.release.atLeast('v1.9.0')) return validateVirtualMachineInstanceSpecV1_9(field, spec, config);
  const causes: AdmissionCause[] = [];
  causes.push(...validateHostNameNotConformingToDNSLabelRules(field, spec));
  causes.push(...validateSubdomainDNSSubdomainRules(field, spec));
  causes.push(...validateMemoryRequestsNegativeOrNull(field, spec));
  causes.push(...validateMemoryLimitsNegativeOrNull(field, spec));
  causes.push(...validateHugepagesMemoryRequests(field, spec));
  causes.push(...validateGuestMemoryLimit(field, spec, config));
  causes.push(...validateEmulatedMachine(field, spec, config));
  causes.push(...validateFirmwareSerial(field, spec));
  causes.push(...validateCPURequestNotNegative(field, spec));
  causes.push(...validateCPULimitNotNegative(field, spec));
  causes.push(...validateCpuRequestDoesNotExceedLimit(field, spec));
  causes.push(...validateCpuPinning(field, spec, config));
  causes.push(...validateNUMA(field, spec, config));
  causes.push(...validateCPUIsolatorThread(field, spec));
  causes.push(...validateCPUFeaturePolicies(field, spec));
  causes.push(...validateCPUHotplug(field, spec));
  causes.push(...validateStartStrategy(field, spec));
  causes.push(...validateRealtime(field, spec));
  causes.push(...validateSpecAffinity(field, spec, config));
  causes.push(...validateSpecTopologySpreadConstraints(field, spec, config));
  causes.push(...validateArchitecture(field, spec, config));

  causes.push(...validateNetworks(field, spec, config));

  causes.push(...validateBootOrder(field, spec));

  causes.push(...validateInputDevices(field, spec));
  causes.push(...validateIOThreadsPolicy(field, spec));
  causes.push(...validateProbe(field.child('readinessProbe'), spec.readinessProbe));
  causes.push(...validateProbe(field.child('livenessProbe'), spec.livenessProbe));

  if (getNumberOfPodInterfaces(spec) < 1) {
    causes.push(...probeNotAllowedWithNoPodNetwork(field.child('readinessProbe'), spec.readinessProbe));
    causes.push(...probeNotAllowedWithNoPodNetwork(field.child('livenessProbe'), spec.livenessProbe));
  }

  causes.push(...validateDomainSpec(field.child('domain'), spec));
  causes.push(...validateVolumes(field.child('volumes'), spec.volumes ?? [], config));
  causes.push(...validateContainerDisks(field, spec));

  causes.push(...validateAccessCredentials(field.child('accessCredentials'), spec));

  const dnsPolicy = spec.dnsPolicy ?? '';
  if (dnsPolicy !== '') causes.push(...validateDNSPolicy(dnsPolicy, field.child('dnsPolicy')));
  causes.push(...validatePodDNSConfig(spec.dnsConfig, dnsPolicy, field.child('dnsConfig')));
  causes.push(...validateLiveMigration(field, spec, config));
  causes.push(...validateMDEVRamFB(field, spec));
  causes.push(...validateHostDevicesWithPassthroughEnabled(field, spec, config));
  causes.push(...validateSoundDevices(field, spec));
  causes.push(...validateLaunchSecurity(field, spec, config));
  causes.push(...validateVSOCK(field, spec, config));
  causes.push(...validatePersistentReservation(field, spec, config));
  causes.push(...validatePersistentState(field, spec, config));
  causes.push(...validateDownwardMetrics(field, spec, config));
  return causes;
}

/**
 * upstream v1.9.0: ValidateVirtualMachineInstanceSpec. The list of checks is written out for the release
 * (its order is observable); the checks themselves are shared and branch where v1.9.0 changed them.
 */
function validateVirtualMachineInstanceSpecV1_9(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  causes.push(...validateHostNameNotConformingToDNSLabelRules(field, spec));
  causes.push(...validateSubdomainDNSSubdomainRules(field, spec));
  causes.push(...validateMemoryRequestsNegativeOrNull(field, spec));
  causes.push(...validateMemoryLimitsNegativeOrNull(field, spec));
  causes.push(...validateHugepagesMemoryRequests(field, spec, config));
  causes.push(...validateGuestMemoryLimit(field, spec, config));
  causes.push(...validateEmulatedMachine(field, spec, config));
  causes.push(...validateFirmwareACPI(field.child('acpi'), spec));
  causes.push(...validateCPURequestNotNegative(field, spec));
  causes.push(...validateCPULimitNotNegative(field, spec));
  causes.push(...validateCpuRequestDoesNotExceedLimit(field, spec));
  causes.push(...validateCpuPinning(field, spec, config));
  causes.push(...validateNUMA(field, spec, config));
  causes.push(...validateCPUIsolatorThread(field, spec));
  causes.push(...validateCPUFeaturePolicies(field, spec));
  causes.push(...validateCPUHotplug(field, spec));
  causes.push(...validateStartStrategy(field, spec));
  causes.push(...validateRealtime(field, spec));
  causes.push(...validateSpecAffinity(field, spec, config));
  causes.push(...validateSpecTopologySpreadConstraints(field, spec, config));

  causes.push(...validateNetworks(field, spec, config));
  causes.push(...validateDRACreation(field, spec, config));

  causes.push(...validateBootOrder(field, spec, config));

  causes.push(...validateInputDevices(field, spec));
  causes.push(...validateIOThreadsPolicy(field, spec, config));
  causes.push(...validateProbe(field.child('readinessProbe'), spec.readinessProbe));
  causes.push(...validateProbe(field.child('livenessProbe'), spec.livenessProbe));

  // vmispec.LookupPodNetwork: a pod network, with or without an interface
  if (!(spec.networks ?? []).some((network) => network.pod != null)) {
    causes.push(...probeNotAllowedWithNoPodNetwork(field.child('readinessProbe'), spec.readinessProbe));
    causes.push(...probeNotAllowedWithNoPodNetwork(field.child('livenessProbe'), spec.livenessProbe));
  }

  causes.push(...validateDomainSpec(field.child('domain'), spec, config));
  causes.push(...validateVolumes(field.child('volumes'), spec.volumes ?? [], config));
  causes.push(...validateContainerDisks(field, spec));
  causes.push(...validateUtilityVolumesNotPresentOnCreation(field, spec));

  causes.push(...validateAccessCredentials(field.child('accessCredentials'), spec));

  const dnsPolicy = spec.dnsPolicy ?? '';
  if (dnsPolicy !== '') causes.push(...validateDNSPolicy(dnsPolicy, field.child('dnsPolicy')));
  causes.push(...validatePodDNSConfig(spec.dnsConfig, dnsPolicy, field.child('dnsConfig')));
  causes.push(...validateLiveMigration(field, spec, config));
  causes.push(...validateMDEVRamFB(field, spec));
  causes.push(...validateHostDevicesWithPassthroughEnabled(field, spec, config));
  causes.push(...validateGraceIOVirtualization(field, spec, config));
  causes.push(...validateSoundDevices(field, spec));
  causes.push(...validateLaunchSecurityV1_9(field, spec, config));
  causes.push(...validateVSOCK(field, spec, config));
  causes.push(...validatePersistentReservation(field, spec, config));
  causes.push(...validateDownwardMetrics(field, spec, config));
  causes.push(...validateFilesystemsWithVirtIOFSEnabled(field, spec, config));
  causes.push(...validateVideoConfig(field, spec));
  causes.push(...validatePanicDevices(field, spec, config));
  causes.push(...validateRebootPolicy(field, spec, config));
  causes.push(...validateReservedOverheadMemlock(field, spec, config));
  causes.push(...validateServiceAccountName(field, spec));
  return causes;
}

// upstream v1.9.0: validateFilesystemsWithVirtIOFSEnabled (PVC/DataVolume-backed virtiofs needs its gate)
function validateFilesystemsWithVirtIOFSEnabled(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const filesystems = spec.domain.devices.filesystems;
  if (filesystems == null) return [];
  const volumes = new Map<string, Volume>();
  for (const volume of spec.volumes ?? []) volumes.set(volume.name, volume);
  const causes: AdmissionCause[] = [];
  for (const fs of filesystems) {
    const volume = volumes.get(fs.name);
    if (volume === undefined) continue;
    const storageVolume = volume.persistentVolumeClaim != null || volume.dataVolume != null;
    if (storageVolume && !config.virtiofsStorageEnabled()) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'virtiofs is not allowed: virtiofs feature gate is not enabled for PVC',
          field.child('domain', 'devices', 'filesystems'),
        ),
      );
    }
  }
  return causes;
}

// upstream v1.9.0: storageadmitters.ValidateUtilityVolumesNotPresentOnCreation
function validateUtilityVolumesNotPresentOnCreation(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  if ((spec as { utilityVolumes?: unknown }).utilityVolumes == null) return [];
  return [
    cause(
      CauseType.FieldValueInvalid,
      'cannot create VMI with utility volumes in spec, utility volumes can only be added via hotplug',
      field.child('utilityVolumes'),
    ),
  ];
}

interface FirmwareACPI {
  slicNameRef?: string;
  msdmNameRef?: string;
}

// upstream v1.9.0: validateFirmwareACPI, validateACPIRef
function validateFirmwareACPI(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const acpi = (spec.domain.firmware as { acpi?: FirmwareACPI | null } | null | undefined)?.acpi;
  if (acpi == null) return [];
  const slic = acpi.slicNameRef ?? '';
  const msdm = acpi.msdmNameRef ?? '';
  if (slic === '' && msdm === '') {
    return [
      cause(CauseType.FieldValueInvalid, 'ACPI was set but no SLIC nor MSDM volume reference was set', field),
    ];
  }
  const refCauses = (nameRef: string, fieldName: string): AdmissionCause[] => {
    if (nameRef === '') return [];
    const volume = (spec.volumes ?? []).find((v) => v.name === nameRef);
    if (volume === undefined) {
      return [
        cause(
          CauseType.FieldValueInvalid,
          `${field.toString()} does not have a matching Volume.`,
          field.child(fieldName),
        ),
      ];
    }
    if (volume.secret != null) return [];
    return [
      cause(
        CauseType.FieldValueInvalid,
        `${field.toString()} refers to Volume of unsupported type.`,
        field.child(fieldName),
      ),
    ];
  };
  return [...refCauses(slic, 'slicNameRef'), ...refCauses(msdm, 'msdmNameRef')];
}

// upstream v1.9.0: validateVideoConfig
function validateVideoConfig(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const devices = spec.domain.devices as { video?: unknown; autoattachGraphicsDevice?: boolean | null };
  if (devices.video == null) return [];
  if (devices.autoattachGraphicsDevice === false) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'Video configuration is not allowed when autoattachGraphicsDevice is set to false',
        field.child('video'),
      ),
    ];
  }
  return [];
}

const validPanicDeviceModels = ['hyperv', 'isa', 'pvpanic'];

// upstream v1.9.0: validatePanicDevices
function validatePanicDevices(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  const panicDevices =
    (spec.domain.devices as { panicDevices?: { model?: string | null }[] | null }).panicDevices ?? [];
  if (panicDevices.length === 0) return [];
  const causes: AdmissionCause[] = [];
  const arch = spec.architecture || config.getDefaultArchitecture();
  const path = field.child('domain', 'devices', 'panicDevices');
  if (arch === 's390x') {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `custom panic devices are not supported on ${arch} architecture`,
        path,
      ),
    );
  }
  panicDevices.forEach((device, idx) => {
    const model = device.model;
    if (model != null && !validPanicDeviceModels.includes(model)) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `invalid PanicDeviceModel(${model})`,
          path.index(idx).child('model'),
        ),
      );
    }
  });
  return causes;
}

// upstream v1.9.0: validateRebootPolicy
function validateRebootPolicy(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  if ((spec.domain as { rebootPolicy?: unknown }).rebootPolicy == null) return [];
  if (config.rebootPolicyEnabled()) return [];
  return [
    cause(
      CauseType.FieldValueInvalid,
      'RebootPolicy is specified but the RebootPolicy feature gate is not enabled',
      field.child('domain', 'rebootPolicy'),
    ),
  ];
}

// upstream v1.9.0: validateReservedOverheadMemlock
function validateReservedOverheadMemlock(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const memory = spec.domain.memory as { reservedOverhead?: unknown } | null | undefined;
  if (memory?.reservedOverhead == null || config.reservedOverheadMemlockEnabled()) return [];
  return [
    cause(
      CauseType.FieldValueInvalid,
      'Reserved overhead memlock feature gate is not enabled in kubevirt-config',
      field.child('domain', 'memory', 'reservedOverhead'),
    ),
  ];
}

// upstream v1.9.0: validateServiceAccountName
function validateServiceAccountName(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const name = (spec as { serviceAccountName?: string }).serviceAccountName ?? '';
  if (name === '') return [];
  const causes: AdmissionCause[] = [];
  const path = field.child('serviceAccountName');
  const errors = isDNS1123Subdomain(name);
  if (errors.length !== 0) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${path.toString()} is not a valid service account name: ${errors.join('; ')}`,
        path,
      ),
    );
  }
  for (const volume of spec.volumes ?? []) {
    const volumeAccount = volume.serviceAccount?.serviceAccountName ?? '';
    if (volume.serviceAccount != null && volumeAccount !== name) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `spec.serviceAccountName ${quote(name)} and serviceAccount volume ${quote(volumeAccount)} must reference the same service account`,
          path,
        ),
      );
      break;
    }
  }
  return causes;
}

function validateDownwardMetrics(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  if (spec.domain.devices.downwardMetrics != null && !config.downwardMetricsEnabled()) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'downwardMetrics virtio serial is not allowed: DownwardMetrics feature gate is not enabled',
        field.child('domain', 'devices', 'downwardMetrics'),
      ),
    ];
  }
  return [];
}

/** upstream: validateVirtualMachineInstanceSpecVolumeDisks — every volume needs a disk or filesystem (VMIs only). */
export function validateVirtualMachineInstanceSpecVolumeDisks(
  field: FieldPath,
  spec: VMISpec,
  config?: ClusterConfig,
): AdmissionCause[] {
  const diskNames = new Set<string>();
  const filesystemNames = new Set<string>();
  for (const disk of spec.domain.devices.disks ?? []) diskNames.add(disk.name);
  for (const fs of spec.domain.devices.filesystems ?? []) filesystemNames.add(fs.name);
  const containerPaths = config?.release.atLeast('v1.9.0') === true;
  const causes: AdmissionCause[] = [];
  (spec.volumes ?? []).forEach((volume, idx) => {
    if (volume.memoryDump != null) return;
    const hasDisk = diskNames.has(volume.name);
    const hasFilesystem = filesystemNames.has(volume.name);
    const volumePath = field.child('domain', 'volumes').index(idx);
    if (!hasDisk && !hasFilesystem) {
      const path = volumePath.child('name');
      causes.push(cause(CauseType.FieldValueInvalid, notFound(path.toString(), volume.name), path));
    }
    // upstream v1.9.0: containerPath volumes are shared with virtiofs only, outside KubeVirt's own paths
    const containerPath = (volume as { containerPath?: { path?: string } | null }).containerPath;
    if (!containerPaths || containerPath == null) return;
    if (hasDisk) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `ContainerPath volume '${volume.name}' must be mapped to a filesystem, not a disk`,
          volumePath,
        ),
      );
    }
    if (!hasFilesystem) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `ContainerPath volume '${volume.name}' must have a matching filesystem defined in spec.domain.devices.filesystems`,
          volumePath,
        ),
      );
    }
    const reserved = ['/var/run/kubevirt', '/var/run/libvirt'].find((prefix) =>
      (containerPath.path ?? '').startsWith(prefix),
    );
    if (reserved !== undefined) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `ContainerPath volume '${volume.name}' uses reserved path prefix '${reserved}'`,
          volumePath.child('containerPath', 'path'),
        ),
      );
    }
  });
  return causes;
}

function validateInterfaceBootOrder(
  field: FieldPath,
  spec: VMISpec,
  bootOrders: Set<number>,
): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  (spec.domain.devices.interfaces ?? []).forEach((iface, idx) => {
    if (iface.bootOrder == null) return;
    const order = iface.bootOrder;
    if (order < 1) {
      // upstream indexes the spec path itself here (`spec[0]`)
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${field.index(idx).toString()} must have a boot order > 0, if supplied`,
          field.index(idx).child('bootOrder'),
        ),
      );
      return;
    }
    const path = field.child('domain', 'devices', 'interfaces').index(idx).child('bootOrder');
    if (bootOrders.has(order)) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `Boot order for ${path.toString()} already set for a different device.`,
          path,
        ),
      );
    }
    bootOrders.add(order);
  });
  return causes;
}

function validateInputDevices(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  (spec.domain.devices.inputs ?? []).forEach((input, idx) => {
    const bus = input.bus ?? '';
    const path = field.child('domain', 'devices', 'inputs').index(idx);
    if (bus !== 'virtio' && bus !== 'usb' && bus !== '') {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'Input device can have only virtio or usb bus.',
          path.child('bus'),
        ),
      );
    }
    if (input.type !== 'tablet') {
      causes.push(
        cause(CauseType.FieldValueInvalid, 'Input device can have only tablet type.', path.child('type')),
      );
    }
  });
  return causes;
}

function validateIOThreadsPolicy(field: FieldPath, spec: VMISpec, config?: ClusterConfig): AdmissionCause[] {
  const policy = spec.domain.ioThreadsPolicy;
  if (policy == null) return [];
  const v1_9 = config?.release.atLeast('v1.9.0') === true;
  // upstream v1.9.0: the supplementalPool policy, with a positive supplementalPoolThreadCount
  const valid = v1_9 ? [...validIOThreadsPolicies, 'supplementalPool'] : validIOThreadsPolicies;
  const causes: AdmissionCause[] = [];
  if (!valid.includes(policy)) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `Invalid IOThreadsPolicy (${policy})`,
        field.child('domain', 'ioThreadsPolicy'),
      ),
    );
  }
  const ioThreads = (spec.domain as { ioThreads?: { supplementalPoolThreadCount?: number | null } | null })
    .ioThreads;
  const count = ioThreads?.supplementalPoolThreadCount;
  if (v1_9 && policy === 'supplementalPool' && (count == null || count < 1)) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'the number of iothreads needs to be set and positive for the dedicated policy',
        field.child('domain', 'ioThreads', 'count'),
      ),
    );
  }
  return causes;
}

function validateProbe(field: FieldPath, probe: Probe | null | undefined): AdmissionCause[] {
  if (probe == null) return [];
  let handlers = 0;
  if (probe.httpGet != null) handlers++;
  if (probe.tcpSocket != null) handlers++;
  if (probe.exec != null) handlers++;
  if (probe.guestAgentPing != null) handlers++;
  const causes: AdmissionCause[] = [];
  if (handlers > 1) {
    causes.push(
      cause(CauseType.FieldValueInvalid, `${field.toString()} must have exactly one probe type set`, field),
    );
  }
  if (handlers < 1) {
    causes.push(
      cause(
        CauseType.FieldValueRequired,
        `either ${field.child('tcpSocket').toString()}, ${field.child('exec').toString()} or ` +
          `${field.child('httpGet').toString()} must be set if a ${field.toString()} is specified`,
        field,
      ),
    );
  }
  return causes;
}

function probeNotAllowedWithNoPodNetwork(
  field: FieldPath,
  probe: Probe | null | undefined,
): AdmissionCause[] {
  if (probe == null) return [];
  const causes: AdmissionCause[] = [];
  const required = (path: FieldPath): AdmissionCause =>
    cause(
      CauseType.FieldValueInvalid,
      `${path.toString()} is only allowed if the Pod Network is attached`,
      path,
    );
  if (probe.httpGet != null) causes.push(required(field.child('httpGet')));
  if (probe.tcpSocket != null) causes.push(required(field.child('tcpSocket')));
  return causes;
}

const validEvictionStrategies = ['LiveMigrate', 'LiveMigrateIfPossible', 'None', 'External'];

function validateLiveMigration(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  const strategy = spec.evictionStrategy ?? config.getEvictionStrategy();
  if (strategy == null || validEvictionStrategies.includes(strategy)) return [];
  return [
    cause(
      CauseType.FieldValueInvalid,
      `${field.child('evictionStrategy').toString()} is set with an unrecognized option: ${strategy}`,
      field.child('evictionStrategy'),
    ),
  ];
}

function validateMDEVRamFB(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  let count = 0;
  for (const gpu of spec.domain.devices.gpus ?? []) {
    const display = gpu.virtualGPUOptions?.display;
    if (
      display != null &&
      (display.enabled == null || display.enabled) &&
      (display.ramFB == null || display.ramFB.enabled === true)
    ) {
      count++;
    }
  }
  if (count > 1) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'configuring multiple displays with ramfb is not valid ',
        field.child('GPUs'),
      ),
    ];
  }
  return [];
}

function validateHostDevicesWithPassthroughEnabled(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  if (present(spec.domain.devices.hostDevices) && !config.hostDevicesPassthroughEnabled()) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'Host Devices feature gate is not enabled in kubevirt-config',
        field.child('HostDevices'),
      ),
    ];
  }
  return [];
}

function validateSoundDevices(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const sound = spec.domain.devices.sound;
  if (sound == null) return [];
  const causes: AdmissionCause[] = [];
  const model = sound.model ?? '';
  if (model !== '' && model !== 'ich9' && model !== 'ac97') {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        "Sound device type is not supported. Options: 'ich9' or 'ac97'",
        field.child('Sound'),
      ),
    );
  }
  if ((sound.name ?? '') === '') {
    causes.push(
      cause(CauseType.FieldValueInvalid, 'Sound device requires a name field.', field.child('Sound')),
    );
  }
  return causes;
}

function validateLaunchSecurity(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  const launchSecurity = spec.domain.launchSecurity;
  const path = field.child('launchSecurity');
  if (launchSecurity == null) return [];
  if (!config.workloadEncryptionSEVEnabled()) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'WorkloadEncryptionSEV feature gate is not enabled in kubevirt-config',
        path,
      ),
    ];
  }
  if (launchSecurity.sev == null) return [];
  const causes: AdmissionCause[] = [];
  const efi = spec.domain.firmware?.bootloader?.efi;
  if (efi == null) {
    causes.push(cause(CauseType.FieldValueInvalid, 'SEV requires OVMF (UEFI)', path));
  } else if (efi.secureBoot == null || efi.secureBoot) {
    causes.push(cause(CauseType.FieldValueInvalid, 'SEV does not work along with SecureBoot', path));
  }
  if (launchSecurity.sev.attestation != null && spec.startStrategy !== 'Paused') {
    causes.push(
      cause(CauseType.FieldValueInvalid, "SEV attestation requires VMI StartStrategy 'Paused'", path),
    );
  }
  for (const iface of spec.domain.devices.interfaces ?? []) {
    if (iface.bootOrder != null) {
      causes.push(
        cause(CauseType.FieldValueInvalid, `SEV does not work with bootable NICs: ${iface.name}`, path),
      );
    }
  }
  return causes;
}

function validateBootOrder(field: FieldPath, spec: VMISpec, config?: ClusterConfig): AdmissionCause[] {
  const v1_9 = config?.release.atLeast('v1.9.0') === true;
  const causes: AdmissionCause[] = [];
  const bootOrders = new Set<number>();
  const volumes = new Map<string, Volume>();
  for (const volume of spec.volumes ?? []) volumes.set(volume.name, volume);

  (spec.domain.devices.disks ?? []).forEach((disk, idx) => {
    const diskPath = field.child('domain', 'devices', 'disks').index(idx);
    const volume = volumes.get(disk.name);
    if (volume === undefined && (!v1_9 || disk.cdrom == null)) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          notFound(diskPath.child('Name').toString(), disk.name),
          diskPath.child('name'),
        ),
      );
    } else if (volume === undefined && config !== undefined && !config.declarativeHotplugVolumesEnabled()) {
      // upstream v1.9.0: an empty CD-ROM (no volume) needs DeclarativeHotplugVolumes
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'DeclarativeHotplugVolumes feature gate not enabled, cannot define an empty CD-ROM disk',
          diskPath.child('name'),
        ),
      );
    }
    if (
      disk.lun != null &&
      volume !== undefined &&
      volume.persistentVolumeClaim == null &&
      volume.dataVolume == null
    ) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${diskPath.child('lun').toString()} can only be mapped to a DataVolume or PersistentVolumeClaim volume.`,
          diskPath.child('lun'),
        ),
      );
    }
    if (volume !== undefined && volume.downwardMetrics != null) {
      if (disk.disk == null) {
        causes.push(
          cause(
            CauseType.FieldValueRequired,
            `DownwardMetrics volume must be mapped to a disk, but disk is not set on ${diskPath.child('disk').toString()}.`,
            diskPath.child('disk'),
          ),
        );
      } else if ((disk.disk.bus ?? '') !== 'virtio' && (disk.disk.bus ?? '') !== '') {
        const busPath = diskPath.child('disk').child('bus');
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `DownwardMetrics volume must be mapped to virtio bus, but ${busPath.toString()} is set to ${disk.disk.bus ?? ''}`,
            busPath,
          ),
        );
      }
    }
    if (disk.bootOrder != null) {
      const order = disk.bootOrder;
      if (bootOrders.has(order)) {
        const path = diskPath.child('bootOrder');
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `Boot order for ${path.toString()} already set for a different device.`,
            path,
          ),
        );
      }
      bootOrders.add(order);
    }
  });
  causes.push(...validateInterfaceBootOrder(field, spec, bootOrders));
  return causes;
}

function validateCPUFeaturePolicies(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  (spec.domain.cpu?.features ?? []).forEach((feature, idx) => {
    const policy = feature.policy ?? '';
    if (!validCPUFeaturePolicies.has(policy)) {
      causes.push(
        cause(
          CauseType.FieldValueNotSupported,
          `CPU feature ${feature.name} uses policy ${policy} that is not supported.`,
          field.child('domain', 'cpu', 'features').index(idx).child('policy'),
        ),
      );
    }
  });
  return causes;
}

function validateCPUIsolatorThread(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const cpu = spec.domain.cpu;
  if (cpu?.isolateEmulatorThread === true && cpu.dedicatedCpuPlacement !== true) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'IsolateEmulatorThread should be only set in combination with DedicatedCPUPlacement',
        field.child('domain', 'cpu', 'isolateEmulatorThread'),
      ),
    ];
  }
  return [];
}

function validateCpuPinning(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  if (spec.domain.cpu?.dedicatedCpuPlacement !== true) return [];
  const causes: AdmissionCause[] = [];
  const reqCpu = requests(spec, 'cpu');
  const limCpu = limits(spec, 'cpu');
  const reqMem = requests(spec, 'memory');
  const limMem = limits(spec, 'memory');
  const dedicatedPath = field.child('domain', 'cpu', 'dedicatedCpuPlacement');
  const reqCpuPath = field.child('domain', 'resources', 'requests', 'cpu').toString();
  const limCpuPath = field.child('domain', 'resources', 'limits', 'cpu').toString();
  const coresPath = field.child('domain', 'cpu', 'cores').toString();
  const vcpus = BigInt(getNumberOfVCPUs(spec.domain.cpu ?? undefined));

  if (config.release.atLeast('v1.9.0')) {
    causes.push(...validateMemoryIsProvided(field, spec));
  } else if (limMem.value() === 0n && reqMem.value() === 0n) {
    // validateMemoryLimitAndRequestProvided
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${field.child('domain', 'resources', 'requests', 'memory').toString()} or ` +
          `${field.child('domain', 'resources', 'limits', 'memory').toString()} should be provided`,
        field.child('domain', 'resources', 'limits', 'memory'),
      ),
    );
  }
  // validateCPURequestIsInteger / validateCPULimitIsInteger
  if (reqCpu.value() > 0n && reqCpu.value() * 1000n !== reqCpu.milliValue()) {
    causes.push(
      cause(CauseType.FieldValueInvalid, 'provided resources CPU requests must be an interger', reqCpuPath),
    );
  }
  if (limCpu.value() > 0n && limCpu.value() * 1000n !== limCpu.milliValue()) {
    causes.push(
      cause(CauseType.FieldValueInvalid, 'provided resources CPU limits must be an interger', limCpuPath),
    );
  }
  // validateMemoryRequestsAndLimits
  if (reqMem.value() > 0n && limMem.value() > 0n && reqMem.value() !== limMem.value()) {
    const reqMemPath = field.child('domain', 'resources', 'requests', 'memory');
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${reqMemPath.toString()} must be equal to ${field.child('domain', 'resources', 'limits', 'memory').toString()}`,
        reqMemPath,
      ),
    );
  }
  // validateRequestLimitOrCoresProvidedOnDedicatedCPUPlacement
  if (reqCpu.value() === 0n && limCpu.value() === 0n && vcpus === 0n) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `either ${reqCpuPath} or ${limCpuPath} or ${coresPath} must be provided when DedicatedCPUPlacement is true `,
        dedicatedPath,
      ),
    );
  }
  // validateRequestEqualsLimitOnDedicatedCPUPlacement
  if (reqCpu.value() > 0n && limCpu.value() > 0n && reqCpu.value() !== limCpu.value()) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${reqCpuPath} or ${limCpuPath} must be equal when DedicatedCPUPlacement is true `,
        dedicatedPath,
      ),
    );
  }
  // validateRequestOrLimitWithCoresProvidedOnDedicatedCPUPlacement
  if (
    (reqCpu.value() > 0n || limCpu.value() > 0n) &&
    vcpus > 0n &&
    reqCpu.value() !== vcpus &&
    limCpu.value() !== vcpus
  ) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${reqCpuPath} or ${limCpuPath} must not be provided at the same time with ${coresPath} when DedicatedCPUPlacement is true `,
        dedicatedPath,
      ),
    );
  }
  // validateThreadCountOnArchitecture
  const arch = spec.architecture || config.getDefaultArchitecture();
  const threads = spec.domain.cpu?.threads ?? 0;
  if (threads > 1 && isARM64(arch)) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `threads must not be greater than 1 at ${field.child('domain', 'cpu', 'threads').toString()} (got ${threads}) ` +
          `when ${field.child('architecture').toString()} is arm64`,
        field.child('architecture'),
      ),
    );
  }
  // validateThreadCountOnDedicatedCPUPlacement
  if (threads > 2) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `Not more than two threads must be provided at ${field.child('domain', 'cpu', 'threads').toString()} ` +
          `(got ${threads}) when DedicatedCPUPlacement is true`,
        dedicatedPath,
      ),
    );
  }
  return causes;
}

function validateNUMA(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  const cpu = spec.domain.cpu;
  if (cpu?.numa?.guestMappingPassthrough == null) return [];
  const causes: AdmissionCause[] = [];
  const passthroughPath = field.child('domain', 'cpu', 'numa', 'guestMappingPassthrough');
  if (!config.numaEnabled()) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `NUMA feature gate is not enabled in kubevirt-config, invalid entry ${passthroughPath.toString()}`,
        passthroughPath,
      ),
    );
  }
  if (cpu.dedicatedCpuPlacement !== true) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${field.child('domain', 'cpu', 'dedicatedCpuPlacement').toString()} must be set to true when NUMA topology ` +
          `strategy is set in ${passthroughPath.toString()}`,
        passthroughPath,
      ),
    );
  }
  if (spec.domain.memory?.hugepages == null) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${field.child('domain', 'memory', 'hugepages').toString()} must be requested when NUMA topology strategy ` +
          `is set in ${passthroughPath.toString()}`,
        passthroughPath,
      ),
    );
  }
  return causes;
}

function validateStartStrategy(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const strategy = spec.startStrategy;
  if (strategy == null) return [];
  const path = field.child('startStrategy');
  if (strategy !== 'Paused') {
    return [
      cause(
        CauseType.FieldValueInvalid,
        `${path.toString()} is set with an unrecognized option: ${strategy}`,
        path,
      ),
    ];
  }
  if (spec.livenessProbe != null) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        `either ${path.toString()} or ${field.child('livenessProbe').toString()} should be provided.` +
          'Pausing VMI with LivenessProbe is not supported',
        path,
      ),
    ];
  }
  return [];
}

function validateCpuRequestDoesNotExceedLimit(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const req = requests(spec, 'cpu');
  const lim = limits(spec, 'cpu');
  if (lim.milliValue() > 0n && req.milliValue() > lim.milliValue()) {
    const reqPath = field.child('domain', 'resources', 'requests', 'cpu');
    return [
      cause(
        CauseType.FieldValueInvalid,
        `${reqPath.toString()} '${req.toString()}' is greater than ` +
          `${field.child('domain', 'resources', 'limits', 'cpu').toString()} '${lim.toString()}'`,
        reqPath,
      ),
    ];
  }
  return [];
}

function validateCPULimitNotNegative(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const lim = limits(spec, 'cpu');
  const path = field.child('domain', 'resources', 'limits', 'cpu');
  if (lim.milliValue() < 0n)
    return [cause(CauseType.FieldValueInvalid, mustBePositive(path.toString(), lim), path)];
  return [];
}

function validateCPURequestNotNegative(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const req = requests(spec, 'cpu');
  const path = field.child('domain', 'resources', 'requests', 'cpu');
  if (req.milliValue() < 0n)
    return [cause(CauseType.FieldValueInvalid, mustBePositive(path.toString(), req), path)];
  return [];
}

function validateFirmwareSerial(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const serial = spec.domain.firmware?.serial ?? '';
  if (serial.length === 0) return [];
  const path = field.child('domain', 'firmware', 'serial');
  const causes: AdmissionCause[] = [];
  if (byteLength(serial) > maxStrLen) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${path.toString()} must be less than or equal to ${maxStrLen} in length, if specified`,
        path,
      ),
    );
  }
  if (!isValidExpression(serial)) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${path.toString()} must be made up of the following characters [A-Za-z0-9_.+-], if specified`,
        path,
      ),
    );
  }
  return causes;
}

/**
 * Go's filepath.Match on Linux: `*` any run of non-`/` characters, `?` one, `[...]` a class (`^` negates,
 * ranges), `\\` escapes. A malformed pattern throws (upstream: ErrBadPattern, treated as no match).
 */
export function globMatch(pattern: string, name: string): boolean {
  let source = '^';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '\\') {
      i++;
      if (i >= pattern.length) throw new Error('bad pattern');
      source += pattern[i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) throw new Error('bad pattern');
      let body = pattern.slice(i + 1, end);
      const negated = body.startsWith('^');
      if (negated) body = body.slice(1);
      source += `[${negated ? '^/' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      i = end;
    } else source += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`${source}$`, 's').test(name);
}

// upstream v1.9.0: validateMemoryIsProvided (hugepages or a guest size count as memory too)
function validateMemoryIsProvided(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  if (!limits(spec, 'memory').isZero() || !requests(spec, 'memory').isZero()) return [];
  const memory = spec.domain.memory;
  if (memory != null && memory.hugepages != null) return [];
  if (memory != null && memory.guest != null && !Quantity.fromJSON(memory.guest).isZero()) return [];
  return [
    cause(
      CauseType.FieldValueInvalid,
      `${field.child('domain', 'resources', 'requests', 'memory').toString()}, ` +
        `${field.child('domain', 'resources', 'limits', 'memory').toString()}, ` +
        `${field.child('domain', 'memory', 'hugepages').toString()} or ` +
        `${field.child('domain', 'memory', 'guest').toString()} should be provided`,
      field.child('domain', 'resources', 'limits', 'memory'),
    ),
  ];
}

function validateEmulatedMachine(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  const machineType = spec.domain.machine?.type ?? '';
  if (machineType.length === 0) return [];
  const supported = config.getEmulatedMachines(spec.architecture ?? '');
  // upstream v1.9.0 matches the patterns as filepath.Match globs, v1.4.0 as (unanchored) Go regexps
  // (regexp.MustCompile: a pattern Go refuses panics the webhook; here it matches nothing)
  const glob = config.release.atLeast('v1.9.0');
  const matches = supported.some((pattern) => {
    if (!glob) return compileGoRegexp(pattern)?.test(machineType) ?? false;
    try {
      return globMatch(pattern, machineType);
    } catch {
      return false;
    }
  });
  if (matches) return [];
  const path = field.child('domain', 'machine', 'type');
  return [
    cause(
      CauseType.FieldValueInvalid,
      `${path.toString()} is not supported: ${machineType} (allowed values: ${goStringSlice(supported)})`,
      path,
    ),
  ];
}

function validateGuestMemoryLimit(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  if (config.isVMRolloutStrategyLiveUpdate()) return [];
  const guestRaw = spec.domain.memory?.guest;
  if (guestRaw == null) return [];
  const guest = Quantity.fromJSON(guestRaw);
  const limit = limits(spec, 'memory');
  if (limit.value() < guest.value() && limit.value() !== 0n) {
    const guestPath = field.child('domain', 'memory', 'guest');
    return [
      cause(
        CauseType.FieldValueInvalid,
        `${guestPath.toString()} '${guest.toString()}' must be equal to or less than the memory limit ` +
          `${field.child('domain', 'resources', 'limits', 'memory').toString()} '${limit.toString()}'`,
        guestPath,
      ),
    ];
  }
  return [];
}

const errFormatWrong =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

function validateHugepagesMemoryRequests(
  field: FieldPath,
  spec: VMISpec,
  config?: ClusterConfig,
): AdmissionCause[] {
  const hugepages = spec.domain.memory?.hugepages;
  if (hugepages == null) return [];
  const pageSizeText = hugepages.pageSize ?? '';
  const v1_9 = config?.release.atLeast('v1.9.0') === true;
  // upstream v1.9.0 names the field it checks: spec.domain.memory.hugepages.pageSize
  const sizePath = v1_9
    ? field.child('domain', 'memory', 'hugepages', 'pageSize')
    : field.child('domain', 'hugepages', 'size');
  const pageSize = Quantity.tryParse(pageSizeText);
  if (pageSize === undefined) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        `${sizePath.toString()} '${pageSizeText}': ${errFormatWrong}`,
        sizePath,
      ),
    ];
  }
  const memory = requests(spec, 'memory');
  let vmMemory = memory.value();
  if (v1_9) {
    // upstream v1.9.0: without a memory request, the guest size, else the limit (0: nothing to compare)
    const guest = spec.domain.memory?.guest;
    if (vmMemory === 0n && guest != null) vmMemory = Quantity.fromJSON(guest).value();
    if (vmMemory === 0n) vmMemory = limits(spec, 'memory').value();
  }
  const memPath = field.child('domain', 'resources', 'requests', 'memory');
  if ((!v1_9 || vmMemory !== 0n) && vmMemory < pageSize.value()) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        `${memPath.toString()} '${memory.toString()}' must be equal to or larger than page size ` +
          `${sizePath.toString()} '${pageSizeText}'`,
        memPath,
      ),
    ];
  }
  // a zero page size makes upstream divide by zero (the webhook call fails); nothing is reported here
  if (pageSize.value() !== 0n && vmMemory % pageSize.value() !== 0n) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        `${memPath.toString()} '${memory.toString()}' is not a multiple of the page size ` +
          `${sizePath.toString()} '${pageSizeText}'`,
        memPath,
      ),
    ];
  }
  return [];
}

function validateMemoryLimitsNegativeOrNull(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const lim = limits(spec, 'memory');
  const req = requests(spec, 'memory');
  const limPath = field.child('domain', 'resources', 'limits', 'memory');
  const reqPath = field.child('domain', 'resources', 'requests', 'memory');
  if (lim.value() < 0n) {
    causes.push(cause(CauseType.FieldValueInvalid, mustBePositive(limPath.toString(), lim), limPath));
  }
  if (lim.value() > 0n && req.value() > lim.value()) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${reqPath.toString()} '${req.toString()}' is greater than ${limPath.toString()} '${lim.toString()}'`,
        reqPath,
      ),
    );
  }
  return causes;
}

const ONE_MEGABYTE = Quantity.parse('1M');

function validateMemoryRequestsNegativeOrNull(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const req = requests(spec, 'memory');
  const path = field.child('domain', 'resources', 'requests', 'memory');
  if (req.value() < 0n)
    return [cause(CauseType.FieldValueInvalid, mustBePositive(path.toString(), req), path)];
  if (req.value() > 0n && req.cmp(ONE_MEGABYTE) < 0) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        `${path.toString()} '${req.toString()}': must be greater than or equal to 1M.`,
        path,
      ),
    ];
  }
  return [];
}

function validateSubdomainDNSSubdomainRules(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  return dnsNameCauses(field.child('subdomain'), spec.subdomain, isDNS1123Subdomain, 'DNS_SUBDOMAIN');
}

function validateHostNameNotConformingToDNSLabelRules(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  return dnsNameCauses(field.child('hostname'), spec.hostname, isDNS1123Label, 'DNS_LABEL');
}

/** The two upstream checks above: a set name that breaks its DNS rules, with their errors. */
function dnsNameCauses(
  path: FieldPath,
  name: string | undefined,
  check: (name: string) => string[],
  rules: string,
): AdmissionCause[] {
  if (name === undefined || name === '') return [];
  const errors = check(name);
  if (errors.length === 0) return [];
  return [
    cause(
      CauseType.FieldValueInvalid,
      `${path.toString()} does not conform to the kubernetes ${rules} rules : ${errors.join(', ')}`,
      path,
    ),
  ];
}

function validateRealtime(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const cpu = spec.domain.cpu;
  if (cpu?.realtime == null) return [];
  const causes: AdmissionCause[] = [];
  const realtimePath = field.child('domain', 'cpu', 'realtime').toString();
  if (cpu.dedicatedCpuPlacement !== true) {
    const path = field.child('domain', 'cpu', 'dedicatedCpuPlacement');
    causes.push(
      cause(
        CauseType.FieldValueRequired,
        `${path.toString()} must be set to true when ${realtimePath} is used`,
        path,
      ),
    );
  }
  if (cpu.numa?.guestMappingPassthrough == null) {
    const path = field.child('domain', 'cpu', 'numa', 'guestMappingPassthrough');
    causes.push(
      cause(
        CauseType.FieldValueRequired,
        `${path.toString()} must be defined when ${realtimePath} is used`,
        path,
      ),
    );
  }
  return causes;
}

function validateArchitecture(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  const arch = spec.architecture ?? '';
  // runtime.GOARCH of virt-api: the cluster's architecture
  if (arch !== '' && arch !== config.arch && !config.multiArchitectureEnabled()) {
    const path = field.child('architecture');
    return [
      cause(
        CauseType.FieldValueRequired,
        `MultiArchitecture feature gate is not enabled in kubevirt-config, invalid entry ${path.toString()}`,
        path,
      ),
    ];
  }
  return [];
}

function validateContainerDisks(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  (spec.volumes ?? []).forEach((volume, idx) => {
    const path = volume.containerDisk?.path ?? '';
    if (volume.containerDisk == null || path === '') return;
    causes.push(...validatePath(field.child('volumes').index(idx).child('containerDisk'), path));
  });
  return causes;
}

function validatePath(field: FieldPath, path: string): AdmissionCause[] {
  if (path === '/') {
    return [cause(CauseType.FieldValueInvalid, `${field.toString()} must not point to root`, field)];
  }
  const cleaned = joinPath('/', path);
  const provided = path.replace(/\/$/, '');
  if (cleaned !== provided) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        `${field.toString()} must be an absolute path to a file without relative components`,
        field,
      ),
    ];
  }
  return [];
}

/**
 * upstream: ValidateVirtualMachineInstanceMandatoryFields — some memory must be requested (only for VMIs
 * after defaults, not for templates).
 */
export function validateVirtualMachineInstanceMandatoryFields(
  field: FieldPath,
  spec: VMISpec,
  config?: ClusterConfig,
): AdmissionCause[] {
  const pageSizeField = config?.release.atLeast('v1.9.0') === true ? 'pageSize' : 'size';
  if (requests(spec, 'memory').value() !== 0n) return [];
  const memory = spec.domain.memory;
  if (memory == null || (memory.guest == null && memory.hugepages == null)) {
    return [
      cause(
        CauseType.FieldValueRequired,
        `no memory requested, at least one of '${field.child('domain', 'memory', 'guest').toString()}', ` +
          `'${field.child('domain', 'memory', 'hugepages', pageSizeField).toString()}' or ` +
          `'${field.child('domain', 'resources', 'requests', 'memory').toString()}' must be set`,
      ),
    ];
  }
  return [];
}

/** upstream: ValidateVirtualMachineInstanceMetadata */
export function validateVirtualMachineInstanceMetadata(
  field: FieldPath,
  metadata: ObjectMeta,
  config: ClusterConfig,
  options: VMIAdmitOptions = {},
): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const annotations = metadata.annotations ?? {};
  const labels = metadata.labels ?? {};
  if (!isKubeVirtServiceAccount(options.userName ?? '', config.release, options.kubevirtNamespace)) {
    if (Object.keys(labels).some((label) => restrictedVmiLabels.has(label))) {
      causes.push(
        cause(
          CauseType.FieldValueNotSupported,
          'creation of the following reserved kubevirt.io/ labels on a VMI object is prohibited',
          field.child('labels'),
        ),
      );
    }
  }
  if ((annotations[IgnitionAnnotation] ?? '') !== '' && !config.ignitionEnabled()) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'ExperimentalIgnitionSupport feature gate is not enabled in kubevirt-config, invalid entry ' +
          field.child('annotations').child(IgnitionAnnotation).toString(),
        field.child('annotations'),
      ),
    );
  }
  if ((annotations[HookSidecarListAnnotationName] ?? '') !== '' && !config.sidecarEnabled()) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'sidecar feature gate is not enabled in kubevirt-config, invalid entry ' +
          field.child('annotations', HookSidecarListAnnotationName).toString(),
        field.child('annotations'),
      ),
    );
  }
  // upstream v1.9.0 no longer checks the migration thread-count annotation
  if (config.release.atLeast('v1.9.0')) return causes;
  if (!Object.prototype.hasOwnProperty.call(annotations, MultiThreadedQemuMigrationAnnotation)) return causes;
  const threadCountStr = annotations[MultiThreadedQemuMigrationAnnotation] ?? '';
  const invalidEntry = field.child('annotations', MultiThreadedQemuMigrationAnnotation).toString();
  const parsed = atoi(threadCountStr);
  if ('error' in parsed) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `cannot parse ${threadCountStr} to int: ${parsed.error}, invalid entry ${invalidEntry}`,
        field.child('annotations'),
      ),
    );
  } else if (parsed.value <= 1n) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `thread count (${threadCountStr}) must be larger than 1. invalid entry ${invalidEntry}`,
        field.child('annotations'),
      ),
    );
  }
  return causes;
}

type DNSConfig = VMISpec['dnsConfig'];

// upstream: validatePodDNSConfig (copied from kubernetes)
function validatePodDNSConfig(dnsConfig: DNSConfig, dnsPolicy: string, field: FieldPath): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  if (dnsPolicy === 'None') {
    if (dnsConfig == null) {
      return [
        cause(CauseType.FieldValueRequired, 'must provide `dnsConfig` when `dnsPolicy` is None', field),
      ];
    }
    if ((dnsConfig.nameservers ?? []).length === 0) {
      return [
        cause(
          CauseType.FieldValueRequired,
          'must provide at least one DNS nameserver when `dnsPolicy` is None',
          'nameservers',
        ),
      ];
    }
  }
  if (dnsConfig == null) return causes;
  // (decoding the VMI re-printed them: VirtualMachineInstanceSpec.UnmarshalJSON, src/util/go/json-round-trip.ts)
  const nameservers = dnsConfig.nameservers ?? [];
  if (nameservers.length > maxDNSNameservers) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `must not have more than ${maxDNSNameservers} nameservers: ${goStringSlice(nameservers)}`,
        'nameservers',
      ),
    );
  }
  for (const ns of nameservers) {
    if (parseIP(ns) === undefined) {
      causes.push(cause(CauseType.FieldValueInvalid, `must be valid IP address: ${ns}`, 'nameservers'));
    }
  }
  const searches = dnsConfig.searches ?? [];
  if (searches.length > maxDNSSearchPaths) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `must not have more than ${maxDNSSearchPaths} search paths`,
        'searchDomains',
      ),
    );
  }
  if (byteLength(searches.join(' ')) > maxDNSSearchListChars) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `must not have more than ${maxDNSSearchListChars} characters (including spaces) in the search list`,
        'searchDomains',
      ),
    );
  }
  for (const search of searches) {
    for (const msg of isDNS1123Subdomain(search))
      causes.push(cause(CauseType.FieldValueInvalid, msg, 'searchDomains'));
  }
  for (const option of dnsConfig.options ?? []) {
    if ((option.name ?? '').length === 0) {
      causes.push(cause(CauseType.FieldValueInvalid, 'Option.Name must not be empty', 'options'));
    }
  }
  return causes;
}

// upstream: validateDNSPolicy (copied from kubernetes)
function validateDNSPolicy(dnsPolicy: string, field: FieldPath): AdmissionCause[] {
  const valid = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None', ''];
  if (valid.includes(dnsPolicy)) return [];
  return [
    cause(
      CauseType.FieldValueNotSupported,
      `DNSPolicy: ${dnsPolicy} is not supported, valid values: ${goStringSlice(valid)}`,
      field,
    ),
  ];
}

type Firmware = NonNullable<VMISpec['domain']['firmware']>;

function validateFirmware(field: FieldPath, firmware: Firmware | null | undefined): AdmissionCause[] {
  if (firmware == null) return [];
  const causes: AdmissionCause[] = [];
  const bootloader = firmware.bootloader;
  if (bootloader?.efi != null && bootloader.bios != null) {
    const path = field.child('bootloader');
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${path.toString()} has both EFI and BIOS configured, but they are mutually exclusive.`,
        path,
      ),
    );
  }
  causes.push(...validateKernelBoot(field.child('kernelBoot'), firmware.kernelBoot));
  return causes;
}

function validateDomainSpec(field: FieldPath, spec: VMISpec, config?: ClusterConfig): AdmissionCause[] {
  const domain = spec.domain;
  const causes: AdmissionCause[] = [];
  const v1_9 = config?.release.atLeast('v1.9.0') === true;
  causes.push(...validateDisks(field.child('devices').child('disks'), domain.devices.disks ?? [], v1_9));
  causes.push(...validateFirmware(field.child('firmware'), domain.firmware));
  const efi = domain.firmware?.bootloader?.efi;
  const smm = domain.features?.smm;
  // upstream v1.9.0: TDX firmware needs no SMM for secure boot
  const tdx = v1_9 && (domain.launchSecurity as { tdx?: unknown } | null | undefined)?.tdx != null;
  if (
    efi != null &&
    (efi.secureBoot == null || efi.secureBoot) &&
    (smm == null || (smm.enabled != null && !smm.enabled)) &&
    !tdx
  ) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${field.toString()} has EFI SecureBoot enabled. SecureBoot requires SMM, which is currently disabled.`,
        field,
      ),
    );
  }
  return causes;
}

function validateAccessCredentials(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const volumes = spec.volumes ?? [];
  const hasNoCloudVolume = volumes.some((v) => v.cloudInitNoCloud != null);
  const hasConfigDriveVolume = volumes.some((v) => v.cloudInitConfigDrive != null);
  const causes: AdmissionCause[] = [];
  (spec.accessCredentials ?? []).forEach((accessCred, idx) => {
    const itemPath = field.index(idx);
    const item = itemPath.toString();
    let count = 0;
    const ssh = accessCred.sshPublicKey;
    if (ssh != null) {
      count++;
      let sourceCount = 0;
      let methodCount = 0;
      if (ssh.source?.secret != null) sourceCount++;
      const method = ssh.propagationMethod;
      const methodPath = itemPath.child('sshPublicKey', 'propagationMethod');
      if (method?.noCloud != null) {
        methodCount++;
        if (!hasNoCloudVolume) {
          causes.push(
            cause(
              CauseType.FieldValueInvalid,
              `${item} requires a noCloud volume to exist when the noCloud propagationMethod is in use.`,
              methodPath,
            ),
          );
        }
      }
      if (method?.configDrive != null) {
        methodCount++;
        if (!hasConfigDriveVolume) {
          causes.push(
            cause(
              CauseType.FieldValueInvalid,
              `${item} requires a configDrive volume to exist when the configDrive propagationMethod is in use.`,
              methodPath,
            ),
          );
        }
      }
      if (method?.qemuGuestAgent != null) {
        if ((method.qemuGuestAgent.users ?? []).length === 0) {
          causes.push(
            cause(
              CauseType.FieldValueInvalid,
              `${item} requires at least one user to be present in the users list`,
              itemPath.child('sshPublicKey', 'propagationMethod', 'qemuGuestAgent', 'users'),
            ),
          );
        }
        methodCount++;
      }
      if (sourceCount !== 1) {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `${item} must have exactly one source set`,
            itemPath.child('sshPublicKey', 'source'),
          ),
        );
      }
      if (methodCount !== 1) {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `${item} must have exactly one propagationMethod set`,
            methodPath,
          ),
        );
      }
    }
    const password = accessCred.userPassword;
    if (password != null) {
      count++;
      const sourceCount = password.source?.secret != null ? 1 : 0;
      const methodCount = password.propagationMethod?.qemuGuestAgent != null ? 1 : 0;
      if (sourceCount !== 1) {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `${item} must have exactly one source set`,
            itemPath.child('userPassword', 'source'),
          ),
        );
      }
      if (methodCount !== 1) {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `${item} must have exactly one propagationMethod set`,
            itemPath.child('userPassword', 'propagationMethod'),
          ),
        );
      }
    }
    if (count !== 1) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${item} must have exactly one access credential type set`,
          itemPath,
        ),
      );
    }
  });
  return causes;
}

const volumeSourceKeys = [
  'persistentVolumeClaim',
  'sysprep',
  'cloudInitNoCloud',
  'cloudInitConfigDrive',
  'containerDisk',
  'ephemeral',
  'emptyDisk',
  'hostDisk',
  'dataVolume',
  'configMap',
  'secret',
  'downwardAPI',
  'serviceAccount',
  'downwardMetrics',
  'memoryDump',
] as const;

function validateVolumes(field: FieldPath, volumes: Volume[], config: ClusterConfig): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const nameMap = new Map<string, number>();
  let serviceAccountVolumeCount = 0;
  let downwardMetricVolumeCount = 0;
  let memoryDumpVolumeCount = 0;

  volumes.forEach((volume, idx) => {
    const itemPath = field.index(idx);
    const otherIdx = nameMap.get(volume.name);
    if (otherIdx === undefined) {
      nameMap.set(volume.name, idx);
    } else {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${itemPath.toString()} and ${field.index(otherIdx).toString()} must not have the same Name.`,
          itemPath.child('name'),
        ),
      );
    }

    let sourceCount = 0;
    for (const key of volumeSourceKeys) {
      if (volume[key] == null) continue;
      if (key === 'dataVolume' && (volume.dataVolume?.name ?? '') === '') {
        causes.push(
          cause(CauseType.FieldValueRequired, "DataVolume 'name' must be set", itemPath.child('name')),
        );
      }
      if (key === 'serviceAccount') serviceAccountVolumeCount++;
      if (key === 'downwardMetrics') downwardMetricVolumeCount++;
      if (key === 'memoryDump') memoryDumpVolumeCount++;
      sourceCount++;
    }
    // upstream v1.9.0: a containerPath volume is a source of its own (v1.4.0 has no such field)
    const containerPath = (volume as { containerPath?: unknown }).containerPath;
    if (config.release.atLeast('v1.9.0') && containerPath != null) sourceCount++;
    if (sourceCount !== 1) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${itemPath.toString()} must have exactly one source type set`,
          itemPath,
        ),
      );
    }

    causes.push(...validateCloudInit(itemPath, volume));

    if (volume.downwardMetrics != null && !config.downwardMetricsEnabled()) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'downwardMetrics disks are not allowed: DownwardMetrics feature gate is not enabled.',
          itemPath,
        ),
      );
    }

    const hostDisk = volume.hostDisk;
    if (hostDisk != null) {
      if (!config.hostDiskEnabled()) {
        causes.push(cause(CauseType.FieldValueInvalid, 'HostDisk feature gate is not enabled', itemPath));
      }
      const pathPath = itemPath.child('hostDisk', 'path');
      if ((hostDisk.path ?? '') === '') {
        causes.push(
          cause(
            CauseType.FieldValueNotFound,
            `${pathPath.toString()} is required for hostDisk volume`,
            pathPath,
          ),
        );
      }
      const typePath = itemPath.child('hostDisk', 'type');
      const type = hostDisk.type ?? '';
      if (type !== 'Disk' && type !== 'DiskOrCreate') {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `${typePath.toString()} has invalid value '${type}', allowed are 'Disk' or 'DiskOrCreate'`,
            typePath,
          ),
        );
      }
      const capacity = hostDisk.capacity == null ? undefined : Quantity.tryParse(hostDisk.capacity);
      if (type === 'Disk' && capacity !== undefined && !capacity.isZero()) {
        const capacityPath = itemPath.child('hostDisk', 'capacity');
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `${capacityPath.toString()} is allowed to pass only with ${typePath.toString()} equal to 'DiskOrCreate'`,
            capacityPath,
          ),
        );
      }
    }

    if (volume.configMap != null && (volume.configMap.name ?? '') === '') {
      const path = itemPath.child('configMap', 'name');
      causes.push(cause(CauseType.FieldValueInvalid, `${path.toString()} is a required field`, path));
    }
    if (volume.secret != null && (volume.secret.secretName ?? '') === '') {
      const path = itemPath.child('secret', 'secretName');
      causes.push(cause(CauseType.FieldValueInvalid, `${path.toString()} is a required field`, path));
    }
    if (volume.serviceAccount != null && (volume.serviceAccount.serviceAccountName ?? '') === '') {
      const path = itemPath.child('serviceAccount', 'serviceAccountName');
      causes.push(cause(CauseType.FieldValueInvalid, `${path.toString()} is a required field`, path));
    }
  });

  if (serviceAccountVolumeCount > 1) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${field.toString()} must have max one serviceAccount volume set`,
        field,
      ),
    );
  }
  if (downwardMetricVolumeCount > 1) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${field.toString()} must have max one downwardMetric volume set`,
        field,
      ),
    );
  }
  if (memoryDumpVolumeCount > 1) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${field.toString()} must have max one memory dump volume set`,
        field,
      ),
    );
  }
  return causes;
}

interface CloudInitDataSource {
  secretRefName: string | undefined;
  base64Field: 'userDataBase64' | 'networkDataBase64';
  base64Value: string | undefined;
  plainValue: string | undefined;
  oneSourceMessage: string;
  maxLength: number;
  tooLongMessage: string;
}

/** The user-data or network-data checks of validateCloudInit; returns how many sources are set. */
function checkCloudInitData(
  itemPath: FieldPath,
  dataSourceType: string,
  causes: AdmissionCause[],
  data: CloudInitDataSource,
): number {
  const sourcePath = itemPath.child(dataSourceType);
  let length = 0;
  let sourceCount = 0;
  if ((data.secretRefName ?? '') !== '') sourceCount++;
  const base64Value = data.base64Value ?? '';
  if (base64Value !== '') {
    sourceCount++;
    const decoded = base64DecodedLength(base64Value);
    if (!decoded.ok) {
      const path = itemPath.child(dataSourceType, data.base64Field);
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${path.toString()}.${dataSourceType}.${data.base64Field} is not a valid base64 value.`,
          path,
        ),
      );
    }
    length = decoded.length;
  }
  const plainValue = data.plainValue ?? '';
  if (plainValue !== '') {
    sourceCount++;
    length = byteLength(plainValue);
  }
  if (sourceCount > 1) {
    causes.push(
      cause(CauseType.FieldValueInvalid, `${sourcePath.toString()} ${data.oneSourceMessage}`, sourcePath),
    );
  }
  if (length > data.maxLength) {
    causes.push(
      cause(CauseType.FieldValueInvalid, `${sourcePath.toString()} ${data.tooLongMessage}`, sourcePath),
    );
  }
  return sourceCount;
}

function validateCloudInit(itemPath: FieldPath, volume: Volume): AdmissionCause[] {
  const source = volume.cloudInitNoCloud ?? volume.cloudInitConfigDrive;
  if (source == null) return [];
  const dataSourceType = volume.cloudInitNoCloud != null ? 'cloudInitNoCloud' : 'cloudInitConfigDrive';
  const sourcePath = itemPath.child(dataSourceType);
  const causes: AdmissionCause[] = [];

  const userDataSourceCount = checkCloudInitData(itemPath, dataSourceType, causes, {
    secretRefName: source.secretRef?.name,
    base64Field: 'userDataBase64',
    base64Value: source.userDataBase64,
    plainValue: source.userData,
    oneSourceMessage: 'must have only one userdatasource set.',
    maxLength: cloudInitUserMaxLen,
    tooLongMessage: `userdata exceeds ${cloudInitUserMaxLen} byte limit. Should use UserDataSecretRef for larger data.`,
  });
  const networkDataSourceCount = checkCloudInitData(itemPath, dataSourceType, causes, {
    secretRefName: source.networkDataSecretRef?.name,
    base64Field: 'networkDataBase64',
    base64Value: source.networkDataBase64,
    plainValue: source.networkData,
    oneSourceMessage: 'must have only one networkdata source set.',
    maxLength: cloudInitNetworkMaxLen,
    tooLongMessage: `networkdata exceeds ${cloudInitNetworkMaxLen} byte limit. Should use NetworkDataSecretRef for larger data.`,
  });
  if (userDataSourceCount === 0 && networkDataSourceCount === 0) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `${sourcePath.toString()} must have at least one userdatasource or one networkdatasource set.`,
        sourcePath,
      ),
    );
  }
  return causes;
}

function getNumberOfPodInterfaces(spec: VMISpec): number {
  const interfaces = spec.domain.devices.interfaces ?? [];
  return (spec.networks ?? []).filter((net) => net.pod != null && interfaces.some((i) => i.name === net.name))
    .length;
}

function getDiskBus(disk: Disk): string {
  if (disk.disk != null) return disk.disk.bus ?? '';
  if (disk.lun != null) return disk.lun.bus ?? '';
  if (disk.cdrom != null) return disk.cdrom.bus ?? '';
  return '';
}

function getDiskType(disk: Disk): string {
  if (disk.disk != null) return 'disk';
  if (disk.lun != null) return 'lun';
  if (disk.cdrom != null) return 'cdrom';
  return '';
}

function validateDisks(field: FieldPath, disks: Disk[], v1_9 = false): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  // the paths some checks build by appending `domain.devices.disks` to the disks path (upstream quirk)
  const nested = field.child('domain', 'devices', 'disks');
  disks.forEach((disk, idx) => {
    const diskPath = field.index(idx);
    // validateDiskName
    disks.forEach((other, otherIdx) => {
      if (otherIdx < idx && other.name === disk.name) {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `${diskPath.toString()} and ${field.index(otherIdx).toString()} must not have the same Name.`,
            diskPath.child('name'),
          ),
        );
      }
    });
    // validateDeviceTarget
    const targets = [disk.disk, disk.lun, disk.cdrom].filter((t) => t != null).length;
    if (targets > 1) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${diskPath.toString()} can only have a single target type defined`,
          diskPath,
        ),
      );
    }
    // validatePciAddress
    const pciAddress = disk.disk?.pciAddress ?? '';
    if (disk.disk != null && pciAddress !== '') {
      const pciPath = field.child('domain', 'devices', 'disks', 'disk').index(idx);
      if ((disk.disk.bus ?? '') !== 'virtio') {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `disk ${pciPath.child('name').toString()} - setting a PCI address is only possible with bus type virtio.`,
            pciPath.child('pciAddress'),
          ),
        );
      }
      try {
        parsePciAddress(pciAddress);
      } catch {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `disk ${pciPath.child('name').toString()} has malformed PCI address (${pciAddress}).`,
            pciPath.child('pciAddress'),
          ),
        );
      }
    }
    // validateBootOrderValue
    if (disk.bootOrder != null && disk.bootOrder < 1) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${diskPath.toString()} must have a boot order > 0, if supplied`,
          diskPath.child('bootOrder'),
        ),
      );
    }
    causes.push(...validateBusSupport(field, nested, idx, disk));
    // validateSerialNumValue / validateSerialNumLength
    const serial = disk.serial ?? '';
    if (serial !== '' && !isValidExpression(serial)) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${diskPath.toString()} must be made up of the following characters [A-Za-z0-9_.+-], if specified`,
          diskPath.child('serial'),
        ),
      );
    }
    if (serial !== '' && [...serial].length > maxStrLen) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${diskPath.toString()} must be less than or equal to ${maxStrLen} in length, if specified`,
          diskPath.child('serial'),
        ),
      );
    }
    // validateCacheMode
    const cache = disk.cache ?? '';
    if (cache !== '' && cache !== 'none' && cache !== 'writethrough' && cache !== 'writeback') {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${diskPath.child('cache').toString()} has invalid value ${cache}`,
          diskPath.child('cache'),
        ),
      );
    }
    // validateIOMode
    const io = disk.io ?? '';
    if (io !== '' && io !== 'native' && io !== 'threads') {
      causes.push(
        cause(
          CauseType.FieldValueNotSupported,
          `Disk IO mode for ${field.toString()} is not supported. Supported modes are: native, threads.`,
          nested.index(idx).child('io'),
        ),
      );
    }
    // validateErrorPolicy
    const errorPolicy = disk.errorPolicy;
    if (errorPolicy != null && !['stop', 'ignore', 'report', 'enospace'].includes(errorPolicy)) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${diskPath.child('errorPolicy').toString()} has invalid value "${errorPolicy}"`,
          diskPath.child('errorPolicy'),
        ),
      );
    }
    // validateDiskNameAsContainerName
    for (const msg of isDNS1123Label(disk.name)) {
      causes.push(cause(CauseType.FieldValueInvalid, msg, nested.index(idx).child('name')));
    }
    causes.push(...validateBlockSize(diskPath, disk, v1_9));
  });
  return causes;
}

function validateBusSupport(field: FieldPath, nested: FieldPath, idx: number, disk: Disk): AdmissionCause[] {
  const bus = getDiskBus(disk);
  const diskType = getDiskType(disk);
  if (bus === '') return [];
  const causes: AdmissionCause[] = [];
  const diskPath = field.index(idx);
  switch (bus) {
    case 'ide':
      causes.push(
        cause(CauseType.FieldValueInvalid, 'IDE bus is not supported', diskPath.child(diskType, 'bus')),
      );
      break;
    case 'virtio':
      if (diskType === 'cdrom') {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `Bus type ${bus} is invalid for CD-ROM device`,
            diskPath.child('cdrom', 'bus'),
          ),
        );
      }
      break;
    case 'sata':
      if (disk.disk != null && disk.disk.readonly === true) {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `${bus} hard-disks do not support read-only.`,
            diskPath.child('disk', 'bus'),
          ),
        );
      }
      break;
    case 'scsi':
    case 'usb':
      break;
    default:
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${diskPath.toString()} is set with an unrecognized bus ${bus}, must be one of: [virtio scsi sata usb]`,
          diskPath.child(diskType, 'bus'),
        ),
      );
  }
  if (disk.dedicatedIOThread === true && bus !== 'virtio') {
    causes.push(
      cause(
        CauseType.FieldValueNotSupported,
        `IOThreads are not supported for disks on a ${bus} bus`,
        nested.index(idx),
      ),
    );
  }
  return causes;
}

function validateBlockSize(diskPath: FieldPath, disk: Disk, v1_9 = false): AdmissionCause[] {
  const blockSize = disk.blockSize;
  if (blockSize?.custom == null) return [];
  const matchVolume = blockSize.matchVolume;
  if (matchVolume != null && (matchVolume.enabled == null || matchVolume.enabled)) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        "Block size matching can't be enabled together with a custom value",
        diskPath.child('blockSize'),
      ),
    ];
  }
  const logical = blockSize.custom.logical ?? 0;
  const physical = blockSize.custom.physical ?? 0;
  const customPath = diskPath.child('blockSize').child('custom');
  if (logical > physical) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        `Logical size ${logical} must be the same or less than the physical size of ${physical}`,
        customPath.child('logical'),
      ),
    ];
  }
  if (v1_9) {
    // upstream v1.9.0 (storage/admitters/disks.go): SATA only emulates 512-byte logical blocks; a discard
    // granularity is a multiple of the logical size
    if (getDiskBus(disk) === 'sata' && logical !== minCustomBlockSize) {
      return [
        cause(
          CauseType.FieldValueInvalid,
          `Logical size ${logical} must be ${minCustomBlockSize} for SATA devices`,
          customPath.child('logical'),
        ),
      ];
    }
    const granularity = (blockSize.custom as { discardGranularity?: number | null }).discardGranularity;
    if (granularity != null && logical !== 0 && granularity % logical !== 0) {
      return [
        cause(
          CauseType.FieldValueInvalid,
          `Discard granularity ${granularity} must be multiples of logical size ${logical}`,
          customPath.child('discardGranularity'),
        ),
      ];
    }
  }
  return [
    ...validateCustomBlockSize(customPath.child('logical'), logical),
    ...validateCustomBlockSize(customPath.child('physical'), physical),
  ];
}

function validateCustomBlockSize(path: FieldPath, size: number): AdmissionCause[] {
  if (size < minCustomBlockSize) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        `Provided size of ${size} is less than the supported minimum size of ${minCustomBlockSize}`,
        path,
      ),
    ];
  }
  if (size > maxCustomBlockSize) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        `Provided size of ${size} is greater than the supported maximum size of ${maxCustomBlockSize}`,
        path,
      ),
    ];
  }
  if ((BigInt(size) & (BigInt(size) - 1n)) !== 0n) {
    return [cause(CauseType.FieldValueInvalid, `Provided size of ${size} is not a power of 2`, path)];
  }
  return [];
}

type KernelBoot = NonNullable<Firmware['kernelBoot']>;

function validateKernelBoot(field: FieldPath, kernelBoot: KernelBoot | null | undefined): AdmissionCause[] {
  if (kernelBoot == null) return [];
  const container = kernelBoot.container;
  if (container == null) {
    if ((kernelBoot.kernelArgs ?? '') !== '') {
      return [
        cause(
          CauseType.FieldValueInvalid,
          'kernel arguments cannot be provided without an external kernel',
          field.child('kernelArgs'),
        ),
      ];
    }
    return [];
  }
  const causes: AdmissionCause[] = [];
  const containerField = field.child('container');
  if ((container.image ?? '') === '') {
    causes.push(
      cause(
        CauseType.FieldValueRequired,
        `${containerField.toString()} must be defined with an image`,
        containerField.child('image'),
      ),
    );
  }
  const initrdPath = container.initrdPath ?? '';
  const kernelPath = container.kernelPath ?? '';
  if (initrdPath === '' && kernelPath === '') {
    causes.push(
      cause(
        CauseType.FieldValueRequired,
        `${containerField.toString()} must be defined with at least one of the following: kernelPath, initrdPath`,
        containerField,
      ),
    );
  }
  if (kernelPath !== '') causes.push(...validatePath(containerField.child('kernelPath'), kernelPath));
  if (initrdPath !== '') causes.push(...validatePath(containerField.child('initrdPath'), initrdPath));
  return causes;
}

function validateSpecAffinity(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  if (spec.affinity == null) return [];
  // upstream passes the spec path, not spec.affinity
  return statusCausesFromFieldErrors(validateAffinity(spec.affinity, field), config.release);
}

function validateSpecTopologySpreadConstraints(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  if (spec.topologySpreadConstraints == null) return [];
  return statusCausesFromFieldErrors(
    validateTopologySpreadConstraints(
      spec.topologySpreadConstraints,
      field.child('topologySpreadConstraints'),
    ),
    config.release,
  );
}

function validateVSOCK(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  if (spec.domain.devices.autoattachVSOCK !== true) return [];
  if (config.vsockEnabled()) return [];
  return [
    cause(
      CauseType.FieldValueInvalid,
      'VSOCK feature gate is not enabled in kubevirt-config',
      field.child('domain', 'devices', 'autoattachVSOCK'),
    ),
  ];
}

function validatePersistentReservation(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const wanted = (spec.domain.devices.disks ?? []).some((disk) => disk.lun?.reservation === true);
  if (!wanted || config.persistentReservationEnabled()) return [];
  return [
    cause(
      CauseType.FieldValueInvalid,
      config.release.atLeast('v1.9.0')
        ? 'persistent reservation is not enabled in kubevirt config'
        : 'PersistentReservation feature gate is not enabled in kubevirt-config',
      field.child('domain', 'devices', 'disks', 'luns', 'reservation'),
    ),
  ];
}

function validatePersistentState(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  const persistentTPM = spec.domain.devices.tpm?.persistent === true;
  const persistentEFI = spec.domain.firmware?.bootloader?.efi?.persistent === true;
  if (!(persistentTPM || persistentEFI) || config.vmPersistentStateEnabled()) return [];
  const causes: AdmissionCause[] = [];
  const message = 'VMPersistentState feature gate is not enabled in kubevirt-config';
  if (persistentTPM) {
    causes.push(
      cause(CauseType.FieldValueInvalid, message, field.child('domain', 'devices', 'tpm', 'persistent')),
    );
  }
  if (persistentEFI) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        message,
        field.child('domain', 'firmware', 'bootloader', 'efi', 'persistent'),
      ),
    );
  }
  return causes;
}

function validateCPUHotplug(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const cpu = spec.domain.cpu;
  if (cpu == null || (cpu.maxSockets ?? 0) === 0) return [];
  if ((cpu.sockets ?? 0) > (cpu.maxSockets ?? 0)) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'Number of sockets in CPU topology is greater than the maximum sockets allowed',
        field.child('domain', 'cpu', 'sockets'),
      ),
    ];
  }
  return [];
}
