// VirtualMachine input: the VM mutating webhook and the VMI the VM controller creates from a VM.
export { mutateVirtualMachine, setVirtualMachineDefaults } from './vm-mutator.js';
export { virtualMachineToVMI, vmControllerRef, type VmToVmiOptions } from './vm.js';
export { uuidV5 } from '../util/uuid.js';
export {
  applyDevicePreferences,
  applyToVmi,
  checkPreferenceRequirements,
  findInstancetypeSpec,
  findPreferenceSpec,
  type InstancetypeSpec,
  type PreferenceSpec,
} from '../pkg/instancetype/instancetype.js';
export { goJsonDecode, goJsonRoundTrip } from '../util/go/json-round-trip.js';
