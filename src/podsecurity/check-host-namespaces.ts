// upstream: policy/check_hostNamespaces.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';

function hostNamespaces1_0(_metadata: unknown, spec: PodSpec): CheckResult {
  const hostNamespaces: string[] = [];
  if (spec.hostNetwork === true) hostNamespaces.push('hostNetwork=true');
  if (spec.hostPID === true) hostNamespaces.push('hostPID=true');
  if (spec.hostIPC === true) hostNamespaces.push('hostIPC=true');
  if (hostNamespaces.length === 0) return ALLOWED;
  return { allowed: false, forbiddenReason: 'host namespaces', forbiddenDetail: hostNamespaces.join(', ') };
}

export const checkHostNamespaces: Check = {
  id: 'hostNamespaces',
  level: 'baseline',
  versions: [{ minimumVersion: v1(0), checkPod: hostNamespaces1_0 }],
};
