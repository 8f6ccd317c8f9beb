// What the API server would refuse in a Pod we print, where upstream itself produces such a Pod (we keep
// upstream's Pod and say so). Only rules a rendered Pod has been seen to break are checked.
// upstream (Kubernetes): pkg/apis/core/validation/validation.go ValidateSecurityContext
import type { Pod } from './types/k8s.js';

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
  const refusals: PodRefusal[] = [];
  const spec = pod.spec;
  if (!spec) return refusals;
  const lists = [
    ['initContainers', spec.initContainers],
    ['containers', spec.containers],
  ] as const;
  for (const [list, containers] of lists) {
    (containers ?? []).forEach((container, index) => {
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
