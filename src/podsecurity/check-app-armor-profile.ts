// upstream: policy/check_appArmorProfile.go
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import type { ObjectMeta } from 'kubernetes-types/meta/v1.js';
import { quote } from '../util/go/strconv.js';
import { v1 } from './api.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import {
  compareGoStrings,
  containerList,
  joinQuote,
  pluralize,
  sortedSet,
  visitContainers,
} from './helpers.js';

const ANNOTATION_KEY_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

function allowedAnnotationValue(profile: string): boolean {
  return profile.length === 0 || profile === 'runtime/default' || profile.startsWith('localhost/');
}

const allowedProfileType = (type: string | undefined): boolean =>
  type === 'RuntimeDefault' || type === 'Localhost';

function appArmorProfile1_0(metadata: ObjectMeta, spec: PodSpec): CheckResult {
  const badSetters: string[] = [];
  const badValues: string[] = [];
  const profile = spec.securityContext?.appArmorProfile;
  if (profile && !allowedProfileType(profile.type)) {
    badSetters.push('pod');
    badValues.push(profile.type ?? '');
  }
  const badContainers: string[] = [];
  visitContainers(spec, (container) => {
    const containerProfile = container.securityContext?.appArmorProfile;
    if (containerProfile && !allowedProfileType(containerProfile.type)) {
      badContainers.push(container.name);
      badValues.push(containerProfile.type ?? '');
    }
  });
  if (badContainers.length > 0) {
    badSetters.push(`${containerList(badContainers)}`);
  }
  const forbiddenAnnotations: string[] = [];
  for (const [key, value] of Object.entries(metadata.annotations ?? {})) {
    if (key.startsWith(ANNOTATION_KEY_PREFIX) && !allowedAnnotationValue(value)) {
      forbiddenAnnotations.push(`${key}=${quote(value)}`);
    }
  }
  const badValueList = sortedSet(badValues);
  if (forbiddenAnnotations.length > 0) {
    badValueList.push(...forbiddenAnnotations.sort(compareGoStrings));
    badSetters.push(pluralize('annotation', 'annotations', forbiddenAnnotations.length));
  }
  if (badSetters.length === 0) return ALLOWED;
  return {
    allowed: false,
    forbiddenReason: pluralize(
      'forbidden AppArmor profile',
      'forbidden AppArmor profiles',
      badValueList.length,
    ),
    forbiddenDetail: `${badSetters.join(' and ')} must not set AppArmor profile type to ${joinQuote(badValueList)}`,
  };
}

export const checkAppArmorProfile: Check = {
  id: 'appArmorProfile',
  level: 'baseline',
  versions: [{ minimumVersion: v1(0), checkPod: appArmorProfile1_0 }],
};
