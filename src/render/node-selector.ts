// upstream: pkg/virt-controller/services/nodeselectorrenderer.go (+ template.go newNodeSelectorRenderer)
import type { Features, VirtualMachineInstance } from '../types/kubevirt.js';
import type { ClusterConfig } from '../cluster/cluster-config.js';
import { isCPUDedicated } from './util/vmi.js';
import { isManualTSCFrequencyRequired, toTSCSchedulableLabel } from './util/topology.js';

export const NODE_SCHEDULABLE_LABEL = 'kubevirt.io/schedulable';
export const CPU_MANAGER_LABEL = 'cpumanager';
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
