// A Pod's verdict at a level and version, worded as PodSecurity admission words it.
// upstream: admission/admission.go EvaluatePod
import type { Pod } from 'kubernetes-types/core/v1.js';
import { formatLevelVersion, type LevelVersion } from './api.js';
import {
  aggregateCheckResults,
  forbiddenDetail,
  type AggregateCheckResult,
  type CheckResult,
} from './checks.js';
import { newEvaluator, type Evaluator } from './registry.js';

let defaultEvaluator: Evaluator | undefined;
/** The evaluator over upstream's default checks (made on first use: nothing runs at import time). */
export function evaluator(): Evaluator {
  return (defaultEvaluator ??= newEvaluator());
}

export interface CheckOutcome {
  id: string;
  result: CheckResult;
}

export interface PodEvaluation {
  levelVersion: LevelVersion;
  /** Every check that applies, in upstream's order, with its result. */
  checks: CheckOutcome[];
  aggregate: AggregateCheckResult;
}

export function evaluatePod(lv: LevelVersion, pod: Pod): PodEvaluation {
  const metadata = pod.metadata ?? {};
  const spec = pod.spec ?? { containers: [] };
  const checks = evaluator()
    .checksFor(lv)
    .map((check) => ({ id: check.id, result: check.checkPod(metadata, spec) }));
  return { levelVersion: lv, checks, aggregate: aggregateCheckResults(checks.map((check) => check.result)) };
}

/**
 * upstream's message for a Pod that fails: `violates PodSecurity "restricted:latest": ...` when enforced
 * (the API server refuses the Pod), `would violate PodSecurity ...` for warn (a warning) and audit (an audit
 * annotation).
 */
export function violationMessage(
  lv: LevelVersion,
  aggregate: AggregateCheckResult,
  mode: 'enforce' | 'warn' | 'audit',
): string {
  const verb = mode === 'enforce' ? 'violates' : 'would violate';
  return `${verb} PodSecurity "${formatLevelVersion(lv)}": ${forbiddenDetail(aggregate)}`;
}
