// The compute container's resource requirements and the support containers' resources.
// upstream: pkg/virt-controller/services/renderresources.go, plus newResourceRenderer, VMIResourcePredicates,
// doesVMIRequireAuto*Limits and addProbeOverheads from template.go
import type { ResourceRequirements } from '../types/k8s.js';
import type { CPU, Memory, Probe, Resources, VirtualMachineInstance } from '../types/kubevirt.js';
import { AutoMemoryLimitsRatioLabel } from '../types/constants.js';
import {
  ClusterConfig,
  KUBEVIRT_ANNOTATION_EMULATOR_THREAD_EVEN_PARITY,
  type SupportContainerType,
} from '../cluster/cluster-config.js';
import type { ClusterState } from '../state/cluster-state.js';
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
} from './util/vmi.js';
import { getNumberOfVCPUs } from './util/hardware.js';
import { float64ToInt64, goFormatG, goParseFloat } from './util/go-float.js';
import { labelSelectorAsSelector, LabelSelectorError } from './util/label-selector.js';
import { calculateNetBindingPluginMemory } from './network/netbinding-memory.js';
import { hasVMIPersistentReservation } from './storage/reservation.js';

export const KvmDevice = 'devices.kubevirt.io/kvm';
export const TunDevice = 'devices.kubevirt.io/tun';
export const VhostNetDevice = 'devices.kubevirt.io/vhost-net';
export const SevDevice = 'devices.kubevirt.io/sev';
export const VhostVsockDevice = 'devices.kubevirt.io/vhost-vsock';
export const PrDevice = 'devices.kubevirt.io/pr-helper';

const ephemeralStorageOverheadSize = '50M';
export const VirtLauncherMonitorOverhead = '25Mi';
export const VirtLauncherOverhead = '100Mi';
export const VirtlogdOverhead = '20Mi';
export const VirtqemudOverhead = '35Mi';
export const QemuOverhead = '30Mi';
export const DefaultMemoryLimitOverheadRatio = 2.0;
const virtProbeTotalAdditionalOverhead = '100Mi';
const virtProbeOverhead = '10Mi';

const ResourceCPU = 'cpu';
const ResourceMemory = 'memory';
const ResourceEphemeralStorage = 'ephemeral-storage';
const ResourceHugePagesPrefix = 'hugepages-';

/** A Kubernetes ResourceList held as quantities (Go's k8sv1.ResourceList). */
export type ResourceList = Map<string, Quantity>;

export interface ResourceListRequirements {
  limits: ResourceList;
  requests: ResourceList;
}

function copyResources(source: ResourceList, destination: ResourceList): void {
  for (const [name, quantity] of source) destination.set(name, quantity);
}

/** A VMI's raw resource list as decoded by Go's Quantity.UnmarshalJSON. */
function parseResourceList(raw: RawResourceList): ResourceList {
  const list: ResourceList = new Map();
  for (const [name, value] of Object.entries(raw ?? {})) list.set(name, Quantity.fromJSON(value));
  return list;
}

/** ResourceList.Memory(): the memory quantity or a zero BinarySI quantity. */
const memoryOf = (list: ResourceList): Quantity => list.get(ResourceMemory) ?? Quantity.zero('BinarySI');

/** The zero value Go reads from a ResourceList map for a missing key. */
const entryOf = (list: ResourceList, name: string): Quantity => list.get(name) ?? Quantity.zero();

/** A ResourceList as it appears in a Pod: canonical strings, empty lists omitted like Go's omitempty. */
export function toResourceRequirements(requirements: ResourceListRequirements): ResourceRequirements {
  const result: ResourceRequirements = {};
  if (requirements.limits.size > 0) result.limits = toPlainResourceList(requirements.limits);
  if (requirements.requests.size > 0) result.requests = toPlainResourceList(requirements.requests);
  return result;
}

function toPlainResourceList(list: ResourceList): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const name of [...list.keys()].sort()) plain[name] = (list.get(name) as Quantity).toString();
  return plain;
}

/** The VMI's own memory request or limit. */
type VmiMemoryField = 'request' | 'limit';

// upstream: ResourceRenderer
export class ResourceRenderer {
  readonly vmLimits: ResourceList;
  readonly vmRequests: ResourceList;
  readonly calculatedLimits: ResourceList = new Map();
  readonly calculatedRequests: ResourceList = new Map();
  /**
   * Go copies a resource.Quantity by value, but a quantity held as an inf.Dec (e.g. parsed from "1.5Gi")
   * shares that inf.Dec with its copies, and Add changes it in place for every copy. The renderer's lists
   * start as copies of the VMI's lists, so an Add on the memory request or limit also changes the VMI (seen
   * by the later QoS checks) and any other list entry copied from it (WithCPUPinning copies the request
   * into the limits). This records, for the memory entries of vmRequests/vmLimits, which of the VMI's
   * inf.Dec memory quantities they share, and the current values of those.
   */
  readonly memoryDecOwner: { requests?: VmiMemoryField; limits?: VmiMemoryField } = {};
  readonly vmiMemory: { request?: Quantity; limit?: Quantity } = {};

  constructor(
    vmLimits: ResourceList,
    vmRequests: ResourceList,
    options: readonly ResourceRendererOption[] = [],
  ) {
    this.vmLimits = new Map(vmLimits);
    this.vmRequests = new Map(vmRequests);
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
        if (this.memoryDecOwner[other] === owner)
          (other === 'requests' ? this.vmRequests : this.vmLimits).set(ResourceMemory, value);
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
    return { limits: this.limits(), requests: this.requests() };
  }
}

export type ResourceRendererOption = (renderer: ResourceRenderer) => void;

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
  };
}

// upstream: calcVCPUs
function calcVCPUs(cpu: CPU | undefined): number {
  return cpu ? getNumberOfVCPUs(cpu) : 1;
}

// upstream: WithoutDedicatedCPU
export function withoutDedicatedCPU(
  cpu: CPU | undefined,
  cpuAllocationRatio: number,
  withCPULimits: boolean,
): ResourceRendererOption {
  return (renderer) => {
    const vcpus = calcVCPUs(cpu);
    if (vcpus === 0 || cpuAllocationRatio <= 0) return;
    let value = vcpus / cpuAllocationRatio;
    let text = goFormatG(value);
    if (value < 1) {
      value *= 1000;
      text = `${goFormatG(value)}m`;
    }
    try {
      renderer.calculatedRequests.set(ResourceCPU, mustParse(text));
    } catch (error) {
      // A huge cpuAllocationRatio makes %g print an exponent, and upstream's MustParse panics on it.
      if (!(error instanceof QuantityParseError)) throw error;
      throw new RenderError(
        `virt-controller panics: ${error.message} (cpuAllocationRatio ${cpuAllocationRatio} is too large for ${vcpus} vCPUs)`,
      );
    }
    if (withCPULimits) renderer.calculatedLimits.set(ResourceCPU, mustParse(String(vcpus)));
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

    let requestDiff = newScaledQuantity(0, Scale.Kilo);
    let limitDiff = newScaledQuantity(0, Scale.Kilo);
    if (guest !== undefined) {
      const requests = memoryOf(renderer.vmRequests);
      const limits = memoryOf(renderer.vmLimits);
      if (requests.value() > guest.value()) requestDiff = requestDiff.add(requests).sub(guest);
      if (limits.value() > guest.value()) limitDiff = limitDiff.add(limits).sub(guest);
    }
    renderer.setMemoryEntry('requests', requestDiff.add(memoryOverhead), false);
    if (renderer.vmLimits.has(ResourceMemory)) {
      renderer.setMemoryEntry('limits', limitDiff.add(memoryOverhead), false);
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
    if (!guestResources?.overcommitGuestOverhead) {
      renderer.setMemoryEntry('requests', memoryRequest.add(memoryOverhead), true);
    } else {
      renderer.setMemoryEntry('requests', memoryRequest, true);
    }
    // read after the request's Add: the limit may share its inf.Dec (WithCPUPinning)
    const memoryLimit = renderer.memoryEntry('limits');
    if (memoryLimit !== undefined) renderer.setMemoryEntry('limits', memoryLimit.add(memoryOverhead), true);
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
    renderer.calculatedLimits.set(ResourceMemory, newQuantity(value, memoryRequest.format));
  };
}

// upstream: WithCPUPinning
export function withCPUPinning(
  cpu: CPU,
  annotations: Readonly<Record<string, string>>,
): ResourceRendererOption {
  return (renderer) => {
    const vcpus = getNumberOfVCPUs(cpu);
    if (vcpus !== 0) {
      renderer.calculatedLimits.set(ResourceCPU, newQuantity(vcpus, 'BinarySI'));
    } else {
      const cpuLimit = renderer.vmLimits.get(ResourceCPU);
      const cpuRequest = renderer.vmRequests.get(ResourceCPU);
      if (cpuLimit !== undefined) renderer.vmRequests.set(ResourceCPU, cpuLimit);
      else if (cpuRequest !== undefined) renderer.vmLimits.set(ResourceCPU, cpuRequest);
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
      const cpuRequest = renderer.vmRequests.get(ResourceCPU);
      if (cpuRequest !== undefined) renderer.vmRequests.set(ResourceCPU, cpuRequest.add(emulatorThreadCPUs));
    }

    // a copy: it shares the request's inf.Dec, if it has one
    renderer.setMemoryEntry('limits', renderer.memoryEntry('requests') ?? Quantity.zero('BinarySI'), false);
    if (renderer.memoryDecOwner.requests !== undefined)
      renderer.memoryDecOwner.limits = renderer.memoryDecOwner.requests;
  };
}

// upstream: bumpResources
function bumpResource(list: ResourceList, name: string): void {
  const unit = newQuantity(1, 'DecimalSI');
  const current = list.get(name);
  list.set(name, current === undefined ? unit : current.add(unit));
}

/** upstream requestResource + copy back into the calculated lists (shared by the device options). */
function withRequestedResources(names: () => Iterable<string>): ResourceRendererOption {
  return (renderer) => {
    const resources = renderer.resourceRequirements();
    for (const name of names()) {
      bumpResource(resources.limits, name);
      bumpResource(resources.requests, name);
    }
    copyResources(resources.limits, renderer.calculatedLimits);
    copyResources(resources.requests, renderer.calculatedRequests);
  };
}

// upstream: WithNetworkResources
export function withNetworkResources(
  networkToResourceMap: ReadonlyMap<string, string>,
): ResourceRendererOption {
  return withRequestedResources(() => [...networkToResourceMap.values()].filter((name) => name !== ''));
}

// upstream: WithGPUs
export function withGPUs(gpus: readonly { deviceName: string }[]): ResourceRendererOption {
  return withRequestedResources(() => gpus.map((gpu) => gpu.deviceName));
}

// upstream: WithHostDevices
export function withHostDevices(hostDevices: readonly { deviceName: string }[]): ResourceRendererOption {
  return withRequestedResources(() => hostDevices.map((device) => device.deviceName));
}

// upstream: WithSEV
export function withSEV(): ResourceRendererOption {
  return withRequestedResources(() => [SevDevice]);
}

// upstream: WithPersistentReservation
export function withPersistentReservation(): ResourceRendererOption {
  return withRequestedResources(() => [PrDevice]);
}

// upstream: WithVirtualizationResources
export function withVirtualizationResources(virtResources: ResourceList): ResourceRendererOption {
  return (renderer) => copyResources(virtResources, renderer.vmLimits);
}

// upstream: getRequiredResources
export function getRequiredResources(vmi: VirtualMachineInstance, allowEmulation: boolean): ResourceList {
  const resources: ResourceList = new Map();
  if (needTunDevice(vmi)) resources.set(TunDevice, mustParse('1'));
  if (needVirtioNetDevice(vmi, allowEmulation)) resources.set(VhostNetDevice, mustParse('1'));
  if (!allowEmulation) resources.set(KvmDevice, mustParse('1'));
  if (isAutoAttachVSOCK(vmi)) resources.set(VhostVsockDevice, mustParse('1'));
  return resources;
}

// upstream: template.go addProbeOverheads / addProbeOverhead
function addProbeOverheads(vmi: VirtualMachineInstance, overhead: Quantity): Quantity {
  let result = overhead;
  const addProbeOverhead = (probe: Probe | undefined): boolean => {
    if (probe?.exec == null) return false;
    result = result.add(mustParse(virtProbeOverhead));
    return true;
  };
  const hasLiveness = addProbeOverhead(vmi.spec.livenessProbe);
  const hasReadiness = addProbeOverhead(vmi.spec.readinessProbe);
  if (hasLiveness || hasReadiness) result = result.add(mustParse(virtProbeTotalAdditionalOverhead));
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

/**
 * The memory the launcher needs on top of the guest's (page tables, KubeVirt processes, vCPUs, devices).
 * `hostArch` is the architecture virt-controller runs on; it only matters for float-to-int corner cases.
 * upstream: renderresources.go GetMemoryOverhead
 */
export function getMemoryOverhead(
  vmi: VirtualMachineInstance,
  cpuArch: string,
  additionalOverheadRatio: string | undefined,
  hostArch = 'amd64',
): Quantity {
  const domain = vmi.spec.domain;
  const requests = parseResourceList(domain.resources?.requests);
  const limits = parseResourceList(domain.resources?.limits);
  const vmiMemoryRequest = memoryOf(requests);

  let overhead = newScaledQuantity(0, Scale.Kilo);

  // page tables: one bit for every 512b of RAM
  const pagetableKilo = newScaledQuantity(vmiMemoryRequest.scaledValue(Scale.Kilo), Scale.Kilo);
  overhead = overhead.add(newQuantity(pagetableKilo.value() / 512n, pagetableKilo.format));

  for (const fixed of [
    VirtLauncherMonitorOverhead,
    VirtLauncherOverhead,
    VirtlogdOverhead,
    VirtqemudOverhead,
    QemuOverhead,
  ]) {
    overhead = overhead.add(mustParse(fixed));
  }

  const perVCPU = mustParse('8Mi');
  let vcpus = 0n;
  if (domain.cpu) {
    vcpus = BigInt(getNumberOfVCPUs(domain.cpu));
  } else {
    const cpuLimit = limits.get(ResourceCPU);
    const cpuRequest = requests.get(ResourceCPU);
    if (cpuLimit !== undefined) vcpus = cpuLimit.value();
    else if (cpuRequest !== undefined) vcpus = cpuRequest.value();
  }
  if (vcpus < 1n) vcpus = 1n;
  overhead = overhead.add(newQuantity(BigInt.asIntN(64, perVCPU.value() * vcpus), perVCPU.format));

  // IOThread
  overhead = overhead.add(mustParse('8Mi'));

  // video RAM
  if (domain.devices.autoattachGraphicsDevice !== false) overhead = overhead.add(mustParse('16Mi'));

  // two 64Mi pflash devices for UEFI on aarch64
  if (cpuArch === 'arm64') overhead = overhead.add(mustParse('128Mi'));

  // VFIO locks all guest RAM plus MMIO space
  if (isVFIOVMI(vmi)) overhead = overhead.add(mustParse('1Gi'));

  if (hasDownwardMetricDisk(vmi)) overhead = overhead.add(mustParse('1Mi'));

  overhead = addProbeOverheads(vmi, overhead);

  if (isSEVVMI(vmi)) overhead = overhead.add(mustParse('256Mi'));

  // swtpm process
  if (domain.devices.tpm != null) overhead = overhead.add(mustParse('53Mi'));

  if (additionalOverheadRatio !== undefined && additionalOverheadRatio !== '') {
    const ratio = goParseFloat(additionalOverheadRatio);
    // upstream logs and returns early (skipping the QoS overhead below) when the ratio does not parse
    if (ratio === undefined) return overhead;
    overhead = multiplyMemory(overhead, ratio, hostArch);
  }

  if (isCPUDedicated(vmi) || wantsToHaveQOSGuaranteed(vmi)) overhead = overhead.add(mustParse('100Mi'));

  return overhead;
}

/**
 * fmt.Errorf(msg) with no arguments: verbs in msg print as %!v(MISSING) and %% as %.
 */
function goErrorfWithoutArgs(message: string): string {
  return message.replace(
    /%(?:%|[-+# 0]*\d*(?:\.\d*)?([a-zA-Z])|[-+# 0]*\d*(?:\.\d*)?$)/g,
    (match, verb?: string) => {
      if (match === '%%') return '%';
      if (verb === undefined) return '%!(NOVERB)';
      return `%!${verb}(MISSING)`;
    },
  );
}

// upstream: validatePermittedHostDevices
export function validatePermittedHostDevices(vmi: VirtualMachineInstance, config: ClusterConfig): void {
  const permitted = config.getPermittedHostDevices();
  if (permitted === undefined || permitted === null) return;
  const supported = new Set<string>();
  for (const device of permitted.pciHostDevices ?? []) supported.add(device.resourceName);
  for (const device of permitted.mediatedDevices ?? []) supported.add(device.resourceName);
  for (const device of permitted.usb ?? []) supported.add(device.resourceName);
  const problems: string[] = [];
  for (const gpu of vmi.spec.domain.devices.gpus ?? []) {
    if (!supported.has(gpu.deviceName)) {
      problems.push(`GPU ${gpu.deviceName} is not permitted in permittedHostDevices configuration`);
    }
  }
  for (const hostDevice of vmi.spec.domain.devices.hostDevices ?? []) {
    if (!supported.has(hostDevice.deviceName)) {
      problems.push(
        `HostDevice ${hostDevice.deviceName} is not permitted in permittedHostDevices configuration`,
      );
    }
  }
  if (problems.length > 0) throw new RenderError(goErrorfWithoutArgs(problems.join(' ')));
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
  let selector;
  try {
    selector = labelSelectorAsSelector(labelSelector);
  } catch (err) {
    if (err instanceof LabelSelectorError) return false; // upstream logs and assumes no selector
    throw err;
  }
  const namespace = state.getNamespace(vmi.metadata?.namespace ?? '');
  if (namespace === undefined) return false;
  return selector.matches(namespace.metadata?.labels ?? {});
}

interface VMIResourceRule {
  predicate: (vmi: VirtualMachineInstance) => boolean;
  option: ResourceRendererOption;
}

// upstream: template.go VMIResourcePredicates(...).Apply()
export function vmiResourceOptions(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  networkToResourceMap: ReadonlyMap<string, string>,
): ResourceRendererOption[] {
  const cpuArch = vmi.spec.architecture || config.getClusterCPUArch();
  const memoryOverhead = getMemoryOverhead(
    vmi,
    cpuArch,
    config.config.additionalGuestMemoryOverheadRatio,
    config.arch,
  ).add(calculateNetBindingPluginMemory(vmi, config.getNetworkBindings()));
  const withCPULimits = doesVMIRequireAutoCPULimits(vmi, config, state);
  const domain = vmi.spec.domain;
  const rules: VMIResourceRule[] = [
    { predicate: isCPUDedicated, option: withCPUPinning(domain.cpu ?? {}, vmi.metadata?.annotations ?? {}) },
    {
      predicate: (v) => !isCPUDedicated(v),
      option: withoutDedicatedCPU(domain.cpu, config.getCPUAllocationRatio(), withCPULimits),
    },
    { predicate: hasHugePages, option: withHugePages(domain.memory ?? {}, memoryOverhead) },
    { predicate: (v) => !hasHugePages(v), option: withMemoryOverhead(domain.resources, memoryOverhead) },
    {
      predicate: (v) => doesVMIRequireAutoMemoryLimits(v, config, state),
      option: withAutoMemoryLimits(vmi.metadata?.namespace ?? '', state, config.arch),
    },
    { predicate: () => networkToResourceMap.size > 0, option: withNetworkResources(networkToResourceMap) },
    { predicate: isGPUVMI, option: withGPUs(domain.devices.gpus ?? []) },
    { predicate: isHostDevVMI, option: withHostDevices(domain.devices.hostDevices ?? []) },
    { predicate: isSEVVMI, option: withSEV() },
    { predicate: hasVMIPersistentReservation, option: withPersistentReservation() },
  ];
  return rules.filter((rule) => rule.predicate(vmi)).map((rule) => rule.option);
}

// upstream: template.go newResourceRenderer
export function newResourceRenderer(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  networkToResourceMap: ReadonlyMap<string, string>,
): ResourceRenderer {
  const resources = vmi.spec.domain.resources;
  const baseOptions = [
    withEphemeralStorageRequest(),
    withVirtualizationResources(getRequiredResources(vmi, config.allowEmulation())),
  ];
  validatePermittedHostDevices(vmi, config);
  const options = [...baseOptions, ...vmiResourceOptions(vmi, config, state, networkToResourceMap)];
  return new ResourceRenderer(
    parseResourceList(resources?.limits),
    parseResourceList(resources?.requests),
    options,
  );
}

/** The compute container's resources. Throws RenderError when a GPU/host device is not permitted. */
export function renderComputeResources(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  networkToResourceMap: ReadonlyMap<string, string>,
): ResourceRequirements {
  return renderComputeResourcesAndVMI(vmi, config, state, networkToResourceMap).resources;
}

/**
 * The compute container's resources, and the VMI as upstream holds it afterwards: a memory request or limit
 * held as an inf.Dec was changed in place by the renderer (see ResourceRenderer.memoryDecOwner), which the
 * later QoS checks of the support containers see. Returns the given VMI object when nothing changed.
 */
export function renderComputeResourcesAndVMI(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  networkToResourceMap: ReadonlyMap<string, string>,
): { resources: ResourceRequirements; vmi: VirtualMachineInstance } {
  const renderer = newResourceRenderer(vmi, config, state, networkToResourceMap);
  const resources = toResourceRequirements(renderer.resourceRequirements());
  const original = vmi.spec.domain.resources;
  const changed = (field: VmiMemoryField, list: RawResourceList): Quantity | undefined => {
    const now = renderer.vmiMemory[field];
    return now !== undefined && !now.equal(Quantity.fromJSON(list?.['memory'] ?? null)) ? now : undefined;
  };
  const request = changed('request', original?.requests);
  // one Go value in both lists (admission copied the limit into the requests): they change together
  const sharedMemory =
    original?.limits?.['memory'] !== undefined && original.limits['memory'] === original.requests?.['memory'];
  const limit = sharedMemory ? request : changed('limit', original?.limits);
  if (request === undefined && limit === undefined) return { resources, vmi };
  const after = cloneData(vmi);
  const domainResources = after.spec.domain.resources!;
  if (request !== undefined)
    domainResources.requests = { ...domainResources.requests, memory: request.toString() };
  if (limit !== undefined) domainResources.limits = { ...domainResources.limits, memory: limit.toString() };
  return { resources, vmi: after };
}

const wantsDedicatedSupportResources = (vmi: VirtualMachineInstance): boolean =>
  isCPUDedicated(vmi) || wantsToHaveQOSGuaranteed(vmi);

// upstream: sidecarResources
export function sidecarResources(vmi: VirtualMachineInstance, config: ClusterConfig): ResourceRequirements {
  const requests: ResourceList = new Map();
  const limits: ResourceList = new Map();
  const setIfDefined = (list: ResourceList, name: string, quantity: Quantity | undefined): void => {
    if (quantity !== undefined) list.set(name, quantity);
  };
  setIfDefined(requests, ResourceCPU, config.getSupportContainerRequest('sidecar', ResourceCPU));
  setIfDefined(requests, ResourceMemory, config.getSupportContainerRequest('sidecar', ResourceMemory));
  if (wantsDedicatedSupportResources(vmi)) {
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
  if (wantsDedicatedSupportResources(vmi)) {
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
