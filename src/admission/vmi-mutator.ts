// What virt-api's mutating webhook does to a VirtualMachineInstance on CREATE.
// upstream: pkg/virt-api/webhooks/mutating-webhook/mutators/vmi-mutator.go (VMIsMutator.Mutate)
import { goJsonKnownFieldsCopy, goJsonRoundTrip } from '../util/go/json-round-trip.js';
import { FIRMWARE_UUID_NAMESPACE, uuidV5 } from '../util/uuid.js';
import {
  KUBEVIRT_ANNOTATION_EMULATOR_THREAD_EVEN_PARITY,
  type ClusterConfig,
} from '../cluster/cluster-config.js';
import { RenderError, VmiRenderError } from '../errors.js';
import { RealtimeLabel, SEVESLabel, SEVLabel, VirtualMachineInstanceFinalizer } from '../types/constants.js';
import type { VirtualMachineInstance } from '../types/kubevirt.js';
import { isRealtimeEnabled, isSEVESVMI, isSEVVMI, markAsNonroot } from '../pkg/util/vmi.js';
import { setDefaultVirtualMachineInstance } from '../pkg/defaults/defaults.js';
import { decodeVmiQuantities } from '../pkg/defaults/quantities.js';
import type { FieldProvenance } from '../pkg/explain/provenance.js';

export interface AdmissionOptions {
  /**
   * UUID for spec.domain.firmware.uuid when the VMI sets none. Upstream draws a random v4 UUID; to stay
   * deterministic the default is stableFirmwareUUID(metadata.name), what virt-controller gives a
   * VirtualMachine's VMI.
   */
  firmwareUUID?: string;
  /**
   * RFC 3339 time of admission for status.phaseTransitionTimestamps. Upstream uses the clock; without
   * this option no timestamp is recorded.
   */
  now?: string;
  /** Where the VMI's fields come from, recorded for `explain` (absent: nothing is recorded). */
  provenance?: FieldProvenance;
}

// upstream v1.9.0: virt-config GetQGSSocketPath
function qgsSocketPathOf(config: ClusterConfig): string {
  const compute = (config.config as { confidentialCompute?: unknown }).confidentialCompute as
    { tdx?: { attestation?: { qgsSocketPath?: string } } } | undefined;
  return compute?.tdx?.attestation?.qgsSocketPath ?? DEFAULT_QGS_SOCKET_PATH;
}

/** The firmware UUID virt-controller derives from a VirtualMachine's name. */
export function stableFirmwareUUID(name: string): string {
  return uuidV5(FIRMWARE_UUID_NAMESPACE, name);
}

/** The foreground-deletion finalizer; upstream v1.9.0 prefixes it with kubevirt.io/. */
function vmiFinalizer(config: ClusterConfig): string {
  return config.release.atLeast('v1.9.0')
    ? 'kubevirt.io/foregroundDeleteVirtualMachine'
    : VirtualMachineInstanceFinalizer;
}

const PCI_TOPOLOGY_VERSION_ANNOTATION = 'kubevirt.io/pci-topology-version';
const QGS_SOCKET_PATH_ANNOTATION = 'kubevirt.io/qgs-socket-path';
/** upstream v1.9.0: virt-config DefaultQGSSocketPath */
const DEFAULT_QGS_SOCKET_PATH = '/var/run/tdx-qgs/qgs.socket';

// upstream v1.9.0: defaults.SupportsPCIeHotplug (PCIe topologies: amd64/arm64 on q35 or virt machines)
export function supportsPCIeHotplug(vmi: VirtualMachineInstance): boolean {
  const arch = vmi.spec.architecture ?? '';
  if (arch !== 'amd64' && arch !== 'arm64' && arch !== '') return false;
  const machine = vmi.spec.domain.machine;
  if (machine != null && !(machine.type ?? '').includes('q35') && !(machine.type ?? '').startsWith('virt')) {
    return false;
  }
  return true;
}

// upstream v1.9.0: vmi-mutator.go setDefaultPciTopologyVersion
function setDefaultPciTopologyVersion(vmi: VirtualMachineInstance): void {
  const annotations = (vmi.metadata ??= {}).annotations;
  if (annotations && Object.prototype.hasOwnProperty.call(annotations, PCI_TOPOLOGY_VERSION_ANNOTATION))
    return;
  vmi.metadata.annotations = { ...annotations, [PCI_TOPOLOGY_VERSION_ANNOTATION]: 'v3' };
}

// upstream: addNodeSelector
function addNodeSelector(vmi: VirtualMachineInstance, label: string): void {
  vmi.spec.nodeSelector ??= {};
  vmi.spec.nodeSelector[label] = '';
}

/**
 * The VMI as stored after virt-api admitted its creation: pkg/defaults (including the API type
 * defaulters), node selectors for realtime/SEV/SEV-ES, the even-parity annotation, the foreground
 * finalizer, phase Pending and the non-root runtime user. VirtualMachineInstancePresets are
 * deprecated and treated as absent. Returns a new object: the Go encoding of the defaulted object (what
 * virt-api's patch stores), with canonical quantity strings, omitempty zero values left out (a GPU's
 * `claimName: ""`, which the decoded object keeps) and empty non-pointer structs written (`status.
 * guestOSInfo: {}`). A defaulting failure throws a RenderError `defaults: <upstream text>`.
 */
export function applyCreateDefaults(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  options: AdmissionOptions = {},
): VirtualMachineInstance {
  return storedVMI(applyCreateDefaultsDirect(vmi, config, options), config);
}

/**
 * What virt-api stores of a defaulted VMI (applyCreateDefaultsDirect's object): its Go encoding, which
 * applyCreateDefaults returns and `--show vmi` prints.
 */
export function storedVMI(defaulted: VirtualMachineInstance, config: ClusterConfig): VirtualMachineInstance {
  return goJsonRoundTrip(defaulted, 'VirtualMachineInstance', config.release) as VirtualMachineInstance;
}

/**
 * applyCreateDefaults without the JSON round trip: the Go object right after defaulting, whose quantity
 * fields hold Quantity objects (decoded or computed, each keeping its Go format and representation, e.g. a
 * request computed as NewQuantity(n, BinarySI)) where the declared types say JSON `number | string`. Read
 * them with Quantity.fromJSON (which returns a Quantity as is); JSON.stringify prints canonical strings.
 */
export function applyCreateDefaultsDirect(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  options: AdmissionOptions = {},
): VirtualMachineInstance {
  // virt-api decodes the VMI into the release's Go structs: fields they lack are gone
  const result = goJsonKnownFieldsCopy(vmi, 'VirtualMachineInstance', config.release);
  decodeVmiQuantities(result);
  result.metadata ??= {};
  result.status ??= {};

  const firmwareUUID = options.firmwareUUID ?? stableFirmwareUUID(result.metadata.name ?? '');
  try {
    setDefaultVirtualMachineInstance(config, result, firmwareUUID, options.provenance);
  } catch (err) {
    if (err instanceof VmiRenderError) throw new RenderError(`defaults: ${err.message}`, { cause: err });
    throw err;
  }

  if (config.release.atLeast('v1.9.0')) {
    // upstream v1.9.0: ApplyNewVMIMutations; the realtime and SEV node selectors moved to the Pod's
    if (supportsPCIeHotplug(result)) {
      const had = Object.hasOwn(result.metadata.annotations ?? {}, PCI_TOPOLOGY_VERSION_ANNOTATION);
      setDefaultPciTopologyVersion(result);
      if (!had)
        options.provenance?.set(
          `metadata.annotations.${PCI_TOPOLOGY_VERSION_ANNOTATION}`,
          "virt-api's create-time defaults (v1.9.0)",
          'the PCI topology version of a new VMI on a PCIe machine (amd64/arm64, q35/virt), unless it has one',
        );
    }
  } else {
    if (isRealtimeEnabled(result)) addNodeSelector(result, RealtimeLabel);
    if (isSEVVMI(result)) addNodeSelector(result, SEVLabel);
    if (isSEVESVMI(result)) addNodeSelector(result, SEVESLabel);
  }

  if (result.spec.domain.cpu?.isolateEmulatorThread) {
    const annotations = config.kubevirtAnnotations();
    const copyParity =
      Object.prototype.hasOwnProperty.call(annotations, KUBEVIRT_ANNOTATION_EMULATOR_THREAD_EVEN_PARITY) &&
      config.alignCPUsEnabled();
    if (copyParity) {
      result.metadata.annotations ??= {};
      result.metadata.annotations[KUBEVIRT_ANNOTATION_EMULATOR_THREAD_EVEN_PARITY] = '';
      options.provenance?.set(
        `metadata.annotations.${KUBEVIRT_ANNOTATION_EMULATOR_THREAD_EVEN_PARITY}`,
        'KubeVirt CR annotation and feature gate AlignCPUs',
        "virt-api copies the KubeVirt CR's annotation to a VMI that isolates its emulator thread",
      );
    }
  }

  // upstream v1.9.0: a TDX VMI gets the Quote Generation Service socket path
  const launchSecurity = result.spec.domain.launchSecurity as { tdx?: unknown } | null | undefined;
  if (config.release.atLeast('v1.9.0') && launchSecurity?.tdx != null) {
    const qgsSocketPath = qgsSocketPathOf(config);
    if (qgsSocketPath !== '') {
      result.metadata.annotations = {
        ...result.metadata.annotations,
        [QGS_SOCKET_PATH_ANNOTATION]: qgsSocketPath,
      };
      options.provenance?.set(
        `metadata.annotations.${QGS_SOCKET_PATH_ANNOTATION}`,
        'spec.domain.launchSecurity.tdx',
        "virt-api: a TDX VMI gets the Quote Generation Service's socket (cluster config confidentialCompute)",
      );
    }
  }

  result.metadata.finalizers = [...(result.metadata.finalizers ?? []), vmiFinalizer(config)];

  result.status.phase = 'Pending';
  if (options.now !== undefined) {
    result.status.phaseTransitionTimestamps = [
      ...(result.status.phaseTransitionTimestamps ?? []),
      { phase: 'Pending', phaseTransitionTimestamp: options.now },
    ];
  }

  if (!config.rootEnabled()) {
    markAsNonroot(result);
    options.provenance?.set(
      'status.runtimeUser',
      'feature gate Root (off)',
      'virt-api marks a new VMI non-root unless the Root feature gate is on',
    );
  } else if (result.status.runtimeUser === undefined) {
    options.provenance?.set(
      'status.runtimeUser',
      'feature gate Root',
      'the Root feature gate is on: virt-api leaves a new VMI root',
    );
  }
  // runtimeUser is not omitempty upstream: the stored VMI always carries it (0 = root).
  result.status.runtimeUser ??= 0;
  return result;
}
