// containerDisk and kernel-boot containers: each image is pulled into its own container that hands the disk
// (or kernel/initrd) to virt-launcher.
// upstream: pkg/container-disk/container-disk.go
import type { Container, ResourceRequirements } from '../types/k8s.js';
import type { Volume, VirtualMachineInstance } from '../types/kubevirt.js';
import type { ClusterConfig } from '../cluster/cluster-config.js';
import { Quantity } from '../quantity/quantity.js';
import { EPHEMERAL_DISK_DIR } from './options.js';
import { basePath, joinPath } from '../util/go/path.js';
import {
  hasKernelBootContainerImage,
  isCPUDedicated,
  NonRootUID,
  wantsToHaveQOSGuaranteed,
} from '../pkg/util/vmi.js';
import { explainFixedSecurityContext } from './container.js';
import type { RenderExplanation } from './explain.js';

export const KERNEL_BOOT_NAME = 'kernel-boot';
export const KERNEL_BOOT_VOLUME_NAME = `${KERNEL_BOOT_NAME}-volume`;
/** upstream v1.9.0: LauncherVolume, the image volume of the launcher image that carries the container-disk binary. */
export const LAUNCHER_VOLUME = 'launcher-volume';
/** upstream v1.9.0: util.ContainerBinary, where the launcher-volume is mounted in the image-volume init containers. */
export const CONTAINER_BINARY_DIR = '/container-disk-binary';
const EPHEMERAL_STORAGE_OVERHEAD_SIZE = '50M';

/** virt-controller points the package at <ephemeral-disk-dir>/container-disk-data (SetLocalDirectoryOnly). */
export const CONTAINER_DISK_MOUNT_BASE_DIR = joinPath(EPHEMERAL_DISK_DIR, 'container-disk-data');

/** Volume name -> pullable image reference (digest) of a previous pod; empty for a fresh render. */
export type ImageIDs = Readonly<Record<string, string>>;

// upstream: GetVolumeMountDirOnGuest
export function getVolumeMountDirOnGuest(vmi: VirtualMachineInstance): string {
  return joinPath(CONTAINER_DISK_MOUNT_BASE_DIR, vmi.metadata?.uid ?? '');
}

// upstream: GetDiskTargetName
export function getDiskTargetName(volumeIndex: number): string {
  return `disk_${volumeIndex}.img`;
}

// upstream: GetDiskTargetPathFromLauncherView
export function getDiskTargetPathFromLauncherView(volumeIndex: number): string {
  return joinPath(CONTAINER_DISK_MOUNT_BASE_DIR, getDiskTargetName(volumeIndex));
}

// upstream: GetKernelBootArtifactPathFromLauncherView
export function getKernelBootArtifactPathFromLauncherView(artifact: string): string {
  return joinPath(CONTAINER_DISK_MOUNT_BASE_DIR, KERNEL_BOOT_NAME, basePath(artifact));
}

// upstream: GenerateInitContainers
export function generateInitContainers(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  imageIDs: ImageIDs = {},
  podVolumeName = 'container-disks',
  binVolumeName = 'virt-bin-share-dir',
): Container[] {
  return generateContainersHelper(vmi, config, imageIDs, podVolumeName, binVolumeName, true);
}

// upstream: GenerateContainers
export function generateContainers(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  imageIDs: ImageIDs = {},
  podVolumeName = 'container-disks',
  binVolumeName = 'virt-bin-share-dir',
): Container[] {
  return generateContainersHelper(vmi, config, imageIDs, podVolumeName, binVolumeName, false);
}

// upstream: GenerateKernelBootContainer
export function generateKernelBootContainer(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  imageIDs: ImageIDs = {},
  podVolumeName = 'container-disks',
  binVolumeName = 'virt-bin-share-dir',
): Container | undefined {
  return generateKernelBootContainerHelper(vmi, config, imageIDs, podVolumeName, binVolumeName, false);
}

// upstream: GenerateKernelBootInitContainer
export function generateKernelBootInitContainer(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  imageIDs: ImageIDs = {},
  podVolumeName = 'container-disks',
  binVolumeName = 'virt-bin-share-dir',
): Container | undefined {
  return generateKernelBootContainerHelper(vmi, config, imageIDs, podVolumeName, binVolumeName, true);
}

// upstream: generateKernelBootContainerHelper
function generateKernelBootContainerHelper(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  imageIDs: ImageIDs,
  podVolumeName: string,
  binVolumeName: string,
  isInit: boolean,
): Container | undefined {
  if (!hasKernelBootContainerImage(vmi)) return undefined;
  const kernelBootContainer = vmi.spec.domain.firmware!.kernelBoot!.container!;
  const kernelBootVolume: Volume = {
    name: KERNEL_BOOT_VOLUME_NAME,
    containerDisk: {
      image: kernelBootContainer.image,
      imagePullSecret: kernelBootContainer.imagePullSecret,
      path: '/',
      imagePullPolicy: kernelBootContainer.imagePullPolicy,
    },
  };
  const fakeVolumeIndex = 0; // the index makes no difference for the kernel-boot container
  return generateContainerFromVolume(
    vmi,
    config,
    imageIDs,
    podVolumeName,
    binVolumeName,
    isInit,
    true,
    kernelBootVolume,
    fakeVolumeIndex,
  );
}

// upstream: generateContainersHelper (disk_<n> uses the volume's index among all volumes)
function generateContainersHelper(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  imageIDs: ImageIDs,
  podVolumeName: string,
  binVolumeName: string,
  isInit: boolean,
): Container[] {
  const containers: Container[] = [];
  (vmi.spec.volumes ?? []).forEach((volume, index) => {
    if (volume.name === KERNEL_BOOT_VOLUME_NAME) return;
    const container = generateContainerFromVolume(
      vmi,
      config,
      imageIDs,
      podVolumeName,
      binVolumeName,
      isInit,
      false,
      volume,
      index,
    );
    if (container) containers.push(container);
  });
  return containers;
}

/** Requests/limits of a containerDisk container; with dedicated CPUs or guaranteed QoS requests equal limits. */
function containerDiskResources(vmi: VirtualMachineInstance, config: ClusterConfig): ResourceRequirements {
  let requestCPU = config.getSupportContainerRequest('container-disk', 'cpu') ?? Quantity.parse('1m');
  let requestMemory = config.getSupportContainerRequest('container-disk', 'memory') ?? Quantity.parse('1M');
  const limitCPU = config.getSupportContainerLimit('container-disk', 'cpu') ?? Quantity.parse('10m');
  const limitMemory = config.getSupportContainerLimit('container-disk', 'memory') ?? Quantity.parse('40M');
  if (isCPUDedicated(vmi) || wantsToHaveQOSGuaranteed(vmi, config.release)) {
    requestCPU = limitCPU;
    requestMemory = limitMemory;
  }
  return {
    requests: {
      cpu: requestCPU.toString(),
      'ephemeral-storage': Quantity.parse(EPHEMERAL_STORAGE_OVERHEAD_SIZE).toString(),
      memory: requestMemory.toString(),
    },
    limits: { cpu: limitCPU.toString(), memory: limitMemory.toString() },
  };
}

// upstream: generateContainerFromVolume
function generateContainerFromVolume(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  imageIDs: ImageIDs,
  podVolumeName: string,
  binVolumeName: string,
  isInit: boolean,
  isKernelBoot: boolean,
  volume: Volume,
  volumeIndex: number,
): Container | undefined {
  const containerDisk = volume.containerDisk;
  if (!containerDisk) return undefined;

  const volumeMountDir = getVolumeMountDirOnGuest(vmi);
  const diskContainerName = toContainerName(volume.name);
  const image = Object.hasOwn(imageIDs, volume.name) ? imageIDs[volume.name]! : containerDisk.image;
  const mountedDiskName = isKernelBoot ? KERNEL_BOOT_NAME : `disk_${volumeIndex}`;

  const container: Container = {
    name: isInit ? `${diskContainerName}-init` : diskContainerName,
    // omitempty: a kernel-boot container without an image (which virt-api refuses) has none
    image: image || undefined,
    command: ['/usr/bin/container-disk'],
    args: isInit ? ['--no-op'] : ['--copy-path', joinPath(volumeMountDir, mountedDiskName)],
    volumeMounts: [
      { name: podVolumeName, mountPath: volumeMountDir },
      { name: binVolumeName, mountPath: '/usr/bin' },
    ],
    resources: containerDiskResources(vmi, config),
    securityContext: {
      runAsUser: NonRootUID,
      runAsNonRoot: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    },
  };
  if (containerDisk.imagePullPolicy) container.imagePullPolicy = containerDisk.imagePullPolicy;
  return container;
}

/** upstream v1.9.0: whether the image of a volume is already pinned to a digest (no init container needed). */
export function hasImageDigest(imageIDs: ImageIDs, volumeName: string): boolean {
  return Object.hasOwn(imageIDs, volumeName) && imageIDs[volumeName]!.includes('@sha256:');
}

// upstream v1.9.0: CreateImageVolumeInitContainer (pulls the image and records its digest; the binary comes from
// the launcher-volume)
export function createImageVolumeInitContainer(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  name: string,
  image: string | undefined,
  imagePullPolicy: string | undefined,
): Container {
  const container: Container = {
    name: toContainerName(name),
    ...(image ? { image } : {}),
    command: [joinPath(CONTAINER_BINARY_DIR, '/usr/bin/container-disk')],
    args: ['--no-op'],
    resources: containerDiskResources(vmi, config),
    securityContext: {
      runAsUser: NonRootUID,
      runAsNonRoot: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    },
    volumeMounts: [{ name: LAUNCHER_VOLUME, mountPath: CONTAINER_BINARY_DIR, readOnly: true }],
  };
  if (imagePullPolicy) container.imagePullPolicy = imagePullPolicy;
  return container;
}

// upstream v1.9.0: the image-volume branch of renderLaunchManifest's init containers (one per containerDisk and
// for the kernel-boot container, unless its image is already pinned to a digest)
export function generateImageVolumeInitContainers(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  imageIDs: ImageIDs = {},
): Container[] {
  const containers: Container[] = [];
  for (const volume of vmi.spec.volumes ?? []) {
    if (!volume.containerDisk || hasImageDigest(imageIDs, volume.name)) continue;
    containers.push(
      createImageVolumeInitContainer(
        vmi,
        config,
        volume.name,
        volume.containerDisk.image,
        volume.containerDisk.imagePullPolicy,
      ),
    );
  }
  if (hasKernelBootContainerImage(vmi) && !hasImageDigest(imageIDs, KERNEL_BOOT_VOLUME_NAME)) {
    const kernelBootContainer = vmi.spec.domain.firmware!.kernelBoot!.container!;
    containers.push(
      createImageVolumeInitContainer(
        vmi,
        config,
        KERNEL_BOOT_VOLUME_NAME,
        kernelBootContainer.image,
        kernelBootContainer.imagePullPolicy,
      ),
    );
  }
  return containers;
}

// upstream: toContainerName
export function toContainerName(volumeName: string): string {
  return `volume${volumeName}`;
}

// upstream: toVolumeName
export function toVolumeName(containerName: string): string {
  return containerName.startsWith('volume') ? containerName.slice('volume'.length) : containerName;
}

// upstream: isImageVolume
export function isImageVolume(containerName: string): boolean {
  return containerName.startsWith('volume');
}

/**
 * Why the container-disk containers (and image-volume init containers) are there and run as they do:
 * `serve` the containers that serve an image, `pull` the init containers that pull it first, `imageVolume`
 * the init containers of image volumes (feature gate ImageVolume).
 */
export function explainContainerDiskContainers(
  explanation: RenderExplanation,
  containers: readonly Container[],
  role: 'serve' | 'pull' | 'imageVolume',
): void {
  for (const container of containers) {
    const volume = toVolumeName(container.name).replace(/-init$/, '');
    const kernelBoot = volume === KERNEL_BOOT_VOLUME_NAME;
    const what = kernelBoot ? 'the kernel boot image' : `the image of containerDisk volume ${volume}`;
    explanation.container(
      container.name,
      kernelBoot ? 'spec.domain.firmware.kernelBoot.container' : `spec.volumes[${volume}].containerDisk`,
      role === 'serve'
        ? `serves ${what} to virt-launcher`
        : role === 'pull'
          ? `pulls ${what} before the Pod starts (--no-op), so that a missing image fails early`
          : `pulls ${what} and records its digest; the image itself is an image volume (feature gate ImageVolume)`,
    );
    explainFixedSecurityContext(explanation, container, 'virt-controller', {
      runAsUser: `always the qemu user ${NonRootUID}: the container only serves the image, root or not`,
      runAsNonRoot: 'always: the container only serves the image',
      allowPrivilegeEscalation: 'always false: the container only serves the image',
      capabilities: 'drop ALL, always: it needs none',
    });
  }
}
