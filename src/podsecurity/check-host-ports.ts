// upstream: policy/check_hostPorts.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, pluralize, sortedSet, visitContainers } from './helpers.js';

function hostPorts1_0(_metadata: unknown, spec: PodSpec): CheckResult {
  const badContainers: string[] = [];
  const forbiddenHostPorts: string[] = [];
  visitContainers(spec, (container) => {
    let valid = true;
    for (const port of container.ports ?? []) {
      if (port.hostPort !== undefined && port.hostPort !== null && port.hostPort !== 0) {
        valid = false;
        forbiddenHostPorts.push(String(port.hostPort));
      }
    }
    if (!valid) badContainers.push(container.name);
  });
  if (badContainers.length === 0) return ALLOWED;
  const ports = sortedSet(forbiddenHostPorts);
  return {
    allowed: false,
    forbiddenReason: 'hostPort',
    forbiddenDetail: `${containerList(badContainers)} ${pluralize('uses', 'use', badContainers.length)} ${pluralize('hostPort', 'hostPorts', ports.length)} ${ports.join(', ')}`,
  };
}

export const checkHostPorts: Check = {
  id: 'hostPorts',
  level: 'baseline',
  versions: [{ minimumVersion: v1(0), checkPod: hostPorts1_0 }],
};
