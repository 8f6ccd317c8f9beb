// Multus NetworkAttachmentDefinition references and the k8s.v1.cni.cncf.io/networks pod annotation.
// upstream: pkg/network/multus/{nad.go,annotation.go}
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import { RenderError } from '../../errors.js';
import { goJSONMarshal, goJSONString } from '../../util/go/json.js';
import type { Interface, Network } from '../../types/kubevirt.js';
import { createHashedNetworkNameScheme } from './namescheme.js';
import { readNetBindingPluginConfiguration } from './netbinding.js';
import { isSecondaryMultusNetwork, lookupInterfaceByName } from '../../pkg/network/vmispec.js';

// networkv1.NetworkAttachmentAnnot
export const NETWORK_ATTACHMENT_ANNOTATION = 'k8s.v1.cni.cncf.io/networks';
// networkv1.NetworkStatusAnnot
export const NETWORK_STATUS_ANNOTATION = 'k8s.v1.cni.cncf.io/network-status';
// upstream: multus.DefaultNetworkCNIAnnotation
export const DEFAULT_NETWORK_CNI_ANNOTATION = 'v1.multus-cni.io/default-network';

export interface NamespacedName {
  namespace: string;
  name: string;
}

export const namespacedNameString = (n: NamespacedName): string => `${n.namespace}/${n.name}`;

// upstream: multus.NetAttachDefNamespacedName
export function netAttachDefNamespacedName(namespace: string, fullNetworkName: string): NamespacedName {
  const slash = fullNetworkName.indexOf('/');
  if (slash >= 0) {
    return { namespace: fullNetworkName.slice(0, slash), name: fullNetworkName.slice(slash + 1) };
  }
  // upstream panics (precond.MustNotBeEmpty) on an empty namespace; a VMI always has one by render time.
  return { namespace, name: fullNetworkName };
}

/** networkv1.NetworkSelectionElement, limited to the fields KubeVirt sets (JSON field order as upstream). */
export interface NetworkSelectionElement {
  name: string;
  namespace?: string;
  mac?: string;
  interface?: string;
  cniArgs?: Record<string, unknown>;
}

function marshalSelectionElement(element: NetworkSelectionElement): string {
  const fields = [`"name":${goJSONString(element.name)}`];
  if (element.namespace) fields.push(`"namespace":${goJSONString(element.namespace)}`);
  if (element.mac) fields.push(`"mac":${goJSONString(element.mac)}`);
  if (element.interface) fields.push(`"interface":${goJSONString(element.interface)}`);
  if (element.cniArgs !== undefined) fields.push(`"cni-args":${goJSONMarshal(element.cniArgs)}`);
  return `{${fields.join(',')}}`;
}

/** The annotation value for a list of selection elements (upstream: NetworkAnnotationPool.ToString). */
export function marshalNetworkSelectionElements(pool: readonly NetworkSelectionElement[]): string {
  return `[${pool.map(marshalSelectionElement).join(',')}]`;
}

// upstream: multus.GenerateCNIAnnotation
export function generateCNIAnnotation(
  namespace: string,
  interfaces: readonly Interface[],
  networks: readonly Network[],
  config: ClusterConfig,
): string {
  return generateCNIAnnotationFromNameScheme(
    namespace,
    interfaces,
    networks,
    createHashedNetworkNameScheme(networks, config.release),
    config,
  );
}

// upstream: multus.GenerateCNIAnnotationFromNameScheme
export function generateCNIAnnotationFromNameScheme(
  namespace: string,
  interfaces: readonly Interface[],
  networks: readonly Network[],
  networkNameScheme: ReadonlyMap<string, string>,
  config: ClusterConfig | undefined,
): string {
  const pool: NetworkSelectionElement[] = [];
  for (const network of networks) {
    if (isSecondaryMultusNetwork(network)) {
      pool.push(newAnnotationData(namespace, interfaces, network, networkNameScheme.get(network.name) ?? ''));
    }
    if (config?.networkBindingPluginsEnabled()) {
      const iface = lookupInterfaceByName(interfaces, network.name);
      if (iface?.binding) {
        const element = newBindingPluginAnnotationData(config, iface.binding.name, namespace, network.name);
        if (element) pool.push(element);
      }
    }
  }
  return pool.length > 0 ? marshalNetworkSelectionElements(pool) : '';
}

// upstream: multus.NewAnnotationData
export function newAnnotationData(
  namespace: string,
  interfaces: readonly Interface[],
  network: Network,
  podInterfaceName: string,
): NetworkSelectionElement {
  const iface = lookupInterfaceByName(interfaces, network.name);
  const nad = netAttachDefNamespacedName(namespace, network.multus?.networkName ?? '');
  return {
    name: nad.name,
    namespace: nad.namespace,
    mac: iface?.macAddress ?? '',
    interface: podInterfaceName,
  };
}

function newBindingPluginAnnotationData(
  config: ClusterConfig,
  pluginName: string,
  namespace: string,
  networkName: string,
): NetworkSelectionElement | undefined {
  const plugin = readNetBindingPluginConfiguration(config, pluginName);
  if (!plugin) {
    throw new RenderError(
      `unable to find the network binding plugin '${pluginName}' in Kubevirt configuration`,
    );
  }
  if (!plugin.networkAttachmentDefinition) return undefined;
  const nad = netAttachDefNamespacedName(namespace, plugin.networkAttachmentDefinition);
  return { name: nad.name, namespace: nad.namespace, cniArgs: { logicNetworkName: networkName } };
}
