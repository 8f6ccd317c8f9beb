// upstream: policy/check_procMount.go (the relaxation for user-namespace Pods is off, as in a kube-apiserver
// without the alpha UserNamespacesPodSecurityStandards gate; the same holds for runAsNonRoot and runAsUser)
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, isSet, joinQuote, sortedSet, visitContainers } from './helpers.js';

function procMount1_0(_metadata: unknown, spec: PodSpec): CheckResult {
  const badContainers: string[] = [];
  const forbiddenTypes: string[] = [];
  visitContainers(spec, (container) => {
    const procMount = container.securityContext?.procMount;
    if (!isSet(procMount) || procMount === 'Default') return;
    badContainers.push(container.name);
    forbiddenTypes.push(procMount);
  });
  if (badContainers.length === 0) return ALLOWED;
  return {
    allowed: false,
    forbiddenReason: 'procMount',
    forbiddenDetail: `${containerList(badContainers)} must not set securityContext.procMount to ${joinQuote(sortedSet(forbiddenTypes))}`,
  };
}

export const checkProcMount: Check = {
  id: 'procMount',
  level: 'baseline',
  versions: [{ minimumVersion: v1(0), checkPod: procMount1_0 }],
};
