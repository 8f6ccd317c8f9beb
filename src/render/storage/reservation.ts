// upstream: pkg/storage/reservation/pr.go
import type { VirtualMachineInstance, VMISpec } from '../../types/kubevirt.js';

const sourceDaemonsPath = '/var/run/kubevirt/daemons';
const hostSourceDaemonsPath = `/proc/1/root${sourceDaemonsPath}`;
const prHelperDir = 'pr';
const prHelperSocket = 'pr-helper.sock';
const prResourceName = 'pr-helper';

export const getPrResourceName = (): string => prResourceName;
export const getPrHelperSocketDir = (): string => `${sourceDaemonsPath}/${prHelperDir}`;
export const getPrHelperHostSocketDir = (): string => `${hostSourceDaemonsPath}/${prHelperDir}`;
export const getPrHelperSocketPath = (): string => `${getPrHelperSocketDir()}/${prHelperSocket}`;
export const getPrHelperSocket = (): string => prHelperSocket;

// upstream: reservation.HasVMISpecPersistentReservation
export function hasVMISpecPersistentReservation(spec: VMISpec): boolean {
  return (spec.domain.devices.disks ?? []).some((disk) => disk.lun?.reservation === true);
}

// upstream: reservation.HasVMIPersistentReservation
export function hasVMIPersistentReservation(vmi: VirtualMachineInstance): boolean {
  return hasVMISpecPersistentReservation(vmi.spec);
}
