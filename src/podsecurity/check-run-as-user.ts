// upstream: policy/check_runAsUser.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, visitContainers } from './helpers.js';

function runAsUser1_23(_metadata: unknown, spec: PodSpec): CheckResult {
  const badSetters: string[] = [];
  if (spec.securityContext?.runAsUser === 0) badSetters.push('pod');
  const explicitlyBad: string[] = [];
  visitContainers(spec, (container) => {
    if (container.securityContext?.runAsUser === 0) explicitlyBad.push(container.name);
  });
  if (explicitlyBad.length > 0) {
    badSetters.push(`${containerList(explicitlyBad)}`);
  }
  if (badSetters.length === 0) return ALLOWED;
  return {
    allowed: false,
    forbiddenReason: 'runAsUser=0',
    forbiddenDetail: `${badSetters.join(' and ')} must not set runAsUser=0`,
  };
}

export const checkRunAsUser: Check = {
  id: 'runAsUser',
  level: 'restricted',
  versions: [{ minimumVersion: v1(23), checkPod: runAsUser1_23 }],
};
