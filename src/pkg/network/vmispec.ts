// Interface/network lookups and predicates over a VMI spec.
// upstream: pkg/network/vmispec/{interface.go,network.go,defaults.go,infosource.go,hotplug.go}
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { KubeVirtRelease } from '../../release/release.js';
import { RenderError } from '../../errors.js';
import { AllowPodBridgeNetworkLiveMigrationAnnotation } from '../../types/constants.js';
import type { Interface, Network, VirtualMachineInstance, VMISpec, VMIStatus } from '../../types/kubevirt.js';

type NetworkBindings = NonNullable<ReturnType<ClusterConfig['getNetworkBindings']>>;
/** One entry of spec.configuration.network.binding (v1.InterfaceBindingPlugin). */
export type InterfaceBindingPlugin = NetworkBindings[string];
/** Binding plugins by name, as returned by ClusterConfig.getNetworkBindings(). */
export type InterfaceBindingPlugins = Record<string, InterfaceBindingPlugin> | undefined;
export type InterfaceStatus = NonNullable<VMIStatus['interfaces']>[number];

// v1.NetworkBindingDownwardAPIType
export const DEVICE_INFO_DOWNWARD_API = 'device-info';

// --- defaults.go ---

/** Types accepted by setDefaultNetworkInterface (upstream: netClusterConfiger). */
export interface NetClusterConfiger {
  getDefaultNetworkInterface(): string;
  isBridgeInterfaceOnPodNetworkEnabled(): boolean;
}

// upstream: vmispec.SetDefaultNetworkInterface
export function setDefaultNetworkInterface(config: NetClusterConfiger, spec: VMISpec): void {
  const devices = spec.domain.devices;
  if (devices.autoattachPodInterface === false) return;
  if ((spec.networks?.length ?? 0) !== 0 || (devices.interfaces?.length ?? 0) !== 0) return;

  switch (config.getDefaultNetworkInterface()) {
    case 'bridge':
      if (!config.isBridgeInterfaceOnPodNetworkEnabled()) {
        throw new RenderError('bridge interface is not enabled in kubevirt-config');
      }
      devices.interfaces = [{ name: 'default', bridge: {} }];
      break;
    case 'masquerade':
      devices.interfaces = [{ name: 'default', masquerade: {} }];
      break;
    case 'slirp':
      throw new RenderError('slirp interface is deprecated as of v1.3');
    default:
      break;
  }
  spec.networks = [{ name: 'default', pod: {} }];
}

// --- interface.go ---

export function filterSRIOVInterfaces(ifaces: readonly Interface[] | undefined): Interface[] {
  return (ifaces ?? []).filter((iface) => iface.sriov !== undefined && iface.sriov !== null);
}

// upstream: vmispec.SRIOVInterfaceExist
export function sriovInterfaceExist(ifaces: readonly Interface[] | undefined): boolean {
  return (ifaces ?? []).some((iface) => iface.sriov !== undefined && iface.sriov !== null);
}

export function filterInterfacesSpec(
  ifaces: readonly Interface[] | undefined,
  predicate: (iface: Interface) => boolean,
): Interface[] {
  return (ifaces ?? []).filter(predicate);
}

// upstream: vmispec.VerifyVMIMigratable
export function verifyVMIMigratable(
  vmi: VirtualMachineInstance,
  bindingPlugins: InterfaceBindingPlugins,
): void {
  const ifaces = vmi.spec.domain.devices.interfaces ?? [];
  if (ifaces.length === 0) return;
  const networks = vmi.spec.networks;
  const allowBridge = AllowPodBridgeNetworkLiveMigrationAnnotation in (vmi.metadata?.annotations ?? {});
  if (allowBridge && isPodNetworkWithBridgeBindingInterface(networks, ifaces)) return;
  if (
    isPodNetworkWithMasqueradeBindingInterface(networks, ifaces) ||
    isPodNetworkWithMigratableBindingPlugin(networks, ifaces, bindingPlugins)
  ) {
    return;
  }
  throw new RenderError(
    `cannot migrate VMI which does not use masquerade, bridge with ${AllowPodBridgeNetworkLiveMigrationAnnotation} VM annotation or a migratable plugin to connect to the pod network`,
  );
}

export function isPodNetworkWithMigratableBindingPlugin(
  networks: readonly Network[] | undefined,
  ifaces: readonly Interface[] | undefined,
  bindingPlugins: InterfaceBindingPlugins,
): boolean {
  const podNetwork = lookupPodNetwork(networks);
  if (!podNetwork) return false;
  const podInterface = lookupInterfaceByName(ifaces, podNetwork.name);
  if (!podInterface?.binding) return false;
  const binding = bindingPlugins?.[podInterface.binding.name];
  return binding !== undefined && binding.migration !== undefined && binding.migration !== null;
}

export function isPodNetworkWithMasqueradeBindingInterface(
  networks: readonly Network[] | undefined,
  ifaces: readonly Interface[] | undefined,
): boolean {
  const podNetwork = lookupPodNetwork(networks);
  if (!podNetwork) return true;
  const podInterface = lookupInterfaceByName(ifaces, podNetwork.name);
  if (!podInterface) return true;
  return podInterface.masquerade !== undefined && podInterface.masquerade !== null;
}

export function isPodNetworkWithBridgeBindingInterface(
  networks: readonly Network[] | undefined,
  ifaces: readonly Interface[] | undefined,
): boolean {
  const podNetwork = lookupPodNetwork(networks);
  if (!podNetwork) return true;
  const podInterface = lookupInterfaceByName(ifaces, podNetwork.name);
  if (!podInterface) return true;
  return podInterface.bridge !== undefined && podInterface.bridge !== null;
}

export function lookupInterfaceStatusByMac(
  interfaces: readonly InterfaceStatus[] | undefined,
  macAddress: string,
): InterfaceStatus | undefined {
  return (interfaces ?? []).find((iface) => (iface.mac ?? '') === macAddress);
}

export function lookupInterfaceStatusByName(
  interfaces: readonly InterfaceStatus[] | undefined,
  name: string,
): InterfaceStatus | undefined {
  return (interfaces ?? []).find((iface) => (iface.name ?? '') === name);
}

/** Later duplicates win, like filling a Go map. */
export function indexInterfaceSpecByName(
  interfaces: readonly Interface[] | undefined,
): Map<string, Interface> {
  const byName = new Map<string, Interface>();
  for (const iface of interfaces ?? []) byName.set(iface.name, iface);
  return byName;
}

// upstream: vmispec.LookupInterfaceByName
export function lookupInterfaceByName(
  ifaces: readonly Interface[] | undefined,
  name: string,
): Interface | undefined {
  return (ifaces ?? []).find((iface) => iface.name === name);
}

export function indexInterfaceStatusByName(
  interfaces: readonly InterfaceStatus[] | undefined,
  predicate?: (status: InterfaceStatus) => boolean,
): Map<string, InterfaceStatus> {
  const byName = new Map<string, InterfaceStatus>();
  for (const iface of interfaces ?? []) {
    if (!predicate || predicate(iface)) byName.set(iface.name ?? '', iface);
  }
  return byName;
}

/** Interfaces in the order of the networks they belong to. */
export function filterInterfacesByNetworks(
  interfaces: readonly Interface[] | undefined,
  networks: readonly Network[] | undefined,
): Interface[] {
  const byName = indexInterfaceSpecByName(interfaces);
  const result: Interface[] = [];
  for (const net of networks ?? []) {
    const iface = byName.get(net.name);
    if (iface) result.push(iface);
  }
  return result;
}

// upstream: vmispec.BindingPluginNetworkWithDeviceInfoExist
export function bindingPluginNetworkWithDeviceInfoExist(
  ifaces: readonly Interface[] | undefined,
  bindingPlugins: InterfaceBindingPlugins,
): boolean {
  return (ifaces ?? []).some((iface) => hasBindingPluginDeviceInfo(iface, bindingPlugins));
}

// upstream: vmispec.HasBindingPluginDeviceInfo
export function hasBindingPluginDeviceInfo(
  iface: Interface,
  bindingPlugins: InterfaceBindingPlugins,
): boolean {
  if (!iface.binding) return false;
  const binding = bindingPlugins?.[iface.binding.name];
  return binding !== undefined && binding.downwardAPI === DEVICE_INFO_DOWNWARD_API;
}

// --- network.go ---

export function lookupNetworkByName(
  networks: readonly Network[] | undefined,
  name: string,
): Network | undefined {
  return (networks ?? []).find((net) => net.name === name);
}

export function lookupPodNetwork(networks: readonly Network[] | undefined): Network | undefined {
  return (networks ?? []).find((net) => net.pod !== undefined && net.pod !== null);
}

// upstream: vmispec.FilterMultusNonDefaultNetworks
export function filterMultusNonDefaultNetworks(networks: readonly Network[] | undefined): Network[] {
  return filterNetworksSpec(networks, isSecondaryMultusNetwork);
}

export function filterNetworksSpec(
  networks: readonly Network[] | undefined,
  predicate: (net: Network) => boolean,
): Network[] {
  return (networks ?? []).filter(predicate);
}

/**
 * The primary network: v1.4.0 the first that is not a secondary Multus network (one without any source
 * counts); v1.9.0 the first pod network or default Multus network (a network with both a pod and a
 * non-default Multus source counts, one without any source does not).
 */
// upstream: vmispec.LookUpDefaultNetwork
export function lookUpDefaultNetwork(
  networks: readonly Network[] | undefined,
  release: KubeVirtRelease,
): Network | undefined {
  if (release.atLeast('v1.9.0')) {
    return (networks ?? []).find((net) => net.pod != null || net.multus?.default === true);
  }
  return (networks ?? []).find((net) => !isSecondaryMultusNetwork(net));
}

// upstream: vmispec.IsSecondaryMultusNetwork
export function isSecondaryMultusNetwork(net: Network): boolean {
  return net.multus !== undefined && net.multus !== null && !net.multus.default;
}

export function indexNetworkSpecByName(networks: readonly Network[] | undefined): Map<string, Network> {
  const byName = new Map<string, Network>();
  for (const net of networks ?? []) byName.set(net.name, net);
  return byName;
}

/** Networks in the order of the interfaces that use them. */
export function filterNetworksByInterfaces(
  networks: readonly Network[] | undefined,
  interfaces: readonly Interface[] | undefined,
): Network[] {
  const byName = indexNetworkSpecByName(networks);
  const result: Network[] = [];
  for (const iface of interfaces ?? []) {
    const net = byName.get(iface.name);
    if (net) result.push(net);
  }
  return result;
}

/** v1.9.0's Network.resourceClaim (a DRA network); v1.4.0's Network has no such source. */
export interface NetworkResourceClaim {
  claimName?: string;
  requestName?: string;
}

export const networkResourceClaimOf = (net: Network): NetworkResourceClaim | undefined =>
  (net as Network & { resourceClaim?: NetworkResourceClaim | null }).resourceClaim ?? undefined;

/**
 * upstream v1.9.0: vmispec.ExtractDRANetworkClaimRequestTuples — `claimName/requestName` of each DRA network
 * that names both, with the index of the first network that uses it.
 */
export function extractDRANetworkClaimRequestTuples(spec: VMISpec): Map<string, number> {
  const firstIndexByKey = new Map<string, number>();
  (spec.networks ?? []).forEach((net, idx) => {
    const claim = networkResourceClaimOf(net);
    if (!claim?.claimName || !claim.requestName) return;
    const key = `${claim.claimName}/${claim.requestName}`;
    if (!firstIndexByKey.has(key)) firstIndexByKey.set(key, idx);
  });
  return firstIndexByKey;
}

// --- infosource.go ---

export const INFO_SOURCE_DOMAIN = 'domain';
export const INFO_SOURCE_GUEST_AGENT = 'guest-agent';
export const INFO_SOURCE_MULTUS_STATUS = 'multus-status';
export const INFO_SOURCE_DOMAIN_AND_GA = `${INFO_SOURCE_DOMAIN}, ${INFO_SOURCE_GUEST_AGENT}`;
const INFO_SOURCE_SEPARATOR = ', ';

export function containsInfoSource(infoSourceData: string, name: string): boolean {
  return infoSourceData.split(INFO_SOURCE_SEPARATOR).includes(name);
}

// --- hotplug.go ---

// upstream: vmispec.NetworksToHotplugWhosePodIfacesAreReady
export function networksToHotplugWhosePodIfacesAreReady(vmi: VirtualMachineInstance): Network[] {
  const ready = indexInterfaceStatusByName(vmi.status?.interfaces, (status) => {
    const source = status.infoSource ?? '';
    return source.includes(INFO_SOURCE_MULTUS_STATUS) && !source.includes(INFO_SOURCE_DOMAIN);
  });
  return (vmi.spec.networks ?? []).filter((net) => ready.has(net.name));
}
