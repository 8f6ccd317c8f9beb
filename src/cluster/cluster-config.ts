// The cluster configuration: a KubeVirt CR's spec.configuration laid over a fresh install's defaults.
// upstream: pkg/virt-config/{virt-config.go,configuration.go,feature-gates.go,deprecation}
import type { KubeVirt, KubeVirtConfiguration } from '../types/kubevirt.js';
import { Quantity } from '../quantity/quantity.js';
import { goJsonRoundTrip } from '../vm/go-json.js';
import { KubeVirtRelease, NEWEST_RELEASE } from '../release/release.js';

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
} as const;

/** Gates that are GA in v1.4.0 and therefore always on. */
const GA_FEATURE_GATES: ReadonlySet<string> = new Set([
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

// upstream v1.9.0: pkg/virt-config/featuregate/{active.go,inactive.go}. GA gates are always on; Beta gates are
// on unless listed in developerConfiguration.disabledFeatureGates (an explicit enable wins over a disable).
const V1_9_0_GA_FEATURE_GATES: ReadonlySet<string> = new Set([
  ...GA_FEATURE_GATES,
  'VMLiveUpdateFeatures',
  'NetworkBindingPlugins',
  'DynamicPodInterfaceNaming',
  'VolumesUpdateStrategy',
  'VolumeMigration',
  'DisableCustomSELinuxPolicy',
  'AutoResourceLimitsGate',
  'ClusterProfiler',
  'VMPersistentState',
  'VMExport',
  'PersistentReservation',
  'InstancetypeReferencePolicy',
  'EnableVirtioFsConfigVolumes',
  'ExpandDisks',
  'PanicDevices',
  'LiveUpdateNADRef',
  'VideoConfig',
  'SecureExecution',
  'MigrationPriorityQueue',
]);
const V1_9_0_BETA_FEATURE_GATES: ReadonlySet<string> = new Set([
  'LibvirtHooksServerAndClient',
  'ImageVolume',
  'Snapshot',
  'WorkloadEncryptionSEV',
  'KubevirtSeccompProfile',
  'NodeRestriction',
  'GPUsWithDRA',
  'HostDevicesWithDRA',
  'DeclarativeHotplugVolumes',
  'PasstBinding',
  'PodSecondaryInterfaceNamingUpgrade',
  'ExternalNetResourceInjection',
  'RebootPolicy',
  'Template',
  'VmiMemoryOverheadReport',
  'OptOutRoleAggregation',
]);

export const KUBEVIRT_ANNOTATION_EMULATOR_THREAD_EVEN_PARITY =
  'alpha.kubevirt.io/EmulatorThreadCompleteToEvenParity';
export const KUBEVIRT_ANNOTATION_VGA_FOR_EFI = 'alpha.kubevirt.io/use-vga-display-for-efi-guests';

type Config = KubeVirtConfiguration;
type JsonObject = Record<string, unknown>;

// upstream: configuration.go defaultClusterConfig
function defaultConfiguration(arch: Arch, release: KubeVirtRelease): Config {
  const config = {
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
  if (release.atLeast('v1.9.0')) {
    // upstream v1.9.0: DefaultARCHOVMFPath moved to edk2, the disk verification limit is 2000Mi (was 2000M),
    // and a single kvm hypervisor is configured
    config.developerConfiguration!.diskVerification = { memoryLimit: '2000Mi' };
    config.architectureConfiguration!.amd64!.ovmfPath = '/usr/share/edk2/ovmf';
    (config as { hypervisors?: { name: string }[] }).hypervisors = [{ name: 'kvm' }];
  }
  return config;
}

const isPlainObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Overlay like Go's json.Unmarshal into an existing struct: objects merge, everything else replaces. */
function overlay(base: unknown, override: unknown): unknown {
  if (override === null || override === undefined) return base;
  if (isPlainObject(base) && isPlainObject(override)) {
    const merged: JsonObject = { ...base };
    for (const [key, value] of Object.entries(override)) merged[key] = overlay(base[key], value);
    return merged;
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
    // upstream copies kv.status.defaultArchitecture; a CR read from a file rarely has a status.
    merged.architectureConfiguration.defaultArchitecture =
      this.kubevirt.status?.defaultArchitecture || this.arch;
    const problem = configurationProblem(merged);
    this.config = problem ? defaults : merged;
    this.configurationProblem = problem;
  }

  isFeatureGateEnabled(gate: string): boolean {
    const developer = this.config.developerConfiguration;
    if (this.release.atLeast('v1.9.0')) {
      if (V1_9_0_GA_FEATURE_GATES.has(gate)) return true;
      if ((developer?.featureGates ?? []).includes(gate)) return true;
      const disabled = (developer as { disabledFeatureGates?: string[] } | undefined)?.disabledFeatureGates;
      if ((disabled ?? []).includes(gate)) return false;
      return V1_9_0_BETA_FEATURE_GATES.has(gate);
    }
    if (GA_FEATURE_GATES.has(gate)) return true;
    return (developer?.featureGates ?? []).includes(gate);
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
    if (this.release.atLeast('v1.9.0')) {
      // upstream v1.9.0: no ppc64le case any more (it reads amd64's), s390x has a configurable path
      if (arch === 'arm64') return archConfig?.arm64?.ovmfPath ?? '';
      if (arch === 's390x') {
        return (archConfig as { s390x?: { ovmfPath?: string } } | undefined)?.s390x?.ovmfPath ?? '';
      }
      return archConfig?.amd64?.ovmfPath ?? '';
    }
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
    if (this.release.atLeast('v1.9.0')) {
      // upstream v1.9.0 (virt-config.go): LiveUpdate is the default strategy and needs no gate; read from the
      // CR itself, as the defaults table still holds v1.4.0's Stage
      const chosen = this.kubevirt?.spec?.configuration?.vmRolloutStrategy;
      return chosen === undefined || chosen === null || chosen === 'LiveUpdate';
    }
    if (!this.vmLiveUpdateFeaturesEnabled()) return false;
    return this.config.vmRolloutStrategy === 'LiveUpdate';
  }
  getNetworkBindings(): NonNullable<Config['network']>['binding'] {
    return this.config.network?.binding;
  }
  vgaDisplayForEFIGuestsEnabled(): boolean {
    return KUBEVIRT_ANNOTATION_VGA_FOR_EFI in this.kubevirtAnnotations();
  }
  getInstancetypeReferencePolicy(): string {
    const policy = this.config.instancetype?.referencePolicy;
    if (this.isFeatureGateEnabled(FeatureGate.InstancetypeReferencePolicy) && policy) return policy;
    return 'reference';
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
  persistentReservationEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.PersistentReservation);
  vmPersistentStateEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.VMPersistentState);
  multiArchitectureEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.MultiArchitecture);
  vmLiveUpdateFeaturesEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.VMLiveUpdateFeatures);
  networkBindingPluginsEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.NetworkBindingPlugins);
  autoResourceLimitsEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.AutoResourceLimits);
  alignCPUsEnabled = (): boolean => this.isFeatureGateEnabled(FeatureGate.AlignCPUs);
  dynamicPodInterfaceNamingEnabled = (): boolean =>
    this.isFeatureGateEnabled(FeatureGate.DynamicPodInterfaceNaming);

  // --- gates new in v1.9.0 that the launcher Pod's resources read (featuregate/active.go) ---
  /**
   * upstream v1.9.0 featuregate.IsEnabled for a gate first registered in v1.9.0 as Alpha or Beta: enabled by
   * featureGates, else disabled by disabledFeatureGates, else on when Beta. Before v1.9.0 the gate is unknown (off).
   */
  private isGateNewInV190Enabled(gate: string, state: 'Alpha' | 'Beta'): boolean {
    if (this.release.before('v1.9.0')) return false;
    const developer = this.config.developerConfiguration as
      { featureGates?: string[]; disabledFeatureGates?: string[] } | undefined;
    if (developer?.featureGates?.includes(gate)) return true;
    if (developer?.disabledFeatureGates?.includes(gate)) return false;
    return state === 'Beta';
  }
  /** upstream v1.9.0: ImageVolumeEnabled (Beta since v1.7.0): containerDisks as Kubernetes image volumes. */
  imageVolumeEnabled = (): boolean => this.isGateNewInV190Enabled('ImageVolume', 'Beta');
  /** upstream v1.9.0: PluginsEnabled (Alpha). */
  pluginsEnabled = (): boolean => this.isGateNewInV190Enabled('Plugins', 'Alpha');
  /** Beta in v1.9.0: the template service skips the NetworkAttachmentDefinition lookup. */
  externalNetResourceInjectionEnabled = (): boolean =>
    this.isGateNewInV190Enabled('ExternalNetResourceInjection', 'Beta');
  /** Beta in v1.9.0: the launcher Pod carries the kubevirt.io/memory-overhead-bytes annotation. */
  vmiMemoryOverheadReportEnabled = (): boolean =>
    this.isGateNewInV190Enabled('VmiMemoryOverheadReport', 'Beta');
  gpusWithDRAEnabled = (): boolean => this.isGateNewInV190Enabled('GPUsWithDRA', 'Beta');
  hostDevicesWithDRAEnabled = (): boolean => this.isGateNewInV190Enabled('HostDevicesWithDRA', 'Beta');
  networkDevicesWithDRAEnabled = (): boolean => this.isGateNewInV190Enabled('NetworkDevicesWithDRA', 'Alpha');
  iommufdEnabled = (): boolean => this.isGateNewInV190Enabled('IOMMUFD', 'Alpha');
  configurableHypervisorEnabled = (): boolean =>
    this.isGateNewInV190Enabled('ConfigurableHypervisor', 'Alpha');

  /** upstream v1.9.0: ClusterConfig.GetHypervisor().Name (the first `hypervisors` entry, with the gate; else kvm). */
  getHypervisorName(): string {
    const hypervisors = (this.config as { hypervisors?: { name?: string }[] }).hypervisors;
    if (this.configurableHypervisorEnabled() && hypervisors !== undefined && hypervisors.length > 0) {
      return hypervisors[0]?.name ?? '';
    }
    return 'kvm';
  }
}
