// Which checks apply to a level and version, in the order their reasons are reported.
// upstream: policy/registry.go (checkRegistry, populate, inflateVersions), policy/checks.go DefaultChecks
import type { ObjectMeta } from 'kubernetes-types/meta/v1.js';
import type { PodSpec } from 'kubernetes-types/core/v1.js';
import { olderThan, v1, type LevelVersion, type Version } from './api.js';
import type { Check, CheckPod, CheckResult, VersionedCheck } from './checks.js';
import { compareGoStrings } from './helpers.js';
import { checkAllowPrivilegeEscalation } from './check-allow-privilege-escalation.js';
import { checkAppArmorProfile } from './check-app-armor-profile.js';
import { checkCapabilitiesBaseline } from './check-capabilities-baseline.js';
import { checkCapabilitiesRestricted } from './check-capabilities-restricted.js';
import { checkHostNamespaces } from './check-host-namespaces.js';
import { checkHostPathVolumes } from './check-host-path-volumes.js';
import { checkHostPorts } from './check-host-ports.js';
import { checkPrivileged } from './check-privileged.js';
import { checkProcMount } from './check-proc-mount.js';
import { checkRestrictedVolumes } from './check-restricted-volumes.js';
import { checkRunAsNonRoot } from './check-run-as-non-root.js';
import { checkRunAsUser } from './check-run-as-user.js';
import { checkSELinuxOptions } from './check-se-linux-options.js';
import { checkSeccompBaseline } from './check-seccomp-profile-baseline.js';
import { checkSeccompProfileRestricted } from './check-seccomp-profile-restricted.js';
import { checkSysctls } from './check-sysctls.js';
import { checkWindowsHostProcess } from './check-windows-host-process.js';

/** Every check of k8s.io/pod-security-admission v0.31.14 (all are assigned to a version: none experimental). */
export const DEFAULT_CHECKS: readonly Check[] = [
  checkAllowPrivilegeEscalation,
  checkAppArmorProfile,
  checkCapabilitiesBaseline,
  checkCapabilitiesRestricted,
  checkHostNamespaces,
  checkHostPathVolumes,
  checkHostPorts,
  checkPrivileged,
  checkProcMount,
  checkRestrictedVolumes,
  checkRunAsNonRoot,
  checkRunAsUser,
  checkSELinuxOptions,
  checkSeccompBaseline,
  checkSeccompProfileRestricted,
  checkSysctls,
  checkWindowsHostProcess,
];

/** A check as it applies at one version: its id and the revision in force. */
export interface AppliedCheck {
  id: string;
  level: 'baseline' | 'restricted';
  checkPod: CheckPod;
}

export interface Evaluator {
  /** The newest minimum version of any check: a newer version (and `latest`) evaluates as this one. */
  readonly maxVersion: Version & { latest: false };
  /** The checks of a level at a version, baseline ones first, each group ordered by ID. */
  checksFor(lv: LevelVersion): AppliedCheck[];
  evaluatePod(lv: LevelVersion, metadata: ObjectMeta, spec: PodSpec): CheckResult[];
}

const minorOf = (version: Version): number => (version.latest ? Infinity : version.minor);

// upstream: validateChecks
function validateChecks(checks: readonly Check[]): void {
  const levels = new Map<string, string>();
  for (const check of checks) {
    if (levels.has(check.id)) throw new Error(`multiple checks registered for ID ${check.id}`);
    levels.set(check.id, check.level);
    if (check.versions.length === 0) throw new Error(`check ${check.id}: empty`);
    let previous = -1;
    for (const revision of check.versions) {
      if (revision.minimumVersion.latest) throw new Error(`check ${check.id}: version cannot be 'latest'`);
      if (revision.minimumVersion.minor <= previous) {
        throw new Error(`check ${check.id}: versions must be strictly increasing`);
      }
      previous = revision.minimumVersion.minor;
    }
  }
  for (const check of checks) {
    for (const revision of check.versions) {
      if (!revision.overrideCheckIDs?.length) continue;
      if (check.level !== 'restricted')
        throw new Error(`check ${check.id}: only restricted checks may set overrides`);
      for (const id of revision.overrideCheckIDs) {
        const level = levels.get(id);
        if (level !== undefined && level !== 'baseline') {
          throw new Error(`check ${check.id}: overrides ${level} check ${id}`);
        }
      }
    }
  }
}

/** The revision of a check in force at a minor version, if the check exists there. */
function revisionAt(check: Check, minor: number): VersionedCheck | undefined {
  let found: VersionedCheck | undefined;
  for (const revision of check.versions) {
    if (minorOf(revision.minimumVersion) <= minor) found = revision;
  }
  return found;
}

// upstream: NewEvaluator (the per-version tables are built on first use of a version)
export function newEvaluator(checks: readonly Check[] = DEFAULT_CHECKS): Evaluator {
  validateChecks(checks);
  const maxMinor = Math.max(
    ...checks.map((check) => minorOf(check.versions[check.versions.length - 1]!.minimumVersion)),
  );
  const maxVersion = v1(maxMinor) as Version & { latest: false };
  const byId = (a: Check, b: Check): number => compareGoStrings(a.id, b.id);
  const ordered = [
    ...checks.filter((check) => check.level === 'baseline').sort(byId),
    ...checks.filter((check) => check.level === 'restricted').sort(byId),
  ];
  const tables = new Map<string, AppliedCheck[]>();

  const checksFor = (lv: LevelVersion): AppliedCheck[] => {
    if (lv.level === 'privileged') return [];
    const minor = olderThan(maxVersion, lv.version) ? maxMinor : minorOf(lv.version);
    const key = `${lv.level}:${minor}`;
    let table = tables.get(key);
    if (table) return table;
    const applied = ordered.flatMap((check) => {
      const revision = revisionAt(check, minor);
      return revision ? [{ check, revision }] : [];
    });
    // a restricted check in force replaces the baseline checks it overrides
    const overridden = new Set(
      applied
        .filter(({ check }) => check.level === 'restricted')
        .flatMap(({ revision }) => revision.overrideCheckIDs ?? []),
    );
    table = applied
      .filter(({ check }) =>
        lv.level === 'baseline'
          ? check.level === 'baseline'
          : !(check.level === 'baseline' && overridden.has(check.id)),
      )
      .map(({ check, revision }) => ({ id: check.id, level: check.level, checkPod: revision.checkPod }));
    tables.set(key, table);
    return table;
  };

  return {
    maxVersion,
    checksFor,
    evaluatePod: (lv, metadata, spec) => checksFor(lv).map((check) => check.checkPod(metadata, spec)),
  };
}
