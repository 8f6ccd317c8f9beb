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
import type { RenderExplanation } from './explain.js';
import { goToLower } from '../util/go/strings.js';

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

/** ` (<why the VMI has the field>)` when a stage before the render recorded it, else nothing. */
function fieldNote(explanation: RenderExplanation | undefined, path: string): string {
  const recorded = explanation?.field(path);
  return recorded ? ` (${recorded.reason}: ${recorded.source})` : '';
}

/** The Pod's nodeSelector. upstream: newNodeSelectorRenderer(...).Render() */
export function renderNodeSelector(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  explanation?: RenderExplanation,
): Record<string, string> {
  const why = (keys: Iterable<string>, source: string, reason: string): void => {
    if (explanation !== undefined) for (const key of keys) explanation.selector(key, source, reason);
  };
  const selectors: Record<string, string> = { [NODE_SCHEDULABLE_LABEL]: 'true' };
  why([NODE_SCHEDULABLE_LABEL], 'virt-controller', 'always: nodes virt-handler marks schedulable');
  const architecture = vmi.spec.architecture ?? '';
  if (architecture !== '') {
    selectors[ARCH_LABEL] = goToLower(architecture);
    why(
      [ARCH_LABEL],
      'spec.architecture',
      `a node of the VMI's architecture${fieldNote(explanation, 'spec.architecture')}`,
    );
  }
  const clusterSelectors = config.getNodeSelectors();
  Object.assign(selectors, clusterSelectors, vmi.spec.nodeSelector ?? {});
  why(
    Object.keys(clusterSelectors),
    'cluster config developerConfiguration.nodeSelectors',
    'node selectors for every VMI of the cluster',
  );
  if (explanation !== undefined) {
    for (const key of Object.keys(vmi.spec.nodeSelector ?? {})) {
      const recorded = explanation.field(`spec.nodeSelector.${key}`);
      explanation.selector(
        key,
        recorded?.source ?? 'spec.nodeSelector',
        recorded?.reason ?? "the VMI's own node selector",
      );
    }
  }
  if (config.release.atLeast('v1.9.0'))
    return renderNodeSelectorV1_9(vmi, config, selectors, why, explanation);

  const enable = (label: string, source: string, reason: string): void => {
    selectors[label] = 'true';
    why([label], source, reason);
  };
  if (isCPUDedicated(vmi))
    enable(CPU_MANAGER_LABEL, 'spec.domain.cpu.dedicatedCpuPlacement', 'dedicated CPUs need the CPU manager');
  if (config.hypervStrictCheckEnabled()) {
    const hyperv = hypervNodeSelectors(vmi.spec.domain.features);
    Object.assign(selectors, hyperv);
    why(
      Object.keys(hyperv),
      'spec.domain.features.hyperv (feature gate HypervStrictCheck)',
      'a node supporting the enabled Hyper-V enlightenment',
    );
  }

  const model = vmi.spec.domain.cpu?.model ?? '';
  if (model !== '') {
    const label = cpuModelLabel(model);
    if (label !== cpuModelLabel('host-model') && label !== cpuModelLabel('host-passthrough'))
      enable(label, 'spec.domain.cpu.model', 'a node supporting the CPU model');
    for (const featureLabel of cpuFeatureLabels(vmi))
      enable(featureLabel, 'spec.domain.cpu.features', 'a required CPU feature');
  }

  if (isManualTSCFrequencyRequired(vmi)) {
    enable(
      toTSCSchedulableLabel(vmi.status?.topologyHints?.tscFrequency ?? 0),
      'status.topologyHints.tscFrequency',
      'the guest needs this TSC frequency (invtsc, or Hyper-V reenlightenment / frequencies)',
    );
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
  why: (keys: Iterable<string>, source: string, reason: string) => void,
  explanation?: RenderExplanation,
): Record<string, string> {
  const architecture = vmi.spec.architecture ?? '';
  const crossArchitecture = config.isFeatureGateEnabled('CrossArchitectureVirtualization');
  // WithoutNativeArchSelector is applied as an option, before Render adds anything
  if (crossArchitecture && architecture !== '') delete selectors[ARCH_LABEL];
  const enable = (label: string, source = '', reason = ''): void => {
    selectors[label] = 'true';
    why([label], source, reason);
  };

  if (isCPUDedicated(vmi))
    enable(
      CPU_MANAGER_LABEL_V1_9,
      'spec.domain.cpu.dedicatedCpuPlacement',
      'dedicated CPUs need the CPU manager',
    );
  if (config.hypervStrictCheckEnabled()) {
    const hyperv = hypervNodeSelectors(vmi.spec.domain.features);
    Object.assign(selectors, hyperv);
    why(
      Object.keys(hyperv),
      'spec.domain.features.hyperv (feature gate HypervStrictCheck)',
      'a node supporting the enabled Hyper-V enlightenment',
    );
  }

  const model = vmi.spec.domain.cpu?.model ?? '';
  const modelLabel = model !== '' ? cpuModelLabel(model) : '';
  if (
    modelLabel !== '' &&
    modelLabel !== cpuModelLabel('host-model') &&
    modelLabel !== cpuModelLabel('host-passthrough')
  ) {
    enable(modelLabel, 'spec.domain.cpu.model', 'a node supporting the CPU model');
  }
  const machineType = vmi.status?.machine?.type || vmi.spec.domain.machine?.type || '';
  if (machineType !== '')
    enable(
      SUPPORTED_MACHINE_TYPE_LABEL_PREFIX + machineType,
      vmi.status?.machine?.type ? 'status.machine.type' : 'spec.domain.machine.type',
      `a node supporting the machine type${fieldNote(explanation, 'spec.domain.machine.type')}`,
    );
  if (modelLabel !== '')
    for (const featureLabel of cpuFeatureLabels(vmi))
      enable(featureLabel, 'spec.domain.cpu.features', 'a required CPU feature');

  if (isManualTSCFrequencyRequired(vmi)) {
    enable(
      toTSCSchedulableLabel(vmi.status?.topologyHints?.tscFrequency ?? 0),
      'status.topologyHints.tscFrequency',
      'the guest needs this TSC frequency (invtsc, or Hyper-V reenlightenment / frequencies)',
    );
  }
  if (isRealtimeEnabled(vmi)) enable(REALTIME_LABEL, 'spec.domain.cpu.realtime', 'a realtime-capable node');
  const launchSecurity = 'spec.domain.launchSecurity';
  // upstream v1.9.0: IsSEVVMI covers SEV-SNP too
  if (isSEVVMI(vmi) || isSEVSNPVMI(vmi)) enable(SEV_LABEL, launchSecurity, 'a node with AMD SEV');
  if (isSEVESVMI(vmi)) enable(SEV_ES_LABEL, launchSecurity, 'a node with AMD SEV-ES');
  if (isSEVSNPVMI(vmi)) enable(SEV_SNP_LABEL, launchSecurity, 'a node with AMD SEV-SNP');
  if (isSecureExecutionVMI(vmi))
    enable(SECURE_EXECUTION_LABEL, launchSecurity, 'an s390x Secure Execution node');
  if (isTDXVMI(vmi)) enable(TDX_LABEL, launchSecurity, 'a node with Intel TDX');

  if (crossArchitecture && architecture !== '')
    enable(
      VM_ARCH_LABEL_PREFIX + architecture,
      'spec.architecture (feature gate CrossArchitectureVirtualization)',
      'a node that runs VMs of this architecture',
    );
  return selectors;
}
