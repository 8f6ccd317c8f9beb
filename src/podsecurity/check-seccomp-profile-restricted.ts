// upstream: policy/check_seccompProfile_restricted.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { CHECK_SECCOMP_BASELINE_ID, validSeccomp } from './check-seccomp-profile-baseline.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, isWindowsPod, joinQuote, sortedSet, visitContainers } from './helpers.js';

function seccompProfileRestricted1_19(_metadata: unknown, spec: PodSpec): CheckResult {
  const badSetters: string[] = [];
  const badValues: string[] = [];
  let podSeccompSet = false;
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile) {
    if (!validSeccomp(podProfile.type)) {
      badSetters.push('pod');
      badValues.push(podProfile.type ?? '');
    } else {
      podSeccompSet = true;
    }
  }
  const explicitlyBad: string[] = [];
  const implicitlyBad: string[] = [];
  visitContainers(spec, (container) => {
    const profile = container.securityContext?.seccompProfile;
    if (profile) {
      if (!validSeccomp(profile.type)) {
        explicitlyBad.push(container.name);
        badValues.push(profile.type ?? '');
      }
    } else if (!podSeccompSet) {
      implicitlyBad.push(container.name);
    }
  });
  if (explicitlyBad.length > 0) {
    badSetters.push(`${containerList(explicitlyBad)}`);
  }
  if (badSetters.length > 0) {
    return {
      allowed: false,
      forbiddenReason: 'seccompProfile',
      forbiddenDetail: `${badSetters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(badValues))}`,
    };
  }
  if (implicitlyBad.length > 0) {
    return {
      allowed: false,
      forbiddenReason: 'seccompProfile',
      forbiddenDetail: `pod or ${containerList(implicitlyBad)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`,
    };
  }
  return ALLOWED;
}

function seccompProfileRestricted1_25(metadata: unknown, spec: PodSpec): CheckResult {
  return isWindowsPod(spec) ? ALLOWED : seccompProfileRestricted1_19(metadata, spec);
}

export const checkSeccompProfileRestricted: Check = {
  id: 'seccompProfile_restricted',
  level: 'restricted',
  versions: [
    {
      minimumVersion: v1(19),
      checkPod: seccompProfileRestricted1_19,
      overrideCheckIDs: [CHECK_SECCOMP_BASELINE_ID],
    },
    {
      minimumVersion: v1(25),
      checkPod: seccompProfileRestricted1_25,
      overrideCheckIDs: [CHECK_SECCOMP_BASELINE_ID],
    },
  ],
};
