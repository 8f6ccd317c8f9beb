// upstream: policy/check_allowPrivilegeEscalation.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, isFalse, isWindowsPod, visitContainers } from './helpers.js';

function allowPrivilegeEscalation1_8(_metadata: unknown, spec: PodSpec): CheckResult {
  const badContainers: string[] = [];
  visitContainers(spec, (container) => {
    if (!isFalse(container.securityContext?.allowPrivilegeEscalation)) badContainers.push(container.name);
  });
  if (badContainers.length === 0) return ALLOWED;
  return {
    allowed: false,
    forbiddenReason: 'allowPrivilegeEscalation != false',
    forbiddenDetail: `${containerList(badContainers)} must set securityContext.allowPrivilegeEscalation=false`,
  };
}

function allowPrivilegeEscalation1_25(metadata: unknown, spec: PodSpec): CheckResult {
  return isWindowsPod(spec) ? ALLOWED : allowPrivilegeEscalation1_8(metadata, spec);
}

export const checkAllowPrivilegeEscalation: Check = {
  id: 'allowPrivilegeEscalation',
  level: 'restricted',
  versions: [
    { minimumVersion: v1(8), checkPod: allowPrivilegeEscalation1_8 },
    { minimumVersion: v1(25), checkPod: allowPrivilegeEscalation1_25 },
  ],
};
