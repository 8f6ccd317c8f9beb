// The cluster configuration: a KubeVirt CR's spec.configuration laid over a fresh install's defaults.
// upstream: pkg/virt-config/{virt-config.go,configuration.go,feature-gates.go,deprecation}
import type { KubeVirt, KubeVirtConfiguration } from '../types/kubevirt.js';
import { Quantity } from '../quantity/quantity.js';
import { goJsonRoundTrip } from '../util/go/json-round-trip.js';
import { KubeVirtRelease, NEWEST_RELEASE } from '../release/release.js';
import { isKnownFeatureGate } from '../release/feature-gates.js';

export type Arch = 'amd64' | 'arm64' | 's390x' | 'ppc64le';
export const ARCHES: readonly Arch[] = ['amd64', 'arm64', 's390x', 'ppc64le'];

export const isAMD64 = (arch: string | undefined): boolean => arch === 'amd64';
export const isARM64 = (arch: string | undefined): boolean => arch === 'arm64';
export const isPPC64 = (arch: string | undefined): boolean => arch === 'ppc64le';
export const isS390X = (arch: string | undefined): boolean => arch === 's390x';

export const FeatureGate = {
  ExpandDisks: 'ExpandDisks',
  CPUManager: 'CPUManager',
  Ignition: 'ExperimentalIgnitionSupport',
  HypervStrictCheck: 'HypervStrictCheck',
  Sidecar: 'Sidecar',
  HostDevices: 'HostDevices',
  Snapshot: 'Snapshot',
  VMExport: 'VMExport',
  HotplugVolumes: 'HotplugVolumes',
  HostDisk: 'HostDisk',
  VirtIOFS: 'ExperimentalVirtiofsSupport',
  DownwardMetrics: 'DownwardMetrics',
  Root: 'Root',
  ClusterProfiler: 'ClusterProfiler',
  WorkloadEncryptionSEV: 'WorkloadEncryptionSEV',
  VSOCK: 'VSOCK',
  DisableCustomSELinuxPolicy: 'DisableCustomSELinuxPolicy',
  KubevirtSeccompProfile: 'KubevirtSeccompProfile',
  DisableMediatedDevicesHandling: 'DisableMDEVConfiguration',
  PersistentReservation: 'PersistentReservation',
  VMPersistentState: 'VMPersistentState',
  MultiArchitecture: 'MultiArchitecture',
  VMLiveUpdateFeatures: 'VMLiveUpdateFeatures',
  NetworkBindingPlugins: 'NetworkBindingPlugins',
  AutoResourceLimits: 'AutoResourceLimitsGate',
  AlignCPUs: 'AlignCPUs',
  VolumesUpdateStrategy: 'VolumesUpdateStrategy',
  VolumeMigration: 'VolumeMigration',
  NodeRestriction: 'NodeRestriction',
  DynamicPodInterfaceNaming: 'DynamicPodInterfaceNaming',
  InstancetypeReferencePolicy: 'InstancetypeReferencePolicy',
  // deprecation.go
  LiveMigration: 'LiveMigration',
  SRIOVLiveMigration: 'SRIOVLiveMigration',
  NonRoot: 'NonRoot',
  PSA: 'PSA',
  CPUNodeDiscovery: 'CPUNodeDiscovery',
  NUMA: 'NUMA',
  GPU: 'GPU',
  CommonInstancetypesDeployment: 'CommonInstancetypesDeploymentGate',
  HotplugNICs: 'HotplugNICs',
  BochsDisplayForEFIGuests: 'BochsDisplayForEFIGuests',
  Passt: 'Passt',
  Macvtap: 'Macvtap',
  DockerSELinuxMCSWorkaround: 'DockerSELinuxMCSWorkaround',
  // new by v1.9.0 (pkg/virt-config/featuregate)
  UtilityVolumes: 'UtilityVolumes',
  WorkloadEncryptionTDX: 'WorkloadEncryptionTDX',
  ImageVolume: 'ImageVolume',
  LibvirtHooksServerAndClient: 'LibvirtHooksServerAndClient',
  IncrementalBackup: 'IncrementalBackup',
  VirtIOFSStorageVolumes: 'EnableVirtioFsStorageVolumes',
  VirtIOFSConfigVolumes: 'EnableVirtioFsConfigVolumes',
  GPUsWithDRA: 'GPUsWithDRA',
  HostDevicesWithDRA: 'HostDevicesWithDRA',
  PCINUMAAwareTopology: 'PCINUMAAwareTopology',
  NetworkDevicesWithDRA: 'NetworkDevicesWithDRA',
  DecentralizedLiveMigration: 'DecentralizedLiveMigration',
  ObjectGraph: 'ObjectGraph',
  DeclarativeHotplugVolumes: 'DeclarativeHotplugVolumes',
  PasstBinding: 'PasstBinding',
  ConfigurableHypervisor: 'ConfigurableHypervisor',
  PodSecondaryInterfaceNamingUpgrade: 'PodSecondaryInterfaceNamingUpgrade',
  ExternalNetResourceInjection: 'ExternalNetResourceInjection',
  RebootPolicy: 'RebootPolicy',
  Template: 'Template',
  VmiMemoryOverheadReport: 'VmiMemoryOverheadReport',
  ContainerPathVolumes: 'ContainerPathVolumes',
  ReservedOverheadMemlock: 'ReservedOverheadMemlock',
  OptOutRoleAggregation: 'OptOutRoleAggregation',
  VGPULiveMigration: 'VGPULiveMigration',
  VMStatsCollector: 'VMStatsCollector',
  OCIExport: 'OCIExport',
  Plugins: 'Plugins',
  GraceIOVirtualization: 'GraceIOVirtualization',
  IOMMUFD: 'IOMMUFD',
  FirmwareAutoSelection: 'FirmwareAutoSelection',
  MigrationStallDetection: 'MigrationStallDetection',
  CrossArchitectureVirtualization: 'CrossArchitectureVirtualization',
  PortRangesSpec: 'PortRangesSpec',
  PasstIPStackMigration: 'PasstIPStackMigration',
  VideoConfig: 'VideoConfig',
  PanicDevices: 'PanicDevices',
  LiveUpdateNADRef: 'LiveUpdateNADRef',
  SecureExecution: 'SecureExecution',
  MigrationPriorityQueue: 'MigrationPriorityQueue',
} as const;

/** Gates that are GA in v1.4.0 and therefore always on. */
const GA_FEATURE_GATES_V1_4: ReadonlySet<string> = new Set([
  FeatureGate.LiveMigration,
  FeatureGate.SRIOVLiveMigration,
  FeatureGate.NonRoot,
  FeatureGate.PSA,
  FeatureGate.CPUNodeDiscovery,
  FeatureGate.NUMA,
  FeatureGate.CommonInstancetypesDeployment,
  FeatureGate.GPU,
  FeatureGate.HotplugNICs,
  FeatureGate.BochsDisplayForEFIGuests,
]);

/** upstream v1.9.0: featuregate.State */
export type FeatureGateState = 'Alpha' | 'Beta' | 'GA' | 'Deprecated' | 'Discontinued';

/** Every gate v1.9.0 registers (featuregate/active.go, inactive.go); an unregistered gate is never on. */
const FEATURE_GATE_STATES_V1_9: ReadonlyMap<string, FeatureGateState> = new Map<string, FeatureGateState>([
  // active.go
  [FeatureGate.LibvirtHooksServerAndClient, 'Beta'],
  [FeatureGate.ImageVolume, 'Beta'],
  [FeatureGate.CPUManager, 'Alpha'],
  [FeatureGate.Ignition, 'Alpha'],
  [FeatureGate.HypervStrictCheck, 'Alpha'],
  [FeatureGate.Sidecar, 'Alpha'],
  [FeatureGate.HostDevices, 'Alpha'],
  [FeatureGate.Snapshot, 'Beta'],
  [FeatureGate.HostDisk, 'Alpha'],
  [FeatureGate.DownwardMetrics, 'Alpha'],
  [FeatureGate.Root, 'Alpha'],
  [FeatureGate.WorkloadEncryptionSEV, 'Beta'],
  [FeatureGate.WorkloadEncryptionTDX, 'Alpha'],
  [FeatureGate.VSOCK, 'Alpha'],
  [FeatureGate.KubevirtSeccompProfile, 'Beta'],
  [FeatureGate.AlignCPUs, 'Alpha'],
  [FeatureGate.NodeRestriction, 'Beta'],
  [FeatureGate.VirtIOFSStorageVolumes, 'Alpha'],
  [FeatureGate.GPUsWithDRA, 'Beta'],
  [FeatureGate.HostDevicesWithDRA, 'Beta'],
  [FeatureGate.PCINUMAAwareTopology, 'Alpha'],
  [FeatureGate.NetworkDevicesWithDRA, 'Alpha'],
  [FeatureGate.DecentralizedLiveMigration, 'Alpha'],
  [FeatureGate.DeclarativeHotplugVolumes, 'Beta'],
  [FeatureGate.ObjectGraph, 'Alpha'],
  [FeatureGate.UtilityVolumes, 'Alpha'],
  [FeatureGate.ConfigurableHypervisor, 'Alpha'],
  [FeatureGate.PasstBinding, 'Beta'],
  [FeatureGate.IncrementalBackup, 'Alpha'],
  [FeatureGate.PodSecondaryInterfaceNamingUpgrade, 'Beta'],
  [FeatureGate.ExternalNetResourceInjection, 'Beta'],
  [FeatureGate.RebootPolicy, 'Beta'],
  [FeatureGate.Template, 'Beta'],
  [FeatureGate.VmiMemoryOverheadReport, 'Beta'],
  [FeatureGate.ContainerPathVolumes, 'Alpha'],
  [FeatureGate.ReservedOverheadMemlock, 'Alpha'],
  [FeatureGate.OptOutRoleAggregation, 'Beta'],
  [FeatureGate.VGPULiveMigration, 'Alpha'],
  [FeatureGate.VMStatsCollector, 'Alpha'],
  [FeatureGate.OCIExport, 'Alpha'],
  [FeatureGate.Plugins, 'Alpha'],
  [FeatureGate.GraceIOVirtualization, 'Alpha'],
  [FeatureGate.IOMMUFD, 'Alpha'],
  [FeatureGate.FirmwareAutoSelection, 'Alpha'],
  [FeatureGate.MigrationStallDetection, 'Alpha'],
  [FeatureGate.CrossArchitectureVirtualization, 'Alpha'],
  [FeatureGate.PortRangesSpec, 'Alpha'],
  // inactive.go
  [FeatureGate.LiveMigration, 'GA'],
  [FeatureGate.SRIOVLiveMigration, 'GA'],
  [FeatureGate.NonRoot, 'GA'],
  [FeatureGate.PSA, 'GA'],
  [FeatureGate.CPUNodeDiscovery, 'GA'],
  [FeatureGate.NUMA, 'GA'],
  [FeatureGate.CommonInstancetypesDeployment, 'GA'],
  [FeatureGate.GPU, 'GA'],
  [FeatureGate.HotplugNICs, 'GA'],
  [FeatureGate.BochsDisplayForEFIGuests, 'GA'],
  [FeatureGate.VMLiveUpdateFeatures, 'GA'],
  [FeatureGate.NetworkBindingPlugins, 'GA'],
  [FeatureGate.DynamicPodInterfaceNaming, 'GA'],
  [FeatureGate.VolumesUpdateStrategy, 'GA'],
  [FeatureGate.VolumeMigration, 'GA'],
  [FeatureGate.DisableCustomSELinuxPolicy, 'GA'],
  [FeatureGate.AutoResourceLimits, 'GA'],
  [FeatureGate.ClusterProfiler, 'GA'],
  [FeatureGate.VMPersistentState, 'GA'],
  [FeatureGate.VMExport, 'GA'],
  [FeatureGate.PersistentReservation, 'GA'],
  [FeatureGate.DockerSELinuxMCSWorkaround, 'Deprecated'],
  [FeatureGate.VirtIOFS, 'Discontinued'],
  [FeatureGate.Passt, 'Discontinued'],
  [FeatureGate.Macvtap, 'Discontinued'],
  [FeatureGate.PasstIPStackMigration, 'Discontinued'],
  [FeatureGate.InstancetypeReferencePolicy, 'GA'],
  [FeatureGate.MultiArchitecture, 'Deprecated'],
  [FeatureGate.VirtIOFSConfigVolumes, 'GA'],
  [FeatureGate.DisableMediatedDevicesHandling, 'Deprecated'],
  [FeatureGate.ExpandDisks, 'GA'],
  [FeatureGate.PanicDevices, 'GA'],
  [FeatureGate.LiveUpdateNADRef, 'GA'],
  [FeatureGate.HotplugVolumes, 'Deprecated'],
  [FeatureGate.VideoConfig, 'GA'],
  [FeatureGate.SecureExecution, 'GA'],
  [FeatureGate.MigrationPriorityQueue, 'GA'],
]);

/** The state of a gate in v1.9.0; undefined: not registered there. */
export function featureGateStateV1_9(gate: string): FeatureGateState | undefined {
  return FEATURE_GATE_STATES_V1_9.get(gate);
}

export const KUBEVIRT_ANNOTATION_EMULATOR_THREAD_EVEN_PARITY =
  'alpha.kubevirt.io/EmulatorThreadCompleteToEvenParity';

type Config = KubeVirtConfiguration;
type JsonObject = Record<string, unknown>;

// upstream: configuration.go defaultClusterConfig
function defaultConfiguration(arch: Arch, release: KubeVirtRelease): Config {
  if (release.atLeast('v1.9.0')) return defaultConfigurationV1_9(arch);
  return {
    imagePullPolicy: 'IfNotPresent',
    developerConfiguration: {
      useEmulation: false,
      memoryOvercommit: 100,
      pvcTolerateLessSpaceUpToPercent: 10,
      minimumReservePVCBytes: 131072,
      nodeSelectors: {},
      cpuAllocationRatio: 10,
      diskVerification: { memoryLimit: '2G' },
      logVerbosity: { virtAPI: 2, virtOperator: 2, virtController: 2, virtHandler: 2, virtLauncher: 2 },
    },
    evictionStrategy: 'None',
    migrations: {
      parallelMigrationsPerCluster: 5,
      parallelOutboundMigrationsPerNode: 2,
      nodeDrainTaintKey: 'kubevirt.io/drain',
      bandwidthPerMigration: '0',
      progressTimeout: 150,
      completionTimeoutPerGiB: 150,
      unsafeMigrationOverride: false,
      allowAutoConverge: false,
      allowPostCopy: false,
    },
    cpuRequest: '100m',
    network: {
      defaultNetworkInterface: 'bridge',
      permitSlirpInterface: false,
      permitBridgeInterfaceOnPodNetwork: true,
    },
    smbios: { family: 'KubeVirt', manufacturer: 'KubeVirt', product: 'None' },
    selinuxLauncherType: '',
    supportedGuestAgentVersions: ['2.*', '3.*', '4.*', '5.*'],
    memBalloonStatsPeriod: 10,
    architectureConfiguration: {
      amd64: { ovmfPath: '/usr/share/OVMF', emulatedMachines: ['q35*', 'pc-q35*'], machineType: 'q35' },
      arm64: { ovmfPath: '/usr/share/AAVMF', emulatedMachines: ['virt*'], machineType: 'virt' },
      ppc64le: { ovmfPath: '/usr/share/OVMF', emulatedMachines: ['pseries*'], machineType: 'pseries' },
      defaultArchitecture: arch,
    },
    liveUpdateConfiguration: { maxHotplugRatio: 4 },
    vmRolloutStrategy: 'Stage',
  } as Config;
}

// upstream v1.9.0: configuration.go defaultClusterConfig (edk2 OVMF path, ppc64le gone and s390x configured,
// disk verification limit 2000Mi, migration max downtime and utility-volume timeout, LiveUpdate rollout,
// the KVM hypervisor). Written out whole rather than patched over v1.4.0's so each release reads as one.
function defaultConfigurationV1_9(arch: Arch): Config {
  return {
    imagePullPolicy: 'IfNotPresent',
    developerConfiguration: {
      useEmulation: false,
      memoryOvercommit: 100,
      pvcTolerateLessSpaceUpToPercent: 10,
      minimumReservePVCBytes: 131072,
      nodeSelectors: {},
      cpuAllocationRatio: 10,
      diskVerification: { memoryLimit: '2000Mi' },
      logVerbosity: { virtAPI: 2, virtOperator: 2, virtController: 2, virtHandler: 2, virtLauncher: 2 },
    },
    evictionStrategy: 'None',
    migrations: {
      parallelMigrationsPerCluster: 5,
      parallelOutboundMigrationsPerNode: 2,
      nodeDrainTaintKey: 'kubevirt.io/drain',
      bandwidthPerMigration: '0',
      progressTimeout: 150,
      completionTimeoutPerGiB: 150,
      maxDowntimeMs: 900,
      utilityVolumesTimeout: 150,
      unsafeMigrationOverride: false,
      allowAutoConverge: false,
      allowPostCopy: false,
    },
    cpuRequest: '100m',
    network: {
      defaultNetworkInterface: 'bridge',
      permitSlirpInterface: false,
      permitBridgeInterfaceOnPodNetwork: true,
    },
    smbios: { family: 'KubeVirt', manufacturer: 'KubeVirt', product: 'None' },
    selinuxLauncherType: '',
    supportedGuestAgentVersions: ['2.*', '3.*', '4.*', '5.*'],
    memBalloonStatsPeriod: 10,
    architectureConfiguration: {
      amd64: { ovmfPath: '/usr/share/edk2/ovmf', emulatedMachines: ['q35*', 'pc-q35*'], machineType: 'q35' },
      arm64: { ovmfPath: '/usr/share/AAVMF', emulatedMachines: ['virt*'], machineType: 'virt' },
      s390x: { ovmfPath: '', emulatedMachines: ['s390-ccw-virtio*'], machineType: 's390-ccw-virtio' },
      defaultArchitecture: arch,
    },
    liveUpdateConfiguration: { maxHotplugRatio: 4 },
    vmRolloutStrategy: 'LiveUpdate',
    hypervisors: [{ name: 'kvm' }],
  } as Config;
}

const isPlainObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Overlay like Go's json.Unmarshal into an existing struct: objects merge; a list decodes element by element
 * into the existing list (golang/go#21092: `hypervisors: [{}]` keeps the default's `name: kvm`), then ends
 * where the override's ends; everything else replaces.
 */
function overlay(base: unknown, override: unknown): unknown {
  if (override === null || override === undefined) return base;
  if (isPlainObject(base) && isPlainObject(override)) {
    const merged: JsonObject = { ...base };
    for (const [key, value] of Object.entries(override)) merged[key] = overlay(base[key], value);
    return merged;
  }
  if (Array.isArray(base) && Array.isArray(override)) {
    return override.map((item: unknown, i) =>
      i < base.length ? overlay(base[i], item) : structuredClone(item),
    );
  }
  return structuredClone(override);
}

/** Why the KubeVirt CR's configuration would be rejected (upstream then keeps the last good config). */
function configurationProblem(config: Config): string | undefined {
  const pullPolicy = config.imagePullPolicy ?? '';
  if (!['', 'Always', 'Never', 'IfNotPresent'].includes(pullPolicy)) {
    return `invalid dev.imagePullPolicy in config: ${pullPolicy}`;
  }
  const dev = config.developerConfiguration ?? {};
  if ((dev.memoryOvercommit ?? 0) <= 0)
    return `invalid memoryOvercommit in ConfigMap: ${dev.memoryOvercommit ?? 0}`;
  if ((dev.cpuAllocationRatio ?? 0) <= 0) {
    return `invalid cpu allocation ratio in ConfigMap: ${dev.cpuAllocationRatio ?? 0}`;
  }
  const toleration = dev.pvcTolerateLessSpaceUpToPercent ?? 0;
  if (toleration < 0 || toleration > 100) return `invalid lessPVCSpaceToleration in ConfigMap: ${toleration}`;
  const iface = config.network?.defaultNetworkInterface ?? '';
  if (!['', 'bridge', 'slirp', 'masquerade'].includes(iface)) {
    return `invalid default-network-interface in config: ${iface}`;
  }
  return undefined;
}

export type SupportContainerType =
  'hotplug-disk' | 'container-disk' | 'virtiofs' | 'sidecar' | 'guest-console-log';

export interface ClusterConfigOptions {
  /** The architecture virt-controller runs on (runtime.GOARCH upstream). */
  arch?: Arch;
  /** The KubeVirt CR; absent means a fresh install. */
  kubevirt?: KubeVirt;
  /** The KubeVirt release to reproduce (default: the newest supported). */
  release?: KubeVirtRelease;
}

export class ClusterConfig {
  readonly arch: Arch;
  /** The KubeVirt release whose behaviour every stage reproduces. */
  readonly release: KubeVirtRelease;
  readonly kubevirt: KubeVirt | undefined;
  readonly config: Config;
  /** Set when the CR's configuration was invalid and the defaults were used instead. */
  readonly configurationProblem: string | undefined;

  constructor(options: ClusterConfigOptions = {}) {
    this.arch = options.arch ?? 'amd64';
    this.release = options.release ?? NEWEST_RELEASE;
    this.kubevirt = options.kubevirt;
    const defaults = defaultConfiguration(this.arch, this.release);
    if (!this.kubevirt) {
      this.config = defaults;
      this.configurationProblem = undefined;
      return;
    }
    // upstream: setConfigFromKubeVirt marshals the CR's (Go-decoded) configuration and unmarshals that over
    // the defaults, so omitempty fields holding their zero value (memoryOvercommit: 0, cpuRequest absent, ...)
    // keep the default instead of overriding it.
    const overrides = goJsonRoundTrip(
      this.kubevirt.spec?.configuration ?? {},
      'KubeVirtConfiguration',
      this.release,
    );
    const merged = overlay(defaults, overrides) as Config;
    merged.architectureConfiguration ??= {};
    // upstream: setConfigFromKubeVirt copies kv.status.defaultArchitecture, which virt-operator sets
    // (util/config.go SetDefaultArchitecture) to the spec's defaultArchitecture when there is one, else keeps
    // the status's, else sets its own architecture (--arch here): a CR read from a file rarely has a status.
    merged.architectureConfiguration.defaultArchitecture =
      this.kubevirt.spec?.configuration?.architectureConfiguration?.defaultArchitecture ||
      this.kubevirt.status?.defaultArchitecture ||
      this.arch;
    const problem = configurationProblem(merged);
    this.config = problem ? defaults : merged;
    this.configurationProblem = problem;
  }

  isFeatureGateEnabled(gate: string): boolean {
    const listed = (this.config.developerConfiguration?.featureGates ?? []).includes(gate);
    if (this.release.atLeast('v1.9.0')) {
      // upstream v1.9.0: featuregate.IsEnabled (GA always on; listed on; disabled off; else Beta's default)
      const state = FEATURE_GATE_STATES_V1_9.get(gate);
      if (state === undefined) return false;
      if (state === 'GA' || listed) return true;
      if (this.disabledFeatureGates().includes(gate)) return false;
      return state === 'Beta';
    }
    if (GA_FEATURE_GATES_V1_4.has(gate)) return true;
    return listed && isKnownFeatureGate(this.release, gate);
  }

  /** developerConfiguration.disabledFeatureGates (v1.9.0): Beta gates switched off. */
  disabledFeatureGates(): string[] {
    const dev = this.config.developerConfiguration as { disabledFeatureGates?: string[] } | undefined;
    return dev?.disabledFeatureGates ?? [];
  }

  /** The gates listed in developerConfiguration.featureGates. */
  listedFeatureGates(): string[] {
    return this.config.developerConfiguration?.featureGates ?? [];
  }

  kubevirtAnnotations(): Record<string, string> {
    return this.kubevirt?.metadata?.annotations ?? {};
  }

  // --- getters (virt-config.go) ---
  getMemBalloonStatsPeriod(): number {
    return this.config.memBalloonStatsPeriod ?? 10;
  }
  allowEmulation(): boolean {
    return this.config.developerConfiguration?.useEmulation ?? false;
  }
  getImagePullPolicy(): string {
    return this.config.imagePullPolicy ?? '';
  }
  getMachineType(arch: string): string {
    if (this.config.machineType) return this.config.machineType;
    const archConfig = this.config.architectureConfiguration;
    if (this.release.atLeast('v1.9.0')) return this.archSpecific(arch)?.machineType ?? '';
    switch (arch) {
      case 'arm64':
        return archConfig?.arm64?.machineType ?? '';
      case 'ppc64le':
        return archConfig?.ppc64le?.machineType ?? '';
      case 's390x':
        return 's390-ccw-virtio';
      default:
        return archConfig?.amd64?.machineType ?? '';
    }
  }
  /** upstream v1.9.0: the architecture's own configuration (ppc64le has none: it falls to amd64's). */
  private archSpecific(
    arch: string,
  ): { ovmfPath?: string; emulatedMachines?: string[]; machineType?: string } | undefined {
    const archConfig = this.config.architectureConfiguration as
      | Record<string, { ovmfPath?: string; emulatedMachines?: string[]; machineType?: string } | undefined>
      | undefined;
    if (arch === 'arm64' || arch === 's390x') return archConfig?.[arch];
    return archConfig?.amd64;
  }
  getCPUModel(): string {
    return this.config.cpuModel ?? '';
  }
  getCPURequest(): Quantity | undefined {
    const value = this.config.cpuRequest;
    return value === undefined ? undefined : Quantity.parse(value);
  }
  getMemoryOvercommit(): number {
    return this.config.developerConfiguration?.memoryOvercommit ?? 0;
  }
  getEmulatedMachines(arch: string): string[] {
    if (this.config.emulatedMachines) return this.config.emulatedMachines;
    const archConfig = this.config.architectureConfiguration;
    if (this.release.atLeast('v1.9.0')) return this.archSpecific(arch)?.emulatedMachines ?? [];
    switch (arch) {
      case 'arm64':
        return archConfig?.arm64?.emulatedMachines ?? [];
      case 'ppc64le':
        return archConfig?.ppc64le?.emulatedMachines ?? [];
      case 's390x':
        return ['s390-ccw-virtio*'];
      default:
        return archConfig?.amd64?.emulatedMachines ?? [];
    }
  }
  getNodeSelectors(): Record<string, string> {
    return this.config.developerConfiguration?.nodeSelectors ?? {};
  }
  getDefaultNetworkInterface(): string {
    return this.config.network?.defaultNetworkInterface ?? '';
  }
  getDefaultArchitecture(): string {
    return this.config.architectureConfiguration?.defaultArchitecture ?? '';
  }
  isSlirpInterfaceEnabled(): boolean {
    return this.config.network?.permitSlirpInterface ?? false;
  }
  isBridgeInterfaceOnPodNetworkEnabled(): boolean {
    return this.config.network?.permitBridgeInterfaceOnPodNetwork ?? false;
  }
  getSMBIOS(): Config['smbios'] {
    return this.config.smbios;
  }
  getSELinuxLauncherType(): string {
    return this.config.selinuxLauncherType ?? '';
  }
  getDefaultRuntimeClass(): string {
    return this.config.defaultRuntimeClass ?? '';
  }
  getSupportedAgentVersions(): string[] {
    return this.config.supportedGuestAgentVersions ?? [];
  }
  getOVMFPath(arch: string): string {
    if (this.config.ovmfPath) return this.config.ovmfPath;
    const archConfig = this.config.architectureConfiguration;
    if (this.release.atLeast('v1.9.0')) return this.archSpecific(arch)?.ovmfPath ?? '';
    switch (arch) {
      case 'arm64':
        return archConfig?.arm64?.ovmfPath ?? '';
      case 'ppc64le':
        return archConfig?.ppc64le?.ovmfPath ?? '';
      case 's390x':
        return '';
      default:
        return archConfig?.amd64?.ovmfPath ?? '';
    }
  }
  getCPUAllocationRatio(): number {
    return this.config.developerConfiguration?.cpuAllocationRatio ?? 0;
  }
  getMinimumClusterTSCFrequency(): number | undefined {
    return this.config.developerConfiguration?.minimumClusterTSCFrequency;
  }
  getPermittedHostDevices(): Config['permittedHostDevices'] {
    return this.config.permittedHostDevices;
  }
  getSupportContainerRequest(type: SupportContainerType, resource: string): Quantity | undefined {
    return this.supportContainerQuantity(type, resource, 'requests');
  }
  getSupportContainerLimit(type: SupportContainerType, resource: string): Quantity | undefined {
    return this.supportContainerQuantity(type, resource, 'limits');
  }
  private supportContainerQuantity(
    type: SupportContainerType,
    resource: string,
    kind: 'requests' | 'limits',
  ): Quantity | undefined {
    for (const entry of this.config.supportContainerResources ?? []) {
      if (entry.type !== type) continue;
      const raw = (entry.resources?.[kind] as Record<string, string | number> | undefined)?.[resource];
      if (raw === undefined) continue;
      const quantity = Quantity.parse(raw);
      if (!quantity.isZero()) return quantity;
    }
    return undefined;
  }
  getVirtLauncherVerbosity(): number {
    return this.config.developerConfiguration?.logVerbosity?.virtLauncher ?? 0;
  }
  getMinCPUModel(): string {
    return this.config.minCPUModel ?? '';
  }
  getObsoleteCPUModels(): Record<string, boolean> {
    return (this.config.obsoleteCPUModels as Record<string, boolean> | undefined) ?? {};
  }
  getClusterCPUArch(): Arch {
    return this.arch;
  }
  getDeveloperConfigurationUseEmulation(): boolean {
    return this.config.developerConfiguration?.useEmulation ?? false;
  }
  getVMStateStorageClass(): string {
    return this.config.vmStateStorageClass ?? '';
  }
  isFreePageReportingDisabled(): boolean {
    return this.config.virtualMachineOptions?.disableFreePageReporting !== undefined;
  }
  isSerialConsoleLogDisabled(): boolean {
    return this.config.virtualMachineOptions?.disableSerialConsoleLog !== undefined;
  }
  getMaximumCpuSockets(): number {
    return this.config.liveUpdateConfiguration?.maxCpuSockets ?? 0;
  }
  getMaximumGuestMemory(): Quantity | undefined {
    const value = this.config.liveUpdateConfiguration?.maxGuest;
    return value === undefined ? undefined : Quantity.parse(value);
  }
  getMaxHotplugRatio(): number {
    const live = this.config.liveUpdateConfiguration;
    if (!live) return 1;
    return live.maxHotplugRatio ?? 0;
  }
  isVMRolloutStrategyLiveUpdate(): boolean {
    // upstream v1.9.0: the VMLiveUpdateFeatures gate is GA and no longer consulted; unset means LiveUpdate
    if (this.release.atLeast('v1.9.0')) {
      const strategy = this.config.vmRolloutStrategy;
      return strategy === undefined || strategy === null || strategy === 'LiveUpdate';
    }
    if (!this.vmLiveUpdateFeaturesEnabled()) return false;
    return this.config.vmRolloutStrategy === 'LiveUpdate';
  }
  getNetworkBindings(): NonNullable<Config['network']>['binding'] {
    return this.config.network?.binding;
  }
  getInstancetypeReferencePolicy(): string {
    const policy = this.config.instancetype?.referencePolicy;
    if (this.isFeatureGateEnabled(FeatureGate.InstancetypeReferencePolicy) && policy) return policy;
    return 'reference';
  }
  /** upstream v1.9.0: GetHypervisor: the first configured one with ConfigurableHypervisor, else KVM. */
  getHypervisorName(): string {
    const hypervisors = (this.config as { hypervisors?: { name?: string }[] }).hypervisors;
    if (this.configurableHypervisorEnabled() && hypervisors && hypervisors.length > 0) {
      return hypervisors[0]?.name ?? '';
    }
    return 'kvm';
  }
  getSeccompConfiguration(): Config['seccompConfiguration'] {
    return this.config.seccompConfiguration;
  }
  getEvictionStrategy(): string | undefined {
    return this.config.evictionStrategy;
  }
  /** developerConfiguration.diskVerification.memoryLimit in bytes (upstream: GetDiskVerification().MemoryLimit.Value()). */
  getDiskVerificationMemoryLimitBytes(): bigint {
    const limit = this.config.developerConfiguration?.diskVerification?.memoryLimit;
    return limit === undefined ? 0n : Quantity.parse(limit).value();
  }

  // --- feature gates (feature-gates.go) ---
  expandDisksEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.ExpandDisks);
  cpuManagerEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.CPUManager);
  numaEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.NUMA);
  downwardMetricsEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.DownwardMetrics);
  ignitionEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.Ignition);
  hypervStrictCheckEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.HypervStrictCheck);
  sidecarEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.Sidecar);
  gpuPassthroughEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.GPU);
  hotplugVolumesEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.HotplugVolumes);
  hostDiskEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.HostDisk);
  virtiofsEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.VirtIOFS);
  hostDevicesPassthroughEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.HostDevices);
  rootEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.Root);
  workloadEncryptionSEVEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.WorkloadEncryptionSEV);
  dockerSELinuxMCSWorkaroundEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.DockerSELinuxMCSWorkaround);
  vsockEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.VSOCK);
  customSELinuxPolicyDisabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.DisableCustomSELinuxPolicy);
  kubevirtSeccompProfileEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.KubevirtSeccompProfile);
  persistentReservationEnabled = (): boolean => {
    if (this.release.atLeast('v1.9.0')) {
      // upstream v1.9.0: PersistentReservationEnabled: persistentReservationConfiguration.enabled, else the
      // gate literally listed (its GA state does not switch the feature on)
      const enabled = (this.config as { persistentReservationConfiguration?: { enabled?: boolean } })
        .persistentReservationConfiguration?.enabled;
      if (enabled !== undefined && enabled !== null) return enabled;
      return this.listedFeatureGates().includes(FeatureGate.PersistentReservation);
    }
    return this.isFeatureGateEnabled(FeatureGate.PersistentReservation);
  };
  vmPersistentStateEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.VMPersistentState);
  multiArchitectureEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.MultiArchitecture);
  vmLiveUpdateFeaturesEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.VMLiveUpdateFeatures);
  networkBindingPluginsEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.NetworkBindingPlugins);
  autoResourceLimitsEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.AutoResourceLimits);
  alignCPUsEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.AlignCPUs);
  dynamicPodInterfaceNamingEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.DynamicPodInterfaceNaming);
  // v1.9.0 gates (off in v1.4.0, where they are not registered)
  snapshotEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.Snapshot);
  utilityVolumesEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.UtilityVolumes);
  virtiofsStorageEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.VirtIOFSStorageVolumes);
  virtiofsConfigVolumesEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.VirtIOFSConfigVolumes);
  panicDevicesEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.PanicDevices);
  videoConfigEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.VideoConfig);
  workloadEncryptionTDXEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.WorkloadEncryptionTDX);
  crossArchitectureVirtualizationEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.CrossArchitectureVirtualization);
  imageVolumeEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.ImageVolume);
  libvirtHooksServerAndClientEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.LibvirtHooksServerAndClient);
  nodeRestrictionEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.NodeRestriction);
  declarativeHotplugVolumesEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.DeclarativeHotplugVolumes);
  passtBindingEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.PasstBinding);
  gpusWithDRAEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.GPUsWithDRA);
  hostDevicesWithDRAEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.HostDevicesWithDRA);
  networkDevicesWithDRAEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.NetworkDevicesWithDRA);
  anyDeviceDRAEnabled = (): boolean =>
    this.gpusWithDRAEnabled() || this.hostDevicesWithDRAEnabled() || this.networkDevicesWithDRAEnabled();
  configurableHypervisorEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.ConfigurableHypervisor);
  portRangesSpecEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.PortRangesSpec);
  pciNUMAAwareTopologyEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.PCINUMAAwareTopology);
  incrementalBackupEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.IncrementalBackup);
  podSecondaryInterfaceNamingUpgradeEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.PodSecondaryInterfaceNamingUpgrade);
  externalNetResourceInjectionEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.ExternalNetResourceInjection);
  rebootPolicyEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.RebootPolicy);
  vmiMemoryOverheadReportEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.VmiMemoryOverheadReport);
  templateEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.Template);
  containerPathVolumesEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.ContainerPathVolumes);
  reservedOverheadMemlockEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.ReservedOverheadMemlock);
  vgpuLiveMigrationEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.VGPULiveMigration);
  graceIOVirtualizationEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.GraceIOVirtualization);
  iommufdEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.IOMMUFD);
  firmwareAutoSelectionEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.FirmwareAutoSelection);
  pluginsEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.Plugins);
  decentralizedLiveMigrationEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.DecentralizedLiveMigration);
}
