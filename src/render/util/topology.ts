// upstream: pkg/virt-controller/watch/topology/tsc.go (the parts the launch manifest uses)
import type { VirtualMachineInstance } from '../../types/kubevirt.js';

export const TSC_FREQUENCY_SCHEDULING_LABEL = 'scheduling.node.kubevirt.io/tsc-frequency';

export const toTSCSchedulableLabel = (frequency: number): string =>
  `${TSC_FREQUENCY_SCHEDULING_LABEL}-${frequency}`;

function hasInvTSCFeature(vmi: VirtualMachineInstance): boolean {
  return (vmi.spec.domain.cpu?.features ?? []).some(
    (feature) => feature.name === 'invtsc' && (feature.policy === 'require' || feature.policy === 'force'),
  );
}

function usesHyperVReenlightenment(vmi: VirtualMachineInstance): boolean {
  return vmi.spec.domain.features?.hyperv?.reenlightenment?.enabled === true;
}

/** upstream: GetTscFrequencyRequirement(vmi).Type != NotRequired */
export function isTSCFrequencyRequired(vmi: VirtualMachineInstance): boolean {
  return hasInvTSCFeature(vmi) || usesHyperVReenlightenment(vmi);
}

export function areTSCFrequencyTopologyHintsDefined(vmi: VirtualMachineInstance): boolean {
  const frequency = vmi.status?.topologyHints?.tscFrequency;
  return frequency !== undefined && frequency > 0;
}

export function isManualTSCFrequencyRequired(vmi: VirtualMachineInstance): boolean {
  return isTSCFrequencyRequired(vmi) && areTSCFrequencyTopologyHintsDefined(vmi);
}
