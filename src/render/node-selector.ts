// upstream: pkg/virt-controller/services/nodeselectorrenderer.go (+ template.go newNodeSelectorRenderer)
import type { Features, VirtualMachineInstance } from '../types/kubevirt.js';
import type { ClusterConfig } from '../cluster/cluster-config.js';
import {
  isCPUDedicated,
  isRealtimeEnabled,
  isSecureExecutionVMI,
  isSEVESVMI,
  isSEVSNPVMI,
  isSEVVMI,
  isTDXVMI,
} from '../pkg/util/vmi.js';
import { isManualTSCFrequencyRequired, toTSCSchedulableLabel } from './util/topology.js';

export const NODE_SCHEDULABLE_LABEL = 'kubevirt.io/schedulable';
export const CPU_MANAGER_LABEL = 'cpumanager';
/** upstream v1.9.0: v1.CPUManager became kubevirt.io/cpumanager */
export const CPU_MANAGER_LABEL_V1_9 = 'kubevirt.io/cpumanager';
export const SUPPORTED_MACHINE_TYPE_LABEL_PREFIX = 'machine-type.node.kubevirt.io/';
export const REALTIME_LABEL = 'kubevirt.io/realtime';
export const SEV_LABEL = 'kubevirt.io/sev';
export const SEV_ES_LABEL = 'kubevirt.io/sev-es';
export const SEV_SNP_LABEL = 'kubevirt.io/sev-snp';
export const SECURE_EXECUTION_LABEL = 'kubevirt.io/s390-pv';
export const TDX_LABEL = 'kubevirt.io/tdx';
export const VM_ARCH_LABEL_PREFIX = 'kubevirt.io/vm-arch-';
export const CPU_MODEL_LABEL_PREFIX = 'cpu-model.node.kubevirt.io/';
export const CPU_FEATURE_LABEL_PREFIX = 'cpu-feature.node.kubevirt.io/';
export const HYPERV_LABEL_PREFIX = 'hyperv.node.kubevirt.io/';
export const CPU_VENDOR_LABEL_PREFIX = 'cpu-vendor.node.kubevirt.io/';
const ARCH_LABEL = 'kubernetes.io/arch';
const INTEL_VENDOR_NAME = 'Intel';

const cpuModelLabel = (model: string): string => CPU_MODEL_LABEL_PREFIX + model;

type FeatureState = { enabled?: boolean } | undefined;
const isFeatureStateEnabled = (state: FeatureState): boolean => state?.enabled === true;

/** upstream: CPUFeatureLabelsFromCPUFeatures */
export function cpuFeatureLabels(vmi: VirtualMachineInstance): string[] {
  return (vmi.spec.domain.cpu?.features ?? [])
    .filter((feature) => !feature.policy || feature.policy === 'require')
    .map((feature) => CPU_FEATURE_LABEL_PREFIX + feature.name);
}

/** upstream: hypervNodeSelectors / makeHVFeatureLabelTable */
function hypervNodeSelectors(features: Features | undefined): Record<string, string> {
  const selectors: Record<string, string> = {};
  const hyperv = features?.hyperv;
  if (!hyperv) return selectors;
  const table: [FeatureState, string][] = [
    [hyperv.vpindex, 'vpindex'],
    [hyperv.runtime, 'runtime'],
    [hyperv.reset, 'reset'],
    [hyperv.synic, 'synic'],
    [{ enabled: hyperv.synictimer?.enabled }, 'synictimer'],
    [hyperv.frequencies, 'frequencies'],
    [hyperv.reenlightenment, 'reenlightenment'],
    [hyperv.tlbflush, 'tlbflush'],
    [hyperv.ipi, 'ipi'],
  ];
  for (const [state, label] of table) {
    if (isFeatureStateEnabled(state)) selectors[HYPERV_LABEL_PREFIX + label] = 'true';
  }
  if (hyperv.evmcs && (hyperv.evmcs.enabled === undefined || hyperv.evmcs.enabled)) {
    selectors[CPU_VENDOR_LABEL_PREFIX + INTEL_VENDOR_NAME] = 'true';
  }
  return selectors;
}

/** The Pod's nodeSelector. upstream: newNodeSelectorRenderer(...).Render() */
export function renderNodeSelector(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
): Record<string, string> {
  const selectors: Record<string, string> = { [NODE_SCHEDULABLE_LABEL]: 'true' };
  const architecture = vmi.spec.architecture ?? '';
  if (architecture !== '') selectors[ARCH_LABEL] = architecture.toLowerCase();
  Object.assign(selectors, config.getNodeSelectors(), vmi.spec.nodeSelector ?? {});
  if (config.release.atLeast('v1.9.0')) return renderNodeSelectorV1_9(vmi, config, selectors);

  if (isCPUDedicated(vmi)) selectors[CPU_MANAGER_LABEL] = 'true';
  if (config.hypervStrictCheckEnabled())
    Object.assign(selectors, hypervNodeSelectors(vmi.spec.domain.features));

  const model = vmi.spec.domain.cpu?.model ?? '';
  if (model !== '') {
    const label = cpuModelLabel(model);
    if (label !== cpuModelLabel('host-model') && label !== cpuModelLabel('host-passthrough'))
      selectors[label] = 'true';
    for (const featureLabel of cpuFeatureLabels(vmi)) selectors[featureLabel] = 'true';
  }

  if (isManualTSCFrequencyRequired(vmi)) {
    selectors[toTSCSchedulableLabel(vmi.status?.topologyHints?.tscFrequency ?? 0)] = 'true';
  }
  return selectors;
}

/**
 * upstream v1.9.0: NodeSelectorRenderer.Render with the options newNodeSelectorRenderer passes, plus the
 * vm-arch label template.go adds for cross-architecture VMs. Label values are all "true" (the realtime and SEV
 * selectors used to be put on the VMI by virt-api).
 */
function renderNodeSelectorV1_9(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  selectors: Record<string, string>,
): Record<string, string> {
  const architecture = vmi.spec.architecture ?? '';
  const crossArchitecture = config.isFeatureGateEnabled('CrossArchitectureVirtualization');
  // WithoutNativeArchSelector is applied as an option, before Render adds anything
  if (crossArchitecture && architecture !== '') delete selectors[ARCH_LABEL];
  const enable = (label: string): void => {
    selectors[label] = 'true';
  };

  if (isCPUDedicated(vmi)) enable(CPU_MANAGER_LABEL_V1_9);
  if (config.hypervStrictCheckEnabled())
    Object.assign(selectors, hypervNodeSelectors(vmi.spec.domain.features));

  const model = vmi.spec.domain.cpu?.model ?? '';
  const modelLabel = model !== '' ? cpuModelLabel(model) : '';
  if (
    modelLabel !== '' &&
    modelLabel !== cpuModelLabel('host-model') &&
    modelLabel !== cpuModelLabel('host-passthrough')
  ) {
    enable(modelLabel);
  }
  const machineType = vmi.status?.machine?.type || vmi.spec.domain.machine?.type || '';
  if (machineType !== '') enable(SUPPORTED_MACHINE_TYPE_LABEL_PREFIX + machineType);
  if (modelLabel !== '') for (const featureLabel of cpuFeatureLabels(vmi)) enable(featureLabel);

  if (isManualTSCFrequencyRequired(vmi)) {
    enable(toTSCSchedulableLabel(vmi.status?.topologyHints?.tscFrequency ?? 0));
  }
  if (isRealtimeEnabled(vmi)) enable(REALTIME_LABEL);
  // upstream v1.9.0: IsSEVVMI covers SEV-SNP too
  if (isSEVVMI(vmi) || isSEVSNPVMI(vmi)) enable(SEV_LABEL);
  if (isSEVESVMI(vmi)) enable(SEV_ES_LABEL);
  if (isSEVSNPVMI(vmi)) enable(SEV_SNP_LABEL);
  if (isSecureExecutionVMI(vmi)) enable(SECURE_EXECUTION_LABEL);
  if (isTDXVMI(vmi)) enable(TDX_LABEL);

  if (crossArchitecture && architecture !== '') enable(VM_ARCH_LABEL_PREFIX + architecture);
  return selectors;
}
