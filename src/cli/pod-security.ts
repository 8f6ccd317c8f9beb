// Pod Security for `render` and `lint`: the verdict on each rendered launcher Pod (src/podsecurity) under the
// policy of its Namespace (from --objects), else under --pod-security, as problems located in the document.
import type { InputProblem } from '../errors.js';
import { UsageError } from '../errors.js';
import type { LevelVersion } from '../podsecurity/api.js';
import {
  parsePodSecurityFlag,
  podSecurityVerdict,
  resolvePolicy,
  type FieldPath,
  type PodSecurityVerdict,
} from '../podsecurity/launcher-pod.js';
import type { ClusterState } from '../state/cluster-state.js';
import type { Pod } from '../types/k8s.js';
import type { RenderTarget } from './inputs.js';

/** `--pod-security LEVEL[:VERSION]`: the cluster's default enforce level (undefined: none). */
export function parsePodSecurityOption(value: string | undefined): LevelVersion | undefined {
  if (value === undefined) return undefined;
  const parsed = parsePodSecurityFlag(value);
  if (typeof parsed === 'string') throw new UsageError(parsed);
  return parsed;
}

/** The verdict on a rendered Pod, or undefined when no policy applies (no Namespace, no --pod-security). */
export function checkPodSecurity(
  pod: Pod,
  target: RenderTarget,
  state: ClusterState,
  defaultEnforce: LevelVersion | undefined,
  defaultNamespace: string,
): PodSecurityVerdict | undefined {
  const document = target.document as {
    kind?: string;
    metadata?: { namespace?: string };
    spec?: { template?: object };
  };
  // the launcher Pod is created in the VMI's namespace (the rendered Pod does not name it)
  const namespace = pod.metadata?.namespace || document.metadata?.namespace || defaultNamespace;
  const resolved = resolvePolicy(state.getNamespace(namespace), defaultEnforce);
  if (!resolved) return undefined;
  const isVM = document.kind === 'VirtualMachine';
  const vmi = (isVM ? document.spec?.template : document) ?? {};
  return podSecurityVerdict(pod, resolved, vmi, isVM ? ['spec', 'template'] : []);
}

const LEAD = {
  enforce: 'PodSecurity admission would refuse the launcher Pod',
  warn: 'PodSecurity admission would warn about the launcher Pod',
  audit: 'PodSecurity admission would audit the launcher Pod',
} as const;

/**
 * The verdict as problems, each at the VMI field it comes from: enforce violations with `enforceSeverity`
 * (`lint`: error, `render`: warning), warn and audit ones and unparsable Namespace labels as warnings.
 */
export function podSecurityProblems(
  verdict: PodSecurityVerdict | undefined,
  target: RenderTarget,
  file: string,
  enforceSeverity: 'error' | 'warning',
): InputProblem[] {
  if (!verdict) return [];
  const at = (path: FieldPath) => ({ file, ...target.source.locate([...target.path, ...path]) });
  const problems: InputProblem[] = verdict.labelErrors.map((error) => ({
    location: at([]),
    path: '',
    message: `PodSecurity admission: Failed to parse policy: ${error}`,
    severity: 'warning',
    stage: 'pod-security',
  }));
  for (const violation of verdict.violations) {
    problems.push({
      location: at(violation.location.path),
      path: violation.location.text,
      message: `${LEAD[violation.mode]}: ${violation.message}`,
      severity: violation.mode === 'enforce' ? enforceSeverity : 'warning',
      stage: 'pod-security',
    });
  }
  return problems;
}
