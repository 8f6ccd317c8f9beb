// s390x create-time defaults. upstream: pkg/defaults/s390x.go
import type { VMISpec } from '../types/kubevirt.js';
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
export function setS390xDefaults(spec: VMISpec): void {
  setDefaultDisksBus(spec, 'virtio');
}
