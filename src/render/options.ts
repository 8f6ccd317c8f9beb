// Everything variable that a render needs besides the VMI, the cluster config and the cluster state.
// The render core never reads files, clocks or random numbers: these come in here.
import type { RenderExplanation } from './explain.js';

export interface RenderOptions {
  /** virt-launcher image (upstream: virt-controller's --launcher-image). */
  launcherImage: string;
  /** Image for hook sidecars given only a ConfigMap/PVC (upstream: sidecar-shim). */
  sidecarShimImage: string;
  /** Seconds in [0,120) added to the 240 s qemu timeout; upstream draws it at random. */
  qemuTimeoutJitterSeconds: number;
  /** Pull secret given to virt-controller (--image-pull-secret); usually empty. */
  imagePullSecret?: string;
  /** Filled in with the terms of the Pod's figures while rendering (`explain`); absent: nothing is recorded. */
  explanation?: RenderExplanation;
}

// upstream: cmd/virt-controller defaults handed to NewTemplateService
export const VIRT_SHARE_DIR = '/var/run/kubevirt';
export const VIRT_PRIVATE_DIR = '/var/run/kubevirt-private';
export const EPHEMERAL_DISK_DIR = '/var/run/kubevirt-ephemeral-disks';
export const CONTAINER_DISK_DIR = '/var/run/kubevirt/container-disks';
export const HOTPLUG_DISK_DIR = '/var/run/kubevirt/hotplug-disks';
export const LAUNCHER_SUBGID = 107;
export const NON_ROOT_UID = 107;
