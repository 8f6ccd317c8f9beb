// Where a launcher Pod's scheduling requirements come from: the VMI field or cluster setting behind each
// nodeSelector label and each resource the Pod requests (what KubeVirt's nodeselectorrenderer.go and
// renderresources.go derive them from).
import {
  CPU_FEATURE_LABEL_PREFIX,
  CPU_MANAGER_LABEL,
  CPU_MANAGER_LABEL_V1_9,
  CPU_MODEL_LABEL_PREFIX,
  CPU_VENDOR_LABEL_PREFIX,
  HYPERV_LABEL_PREFIX,
  NODE_SCHEDULABLE_LABEL,
  REALTIME_LABEL,
  SECURE_EXECUTION_LABEL,
  SEV_ES_LABEL,
  SEV_LABEL,
  SEV_SNP_LABEL,
  SUPPORTED_MACHINE_TYPE_LABEL_PREFIX,
  TDX_LABEL,
  VM_ARCH_LABEL_PREFIX,
} from '../render/node-selector.js';
import { TSC_FREQUENCY_SCHEDULING_LABEL } from '../render/util/topology.js';

export type FieldPath = (string | number)[];

/** A requirement's origin: a field of the VMI (spec.X), or [] for a cluster setting, with why. */
export interface Origin {
  path: FieldPath;
  because: string;
}

interface VmiShape {
  spec?: {
    nodeSelector?: Record<string, string>;
    tolerations?: unknown[];
    affinity?: unknown;
    domain?: {
      cpu?: { features?: { name?: string }[] };
      resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
      devices?: {
        gpus?: { deviceName?: string }[];
        hostDevices?: { deviceName?: string }[];
      };
    };
  };
}

export interface OriginContext {
  /** The VMI as written (a VM's template). */
  vmi: VmiShape;
  /** The cluster config's developerConfiguration.nodeSelectors. */
  clusterNodeSelectors: Record<string, string>;
}

const at = (because: string, ...path: FieldPath): Origin => ({ path, because });

/** Why the launcher Pod's nodeSelector has `key`. upstream: nodeselectorrenderer.go Render */
export function nodeSelectorOrigin(key: string, context: OriginContext): Origin {
  const { vmi } = context;
  if (vmi.spec?.nodeSelector && Object.hasOwn(vmi.spec.nodeSelector, key)) {
    return at('the VMI selects it', 'spec', 'nodeSelector', key);
  }
  if (Object.hasOwn(context.clusterNodeSelectors, key)) {
    return at('the cluster config selects it for every VMI (developerConfiguration.nodeSelectors)');
  }
  if (key === NODE_SCHEDULABLE_LABEL) {
    return at('every launcher Pod needs a node where virt-handler runs and reports it schedulable');
  }
  if (key === 'kubernetes.io/arch' || key.startsWith(VM_ARCH_LABEL_PREFIX)) {
    return at('the VMI architecture', 'spec', 'architecture');
  }
  if (key === CPU_MANAGER_LABEL || key === CPU_MANAGER_LABEL_V1_9) {
    return at('dedicated CPUs need the CPU manager', 'spec', 'domain', 'cpu', 'dedicatedCpuPlacement');
  }
  if (key.startsWith(HYPERV_LABEL_PREFIX)) {
    const feature = key.slice(HYPERV_LABEL_PREFIX.length);
    return at(
      `the Hyper-V enlightenment ${feature} (checked strictly: the HypervStrictCheck feature gate)`,
      'spec',
      'domain',
      'features',
      'hyperv',
      feature,
    );
  }
  if (key.startsWith(CPU_VENDOR_LABEL_PREFIX)) {
    return at(
      'the Hyper-V enlightenment evmcs needs an Intel CPU',
      'spec',
      'domain',
      'features',
      'hyperv',
      'evmcs',
    );
  }
  if (key.startsWith(CPU_MODEL_LABEL_PREFIX)) {
    return at('the CPU model (the VMI, else the cluster default)', 'spec', 'domain', 'cpu', 'model');
  }
  if (key.startsWith(CPU_FEATURE_LABEL_PREFIX)) {
    const name = key.slice(CPU_FEATURE_LABEL_PREFIX.length);
    const index = (vmi.spec?.domain?.cpu?.features ?? []).findIndex((feature) => feature.name === name);
    return index >= 0
      ? at('a required CPU feature', 'spec', 'domain', 'cpu', 'features', index)
      : at('a required CPU feature', 'spec', 'domain', 'cpu', 'features');
  }
  if (key.startsWith(SUPPORTED_MACHINE_TYPE_LABEL_PREFIX)) {
    return at('the machine type (the VMI, else the cluster default)', 'spec', 'domain', 'machine', 'type');
  }
  if (key.startsWith(TSC_FREQUENCY_SCHEDULING_LABEL)) {
    return at(
      'the TSC frequency the VMI was started with (invtsc or Hyper-V reenlightenment need the same one)',
      'spec',
      'domain',
      'cpu',
      'features',
    );
  }
  if (key === REALTIME_LABEL) return at('a realtime VMI', 'spec', 'domain', 'cpu', 'realtime');
  if (key === SEV_LABEL || key === SEV_ES_LABEL) {
    return at('AMD SEV', 'spec', 'domain', 'launchSecurity', 'sev');
  }
  if (key === SEV_SNP_LABEL) return at('AMD SEV-SNP', 'spec', 'domain', 'launchSecurity', 'snp');
  if (key === TDX_LABEL) return at('Intel TDX', 'spec', 'domain', 'launchSecurity', 'tdx');
  if (key === SECURE_EXECUTION_LABEL) {
    return at('IBM Secure Execution', 'spec', 'domain', 'launchSecurity');
  }
  return at('the launcher Pod selects it');
}

/** Why the launcher Pod requests `resource`. upstream: renderresources.go, hypervisor resources */
export function resourceOrigin(resource: string, context: OriginContext): Origin {
  const domain = context.vmi.spec?.domain;
  const requested = (name: string) =>
    domain?.resources?.requests?.[name] !== undefined
      ? ['requests', name]
      : domain?.resources?.limits?.[name] !== undefined
        ? ['limits', name]
        : undefined;
  if (resource === 'memory') {
    const own = requested('memory');
    return own
      ? at('the VMI memory request plus KubeVirt overhead', 'spec', 'domain', 'resources', ...own)
      : at('the guest memory plus KubeVirt overhead', 'spec', 'domain', 'memory');
  }
  if (resource === 'cpu') {
    const own = requested('cpu');
    return own
      ? at('the VMI cpu request', 'spec', 'domain', 'resources', ...own)
      : at(
          'the vCPUs (dedicated CPUs, else scaled by the cluster cpuAllocationRatio)',
          'spec',
          'domain',
          'cpu',
        );
  }
  if (resource === 'devices.kubevirt.io/kvm' || resource === 'devices.kubevirt.io/mshv') {
    return at(
      'hardware virtualization (the cluster config does not set developerConfiguration.useEmulation)',
    );
  }
  if (resource === 'devices.kubevirt.io/tun' || resource === 'devices.kubevirt.io/vhost-net') {
    return at('the network interfaces', 'spec', 'domain', 'devices', 'interfaces');
  }
  if (resource === 'devices.kubevirt.io/vhost-vsock') {
    return at('the VSOCK device', 'spec', 'domain', 'devices', 'autoattachVSOCK');
  }
  if (resource.startsWith('hugepages-')) {
    return at('hugepages back the guest memory', 'spec', 'domain', 'memory', 'hugepages');
  }
  for (const kind of ['gpus', 'hostDevices'] as const) {
    const index = (domain?.devices?.[kind] ?? []).findIndex((device) => device.deviceName === resource);
    if (index >= 0)
      return at(`a ${kind === 'gpus' ? 'GPU' : 'host device'}`, 'spec', 'domain', 'devices', kind, index);
  }
  const own = requested(resource);
  if (own) return at('the VMI requests it', 'spec', 'domain', 'resources', ...own);
  return at('the launcher Pod requests it');
}

/** Where the Pod's tolerations come from. */
export function tolerationsOrigin(context: OriginContext): Origin {
  return context.vmi.spec?.tolerations !== undefined
    ? at('the VMI tolerations do not tolerate it', 'spec', 'tolerations')
    : at('the VMI has no tolerations (spec.tolerations)');
}

const OBSOLETE_HOST_MODEL_LABEL = 'node-labeller.kubevirt.io/obsolete-host-model';

/**
 * Why the required node affinity has a requirement on `key`: KubeVirt adds `DoesNotExist` ones to every term
 * (upstream: template.go, the obsolete host model and forbidden CPU features), the rest is the VMI's.
 */
export function affinityRequirementOrigin(key: string, operator: string, context: OriginContext): Origin {
  if (operator === 'DoesNotExist' && key === OBSOLETE_HOST_MODEL_LABEL) {
    return at(
      'the host-model CPU (virt-handler labels nodes whose host CPU model is obsolete)',
      'spec',
      'domain',
      'cpu',
      'model',
    );
  }
  if (operator === 'DoesNotExist' && key.startsWith(CPU_FEATURE_LABEL_PREFIX)) {
    const name = key.slice(CPU_FEATURE_LABEL_PREFIX.length);
    const index = (context.vmi.spec?.domain?.cpu?.features ?? []).findIndex(
      (feature) => feature.name === name,
    );
    if (index >= 0) return at('a forbidden CPU feature', 'spec', 'domain', 'cpu', 'features', index);
  }
  return affinityOrigin(context);
}

export function affinityOrigin(context: OriginContext): Origin {
  return context.vmi.spec?.affinity !== undefined
    ? at('the VMI required node affinity', 'spec', 'affinity', 'nodeAffinity')
    : at('the launcher Pod required node affinity');
}
