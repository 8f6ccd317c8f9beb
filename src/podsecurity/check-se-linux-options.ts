// upstream: policy/check_seLinuxOptions.go
import type { PodSpec, SELinuxOptions } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, joinQuote, pluralize, sortedSet, visitContainers } from './helpers.js';

const ALLOWED_TYPES_1_0 = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']);
const ALLOWED_TYPES_1_31 = new Set([...ALLOWED_TYPES_1_0, 'container_engine_t']);

function seLinuxOptions(spec: PodSpec, allowedTypes: ReadonlySet<string>): CheckResult {
  const badSetters: string[] = [];
  const badTypes: string[] = [];
  let setUser = false;
  let setRole = false;
  const valid = (options: SELinuxOptions): boolean => {
    let ok = true;
    const type = options.type ?? '';
    if (!allowedTypes.has(type)) {
      ok = false;
      badTypes.push(type);
    }
    if (options.user) {
      ok = false;
      setUser = true;
    }
    if (options.role) {
      ok = false;
      setRole = true;
    }
    return ok;
  };
  const podOptions = spec.securityContext?.seLinuxOptions;
  if (podOptions && !valid(podOptions)) badSetters.push('pod');
  const badContainers: string[] = [];
  visitContainers(spec, (container) => {
    const options = container.securityContext?.seLinuxOptions;
    if (options && !valid(options)) badContainers.push(container.name);
  });
  if (badContainers.length > 0) {
    badSetters.push(`${containerList(badContainers)}`);
  }
  if (badSetters.length === 0) return ALLOWED;
  const badData: string[] = [];
  const types = sortedSet(badTypes);
  if (types.length > 0) badData.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
  if (setUser) badData.push('user may not be set');
  if (setRole) badData.push('role may not be set');
  return {
    allowed: false,
    forbiddenReason: 'seLinuxOptions',
    forbiddenDetail: `${badSetters.join(' and ')} set forbidden securityContext.seLinuxOptions: ${badData.join('; ')}`,
  };
}

export const checkSELinuxOptions: Check = {
  id: 'seLinuxOptions',
  level: 'baseline',
  versions: [
    { minimumVersion: v1(0), checkPod: (_metadata, spec) => seLinuxOptions(spec, ALLOWED_TYPES_1_0) },
    { minimumVersion: v1(31), checkPod: (_metadata, spec) => seLinuxOptions(spec, ALLOWED_TYPES_1_31) },
  ],
};
