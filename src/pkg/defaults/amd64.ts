// amd64 create-time defaults. upstream: pkg/defaults/amd64.go
import type { KubeVirtRelease } from '../../release/release.js';
import type { VMISpec } from '../../types/kubevirt.js';

/** Sets `bus` on every disk, cdrom and lun target that has none. */
export function setDefaultDisksBus(spec: VMISpec, bus: string): void {
  for (const disk of spec.domain.devices.disks ?? []) {
    if (disk.disk != null && !disk.disk.bus) disk.disk.bus = bus;
    if (disk.cdrom != null && !disk.cdrom.bus) disk.cdrom.bus = bus;
    if (disk.lun != null && !disk.lun.bus) disk.lun.bus = bus;
  }
}

// upstream: SetAmd64Defaults (SATA: q35 has no IDE)
export function setAmd64Defaults(spec: VMISpec, release: KubeVirtRelease): void {
  setDefaultDisksBus(spec, 'sata');
  if (release.atLeast('v1.9.0')) setAmd64Watchdog(spec);
}

// upstream v1.9.0: SetAmd64Watchdog (was the API defaulter SetDefaults_Watchdog in v1.4.0)
function setAmd64Watchdog(spec: VMISpec): void {
  const watchdog = spec.domain.devices.watchdog;
  if (watchdog == null) return;
  watchdog.i6300esb ??= {};
  if (!watchdog.i6300esb.action) watchdog.i6300esb.action = 'reset';
}
