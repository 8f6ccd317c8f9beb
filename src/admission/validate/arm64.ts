// Settings virt-api refuses for arm64 VMIs.
// upstream: pkg/virt-api/webhooks/arm64.go ValidateVirtualMachineInstanceArm64Setting
import type { VMISpec } from '../../types/kubevirt.js';
import { cause, CauseType, type AdmissionCause, type FieldPath } from './types.js';

const busAvailable = (bus: string | null | undefined): boolean => !bus || bus === 'virtio' || bus === 'scsi';

export function validateArm64Settings(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const notSupported = (message: string, path: FieldPath): void => {
    causes.push(cause(CauseType.FieldValueNotSupported, message, path));
  };
  const bootloader = spec.domain.firmware?.bootloader;
  if (bootloader != null) {
    if (bootloader.bios != null) {
      notSupported(
        'Arm64 does not support bios boot, please change to uefi boot',
        field.child('domain', 'firmware', 'bootloader', 'bios'),
      );
    }
    if (bootloader.efi != null && (bootloader.efi.secureBoot == null || bootloader.efi.secureBoot)) {
      notSupported(
        'UEFI secure boot is currently not supported on aarch64 Arch',
        field.child('domain', 'firmware', 'bootloader', 'efi', 'secureboot'),
      );
    }
  }
  if (spec.domain.cpu?.model === 'host-model') {
    notSupported('Arm64 not support CPU host-model', field.child('domain', 'cpu', 'model'));
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
