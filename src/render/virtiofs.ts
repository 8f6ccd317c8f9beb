// virtiofsd containers that share filesystems (PVCs, config volumes) with the guest.
// upstream: pkg/virt-controller/services/virtiofs.go, pkg/virtiofs/virtiofs.go
import type { RenderExplanation } from './explain.js';
import { explainFixedSecurityContext } from './container.js';
import type { Container, ResourceRequirements, SecurityContext, VolumeMount } from '../types/k8s.js';
import type { Volume, VirtualMachineInstance } from '../types/kubevirt.js';
import type { ClusterConfig } from '../cluster/cluster-config.js';
import { Quantity } from '../quantity/quantity.js';
import { VIRT_SHARE_DIR } from './options.js';
import { joinPath } from '../util/go/path.js';
import { isCPUDedicated, NonRootUID, RootUser, wantsToHaveQOSGuaranteed } from '../pkg/util/vmi.js';
import {
  SERVICE_ACCOUNT_SOURCE_DIR,
  getConfigMapSourcePath,
  getDownwardAPISourcePath,
  getSecretSourcePath,
} from './storage/config-volumes.js';

// upstream: virtiofs.VirtioFSContainers (an emptyDir shared with compute for the sockets)
export const VIRTIOFS_CONTAINERS = 'virtiofs-containers';
export const VIRTIOFS_CONTAINERS_MOUNT_BASE_DIR = joinPath(VIRT_SHARE_DIR, VIRTIOFS_CONTAINERS);

// upstream: virtiofs.VirtioFSSocketPath
export function virtioFSSocketPath(volumeName: string): string {
  return joinPath(VIRTIOFS_CONTAINERS_MOUNT_BASE_DIR, `${volumeName}.sock`);
}

/** Config volumes never need a privileged virtiofsd; everything else does when the gate is on. */
// upstream: virtiofs.CanRunWithPrivileges
export function canRunWithPrivileges(config: ClusterConfig, volume: Volume): boolean {
  return (
    config.virtiofsEnabled() &&
    volume.configMap == null &&
    volume.secret == null &&
    volume.serviceAccount == null &&
    volume.downwardAPI == null
  );
}

// upstream: generateVirtioFSContainers (one container per volume, in volume order, that a filesystem uses)
export function generateVirtioFSContainers(
  vmi: VirtualMachineInstance,
  image: string,
  config: ClusterConfig,
  explanation?: RenderExplanation,
): Container[] {
  const passthroughFSVolumes = new Set((vmi.spec.domain.devices.filesystems ?? []).map((fs) => fs.name));
  if (passthroughFSVolumes.size === 0) return [];
  const containers: Container[] = [];
  for (const volume of vmi.spec.volumes ?? []) {
    if (!passthroughFSVolumes.has(volume.name)) continue;
    // upstream v1.9.0: containerPath volumes get theirs from the launcher pod's mutating webhook
    if (config.release.atLeast('v1.9.0') && (volume as { containerPath?: unknown }).containerPath != null) {
      continue;
    }
    const dedicated = isCPUDedicated(vmi);
    const resources = resourcesForVirtioFSContainer(
      dedicated,
      dedicated || wantsToHaveQOSGuaranteed(vmi, config.release),
      config,
    );
    containers.push(generateContainerFromVolume(config, volume, image, resources, explanation));
  }
  return containers;
}

// upstream: resourcesForVirtioFSContainer
export function resourcesForVirtioFSContainer(
  dedicatedCPUs: boolean,
  guaranteedQOS: boolean,
  config: ClusterConfig,
): ResourceRequirements {
  const limitCPU = config.getSupportContainerLimit('virtiofs', 'cpu') ?? Quantity.parse('100m');
  const limitMemory = config.getSupportContainerLimit('virtiofs', 'memory') ?? Quantity.parse('80M');
  let requestCPU = config.getSupportContainerRequest('virtiofs', 'cpu') ?? Quantity.parse('10m');
  if (dedicatedCPUs || guaranteedQOS) requestCPU = limitCPU;
  const requestMemory = guaranteedQOS
    ? limitMemory
    : (config.getSupportContainerRequest('virtiofs', 'memory') ?? Quantity.parse('1M'));
  return {
    requests: { cpu: requestCPU.toString(), memory: requestMemory.toString() },
    limits: { cpu: limitCPU.toString(), memory: limitMemory.toString() },
  };
}

type SecurityProfile = 'restricted' | 'privileged';

// upstream: securityContextVirtioFS
function securityContextVirtioFS(profile: SecurityProfile): SecurityContext {
  const privileged = profile === 'privileged';
  const credential = privileged ? RootUser : NonRootUID;
  return {
    runAsUser: credential,
    runAsGroup: credential,
    runAsNonRoot: !privileged,
    allowPrivilegeEscalation: privileged,
    capabilities: privileged
      ? {
          add: [
            'CHOWN',
            'DAC_OVERRIDE',
            'FOWNER',
            'FSETID',
            'SETGID',
            'SETUID',
            'MKNOD',
            'SETFCAP',
            'SYS_CHROOT',
          ],
        }
      : { drop: ['ALL'] },
  };
}

/** The pod mounts the service account token itself (automountServiceAccountToken). */
// upstream: isAutoMount
function isAutoMount(volume: Volume): boolean {
  return volume.serviceAccount != null;
}

// upstream: virtioFSMountPoint
function virtioFSMountPoint(volume: Volume): string {
  if (volume.configMap != null) return getConfigMapSourcePath(volume.name);
  if (volume.secret != null) return getSecretSourcePath(volume.name);
  if (volume.serviceAccount != null) return SERVICE_ACCOUNT_SOURCE_DIR;
  if (volume.downwardAPI != null) return getDownwardAPISourcePath(volume.name);
  return `/${volume.name}`;
}

// upstream: virtiofs.go generateContainerFromVolume
function generateContainerFromVolume(
  config: ClusterConfig,
  volume: Volume,
  image: string,
  resources: ResourceRequirements,
  explanation?: RenderExplanation,
): Container {
  const args = virtiofsdArgs(config, volume);
  // upstream v1.9.0: virtiofsd always runs unprivileged
  const profile: SecurityProfile =
    config.release.before('v1.9.0') && canRunWithPrivileges(config, volume) ? 'privileged' : 'restricted';

  const volumeMounts: VolumeMount[] = [
    { name: VIRTIOFS_CONTAINERS, mountPath: VIRTIOFS_CONTAINERS_MOUNT_BASE_DIR },
  ];
  if (!isAutoMount(volume)) volumeMounts.push({ name: volume.name, mountPath: virtioFSMountPoint(volume) });

  const container: Container = {
    name: `virtiofs-${volume.name}`,
    image,
    imagePullPolicy: 'IfNotPresent',
    command: ['/usr/libexec/virtiofsd'],
    args,
    volumeMounts,
    resources,
    securityContext: securityContextVirtioFS(profile),
  };
  if (explanation !== undefined) explainVirtioFSSecurity(explanation, container, config, profile);
  return container;
}

/** Why a virtiofsd container runs privileged (v1.4.0, feature gate) or not. */
function explainVirtioFSSecurity(
  explanation: RenderExplanation,
  container: Container,
  config: ClusterConfig,
  profile: SecurityProfile,
): void {
  explanation.container(
    container.name,
    `spec.domain.devices.filesystems[${container.name.slice('virtiofs-'.length)}]`,
    `virtiofsd: shares volume ${container.name.slice('virtiofs-'.length)} with the guest as a filesystem`,
  );
  const privileged = profile === 'privileged';
  const why = privileged
    ? 'v1.4.0, feature gate ExperimentalVirtiofsSupport and a volume that is not a ConfigMap, Secret, ServiceAccount or DownwardAPI: virtiofsd runs as root'
    : config.release.atLeast('v1.9.0')
      ? 'v1.9.0: virtiofsd always runs unprivileged, as the qemu user'
      : 'a ConfigMap, Secret, ServiceAccount or DownwardAPI volume (or feature gate ExperimentalVirtiofsSupport off): virtiofsd runs unprivileged, as the qemu user';
  const source = privileged ? 'feature gate ExperimentalVirtiofsSupport' : 'spec.domain.devices.filesystems';
  explainFixedSecurityContext(explanation, container, source, {
    runAsUser: why,
    runAsGroup: why,
    runAsNonRoot: why,
    allowPrivilegeEscalation: why,
    capabilities: privileged
      ? `${why}, with the capabilities it needs to serve any file as its owner (chown, setuid, mknod, chroot sandbox)`
      : `drop ALL: ${why}`,
  });
}

/** virtiofsd's arguments. */
function virtiofsdArgs(config: ClusterConfig, volume: Volume): string[] {
  if (config.release.atLeast('v1.9.0')) {
    // upstream v1.9.0: no sandbox nor xattr; migration-friendly modes; the service account token's owner
    // shows up as root in the guest
    const args = [
      `--socket-path=${virtioFSSocketPath(volume.name)}`,
      `--shared-dir=${virtioFSMountPoint(volume)}`,
      '--sandbox=none',
      '--cache=auto',
      '--migration-on-error=guest-error',
      '--migration-mode=find-paths',
    ];
    if (volume.serviceAccount != null) args.push(`--translate-uid=host:${NonRootUID}:0:1`);
    return args;
  }
  const args = [
    `--socket-path=${virtioFSSocketPath(volume.name)}`,
    `--shared-dir=${virtioFSMountPoint(volume)}`,
    '--cache=auto',
  ];
  let sandbox = 'none';
  if (canRunWithPrivileges(config, volume)) {
    sandbox = 'chroot';
    args.push('--xattr');
  }
  args.push(`--sandbox=${sandbox}`);
  return args;
}
