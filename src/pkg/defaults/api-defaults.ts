// The API type defaulters of kubevirt.io/api/core/v1 for a VirtualMachineInstance.
// upstream: staging/src/kubevirt.io/api/core/v1/defaults.go and zz_generated.defaults.go
// (SetObjectDefaults_VirtualMachineInstance). Upstream only calls them from pkg/defaults during
// admission: the core/v1 SchemeBuilder registers no defaulting funcs, so neither virt-api's JSON decode
// nor virt-controller's informers apply them to a stored VMI.
import type { Disk, Probe, VirtualMachineInstance } from '../../types/kubevirt.js';
import { cloneData } from '../../util/clone.js';
import { NEWEST_RELEASE, type KubeVirtRelease } from '../../release/release.js';

type FeatureState = { enabled?: boolean } | null | undefined;

// upstream: SetDefaults_FeatureState (also FeatureAPIC, FeatureVendorID, the SyNICTimer's own flag)
function defaultEnabled(state: FeatureState): void {
  if (state != null && state.enabled == null) state.enabled = true;
}

// upstream: SetDefaults_{HPET,PIT,KVM,RTC,Hyperv}Timer
function defaultPresent(timer: { present?: boolean } | null | undefined): void {
  if (timer != null && timer.present == null) timer.present = true;
}

// upstream: SetDefaults_DiskDevice
function setDefaultsDiskDevice(disk: Disk): void {
  if (disk.disk == null && disk.cdrom == null && disk.lun == null) disk.disk = {};
}

// upstream: SetDefaults_CDRomTarget
function setDefaultsCDRomTarget(cdrom: NonNullable<Disk['cdrom']>): void {
  if (cdrom.readonly == null) cdrom.readonly = true;
  if (!cdrom.tray) cdrom.tray = 'closed';
}

// upstream: SetDefaults_Probe
export function setDefaultsProbe(probe: Probe | null | undefined): void {
  if (probe == null) return;
  if ((probe.timeoutSeconds ?? 0) < 1) probe.timeoutSeconds = 1;
  if ((probe.periodSeconds ?? 0) < 1) probe.periodSeconds = 10;
  if ((probe.successThreshold ?? 0) < 1) probe.successThreshold = 1;
  if ((probe.failureThreshold ?? 0) < 1) probe.failureThreshold = 3;
}

// upstream: SetDefaults_VirtualMachineInstance
function setDefaultsVirtualMachineInstance(vmi: VirtualMachineInstance): void {
  const domain = vmi.spec.domain;
  domain.firmware ??= {};
  domain.features ??= {};
  for (const disk of domain.devices.disks ?? []) setDefaultsDiskDevice(disk);
  for (const input of domain.devices.inputs ?? []) {
    if (!input.bus) input.bus = 'usb';
    if (!input.type) input.type = 'tablet';
  }
  setDefaultsProbe(vmi.spec.readinessProbe);
  setDefaultsProbe(vmi.spec.livenessProbe);
}

/**
 * upstream: SetObjectDefaults_VirtualMachineInstance (mutates). A firmware without UUID gets
 * `firmwareUUID` (upstream: a random v4 UUID); without one the UUID stays unset.
 */
export function setObjectDefaultsVirtualMachineInstance(
  vmi: VirtualMachineInstance,
  firmwareUUID?: string,
  release: KubeVirtRelease = NEWEST_RELEASE,
): void {
  setDefaultsVirtualMachineInstance(vmi);
  const domain = vmi.spec.domain;

  // upstream: SetDefaults_Firmware
  if (domain.firmware != null && !domain.firmware.uuid && firmwareUUID) domain.firmware.uuid = firmwareUUID;

  const timer = domain.clock?.timer;
  if (timer != null) {
    defaultPresent(timer.hpet);
    defaultPresent(timer.kvm);
    defaultPresent(timer.pit);
    defaultPresent(timer.rtc);
    defaultPresent(timer.hyperv);
  }

  const features = domain.features;
  if (features != null) {
    // ACPI is a struct, not a pointer, upstream: it always exists once features do.
    features.acpi ??= {};
    defaultEnabled(features.acpi);
    defaultEnabled(features.apic);
    const hyperv = features.hyperv;
    if (hyperv != null) {
      defaultEnabled(hyperv.relaxed);
      defaultEnabled(hyperv.vapic);
      // upstream: SetDefaults_FeatureSpinlocks
      const spinlocks = hyperv.spinlocks;
      if (spinlocks != null) {
        if (spinlocks.enabled == null) spinlocks.enabled = true;
        if (spinlocks.enabled && spinlocks.spinlocks == null) spinlocks.spinlocks = 4096;
      }
      defaultEnabled(hyperv.vpindex);
      defaultEnabled(hyperv.runtime);
      defaultEnabled(hyperv.synic);
      // upstream: SetDefaults_SyNICTimer, then SetDefaults_FeatureState on Direct
      const synicTimer = hyperv.synictimer;
      if (synicTimer != null) {
        defaultEnabled(synicTimer);
        defaultEnabled(synicTimer.direct);
      }
      defaultEnabled(hyperv.reset);
      defaultEnabled(hyperv.vendorid);
      defaultEnabled(hyperv.frequencies);
      defaultEnabled(hyperv.reenlightenment);
      defaultEnabled(hyperv.tlbflush);
      if (release.atLeast('v1.9.0')) {
        // upstream v1.9.0: TLBFlush carries its own Direct and Extended feature states
        const tlbflush = hyperv.tlbflush as
          { direct?: FeatureState; extended?: FeatureState } | null | undefined;
        defaultEnabled(tlbflush?.direct);
        defaultEnabled(tlbflush?.extended);
      }
      defaultEnabled(hyperv.ipi);
      defaultEnabled(hyperv.evmcs);
    }
    defaultEnabled(features.smm);
    defaultEnabled(features.pvspinlock);
  }

  for (const disk of domain.devices.disks ?? []) {
    setDefaultsDiskDevice(disk);
    if (disk.cdrom != null) setDefaultsCDRomTarget(disk.cdrom);
    defaultEnabled(disk.blockSize?.matchVolume);
  }

  // upstream v1.4.0: SetDefaults_Watchdog, SetDefaults_I6300ESBWatchdog (v1.9.0: the per-architecture
  // defaults set the watchdog instead)
  const watchdog = domain.devices.watchdog;
  if (watchdog != null && release.before('v1.9.0')) {
    watchdog.i6300esb ??= {};
    if (!watchdog.i6300esb.action) watchdog.i6300esb.action = 'reset';
  }

  for (const gpu of domain.devices.gpus ?? []) defaultEnabled(gpu.virtualGPUOptions?.display?.ramFB);

  setDefaultsProbe(vmi.spec.livenessProbe);
  setDefaultsProbe(vmi.spec.readinessProbe);
}

export interface ApiDefaultsOptions {
  /** UUID for a firmware that has none (upstream: random). Without it the UUID stays unset. */
  firmwareUUID?: string;
  /** The release whose defaulters apply (default: the newest). */
  release?: KubeVirtRelease;
}

/** The API type defaulters alone, on a deep copy (not part of upstream's admission-off path). */
export function applyApiDefaults(
  vmi: VirtualMachineInstance,
  options: ApiDefaultsOptions = {},
): VirtualMachineInstance {
  const copy = cloneData(vmi);
  setObjectDefaultsVirtualMachineInstance(copy, options.firmwareUUID, options.release);
  return copy;
}
