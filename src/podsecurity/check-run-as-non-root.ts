// upstream: policy/check_runAsNonRoot.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, isFalse, isSet, visitContainers } from './helpers.js';

function runAsNonRoot1_0(_metadata: unknown, spec: PodSpec): CheckResult {
  const badSetters: string[] = [];
  let podRunAsNonRoot = false;
  const podValue = spec.securityContext?.runAsNonRoot;
  if (isSet(podValue)) {
    if (!podValue) badSetters.push('pod');
    else podRunAsNonRoot = true;
  }
  const explicitlyBad: string[] = [];
  const implicitlyBad: string[] = [];
  visitContainers(spec, (container) => {
    const value = container.securityContext?.runAsNonRoot;
    if (isSet(value)) {
      if (isFalse(value)) explicitlyBad.push(container.name);
    } else if (!podRunAsNonRoot) {
      implicitlyBad.push(container.name);
    }
  });
  if (explicitlyBad.length > 0) {
    badSetters.push(`${containerList(explicitlyBad)}`);
  }
  if (badSetters.length > 0) {
    return {
      allowed: false,
      forbiddenReason: 'runAsNonRoot != true',
      forbiddenDetail: `${badSetters.join(' and ')} must not set securityContext.runAsNonRoot=false`,
    };
  }
  if (implicitlyBad.length > 0) {
    return {
      allowed: false,
      forbiddenReason: 'runAsNonRoot != true',
      forbiddenDetail: `pod or ${containerList(implicitlyBad)} must set securityContext.runAsNonRoot=true`,
    };
  }
  return ALLOWED;
}

export const checkRunAsNonRoot: Check = {
  id: 'runAsNonRoot',
  level: 'restricted',
  versions: [{ minimumVersion: v1(0), checkPod: runAsNonRoot1_0 }],
};
