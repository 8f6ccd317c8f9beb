// Network-related annotations of a new virt-launcher pod.
// upstream: pkg/network/pod/annotations/generator.go Generator.Generate
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { ClusterState } from '../../state/cluster-state.js';
import type { VirtualMachineInstance } from '../../types/kubevirt.js';
import { ISTIO_KUBEVIRT_TRAFFIC_ANNOTATION, ISTIO_REROUTE_VIRTUAL_INTERFACES_ANNOTATION } from './istio.js';
import {
  DEFAULT_NETWORK_CNI_ANNOTATION,
  NETWORK_ATTACHMENT_ANNOTATION,
  generateCNIAnnotation,
} from './multus.js';
import {
  filterInterfacesSpec,
  filterNetworksByInterfaces,
  filterNetworksSpec,
} from '../../pkg/network/vmispec.js';

/** Bridge the istio proxy treats as the VM's interface (masquerade binding). */
const ISTIO_DEFAULT_BRIDGE_NAME = 'k6t-eth0';

/**
 * The annotations upstream's network annotations generator adds to the launcher pod:
 * k8s.v1.cni.cncf.io/networks, v1.multus-cni.io/default-network, traffic.sidecar.istio.io/kubevirtInterfaces
 * (and, from v1.9.0, istio.io/reroute-virtual-interfaces).
 * `state` is unused (upstream's generator reads no cluster objects); it is accepted for symmetry with the other
 * render steps.
 */
export function generateNetworkAnnotations(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  _state?: ClusterState,
): Record<string, string> {
  const devices = vmi.spec.domain.devices;
  const nonAbsentIfaces = filterInterfacesSpec(devices.interfaces, (iface) => iface.state !== 'absent');
  const nonAbsentNets = filterNetworksByInterfaces(vmi.spec.networks, nonAbsentIfaces);
  const multusAnnotation = generateCNIAnnotation(
    vmi.metadata?.namespace ?? '',
    nonAbsentIfaces,
    nonAbsentNets,
    config,
  );

  const annotations: Record<string, string> = {};
  if (multusAnnotation !== '') annotations[NETWORK_ATTACHMENT_ANNOTATION] = multusAnnotation;

  const defaultMultusNetworks = filterNetworksSpec(vmi.spec.networks, (net) => net.multus?.default === true);
  const firstDefault = defaultMultusNetworks[0];
  if (firstDefault?.multus) annotations[DEFAULT_NETWORK_CNI_ANNOTATION] = firstDefault.multus.networkName;

  if (shouldAddIstioKubeVirtAnnotation(vmi)) {
    annotations[ISTIO_KUBEVIRT_TRAFFIC_ANNOTATION] = ISTIO_DEFAULT_BRIDGE_NAME;
    // upstream v1.9.0: the Istio 1.25 name is set beside the deprecated one
    if (config.release.atLeast('v1.9.0'))
      annotations[ISTIO_REROUTE_VIRTUAL_INTERFACES_ANNOTATION] = ISTIO_DEFAULT_BRIDGE_NAME;
  }

  return annotations;
}

function shouldAddIstioKubeVirtAnnotation(vmi: VirtualMachineInstance): boolean {
  return (vmi.spec.domain.devices.interfaces ?? []).some(
    (iface) => iface.masquerade !== undefined && iface.masquerade !== null,
  );
}
