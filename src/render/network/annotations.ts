// Network-related annotations of a new virt-launcher pod.
// upstream: pkg/network/pod/annotations/generator.go Generator.Generate
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { ClusterState } from '../../state/cluster-state.js';
import type { VirtualMachineInstance } from '../../types/kubevirt.js';
import type { RenderExplanation } from '../explain.js';
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
  explanation?: RenderExplanation,
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
  if (multusAnnotation !== '') {
    annotations[NETWORK_ATTACHMENT_ANNOTATION] = multusAnnotation;
    explanation?.annotation(
      NETWORK_ATTACHMENT_ANNOTATION,
      'spec.networks[].multus',
      "Multus attaches the VMI's secondary networks (those of its interfaces that are not absent)",
    );
  }

  const defaultMultusNetworks = filterNetworksSpec(vmi.spec.networks, (net) => net.multus?.default === true);
  const firstDefault = defaultMultusNetworks[0];
  if (firstDefault?.multus) {
    annotations[DEFAULT_NETWORK_CNI_ANNOTATION] = firstDefault.multus.networkName;
    explanation?.annotation(
      DEFAULT_NETWORK_CNI_ANNOTATION,
      'spec.networks[].multus.default',
      "Multus uses this network instead of the cluster's default pod network",
    );
  }

  if (shouldAddIstioKubeVirtAnnotation(vmi)) {
    annotations[ISTIO_KUBEVIRT_TRAFFIC_ANNOTATION] = ISTIO_DEFAULT_BRIDGE_NAME;
    const reason = `a masquerade interface: an istio proxy also redirects the traffic of the VM's bridge ${ISTIO_DEFAULT_BRIDGE_NAME}`;
    explanation?.annotation(
      ISTIO_KUBEVIRT_TRAFFIC_ANNOTATION,
      'spec.domain.devices.interfaces[].masquerade',
      reason,
    );
    // upstream v1.9.0: the Istio 1.25 name is set beside the deprecated one
    if (config.release.atLeast('v1.9.0')) {
      annotations[ISTIO_REROUTE_VIRTUAL_INTERFACES_ANNOTATION] = ISTIO_DEFAULT_BRIDGE_NAME;
      explanation?.annotation(
        ISTIO_REROUTE_VIRTUAL_INTERFACES_ANNOTATION,
        'spec.domain.devices.interfaces[].masquerade',
        `${reason} (v1.9.0: the Istio 1.25 name)`,
      );
    }
  }

  return annotations;
}

function shouldAddIstioKubeVirtAnnotation(vmi: VirtualMachineInstance): boolean {
  return (vmi.spec.domain.devices.interfaces ?? []).some(
    (iface) => iface.masquerade !== undefined && iface.masquerade !== null,
  );
}
