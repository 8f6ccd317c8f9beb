// The feature gate names each reproduced release knows (alpha, beta, GA, deprecated and discontinued alike),
// to warn about a name in the KubeVirt CR that the release would silently ignore (a typo, a gate of another
// release).
// upstream v1.4.0: pkg/virt-config/feature-gates.go, pkg/virt-config/deprecation/{feature-gates,macvtap,passt}.go
// upstream v1.9.0: pkg/virt-config/featuregate/*.go
import { NEWEST_RELEASE, type KubeVirtRelease } from './release.js';

const V1_4_0_GATES = [
  'AlignCPUs',
  'AutoResourceLimitsGate',
  'BochsDisplayForEFIGuests',
  'CPUManager',
  'CPUNodeDiscovery',
  'ClusterProfiler',
  'CommonInstancetypesDeploymentGate',
  'DisableCustomSELinuxPolicy',
  'DisableMDEVConfiguration',
  'DockerSELinuxMCSWorkaround',
  'DownwardMetrics',
  'DynamicPodInterfaceNaming',
  'ExpandDisks',
  'ExperimentalIgnitionSupport',
  'ExperimentalVirtiofsSupport',
  'GPU',
  'HostDevices',
  'HostDisk',
  'HotplugNICs',
  'HotplugVolumes',
  'HypervStrictCheck',
  'InstancetypeReferencePolicy',
  'KubevirtSeccompProfile',
  'LiveMigration',
  'Macvtap',
  'MultiArchitecture',
  'NUMA',
  'NetworkBindingPlugins',
  'NodeRestriction',
  'NonRoot',
  'PSA',
  'Passt',
  'PersistentReservation',
  'Root',
  'SRIOVLiveMigration',
  'Sidecar',
  'Snapshot',
  'VMExport',
  'VMLiveUpdateFeatures',
  'VMPersistentState',
  'VSOCK',
  'VolumeMigration',
  'VolumesUpdateStrategy',
  'WorkloadEncryptionSEV',
] as const;

const V1_9_0_GATES = [
  'AlignCPUs',
  'AutoResourceLimitsGate',
  'BochsDisplayForEFIGuests',
  'CPUManager',
  'CPUNodeDiscovery',
  'ClusterProfiler',
  'CommonInstancetypesDeploymentGate',
  'ConfigurableHypervisor',
  'ContainerPathVolumes',
  'CrossArchitectureVirtualization',
  'DecentralizedLiveMigration',
  'DeclarativeHotplugVolumes',
  'DisableCustomSELinuxPolicy',
  'DisableMDEVConfiguration',
  'DockerSELinuxMCSWorkaround',
  'DownwardMetrics',
  'DynamicPodInterfaceNaming',
  'EnableVirtioFsConfigVolumes',
  'EnableVirtioFsStorageVolumes',
  'ExpandDisks',
  'ExperimentalIgnitionSupport',
  'ExperimentalVirtiofsSupport',
  'ExternalNetResourceInjection',
  'FirmwareAutoSelection',
  'GPU',
  'GPUsWithDRA',
  'GraceIOVirtualization',
  'HostDevices',
  'HostDevicesWithDRA',
  'HostDisk',
  'HotplugNICs',
  'HotplugVolumes',
  'HypervStrictCheck',
  'IOMMUFD',
  'ImageVolume',
  'IncrementalBackup',
  'InstancetypeReferencePolicy',
  'KubevirtSeccompProfile',
  'LibvirtHooksServerAndClient',
  'LiveMigration',
  'LiveUpdateNADRef',
  'Macvtap',
  'MigrationPriorityQueue',
  'MigrationStallDetection',
  'MultiArchitecture',
  'NUMA',
  'NetworkBindingPlugins',
  'NetworkDevicesWithDRA',
  'NodeRestriction',
  'NonRoot',
  'OCIExport',
  'ObjectGraph',
  'OptOutRoleAggregation',
  'PCINUMAAwareTopology',
  'PSA',
  'PanicDevices',
  'Passt',
  'PasstBinding',
  'PasstIPStackMigration',
  'PersistentReservation',
  'Plugins',
  'PodSecondaryInterfaceNamingUpgrade',
  'PortRangesSpec',
  'RebootPolicy',
  'ReservedOverheadMemlock',
  'Root',
  'SRIOVLiveMigration',
  'SecureExecution',
  'Sidecar',
  'Snapshot',
  'Template',
  'UtilityVolumes',
  'VGPULiveMigration',
  'VMExport',
  'VMLiveUpdateFeatures',
  'VMPersistentState',
  'VMStatsCollector',
  'VSOCK',
  'VideoConfig',
  'VmiMemoryOverheadReport',
  'VolumeMigration',
  'VolumesUpdateStrategy',
  'WorkloadEncryptionSEV',
  'WorkloadEncryptionTDX',
] as const;

/** Every feature gate name the release registers. */
export function knownFeatureGates(release: KubeVirtRelease): readonly string[] {
  return release.atLeast('v1.9.0') ? V1_9_0_GATES : V1_4_0_GATES;
}

const V1_4_0_GATE_SET: ReadonlySet<string> = new Set(V1_4_0_GATES);
const V1_9_0_GATE_SET: ReadonlySet<string> = new Set(V1_9_0_GATES);

/**
 * Whether the release registers the gate at all. A release ignores a gate it does not register, even when
 * its KubeVirt CR lists it: v1.4.0's code tests only its own gates, while the port shares code paths with
 * later releases that test newer ones (ImageVolume, say).
 */
export function isKnownFeatureGate(release: KubeVirtRelease, gate: string): boolean {
  return (release.atLeast('v1.9.0') ? V1_9_0_GATE_SET : V1_4_0_GATE_SET).has(gate);
}

/** Gates whose refusal message words them otherwise. */
const GATE_WORDING: Readonly<Record<string, string>> = { bindingplugins: 'NetworkBindingPlugins' };

/**
 * Where to enable the feature gate a refusal names (`HostDisk feature gate is not enabled`), or ''.
 * upstream words the gate loosely ("Host Devices", "sidecar"): matched without case and spaces.
 */
export function featureGateHint(message: string): string {
  const match = /(?:^|[:,.] ?)([A-Za-z][A-Za-z0-9 ]*?) feature gate (?:is )?not enabled/.exec(message);
  if (!match) return '';
  const words = match[1]!.replace(/ /g, '').toLowerCase();
  const gate =
    GATE_WORDING[words] ?? knownFeatureGates(NEWEST_RELEASE).find((known) => known.toLowerCase() === words);
  if (!gate) return '';
  return ` (enable it: add "${gate}" to spec.configuration.developerConfiguration.featureGates of the --cluster-config KubeVirt CR)`;
}
