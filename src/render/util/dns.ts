// upstream: pkg/util/net/dns SanitizeHostname
import type { VirtualMachineInstance } from '../../types/kubevirt.js';

const DNS1123_LABEL_MAX_LENGTH = 63;

export function sanitizeHostname(vmi: VirtualMachineInstance): string {
  if (vmi.spec.hostname) return vmi.spec.hostname;
  return (vmi.metadata?.name ?? '').split('.')[0]!.slice(0, DNS1123_LABEL_MAX_LENGTH);
}
