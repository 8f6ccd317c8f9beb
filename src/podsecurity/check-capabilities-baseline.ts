// upstream: policy/check_capabilities_baseline.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, joinQuote, sortedSet, visitContainers } from './helpers.js';

export const CHECK_CAPABILITIES_BASELINE_ID = 'capabilities_baseline';

const ALLOWED_CAPABILITIES_1_0 = new Set([
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'MKNOD',
  'NET_BIND_SERVICE',
  'SETFCAP',
  'SETGID',
  'SETPCAP',
  'SETUID',
  'SYS_CHROOT',
]);

function capabilitiesBaseline1_0(_metadata: unknown, spec: PodSpec): CheckResult {
  const badContainers: string[] = [];
  const nonDefaultCapabilities: string[] = [];
  visitContainers(spec, (container) => {
    const capabilities = container.securityContext?.capabilities;
    if (!capabilities) return;
    let valid = true;
    for (const capability of capabilities.add ?? []) {
      if (!ALLOWED_CAPABILITIES_1_0.has(capability)) {
        valid = false;
        nonDefaultCapabilities.push(capability);
      }
    }
    if (!valid) badContainers.push(container.name);
  });
  if (badContainers.length === 0) return ALLOWED;
  return {
    allowed: false,
    forbiddenReason: 'non-default capabilities',
    forbiddenDetail: `${containerList(badContainers)} must not include ${joinQuote(sortedSet(nonDefaultCapabilities))} in securityContext.capabilities.add`,
  };
}

export const checkCapabilitiesBaseline: Check = {
  id: CHECK_CAPABILITIES_BASELINE_ID,
  level: 'baseline',
  versions: [{ minimumVersion: v1(0), checkPod: capabilitiesBaseline1_0 }],
};
