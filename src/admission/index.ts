// Create-time admission (virt-api's mutating webhook) for VirtualMachineInstances.
export {
  applyCreateDefaults,
  applyCreateDefaultsDirect,
  stableFirmwareUUID,
  storedVMI,
  type AdmissionOptions,
} from './vmi-mutator.js';
export { uuidV5 } from '../util/uuid.js';
export { applyApiDefaults, type ApiDefaultsOptions } from '../pkg/defaults/api-defaults.js';
export { canonicalizeVmiQuantities } from '../pkg/defaults/quantities.js';
