// Network info exposed to the launcher through the downward API.
// upstream: pkg/network/downwardapi/{networkinfo.go,types.go}, pkg/network/deviceinfo/sriov.go

export const NETWORK_INFO_ANNOTATION = 'kubevirt.io/network-info';
export const NETWORK_INFO_MOUNT_PATH = '/etc/podinfo';
export const NETWORK_INFO_VOLUME_NAME = 'network-info-annotation';
export const NETWORK_INFO_VOLUME_PATH = 'network-info';

// upstream: deviceinfo.SRIOVAliasPrefix
export const SRIOV_ALIAS_PREFIX = 'sriov-';
