// upstream: policy/check_seccompProfile_baseline.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import type { ObjectMeta } from 'kubernetes-types/meta/v1.js';
import { quote } from '../util/go/strconv.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { containerList, joinQuote, pluralize, sortedSet, visitContainers } from './helpers.js';

const ANNOTATION_KEY_POD = 'seccomp.security.alpha.kubernetes.io/pod';
const ANNOTATION_KEY_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';

export const CHECK_SECCOMP_BASELINE_ID = 'seccompProfile_baseline';

export const validSeccomp = (type: string | undefined): boolean =>
  type === 'Localhost' || type === 'RuntimeDefault';

const validAnnotationValue = (value: string): boolean =>
  value === 'runtime/default' || value === 'docker/default' || value.startsWith('localhost/');

function seccompProfileBaseline1_0(metadata: ObjectMeta, spec: PodSpec): CheckResult {
  const annotations = metadata.annotations ?? {};
  const forbidden: string[] = [];
  const inspect = (key: string): void => {
    if (Object.hasOwn(annotations, key) && !validAnnotationValue(annotations[key]!)) {
      forbidden.push(`${key}=${quote(annotations[key]!)}`);
    }
  };
  inspect(ANNOTATION_KEY_POD);
  visitContainers(spec, (container) => inspect(ANNOTATION_KEY_CONTAINER_PREFIX + container.name));
  const list = sortedSet(forbidden);
  if (list.length === 0) return ALLOWED;
  return {
    allowed: false,
    forbiddenReason: 'seccompProfile',
    forbiddenDetail: `forbidden ${pluralize('annotation', 'annotations', list.length)} ${list.join(', ')}`,
  };
}

function seccompProfileBaseline1_19(_metadata: ObjectMeta, spec: PodSpec): CheckResult {
  const badSetters: string[] = [];
  const badValues: string[] = [];
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile && !validSeccomp(podProfile.type)) {
    badSetters.push('pod');
    badValues.push(podProfile.type ?? '');
  }
  const explicitlyBad: string[] = [];
  visitContainers(spec, (container) => {
    const profile = container.securityContext?.seccompProfile;
    if (profile && !validSeccomp(profile.type)) {
      explicitlyBad.push(container.name);
      badValues.push(profile.type ?? '');
    }
  });
  if (explicitlyBad.length > 0) {
    badSetters.push(`${containerList(explicitlyBad)}`);
  }
  if (badSetters.length === 0) return ALLOWED;
  return {
    allowed: false,
    forbiddenReason: 'seccompProfile',
    forbiddenDetail: `${badSetters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(badValues))}`,
  };
}

export const checkSeccompBaseline: Check = {
  id: CHECK_SECCOMP_BASELINE_ID,
  level: 'baseline',
  versions: [
    { minimumVersion: v1(0), checkPod: seccompProfileBaseline1_0 },
    { minimumVersion: v1(19), checkPod: seccompProfileBaseline1_19 },
  ],
};
