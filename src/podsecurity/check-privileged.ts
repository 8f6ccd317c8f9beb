// upstream: policy/check_privileged.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, isTrue, visitContainers } from './helpers.js';

function privileged1_0(_metadata: unknown, spec: PodSpec): CheckResult {
  const badContainers: string[] = [];
  visitContainers(spec, (container) => {
    if (isTrue(container.securityContext?.privileged)) badContainers.push(container.name);
  });
  if (badContainers.length === 0) return ALLOWED;
  return {
    allowed: false,
    forbiddenReason: 'privileged',
    forbiddenDetail: `${containerList(badContainers)} must not set securityContext.privileged=true`,
  };
}

export const checkPrivileged: Check = {
  id: 'privileged',
  level: 'baseline',
  versions: [{ minimumVersion: v1(0), checkPod: privileged1_0 }],
};
