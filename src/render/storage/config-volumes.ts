// Where config volumes (ConfigMap, Secret, DownwardAPI, Sysprep, ServiceAccount) are mounted in the launcher.
// upstream: pkg/config/{config.go,config-map.go,secret.go,downwardapi.go,sysprep.go,service-account.go}
import { joinPath } from '../../util/go/path.js';

const MOUNT_BASE_DIR = '/var/run/kubevirt-private';

export const CONFIG_MAP_SOURCE_DIR = joinPath(MOUNT_BASE_DIR, 'config-map');
export const SYSPREP_SOURCE_DIR = joinPath(MOUNT_BASE_DIR, 'sysprep');
export const SECRET_SOURCE_DIR = joinPath(MOUNT_BASE_DIR, 'secret');
export const DOWNWARD_API_SOURCE_DIR = joinPath(MOUNT_BASE_DIR, 'downwardapi');
/** Kept with its trailing slash, as upstream (not a Join result). */
export const SERVICE_ACCOUNT_SOURCE_DIR = '/var/run/secrets/kubernetes.io/serviceaccount/';

export const CONFIG_MAP_DISKS_DIR = joinPath(MOUNT_BASE_DIR, 'config-map-disks');
export const SECRET_DISKS_DIR = joinPath(MOUNT_BASE_DIR, 'secret-disks');
export const SYSPREP_DISKS_DIR = joinPath(MOUNT_BASE_DIR, 'sysprep-disks');
export const DOWNWARD_API_DISKS_DIR = joinPath(MOUNT_BASE_DIR, 'downwardapi-disks');
export const DOWNWARD_METRIC_DISKS_DIR = joinPath(MOUNT_BASE_DIR, 'downwardmetric-disk');
export const DOWNWARD_METRIC_DISK = joinPath(DOWNWARD_API_DISKS_DIR, 'vhostmd0');
export const SERVICE_ACCOUNT_DISK_DIR = joinPath(MOUNT_BASE_DIR, 'service-account-disk');
export const SERVICE_ACCOUNT_DISK_NAME = 'service-account.iso';

// upstream: config.GetConfigMapSourcePath
export const getConfigMapSourcePath = (volumeName: string): string =>
  joinPath(CONFIG_MAP_SOURCE_DIR, volumeName);
// upstream: config.GetSecretSourcePath
export const getSecretSourcePath = (volumeName: string): string => joinPath(SECRET_SOURCE_DIR, volumeName);
// upstream: config.GetDownwardAPISourcePath
export const getDownwardAPISourcePath = (volumeName: string): string =>
  joinPath(DOWNWARD_API_SOURCE_DIR, volumeName);
// upstream: config.GetSysprepSourcePath
export const getSysprepSourcePath = (volumeName: string): string => joinPath(SYSPREP_SOURCE_DIR, volumeName);
// upstream: config.GetServiceAccountDiskPath
export const getServiceAccountDiskPath = (): string =>
  joinPath(SERVICE_ACCOUNT_DISK_DIR, SERVICE_ACCOUNT_DISK_NAME);
