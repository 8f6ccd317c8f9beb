// The compute container's volumes, mounts and block devices.
// upstream: pkg/virt-controller/services/rendervolumes.go, plus template.go newVolumeRenderer, sysprepVolumeSource,
// imgPullSecrets, appendUniqueImagePullSecret, serviceAccount, HaveContainerDiskVolume
import type { LocalObjectReference, PodVolume, VolumeDevice, VolumeMount } from '../types/k8s.js';
import type { AccessCredential, Volume, VirtualMachineInstance, VolumeStatus } from '../types/kubevirt.js';
import type { ClusterConfig } from '../cluster/cluster-config.js';
import type { ClusterState } from '../state/cluster-state.js';
import { RenderError } from '../errors.js';
import { Quantity } from '../quantity/quantity.js';
import {
  CONTAINER_DISK_DIR,
  EPHEMERAL_DISK_DIR,
  HOTPLUG_DISK_DIR,
  VIRT_PRIVATE_DIR,
  VIRT_SHARE_DIR,
} from './options.js';
import { joinPath, dirPath } from '../util/go/path.js';
import {
  hasHugePages,
  hasKernelBootContainerImage,
  isNonRootVMI,
  isVMIVirtiofsEnabled,
} from '../pkg/util/vmi.js';
import {
  DOWNWARD_METRIC_DISKS_DIR,
  SECRET_SOURCE_DIR,
  SYSPREP_SOURCE_DIR,
  getConfigMapSourcePath,
  getDownwardAPISourcePath,
  getSecretSourcePath,
} from './storage/config-volumes.js';
import { getMountedHostDiskDir } from './storage/host-disk.js';
import { PvcNotFoundError, hasSharedAccessMode, isPVCBlockFromStore } from './storage/pvc.js';
import {
  hasCBTStateEnabled,
  hasPersistentEFI,
  hasPersistentTPMForRelease,
  isBackendStorageNeeded,
  pathForCBT,
} from './storage/backend-storage.js';
import { KERNEL_BOOT_VOLUME_NAME, LAUNCHER_VOLUME, hasImageDigest, type ImageIDs } from './container-disk.js';
import { HOOK_SOCKETS_SHARED_DIRECTORY, type HookSidecar } from './hooks.js';
import type { RenderExplanation } from './explain.js';
import { runtimeUserSource } from './container.js';
import { VIRTIOFS_CONTAINERS, VIRTIOFS_CONTAINERS_MOUNT_BASE_DIR } from './virtiofs.js';
import { bindingPluginNetworkWithDeviceInfoExist, sriovInterfaceExist } from '../pkg/network/vmispec.js';
import {
  NETWORK_INFO_ANNOTATION,
  NETWORK_INFO_MOUNT_PATH,
  NETWORK_INFO_VOLUME_NAME,
  NETWORK_INFO_VOLUME_PATH,
} from './network/downwardapi.js';

// template.go constants
export const CONTAINER_DISKS_VOLUME = 'container-disks';
export const HOTPLUG_DISKS_VOLUME = 'hotplug-disks';
export const HOOK_SIDECAR_SOCKS_VOLUME = 'hook-sidecar-sockets';
export const VIRT_BIN_DIR_VOLUME = 'virt-bin-share-dir';
// upstream v1.9.0: template.go pluginSocketsVolumeName / pluginSocketsDir
const PLUGIN_SOCKETS_VOLUME = 'kubevirt-plugin-sockets';
const PLUGIN_SOCKETS_DIR = '/var/run/kubevirt-plugin';
// upstream v1.9.0: util.VirtImageVolumeDir / util.VirtKernelBootVolumeDir
export const VIRT_IMAGE_VOLUME_DIR = '/var/run/kubevirt-image-volume';
export const VIRT_KERNEL_BOOT_VOLUME_DIR = '/var/run/kubevirt-kernel-boot';
/** upstream v1.9.0: withBackendStorage spells it under /run, not /var/run. */
const BACKEND_STORAGE_META_DIR = '/run/kubevirt-private/backend-storage-meta';

export interface RenderedVolumes {
  volumes: PodVolume[];
  mounts: VolumeMount[];
  devices: VolumeDevice[];
  /** Mount paths of the ReadWriteMany filesystem PVCs (v1.9.0 compute env SHARED_FILESYSTEM_PATHS). */
  sharedFilesystemPaths: string[];
}

/** What upstream v1.9.0's NewVolumeRenderer gets besides the directories. */
interface ImageVolumeSettings {
  /** containerDisks (and the kernel-boot container) as Kubernetes image volumes (gate ImageVolume). */
  useImageVolumes: boolean;
  launcherImage: string;
  imagePullPolicy: string;
  imageIDs: ImageIDs;
}

type SysprepSource = NonNullable<Volume['sysprep']>;

// upstream: mountPath
export function mountPath(name: string, path: string): VolumeMount {
  return { name, mountPath: path };
}

// upstream: mountPathWithPropagation
function mountPathWithPropagation(name: string, path: string, propagation: string): VolumeMount {
  return { name, mountPath: path, mountPropagation: propagation };
}

// upstream: emptyDirVolume
export function emptyDirVolume(name: string): PodVolume {
  return { name, emptyDir: {} };
}

// upstream: downwardAPIDirVolume
function downwardAPIDirVolume(name: string, path: string, fieldPath: string): PodVolume {
  return { name, downwardAPI: { items: [{ path, fieldRef: { fieldPath } }] } };
}

/** Go's *bool / omitempty bool: only a true value is emitted for omitempty fields. */
const readOnlyIfTrue = (readOnly: boolean | undefined): { readOnly?: boolean } =>
  readOnly ? { readOnly: true } : {};

// upstream: VolumeRenderer
class VolumeRenderer {
  readonly podVolumes: PodVolume[] = [];
  readonly podVolumeMounts: VolumeMount[] = [];
  readonly volumeDevices: VolumeDevice[] = [];
  readonly sharedFilesystemPaths: string[] = [];

  constructor(
    readonly config: ClusterConfig,
    readonly images: ImageVolumeSettings,
    readonly namespace: string,
    readonly ephemeralDiskDir: string,
    readonly containerDiskDir: string,
    readonly virtShareDir: string,
    readonly explanation?: RenderExplanation,
  ) {}

  /** Records why a volume is in the Pod (explain only; `reason` is formatted only then). */
  explain(name: string, source: string, reason: string | (() => string)): void {
    this.explanation?.volume(name, source, typeof reason === 'string' ? reason : reason());
  }

  // upstream: VolumeRenderer.Mounts
  mounts(): VolumeMount[] {
    const containerDisks = mountPathWithPropagation(
      CONTAINER_DISKS_VOLUME,
      this.containerDiskDir,
      'HostToContainer',
    );
    const mounts = [
      mountPath('private', VIRT_PRIVATE_DIR),
      mountPath('public', VIRT_SHARE_DIR),
      mountPath('ephemeral-disks', this.ephemeralDiskDir),
    ];
    if (this.config.release.before('v1.9.0')) mounts.push(containerDisks);
    mounts.push(
      mountPath('libvirt-runtime', '/var/run/libvirt'),
      mountPath('sockets', joinPath(this.virtShareDir, 'sockets')),
    );
    // upstream v1.9.0: the container-disks mount moved after sockets, and is gone with image volumes
    if (this.config.release.atLeast('v1.9.0') && !this.images.useImageVolumes) mounts.push(containerDisks);
    return [...mounts, ...this.podVolumeMounts];
  }

  // upstream: VolumeRenderer.Volumes
  volumes(): PodVolume[] {
    if (this.explanation !== undefined) this.explainLauncherVolumes();
    return [
      emptyDirVolume('private'),
      emptyDirVolume('public'),
      emptyDirVolume('sockets'),
      emptyDirVolume(VIRT_BIN_DIR_VOLUME),
      emptyDirVolume('libvirt-runtime'),
      emptyDirVolume('ephemeral-disks'),
      ...(this.images.useImageVolumes ? [] : [emptyDirVolume(CONTAINER_DISKS_VOLUME)]),
      ...this.podVolumes,
    ];
  }

  /** Why the volumes every launcher Pod has are there (recorded first: they come first). */
  private explainLauncherVolumes(): void {
    const recorded = new Map(this.explanation!.volumes);
    this.explanation!.volumes.clear();
    const always: [string, string][] = [
      ['private', "virt-launcher's private directory (/var/run/kubevirt-private)"],
      ['public', 'the directory shared with virt-handler (/var/run/kubevirt)'],
      ['sockets', "virt-launcher's command sockets, which virt-handler talks to"],
      [VIRT_BIN_DIR_VOLUME, 'the container-disk binary, copied here for the container-disk containers'],
      ['libvirt-runtime', "libvirt's runtime directory (/var/run/libvirt)"],
      ['ephemeral-disks', 'ephemeral disk overlays and generated disks (cloud-init, config drives)'],
    ];
    for (const [name, reason] of always) this.explain(name, 'virt-controller', `always: ${reason}`);
    if (!this.images.useImageVolumes) {
      this.explain(
        CONTAINER_DISKS_VOLUME,
        'virt-controller',
        'always (without feature gate ImageVolume): where the container-disk containers expose their images',
      );
    }
    for (const [name, why] of recorded) this.explanation!.volumes.set(name, why);
  }

  // upstream: VolumeRenderer.VolumeDevices
  devices(): VolumeDevice[] {
    return this.volumeDevices;
  }

  // upstream: addPVCToLaunchManifest
  addPVCToLaunchManifest(state: ClusterState, volume: Volume, claimName: string): void {
    const { pvc, exists, isBlock } = isPVCBlockFromStore(state, this.namespace, claimName);
    if (!exists) throw new PvcNotFoundError(`didn't find PVC ${claimName}`);
    if (isBlock) {
      this.volumeDevices.push({ name: volume.name, devicePath: joinPath('/', 'dev', volume.name) });
    } else {
      const path = getMountedHostDiskDir(volume.name);
      this.podVolumeMounts.push({ name: volume.name, mountPath: path });
      // upstream v1.9.0: ReadWriteMany filesystem PVCs are listed for the launcher
      if (this.config.release.atLeast('v1.9.0') && hasSharedAccessMode(pvc?.spec?.accessModes)) {
        this.sharedFilesystemPaths.push(path);
      }
    }
  }

  // upstream: handlePVCVolume
  handlePVCVolume(volume: Volume, state: ClusterState): void {
    const source = volume.persistentVolumeClaim!;
    this.addPVCToLaunchManifest(state, volume, source.claimName);
    this.podVolumes.push({
      name: volume.name,
      persistentVolumeClaim: { claimName: source.claimName, ...readOnlyIfTrue(source.readOnly) },
    });
    this.explain(volume.name, `spec.volumes[${volume.name}].persistentVolumeClaim`, () =>
      this.pvcReason(`the PVC ${source.claimName}`, volume),
    );
  }

  // upstream: handleEphemeralVolume (the PVC volume source is copied as is)
  handleEphemeralVolume(volume: Volume, state: ClusterState): void {
    const source = volume.ephemeral!.persistentVolumeClaim;
    if (!source) {
      // upstream reads volume.Ephemeral.PersistentVolumeClaim.ClaimName without a nil check
      throw new RenderError(
        `virt-controller panics: runtime error: invalid memory address or nil pointer dereference (the ephemeral volume ${volume.name} has no persistentVolumeClaim)`,
      );
    }
    this.addPVCToLaunchManifest(state, volume, source.claimName);
    this.podVolumes.push({
      name: volume.name,
      persistentVolumeClaim: { claimName: source.claimName, ...readOnlyIfTrue(source.readOnly) },
    });
    this.explain(volume.name, `spec.volumes[${volume.name}].ephemeral`, () =>
      this.pvcReason(`the ephemeral volume's PVC ${source.claimName}`, volume),
    );
  }

  // upstream: handleDataVolume
  handleDataVolume(volume: Volume, state: ClusterState): void {
    const claimName = volume.dataVolume!.name;
    this.addPVCToLaunchManifest(state, volume, claimName);
    this.podVolumes.push({ name: volume.name, persistentVolumeClaim: { claimName } });
    this.explain(volume.name, `spec.volumes[${volume.name}].dataVolume`, () =>
      this.pvcReason(`the PVC of the DataVolume ${claimName}`, volume),
    );
  }

  // upstream: handleHostDisk
  handleHostDisk(volume: Volume): void {
    const hostDisk = volume.hostDisk!;
    let hostPathType = '';
    if (hostDisk.type === 'Disk') hostPathType = 'Directory';
    else if (hostDisk.type === 'DiskOrCreate') hostPathType = 'DirectoryOrCreate';
    this.podVolumeMounts.push({ name: volume.name, mountPath: getMountedHostDiskDir(volume.name) });
    this.podVolumes.push({
      name: volume.name,
      hostPath: { path: dirPath(hostDisk.path), type: hostPathType },
    });
    this.explain(
      volume.name,
      `spec.volumes[${volume.name}].hostDisk`,
      () => `a hostDisk: the node's directory ${dirPath(hostDisk.path)}, which holds its image`,
    );
  }

  // upstream: handleDownwardMetrics
  handleDownwardMetrics(volume: Volume): void {
    this.podVolumes.push({
      name: volume.name,
      emptyDir: { medium: 'Memory', sizeLimit: Quantity.parse('1Mi').toString() },
    });
    this.explain(
      volume.name,
      `spec.volumes[${volume.name}].downwardMetrics`,
      'a downwardMetrics disk: a small in-memory directory for the metrics virt-handler writes',
    );
    this.podVolumeMounts.push({ name: volume.name, mountPath: DOWNWARD_METRIC_DISKS_DIR });
  }

  /** The -udata/-ndata secret volumes of cloudInitNoCloud and cloudInitConfigDrive, each mounted twice. */
  private addCloudInitSecretRefs(
    volume: Volume,
    source: NonNullable<Volume['cloudInitNoCloud'] | Volume['cloudInitConfigDrive']>,
  ): void {
    const refs: [NonNullable<typeof source.secretRef> | undefined, string, string][] = [
      [source.secretRef, 'udata', 'userdata'],
      [source.networkDataSecretRef, 'ndata', 'networkdata'],
    ];
    for (const [ref, suffix, subPath] of refs) {
      if (!ref) continue;
      const volumeName = `${volume.name}-${suffix}`;
      this.podVolumes.push({ name: volumeName, secret: secretSource(ref.name) });
      this.explain(
        volumeName,
        `spec.volumes[${volume.name}].${volume.cloudInitNoCloud ? 'cloudInitNoCloud' : 'cloudInitConfigDrive'}.${suffix === 'udata' ? 'secretRef' : 'networkDataSecretRef'}`,
        () =>
          `the Secret ${ref.name ?? ''} with the cloud-init ${subPath === 'userdata' ? 'user data' : 'network data'} of volume ${volume.name}`,
      );
      const camelSubPath = subPath === 'userdata' ? 'userData' : 'networkData';
      for (const sub of [subPath, camelSubPath]) {
        this.podVolumeMounts.push({
          name: volumeName,
          mountPath: joinPath(SECRET_SOURCE_DIR, volume.name, sub),
          subPath: sub,
          readOnly: true,
        });
      }
    }
  }

  // upstream: handleCloudInitNoCloud
  handleCloudInitNoCloud(volume: Volume): void {
    this.addCloudInitSecretRefs(volume, volume.cloudInitNoCloud!);
  }

  // upstream: handleCloudInitConfigDrive
  handleCloudInitConfigDrive(volume: Volume): void {
    this.addCloudInitSecretRefs(volume, volume.cloudInitConfigDrive!);
  }

  // upstream: handleSysprep
  handleSysprep(volume: Volume): void {
    this.podVolumes.push({ name: volume.name, ...sysprepVolumeSource(volume.sysprep!) });
    this.explain(
      volume.name,
      `spec.volumes[${volume.name}].sysprep`,
      'a sysprep volume: its ConfigMap or Secret (the answer files)',
    );
    this.podVolumeMounts.push({
      name: volume.name,
      mountPath: joinPath(SYSPREP_SOURCE_DIR, volume.name),
      readOnly: true,
    });
  }

  // upstream: addSecretVolume
  addSecretVolume(volume: Volume): void {
    const secret = volume.secret!;
    const source: NonNullable<PodVolume['secret']> = secretSource(secret.secretName);
    if (secret.optional !== undefined && secret.optional !== null) source.optional = secret.optional;
    this.podVolumes.push({ name: volume.name, secret: source });
    this.explain(
      volume.name,
      `spec.volumes[${volume.name}].secret`,
      () => `the Secret ${secret.secretName ?? ''}, served to the guest as a disk or a filesystem`,
    );
  }

  // upstream: addSecretVolumeMount
  addSecretVolumeMount(volume: Volume): void {
    this.podVolumeMounts.push({
      name: volume.name,
      mountPath: getSecretSourcePath(volume.name),
      readOnly: true,
    });
  }

  // upstream: addConfigMapVolume
  addConfigMapVolume(volume: Volume): void {
    const configMap = volume.configMap!;
    const source: NonNullable<PodVolume['configMap']> = {};
    if (configMap.name) source.name = configMap.name;
    if (configMap.optional !== undefined && configMap.optional !== null) source.optional = configMap.optional;
    this.podVolumes.push({ name: volume.name, configMap: source });
    this.explain(
      volume.name,
      `spec.volumes[${volume.name}].configMap`,
      () => `the ConfigMap ${configMap.name ?? ''}, served to the guest as a disk or a filesystem`,
    );
  }

  // upstream: addConfigMapVolumeMount
  addConfigMapVolumeMount(volume: Volume): void {
    this.podVolumeMounts.push({
      name: volume.name,
      mountPath: getConfigMapSourcePath(volume.name),
      readOnly: true,
    });
  }

  // upstream: addDownwardAPIVolume (the fields are copied as is; a resourceFieldRef's divisor is a
  // resource.Quantity, which Go always marshals, canonically and as "0" when unset)
  addDownwardAPIVolume(volume: Volume): void {
    const items = (volume.downwardAPI!.fields ?? []).map((field) => {
      const item = structuredClone(field) as NonNullable<
        NonNullable<PodVolume['downwardAPI']>['items']
      >[number];
      if (item.resourceFieldRef) {
        item.resourceFieldRef.divisor = Quantity.fromJSON(field.resourceFieldRef?.divisor ?? 0).toString();
      }
      return item;
    });
    const source: NonNullable<PodVolume['downwardAPI']> = {};
    if (items.length) source.items = items; // (omitempty)
    this.podVolumes.push({ name: volume.name, downwardAPI: source });
    this.explain(
      volume.name,
      `spec.volumes[${volume.name}].downwardAPI`,
      "the Pod's own fields (downward API), served to the guest as a disk or a filesystem",
    );
  }

  // upstream: addDownwardAPIVolumeMount
  addDownwardAPIVolumeMount(volume: Volume): void {
    this.podVolumeMounts.push({
      name: volume.name,
      mountPath: getDownwardAPISourcePath(volume.name),
      readOnly: true,
    });
  }

  /** An image volume; the image is the one of a previous pod (pinned to a digest) where known. */
  private imageVolume(name: string, image: string, pullPolicy: string | undefined): PodVolume {
    const imageIDs = this.images.imageIDs;
    const reference = Object.hasOwn(imageIDs, name) ? imageIDs[name]! : image;
    return { name, image: imageVolumeSource(reference, pullPolicy) };
  }

  // upstream v1.9.0: addContainerDiskVolume
  addContainerDiskVolume(volume: Volume): void {
    const containerDisk = volume.containerDisk!;
    this.podVolumes.push(this.imageVolume(volume.name, containerDisk.image, containerDisk.imagePullPolicy));
    this.explain(
      volume.name,
      `spec.volumes[${volume.name}].containerDisk`,
      () =>
        `the containerDisk image ${containerDisk.image}, mounted as an image volume (feature gate ImageVolume)`,
    );
  }

  // upstream v1.9.0: addContainerDiskVolumeMount (disk_<index among all volumes>)
  addContainerDiskVolumeMount(volume: Volume, volumeIndex: number): void {
    this.podVolumeMounts.push({
      name: volume.name,
      mountPath: joinPath(VIRT_IMAGE_VOLUME_DIR, `disk_${volumeIndex}`),
      readOnly: true,
    });
  }

  // upstream v1.9.0: addKernelBootVolume
  addKernelBootVolume(container: { image: string; imagePullPolicy?: string }): void {
    this.podVolumes.push(
      this.imageVolume(KERNEL_BOOT_VOLUME_NAME, container.image, container.imagePullPolicy),
    );
    this.explain(
      KERNEL_BOOT_VOLUME_NAME,
      'spec.domain.firmware.kernelBoot.container',
      'the kernel boot image, mounted as an image volume (feature gate ImageVolume)',
    );
  }

  // upstream v1.9.0: addKernelBootVolumeMount
  addKernelBootVolumeMount(): void {
    this.podVolumeMounts.push({
      name: KERNEL_BOOT_VOLUME_NAME,
      mountPath: VIRT_KERNEL_BOOT_VOLUME_DIR,
      readOnly: true,
    });
  }

  // upstream v1.9.0: addLauncherBinaryVolume (never pinned to a digest)
  addLauncherBinaryVolume(): void {
    this.podVolumes.push({
      name: LAUNCHER_VOLUME,
      image: imageVolumeSource(this.images.launcherImage, this.images.imagePullPolicy),
    });
    this.explain(
      LAUNCHER_VOLUME,
      'feature gate ImageVolume',
      'the virt-launcher image as an image volume: the container-disk binary for the image-volume init containers',
    );
  }

  /** Why a PVC-backed volume is there, and how the compute container gets it. */
  private pvcReason(what: string, volume: Volume): string {
    const device = this.volumeDevices.some((device) => device.name === volume.name);
    return `${what}, ${device ? 'a block device for the compute container' : 'mounted in the compute container (the disk image is in it)'}`;
  }
}

/** An ImageVolumeSource; both fields have omitempty. */
function imageVolumeSource(
  reference: string | undefined,
  pullPolicy: string | undefined,
): NonNullable<PodVolume['image']> {
  return { ...(reference ? { reference } : {}), ...(pullPolicy ? { pullPolicy } : {}) };
}

/** A secret volume source; Go's SecretName has omitempty. */
function secretSource(secretName: string | undefined): NonNullable<PodVolume['secret']> {
  return secretName ? { secretName } : {};
}

type VolumeRendererOption = (renderer: VolumeRenderer) => void;

// upstream: hotplugVolumes
function hotplugVolumes(
  volumeStatus: readonly VolumeStatus[] | undefined,
  volumes: readonly Volume[],
): Set<string> {
  const names = new Set<string>();
  for (const status of volumeStatus ?? []) {
    if (status.hotplugVolume) names.add(status.name);
  }
  for (const volume of volumes) {
    if (volume.dataVolume?.hotpluggable || volume.persistentVolumeClaim?.hotpluggable) names.add(volume.name);
  }
  return names;
}

// upstream: withVMIVolumes
function withVMIVolumes(
  state: ClusterState,
  volumes: readonly Volume[],
  volumeStatus: readonly VolumeStatus[] | undefined,
): VolumeRendererOption {
  return (renderer) => {
    const hotplug = hotplugVolumes(volumeStatus, volumes);
    for (const volume of volumes) {
      if (hotplug.has(volume.name)) continue;
      if (volume.persistentVolumeClaim) renderer.handlePVCVolume(volume, state);
      if (volume.ephemeral) renderer.handleEphemeralVolume(volume, state);
      if (volume.hostDisk) renderer.handleHostDisk(volume);
      if (volume.dataVolume) renderer.handleDataVolume(volume, state);
      if (volume.downwardMetrics) renderer.handleDownwardMetrics(volume);
      if (volume.cloudInitNoCloud) renderer.handleCloudInitNoCloud(volume);
      if (volume.sysprep) renderer.handleSysprep(volume);
      if (volume.cloudInitConfigDrive) renderer.handleCloudInitConfigDrive(volume);
    }
  };
}

// upstream: withVMIConfigVolumes
function withVMIConfigVolumes(
  disks: readonly { name: string }[],
  volumes: readonly Volume[],
): VolumeRendererOption {
  return (renderer) => {
    const byName = new Map<string, Volume>();
    for (const volume of volumes) {
      byName.set(volume.name, volume);
      if (volume.secret) renderer.addSecretVolume(volume);
      if (volume.configMap) renderer.addConfigMapVolume(volume);
      if (volume.downwardAPI) renderer.addDownwardAPIVolume(volume);
    }
    for (const disk of disks) {
      const volume = byName.get(disk.name);
      if (!volume) continue;
      if (volume.secret) renderer.addSecretVolumeMount(volume);
      if (volume.configMap) renderer.addConfigMapVolumeMount(volume);
      if (volume.downwardAPI) renderer.addDownwardAPIVolumeMount(volume);
    }
  };
}

// upstream: withAccessCredentials
function withAccessCredentials(
  accessCredentials: readonly AccessCredential[] | undefined,
): VolumeRendererOption {
  return (renderer) => {
    for (const credential of accessCredentials ?? []) {
      let secretName = '';
      if (credential.sshPublicKey?.source?.secret)
        secretName = credential.sshPublicKey.source.secret.secretName ?? '';
      else if (credential.userPassword?.source?.secret) {
        secretName = credential.userPassword.source.secret.secretName ?? '';
      }
      if (secretName === '') continue;
      const volumeName = `${secretName}-access-cred`;
      renderer.podVolumes.push({ name: volumeName, secret: { secretName } });
      renderer.explain(
        volumeName,
        'spec.accessCredentials',
        () =>
          `the Secret ${secretName} with the ${credential.sshPublicKey ? 'SSH public keys' : 'password'} the guest agent puts in the guest`,
      );
      renderer.podVolumeMounts.push({
        name: volumeName,
        mountPath: joinPath(SECRET_SOURCE_DIR, volumeName),
        readOnly: true,
      });
    }
  };
}

// upstream: PathForSwtpm
export function pathForSwtpm(vmi: VirtualMachineInstance): string {
  return isNonRootVMI(vmi)
    ? joinPath(VIRT_PRIVATE_DIR, 'libvirt', 'qemu', 'swtpm')
    : '/var/lib/libvirt/swtpm';
}

// upstream: PathForSwtpmLocalca
export function pathForSwtpmLocalca(vmi: VirtualMachineInstance): string {
  return isNonRootVMI(vmi)
    ? joinPath(VIRT_PRIVATE_DIR, 'var', 'lib', 'swtpm-localca')
    : '/var/lib/swtpm-localca';
}

// upstream: PathForNVram
export function pathForNVram(vmi: VirtualMachineInstance): string {
  return isNonRootVMI(vmi)
    ? joinPath(VIRT_PRIVATE_DIR, 'libvirt', 'qemu', 'nvram')
    : '/var/lib/libvirt/qemu/nvram';
}

// upstream v1.9.0: shouldAddLauncherBinaryVolume (needed as soon as one image-volume init container runs)
function shouldAddLauncherBinaryVolume(vmi: VirtualMachineInstance, imageIDs: ImageIDs): boolean {
  if (
    (vmi.spec.volumes ?? []).some((volume) => volume.containerDisk && !hasImageDigest(imageIDs, volume.name))
  ) {
    return true;
  }
  return hasKernelBootContainerImage(vmi) && !hasImageDigest(imageIDs, KERNEL_BOOT_VOLUME_NAME);
}

// upstream v1.9.0: withImageVolumes
function withImageVolumes(vmi: VirtualMachineInstance): VolumeRendererOption {
  return (renderer) => {
    (vmi.spec.volumes ?? []).forEach((volume, index) => {
      if (!volume.containerDisk) return;
      renderer.addContainerDiskVolume(volume);
      renderer.addContainerDiskVolumeMount(volume, index);
    });
    if (hasKernelBootContainerImage(vmi)) {
      renderer.addKernelBootVolume(vmi.spec.domain.firmware!.kernelBoot!.container!);
      renderer.addKernelBootVolumeMount();
    }
    if (shouldAddLauncherBinaryVolume(vmi, renderer.images.imageIDs)) renderer.addLauncherBinaryVolume();
  };
}

// upstream: withBackendStorage
function withBackendStorage(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  backendStoragePVCName: string,
): VolumeRendererOption {
  return (renderer) => {
    if (!isBackendStorageNeeded(vmi, config)) return;
    const volumeName = 'vm-state';
    renderer.podVolumes.push({
      name: volumeName,
      persistentVolumeClaim: { claimName: backendStoragePVCName },
    });
    renderer.explain(
      volumeName,
      'spec.domain.devices.tpm.persistent / spec.domain.firmware.bootloader.efi.persistent',
      () =>
        `backend storage: the PVC ${backendStoragePVCName} that keeps the persistent TPM, EFI variables${config.release.atLeast('v1.9.0') ? ' or changed-block tracking' : ''} state`,
    );
    if (config.release.atLeast('v1.9.0')) {
      // upstream v1.9.0: the backend storage keeps its own metadata
      renderer.podVolumeMounts.push({
        name: volumeName,
        mountPath: BACKEND_STORAGE_META_DIR,
        subPath: 'meta',
      });
    }
    if (isNonRootVMI(vmi)) {
      renderer.podVolumes.push(emptyDirVolume('private-libvirt'), emptyDirVolume('private-libvirt-qemu'));
      for (const name of ['private-libvirt', 'private-libvirt-qemu']) {
        renderer.explain(
          name,
          runtimeUserSource(vmi),
          "a non-root VMI with backend storage: libvirt's private directories, writable by the qemu user",
        );
      }
      renderer.podVolumeMounts.push(
        { name: 'private-libvirt', mountPath: joinPath(VIRT_PRIVATE_DIR, 'libvirt') },
        { name: 'private-libvirt-qemu', mountPath: joinPath(VIRT_PRIVATE_DIR, 'libvirt', 'qemu') },
      );
    }
    if (hasPersistentTPMForRelease(vmi.spec, config)) {
      renderer.podVolumeMounts.push(
        { name: volumeName, mountPath: pathForSwtpm(vmi), subPath: 'swtpm' },
        { name: volumeName, mountPath: pathForSwtpmLocalca(vmi), subPath: 'swtpm-localca' },
      );
    }
    if (hasPersistentEFI(vmi.spec)) {
      renderer.podVolumeMounts.push({ name: volumeName, mountPath: pathForNVram(vmi), subPath: 'nvram' });
    }
    if (config.release.atLeast('v1.9.0') && hasCBTStateEnabled(vmi)) {
      renderer.podVolumeMounts.push({ name: volumeName, mountPath: pathForCBT(vmi), subPath: 'cbt' });
    }
  };
}

// upstream v1.9.0: withPluginSocketVolume
function withPluginSocketVolume(): VolumeRendererOption {
  return (renderer) => {
    renderer.podVolumes.push(emptyDirVolume(PLUGIN_SOCKETS_VOLUME));
    renderer.explain(PLUGIN_SOCKETS_VOLUME, 'feature gate Plugins', "the sockets of KubeVirt's plugins");
    renderer.podVolumeMounts.push(mountPath(PLUGIN_SOCKETS_VOLUME, PLUGIN_SOCKETS_DIR));
  };
}

// upstream: withSidecarVolumes
function withSidecarVolumes(hookSidecars: readonly HookSidecar[]): VolumeRendererOption {
  return (renderer) => {
    if (hookSidecars.length === 0) return;
    renderer.podVolumes.push(emptyDirVolume(HOOK_SIDECAR_SOCKS_VOLUME));
    renderer.explain(
      HOOK_SIDECAR_SOCKS_VOLUME,
      'hook sidecars',
      'the sockets the hook sidecars serve to virt-launcher',
    );
    renderer.podVolumeMounts.push({
      name: HOOK_SIDECAR_SOCKS_VOLUME,
      mountPath: HOOK_SOCKETS_SHARED_DIRECTORY,
    });
  };
}

// upstream: withVirioFS
function withVirtioFS(): VolumeRendererOption {
  return (renderer) => {
    renderer.podVolumeMounts.push(mountPath(VIRTIOFS_CONTAINERS, VIRTIOFS_CONTAINERS_MOUNT_BASE_DIR));
    renderer.podVolumes.push(emptyDirVolume(VIRTIOFS_CONTAINERS));
    renderer.explain(
      VIRTIOFS_CONTAINERS,
      'spec.domain.devices.filesystems',
      'the sockets of the virtiofsd containers, shared with qemu',
    );
  };
}

// upstream: withHugepages
function withHugepages(): VolumeRendererOption {
  return (renderer) => {
    const hugepagesBasePath = '/dev/hugepages';
    renderer.podVolumes.push({ name: 'hugepages', emptyDir: { medium: 'HugePages' } });
    renderer.podVolumeMounts.push({ name: 'hugepages', mountPath: hugepagesBasePath });
    renderer.podVolumes.push(emptyDirVolume('hugetblfs-dir'));
    renderer.explain(
      'hugepages',
      'spec.domain.memory.hugepages',
      'the huge pages that back the guest memory (/dev/hugepages)',
    );
    renderer.explain(
      'hugetblfs-dir',
      'spec.domain.memory.hugepages',
      "qemu's hugetlbfs directory for the guest memory",
    );
    renderer.podVolumeMounts.push({
      name: 'hugetblfs-dir',
      mountPath: joinPath(hugepagesBasePath, 'libvirt/qemu'),
    });
  };
}

// upstream: withHotplugSupport
function withHotplugSupport(hotplugDiskDir: string): VolumeRendererOption {
  return (renderer) => {
    renderer.podVolumeMounts.push(
      mountPathWithPropagation(HOTPLUG_DISKS_VOLUME, hotplugDiskDir, 'HostToContainer'),
    );
    renderer.podVolumes.push(emptyDirVolume(HOTPLUG_DISKS_VOLUME));
    renderer.explain(
      HOTPLUG_DISKS_VOLUME,
      'spec.domain.devices.disableHotplug',
      'where virt-handler mounts hotplugged disks (unless disableHotplug is true)',
    );
  };
}

// upstream: withNetworkDeviceInfoMapAnnotation
function withNetworkDeviceInfoMapAnnotation(): VolumeRendererOption {
  return (renderer) => {
    renderer.podVolumes.push(
      downwardAPIDirVolume(
        NETWORK_INFO_VOLUME_NAME,
        NETWORK_INFO_VOLUME_PATH,
        `metadata.annotations['${NETWORK_INFO_ANNOTATION}']`,
      ),
    );
    renderer.explain(
      NETWORK_INFO_VOLUME_NAME,
      'spec.domain.devices.interfaces',
      `an SR-IOV interface or a binding plugin with downwardAPI device-info: the Pod's ${NETWORK_INFO_ANNOTATION} annotation as a file`,
    );
  };
}

// upstream: templateService.newVolumeRenderer
function newVolumeRenderer(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  hookSidecars: readonly HookSidecar[],
  backendStoragePVCName: string,
  images: ImageVolumeSettings,
  explanation?: RenderExplanation,
): VolumeRenderer {
  const spec = vmi.spec;
  const volumes = spec.volumes ?? [];
  const interfaces = spec.domain.devices.interfaces;
  const options: VolumeRendererOption[] = [
    withVMIConfigVolumes(spec.domain.devices.disks ?? [], volumes),
    withVMIVolumes(state, volumes, vmi.status?.volumeStatus),
    withAccessCredentials(spec.accessCredentials),
    withBackendStorage(vmi, config, backendStoragePVCName),
  ];
  if (images.useImageVolumes) options.push(withImageVolumes(vmi));
  if (hookSidecars.length !== 0) options.push(withSidecarVolumes(hookSidecars));
  if (config.pluginsEnabled()) options.push(withPluginSocketVolume());
  if (hasHugePages(vmi)) options.push(withHugepages());
  if (!spec.domain.devices.disableHotplug) options.push(withHotplugSupport(HOTPLUG_DISK_DIR));
  if (
    bindingPluginNetworkWithDeviceInfoExist(interfaces, config.getNetworkBindings()) ||
    sriovInterfaceExist(interfaces)
  ) {
    options.push((renderer) => {
      renderer.podVolumeMounts.push(mountPath(NETWORK_INFO_VOLUME_NAME, NETWORK_INFO_MOUNT_PATH));
    });
    options.push(withNetworkDeviceInfoMapAnnotation());
  }
  if (isVMIVirtiofsEnabled(vmi)) options.push(withVirtioFS());

  // upstream: NewVolumeRenderer (the namespace is the VMI's; objects without one live in "default")
  const renderer = new VolumeRenderer(
    config,
    images,
    vmi.metadata?.namespace || 'default',
    EPHEMERAL_DISK_DIR,
    CONTAINER_DISK_DIR,
    VIRT_SHARE_DIR,
    explanation,
  );
  for (const option of options) option(renderer);
  return renderer;
}

/**
 * The compute container's volume mounts and devices and the pod's volumes (before the sidecar ConfigMap/PVC
 * volumes that the launch manifest appends). Throws RenderError ("didn't find PVC <name>", ...) like upstream.
 */
export function renderVolumes(
  vmi: VirtualMachineInstance,
  config: ClusterConfig,
  state: ClusterState,
  hookSidecars: readonly HookSidecar[],
  backendStoragePVCName: string,
  launcherImage: string,
  imageIDs: ImageIDs = {},
  explanation?: RenderExplanation,
): RenderedVolumes {
  const images: ImageVolumeSettings = {
    useImageVolumes: config.imageVolumeEnabled(),
    launcherImage,
    imagePullPolicy: config.getImagePullPolicy(),
    imageIDs,
  };
  const renderer = newVolumeRenderer(
    vmi,
    config,
    state,
    hookSidecars,
    backendStoragePVCName,
    images,
    explanation,
  );
  return {
    volumes: renderer.volumes(),
    mounts: renderer.mounts(),
    devices: renderer.devices(),
    sharedFilesystemPaths: renderer.sharedFilesystemPaths,
  };
}

// upstream: template.go sysprepVolumeSource
export function sysprepVolumeSource(sysprep: SysprepSource): Pick<PodVolume, 'secret' | 'configMap'> {
  if (sysprep.secret) return { secret: secretSource(sysprep.secret.name) };
  if (sysprep.configMap) return { configMap: sysprep.configMap.name ? { name: sysprep.configMap.name } : {} };
  // Go prints the struct with %v: each nil *LocalObjectReference through its String(), "nil"
  throw new RenderError('Sysprep must have Secret or ConfigMap reference set {nil nil}');
}

// upstream: template.go imgPullSecrets
export function imagePullSecrets(volumes: readonly Volume[]): LocalObjectReference[] {
  let secrets: LocalObjectReference[] = [];
  for (const volume of volumes) {
    const secret = volume.containerDisk?.imagePullSecret;
    if (secret) secrets = appendUniqueImagePullSecret(secrets, { name: secret });
  }
  return secrets;
}

// upstream: template.go appendUniqueImagePullSecret
export function appendUniqueImagePullSecret(
  secrets: LocalObjectReference[],
  newSecret: LocalObjectReference,
): LocalObjectReference[] {
  if (secrets.some((secret) => (secret.name ?? '') === (newSecret.name ?? ''))) return secrets;
  return [...secrets, newSecret];
}

// upstream: template.go serviceAccount
export function serviceAccountName(volumes: readonly Volume[]): string {
  for (const volume of volumes) {
    if (volume.serviceAccount) return volume.serviceAccount.serviceAccountName ?? '';
  }
  return '';
}

// upstream: template.go HaveContainerDiskVolume
export function haveContainerDiskVolume(volumes: readonly Volume[]): boolean {
  return volumes.some((volume) => volume.containerDisk != null);
}
