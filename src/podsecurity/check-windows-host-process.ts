// upstream: policy/check_windowsHostProcess.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, isTrue, visitContainers } from './helpers.js';

function windowsHostProcess1_0(_metadata: unknown, spec: PodSpec): CheckResult {
  const badContainers: string[] = [];
  visitContainers(spec, (container) => {
    if (isTrue(container.securityContext?.windowsOptions?.hostProcess)) badContainers.push(container.name);
  });
  const setters: string[] = [];
  if (isTrue(spec.securityContext?.windowsOptions?.hostProcess)) setters.push('pod');
  if (badContainers.length > 0) {
    setters.push(`${containerList(badContainers)}`);
  }
  if (setters.length === 0) return ALLOWED;
  return {
    allowed: false,
    forbiddenReason: 'hostProcess',
    forbiddenDetail: `${setters.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true`,
  };
}

export const checkWindowsHostProcess: Check = {
  id: 'windowsHostProcess',
  level: 'baseline',
  versions: [{ minimumVersion: v1(0), checkPod: windowsHostProcess1_0 }],
};
