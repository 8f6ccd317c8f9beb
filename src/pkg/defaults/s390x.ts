// s390x create-time defaults. upstream: pkg/defaults/s390x.go
import type { KubeVirtRelease } from '../../release/release.js';
import type { VMISpec } from '../../types/kubevirt.js';
import { setDefaultDisksBus } from './amd64.js';

// upstream: IsS390X
export const isS390XSpec = (spec: VMISpec): boolean => spec.architecture === 's390x';

// upstream: setS390xDefaultFeatures (ACPI is not supported on s390x)
export function setS390xDefaultFeatures(spec: VMISpec): void {
  const features = spec.domain.features;
  if (features == null) {
    spec.domain.features = { acpi: { enabled: false } };
    return;
  }
  features.acpi ??= {};
  if (features.acpi.enabled == null) features.acpi.enabled = false;
}

// upstream: SetS390xDefaults
export function setS390xDefaults(spec: VMISpec, release: KubeVirtRelease): void {
  setDefaultDisksBus(spec, 'virtio');
  if (release.atLeast('v1.9.0')) setS390xWatchdog(spec);
}

// upstream v1.9.0: SetS390xWatchdog
function setS390xWatchdog(spec: VMISpec): void {
  const watchdog = spec.domain.devices.watchdog as
    { diag288?: { action?: string } | null } | null | undefined;
  if (watchdog == null) return;
  watchdog.diag288 ??= {};
  if (!watchdog.diag288.action) watchdog.diag288.action = 'reset';
}
