// Settings virt-api refuses for arm64 VMIs.
// upstream: pkg/virt-api/webhooks/arm64.go ValidateVirtualMachineInstanceArm64Setting (v1.9.0: called from
// ValidateVirtualMachineInstancePerArch, see arch.ts, which adds the video types)
import type { VMISpec } from '../../types/kubevirt.js';
import type { KubeVirtRelease } from '../../release/release.js';
import { cause, CauseType, type AdmissionCause, type FieldPath } from './types.js';

const busAvailable = (bus: string | null | undefined): boolean => !bus || bus === 'virtio' || bus === 'scsi';

export function validateArm64Settings(
  field: FieldPath,
  spec: VMISpec,
  release: KubeVirtRelease,
): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const notSupported = (message: string, path: FieldPath): void => {
    causes.push(cause(CauseType.FieldValueNotSupported, message, path));
  };
  const bootloader = spec.domain.firmware?.bootloader;
  if (bootloader?.bios != null) {
    notSupported(
      'Arm64 does not support bios boot, please change to uefi boot',
      field.child('domain', 'firmware', 'bootloader', 'bios'),
    );
  }
  const model = spec.domain.cpu?.model ?? '';
  if (release.atLeast('v1.9.0')) {
    // upstream v1.9.0: secure boot is allowed; host-passthrough is the only CPU model
    if (model !== '' && model !== 'host-passthrough') {
      notSupported(
        'currently, host-passthrough is the only model supported on Arm64',
        field.child('domain', 'cpu', 'model'),
      );
    }
  } else {
    const efi = bootloader?.efi;
    if (efi != null && (efi.secureBoot == null || efi.secureBoot)) {
      notSupported(
        'UEFI secure boot is currently not supported on aarch64 Arch',
        field.child('domain', 'firmware', 'bootloader', 'efi', 'secureboot'),
      );
    }
    if (model === 'host-model') {
      notSupported('Arm64 not support CPU host-model', field.child('domain', 'cpu', 'model'));
    }
  }
  (spec.domain.devices.disks ?? []).forEach((disk, i) => {
    const diskPath = field.child('domain', 'devices', 'disks').index(i);
    const message = 'Arm64 not support this disk bus type, please use virtio or scsi';
    if (disk.disk != null && !busAvailable(disk.disk.bus))
      notSupported(message, diskPath.child('disk', 'bus'));
    if (disk.cdrom != null && !busAvailable(disk.cdrom.bus))
      notSupported(message, diskPath.child('cdrom', 'bus'));
    if (disk.lun != null && !busAvailable(disk.lun.bus)) notSupported(message, diskPath.child('lun', 'bus'));
  });
  if (spec.domain.devices.watchdog != null) {
    notSupported('Arm64 not support Watchdog device', field.child('domain', 'devices', 'watchdog'));
  }
  if (spec.domain.devices.sound != null) {
    notSupported('Arm64 not support sound device', field.child('domain', 'devices', 'sound'));
  }
  return causes;
}
