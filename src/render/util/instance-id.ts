// The pod label that identifies a VMI by a name short enough for a label value.
// upstream v1.9.0: pkg/apimachinery/labels.go
import { hexDigest } from '../../util/digest.js';

/** upstream v1.9.0: v1.VirtualMachineInstanceIDLabel */
export const VIRTUAL_MACHINE_INSTANCE_ID_LABEL = 'vmi.kubevirt.io/id';

const DNS1035_LABEL_MAX_LENGTH = 63;
const HASH_LENGTH = 8;

/**
 * The VMI name itself when it fits a DNS-1035 label, else its first 54 characters, a dash and the first 8 hex
 * digits of the name's SHA-1 (object names are ASCII, so characters are Go's bytes).
 * upstream v1.9.0: apimachinery.CalculateVirtualMachineInstanceID
 */
export function calculateVirtualMachineInstanceID(vmiName: string): string {
  if (vmiName.length <= DNS1035_LABEL_MAX_LENGTH) return vmiName;
  const prefix = vmiName.slice(0, DNS1035_LABEL_MAX_LENGTH - HASH_LENGTH - 1);
  return `${prefix}-${hexDigest('sha1', vmiName).slice(0, HASH_LENGTH)}`;
}
