// upstream: policy/check_capabilities_restricted.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { CHECK_CAPABILITIES_BASELINE_ID } from './check-capabilities-baseline.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, isWindowsPod, joinQuote, sortedSet, visitContainers } from './helpers.js';

function capabilitiesRestricted1_22(_metadata: unknown, spec: PodSpec): CheckResult {
  const containersMissingDropAll: string[] = [];
  const containersAddingForbidden: string[] = [];
  const forbiddenCapabilities: string[] = [];
  visitContainers(spec, (container) => {
    const capabilities = container.securityContext?.capabilities;
    if (!capabilities) {
      containersMissingDropAll.push(container.name);
      return;
    }
    if (!(capabilities.drop ?? []).includes('ALL')) containersMissingDropAll.push(container.name);
    let addedForbidden = false;
    for (const capability of capabilities.add ?? []) {
      if (capability !== 'NET_BIND_SERVICE') {
        addedForbidden = true;
        forbiddenCapabilities.push(capability);
      }
    }
    if (addedForbidden) containersAddingForbidden.push(container.name);
  });
  const details: string[] = [];
  if (containersMissingDropAll.length > 0) {
    details.push(
      `${containerList(containersMissingDropAll)} must set securityContext.capabilities.drop=["ALL"]`,
    );
  }
  if (containersAddingForbidden.length > 0) {
    details.push(
      `${containerList(containersAddingForbidden)} must not include ${joinQuote(sortedSet(forbiddenCapabilities))} in securityContext.capabilities.add`,
    );
  }
  if (details.length === 0) return ALLOWED;
  return {
    allowed: false,
    forbiddenReason: 'unrestricted capabilities',
    forbiddenDetail: details.join('; '),
  };
}

function capabilitiesRestricted1_25(metadata: unknown, spec: PodSpec): CheckResult {
  return isWindowsPod(spec) ? ALLOWED : capabilitiesRestricted1_22(metadata, spec);
}

export const checkCapabilitiesRestricted: Check = {
  id: 'capabilities_restricted',
  level: 'restricted',
  versions: [
    {
      minimumVersion: v1(22),
      checkPod: capabilitiesRestricted1_22,
      overrideCheckIDs: [CHECK_CAPABILITIES_BASELINE_ID],
    },
    {
      minimumVersion: v1(25),
      checkPod: capabilitiesRestricted1_25,
      overrideCheckIDs: [CHECK_CAPABILITIES_BASELINE_ID],
    },
  ],
};
