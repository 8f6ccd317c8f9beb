// arm64 create-time defaults. upstream: pkg/defaults/arm64.go
import type { KubeVirtRelease } from '../../release/release.js';
import type { VMISpec } from '../../types/kubevirt.js';
import { setDefaultDisksBus } from './amd64.js';

const DEFAULT_CPU_MODEL_ARM64 = 'host-passthrough';

// upstream: IsARM64
export const isARM64Spec = (spec: VMISpec): boolean => spec.architecture === 'arm64';

// upstream: setDefaultArm64CPUModel
function setDefaultArm64CPUModel(spec: VMISpec): void {
  spec.domain.cpu ??= {};
  if (!spec.domain.cpu.model) spec.domain.cpu.model = DEFAULT_CPU_MODEL_ARM64;
}

// upstream: setDefaultArm64Bootloader (UEFI without secure boot)
function setDefaultArm64Bootloader(spec: VMISpec, release: KubeVirtRelease): void {
  const firmware = (spec.domain.firmware ??= {});
  if (release.before('v1.9.0')) {
    if (firmware.bootloader == null) firmware.bootloader = { efi: { secureBoot: false } };
    return;
  }
  // upstream v1.9.0: a given EFI without secureBoot gets secureBoot: false too
  firmware.bootloader ??= { efi: {} };
  const efi = firmware.bootloader.efi;
  if (efi != null && efi.secureBoot == null) efi.secureBoot = false;
}

// upstream: SetArm64Defaults (virtio disks: qemu-kvm on arm64 has no SATA)
export function setArm64Defaults(spec: VMISpec, release: KubeVirtRelease): void {
  setDefaultArm64CPUModel(spec);
  setDefaultArm64Bootloader(spec, release);
  setDefaultDisksBus(spec, 'virtio');
}
