// The per-architecture checks virt-api v1.9.0 runs on a VMI (v1.4.0 only had the arm64 ones, arm64.ts).
// upstream v1.9.0: pkg/virt-api/webhooks/{amd64.go,s390x.go,arm64.go} and
// vmi-create-admitter.go ValidateVirtualMachineInstancePerArch
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { VMISpec } from '../../types/kubevirt.js';
import type { KubeVirtRelease } from '../../release/release.js';
import { validateArm64Settings } from './arm64.js';
import { cause, CauseType, type AdmissionCause, type FieldPath } from './types.js';

interface WatchdogDevices {
  i6300esb?: unknown;
  diag288?: unknown;
}

const videoOf = (spec: VMISpec): { type?: string } | null | undefined =>
  (spec.domain.devices as { video?: { type?: string } | null }).video;

function validateVideoType(field: FieldPath, spec: VMISpec, arch: string, valid: string[]): AdmissionCause[] {
  const video = videoOf(spec);
  if (video == null) return [];
  const type = video.type ?? '';
  if (valid.includes(type)) return [];
  return [
    cause(
      CauseType.FieldValueNotSupported,
      `video model '${type}' is not supported on ${arch} architecture`,
      field.child('domain', 'devices', 'video').child('type'),
    ),
  ];
}

// upstream v1.9.0: ValidateVirtualMachineInstanceAmd64Setting
function validateAmd64Settings(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const watchdog = spec.domain.devices.watchdog as WatchdogDevices | null | undefined;
  if (watchdog != null && !(watchdog.i6300esb != null && watchdog.diag288 == null)) {
    causes.push(
      cause(
        CauseType.FieldValueNotSupported,
        'amd64 only supports I6300ESB watchdog device',
        field.child('domain', 'devices', 'watchdog'),
      ),
    );
  }
  causes.push(...validateVideoType(field, spec, 'amd64', ['vga', 'cirrus', 'virtio', 'ramfb', 'bochs']));
  return causes;
}

// upstream v1.9.0: ValidateVirtualMachineInstanceS390XSetting
function validateS390xSettings(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const watchdog = spec.domain.devices.watchdog as WatchdogDevices | null | undefined;
  if (watchdog != null && !(watchdog.diag288 != null && watchdog.i6300esb == null)) {
    causes.push(
      cause(
        CauseType.FieldValueNotSupported,
        's390x only supports Diag288 watchdog device',
        field.child('domain', 'devices', 'watchdog'),
      ),
    );
  }
  causes.push(...validateVideoType(field, spec, 's390x', ['virtio']));
  return causes;
}

/** upstream v1.9.0: ValidateVirtualMachineInstancePerArch */
export function validatePerArch(field: FieldPath, spec: VMISpec, release: KubeVirtRelease): AdmissionCause[] {
  const arch = spec.architecture ?? '';
  switch (arch) {
    case 'amd64':
      return validateAmd64Settings(field, spec);
    case 's390x':
      return validateS390xSettings(field, spec);
    case 'arm64':
      return [
        ...validateArm64Settings(field, spec, release),
        ...validateVideoType(field, spec, 'arm64', ['virtio', 'ramfb']),
      ];
    default:
      return [
        cause(CauseType.FieldValueInvalid, `unsupported architecture: ${arch}`, field.child('architecture')),
      ];
  }
}

interface LaunchSecurityV1_9 {
  sev?: { attestation?: unknown } | null;
  snp?: unknown;
  tdx?: unknown;
}

/** upstream v1.9.0: vmi-create-admitter.go validateLaunchSecurity (per architecture) */
export function validateLaunchSecurityV1_9(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  if (spec.domain.launchSecurity == null) return [];
  const arch = spec.architecture ?? '';
  if (arch === 'amd64') return validateLaunchSecurityAmd64(field, spec, config);
  if (arch === 's390x') return [];
  return [
    cause(
      CauseType.FieldValueInvalid,
      `No launchSecurity support for architecture: ${arch}`,
      field.child('architecture'),
    ),
  ];
}

// upstream v1.9.0: webhooks/amd64.go ValidateLaunchSecurityAmd64
function validateLaunchSecurityAmd64(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const launchSecurity = spec.domain.launchSecurity as LaunchSecurityV1_9;
  const path = field.child('launchSecurity');
  const selected: string[] = [];
  let gate = '';
  if (launchSecurity.sev != null) {
    selected.push('SEV');
    gate = 'WorkloadEncryptionSEV';
  }
  if (launchSecurity.snp != null) {
    selected.push('SNP');
    gate = 'WorkloadEncryptionSEV';
  }
  if (launchSecurity.tdx != null) {
    selected.push('TDX');
    gate = 'WorkloadEncryptionTDX';
  }
  if (selected.length !== 1) {
    return [cause(CauseType.Forbidden, 'One and only one launchSecurity type can be set', path)];
  }
  const sevLike = launchSecurity.sev != null || launchSecurity.snp != null;
  if (
    (sevLike && !config.workloadEncryptionSEVEnabled()) ||
    (launchSecurity.tdx != null && !config.workloadEncryptionTDXEnabled())
  ) {
    return [
      cause(CauseType.FieldValueInvalid, `${gate} feature gate is not enabled in kubevirt-config`, path),
    ];
  }
  const kind = selected[0]!;
  const causes: AdmissionCause[] = [];
  const smm = spec.domain.features?.smm;
  if (launchSecurity.tdx != null && smm != null && (smm.enabled == null || smm.enabled)) {
    causes.push(cause(CauseType.FieldValueInvalid, 'TDX does not work along with SMM', path));
  }
  const efi = spec.domain.firmware?.bootloader?.efi;
  if (efi == null) {
    causes.push(cause(CauseType.FieldValueInvalid, `${kind} requires OVMF (UEFI)`, path));
  } else {
    if (sevLike && (efi.secureBoot == null || efi.secureBoot)) {
      causes.push(cause(CauseType.FieldValueInvalid, `${kind} does not work along with SecureBoot`, path));
    }
    if ((launchSecurity.snp != null || launchSecurity.tdx != null) && efi.persistent === true) {
      causes.push(
        cause(CauseType.FieldValueInvalid, `${kind} does not work along with Persistent EFI variables`, path),
      );
    }
  }
  if (
    launchSecurity.sev != null &&
    spec.startStrategy !== 'Paused' &&
    launchSecurity.sev.attestation != null
  ) {
    causes.push(
      cause(CauseType.FieldValueInvalid, "SEV attestation requires VMI StartStrategy 'Paused'", path),
    );
  }
  for (const iface of spec.domain.devices.interfaces ?? []) {
    if (iface.bootOrder != null) {
      causes.push(
        cause(CauseType.FieldValueInvalid, `${kind} does not work with bootable NICs: ${iface.name}`, path),
      );
    }
  }
  return causes;
}
