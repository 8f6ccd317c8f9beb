// What the API server would refuse in a Pod we print, where upstream itself produces such a Pod (we keep
// upstream's Pod and say so). Only rules a rendered Pod has been seen to break are checked: the security
// context (v1.4.0's ppc64le Pod), label keys (v1.9.0's persistent-reservation label `pr.kubevirt.io/`), a
// container without an image (a kernel-boot container with args only), a request above its limit (support
// containers whose configured request exceeds the limit), a DNS option without a name (the VMI's own) and
// the compute container's DRA claims (v1.9.0: a GPU or host device whose claim request names no claim).
// upstream (Kubernetes v1.31 and v1.34 alike): pkg/apis/core/validation/validation.go ValidateSecurityContext,
// ValidateObjectMeta, validatePodAffinityTerm (unversioned LabelSelector keys), validateContainers (image),
// ValidateContainerResourceRequirements (requests <= limits, validateResourceClaimNames),
// validatePodDNSConfig (options)
import type { Pod } from './types/k8s.js';
import { objectMetaIssues } from './schema/object-meta.js';
import { isDNS1123Label, isQualifiedName } from './util/validation.js';
import { formatPath } from './schema/validate.js';
import { Quantity } from './quantity/quantity.js';

export interface PodRefusal {
  /** The Pod's field, e.g. `spec.containers[0].securityContext`. */
  field: string;
  message: string;
}

interface SecurityContextLike {
  privileged?: boolean | null;
  allowPrivilegeEscalation?: boolean | null;
  capabilities?: { add?: readonly string[] | null } | null;
}

/** Causes for which kube-apiserver's Pod validation would refuse to create the Pod. */
export function podRefusals(pod: Pod): PodRefusal[] {
  const refusals: PodRefusal[] = objectMetaIssues('Pod', pod).map((issue) => ({
    field: formatPath(issue.path),
    message: issue.message,
  }));
  const spec = pod.spec;
  if (!spec) return refusals;
  const affinity = spec.affinity;
  for (const [kind, terms] of [
    ['podAffinity', affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution],
    ['podAntiAffinity', affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution],
  ] as const) {
    (terms ?? []).forEach((term, index) => {
      (term.labelSelector?.matchExpressions ?? []).forEach((expression, at) => {
        const field = `spec.affinity.${kind}.requiredDuringSchedulingIgnoredDuringExecution[${index}].labelSelector.matchExpressions[${at}].key`;
        for (const error of isQualifiedName(expression.key))
          refusals.push({ field, message: `Invalid value: ${JSON.stringify(expression.key)}: ${error}` });
      });
    });
  }
  (spec.dnsConfig?.options ?? []).forEach((option, index) => {
    if (!option.name)
      refusals.push({
        field: `spec.dnsConfig.options[${index}]`,
        message: 'Required value: must not be empty',
      });
  });
  // upstream: gatherPodResourceClaimNames
  const podClaimNames = new Set((spec.resourceClaims ?? []).map((claim) => claim.name).filter(Boolean));
  const lists = [
    ['initContainers', spec.initContainers],
    ['containers', spec.containers],
  ] as const;
  for (const [list, containers] of lists) {
    (containers ?? []).forEach((container, index) => {
      if (!container.image)
        refusals.push({ field: `spec.${list}[${index}].image`, message: 'Required value' });
      for (const message of requestsAboveLimits(container.resources))
        refusals.push({ field: `spec.${list}[${index}].resources.requests`, message });
      refusals.push(
        ...resourceClaimNameRefusals(
          container.resources?.claims,
          podClaimNames,
          `spec.${list}[${index}].resources.claims`,
        ),
      );
      const context = container.securityContext as SecurityContextLike | undefined;
      if (context?.allowPrivilegeEscalation !== false) return;
      const field = `spec.${list}[${index}].securityContext`;
      if (context.privileged === true)
        refusals.push({
          field,
          message: 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true',
        });
      for (const capability of context.capabilities?.add ?? []) {
        if (capability === 'CAP_SYS_ADMIN')
          refusals.push({
            field,
            message: 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN',
          });
      }
    });
  }
  return refusals;
}

/**
 * Each request above the limit of the same resource, as the API server words it:
 * `Invalid value: "1": must be less than or equal to cpu limit of 10m`. (Every Pod we print comes here: a
 * request written as its limit is not parsed.)
 */
function requestsAboveLimits(
  resources: { requests?: Record<string, unknown>; limits?: Record<string, unknown> } | undefined,
): string[] {
  const messages: string[] = [];
  const requests = resources?.requests;
  if (!requests) return messages;
  for (const [name, limitValue] of Object.entries(resources.limits ?? {})) {
    const requestValue = requests[name];
    if (requestValue === undefined || requestValue === limitValue) continue;
    const request = Quantity.tryParse(requestValue);
    const limit = Quantity.tryParse(limitValue);
    if (request === undefined || limit === undefined || request.cmp(limit) <= 0) continue;
    messages.push(
      `Invalid value: ${JSON.stringify(request.toString())}: must be less than or equal to ${name} limit of ${limit.toString()}`,
    );
  }
  return messages;
}

/**
 * upstream: validateResourceClaimNames. Each container claim names a claim of the Pod's
 * spec.resourceClaims, once (a claim as a whole, or each of its requests once).
 */
function resourceClaimNameRefusals(
  claims: readonly { name?: string; request?: string }[] | undefined,
  podClaimNames: ReadonlySet<string>,
  field: string,
): PodRefusal[] {
  const refusals: PodRefusal[] = [];
  const seen = new Set<string>();
  (claims ?? []).forEach((claim, index) => {
    const at = `${field}[${index}]`;
    const name = claim.name ?? '';
    if (name === '') {
      refusals.push({ field: at, message: 'Required value' });
      return;
    }
    const duplicate = (value: string): void => {
      refusals.push({ field: at, message: `Duplicate value: ${JSON.stringify(value)}` });
    };
    if (seen.has(name)) {
      duplicate(name); // every request of that claim is referenced already
    } else {
      const request = claim.request ?? '';
      let key = name;
      if (request !== '') {
        for (const error of isDNS1123Label(request))
          refusals.push({
            field: `${at}.request`,
            message: `Invalid value: ${JSON.stringify(request)}: ${error}`,
          });
        key += `/${request}`;
      }
      if (seen.has(key)) duplicate(key);
      else if (request === '') {
        // a whole claim after one of its requests
        for (const earlier of seen) if (earlier.startsWith(`${name}/`)) duplicate(name);
      }
      seen.add(key);
    }
    if (!podClaimNames.has(name)) {
      const names = [...podClaimNames].sort();
      const detail = names.length === 0 ? ' which is empty' : `: ${names.join(', ')}`;
      refusals.push({
        field: at,
        message: `Not found: ${JSON.stringify(name)}: must be one of the names in pod.spec.resourceClaims${detail}`,
      });
    }
  });
  return refusals;
}
