// Where PVC and hostDisk images are mounted in the launcher.
// upstream: pkg/host-disk/host-disk.go (path helpers only; disk creation happens on the node)
import { basePath, joinPath } from '../../util/go/path.js';

export const PVC_BASE_DIR = '/var/run/kubevirt-private/vmi-disks';

// upstream: hostdisk.getPVCDiskImgPath
function getPVCDiskImgPath(volumeName: string, diskName: string): string {
  return joinPath(PVC_BASE_DIR, volumeName, diskName);
}

// upstream: hostdisk.GetMountedHostDiskPath
export function getMountedHostDiskPath(volumeName: string, path: string): string {
  return getPVCDiskImgPath(volumeName, basePath(path));
}

// upstream: hostdisk.GetMountedHostDiskDir
export function getMountedHostDiskDir(volumeName: string): string {
  return getPVCDiskImgPath(volumeName, '');
}

// upstream: hostdisk.GetMountedHostDiskPathFromHandler
export function getMountedHostDiskPathFromHandler(
  mountRoot: string,
  volumeName: string,
  path: string,
): string {
  return joinPath(mountRoot, getPVCDiskImgPath(volumeName, basePath(path)));
}

// upstream: hostdisk.GetMountedHostDiskDirFromHandler
export function getMountedHostDiskDirFromHandler(mountRoot: string, volumeName: string): string {
  return joinPath(mountRoot, getPVCDiskImgPath(volumeName, ''));
}
