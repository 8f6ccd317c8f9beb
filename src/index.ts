// The library API: render VMIs (or VMs) to launcher Pods without the command line.
import { ClusterConfig, type Arch } from './cluster/cluster-config.js';
import { MemoryClusterState, type ClusterObject, type ClusterState } from './state/cluster-state.js';
import { renderDocument } from './pipeline.js';
import { dropNullFields } from './util/objects.js';
import type { Pod } from './types/k8s.js';
import type { KubeVirt, VirtualMachine, VirtualMachineInstance } from './types/kubevirt.js';

export interface RenderInputs {
  /** A VirtualMachineInstance or VirtualMachine object (already parsed). */
  document: VirtualMachineInstance | VirtualMachine;
  /** The KubeVirt CR; absent means a fresh install's defaults. */
  kubevirt?: KubeVirt;
  /** Cluster objects the render may look up (PVCs, NADs, ConfigMaps, Namespaces, ResourceQuotas, instancetypes). */
  objects?: ClusterObject[];
  /** Or a ready ClusterState (e.g. backed by informers); wins over `objects`. */
  state?: ClusterState;
  arch?: Arch;
  /** Apply create-time defaults first (default true). */
  admission?: boolean;
  namespace?: string;
  uid?: string;
  launcherImage?: string;
  sidecarShimImage?: string;
}

export interface RenderOutput {
  pod: Pod;
  vmi: VirtualMachineInstance;
  warnings: string[];
}

export function render(inputs: RenderInputs): RenderOutput {
  const namespace = inputs.namespace ?? 'default';
  const config = new ClusterConfig({
    arch: inputs.arch ?? 'amd64',
    ...(inputs.kubevirt ? { kubevirt: inputs.kubevirt } : {}),
  });
  const state = inputs.state ?? new MemoryClusterState(inputs.objects ?? [], namespace);
  // the API server drops null fields before anything sees an object (the CLI does so while validating)
  const document = dropNullFields(inputs.document) as VirtualMachineInstance | VirtualMachine;
  const { pod, vmi } = renderDocument(document, {
    config,
    state,
    admission: inputs.admission ?? true,
    namespace,
    ...(inputs.uid ? { uid: inputs.uid } : {}),
    ...(inputs.launcherImage ? { launcherImage: inputs.launcherImage } : {}),
    ...(inputs.sidecarShimImage ? { sidecarShimImage: inputs.sidecarShimImage } : {}),
  });
  const warnings = config.configurationProblem
    ? [`the KubeVirt CR's configuration is invalid (${config.configurationProblem}); using the defaults`]
    : [];
  return { pod, vmi, warnings };
}

export { ClusterConfig, MemoryClusterState };
export type { ClusterState, ClusterObject, Arch, Pod, VirtualMachineInstance, VirtualMachine, KubeVirt };
export { RenderError, InvalidInputError, UsageError, InternalError, VmiRenderError } from './errors.js';
// Pod Security: the verdict PodSecurity admission (Kubernetes v1.31) would give on a Pod
export { evaluatePod, violationMessage } from './podsecurity/evaluate.js';
export { podSecurityVerdict, resolvePolicy, parsePodSecurityFlag } from './podsecurity/launcher-pod.js';
export type { PodSecurityVerdict, PodSecurityViolation } from './podsecurity/launcher-pod.js';
export type { Level, LevelVersion, Policy, Version } from './podsecurity/api.js';
