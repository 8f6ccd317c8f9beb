// upstream: policy/check_hostPathVolumes.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { isSet, joinQuote, pluralize } from './helpers.js';

export const CHECK_HOST_PATH_VOLUMES_ID = 'hostPathVolumes';

function hostPathVolumes1_0(_metadata: unknown, spec: PodSpec): CheckResult {
  const hostVolumes = (spec.volumes ?? []).filter((volume) => isSet(volume.hostPath)).map((v) => v.name);
  if (hostVolumes.length === 0) return ALLOWED;
  return {
    allowed: false,
    forbiddenReason: 'hostPath volumes',
    forbiddenDetail: `${pluralize('volume', 'volumes', hostVolumes.length)} ${joinQuote(hostVolumes)}`,
  };
}

export const checkHostPathVolumes: Check = {
  id: CHECK_HOST_PATH_VOLUMES_ID,
  level: 'baseline',
  versions: [{ minimumVersion: v1(0), checkPod: hostPathVolumes1_0 }],
};
