// Discontinued feature gates whose API is still used by a VMI spec.
// upstream: pkg/virt-config/deprecation (validator.go, passt.go, macvtap.go)
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { VMISpec } from '../../types/kubevirt.js';
import { cause, CauseType, type AdmissionCause } from './types.js';

const PasstDiscontinueMessage =
  'Passt network binding is discontinued since v1.3. Please refer to Kubevirt user guide for alternatives.';
const MacvtapDiscontinueMessage =
  'Macvtap network binding is discontinued since v1.3. Please refer to Kubevirt user guide for alternatives.';

const discontinued: Record<string, { message: string; used: (spec: VMISpec) => boolean }> = {
  Passt: {
    message: PasstDiscontinueMessage,
    used: (spec) => (spec.domain.devices.interfaces ?? []).some((iface) => iface.passt != null),
  },
  Macvtap: {
    message: MacvtapDiscontinueMessage,
    used: (spec) => (spec.domain.devices.interfaces ?? []).some((iface) => iface.macvtap != null),
  },
};

// upstream: deprecation.ValidateFeatureGates (one cause, without a field, per enabled discontinued gate)
export function validateFeatureGates(config: ClusterConfig, spec: VMISpec): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  for (const gate of config.config.developerConfiguration?.featureGates ?? []) {
    const info = Object.prototype.hasOwnProperty.call(discontinued, gate) ? discontinued[gate] : undefined;
    if (info && info.used(spec)) causes.push(cause(CauseType.FieldValueNotSupported, info.message));
  }
  return causes;
}
