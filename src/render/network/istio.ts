// Istio integration constants and checks.
// upstream: pkg/network/istio/{annotations.go,ports.go,proxy.go}
import type { VirtualMachineInstance } from '../../types/kubevirt.js';
import { goEqualFold } from '../../util/go/strings.js';

export const ISTIO_INJECT_SIDECAR_ANNOTATION = 'sidecar.istio.io/inject';
export const ISTIO_KUBEVIRT_TRAFFIC_ANNOTATION = 'traffic.sidecar.istio.io/kubevirtInterfaces';
/** upstream v1.9.0: istio.RerouteVirtualInterfacesAnnotation (Istio 1.25's name for the traffic annotation). */
export const ISTIO_REROUTE_VIRTUAL_INTERFACES_ANNOTATION = 'istio.io/reroute-virtual-interfaces';
/** upstream v1.9.0: istio.InjectSidecarLabel, copied from the VMI's annotation onto the pod's labels. */
export const ISTIO_INJECT_SIDECAR_LABEL = 'sidecar.istio.io/inject';

export const ENVOY_ADMIN_PORT = 15000;
export const ENVOY_OUTBOUND_PORT = 15001;
export const ENVOY_DEBUG_PORT = 15004;
export const ENVOY_INBOUND_PORT = 15006;
export const ENVOY_TUNNEL_PORT = 15008;
export const ENVOY_SECURE_NETWORK_PORT = 15009;
export const ENVOY_MERGED_PROMETHEUS_TELEMETRY_PORT = 15020;
export const ENVOY_HEALTH_CHECK_PORT = 15021;
export const ENVOY_DNS_PORT = 15053;
export const ENVOY_PROMETHEUS_TELEMETRY_PORT = 15090;
export const SSH_PORT = 22;

export function istioReservedPorts(): number[] {
  return [
    ENVOY_ADMIN_PORT,
    ENVOY_OUTBOUND_PORT,
    ENVOY_DEBUG_PORT,
    ENVOY_INBOUND_PORT,
    ENVOY_TUNNEL_PORT,
    ENVOY_SECURE_NETWORK_PORT,
    ENVOY_MERGED_PROMETHEUS_TELEMETRY_PORT,
    ENVOY_HEALTH_CHECK_PORT,
    ENVOY_DNS_PORT,
    ENVOY_PROMETHEUS_TELEMETRY_PORT,
  ];
}

export function istioNonProxiedPorts(): number[] {
  return [SSH_PORT];
}

// upstream: istio.ProxyInjectionEnabled
export function istioProxyInjectionEnabled(vmi: VirtualMachineInstance): boolean {
  const value = vmi.metadata?.annotations?.[ISTIO_INJECT_SIDECAR_ANNOTATION];
  return value !== undefined && goEqualFold(value, 'true');
}

// upstream: istio.GetLoopbackAddress
export const ISTIO_LOOPBACK_ADDRESS = '127.0.0.6';
