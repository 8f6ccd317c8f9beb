// virt-api's validating webhooks for VirtualMachineInstance and VirtualMachine creation.
export {
  admitVMICreate,
  validateVMICreate,
  validateVirtualMachineInstanceSpec,
  validateVirtualMachineInstanceMetadata,
  validateVirtualMachineInstanceMandatoryFields,
  isKubeVirtServiceAccount,
  type VMIAdmitOptions,
} from './vmi-create-admitter.js';
export {
  CauseType,
  FieldPath,
  toAdmissionVerdict,
  type AdmissionCause,
  type AdmissionVerdict,
} from './types.js';
export {
  admitVMCreate,
  cloneAuthorizationLookups,
  namespacesKnown,
  validateVMCreate,
  validateVirtualMachineSpec,
  type VMAdmitOptions,
  type VMValidation,
} from './vms-admitter.js';
