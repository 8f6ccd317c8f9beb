// A check, its result, and the aggregate PodSecurity admission words its verdict from.
// upstream: policy/checks.go
import type { ObjectMeta } from 'kubernetes-types/meta/v1.js';
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import type { Version } from './api.js';

export interface CheckResult {
  allowed: boolean;
  /** Set when not allowed: as succinct as possible ("host ports"). */
  forbiddenReason?: string;
  /** Optional detail when not allowed ("containers "a", "b" must ..."). */
  forbiddenDetail?: string;
}

export type CheckPod = (metadata: ObjectMeta, spec: PodSpec) => CheckResult;

export interface VersionedCheck {
  /** The first policy version this revision of the check applies to. */
  minimumVersion: Version;
  checkPod: CheckPod;
  /** Baseline checks this (restricted) check replaces. */
  overrideCheckIDs?: string[];
}

export interface Check {
  id: string;
  level: 'baseline' | 'restricted';
  /** Strictly increasing minimum versions. */
  versions: VersionedCheck[];
}

export const ALLOWED: CheckResult = { allowed: true };

export interface AggregateCheckResult {
  allowed: boolean;
  forbiddenReasons: string[];
  forbiddenDetails: string[];
}

// upstream: UnknownForbiddenReason
export const UNKNOWN_FORBIDDEN_REASON = 'unknown forbidden reason';

// upstream: AggregateCheckResults
export function aggregateCheckResults(results: readonly CheckResult[]): AggregateCheckResult {
  const forbiddenReasons: string[] = [];
  const forbiddenDetails: string[] = [];
  for (const result of results) {
    if (result.allowed) continue;
    forbiddenReasons.push(result.forbiddenReason || UNKNOWN_FORBIDDEN_REASON);
    forbiddenDetails.push(result.forbiddenDetail ?? '');
  }
  return { allowed: forbiddenReasons.length === 0, forbiddenReasons, forbiddenDetails };
}

// upstream: AggregateCheckResult.ForbiddenReason
export function forbiddenReason(aggregate: AggregateCheckResult): string {
  return aggregate.forbiddenReasons.join(', ');
}

// upstream: AggregateCheckResult.ForbiddenDetail ("host ports (8080, 9090), privileged, ...")
export function forbiddenDetail(aggregate: AggregateCheckResult): string {
  return aggregate.forbiddenReasons
    .map((reason, i) => {
      const detail = aggregate.forbiddenDetails[i];
      return detail ? `${reason} (${detail})` : reason;
    })
    .join(', ');
}
