// upstream: policy/check_sysctls.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';

const ALLOWED_1_0 = [
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_unprivileged_port_start',
];
const ALLOWED_1_27 = [...ALLOWED_1_0, 'net.ipv4.ip_local_reserved_ports'];
const ALLOWED_1_29 = [
  ...ALLOWED_1_27,
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
];

function sysctls(spec: PodSpec, allowed: readonly string[]): CheckResult {
  const forbidden = (spec.securityContext?.sysctls ?? [])
    .map((sysctl) => sysctl.name)
    .filter((name) => !allowed.includes(name));
  if (forbidden.length === 0) return ALLOWED;
  return { allowed: false, forbiddenReason: 'forbidden sysctls', forbiddenDetail: forbidden.join(', ') };
}

export const checkSysctls: Check = {
  id: 'sysctls',
  level: 'baseline',
  versions: [
    { minimumVersion: v1(0), checkPod: (_metadata, spec) => sysctls(spec, ALLOWED_1_0) },
    { minimumVersion: v1(27), checkPod: (_metadata, spec) => sysctls(spec, ALLOWED_1_27) },
    { minimumVersion: v1(29), checkPod: (_metadata, spec) => sysctls(spec, ALLOWED_1_29) },
  ],
};
