// upstream: pkg/virt-controller/services/template.go — RenderLaunchManifest / renderLaunchManifest
import type {
  Affinity,
  Container,
  EnvVar,
  Pod,
  PodSecurityContext,
  PodVolume,
  VolumeMount,
} from '../types/k8s.js';
import type { VirtualMachineInstance } from '../types/kubevirt.js';
import type { ClusterConfig } from '../cluster/cluster-config.js';
import type { ClusterState } from '../state/cluster-state.js';
import { RenderError } from '../errors.js';
import type { KubeVirtRelease } from '../release/release.js';
import { goJsonRoundTrip } from '../util/go/json-round-trip.js';
import {
  CONTAINER_DISK_DIR,
  EPHEMERAL_DISK_DIR,
  NON_ROOT_UID,
  VIRT_SHARE_DIR,
  type RenderOptions,
} from './options.js';
import {
  renderContainerSpec,
  renderComputeProbe,
  containerPortsFromVMI,
  withCapabilities,
  withDropAllCapabilities,
  withNoCapabilities,
  runtimeUserProvenance,
  type ContainerSpecOptions,
} from './container.js';
import { renderNodeSelector, CPU_FEATURE_LABEL_PREFIX } from './node-selector.js';
import { POD_SECURITY_CONTEXT, type RenderExplanation } from './explain.js';
import {
  explainSerialConsoleLogSecurity,
  generateSerialConsoleLogContainer,
  ENV_VAR_VIRT_LAUNCHER_LOG_VERBOSITY,
} from './serial-console-log.js';
import {
  renderComputeResourcesAndVMI,
  sidecarResources,
  initContainerResourceRequirementsForVMI,
  podResourceClaims,
  MEMORY_OVERHEAD_ANNOTATION_BYTES,
} from './resources.js';
import {
  renderVolumes,
  imagePullSecrets,
  appendUniqueImagePullSecret,
  serviceAccountName,
  haveContainerDiskVolume,
} from './volumes.js';
import { isBackendStorageNeeded, pvcForVMI } from './storage/backend-storage.js';
import { generateStorageAnnotations } from './storage/annotations.js';
import {
  explainContainerDiskContainers,
  generateContainers,
  generateInitContainers,
  generateKernelBootContainer,
  generateKernelBootInitContainer,
  generateImageVolumeInitContainers,
} from './container-disk.js';
import { generateVirtioFSContainers } from './virtiofs.js';
import {
  unmarshalHookSidecarList,
  CONTAINER_NAME_ENV_VAR,
  HOOK_SOCKETS_SHARED_DIRECTORY,
  HOOK_SIDECAR_LIST_ANNOTATION_NAME,
  NETWORK_BINDING_PLUGIN_NAME_ENV_VAR,
  type HookSidecar,
} from './hooks.js';
import { networkToResourceMapForRender } from './network/resource-map.js';
import { netBindingPluginSidecarList } from './network/netbinding.js';
import { DEVICE_INFO_DOWNWARD_API } from '../pkg/network/vmispec.js';
import { generateNetworkAnnotations } from './network/annotations.js';
import {
  ISTIO_INJECT_SIDECAR_ANNOTATION,
  ISTIO_INJECT_SIDECAR_LABEL,
  istioProxyInjectionEnabled,
} from './network/istio.js';
import { NETWORK_INFO_MOUNT_PATH, NETWORK_INFO_VOLUME_NAME } from './network/downwardapi.js';
import { hasKernelBootContainerImage, isNonRootVMI } from '../pkg/util/vmi.js';
import { sanitizeHostname } from './util/dns.js';
import { calculateVirtualMachineInstanceID, VIRTUAL_MACHINE_INSTANCE_ID_LABEL } from './util/instance-id.js';
import { goEqualFold, goToLower } from '../util/go/strings.js';

const DEFAULT_GRACE_PERIOD_SECONDS = 30;
const QEMU_TIMEOUT_BASE_SECONDS = 240;
const VIRT_BIN_DIR = 'virt-bin-share-dir';
const HOOK_SIDECAR_SOCKETS_VOLUME = 'hook-sidecar-sockets';
const DEFAULT_LAUNCHER_LOG_VERBOSITY = 2;
const EXT_LOG_VERBOSITY_THRESHOLD = 5;
const NODE_HOST_MODEL_IS_OBSOLETE_LABEL = 'node-labeller.kubevirt.io/obsolete-host-model';
const PERSISTENT_RESERVATION_LABEL_PREFIX = 'pr.kubevirt.io/';

const LABEL_LOG_VERBOSITY = 'logVerbosity';
const LABEL_DEBUG_LOGS = 'debugLogs';
const LABEL_VIRTIOFSD_DEBUG_LOGS = 'virtiofsdDebugLogs';
const ANNOTATION_LIBVIRT_LOG_FILTERS = 'kubevirt.io/libvirt-log-filters';
const ANNOTATION_KEEP_LAUNCHER_AFTER_FAILURE = 'kubevirt.io/keep-launcher-alive-after-failure';
const ANNOTATION_LAUNCHER_FAIL_FAST = 'kubevirt.io/func-test-virt-launcher-fail-fast';

const PPC64_PRIVILEGED = {
  source: 'virt-controller (ppc64le)',
  reason: 'v1.4.0 on ppc64le: the container runs privileged',
};

export const FAILED_TO_RENDER_PREFIX = 'failed to render launch manifest: ';

/**
 * Renders the virt-launcher Pod for a VMI as virt-controller does when it starts the VMI.
 * upstream: templateService.RenderLaunchManifest; errors carry virt-controller's "failed to render launch manifest" prefix.
 */
export function renderLaunchManifest(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  options: RenderOptions,
): Pod {
  try {
    let backendStoragePVCName = '';
    if (isBackendStorageNeeded(vmi, config)) {
      const pvc = pvcForVMI(state, vmi, config);
      if (!pvc) {
        throw new RenderError(
          "can't generate manifest without backend-storage PVC, waiting for the PVC to be created",
        );
      }
      backendStoragePVCName = pvc.metadata?.name ?? '';
    }
    return renderPod(vmi, config, state, options, backendStoragePVCName);
  } catch (error) {
    if (error instanceof RenderError) throw new RenderError(FAILED_TO_RENDER_PREFIX + error.message);
    throw error;
  }
}

function gracePeriodInSeconds(vmi: VirtualMachineInstance): number {
  return vmi.spec.terminationGracePeriodSeconds ?? DEFAULT_GRACE_PERIOD_SECONDS;
}

/** Go's strconv.Atoi: optional sign, decimal digits, within int64. */
function parseGoInt(text: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const value = BigInt(text);
  if (value > 9223372036854775807n || value < -9223372036854775808n) return undefined;
  return value;
}

function launcherLogVerbosity(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  compute: Container,
): bigint {
  // upstream keeps it in a uint: a negative label value wraps around (exactly, hence bigint)
  let verbosity = BigInt(config.getVirtLauncherVerbosity());
  const labels = vmi.metadata?.labels ?? {};
  const label = labels[LABEL_LOG_VERBOSITY];
  const env = (compute.env ??= []);
  if (label !== undefined || verbosity !== BigInt(DEFAULT_LAUNCHER_LOG_VERBOSITY)) {
    let text = String(verbosity);
    if (label !== undefined) {
      text = label;
      const parsed = parseGoInt(label);
      if (parsed === undefined) {
        const reason = /^[+-]?\d+$/.test(label) ? 'value out of range' : 'invalid syntax';
        throw new RenderError(
          `verbosity ${label} cannot cast to int: strconv.Atoi: parsing ${JSON.stringify(label)}: ${reason}`,
        );
      }
      verbosity = BigInt.asUintN(64, parsed);
    }
    env.push({ name: ENV_VAR_VIRT_LAUNCHER_LOG_VERBOSITY, value: text });
  }
  const labelIsTrue = (name: string): boolean => goEqualFold(labels[name] ?? '', 'true');
  if (labelIsTrue(LABEL_DEBUG_LOGS) || verbosity > EXT_LOG_VERBOSITY_THRESHOLD) {
    env.push({ name: 'LIBVIRT_DEBUG_LOGS', value: '1' });
  }
  if (labelIsTrue(LABEL_VIRTIOFSD_DEBUG_LOGS) || verbosity > EXT_LOG_VERBOSITY_THRESHOLD) {
    env.push({ name: 'VIRTIOFSD_DEBUG_LOGS', value: '1' });
  }
  return verbosity;
}

function keepLauncherAfterFailure(vmi: VirtualMachineInstance): boolean {
  return Object.entries(vmi.metadata?.annotations ?? {}).some(
    ([key, value]) =>
      key.startsWith(ANNOTATION_KEEP_LAUNCHER_AFTER_FAILURE) && (value === '' || value.startsWith('true')),
  );
}

function launcherCommand(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  options: RenderOptions,
  gracePeriodSeconds: number,
  hookSidecarCount: number,
  imageVolume: boolean,
): string[] {
  const annotations = vmi.metadata?.annotations ?? {};
  const v1_9 = config.release.atLeast('v1.9.0');
  const command = [
    '/usr/bin/virt-launcher-monitor',
    '--qemu-timeout',
    `${QEMU_TIMEOUT_BASE_SECONDS + options.qemuTimeoutJitterSeconds}s`,
    '--name',
    vmi.metadata?.name ?? '',
    '--uid',
    vmi.metadata?.uid ?? '',
    '--namespace',
    vmi.metadata?.namespace ?? '',
    '--kubevirt-share-dir',
    VIRT_SHARE_DIR,
    '--ephemeral-disk-dir',
    EPHEMERAL_DISK_DIR,
    '--container-disk-dir',
    CONTAINER_DISK_DIR,
    '--grace-period-seconds',
    String(gracePeriodSeconds),
    '--hook-sidecars',
    String(hookSidecarCount),
    '--ovmf-path',
    config.getOVMFPath(vmi.spec.architecture ?? ''),
  ];
  if (v1_9) {
    command.push(
      '--disk-memory-limit',
      String(config.getDiskVerificationMemoryLimitBytes()),
      '--hypervisor',
      config.getHypervisorName(),
    );
  }
  if (isNonRootVMI(vmi)) command.push('--run-as-nonroot');
  if (v1_9) {
    // upstream v1.9.0: flags of (mostly Beta) feature gates
    if (imageVolume) command.push('--image-volume');
    if (config.isFeatureGateEnabled('LibvirtHooksServerAndClient'))
      command.push('--libvirt-hook-server-and-client');
    if (config.isFeatureGateEnabled('PodSecondaryInterfaceNamingUpgrade'))
      command.push('--upgrade-ordinal-ifaces');
    if (config.isFeatureGateEnabled('VGPULiveMigration')) command.push('--vgpu-dedicated-hook');
    if (config.isFeatureGateEnabled('VMStatsCollector')) command.push('--vm-stats-collector');
    if (config.isFeatureGateEnabled('FirmwareAutoSelection')) command.push('--firmware-auto-selection');
  }
  const filters = annotations[ANNOTATION_LIBVIRT_LOG_FILTERS];
  if (filters !== undefined) command.push('--libvirt-log-filters', filters);
  if (config.allowEmulation()) command.push('--allow-emulation');
  if (v1_9 && config.isFeatureGateEnabled('CrossArchitectureVirtualization')) {
    command.push('--allow-cross-arch-emulation');
  }
  if (keepLauncherAfterFailure(vmi)) command.push('--keep-after-failure');
  if (ANNOTATION_LAUNCHER_FAIL_FAST in annotations) command.push('--simulate-crash');
  return command;
}

function computePodSecurityContext(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  explanation?: RenderExplanation,
): PodSecurityContext {
  let context: PodSecurityContext = isNonRootVMI(vmi)
    ? { runAsUser: NON_ROOT_UID, runAsGroup: NON_ROOT_UID, runAsNonRoot: true, fsGroup: NON_ROOT_UID }
    : { runAsUser: 0 };
  if (explanation !== undefined) {
    const user = runtimeUserProvenance(vmi, explanation);
    explanation.securityFields(POD_SECURITY_CONTEXT, Object.keys(context), user.source, user.reason);
  }
  // upstream v1.9.0: fsGroup is the non-root UID for root pods too (virtiofsd runs unprivileged)
  if (config.release.atLeast('v1.9.0')) {
    context = { fsGroup: NON_ROOT_UID, ...context };
    explanation?.security(
      POD_SECURITY_CONTEXT,
      'fsGroup',
      'virt-controller (v1.9.0)',
      `always the qemu group ${NON_ROOT_UID}, root VMI or not: the volumes are writable by the unprivileged virtiofsd and qemu`,
    );
  }
  const customProfile = config.getSeccompConfiguration()?.virtualMachineInstanceProfile?.customProfile;
  if (customProfile?.localhostProfile !== undefined) {
    context.seccompProfile = { type: 'Localhost', localhostProfile: customProfile.localhostProfile };
  } else if (customProfile?.runtimeDefaultProfile) {
    context.seccompProfile = { type: 'RuntimeDefault' };
  }
  if (context.seccompProfile !== undefined) {
    explanation?.security(
      POD_SECURITY_CONTEXT,
      'seccompProfile',
      'cluster config seccompConfiguration.virtualMachineInstanceProfile.customProfile',
      context.seccompProfile.type === 'Localhost'
        ? 'the seccomp profile the cluster config names (localhostProfile)'
        : "the container runtime's default seccomp profile (runtimeDefaultProfile)",
    );
  }
  return context;
}

function filterVMIAnnotationsForPod(annotations: Record<string, string>): Record<string, string> {
  const filtered: Record<string, string> = {};
  for (const [key, value] of Object.entries(annotations)) {
    if (
      key.startsWith('kubectl.kubernetes.io') ||
      key.startsWith('kubevirt.io/storage-observed-api-version') ||
      key.startsWith('kubevirt.io/latest-observed-api-version')
    ) {
      continue;
    }
    filtered[key] = value;
  }
  return filtered;
}

function generatePodAnnotations(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  explanation?: RenderExplanation,
): Record<string, string> {
  const own = filterVMIAnnotationsForPod(vmi.metadata?.annotations ?? {});
  if (explanation !== undefined) explainPodAnnotations(explanation, own);
  return {
    'kubevirt.io/domain': vmi.metadata?.name ?? '',
    ...own,
    'kubectl.kubernetes.io/default-container': 'compute',
    'kubevirt.io/migrationTransportUnix': 'true',
    'descheduler.alpha.kubernetes.io/request-evict-only': '',
    ...generateNetworkAnnotations(vmi, config, state, explanation),
    ...generateStorageAnnotations(vmi, config.release, explanation),
  };
}

/** Why the annotations generatePodAnnotations sets itself are there (in the order it sets them). */
function explainPodAnnotations(explanation: RenderExplanation, own: Record<string, string>): void {
  explanation.annotation(
    'kubevirt.io/domain',
    'metadata.name',
    "virt-controller: the VMI's name, the libvirt domain the Pod runs",
  );
  for (const key of Object.keys(own)) {
    const path = `metadata.annotations.${key}`;
    const recorded = explanation.field(path);
    explanation.annotation(
      key,
      recorded?.source ?? path,
      recorded
        ? `${recorded.reason} (copied from the VMI)`
        : "the VMI's own annotation, copied to the Pod (as all are but kubectl.kubernetes.io/* and kubevirt.io/*-observed-api-version)",
    );
  }
  explanation.annotation(
    'kubectl.kubernetes.io/default-container',
    'virt-controller',
    'always: kubectl exec and logs default to the compute container',
  );
  explanation.annotation(
    'kubevirt.io/migrationTransportUnix',
    'virt-controller',
    'always: live migration traffic is proxied over unix sockets',
  );
  explanation.annotation(
    'descheduler.alpha.kubernetes.io/request-evict-only',
    'virt-controller',
    'always: the descheduler requests an eviction (which KubeVirt turns into a live migration) instead of deleting the Pod',
  );
}

function podLabels(
  vmi: VirtualMachineInstance,
  hostName: string,
  config: ClusterConfig,
  explanation?: RenderExplanation,
): Record<string, string> {
  const labels: Record<string, string> = {
    ...(vmi.metadata?.labels ?? {}),
    'kubevirt.io': 'virt-launcher',
    'kubevirt.io/created-by': vmi.metadata?.uid ?? '',
    'vm.kubevirt.io/name': hostName,
  };
  if (explanation !== undefined) explainPodLabels(explanation, vmi);
  if (config.release.atLeast('v1.9.0')) {
    // upstream v1.9.0: podLabels adds the VMI id and propagates the istio inject annotation as a label
    labels[VIRTUAL_MACHINE_INSTANCE_ID_LABEL] = calculateVirtualMachineInstanceID(vmi.metadata?.name ?? '');
    explanation?.label(
      VIRTUAL_MACHINE_INSTANCE_ID_LABEL,
      'metadata.name',
      "v1.9.0: the VMI's name as a label value (hashed when longer than 63 characters)",
    );
    const inject = vmi.metadata?.annotations?.[ISTIO_INJECT_SIDECAR_ANNOTATION];
    if (inject !== undefined) {
      labels[ISTIO_INJECT_SIDECAR_LABEL] = inject;
      explanation?.label(
        ISTIO_INJECT_SIDECAR_LABEL,
        `metadata.annotations.${ISTIO_INJECT_SIDECAR_ANNOTATION}`,
        "v1.9.0: the VMI's istio sidecar injection annotation, repeated as the label istio reads",
      );
    }
  }
  return labels;
}

/** Why the labels podLabels sets first are there (in the order it sets them). */
function explainPodLabels(explanation: RenderExplanation, vmi: VirtualMachineInstance): void {
  for (const key of Object.keys(vmi.metadata?.labels ?? {})) {
    const path = `metadata.labels.${key}`;
    const recorded = explanation.field(path);
    explanation.label(
      key,
      recorded?.source ?? path,
      recorded ? `${recorded.reason} (copied from the VMI)` : "the VMI's own label, copied to the Pod",
    );
  }
  explanation.label('kubevirt.io', 'virt-controller', 'always: marks the Pod as a virt-launcher Pod');
  explanation.label('kubevirt.io/created-by', 'metadata.uid', "the VMI's UID: the VMI that owns the Pod");
  explanation.label(
    'vm.kubevirt.io/name',
    vmi.spec.hostname ? 'spec.hostname' : 'metadata.name',
    "the Pod's hostname: spec.hostname, else the VMI's name up to its first dot (63 characters at most)",
  );
}

/** upstream: modifyNodeAffintyToRejectLabel */
function rejectNodeLabel(original: Affinity | undefined, label: string): Affinity {
  const requirement = { key: label, operator: 'DoesNotExist' };
  const term = { matchExpressions: [requirement] };
  const affinity: Affinity = original ? structuredClone(original) : {};
  const required = affinity.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (affinity.nodeAffinity && required) {
    for (const selectorTerm of required.nodeSelectorTerms) {
      selectorTerm.matchExpressions = [...(selectorTerm.matchExpressions ?? []), requirement];
    }
  } else if (affinity.nodeAffinity) {
    affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: [term] };
  } else {
    affinity.nodeAffinity = { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [term] } };
  }
  return affinity;
}

/** Who set the VMI's CPU model, when a stage before the render recorded it. */
function cpuModelNote(explanation: RenderExplanation | undefined): string {
  const recorded = explanation?.field('spec.domain.cpu.model');
  return recorded ? ` (${recorded.reason})` : '';
}

/**
 * A copy of a VMI field upstream assigns to the Pod, as the Pod's Go encoding prints it: the VMI as decoded
 * still holds the empty lists its JSON had (`tolerations: []`, a term's `matchFields: []`), which are
 * omitempty in the Pod and so never reach the API server. (A copy: the render goes on to change the Pod's.)
 */
function encodedAs<T>(value: T, typeName: string, release: KubeVirtRelease): T {
  return goJsonRoundTrip(value, typeName, release) as T;
}

/** encodedAs for a list (an omitempty slice of `typeName`): undefined where the encoding leaves it out. */
function encodedListOf<T>(
  items: readonly T[] | undefined,
  typeName: string,
  release: KubeVirtRelease,
): T[] | undefined {
  if (!items?.length) return undefined;
  return items.map((item) => encodedAs(item, typeName, release));
}

/** upstream: setNodeAffinityForPod */
function nodeAffinityForPod(
  vmi: VirtualMachineInstance,
  affinity: Affinity | undefined,
  explanation?: RenderExplanation,
): Affinity | undefined {
  const cpu = vmi.spec.domain.cpu;
  let result = affinity;
  const reject = (label: string, source: string, reason: string): void => {
    result = rejectNodeLabel(result, label);
    explanation?.affinityTerm({ key: label, operator: 'DoesNotExist' }, source, reason);
  };
  if (!cpu?.model || cpu.model === 'host-model')
    reject(
      NODE_HOST_MODEL_IS_OBSOLETE_LABEL,
      'spec.domain.cpu.model',
      `CPU model host-model (or none): avoid nodes whose host CPU model is obsolete${cpuModelNote(explanation)}`,
    );
  for (const feature of cpu?.features ?? []) {
    if (feature.policy === 'forbid')
      reject(
        CPU_FEATURE_LABEL_PREFIX + feature.name,
        'spec.domain.cpu.features',
        `CPU feature ${feature.name} has policy forbid: avoid nodes that have it`,
      );
  }
  return result;
}

/**
 * A label per PVC of a reserved LUN, and a pod anti-affinity that keeps two such pods off one node.
 * upstream v1.9.0: setPersistentReservationAntiAffinity, reservation.PersistentReservationPVCLabels
 */
function setPersistentReservationAntiAffinity(
  vmi: VirtualMachineInstance,
  pod: Pod,
  state: ClusterState,
  explanation?: RenderExplanation,
): void {
  const volumes = new Map((vmi.spec.volumes ?? []).map((volume) => [volume.name, volume]));
  const labels: string[] = [];
  for (const disk of vmi.spec.domain.devices.disks ?? []) {
    if (!disk.lun?.reservation) continue;
    const volume = volumes.get(disk.name);
    if (!volume) continue;
    const claimName =
      volume.dataVolume?.name ??
      volume.persistentVolumeClaim?.claimName ??
      volume.memoryDump?.claimName ??
      '';
    if (!claimName) continue;
    const pvc = state.getPersistentVolumeClaim(vmi.metadata?.namespace ?? '', claimName);
    if (!pvc) continue;
    const label = PERSISTENT_RESERVATION_LABEL_PREFIX + (pvc.metadata?.uid ?? '');
    if (!labels.includes(label)) labels.push(label);
  }
  if (labels.length === 0) return;
  const metadata = pod.metadata!;
  metadata.labels ??= {};
  for (const label of labels) {
    metadata.labels[label] = '';
    explanation?.label(
      label,
      'spec.domain.devices.disks[].lun.reservation',
      'a LUN disk with a persistent reservation: the UID of its PVC, matched by the anti-affinity below',
    );
  }
  const spec = pod.spec!;
  spec.affinity ??= {};
  spec.affinity.podAntiAffinity ??= {};
  const required = (spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution ??= []);
  // upstream ranges over a Go map here: with several reserved PVCs the order is random
  for (const label of labels) {
    const term = {
      labelSelector: { matchExpressions: [{ key: label, operator: 'Exists' }] },
      topologyKey: 'kubernetes.io/hostname',
    };
    required.push(term);
    explanation?.affinityTerm(
      term,
      'spec.domain.devices.disks[].lun.reservation',
      'two Pods holding a persistent reservation on one PVC must not share a node',
    );
  }
}

/** upstream v1.9.0: setPreferredArchitectureAffinity */
function setPreferredArchitectureAffinity(
  architecture: string,
  pod: Pod,
  explanation?: RenderExplanation,
): void {
  if (architecture === '') return;
  const spec = pod.spec!;
  spec.affinity ??= {};
  spec.affinity.nodeAffinity ??= {};
  const preferred = (spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution ??= []);
  const term = {
    weight: 100,
    preference: {
      matchExpressions: [{ key: 'kubernetes.io/arch', operator: 'In', values: [goToLower(architecture)] }],
    },
  };
  preferred.push(term);
  explanation?.affinityTerm(
    term,
    'spec.architecture (feature gate CrossArchitectureVirtualization)',
    "prefer nodes of the VMI's architecture",
  );
}

/** upstream: alignPodMultiCategorySecurity */
function alignPodMultiCategorySecurity(
  pod: Pod,
  selinuxType: string,
  dockerWorkaround: boolean,
  explanation?: RenderExplanation,
): void {
  if (selinuxType === '' && !dockerWorkaround) return;
  const spec = pod.spec!;
  if (selinuxType !== '') {
    spec.securityContext ??= {};
    spec.securityContext.seLinuxOptions = { type: selinuxType };
    explanation?.security(
      POD_SECURITY_CONTEXT,
      'seLinuxOptions',
      'cluster config selinuxLauncherType',
      `the SELinux type the cluster config gives virt-launcher Pods (${selinuxType})`,
    );
  }
  if (!dockerWorkaround) return;
  for (const container of spec.containers) {
    if (container.name === 'compute') continue;
    explanation?.security(
      container.name,
      'seLinuxOptions',
      'feature gate DockerSELinuxMCSWorkaround',
      `level s0 for every container but compute, so that they share files under Docker's SELinux categories${selinuxType ? `; type ${selinuxType} from cluster config selinuxLauncherType` : ''}`,
    );
    container.securityContext ??= {};
    const { type: _previousType, ...options } = container.securityContext.seLinuxOptions ?? {};
    container.securityContext.seLinuxOptions = {
      ...options,
      ...(selinuxType ? { type: selinuxType } : {}),
      level: 's0',
    };
  }
}

function renderSidecarContainer(
  index: number,
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  options: RenderOptions,
  sidecar: HookSidecar,
  userId: number,
): Container {
  const name = `hook-sidecar-${index}`;
  const v1_9 = config.release.atLeast('v1.9.0');
  const socketsMount: VolumeMount = {
    name: HOOK_SIDECAR_SOCKETS_VOLUME,
    mountPath: HOOK_SOCKETS_SHARED_DIRECTORY,
  };
  // upstream v1.9.0: each sidecar sees only its own socket directory
  if (v1_9) socketsMount.subPath = name;
  const mounts: VolumeMount[] = [socketsMount];
  if (sidecar.downwardAPI === DEVICE_INFO_DOWNWARD_API) {
    mounts.push({ name: NETWORK_INFO_VOLUME_NAME, mountPath: NETWORK_INFO_MOUNT_PATH });
  }
  if (sidecar.configMap) {
    const mount: VolumeMount = { name: sidecar.configMap.name, mountPath: sidecar.configMap.hookPath };
    if (sidecar.configMap.key) mount.subPath = sidecar.configMap.key; // (omitempty)
    mounts.push(mount);
  }
  if (sidecar.pvc) mounts.push({ name: sidecar.pvc.name, mountPath: sidecar.pvc.volumePath });
  const spec: ContainerSpecOptions = {
    release: config.release,
    resources: sidecarResources(vmi, config),
    args: sidecar.args,
    volumeMounts: mounts,
  };
  if (v1_9) {
    // upstream v1.9.0: newSidecarContainerRenderer tells the sidecar its name (and binding plugin)
    spec.extraEnvVars = [{ name: CONTAINER_NAME_ENV_VAR, value: name }];
    if (sidecar.networkBindingPluginName) {
      spec.extraEnvVars.push({
        name: NETWORK_BINDING_PLUGIN_NAME_ENV_VAR,
        value: sidecar.networkBindingPluginName,
      });
    }
  }
  const explanation = options.explanation;
  const runtimeUser = explanation && runtimeUserProvenance(vmi, explanation);
  if (explanation !== undefined) {
    spec.explanation = explanation;
    spec.securityReasons = { user: runtimeUser };
  }
  if (isNonRootVMI(vmi)) {
    spec.userId = userId;
    withDropAllCapabilities(spec, runtimeUser);
  }
  return renderContainerSpec(
    name,
    sidecar.image || options.sidecarShimImage,
    sidecar.imagePullPolicy ?? '',
    sidecar.command,
    spec,
  );
}

function renderPod(
  inputVMI: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  options: RenderOptions,
  backendStoragePVCName: string,
): Pod {
  let vmi = inputVMI;
  const name = vmi.metadata?.name ?? '';
  const namespace = vmi.metadata?.namespace ?? '';
  const nonRoot = isNonRootVMI(vmi);
  const userId = nonRoot ? NON_ROOT_UID : 0;
  const ppc64 = config.arch === 'ppc64le';

  const v1_9 = config.release.atLeast('v1.9.0');
  let pullSecrets = imagePullSecrets(vmi.spec.volumes ?? []);
  const kernelBootPullSecret = vmi.spec.domain.firmware?.kernelBoot?.container?.imagePullSecret;
  if (v1_9 && hasKernelBootContainerImage(vmi) && kernelBootPullSecret) {
    // upstream v1.9.0: the kernel boot container's pull secret is the pod's too
    pullSecrets = appendUniqueImagePullSecret(pullSecrets, { name: kernelBootPullSecret });
  }
  if (options.imagePullSecret) {
    pullSecrets = appendUniqueImagePullSecret(pullSecrets, { name: options.imagePullSecret });
  }
  const gracePeriodSeconds = gracePeriodInSeconds(vmi) + 15;
  const gracePeriodKillAfter = gracePeriodSeconds + 15;

  const networkToResourceMap = networkToResourceMapForRender(config, state, vmi);
  const computed = renderComputeResourcesAndVMI(
    vmi,
    config,
    state,
    networkToResourceMap,
    options.explanation,
  );
  const resources = computed.resources;
  // from here on, the VMI as the resource renderer left it (memory quantities changed in place upstream)
  vmi = computed.vmi;

  const hookSidecars: HookSidecar[] = [
    ...unmarshalHookSidecarList(vmi),
    ...netBindingPluginSidecarList(vmi, config),
  ];

  // upstream v1.9.0: clusterConfig.ImageVolumeEnabled() (the volume renderer follows the same condition)
  const imageVolumes = config.imageVolumeEnabled();
  const command = launcherCommand(
    vmi,
    config,
    options,
    gracePeriodSeconds,
    hookSidecars.length,
    imageVolumes,
  );
  const volumes = renderVolumes(
    vmi,
    config,
    state,
    hookSidecars,
    backendStoragePVCName,
    options.launcherImage,
    undefined,
    options.explanation,
  );

  const computeSpec: ContainerSpecOptions = {
    release: config.release,
    volumeDevices: volumes.devices,
    volumeMounts: volumes.mounts,
    sharedFilesystems: volumes.sharedFilesystemPaths,
    resources,
    ports: containerPortsFromVMI(vmi),
  };
  const explanation = options.explanation;
  const runtimeUser = explanation && runtimeUserProvenance(vmi, explanation);
  if (explanation !== undefined) {
    computeSpec.explanation = explanation;
    computeSpec.securityReasons = { user: runtimeUser };
  }
  withCapabilities(computeSpec, vmi);
  if (nonRoot) {
    computeSpec.userId = userId;
    withDropAllCapabilities(computeSpec, runtimeUser);
  }
  if (ppc64 && !v1_9) {
    computeSpec.privileged = true;
    if (explanation !== undefined) computeSpec.securityReasons!.privileged = PPC64_PRIVILEGED;
  }
  if (vmi.spec.readinessProbe) {
    computeSpec.readinessProbe = renderComputeProbe(vmi, vmi.spec.readinessProbe, config.release);
  }
  if (vmi.spec.livenessProbe) {
    computeSpec.livenessProbe = renderComputeProbe(vmi, vmi.spec.livenessProbe, config.release);
  }
  const compute = renderContainerSpec(
    'compute',
    options.launcherImage,
    config.getImagePullPolicy(),
    command,
    computeSpec,
  );
  explanation?.container(
    'compute',
    'virt-controller',
    'always: virt-launcher, libvirt and qemu running the guest',
  );

  // upstream v1.9.0: no KUBEVIRT_RESOURCE_NAME_<network> variables any more
  const resourceEnv: EnvVar[] = v1_9
    ? []
    : [...networkToResourceMap].map(([network, resource]) =>
        resource
          ? { name: `KUBEVIRT_RESOURCE_NAME_${network}`, value: resource }
          : { name: `KUBEVIRT_RESOURCE_NAME_${network}` },
      );
  compute.env = [...(compute.env ?? []), ...resourceEnv];
  const verbosity = launcherLogVerbosity(vmi, config, compute);
  compute.env.push({ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } });

  const containers: Container[] = [compute];
  // upstream v1.9.0: with image volumes there are no containerDisk / kernel-boot containers
  if (!imageVolumes) {
    const diskContainers = generateContainers(vmi, config);
    const kernelBoot = generateKernelBootContainer(vmi, config);
    if (kernelBoot) diskContainers.push(kernelBoot);
    if (explanation !== undefined) explainContainerDiskContainers(explanation, diskContainers, 'serve');
    containers.push(...diskContainers);
  }
  containers.push(...generateVirtioFSContainers(vmi, options.launcherImage, config, explanation));
  const consoleLog = generateSerialConsoleLogContainer(vmi, options.launcherImage, config, verbosity);
  if (consoleLog && explanation !== undefined) explainSerialConsoleLogSecurity(explanation, consoleLog);
  // upstream v1.9.0: guest-console-log is the first init container (a native sidecar)
  if (consoleLog && !v1_9) containers.push(consoleLog);

  const sidecarVolumes: PodVolume[] = [];
  hookSidecars.forEach((sidecar, index) => {
    const container = renderSidecarContainer(index, vmi, config, options, sidecar, userId);
    if (sidecar.configMap) {
      const configMap = state.getConfigMap(namespace, sidecar.configMap.name);
      if (!configMap) throw new RenderError(`configmaps "${sidecar.configMap.name}" not found`);
      const configMapName = configMap.metadata?.name ?? sidecar.configMap.name;
      sidecarVolumes.push({ name: configMapName, configMap: { name: configMapName, defaultMode: 0o755 } });
      explanation?.volume(
        configMapName,
        `metadata.annotations.${HOOK_SIDECAR_LIST_ANNOTATION_NAME}`,
        `the ConfigMap ${configMapName} with the hook script of sidecar ${container.name}`,
      );
    }
    if (sidecar.pvc) {
      sidecarVolumes.push({ name: sidecar.pvc.name, persistentVolumeClaim: { claimName: sidecar.pvc.name } });
      explanation?.volume(
        sidecar.pvc.name,
        `metadata.annotations.${HOOK_SIDECAR_LIST_ANNOTATION_NAME}`,
        `the PVC ${sidecar.pvc.name} of sidecar ${container.name}`,
      );
      if (sidecar.pvc.sharedComputePath) {
        compute.volumeMounts = [
          ...(compute.volumeMounts ?? []),
          { name: sidecar.pvc.name, mountPath: sidecar.pvc.sharedComputePath },
        ];
      }
    }
    containers.push(container);
    explanation?.container(
      container.name,
      sidecar.networkBindingPluginName
        ? `cluster config network.binding.${sidecar.networkBindingPluginName}.sidecarImage`
        : `metadata.annotations.${HOOK_SIDECAR_LIST_ANNOTATION_NAME}`,
      sidecar.networkBindingPluginName
        ? `the sidecar of network binding plugin ${sidecar.networkBindingPluginName}`
        : 'a hook sidecar the VMI asks for',
    );
  });

  const annotations = generatePodAnnotations(vmi, config, state, options.explanation);
  if (config.vmiMemoryOverheadReportEnabled()) {
    annotations[MEMORY_OVERHEAD_ANNOTATION_BYTES] = computed.memoryOverhead.value().toString();
    options.explanation?.annotation(
      MEMORY_OVERHEAD_ANNOTATION_BYTES,
      'feature gate VmiMemoryOverheadReport',
      "the launcher's memory overhead in bytes (the overhead terms of the compute container's memory request), for tools and the scheduler's view",
    );
  }

  const initContainers: Container[] = [];
  if (consoleLog && v1_9) initContainers.push(consoleLog);
  if (imageVolumes) {
    const imageContainers = generateImageVolumeInitContainers(vmi, config);
    if (explanation !== undefined)
      explainContainerDiskContainers(explanation, imageContainers, 'imageVolume');
    initContainers.push(...imageContainers);
  } else if (haveContainerDiskVolume(vmi.spec.volumes ?? []) || hasKernelBootContainerImage(vmi)) {
    const initSpec: ContainerSpecOptions = {
      release: config.release,
      volumeMounts: [{ name: VIRT_BIN_DIR, mountPath: '/init/usr/bin' }],
      resources: initContainerResourceRequirementsForVMI(vmi, 'container-disk', config),
    };
    if (explanation !== undefined) {
      initSpec.explanation = explanation;
      initSpec.securityReasons = { user: runtimeUser };
    }
    withNoCapabilities(initSpec);
    if (nonRoot) initSpec.userId = userId;
    if (ppc64 && !v1_9) {
      initSpec.privileged = true;
      if (explanation !== undefined) initSpec.securityReasons!.privileged = PPC64_PRIVILEGED;
    }
    explanation?.container(
      'container-disk-binary',
      hasKernelBootContainerImage(vmi) && !haveContainerDiskVolume(vmi.spec.volumes ?? [])
        ? 'spec.domain.firmware.kernelBoot.container'
        : 'spec.volumes[].containerDisk',
      'copies the container-disk binary into virt-bin-share-dir for the containers that serve the images',
    );
    initContainers.push(
      renderContainerSpec(
        'container-disk-binary',
        options.launcherImage,
        config.getImagePullPolicy(),
        [
          '/usr/bin/cp',
          // upstream v1.9.0: the copy keeps the binary's attributes
          ...(config.release.atLeast('v1.9.0') ? ['--preserve=all'] : []),
          '/usr/bin/container-disk',
          '/init/usr/bin/container-disk',
        ],
        initSpec,
      ),
    );
    const diskInitContainers = generateInitContainers(vmi, config);
    const kernelBootInit = generateKernelBootInitContainer(vmi, config);
    if (kernelBootInit) diskInitContainers.push(kernelBootInit);
    if (explanation !== undefined) explainContainerDiskContainers(explanation, diskInitContainers, 'pull');
    initContainers.push(...diskInitContainers);
  }

  const hostName = sanitizeHostname(vmi);
  const spec = vmi.spec;
  const pod: Pod = {
    metadata: {
      generateName: `virt-launcher-${name}-`,
      labels: podLabels(vmi, hostName, config, options.explanation),
      annotations,
      ownerReferences: [
        {
          apiVersion: 'kubevirt.io/v1',
          kind: 'VirtualMachineInstance',
          name,
          uid: vmi.metadata?.uid ?? '',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      hostname: hostName,
      securityContext: computePodSecurityContext(vmi, config, options.explanation),
      terminationGracePeriodSeconds: gracePeriodKillAfter,
      restartPolicy: 'Never',
      containers,
      nodeSelector: renderNodeSelector(vmi, config, options.explanation),
      volumes: volumes.volumes,
      readinessGates: [{ conditionType: 'kubevirt.io/virtual-machine-unpaused' }],
      enableServiceLinks: false,
    },
  };
  const podSpec = pod.spec!;
  if (spec.subdomain) podSpec.subdomain = spec.subdomain;
  if (initContainers.length) podSpec.initContainers = initContainers;
  if (pullSecrets.length) podSpec.imagePullSecrets = pullSecrets;
  const release = config.release;
  if (spec.dnsConfig) podSpec.dnsConfig = encodedAs(spec.dnsConfig, 'core.PodDNSConfig', release);
  if (spec.dnsPolicy) podSpec.dnsPolicy = spec.dnsPolicy;
  if (spec.schedulerName) podSpec.schedulerName = spec.schedulerName;
  const tolerations = encodedListOf(spec.tolerations, 'core.Toleration', release);
  if (tolerations) podSpec.tolerations = tolerations;
  const spreadConstraints = encodedListOf(
    spec.topologySpreadConstraints,
    'core.TopologySpreadConstraint',
    release,
  );
  if (spreadConstraints) podSpec.topologySpreadConstraints = spreadConstraints;
  const resourceClaims = config.release.atLeast('v1.9.0') ? podResourceClaims(vmi) : undefined;
  if (resourceClaims) podSpec.resourceClaims = resourceClaims;

  alignPodMultiCategorySecurity(
    pod,
    config.getSELinuxLauncherType(),
    config.dockerSELinuxMCSWorkaroundEnabled(),
    options.explanation,
  );

  const runtimeClassName = config.getDefaultRuntimeClass();
  if (runtimeClassName) podSpec.runtimeClassName = runtimeClassName;
  if (spec.priorityClassName) podSpec.priorityClassName = spec.priorityClassName;
  const affinity = nodeAffinityForPod(
    vmi,
    spec.affinity ? encodedAs(spec.affinity as Affinity, 'core.Affinity', release) : undefined,
    options.explanation,
  );
  if (affinity) podSpec.affinity = affinity;
  if (v1_9) {
    setPersistentReservationAntiAffinity(vmi, pod, state, options.explanation);
    if (config.isFeatureGateEnabled('CrossArchitectureVirtualization')) {
      setPreferredArchitectureAffinity(spec.architecture ?? '', pod, options.explanation);
    }
  }

  const serviceAccount = serviceAccountName(spec.volumes ?? []);
  // upstream v1.9.0: spec.serviceAccountName names the pod's service account first
  const specServiceAccount = v1_9 ? ((spec as { serviceAccountName?: string }).serviceAccountName ?? '') : '';
  if (specServiceAccount) podSpec.serviceAccountName = specServiceAccount;
  else if (serviceAccount) podSpec.serviceAccountName = serviceAccount;
  podSpec.automountServiceAccountToken = serviceAccount !== '' || istioProxyInjectionEnabled(vmi);
  podSpec.volumes = [...(podSpec.volumes ?? []), ...sidecarVolumes];
  return pod;
}
