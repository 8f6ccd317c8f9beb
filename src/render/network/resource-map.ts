// Device plugin resources of the VMI's Multus networks.
// upstream: pkg/virt-controller/network/render.go (v1.4.0); pkg/network/multus/nad.go NetworkToResource (v1.9.0)
import { RenderError } from '../../errors.js';
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { ClusterState } from '../../state/cluster-state.js';
import type { VirtualMachineInstance } from '../../types/kubevirt.js';
import type { NetworkAttachmentDefinition } from '../../types/k8s.js';
import { namespacedNameString, netAttachDefNamespacedName } from './multus.js';

export const MULTUS_RESOURCE_NAME_ANNOTATION = 'k8s.v1.cni.cncf.io/resourceName';

/**
 * Network name -> resource name ('' when the NAD names no resource) for every Multus network (default or not).
 * Map order follows spec.networks; upstream's is a Go map (random order when used to emit env vars).
 */
// upstream: network.GetNetworkToResourceMap
export function getNetworkToResourceMap(
  state: ClusterState,
  vmi: VirtualMachineInstance,
): Map<string, string> {
  const result = new Map<string, string>();
  for (const network of vmi.spec.networks ?? []) {
    if (!network.multus) continue;
    const nadName = netAttachDefNamespacedName(vmi.metadata?.namespace ?? '', network.multus.networkName);
    const nad = state.getNetworkAttachmentDefinition(nadName.namespace, nadName.name);
    if (!nad) {
      throw new RenderError(
        `failed to locate network attachment definition ${namespacedNameString(nadName)}`,
      );
    }
    result.set(network.name, resourceNameForNetwork(nad));
  }
  return result;
}

/**
 * The network -> resource map the template service renders with. From v1.9.0, while the Beta gate
 * ExternalNetResourceInjection is on (the default), the NADs are not read at all: no Multus resources are
 * requested (an external injector is assumed) and a missing NAD goes unnoticed.
 * upstream v1.9.0: template.go renderLaunchManifest (multus.NetworkToResource behind the gate)
 */
export function networkToResourceMapForRender(
  config: ClusterConfig,
  state: ClusterState,
  vmi: VirtualMachineInstance,
): Map<string, string> {
  if (config.externalNetResourceInjectionEnabled()) return new Map();
  return getNetworkToResourceMap(state, vmi);
}

function resourceNameForNetwork(nad: NetworkAttachmentDefinition): string {
  return nad.metadata?.annotations?.[MULTUS_RESOURCE_NAME_ANNOTATION] ?? '';
}
