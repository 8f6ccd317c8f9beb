// amd64 create-time defaults. upstream: pkg/defaults/amd64.go
import type { VMISpec } from '../types/kubevirt.js';

/** Sets `bus` on every disk, cdrom and lun target that has none. */
export function setDefaultDisksBus(spec: VMISpec, bus: string): void {
  for (const disk of spec.domain.devices.disks ?? []) {
    if (disk.disk != null && !disk.disk.bus) disk.disk.bus = bus;
    if (disk.cdrom != null && !disk.cdrom.bus) disk.cdrom.bus = bus;
    if (disk.lun != null && !disk.lun.bus) disk.lun.bus = bus;
  }
}

// upstream: SetAmd64Defaults (SATA: q35 has no IDE)
export function setAmd64Defaults(spec: VMISpec): void {
  setDefaultDisksBus(spec, 'sata');
}
