// Create-time defaults of a VirtualMachineInstance.
// upstream: pkg/defaults/defaults.go (SetDefaultVirtualMachineInstance and helpers)
// Quantity fields are expected to hold Quantity objects while these run (see quantities.ts); values set
// here are Quantity objects too, so the final encoding prints them exactly as Go would.
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { KubeVirtRelease } from '../../release/release.js';
import { newQuantity, Quantity } from '../../quantity/quantity.js';
import type { VirtualMachineInstance, VMISpec } from '../../types/kubevirt.js';
import { setDefaultNetworkInterface } from '../network/vmispec.js';
import { setDefaultVolumeDisk } from '../util/vmi.js';
import { setObjectDefaultsVirtualMachineInstance } from './api-defaults.js';
import { setAmd64Defaults } from './amd64.js';
import { isARM64Spec, setArm64Defaults } from './arm64.js';
import { setHypervFeatureDependencies } from './hyperv.js';
import { isS390XSpec, setS390xDefaultFeatures, setS390xDefaults } from './s390x.js';
import { quantityOf } from './quantities.js';
import type { FieldProvenance } from '../explain/provenance.js';

const DEFAULT_CPU_MODEL = 'host-model';
const DEFAULT_CPU_REQUEST = '100m';
/** How explain names these defaults. */
const CREATE_DEFAULTS = "virt-api's create-time defaults";

type ResourceList = Record<string, unknown>;

/** Stores a Quantity in a quantity-typed field (typed as its JSON form). */
const asField = (quantity: Quantity): string => quantity as unknown as string;

const has = (list: ResourceList | undefined, name: string): boolean =>
  list !== undefined && Object.prototype.hasOwnProperty.call(list, name);

/** Like Go's ResourceList.Cpu()/Memory(): the quantity, or zero when absent. */
const listQuantity = (list: ResourceList | undefined, name: string): Quantity =>
  has(list, name) ? quantityOf(list?.[name]) : Quantity.zero();

/** Go's uint32(x) for an int64. */
const toUint32 = (value: bigint): number => Number(BigInt.asUintN(32, value));

/**
 * upstream: SetDefaultVirtualMachineInstance. Mutates the VMI; throws what
 * vmispec.SetDefaultNetworkInterface returns. `firmwareUUID` replaces upstream's random UUID.
 */
export function setDefaultVirtualMachineInstance(
  config: ClusterConfig,
  vmi: VirtualMachineInstance,
  firmwareUUID?: string,
  provenance?: FieldProvenance,
): void {
  setDefaultVirtualMachineInstanceSpec(config, vmi.spec, provenance);
  setDefaultFeatures(vmi.spec);
  setObjectDefaultsVirtualMachineInstance(vmi, firmwareUUID, config.release);
  // Best effort upstream: an unmet dependency is only logged (the validating webhook rejects it).
  setHypervFeatureDependencies(vmi.spec);
  setDefaultCPUArch(config, vmi.spec, provenance);
  setGuestMemoryStatus(vmi);
  setCurrentCPUTopologyStatus(vmi);
  // upstream v1.9.0: no hotplug on arm64 yet
  if (config.release.before('v1.9.0') || !isARM64Spec(vmi.spec)) setupHotplug(config, vmi);
}

// upstream: SetDefaultVirtualMachineInstanceSpec
export function setDefaultVirtualMachineInstanceSpec(
  config: ClusterConfig,
  spec: VMISpec,
  provenance?: FieldProvenance,
): void {
  setDefaultArchitecture(config, spec, provenance);
  setDefaultMachineType(config, spec, provenance);
  setDefaultResourceRequests(config, spec, provenance);
  setGuestMemory(spec, provenance);
  setDefaultGuestCPUTopology(spec, provenance);
  setDefaultPullPoliciesOnContainerDisks(spec);
  setDefaultEvictionStrategy(config, spec);
  setDefaultNetworkInterface(config, spec);
  setDefaultVolumeDisk(spec);
}

// upstream: setDefaultArchitecture
function setDefaultArchitecture(config: ClusterConfig, spec: VMISpec, provenance?: FieldProvenance): void {
  if (spec.architecture) return;
  spec.architecture = config.getDefaultArchitecture();
  provenance?.set('spec.architecture', CREATE_DEFAULTS, defaultArchitectureReason(spec.architecture));
}

/** Why a VMI without an architecture has the one it gets (explain). */
export function defaultArchitectureReason(architecture: string): string {
  return `no architecture: the cluster's default, ${architecture} (cluster config architectureConfiguration.defaultArchitecture, else virt-controller's own)`;
}

/** Why a VMI without a machine type has the one it gets (explain). */
export function defaultMachineTypeReason(architecture: string, machineType: string): string {
  return `no machine type: the cluster's default for ${architecture || 'its architecture'}, ${machineType} (cluster config architectureConfiguration.${architecture || '<arch>'}.machineType)`;
}

// upstream: setDefaultMachineType
function setDefaultMachineType(config: ClusterConfig, spec: VMISpec, provenance?: FieldProvenance): void {
  const machineType = config.getMachineType(spec.architecture ?? '');
  if (spec.domain.machine?.type) return;
  if (spec.domain.machine != null) spec.domain.machine.type = machineType;
  else spec.domain.machine = { type: machineType };
  provenance?.set(
    'spec.domain.machine.type',
    CREATE_DEFAULTS,
    defaultMachineTypeReason(spec.architecture ?? '', machineType),
  );
}

// upstream: setDefaultResourceRequests
function setDefaultResourceRequests(
  config: ClusterConfig,
  spec: VMISpec,
  provenance?: FieldProvenance,
): void {
  const resources = (spec.domain.resources ??= {});
  const limits = resources.limits as ResourceList | undefined;
  const requests = (): ResourceList => (resources.requests ??= {}) as ResourceList;

  if (!listQuantity(limits, 'cpu').isZero() && listQuantity(resources.requests, 'cpu').isZero()) {
    requests().cpu = limits?.cpu;
    provenance?.set(
      'spec.domain.resources.requests.cpu',
      CREATE_DEFAULTS,
      `no CPU request: ${CREATE_DEFAULTS} copy the CPU limit`,
    );
  }
  // upstream v1.9.0 no longer derives a memory request (from the limit, guest memory or hugepages)
  if (config.release.before('v1.9.0')) setDefaultMemoryRequest(config, spec, provenance);

  const cpuRequest = config.getCPURequest() ?? Quantity.parse(DEFAULT_CPU_REQUEST);
  if (!cpuRequest.equal(Quantity.parse(DEFAULT_CPU_REQUEST)) && !has(resources.requests, 'cpu')) {
    if (spec.domain.cpu?.dedicatedCpuPlacement) return;
    requests().cpu = asField(cpuRequest);
    provenance?.set(
      'spec.domain.resources.requests.cpu',
      'cluster config developerConfiguration.cpuRequest',
      `no CPU request: ${CREATE_DEFAULTS} set the cluster's default CPU request`,
    );
  }
}

// upstream v1.4.0: the memory part of setDefaultResourceRequests
function setDefaultMemoryRequest(config: ClusterConfig, spec: VMISpec, provenance?: FieldProvenance): void {
  const resources = (spec.domain.resources ??= {});
  const limits = resources.limits as ResourceList | undefined;
  const requests = (): ResourceList => (resources.requests ??= {}) as ResourceList;
  if (!listQuantity(limits, 'memory').isZero() && listQuantity(resources.requests, 'memory').isZero()) {
    requests().memory = limits?.memory;
    provenance?.set(
      'spec.domain.resources.requests.memory',
      CREATE_DEFAULTS,
      `no memory request: ${CREATE_DEFAULTS} copy the memory limit`,
    );
  }

  if (!has(resources.requests, 'memory')) {
    const memorySpec = spec.domain.memory;
    let memory: Quantity | undefined;
    if (memorySpec?.guest != null) memory = quantityOf(memorySpec.guest);
    if (memory === undefined && memorySpec?.hugepages != null) {
      memory = Quantity.tryParse(memorySpec.hugepages.pageSize ?? '');
    }
    if (memory !== undefined && memory.value() > 0n) {
      const overcommit = config.getMemoryOvercommit();
      const request =
        overcommit === 100
          ? memory
          : newQuantity(BigInt.asIntN(64, memory.value() * 100n) / BigInt(overcommit), memory.format);
      requests().memory = asField(request);
      if (provenance !== undefined) recordMemoryRequest(provenance, memorySpec, memory, request, overcommit);
    }
  }
}

/** The v1.4.0 memory request derived from the guest memory (or a huge page) and memoryOvercommit, term by term. */
function recordMemoryRequest(
  provenance: FieldProvenance,
  memorySpec: NonNullable<VMISpec['domain']['memory']> | undefined,
  memory: Quantity,
  request: Quantity,
  overcommit: number,
): void {
  const fromGuest = memorySpec?.guest != null;
  const source = fromGuest ? 'spec.domain.memory.guest' : 'spec.domain.memory.hugepages.pageSize';
  const guest = fromGuest ? provenance.get(source) : undefined;
  const terms = [
    {
      name: source,
      value: memory,
      reason: `no memory request nor limit: ${CREATE_DEFAULTS} request ${fromGuest ? 'the guest memory' : 'one huge page'}${guest ? ` (${guest.reason})` : ''}`,
    },
  ];
  if (overcommit !== 100) {
    terms.push({
      name: 'memoryOvercommit',
      value: request.sub(memory),
      reason: `× 100 / ${overcommit} (cluster config developerConfiguration.memoryOvercommit ${overcommit}%), rounded down to a byte`,
    });
  }
  const reason = `${CREATE_DEFAULTS}: ${fromGuest ? 'the guest memory' : 'one huge page'}${overcommit === 100 ? '' : ` with memoryOvercommit ${overcommit}%`}`;
  provenance.set('spec.domain.resources.requests.memory', CREATE_DEFAULTS, reason, terms);
}

// upstream: setGuestMemory
function setGuestMemory(spec: VMISpec, provenance?: FieldProvenance): void {
  if (spec.domain.memory?.guest != null) return;
  const memory = (spec.domain.memory ??= {});
  const resources = spec.domain.resources;
  const requestMemory = listQuantity(resources?.requests, 'memory');
  const limitMemory = listQuantity(resources?.limits, 'memory');
  let from: string | undefined;
  if (!requestMemory.isZero()) {
    memory.guest = asField(requestMemory);
    from = 'the memory request';
  } else if (!limitMemory.isZero()) {
    memory.guest = asField(limitMemory);
    from = 'the memory limit';
  } else if (memory.hugepages != null) {
    const pageSize = Quantity.tryParse(memory.hugepages.pageSize ?? '');
    if (pageSize !== undefined) {
      memory.guest = asField(pageSize);
      from = 'one huge page';
    }
  }
  if (from !== undefined) {
    provenance?.set(
      'spec.domain.memory.guest',
      CREATE_DEFAULTS,
      `no guest memory: ${CREATE_DEFAULTS} set ${from}`,
    );
  }
}

// upstream: SetDefaultGuestCPUTopology (sockets from the cpu limit or request, for best performance)
export function setDefaultGuestCPUTopology(spec: VMISpec, provenance?: FieldProvenance): void {
  const cpu = spec.domain.cpu;
  if (cpu != null && !(!cpu.cores && !cpu.sockets && !cpu.threads)) return;
  const target = (spec.domain.cpu ??= {});
  const resources = spec.domain.resources;
  let sockets = 1;
  let from = 'one socket (no CPU limit nor request)';
  if (has(resources?.limits, 'cpu')) {
    sockets = toUint32(listQuantity(resources?.limits, 'cpu').value());
    from = 'as many sockets as the CPU limit, rounded up';
  } else if (has(resources?.requests, 'cpu')) {
    sockets = toUint32(listQuantity(resources?.requests, 'cpu').value());
    from = 'as many sockets as the CPU request, rounded up';
  }
  provenance?.set(
    'spec.domain.cpu',
    CREATE_DEFAULTS,
    `no CPU topology: ${CREATE_DEFAULTS} set ${from}: ${sockets} × 1 core × 1 thread`,
  );
  target.sockets = sockets;
  target.cores = 1;
  target.threads = 1;
}

// upstream: setDefaultPullPoliciesOnContainerDisks
function setDefaultPullPoliciesOnContainerDisks(spec: VMISpec): void {
  for (const volume of spec.volumes ?? []) {
    const containerDisk = volume.containerDisk;
    if (containerDisk == null || containerDisk.imagePullPolicy) continue;
    const image = containerDisk.image ?? '';
    const floating = image.endsWith(':latest') || !/[:@]/.test(image);
    containerDisk.imagePullPolicy = floating ? 'Always' : 'IfNotPresent';
  }
}

// upstream: setDefaultEvictionStrategy
function setDefaultEvictionStrategy(config: ClusterConfig, spec: VMISpec): void {
  if (spec.evictionStrategy == null) {
    const strategy = config.getEvictionStrategy();
    if (strategy !== undefined) spec.evictionStrategy = strategy;
  }
}

// upstream: setDefaultFeatures
function setDefaultFeatures(spec: VMISpec): void {
  if (isS390XSpec(spec)) setS390xDefaultFeatures(spec);
}

// upstream: setDefaultCPUArch
function setDefaultCPUArch(config: ClusterConfig, spec: VMISpec, provenance?: FieldProvenance): void {
  if (isARM64Spec(spec)) setArm64Defaults(spec, config.release);
  else if (isS390XSpec(spec)) setS390xDefaults(spec, config.release);
  else setAmd64Defaults(spec, config.release);
  setDefaultCPUModel(config, spec, provenance);
}

// upstream: setDefaultCPUModel
function setDefaultCPUModel(config: ClusterConfig, spec: VMISpec, provenance?: FieldProvenance): void {
  const cpu = (spec.domain.cpu ??= {});
  if (cpu.model) return;
  cpu.model = config.getCPUModel() || DEFAULT_CPU_MODEL;
  provenance?.set(
    'spec.domain.cpu.model',
    config.getCPUModel() ? 'cluster config cpuModel' : CREATE_DEFAULTS,
    `no CPU model: ${CREATE_DEFAULTS} set ${config.getCPUModel() ? "the cluster's" : 'the default,'} ${cpu.model}`,
  );
}

// upstream: setGuestMemoryStatus
function setGuestMemoryStatus(vmi: VirtualMachineInstance): void {
  const guest = vmi.spec.domain.memory?.guest;
  if (guest == null) return;
  vmi.status ??= {};
  vmi.status.memory = { guestAtBoot: guest, guestCurrent: guest, guestRequested: guest };
}

// upstream: setCurrentCPUTopologyStatus
function setCurrentCPUTopologyStatus(vmi: VirtualMachineInstance): void {
  const cpu = vmi.spec.domain.cpu;
  if (cpu == null) return;
  vmi.status ??= {};
  if (vmi.status.currentCPUTopology != null) return;
  const topology: NonNullable<NonNullable<VirtualMachineInstance['status']>['currentCPUTopology']> = {};
  // CPUTopology fields are omitempty upstream: zeros are not printed.
  if (cpu.sockets) topology.sockets = cpu.sockets;
  if (cpu.cores) topology.cores = cpu.cores;
  if (cpu.threads) topology.threads = cpu.threads;
  vmi.status.currentCPUTopology = topology;
}

// upstream: setupHotplug
function setupHotplug(config: ClusterConfig, vmi: VirtualMachineInstance): void {
  if (!config.isVMRolloutStrategyLiveUpdate()) return;
  setupCPUHotplug(config, vmi);
  setupMemoryHotplug(config, vmi);
}

// upstream: setupCPUHotplug
function setupCPUHotplug(config: ClusterConfig, vmi: VirtualMachineInstance): void {
  const cpu = (vmi.spec.domain.cpu ??= {});
  const sockets = cpu.sockets ?? 0;
  if (!cpu.maxSockets) {
    let maxSockets = config.getMaximumCpuSockets();
    if (sockets > maxSockets && maxSockets !== 0) maxSockets = sockets;
    cpu.maxSockets = maxSockets;
  }
  if (!cpu.maxSockets) {
    cpu.maxSockets = toUint32(BigInt(sockets) * BigInt(config.getMaxHotplugRatio()));
    // upstream v1.9.0: at most 512 vCPUs (but never fewer sockets than booted with)
    if (config.release.atLeast('v1.9.0')) {
      const perSocket = toUint32(BigInt(cpu.cores ?? 0) * BigInt(cpu.threads ?? 0));
      const totalVCPUs = toUint32(BigInt(cpu.maxSockets) * BigInt(perSocket));
      if (totalVCPUs > MAX_HOTPLUG_VCPUS) {
        const adjustedSockets = Math.floor(MAX_HOTPLUG_VCPUS / perSocket);
        cpu.maxSockets = Math.max(adjustedSockets, sockets);
      }
    }
  }
  if (cpu.maxSockets === 0) delete cpu.maxSockets;
}

// upstream: setupMemoryHotplug
function setupMemoryHotplug(config: ClusterConfig, vmi: VirtualMachineInstance): void {
  const memory = (vmi.spec.domain.memory ??= {});
  if (memory.maxGuest != null) return;
  let maxGuest = config.getMaximumGuestMemory();
  if (maxGuest === undefined && memory.guest != null) {
    const value = BigInt.asIntN(64, quantityOf(memory.guest).value() * BigInt(config.getMaxHotplugRatio()));
    maxGuest = newQuantity(value, 'BinarySI');
  }
  // Memory hotplug is silently left disabled when the VMI cannot use it.
  if (validateLiveUpdateMemory(vmi.spec, maxGuest, config.release) !== undefined) return;
  if (maxGuest !== undefined) memory.maxGuest = asField(maxGuest);
}

const MAX_HOTPLUG_VCPUS = 512;
const HOTPLUG_BLOCK_ALIGNMENT_BYTES = 0x200000n;
const HOTPLUG_1G_HUGEPAGES_BLOCK_ALIGNMENT_BYTES = 0x40000000n;
const REQUIRED_MIN_GUEST_MEMORY = 0x40000000n;

/** upstream: pkg/liveupdate/memory ValidateLiveUpdateMemory; returns the error text, if any. */
export function validateLiveUpdateMemory(
  spec: VMISpec,
  maxGuest: Quantity | undefined,
  release: KubeVirtRelease,
): string | undefined {
  const domain = spec.domain;
  if (domain.cpu?.realtime != null) return 'Memory hotplug is not compatible with realtime VMs';
  if (domain.cpu?.numa?.guestMappingPassthrough != null) {
    return 'Memory hotplug is not compatible with guest mapping passthrough';
  }
  if (domain.launchSecurity != null) return 'Memory hotplug is not compatible with encrypted VMs';
  const blockAlignment =
    domain.memory?.hugepages?.pageSize === '1Gi'
      ? HOTPLUG_1G_HUGEPAGES_BLOCK_ALIGNMENT_BYTES
      : HOTPLUG_BLOCK_ALIGNMENT_BYTES;
  if (domain.memory?.guest == null) return 'Guest memory must be configured when memory hotplug is enabled';
  if (maxGuest === undefined) return 'Max guest memory must be configured when memory hotplug is enabled';
  const guest = quantityOf(domain.memory.guest);
  if (guest.cmp(maxGuest) > 0) return 'Guest memory is greater than the configured maxGuest memory';
  const alignment = newQuantity(blockAlignment, 'BinarySI').toString();
  if (guest.value() % blockAlignment !== 0n) return `Guest memory must be ${alignment} aligned`;
  if (maxGuest.value() % blockAlignment !== 0n) return `MaxGuest must be ${alignment} aligned`;
  if (release.atLeast('v1.9.0')) {
    // upstream v1.9.0: x86_64 only (v1.4.0 allowed arm64 too)
    if (spec.architecture !== 'amd64') return 'Memory hotplug is only available for x86_64 VMs';
  } else if (spec.architecture !== 'amd64' && spec.architecture !== 'arm64') {
    return 'Memory hotplug is only available for x86_64 and arm64 VMs';
  }
  if (guest.value() < REQUIRED_MIN_GUEST_MEMORY) {
    return 'Memory hotplug is only available for VMs with at least 1Gi of guest memory';
  }
  return undefined;
}
