// Pod interface names for the VMI's networks.
// upstream: pkg/network/namescheme/networknamescheme.go
import { createHash } from 'node:crypto';
import type { KubeVirtRelease } from '../../release/release.js';
import type { Network } from '../../types/kubevirt.js';
import type { InterfaceStatus } from '../../pkg/network/vmispec.js';
import {
  filterMultusNonDefaultNetworks,
  isSecondaryMultusNetwork,
  lookUpDefaultNetwork,
  lookupInterfaceStatusByName,
} from '../../pkg/network/vmispec.js';

// kernel interface name limit (15) minus the "-nic" suffix of the bridge binding
const MAX_IFACE_NAME_LEN = 11;
export const HASHED_IFACE_PREFIX = 'pod';
export const PRIMARY_POD_INTERFACE_NAME = 'eth0';

/** Network name -> pod interface name: eth0 for the primary network, pod<hash> for secondary Multus ones. */
// upstream: namescheme.CreateHashedNetworkNameScheme
export function createHashedNetworkNameScheme(
  networks: readonly Network[] | undefined,
  release: KubeVirtRelease,
): Map<string, string> {
  const scheme = new Map<string, string>();
  for (const network of filterMultusNonDefaultNetworks(networks)) {
    scheme.set(network.name, generateHashedInterfaceName(network.name));
  }
  const primary = lookUpDefaultNetwork(networks, release);
  if (primary) scheme.set(primary.name, PRIMARY_POD_INTERFACE_NAME);
  return scheme;
}

// upstream: namescheme.HashedPodInterfaceName
export function hashedPodInterfaceName(
  network: Network,
  ifaceStatuses: readonly InterfaceStatus[] | undefined,
): string {
  if (isSecondaryMultusNetwork(network)) return generateHashedInterfaceName(network.name);
  const status = lookupInterfaceStatusByName(ifaceStatuses, network.name);
  if (status?.podInterfaceName) return status.podInterfaceName;
  return PRIMARY_POD_INTERFACE_NAME;
}

// upstream: namescheme.GenerateHashedInterfaceName
export function generateHashedInterfaceName(networkName: string): string {
  const digest = createHash('sha256').update(networkName, 'utf8').digest('hex');
  return `${HASHED_IFACE_PREFIX}${digest.slice(0, MAX_IFACE_NAME_LEN)}`;
}

/** Network name -> pod interface name: eth0 for the primary network, net1..netN for secondary Multus ones. */
// upstream: namescheme.CreateOrdinalNetworkNameScheme
export function createOrdinalNetworkNameScheme(
  networks: readonly Network[] | undefined,
  release: KubeVirtRelease,
): Map<string, string> {
  const scheme = new Map<string, string>();
  filterMultusNonDefaultNetworks(networks).forEach((network, i) => scheme.set(network.name, `net${i + 1}`));
  const primary = lookUpDefaultNetwork(networks, release);
  if (primary) scheme.set(primary.name, PRIMARY_POD_INTERFACE_NAME);
  return scheme;
}

// upstream: namescheme.OrdinalSecondaryInterfaceName
export function ordinalSecondaryInterfaceName(name: string): boolean {
  return /^net\d+$/.test(name);
}
