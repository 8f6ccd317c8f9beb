// The compute container's resource requirements and the support containers' resources.
// upstream: pkg/virt-controller/services/renderresources.go, plus newResourceRenderer, VMIResourcePredicates,
// doesVMIRequireAuto*Limits and addProbeOverheads from template.go
import { sprintfWithoutArgs } from '../util/go/fmt.js';
import type { PodSpec, ResourceRequirements } from '../types/k8s.js';
import type {
  CPU,
  GPU,
  HostDevice,
  Memory,
  Network,
  Probe,
  Resources,
  VirtualMachineInstance,
} from '../types/kubevirt.js';
import { AutoMemoryLimitsRatioLabel } from '../types/constants.js';
import {
  ClusterConfig,
  KUBEVIRT_ANNOTATION_EMULATOR_THREAD_EVEN_PARITY,
  type SupportContainerType,
} from '../cluster/cluster-config.js';
import type { ClusterState } from '../state/cluster-state.js';
import type { KubeVirtRelease } from '../release/release.js';
import { RenderError } from '../errors.js';
import { cloneData } from '../util/clone.js';
import {
  mustParse,
  newQuantity,
  newScaledQuantity,
  Quantity,
  QuantityParseError,
  Scale,
} from '../quantity/quantity.js';
import {
  hasHugePages,
  isAutoAttachVSOCK,
  isCPUDedicated,
  isGPUVMI,
  isHostDevVMI,
  isSEVVMI,
  isVFIOVMI,
  needTunDevice,
  needVirtioNetDevice,
  wantsToHaveQOSGuaranteed,
  type RawResourceList,
} from '../pkg/util/vmi.js';
import { getNumberOfVCPUs } from '../pkg/util/hardware.js';
import { float64ToInt64, goFormatG, goParseFloat } from '../util/go/float.js';
import { labelSelectorMatches } from '../util/label-selector.js';
import { calculateNetworkMemory } from './network/netbinding-memory.js';
import { hasVMIPersistentReservation } from './storage/reservation.js';
import { sumTerms, type ExplainTerm, type RenderExplanation, type RendererList } from './explain.js';

const K8sDevicePrefix = 'devices.kubevirt.io';
export const KvmDevice = 'devices.kubevirt.io/kvm';
export const TunDevice = 'devices.kubevirt.io/tun';
export const VhostNetDevice = 'devices.kubevirt.io/vhost-net';
export const SevDevice = 'devices.kubevirt.io/sev';
export const VhostVsockDevice = 'devices.kubevirt.io/vhost-vsock';
export const PrDevice = 'devices.kubevirt.io/pr-helper';
export const TdxDevice = 'devices.kubevirt.io/tdx';
export const IOMMUFDDevice = 'devices.kubevirt.io/iommufd';

const ephemeralStorageOverheadSize = '50M';
export const VirtLauncherMonitorOverhead = '25Mi';
export const VirtLauncherOverhead = '100Mi';
export const QemuOverhead = '30Mi';

/** The launcher's per-process and video RAM overheads that changed between releases. */
interface ReleaseOverheads {
  readonly virtlogd: string;
  readonly virtqemud: string;
  readonly videoRAM: string;
}
// upstream v1.4.0: renderresources.go; v1.9.0: hypervisor/kvm/hypervisorbackend.go (same for mshv)
const OVERHEADS_V1_4_0: ReleaseOverheads = { virtlogd: '20Mi', virtqemud: '35Mi', videoRAM: '16Mi' };
const OVERHEADS_V1_9_0: ReleaseOverheads = { virtlogd: '25Mi', virtqemud: '40Mi', videoRAM: '32Mi' };
export const DefaultMemoryLimitOverheadRatio = 2.0;
const virtProbeTotalAdditionalOverhead = '100Mi';
const virtProbeOverhead = '10Mi';

const ResourceCPU = 'cpu';
const ResourceMemory = 'memory';
const ResourceEphemeralStorage = 'ephemeral-storage';
const ResourceHugePagesPrefix = 'hugepages-';

/** A Kubernetes ResourceList held as quantities (Go's k8sv1.ResourceList). */
export type ResourceList = Map<string, Quantity>;

/** A container's claim on one of the Pod's resourceClaims (k8s ResourceClaim; `request` is omitempty). */
export interface ContainerResourceClaim {
  name: string;
  request?: string;
}

export interface ResourceListRequirements {
  limits: ResourceList;
  requests: ResourceList;
  claims?: readonly ContainerResourceClaim[];
}

/** ResourceRequirements with the claims of k8s.io/api v1.34 (kubernetes-types lacks `request`). */
export type ComputeResourceRequirements = Omit<ResourceRequirements, 'claims'> & {
  claims?: ContainerResourceClaim[];
};

function copyResources(source: ResourceList, destination: ResourceList): void {
  for (const [name, quantity] of source) destination.set(name, quantity);
}

/** A VMI's raw resource list as decoded by Go's Quantity.UnmarshalJSON. */
function parseResourceList(raw: RawResourceList): ResourceList {
  const list: ResourceList = new Map();
  for (const [name, value] of Object.entries(raw ?? {})) list.set(name, Quantity.decodeJSON(value));
  return list;
}

/** ResourceList.Memory(): the memory quantity or a zero BinarySI quantity. */
const memoryOf = (list: ResourceList): Quantity => list.get(ResourceMemory) ?? Quantity.zero('BinarySI');

/** The zero value Go reads from a ResourceList map for a missing key. */
const entryOf = (list: ResourceList, name: string): Quantity => list.get(name) ?? Quantity.zero();

/** A ResourceList as it appears in a Pod: canonical strings, empty lists omitted like Go's omitempty. */
export function toResourceRequirements(requirements: ResourceListRequirements): ComputeResourceRequirements {
  const result: ComputeResourceRequirements = {};
  if (requirements.limits.size > 0) result.limits = toPlainResourceList(requirements.limits);
  if (requirements.requests.size > 0) result.requests = toPlainResourceList(requirements.requests);
  if (requirements.claims !== undefined && requirements.claims.length > 0) {
    result.claims = requirements.claims.map((claim) => ({ ...claim }));
  }
  return result;
}

function toPlainResourceList(list: ResourceList): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const name of [...list.keys()].sort()) plain[name] = (list.get(name) as Quantity).toString();
  return plain;
}

/** The VMI's own memory request, limit or guest memory. */
type VmiMemoryField = 'request' | 'limit' | 'guest';

const vmListName = (list: 'requests' | 'limits'): RendererList =>
  list === 'requests' ? 'vmRequests' : 'vmLimits';

// upstream: ResourceRenderer
export class ResourceRenderer {
  readonly vmLimits: ResourceList;
  readonly vmRequests: ResourceList;
  readonly calculatedLimits: ResourceList = new Map();
  readonly calculatedRequests: ResourceList = new Map();
  /** DRA claims of GPUs, host devices and networks (v1.9.0). */
  readonly resourceClaims: ContainerResourceClaim[] = [];
  /**
   * Go copies a resource.Quantity by value, but a quantity held as an inf.Dec (e.g. parsed from "1.5Gi")
   * shares that inf.Dec with its copies, and Add changes it in place for every copy. The renderer's lists
   * start as copies of the VMI's lists, so an Add on the memory request or limit also changes the VMI (seen
   * by the later QoS checks) and any other list entry copied from it (WithCPUPinning copies the request
   * into the limits). This records, for the memory entries of vmRequests/vmLimits, which of the VMI's
   * inf.Dec memory quantities they share, and the current values of those.
   */
  readonly memoryDecOwner: { requests?: VmiMemoryField; limits?: VmiMemoryField } = {};
  readonly vmiMemory: { request?: Quantity; limit?: Quantity; guest?: Quantity } = {};

  /** Records the terms of each entry while the options run (`explain` only). */
  readonly explanation: RenderExplanation | undefined;

  constructor(
    vmLimits: ResourceList,
    vmRequests: ResourceList,
    options: readonly ResourceRendererOption[] = [],
    explanation?: RenderExplanation,
  ) {
    this.vmLimits = new Map(vmLimits);
    this.vmRequests = new Map(vmRequests);
    this.explanation = explanation;
    if (explanation !== undefined) {
      for (const [list, entries, field] of [
        ['vmRequests', this.vmRequests, 'requests'],
        ['vmLimits', this.vmLimits, 'limits'],
      ] as const) {
        for (const [name, value] of entries) {
          const path = `spec.domain.resources.${field}.${name}`;
          const recorded = explanation.field(path);
          // a default derived from other fields (the guest memory and the overcommit) keeps its addends
          const derived = recorded?.terms;
          explanation.set(
            list,
            name,
            derived !== undefined && sumTerms(derived).cmp(value) === 0
              ? derived
              : [
                  {
                    name: path,
                    value,
                    reason: recorded
                      ? `not in the input: ${recorded.reason} (${recorded.source})`
                      : `the VMI's own ${name} ${field.slice(0, -1)}`,
                  },
                ],
          );
        }
      }
    }
    const request = this.vmRequests.get(ResourceMemory);
    if (request?.representation === 'dec') {
      this.memoryDecOwner.requests = 'request';
      this.vmiMemory.request = request;
    }
    const limit = this.vmLimits.get(ResourceMemory);
    if (limit?.representation === 'dec') {
      if (limit === request) {
        // one Go value copied into both lists (admission copies a memory limit into the requests)
        this.memoryDecOwner.limits = 'request';
      } else {
        this.memoryDecOwner.limits = 'limit';
        this.vmiMemory.limit = limit;
      }
    }
    for (const option of options) option(this);
  }

  /** The current value of a memory entry of vmRequests/vmLimits (an inf.Dec shared with the VMI may have changed). */
  memoryEntry(list: 'requests' | 'limits'): Quantity | undefined {
    const owner = this.memoryDecOwner[list];
    if (owner !== undefined) return this.vmiMemory[owner];
    return (list === 'requests' ? this.vmRequests : this.vmLimits).get(ResourceMemory);
  }

  /** Stores a memory entry; `inPlace` is Go's Add on the entry itself, which changes a shared inf.Dec. */
  setMemoryEntry(list: 'requests' | 'limits', value: Quantity, inPlace: boolean): void {
    const owner = this.memoryDecOwner[list];
    if (inPlace && owner !== undefined && value.representation === 'dec') {
      this.vmiMemory[owner] = value;
      for (const other of ['requests', 'limits'] as const) {
        if (this.memoryDecOwner[other] === owner) {
          (other === 'requests' ? this.vmRequests : this.vmLimits).set(ResourceMemory, value);
          // one Go inf.Dec shared by both entries: they carry the same terms
          if (other !== list) this.explanation?.copy(vmListName(list), vmListName(other), ResourceMemory);
        }
      }
      return;
    }
    if (!inPlace) delete this.memoryDecOwner[list];
    (list === 'requests' ? this.vmRequests : this.vmLimits).set(ResourceMemory, value);
  }

  limits(): ResourceList {
    const limits: ResourceList = new Map();
    copyResources(this.calculatedLimits, limits);
    copyResources(this.vmLimits, limits);
    return limits;
  }

  requests(): ResourceList {
    const requests: ResourceList = new Map();
    copyResources(this.calculatedRequests, requests);
    copyResources(this.vmRequests, requests);
    return requests;
  }

  resourceRequirements(): ResourceListRequirements {
    return { limits: this.limits(), requests: this.requests(), claims: this.resourceClaims };
  }
}

export type ResourceRendererOption = (renderer: ResourceRenderer) => void;

/** `; <why the VMI has the field>` when a stage before the render recorded it, else nothing. */
function provenanceNote(explanation: RenderExplanation | undefined, path: string): string {
  const recorded = explanation?.field(path);
  return recorded ? `; ${path}: ${recorded.reason}` : '';
}

/** Why auto limits apply: the ResourceQuotas with limits.<resource>, or the CPU namespace label selector. */
export function autoLimitsReason(resource: string, namespace: string, state: ClusterState): string {
  const quotas = state
    .listResourceQuotas(namespace)
    .filter((quota) => Object.prototype.hasOwnProperty.call(quota.spec?.hard ?? {}, `limits.${resource}`))
    .map((quota) => quota.metadata?.name ?? '');
  const why = quotas.length
    ? `ResourceQuota ${quotas.join(', ')} in namespace ${namespace} sets limits.${resource}`
    : `cluster config autoCPULimitNamespaceLabelSelector matches namespace ${namespace}`;
  return `auto ${resource} limits (feature gate AutoResourceLimitsGate; no ${resource} limit in the VMI): ${why}`;
}

// upstream: WithEphemeralStorageRequest
export function withEphemeralStorageRequest(): ResourceRendererOption {
  return (renderer) => {
    const overhead = mustParse(ephemeralStorageOverheadSize);
    renderer.vmRequests.set(
      ResourceEphemeralStorage,
      entryOf(renderer.vmRequests, ResourceEphemeralStorage).add(overhead),
    );
    const limit = renderer.vmLimits.get(ResourceEphemeralStorage);
    if (limit !== undefined) renderer.vmLimits.set(ResourceEphemeralStorage, limit.add(overhead));
    const explanation = renderer.explanation;
    if (explanation !== undefined) {
      const term = {
        name: 'ephemeralStorageOverhead',
        value: overhead,
        reason: "virt-launcher's own scratch space, on top of the VMI's",
      };
      explanation.add('vmRequests', ResourceEphemeralStorage, term);
      if (limit !== undefined) explanation.add('vmLimits', ResourceEphemeralStorage, term);
    }
  };
}

// upstream: calcVCPUs
function calcVCPUs(cpu: CPU | undefined): number {
  return cpu ? getNumberOfVCPUs(cpu) : 1;
}

// upstream: WithoutDedicatedCPU (from v1.9.0 the supplemental-pool IO threads count as CPUs: ioThreadCPUs)
export function withoutDedicatedCPU(
  cpu: CPU | undefined,
  cpuAllocationRatio: number,
  withCPULimits: boolean,
  ioThreadCPUs = 0,
  cpuLimitsReason?: () => string,
): ResourceRendererOption {
  return (renderer) => {
    const vcpus = calcVCPUs(cpu) + ioThreadCPUs;
    if (vcpus === 0 || cpuAllocationRatio <= 0) return;
    let value = vcpus / cpuAllocationRatio;
    let text = goFormatG(value);
    if (value < 1) {
      value *= 1000;
      text = `${goFormatG(value)}m`;
    }
    try {
      const request = mustParse(text);
      renderer.calculatedRequests.set(ResourceCPU, request);
      renderer.explanation?.set('calculatedRequests', ResourceCPU, [
        {
          name: 'vCPUs / cpuAllocationRatio',
          value: request,
          reason: `${vcpus} vCPU${ioThreadCPUs ? ` (including ${ioThreadCPUs} IO thread CPUs)` : ''} / cpuAllocationRatio ${cpuAllocationRatio} (cluster config developerConfiguration.cpuAllocationRatio), printed with %g${provenanceNote(renderer.explanation, 'spec.domain.cpu')}`,
        },
      ]);
    } catch (error) {
      // A huge cpuAllocationRatio makes %g print an exponent, and upstream's MustParse panics on it.
      if (!(error instanceof QuantityParseError)) throw error;
      throw new RenderError(
        `virt-controller panics: ${error.message} (cpuAllocationRatio ${cpuAllocationRatio} is too large for ${vcpus} vCPUs)`,
      );
    }
    if (withCPULimits) {
      const limit = mustParse(String(vcpus));
      renderer.calculatedLimits.set(ResourceCPU, limit);
      renderer.explanation?.set('calculatedLimits', ResourceCPU, [
        {
          name: 'autoCPULimits',
          value: limit,
          reason: `${vcpus} vCPU: ${cpuLimitsReason?.() ?? 'auto CPU limits'}`,
        },
      ]);
    }
  };
}

// upstream: WithHugePages
export function withHugePages(vmMemory: Memory, memoryOverhead: Quantity): ResourceRendererOption {
  return (renderer) => {
    const hugepageType = ResourceHugePagesPrefix + (vmMemory.hugepages?.pageSize ?? '');
    const guest =
      vmMemory.guest === undefined || vmMemory.guest === null ? undefined : Quantity.fromJSON(vmMemory.guest);
    let hugepagesMemory = memoryOf(renderer.vmRequests);
    if (guest !== undefined && hugepagesMemory.value() > guest.value()) hugepagesMemory = guest;
    renderer.calculatedRequests.set(hugepageType, hugepagesMemory);
    renderer.calculatedLimits.set(hugepageType, hugepagesMemory);
    const explanation = renderer.explanation;
    if (explanation !== undefined) {
      const hugepagesTerm = {
        name: 'hugepages',
        value: hugepagesMemory,
        reason: `the guest memory in ${vmMemory.hugepages?.pageSize ?? ''} huge pages (spec.domain.memory.hugepages; the memory request, at most spec.domain.memory.guest)${provenanceNote(explanation, 'spec.domain.memory.hugepages')}`,
      };
      explanation.set('calculatedRequests', hugepageType, [hugepagesTerm]);
      explanation.set('calculatedLimits', hugepageType, [hugepagesTerm]);
    }

    let requestDiff = newScaledQuantity(0, Scale.Kilo);
    let limitDiff = newScaledQuantity(0, Scale.Kilo);
    if (guest !== undefined) {
      const requests = memoryOf(renderer.vmRequests);
      const limits = memoryOf(renderer.vmLimits);
      if (requests.value() > guest.value()) requestDiff = requestDiff.add(requests).sub(guest);
      if (limits.value() > guest.value()) limitDiff = limitDiff.add(limits).sub(guest);
    }
    renderer.setMemoryEntry('requests', requestDiff.add(memoryOverhead), false);
    const overheadTerms = explanation?.memoryOverhead ?? [];
    const beyondGuest = (value: Quantity, what: string): ExplainTerm[] =>
      value.isZero()
        ? []
        : [
            {
              name: `${what} beyond guest memory`,
              value,
              reason: `the VMI's memory ${what} above spec.domain.memory.guest (not in huge pages)`,
            },
          ];
    explanation?.set('vmRequests', ResourceMemory, [
      ...beyondGuest(requestDiff, 'request'),
      ...overheadTerms,
    ]);
    if (renderer.vmLimits.has(ResourceMemory)) {
      renderer.setMemoryEntry('limits', limitDiff.add(memoryOverhead), false);
      explanation?.set('vmLimits', ResourceMemory, [...beyondGuest(limitDiff, 'limit'), ...overheadTerms]);
    }
  };
}

/**
 * The memory request admission set before v1.9.0 (setDefaultResourceRequests): the limit, else the guest
 * memory (or one huge page) scaled by the memory overcommit.
 * upstream v1.9.0: WithMemoryRequests
 */
export function withMemoryRequests(vmMemory: Memory | undefined, overcommit: number): ResourceRendererOption {
  return (renderer) => {
    const limit = renderer.memoryEntry('limits');
    const request = renderer.memoryEntry('requests');
    if (limit !== undefined && !limit.isZero() && (request === undefined || request.isZero())) {
      // a copy of the limit: it shares the limit's inf.Dec, if it has one
      renderer.setMemoryEntry('requests', limit, false);
      if (renderer.memoryDecOwner.limits !== undefined)
        renderer.memoryDecOwner.requests = renderer.memoryDecOwner.limits;
      renderer.explanation?.set('vmRequests', ResourceMemory, [
        {
          name: 'spec.domain.resources.limits.memory',
          value: limit,
          reason: 'no memory request: it defaults to the memory limit',
        },
      ]);
    }
    if (renderer.vmRequests.has(ResourceMemory)) return;

    let memory: Quantity | undefined;
    let source = 'spec.domain.memory.guest';
    if (vmMemory?.guest !== undefined && vmMemory.guest !== null) {
      memory = Quantity.fromJSON(vmMemory.guest);
    } else if (vmMemory?.hugepages !== undefined && vmMemory.hugepages !== null) {
      memory = Quantity.tryParse(vmMemory.hugepages.pageSize ?? '');
      source = 'spec.domain.memory.hugepages.pageSize';
    }
    if (memory === undefined || memory.value() <= 0n) return;
    const guest = memory;
    const guestTerm = (): ExplainTerm => ({
      name: source,
      value: guest,
      reason: `no memory request nor limit: the request defaults to ${source === 'spec.domain.memory.guest' ? 'the guest memory' : 'one huge page'}${provenanceNote(renderer.explanation, source)}`,
    });
    if (overcommit === 100) {
      // upstream copies the VMI's guest quantity: an inf.Dec one is shared with the request, and with the
      // limit once WithCPUPinning copies the request there, so WithMemoryOverhead's Adds reach all three
      renderer.vmRequests.set(ResourceMemory, memory);
      if (memory.representation === 'dec' && source === 'spec.domain.memory.guest') {
        renderer.memoryDecOwner.requests = 'guest';
        renderer.vmiMemory.guest = memory;
      }
      renderer.explanation?.set('vmRequests', ResourceMemory, [guestTerm()]);
    } else {
      const value = BigInt.asIntN(64, memory.value() * 100n) / BigInt(overcommit);
      const request = newQuantity(value, memory.format);
      renderer.vmRequests.set(ResourceMemory, request);
      renderer.explanation?.set('vmRequests', ResourceMemory, [
        guestTerm(),
        {
          name: 'memoryOvercommit',
          value: request.sub(memory),
          reason: `× 100 / ${overcommit} (cluster config developerConfiguration.memoryOvercommit ${overcommit}%), rounded down to a byte`,
        },
      ]);
    }
  };
}

// upstream: WithMemoryOverhead
export function withMemoryOverhead(
  guestResources: Resources | undefined,
  memoryOverhead: Quantity,
): ResourceRendererOption {
  return (renderer) => {
    const memoryRequest = renderer.memoryEntry('requests') ?? Quantity.zero();
    const explanation = renderer.explanation;
    const overheadTerms = explanation?.memoryOverhead ?? [];
    if (!guestResources?.overcommitGuestOverhead) {
      explanation?.add('vmRequests', ResourceMemory, ...overheadTerms);
      renderer.setMemoryEntry('requests', memoryRequest.add(memoryOverhead), true);
    } else {
      explanation?.notes.push(
        `spec.domain.resources.overcommitGuestOverhead: the overhead (${memoryOverhead.toString()}) is not requested, only added to the limit`,
      );
      renderer.setMemoryEntry('requests', memoryRequest, true);
    }
    // read after the request's Add: the limit may share its inf.Dec (WithCPUPinning)
    const memoryLimit = renderer.memoryEntry('limits');
    if (memoryLimit !== undefined) {
      explanation?.add('vmLimits', ResourceMemory, ...overheadTerms);
      renderer.setMemoryEntry('limits', memoryLimit.add(memoryOverhead), true);
    }
  };
}

// upstream: getMemoryLimitsRatio
export function getMemoryLimitsRatio(namespace: string, state: ClusterState): number {
  const labels = state.getNamespace(namespace)?.metadata?.labels ?? {};
  if (!Object.prototype.hasOwnProperty.call(labels, AutoMemoryLimitsRatioLabel)) {
    return DefaultMemoryLimitOverheadRatio;
  }
  const ratio = goParseFloat(labels[AutoMemoryLimitsRatioLabel] ?? '');
  if (ratio === undefined || ratio < 1.0) return DefaultMemoryLimitOverheadRatio;
  return ratio;
}

// upstream: WithAutoMemoryLimits
export function withAutoMemoryLimits(
  namespace: string,
  state: ClusterState,
  hostArch = 'amd64',
): ResourceRendererOption {
  return (renderer) => {
    const ratio = getMemoryLimitsRatio(namespace, state);
    const memoryRequest = entryOf(renderer.vmRequests, ResourceMemory);
    const value = float64ToInt64(Number(memoryRequest.value()) * ratio, hostArch);
    const limit = newQuantity(value, memoryRequest.format);
    renderer.calculatedLimits.set(ResourceMemory, limit);
    const explanation = renderer.explanation;
    if (explanation !== undefined) {
      const requestTerms = explanation.terms('vmRequests', ResourceMemory);
      explanation.set('calculatedLimits', ResourceMemory, [
        ...requestTerms,
        {
          name: 'autoMemoryLimitsRatio',
          value: limit.sub(memoryRequest),
          reason: `${autoLimitsReason(ResourceMemory, namespace, state)}: the request × ${ratio} (namespace label ${AutoMemoryLimitsRatioLabel}; ${DefaultMemoryLimitOverheadRatio} without it), in whole bytes`,
        },
      ]);
    }
  };
}

// upstream: WithCPUPinning
export function withCPUPinning(
  cpu: CPU,
  annotations: Readonly<Record<string, string>>,
  release: KubeVirtRelease,
  ioThreadCPUs = 0,
  additionalCPUs = 0,
): ResourceRendererOption {
  if (release.atLeast('v1.9.0')) return withCPUPinningV190(cpu, annotations, ioThreadCPUs, additionalCPUs);
  return (renderer) => {
    const explanation = renderer.explanation;
    const vcpus = getNumberOfVCPUs(cpu);
    if (vcpus !== 0) {
      const limit = newQuantity(vcpus, 'BinarySI');
      renderer.calculatedLimits.set(ResourceCPU, limit);
      explanation?.set('calculatedLimits', ResourceCPU, [dedicatedVCPUsTerm(limit, explanation)]);
    } else {
      const cpuLimit = renderer.vmLimits.get(ResourceCPU);
      const cpuRequest = renderer.vmRequests.get(ResourceCPU);
      if (cpuLimit !== undefined) {
        renderer.vmRequests.set(ResourceCPU, cpuLimit);
        explanation?.copy('vmLimits', 'vmRequests', ResourceCPU);
      } else if (cpuRequest !== undefined) {
        renderer.vmLimits.set(ResourceCPU, cpuRequest);
        explanation?.copy('vmRequests', 'vmLimits', ResourceCPU);
      }
    }

    if (cpu.isolateEmulatorThread) {
      let emulatorThreadCPUs = newQuantity(1, 'BinarySI');
      const limits = entryOf(renderer.calculatedLimits, ResourceCPU);
      const evenParity = Object.prototype.hasOwnProperty.call(
        annotations,
        KUBEVIRT_ANNOTATION_EMULATOR_THREAD_EVEN_PARITY,
      );
      if (evenParity && limits.value() % 2n === 0n) emulatorThreadCPUs = newQuantity(2, 'BinarySI');
      renderer.vmLimits.set(ResourceCPU, limits.add(emulatorThreadCPUs));
      const emulatorTerm = explanation && emulatorThreadTerm(emulatorThreadCPUs, evenParity, explanation);
      explanation?.set('vmLimits', ResourceCPU, [
        ...(explanation.terms('calculatedLimits', ResourceCPU) ?? []),
        emulatorTerm!,
      ]);
      const cpuRequest = renderer.vmRequests.get(ResourceCPU);
      if (cpuRequest !== undefined) {
        renderer.vmRequests.set(ResourceCPU, cpuRequest.add(emulatorThreadCPUs));
        explanation?.add('vmRequests', ResourceCPU, emulatorTerm!);
      }
    }

    copyMemoryRequestToLimit(renderer, renderer.memoryEntry('requests') ?? Quantity.zero('BinarySI'));
  };
}

const dedicatedVCPUsTerm = (value: Quantity, explanation: RenderExplanation | undefined): ExplainTerm => ({
  name: 'dedicated vCPUs',
  value,
  reason: `spec.domain.cpu.dedicatedCpuPlacement: one whole CPU per vCPU (sockets × cores × threads)${provenanceNote(explanation, 'spec.domain.cpu.dedicatedCpuPlacement')}${provenanceNote(explanation, 'spec.domain.cpu')}`,
});

const emulatorThreadTerm = (
  value: Quantity,
  evenParity: boolean,
  explanation: RenderExplanation,
): ExplainTerm => ({
  name: 'isolateEmulatorThread',
  value,
  reason: `spec.domain.cpu.isolateEmulatorThread: a CPU for the emulator thread${evenParity ? ` (annotation ${KUBEVIRT_ANNOTATION_EMULATOR_THREAD_EVEN_PARITY}: 2 when the count is even)` : ''}${provenanceNote(explanation, 'spec.domain.cpu.isolateEmulatorThread')}`,
});

/** vmLimits' memory becomes a copy of the request, sharing its inf.Dec if it has one. */
function copyMemoryRequestToLimit(renderer: ResourceRenderer, request: Quantity): void {
  renderer.explanation?.set('vmLimits', ResourceMemory, [
    ...renderer.explanation.terms('vmRequests', ResourceMemory),
  ]);
  renderer.setMemoryEntry('limits', request, false);
  if (renderer.memoryDecOwner.requests !== undefined)
    renderer.memoryDecOwner.limits = renderer.memoryDecOwner.requests;
}

/**
 * v1.9.0's WithCPUPinning: the vCPUs plus the supplemental-pool IO threads go into both the CPU limit and
 * the CPU request (an explicit request), the emulator thread is added on top of the VM's limit (the even
 * parity counts `additionalCPUs` too), and the memory limit follows the request only when there is one.
 */
function withCPUPinningV190(
  cpu: CPU,
  annotations: Readonly<Record<string, string>>,
  ioThreadCPUs: number,
  additionalCPUs: number,
): ResourceRendererOption {
  return (renderer) => {
    const explanation = renderer.explanation;
    const vcpus = getNumberOfVCPUs(cpu);
    const ioThreads = newQuantity(ioThreadCPUs, 'BinarySI');
    const ioThreadsTerms: ExplainTerm[] =
      ioThreadCPUs === 0
        ? []
        : [
            {
              name: 'IO thread CPUs',
              value: ioThreads,
              reason: 'spec.domain.ioThreads.supplementalPoolThreadCount',
            },
          ];
    if (vcpus !== 0) {
      const total = vcpus + ioThreadCPUs;
      renderer.vmLimits.set(ResourceCPU, newQuantity(total, 'BinarySI'));
      renderer.vmRequests.set(ResourceCPU, newQuantity(total, 'BinarySI'));
      const terms = [dedicatedVCPUsTerm(newQuantity(vcpus, 'BinarySI'), explanation), ...ioThreadsTerms];
      explanation?.set('vmLimits', ResourceCPU, terms);
      explanation?.set('vmRequests', ResourceCPU, terms);
    } else {
      const cpuLimit = renderer.vmLimits.get(ResourceCPU);
      if (cpuLimit !== undefined) {
        renderer.vmLimits.set(ResourceCPU, cpuLimit.add(ioThreads));
        explanation?.add('vmLimits', ResourceCPU, ...ioThreadsTerms);
      }
      const cpuRequest = renderer.vmRequests.get(ResourceCPU);
      if (cpuRequest !== undefined) {
        renderer.vmRequests.set(ResourceCPU, cpuRequest.add(ioThreads));
        explanation?.add('vmRequests', ResourceCPU, ...ioThreadsTerms);
      }
    }

    if (cpu.isolateEmulatorThread) {
      let emulatorThreadCPUs = newQuantity(1, 'BinarySI');
      const limits = entryOf(renderer.vmLimits, ResourceCPU);
      const evenParity = Object.prototype.hasOwnProperty.call(
        annotations,
        KUBEVIRT_ANNOTATION_EMULATOR_THREAD_EVEN_PARITY,
      );
      if (evenParity && BigInt.asIntN(64, limits.value() + BigInt(additionalCPUs)) % 2n === 0n) {
        emulatorThreadCPUs = newQuantity(2, 'BinarySI');
      }
      renderer.vmLimits.set(ResourceCPU, limits.add(emulatorThreadCPUs));
      const emulatorTerm = explanation && emulatorThreadTerm(emulatorThreadCPUs, evenParity, explanation);
      explanation?.add('vmLimits', ResourceCPU, emulatorTerm!);
      const cpuRequest = renderer.vmRequests.get(ResourceCPU);
      if (cpuRequest !== undefined) {
        renderer.vmRequests.set(ResourceCPU, cpuRequest.add(emulatorThreadCPUs));
        explanation?.add('vmRequests', ResourceCPU, emulatorTerm!);
      }
    }

    const memoryRequest = renderer.memoryEntry('requests');
    if (memoryRequest !== undefined) copyMemoryRequestToLimit(renderer, memoryRequest);
  };
}

// upstream: bumpResources
function bumpResource(list: ResourceList, name: string): void {
  const unit = newQuantity(1, 'DecimalSI');
  const current = list.get(name);
  list.set(name, current === undefined ? unit : current.add(unit));
}

/** upstream requestResource + copy back into the calculated lists (shared by the device options). */
function withRequestedResources(names: () => Iterable<string>, why: string): ResourceRendererOption {
  return (renderer) => {
    const resources = renderer.resourceRequirements();
    const explanation = renderer.explanation;
    for (const name of names()) {
      bumpResource(resources.limits, name);
      bumpResource(resources.requests, name);
      if (explanation !== undefined) {
        const term = { name, value: newQuantity(1, 'DecimalSI'), reason: why };
        explanation.add('calculatedRequests', name, term);
        explanation.add('calculatedLimits', name, term);
      }
    }
    copyResources(resources.limits, renderer.calculatedLimits);
    copyResources(resources.requests, renderer.calculatedRequests);
  };
}

// upstream: WithNetworkResources
export function withNetworkResources(
  networkToResourceMap: ReadonlyMap<string, string>,
): ResourceRendererOption {
  return withRequestedResources(
    () => [...networkToResourceMap.values()].filter((name) => name !== ''),
    'spec.networks[].multus: the device plugin resource its NetworkAttachmentDefinition names (k8s.v1.cni.cncf.io/resourceName), one per network',
  );
}

// upstream: WithGPUs (v1.4.0); v1.9.0's WithGPUsDevicePlugins passes only the device-plugin GPUs
// (deviceName is optional from v1.9.0 on, a DRA device having none: absent, it is Go's "")
export function withGPUs(gpus: readonly { deviceName?: string }[]): ResourceRendererOption {
  return withRequestedResources(
    () => gpus.map((gpu) => gpu.deviceName ?? ''),
    'spec.domain.devices.gpus[].deviceName: one device of the device plugin per GPU',
  );
}

// upstream: WithHostDevices (v1.4.0); v1.9.0's WithHostDevicesDevicePlugins passes only device-plugin devices
export function withHostDevices(hostDevices: readonly { deviceName?: string }[]): ResourceRendererOption {
  return withRequestedResources(
    () => hostDevices.map((device) => device.deviceName ?? ''),
    'spec.domain.devices.hostDevices[].deviceName: one device of the device plugin per host device',
  );
}

/** A GPU or host device's DRA claim request (v1.9.0 ClaimRequest, inlined: present when either key is). */
interface ClaimRequest {
  claimName?: string;
  requestName?: string;
}
type ClaimableDevice = (GPU | HostDevice) & ClaimRequest;

function claimRequestOf(device: GPU | HostDevice): ClaimRequest | undefined {
  const claimable = device as ClaimableDevice;
  return 'claimName' in claimable || 'requestName' in claimable ? claimable : undefined;
}

/** upstream v1.9.0: isGPUDevicePlugin (also the host device test in isHostDevVMIDevicePlugins) */
const isDevicePluginDevice = (device: GPU | HostDevice): boolean =>
  (device.deviceName ?? '') !== '' && claimRequestOf(device) === undefined;

/** upstream v1.9.0: drautil.IsGPUDRA / IsHostDeviceDRA */
const isDRADevice = (device: GPU | HostDevice): boolean =>
  (device.deviceName ?? '') === '' && claimRequestOf(device) !== undefined;

function toContainerClaim(request: ClaimRequest): ContainerResourceClaim {
  const claim: ContainerResourceClaim = { name: request.claimName ?? '' };
  if (request.requestName) claim.request = request.requestName;
  return claim;
}

// upstream v1.9.0: WithGPUsDRA, WithHostDevicesDRA
export function withDevicesDRA(devices: readonly (GPU | HostDevice)[]): ResourceRendererOption {
  return (renderer) => {
    for (const device of devices) {
      const request = claimRequestOf(device);
      if (isDRADevice(device) && request !== undefined)
        renderer.resourceClaims.push(toContainerClaim(request));
    }
  };
}

/** A network's DRA claim (v1.9.0 NetworkSource.ResourceClaim). */
function networkClaimOf(network: Network): ClaimRequest | undefined {
  const claim = (network as Network & { resourceClaim?: ClaimRequest | null }).resourceClaim;
  return claim === undefined || claim === null ? undefined : claim;
}

// upstream v1.9.0: WithNetworksDRA
export function withNetworksDRA(networks: readonly Network[]): ResourceRendererOption {
  return (renderer) => {
    for (const network of networks) {
      const claim = networkClaimOf(network);
      if (claim !== undefined) renderer.resourceClaims.push(toContainerClaim(claim));
    }
  };
}

// upstream: WithSEV
export function withSEV(): ResourceRendererOption {
  return withRequestedResources(
    () => [SevDevice],
    'spec.domain.launchSecurity.sev (or snp): the SEV device of the node',
  );
}

// upstream v1.9.0: WithTDX
export function withTDX(): ResourceRendererOption {
  return withRequestedResources(
    () => [TdxDevice],
    'spec.domain.launchSecurity.tdx: the TDX device of the node',
  );
}

// upstream v1.9.0: WithIOMMUFD
export function withIOMMUFD(): ResourceRendererOption {
  return withRequestedResources(() => [IOMMUFDDevice], 'feature gate IOMMUFD: the iommufd device for VFIO');
}

// upstream: WithPersistentReservation
export function withPersistentReservation(): ResourceRendererOption {
  return withRequestedResources(
    () => [PrDevice],
    'a LUN disk with reservation: the persistent-reservation helper of the node',
  );
}

// upstream: WithVirtualizationResources
export function withVirtualizationResources(virtResources: ResourceList): ResourceRendererOption {
  return (renderer) => {
    copyResources(virtResources, renderer.vmLimits);
    const explanation = renderer.explanation;
    if (explanation === undefined) return;
    for (const [name, value] of virtResources) {
      const reason =
        VIRTUALIZATION_DEVICE_REASONS[name] ??
        `the hypervisor device /dev/${name.slice(K8sDevicePrefix.length + 1)} (not developerConfiguration.useEmulation)`;
      explanation.set('vmLimits', name, [{ name, value, reason }]);
    }
  };
}

/** Why getRequiredResources asks for each device (explain). */
const VIRTUALIZATION_DEVICE_REASONS: Readonly<Record<string, string>> = {
  [TunDevice]:
    'the VMI has interfaces (or gets the default pod interface, autoattachPodInterface): /dev/net/tun',
  [VhostNetDevice]: 'a virtio interface (not developerConfiguration.useEmulation): /dev/vhost-net',
  [VhostVsockDevice]: 'spec.domain.devices.autoattachVSOCK: /dev/vhost-vsock',
};

/**
 * The device plugin resource of the hypervisor (upstream v1.9.0 ConstructHypervisorResourceName over
 * NewLauncherHypervisorResources: mshv for hyperv-direct, kvm otherwise).
 */
export function hypervisorResourceName(config: ClusterConfig): string {
  if (config.release.before('v1.9.0')) return KvmDevice;
  return `${K8sDevicePrefix}/${config.getHypervisorName() === 'hyperv-direct' ? 'mshv' : 'kvm'}`;
}

// upstream: getRequiredResources
export function getRequiredResources(
  vmi: VirtualMachineInstance,
  allowEmulation: boolean,
  hypervisorResource = KvmDevice,
): ResourceList {
  const resources: ResourceList = new Map();
  if (needTunDevice(vmi)) resources.set(TunDevice, mustParse('1'));
  if (needVirtioNetDevice(vmi, allowEmulation)) resources.set(VhostNetDevice, mustParse('1'));
  if (!allowEmulation) resources.set(hypervisorResource, mustParse('1'));
  if (isAutoAttachVSOCK(vmi)) resources.set(VhostVsockDevice, mustParse('1'));
  return resources;
}

// upstream: template.go addProbeOverheads / addProbeOverhead
function addProbeOverheads(
  vmi: VirtualMachineInstance,
  overhead: Quantity,
  explanation?: RenderExplanation,
): Quantity {
  let result = overhead;
  const add = (name: string, value: Quantity, reason: string): void => {
    result = result.add(value);
    explanation?.memoryOverhead.push({ name, value, reason });
  };
  const addProbeOverhead = (probe: Probe | undefined, field: string): boolean => {
    if (probe?.exec == null) return false;
    add('virtProbeOverhead', mustParse(virtProbeOverhead), `an exec probe (${field})`);
    return true;
  };
  const hasLiveness = addProbeOverhead(vmi.spec.livenessProbe, 'spec.livenessProbe');
  const hasReadiness = addProbeOverhead(vmi.spec.readinessProbe, 'spec.readinessProbe');
  if (hasLiveness || hasReadiness)
    add(
      'virtProbeTotalAdditionalOverhead',
      mustParse(virtProbeTotalAdditionalOverhead),
      'exec probes run virt-probe',
    );
  return result;
}

// upstream: downwardmetrics.HasDownwardMetricDisk
function hasDownwardMetricDisk(vmi: VirtualMachineInstance): boolean {
  return (vmi.spec.volumes ?? []).some((volume) => volume.downwardMetrics != null);
}

// upstream: multiplyMemory
function multiplyMemory(memory: Quantity, multiplication: number, hostArch: string): Quantity {
  const addition = Number(memory.scaledValue(Scale.Kilo)) * (multiplication - 1.0);
  return memory.add(newScaledQuantity(float64ToInt64(addition, hostArch), Scale.Kilo));
}

/** upstream v1.9.0 util.IsSEVVMI: SEV or SEV-SNP (v1.4.0 knows SEV only). */
function isSEVOrSNPVMI(vmi: VirtualMachineInstance, release: KubeVirtRelease): boolean {
  if (release.before('v1.9.0')) return isSEVVMI(vmi);
  const launchSecurity = vmi.spec.domain.launchSecurity as { sev?: unknown; snp?: unknown } | undefined;
  return launchSecurity?.sev != null || launchSecurity?.snp != null;
}

/** upstream v1.9.0 util.IsTDXVMI */
function isTDXVMI(vmi: VirtualMachineInstance): boolean {
  return (vmi.spec.domain.launchSecurity as { tdx?: unknown } | undefined)?.tdx != null;
}

/** upstream v1.9.0 tpm.HasDevice: a TPM that is not disabled (`enabled` is new in v1.9.0). */
function hasTPMDevice(vmi: VirtualMachineInstance, release: KubeVirtRelease): boolean {
  const tpm = vmi.spec.domain.devices.tpm as { enabled?: boolean | null } | null | undefined;
  if (tpm === undefined || tpm === null) return false;
  return release.before('v1.9.0') || tpm.enabled === undefined || tpm.enabled === null || tpm.enabled;
}

/** upstream v1.9.0 util.RequiresMemoryOverheadReservation: spec.domain.memory.reservedOverhead.addedOverhead */
function reservedAddedOverhead(vmi: VirtualMachineInstance): Quantity | undefined {
  const memory = vmi.spec.domain.memory as
    { reservedOverhead?: { addedOverhead?: string | number | null } | null } | undefined;
  const added = memory?.reservedOverhead?.addedOverhead;
  return added === undefined || added === null ? undefined : Quantity.fromJSON(added);
}

/**
 * The memory the launcher needs on top of the guest's (page tables, KubeVirt processes, vCPUs, devices).
 * `hostArch` is the architecture virt-controller runs on; it only matters for float-to-int corner cases.
 * upstream: renderresources.go GetMemoryOverhead (v1.4.0); hypervisor/kvm/hypervisorbackend.go
 * GetMemoryOverhead (v1.9.0: bigger virtlogd/virtqemud/video RAM, SEV-SNP, a disabled TPM, the dedicated-CPU
 * and QoS overhead now before the additional ratio, and the VMI's reserved overhead)
 */
export function getMemoryOverhead(
  vmi: VirtualMachineInstance,
  cpuArch: string,
  additionalOverheadRatio: string | undefined,
  release: KubeVirtRelease,
  hostArch = 'amd64',
  explanation?: RenderExplanation,
): Quantity {
  const v190 = release.atLeast('v1.9.0');
  const releaseOverheads = v190 ? OVERHEADS_V1_9_0 : OVERHEADS_V1_4_0;
  const domain = vmi.spec.domain;
  const requests = parseResourceList(domain.resources?.requests);
  const limits = parseResourceList(domain.resources?.limits);
  const vmiMemoryRequest = memoryOf(requests);

  let overhead = newScaledQuantity(0, Scale.Kilo);
  // a reason that needs formatting is a function: render (no explanation) never formats it
  const add = (name: string, value: Quantity, reason: string | (() => string)): void => {
    overhead = overhead.add(value);
    explanation?.memoryOverhead.push({ name, value, reason: typeof reason === 'string' ? reason : reason() });
  };

  // page tables: one bit for every 512b of RAM
  const pagetableKilo = newScaledQuantity(vmiMemoryRequest.scaledValue(Scale.Kilo), Scale.Kilo);
  add('pagetables', newQuantity(pagetableKilo.value() / 512n, pagetableKilo.format), () =>
    vmiMemoryRequest.isZero()
      ? 'page tables: none, as spec.domain.resources.requests.memory is empty (a defaulted request is not counted)'
      : `page tables: spec.domain.resources.requests.memory ${vmiMemoryRequest.toString()} / 512, in whole kilobytes`,
  );

  const fixedOverheads: [string, string, string][] = [
    ['VirtLauncherMonitorOverhead', VirtLauncherMonitorOverhead, 'virt-launcher-monitor process'],
    ['VirtLauncherOverhead', VirtLauncherOverhead, 'virt-launcher process'],
    ['VirtlogdOverhead', releaseOverheads.virtlogd, 'virtlogd process'],
    ['VirtqemudOverhead', releaseOverheads.virtqemud, 'virtqemud process'],
    ['QemuOverhead', QemuOverhead, 'qemu process, beyond the guest memory'],
  ];
  for (const [name, value, reason] of fixedOverheads) add(name, mustParse(value), reason);

  const perVCPU = mustParse('8Mi');
  let vcpus = 0n;
  let vcpuSource = 'no CPU topology nor CPU request: 1';
  if (domain.cpu) {
    vcpus = BigInt(getNumberOfVCPUs(domain.cpu));
    vcpuSource = 'spec.domain.cpu sockets × cores × threads';
  } else {
    const cpuLimit = limits.get(ResourceCPU);
    const cpuRequest = requests.get(ResourceCPU);
    if (cpuLimit !== undefined) {
      vcpus = cpuLimit.value();
      vcpuSource = 'spec.domain.resources.limits.cpu';
    } else if (cpuRequest !== undefined) {
      vcpus = cpuRequest.value();
      vcpuSource = 'spec.domain.resources.requests.cpu';
    }
  }
  if (vcpus < 1n) vcpus = 1n;
  add(
    'perVCPU',
    newQuantity(BigInt.asIntN(64, perVCPU.value() * vcpus), perVCPU.format),
    () =>
      `8Mi per vCPU × ${vcpus} vCPU (${vcpuSource}${domain.cpu ? provenanceNote(explanation, 'spec.domain.cpu') : ''})`,
  );

  add('IOThread', mustParse('8Mi'), 'the IOThread');

  if (domain.devices.autoattachGraphicsDevice !== false) {
    add(
      'videoRAM',
      mustParse(releaseOverheads.videoRAM),
      'graphics device video RAM (spec.domain.devices.autoattachGraphicsDevice is not false)',
    );
  }

  if (cpuArch === 'arm64') add('arm64 UEFI', mustParse('128Mi'), 'two 64Mi pflash devices for UEFI on arm64');

  if (isVFIOVMI(vmi))
    add('VFIO', mustParse('1Gi'), 'VFIO (GPUs / host devices / SR-IOV) locks guest RAM and MMIO space');

  if (hasDownwardMetricDisk(vmi))
    add('downwardMetrics', mustParse('1Mi'), 'a downwardMetrics volume (spec.volumes)');

  overhead = addProbeOverheads(vmi, overhead, explanation);

  if (isSEVOrSNPVMI(vmi, release))
    add('SEV', mustParse('256Mi'), 'SEV launch security (spec.domain.launchSecurity)');

  if (hasTPMDevice(vmi, release)) add('TPM', mustParse('53Mi'), 'swtpm process for spec.domain.devices.tpm');

  const dedicatedOverhead = isCPUDedicated(vmi) || wantsToHaveQOSGuaranteed(vmi, release);
  const dedicatedReason =
    'dedicated CPUs (spec.domain.cpu.dedicatedCpuPlacement) or Guaranteed QoS (requests equal limits)';
  if (v190) {
    if (dedicatedOverhead) add('dedicatedCPUsOrGuaranteedQoS', mustParse('100Mi'), dedicatedReason);
    const reserved = reservedAddedOverhead(vmi);
    if (reserved !== undefined)
      add('reservedOverhead', reserved, 'spec.domain.memory.reservedOverhead.addedOverhead');
  }

  if (additionalOverheadRatio !== undefined && additionalOverheadRatio !== '') {
    const ratio = goParseFloat(additionalOverheadRatio);
    // upstream logs and returns early when the ratio does not parse (before v1.9.0 skipping the QoS overhead)
    if (ratio === undefined) {
      explanation?.notes.push(
        `additionalGuestMemoryOverheadRatio ${JSON.stringify(additionalOverheadRatio)} does not parse: ignored${v190 ? '' : ', and the dedicated-CPU/QoS overhead skipped'}`,
      );
      return overhead;
    }
    const before = overhead;
    overhead = multiplyMemory(overhead, ratio, hostArch);
    explanation?.memoryOverhead.push({
      name: 'additionalGuestMemoryOverheadRatio',
      value: overhead.sub(before),
      reason: `the overhead so far × (${additionalOverheadRatio} - 1), in kilobytes (cluster config additionalGuestMemoryOverheadRatio)`,
    });
  }

  if (!v190 && dedicatedOverhead) add('dedicatedCPUsOrGuaranteedQoS', mustParse('100Mi'), dedicatedReason);

  return overhead;
}

// upstream: validatePermittedHostDevices (v1.9.0 skips DRA-claimed devices while their gate is on, and its
// Errorf no longer reads the joined message as a format)
export function validatePermittedHostDevices(vmi: VirtualMachineInstance, config: ClusterConfig): void {
  const permitted = config.getPermittedHostDevices();
  if (permitted === undefined || permitted === null) return;
  const supported = new Set<string>();
  for (const device of permitted.pciHostDevices ?? []) supported.add(device.resourceName);
  for (const device of permitted.mediatedDevices ?? []) supported.add(device.resourceName);
  for (const device of permitted.usb ?? []) supported.add(device.resourceName);
  const problems: string[] = [];
  const gpusWithDRA = config.gpusWithDRAEnabled();
  for (const gpu of vmi.spec.domain.devices.gpus ?? []) {
    if (gpusWithDRA && claimRequestOf(gpu) !== undefined) continue;
    if (!supported.has(gpu.deviceName ?? '')) {
      problems.push(`GPU ${gpu.deviceName ?? ''} is not permitted in permittedHostDevices configuration`);
    }
  }
  const hostDevicesWithDRA = config.hostDevicesWithDRAEnabled();
  for (const hostDevice of vmi.spec.domain.devices.hostDevices ?? []) {
    if (hostDevicesWithDRA && claimRequestOf(hostDevice) !== undefined) continue;
    if (!supported.has(hostDevice.deviceName ?? '')) {
      problems.push(
        `HostDevice ${hostDevice.deviceName ?? ''} is not permitted in permittedHostDevices configuration`,
      );
    }
  }
  if (problems.length === 0) return;
  const message = problems.join(' ');
  throw new RenderError(config.release.atLeast('v1.9.0') ? message : sprintfWithoutArgs(message));
}

// upstream: template.go doesVMIRequireAutoResourceLimits
export function doesVMIRequireAutoResourceLimits(
  vmi: VirtualMachineInstance,
  resource: string,
  config: ClusterConfig,
  state: ClusterState,
): boolean {
  if (!config.autoResourceLimitsEnabled()) return false;
  const limits = vmi.spec.domain.resources?.limits ?? {};
  if (Object.prototype.hasOwnProperty.call(limits, resource)) return false;
  const namespace = vmi.metadata?.namespace ?? '';
  return state.listResourceQuotas(namespace).some((quota) => {
    const hard = quota.spec?.hard ?? {};
    return (
      Object.prototype.hasOwnProperty.call(hard, `limits.${resource}`) &&
      (quota.metadata?.namespace ?? namespace) === namespace
    );
  });
}

// upstream: template.go doesVMIRequireAutoMemoryLimits
export function doesVMIRequireAutoMemoryLimits(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
): boolean {
  return doesVMIRequireAutoResourceLimits(vmi, ResourceMemory, config, state);
}

// upstream: template.go doesVMIRequireAutoCPULimits
export function doesVMIRequireAutoCPULimits(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
): boolean {
  if (doesVMIRequireAutoResourceLimits(vmi, ResourceCPU, config, state)) return true;
  const labelSelector = config.config.autoCPULimitNamespaceLabelSelector;
  const limits = vmi.spec.domain.resources?.limits ?? {};
  if (
    labelSelector === undefined ||
    labelSelector === null ||
    Object.prototype.hasOwnProperty.call(limits, ResourceCPU)
  ) {
    return false;
  }
  const namespace = state.getNamespace(vmi.metadata?.namespace ?? '');
  if (namespace === undefined) return false;
  // an invalid selector: upstream logs and assumes no selector
  return labelSelectorMatches(labelSelector, namespace.metadata?.labels ?? {});
}

interface VMIResourceRule {
  predicate: (vmi: VirtualMachineInstance) => boolean;
  option: ResourceRendererOption;
}

/**
 * The launcher's memory overhead: the hypervisor's estimate plus what the network bindings ask for.
 * upstream: template.go VMIResourcePredicates (v1.4.0); CalculateMemoryOverhead (v1.9.0)
 */
export function calculateMemoryOverhead(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  explanation?: RenderExplanation,
): Quantity {
  const cpuArch = vmi.spec.architecture || config.getClusterCPUArch();
  return getMemoryOverhead(
    vmi,
    cpuArch,
    config.config.additionalGuestMemoryOverheadRatio,
    config.release,
    config.arch,
    explanation,
  ).add(calculateNetworkMemory(vmi, config, explanation?.memoryOverhead));
}

/** VMI fields new in v1.9.0 that the CPU rules read (the generated types are v1.4.0's). */
interface IOThreadsFields {
  ioThreadsPolicy?: string;
  ioThreads?: { supplementalPoolThreadCount?: number | null } | null;
}

/** upstream v1.9.0: getIOThreadsCount (whatever the IO threads policy) */
function ioThreadsCount(vmi: VirtualMachineInstance): number {
  return (vmi.spec.domain as IOThreadsFields).ioThreads?.supplementalPoolThreadCount ?? 0;
}

/** upstream v1.9.0 VMIResourcePredicates' additionalCPUs: the IO threads, under the supplementalPool policy only. */
function supplementalPoolCPUs(vmi: VirtualMachineInstance): number {
  const domain = vmi.spec.domain as IOThreadsFields;
  return domain.ioThreadsPolicy === 'supplementalPool' ? ioThreadsCount(vmi) : 0;
}

/** upstream v1.9.0: emptyMemoryRequest */
const emptyMemoryRequest = (vmi: VirtualMachineInstance): boolean =>
  memoryOf(parseResourceList(vmi.spec.domain.resources?.requests)).isZero();

/** The rules that differ per release for GPUs and host devices (device plugins vs DRA). */
function deviceRules(vmi: VirtualMachineInstance, config: ClusterConfig): VMIResourceRule[] {
  const devices = vmi.spec.domain.devices;
  const gpus = devices.gpus ?? [];
  const hostDevices = devices.hostDevices ?? [];
  if (config.release.before('v1.9.0')) {
    return [
      { predicate: isGPUVMI, option: withGPUs(gpus) },
      { predicate: isHostDevVMI, option: withHostDevices(hostDevices) },
    ];
  }
  return [
    { predicate: () => gpus.some(isDevicePluginDevice), option: withGPUs(gpus.filter(isDevicePluginDevice)) },
    { predicate: () => config.gpusWithDRAEnabled() && gpus.some(isDRADevice), option: withDevicesDRA(gpus) },
    {
      predicate: () => hostDevices.some(isDevicePluginDevice),
      option: withHostDevices(hostDevices.filter(isDevicePluginDevice)),
    },
    {
      predicate: () => config.hostDevicesWithDRAEnabled() && hostDevices.some(isDRADevice),
      option: withDevicesDRA(hostDevices),
    },
    {
      predicate: (v) =>
        config.networkDevicesWithDRAEnabled() &&
        (v.spec.networks ?? []).some((n) => networkClaimOf(n) !== undefined),
      option: withNetworksDRA(vmi.spec.networks ?? []),
    },
  ];
}

// upstream: template.go VMIResourcePredicates(...).Apply()
export function vmiResourceOptions(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  networkToResourceMap: ReadonlyMap<string, string>,
  memoryOverhead: Quantity = calculateMemoryOverhead(vmi, config),
): ResourceRendererOption[] {
  const release = config.release;
  const v190 = release.atLeast('v1.9.0');
  const withCPULimits = doesVMIRequireAutoCPULimits(vmi, config, state);
  const ioThreadCPUs = v190 ? ioThreadsCount(vmi) : 0;
  const domain = vmi.spec.domain;
  const rules: VMIResourceRule[] = [];
  if (v190) {
    // first, so that the overcommit does not apply to the overhead
    rules.push({
      predicate: emptyMemoryRequest,
      option: withMemoryRequests(domain.memory, config.getMemoryOvercommit()),
    });
  }
  rules.push(
    {
      predicate: isCPUDedicated,
      option: withCPUPinning(
        domain.cpu ?? {},
        vmi.metadata?.annotations ?? {},
        release,
        ioThreadCPUs,
        v190 ? supplementalPoolCPUs(vmi) : 0,
      ),
    },
    {
      predicate: (v) => !isCPUDedicated(v),
      option: withoutDedicatedCPU(
        domain.cpu,
        config.getCPUAllocationRatio(),
        withCPULimits,
        ioThreadCPUs,
        () => autoLimitsReason(ResourceCPU, vmi.metadata?.namespace ?? '', state),
      ),
    },
    { predicate: hasHugePages, option: withHugePages(domain.memory ?? {}, memoryOverhead) },
    { predicate: (v) => !hasHugePages(v), option: withMemoryOverhead(domain.resources, memoryOverhead) },
    {
      predicate: (v) => doesVMIRequireAutoMemoryLimits(v, config, state),
      option: withAutoMemoryLimits(vmi.metadata?.namespace ?? '', state, config.arch),
    },
    { predicate: () => networkToResourceMap.size > 0, option: withNetworkResources(networkToResourceMap) },
    ...deviceRules(vmi, config),
    { predicate: (v) => isSEVOrSNPVMI(v, release), option: withSEV() },
  );
  if (v190) rules.push({ predicate: isTDXVMI, option: withTDX() });
  rules.push({ predicate: hasVMIPersistentReservation, option: withPersistentReservation() });
  if (v190) rules.push({ predicate: () => config.iommufdEnabled(), option: withIOMMUFD() });
  return rules.filter((rule) => rule.predicate(vmi)).map((rule) => rule.option);
}

/** The terms of the compute container's entries: a vm list's entry overrides the calculated one (limits()). */
function recordComputeTerms(renderer: ResourceRenderer, explanation: RenderExplanation): void {
  for (const [kind, vmList, calculatedList, vm] of [
    ['requests', 'vmRequests', 'calculatedRequests', renderer.vmRequests],
    ['limits', 'vmLimits', 'calculatedLimits', renderer.vmLimits],
  ] as const) {
    const names = new Set([...(kind === 'requests' ? renderer.requests() : renderer.limits()).keys()]);
    for (const name of names) {
      const list: RendererList = vm.has(name) ? vmList : calculatedList;
      explanation.compute[kind].set(name, explanation.terms(list, name));
    }
  }
}

// upstream: template.go newResourceRenderer
export function newResourceRenderer(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  networkToResourceMap: ReadonlyMap<string, string>,
  memoryOverhead: Quantity = calculateMemoryOverhead(vmi, config),
  explanation?: RenderExplanation,
): ResourceRenderer {
  const resources = vmi.spec.domain.resources;
  const baseOptions = [
    withEphemeralStorageRequest(),
    withVirtualizationResources(
      getRequiredResources(vmi, config.allowEmulation(), hypervisorResourceName(config)),
    ),
  ];
  validatePermittedHostDevices(vmi, config);
  const options = [
    ...baseOptions,
    ...vmiResourceOptions(vmi, config, state, networkToResourceMap, memoryOverhead),
  ];
  return new ResourceRenderer(
    parseResourceList(resources?.limits),
    parseResourceList(resources?.requests),
    options,
    explanation,
  );
}

/** The compute container's resources. Throws RenderError when a GPU/host device is not permitted. */
export function renderComputeResources(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  networkToResourceMap: ReadonlyMap<string, string>,
): ComputeResourceRequirements {
  return renderComputeResourcesAndVMI(vmi, config, state, networkToResourceMap).resources;
}

/**
 * The compute container's resources, the memory overhead they include (v1.9.0 reports it in the
 * kubevirt.io/memory-overhead-bytes annotation), and the VMI as upstream holds it afterwards: a memory
 * request or limit held as an inf.Dec was changed in place by the renderer (see
 * ResourceRenderer.memoryDecOwner), which the later QoS checks of the support containers see. Returns the
 * given VMI object when nothing changed.
 */
export function renderComputeResourcesAndVMI(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  networkToResourceMap: ReadonlyMap<string, string>,
  explanation?: RenderExplanation,
): { resources: ComputeResourceRequirements; vmi: VirtualMachineInstance; memoryOverhead: Quantity } {
  const memoryOverhead = calculateMemoryOverhead(vmi, config, explanation);
  const renderer = newResourceRenderer(vmi, config, state, networkToResourceMap, memoryOverhead, explanation);
  const resources = toResourceRequirements(renderer.resourceRequirements());
  if (explanation !== undefined) recordComputeTerms(renderer, explanation);
  const original = vmi.spec.domain.resources;
  const changed = (field: VmiMemoryField, list: RawResourceList): Quantity | undefined => {
    const now = renderer.vmiMemory[field];
    return now !== undefined && !now.equal(Quantity.fromJSON(list?.['memory'] ?? null)) ? now : undefined;
  };
  const request = changed('request', original?.requests);
  // one Go value in both lists (admission copied the limit into the requests): they change together
  const limitMemory: unknown = original?.limits?.['memory'];
  const requestMemory: unknown = original?.requests?.['memory'];
  const sharedMemory = limitMemory instanceof Quantity && limitMemory === requestMemory;
  const limit = sharedMemory ? request : changed('limit', original?.limits);
  if (request === undefined && limit === undefined) return { resources, vmi, memoryOverhead };
  const after = cloneData(vmi);
  const domainResources = after.spec.domain.resources!;
  if (request !== undefined)
    domainResources.requests = { ...domainResources.requests, memory: request.toString() };
  if (limit !== undefined) domainResources.limits = { ...domainResources.limits, memory: limit.toString() };
  return { resources, vmi: after, memoryOverhead };
}

/** upstream v1.9.0 v1.MemoryOverheadAnnotationBytes: the Pod reports the overhead it was rendered with. */
export const MEMORY_OVERHEAD_ANNOTATION_BYTES = 'kubevirt.io/memory-overhead-bytes';

/** A VMI's spec.resourceClaims entry (v1.9.0) and the Pod's, which has the same fields. */
interface VMIResourceClaim {
  name: string;
  resourceClaimName?: string | null;
  resourceClaimTemplateName?: string | null;
}

/**
 * The Pod's spec.resourceClaims: the VMI's, copied (absent when it has none).
 * upstream v1.9.0: drautil.ToPodResourceClaims
 */
export function podResourceClaims(vmi: VirtualMachineInstance): PodSpec['resourceClaims'] | undefined {
  const claims = (vmi.spec as { resourceClaims?: VMIResourceClaim[] | null }).resourceClaims ?? [];
  if (claims.length === 0) return undefined;
  return claims.map((claim) => {
    const podClaim: VMIResourceClaim = { name: claim.name };
    if (claim.resourceClaimName != null) podClaim.resourceClaimName = claim.resourceClaimName;
    if (claim.resourceClaimTemplateName != null)
      podClaim.resourceClaimTemplateName = claim.resourceClaimTemplateName;
    return podClaim;
  }) as PodSpec['resourceClaims'];
}

const wantsDedicatedSupportResources = (vmi: VirtualMachineInstance, config: ClusterConfig): boolean =>
  isCPUDedicated(vmi) || wantsToHaveQOSGuaranteed(vmi, config.release);

// upstream: sidecarResources
export function sidecarResources(vmi: VirtualMachineInstance, config: ClusterConfig): ResourceRequirements {
  const requests: ResourceList = new Map();
  const limits: ResourceList = new Map();
  const setIfDefined = (list: ResourceList, name: string, quantity: Quantity | undefined): void => {
    if (quantity !== undefined) list.set(name, quantity);
  };
  setIfDefined(requests, ResourceCPU, config.getSupportContainerRequest('sidecar', ResourceCPU));
  setIfDefined(requests, ResourceMemory, config.getSupportContainerRequest('sidecar', ResourceMemory));
  if (wantsDedicatedSupportResources(vmi, config)) {
    limits.set(ResourceCPU, config.getSupportContainerLimit('sidecar', ResourceCPU) ?? mustParse('200m'));
    limits.set(
      ResourceMemory,
      config.getSupportContainerLimit('sidecar', ResourceMemory) ?? mustParse('64M'),
    );
    requests.set(ResourceCPU, limits.get(ResourceCPU) as Quantity);
    requests.set(ResourceMemory, limits.get(ResourceMemory) as Quantity);
  } else {
    setIfDefined(limits, ResourceCPU, config.getSupportContainerLimit('sidecar', ResourceCPU));
    setIfDefined(limits, ResourceMemory, config.getSupportContainerLimit('sidecar', ResourceMemory));
  }
  return toResourceRequirements({ limits, requests });
}

function supportResourceList(
  cpu: Quantity | undefined,
  defaultCPU: string,
  memory: Quantity | undefined,
  defaultMemory: string,
): ResourceList {
  return new Map([
    [ResourceCPU, cpu ?? mustParse(defaultCPU)],
    [ResourceMemory, memory ?? mustParse(defaultMemory)],
  ]);
}

// upstream: initContainerResourceRequirementsForVMI
export function initContainerResourceRequirementsForVMI(
  vmi: VirtualMachineInstance,
  containerType: SupportContainerType,
  config: ClusterConfig,
): ResourceRequirements {
  const limitCPU = config.getSupportContainerLimit(containerType, ResourceCPU);
  const limitMemory = config.getSupportContainerLimit(containerType, ResourceMemory);
  if (wantsDedicatedSupportResources(vmi, config)) {
    const dedicated = supportResourceList(limitCPU, '10m', limitMemory, '40M');
    return toResourceRequirements({ limits: dedicated, requests: new Map(dedicated) });
  }
  return toResourceRequirements({
    limits: supportResourceList(limitCPU, '100m', limitMemory, '40M'),
    requests: supportResourceList(
      config.getSupportContainerRequest(containerType, ResourceCPU),
      '10m',
      config.getSupportContainerRequest(containerType, ResourceMemory),
      '1M',
    ),
  });
}

// upstream: hotplugContainerResourceRequirementsForVMI
export function hotplugContainerResourceRequirementsForVMI(
  _vmi: VirtualMachineInstance,
  config: ClusterConfig,
): ResourceRequirements {
  return toResourceRequirements({
    limits: supportResourceList(
      config.getSupportContainerLimit('hotplug-disk', ResourceCPU),
      '100m',
      config.getSupportContainerLimit('hotplug-disk', ResourceMemory),
      '80M',
    ),
    requests: supportResourceList(
      config.getSupportContainerRequest('hotplug-disk', ResourceCPU),
      '10m',
      config.getSupportContainerRequest('hotplug-disk', ResourceMemory),
      '2M',
    ),
  });
}
