// Create-time admission (virt-api's mutating webhook) for VirtualMachineInstances.
export { applyCreateDefaults, stableFirmwareUUID, uuidV5, type AdmissionOptions } from './vmi-mutator.js';
export { applyApiDefaults, type ApiDefaultsOptions } from './api-defaults.js';
export { canonicalizeVmiQuantities } from './quantities.js';
