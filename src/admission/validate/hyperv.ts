// The HyperV enlightenment checks of virt-api's VMI validation.
// upstream: pkg/virt-api/webhooks/hyperv.go ValidateVirtualMachineInstanceHyperv
import type { VMISpec } from '../../types/kubevirt.js';
import { getHypervFeatureDependencies, hypervFeatureString } from '../../pkg/defaults/hyperv.js';
import { cause, CauseType, type AdmissionCause, type FieldPath } from './types.js';

type FeatureState = { enabled?: boolean | null } | null | undefined;
const isEnabled = (state: FeatureState): boolean => state != null && state.enabled === true;

/**
 * upstream: ValidateVirtualMachineInstanceHyperv. `field` is spec.domain.features.hyperv; upstream appends
 * domain.features.hyperv to it again for the dependency paths, which is kept.
 */
export function validateHyperv(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  for (const feature of getHypervFeatureDependencies(field.toString(), spec)) {
    const ok =
      !isEnabled(feature.state.get()) || !feature.requires || isEnabled(feature.requires.state.get());
    if (!ok) causes.push(cause(CauseType.FieldValueInvalid, hypervFeatureString(feature), feature.field));
  }
  const hyperv = spec.domain.features?.hyperv;
  const evmcs = hyperv?.evmcs;
  if (hyperv != null && evmcs != null && !(evmcs.enabled != null && !evmcs.enabled)) {
    const features = spec.domain.cpu?.features ?? [];
    if (features.length === 0) {
      causes.push(
        cause(
          CauseType.FieldValueRequired,
          'vmx cpu feature is required when evmcs is set',
          'spec.domain.cpu.features',
        ),
      );
    } else {
      features.forEach((feature, i) => {
        if (feature.name === 'vmx' && (feature.policy ?? '') !== 'require') {
          causes.push(
            cause(
              CauseType.FieldValueInvalid,
              'vmx cpu feature has to be set to require policy',
              `spec.domain.cpu.features[${i}].policy`,
            ),
          );
        }
      });
    }
  }
  // ValidateVirtualMachineInstanceHypervMode
  if (hyperv != null && spec.domain.features?.hypervPassthrough != null) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'Cannot explicitly set hyperV features if HypervPassthrough is being used. Please use either HyperV or HypervPassthrough.',
        field,
      ),
    );
  }
  return causes;
}
