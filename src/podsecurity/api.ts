// Pod Security levels, policy versions and the namespace labels that choose them.
// upstream: k8s.io/pod-security-admission v0.31.14 api/constants.go, api/helpers.go
import { quote } from '../util/go/strconv.js';

export const LEVELS = ['privileged', 'baseline', 'restricted'] as const;
export type Level = (typeof LEVELS)[number];

/** A policy version: `v1.N`, or `latest` (newer than any numbered version). */
export type Version = { readonly latest: true } | { readonly latest: false; readonly minor: number };

export const LATEST: Version = { latest: true };
export const v1 = (minor: number): Version => ({ latest: false, minor });

export interface LevelVersion {
  level: Level;
  version: Version;
}

export interface Policy {
  enforce: LevelVersion;
  audit: LevelVersion;
  warn: LevelVersion;
}

export const ENFORCE_LEVEL_LABEL = 'pod-security.kubernetes.io/enforce';
export const ENFORCE_VERSION_LABEL = 'pod-security.kubernetes.io/enforce-version';
export const AUDIT_LEVEL_LABEL = 'pod-security.kubernetes.io/audit';
export const AUDIT_VERSION_LABEL = 'pod-security.kubernetes.io/audit-version';
export const WARN_LEVEL_LABEL = 'pod-security.kubernetes.io/warn';
export const WARN_VERSION_LABEL = 'pod-security.kubernetes.io/warn-version';

// upstream: Version.String
export function formatVersion(version: Version): string {
  return version.latest ? 'latest' : `v1.${version.minor}`;
}

// upstream: LevelVersion.String
export function formatLevelVersion(lv: LevelVersion): string {
  return `${lv.level}:${formatVersion(lv.version)}`;
}

// upstream: Version.Older (latest is newer than everything, even future versions)
export function olderThan(a: Version, b: Version): boolean {
  if (a.latest) return false;
  if (b.latest) return true;
  return a.minor < b.minor;
}

export function sameVersion(a: Version, b: Version): boolean {
  return a.latest ? b.latest : !b.latest && a.minor === b.minor;
}

// upstream: LevelVersion.Equivalent
export function equivalent(a: LevelVersion, b: LevelVersion): boolean {
  return (
    (a.level === 'privileged' && b.level === 'privileged') ||
    (a.level === b.level && sameVersion(a.version, b.version))
  );
}

export type Parsed<T> = { value: T; error?: string };

// upstream: ParseLevel (an invalid level reads as restricted: enforcement fails closed)
export function parseLevel(level: string): Parsed<Level> {
  if ((LEVELS as readonly string[]).includes(level)) return { value: level as Level };
  return { value: 'restricted', error: `must be one of ${LEVELS.join(', ')}` };
}

const VERSION = /^v1\.([0-9]|[1-9][0-9]*)$/;
const INT64_MAX = 2n ** 63n - 1n;

// upstream: ParseVersion (an invalid version reads as latest)
export function parseVersion(version: string): Parsed<Version> {
  if (version === 'latest') return { value: LATEST };
  const match = VERSION.exec(version);
  // Go's strconv.Atoi refuses what does not fit an int64
  if (!match || BigInt(match[1]!) > INT64_MAX) return { value: LATEST, error: 'must be "latest" or "v1.x"' };
  return { value: v1(Number(match[1])) };
}

// upstream: CompareLevels
export function compareLevels(a: Level, b: Level): number {
  return LEVELS.indexOf(a) - LEVELS.indexOf(b);
}

/** What the kube-apiserver uses for a namespace without labels unless configured otherwise. */
export const PRIVILEGED_POLICY: Policy = {
  enforce: { level: 'privileged', version: LATEST },
  audit: { level: 'privileged', version: LATEST },
  warn: { level: 'privileged', version: LATEST },
};

/** upstream: field.Invalid(...).Error() for metadata.labels[label] (the value quoted with %q) */
function invalidLabel(label: string, value: string, detail: string): string {
  return `metadata.labels[${label}]: Invalid value: ${quote(value)}: ${detail}`;
}

/**
 * The policy for a namespace with these labels (upstream: PolicyToEvaluate); `errors` are upstream's field
 * errors for labels it could not parse (it evaluates anyway, with the fallbacks of parseLevel/parseVersion).
 */
export function policyToEvaluate(
  labels: Readonly<Record<string, string>> | undefined,
  defaults: Policy = PRIVILEGED_POLICY,
): { policy: Policy; errors: string[] } {
  const policy: Policy = {
    enforce: { ...defaults.enforce },
    audit: { ...defaults.audit },
    warn: { ...defaults.warn },
  };
  const errors: string[] = [];
  if (!labels || Object.keys(labels).length === 0) return { policy, errors };
  const has = (label: string): boolean => Object.hasOwn(labels, label);
  const level = (label: string): Parsed<Level> => {
    const parsed = parseLevel(labels[label]!);
    if (parsed.error) errors.push(invalidLabel(label, labels[label]!, parsed.error));
    return parsed;
  };
  const version = (label: string): Version => {
    const parsed = parseVersion(labels[label]!);
    if (parsed.error) errors.push(invalidLabel(label, labels[label]!, parsed.error));
    return parsed.value;
  };
  let hasEnforceLevel = false;
  if (has(ENFORCE_LEVEL_LABEL)) {
    const parsed = level(ENFORCE_LEVEL_LABEL);
    policy.enforce.level = parsed.value;
    hasEnforceLevel = parsed.error === undefined;
  }
  if (has(ENFORCE_VERSION_LABEL)) policy.enforce.version = version(ENFORCE_VERSION_LABEL);
  if (has(AUDIT_LEVEL_LABEL)) {
    const parsed = level(AUDIT_LEVEL_LABEL);
    policy.audit.level = parsed.error ? 'privileged' : parsed.value; // fails open
  }
  if (has(AUDIT_VERSION_LABEL)) policy.audit.version = version(AUDIT_VERSION_LABEL);
  const hasWarnLevel = has(WARN_LEVEL_LABEL);
  if (hasWarnLevel) {
    const parsed = level(WARN_LEVEL_LABEL);
    policy.warn.level = parsed.error ? 'privileged' : parsed.value; // fails open
  }
  const hasWarnVersion = has(WARN_VERSION_LABEL);
  if (hasWarnVersion) policy.warn.version = version(WARN_VERSION_LABEL);
  // warn defaults to an explicitly set enforce level that is more restrictive
  if (!hasWarnLevel && hasEnforceLevel && compareLevels(policy.enforce.level, policy.warn.level) > 0) {
    policy.warn.level = policy.enforce.level;
    if (!hasWarnVersion) policy.warn.version = policy.enforce.version;
  }
  return { policy, errors };
}

/** upstream: utilerrors.NewAggregate(...).Error() of the label errors */
export function aggregateErrors(errors: string[]): string {
  return errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`;
}
