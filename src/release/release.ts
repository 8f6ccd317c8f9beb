// The KubeVirt releases vmi-render reproduces, and how one is chosen. Everything that differs between
// releases consults the release a ClusterConfig carries (`config.release`), at the place where upstream
// diverges: `release.atLeast('v1.9.0')` reads "from v1.9.0 on". Adding a release: see docs/RELEASES.md.

/** Every release reproduced exactly, oldest first. */
export const KUBEVIRT_VERSIONS = ['v1.4.0', 'v1.9.0'] as const;
export type KubeVirtVersion = (typeof KUBEVIRT_VERSIONS)[number];

interface ReleaseFacts {
  /** The Kubernetes minor this release is built against (k8s.io/api in its go.mod). */
  readonly kubernetes: string;
  /** When upstream tagged it. */
  readonly date: string;
}

const FACTS: Record<KubeVirtVersion, ReleaseFacts> = {
  'v1.4.0': { kubernetes: 'v1.31', date: '2024-11-13' },
  'v1.9.0': { kubernetes: 'v1.34', date: '2026-07-15' },
};

/** [major, minor, patch] of a `vX.Y.Z` tag. */
function versionNumbers(version: string): [number, number, number] | undefined {
  const match = /^v(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** The position of a supported release among KUBEVIRT_VERSIONS (oldest first): their order. */
const ORDER: ReadonlyMap<KubeVirtVersion, number> = new Map(
  KUBEVIRT_VERSIONS.map((version, index) => [version, index]),
);

export class KubeVirtRelease {
  private constructor(
    readonly version: KubeVirtVersion,
    readonly facts: ReleaseFacts,
  ) {}

  private static readonly all = new Map<KubeVirtVersion, KubeVirtRelease>(
    KUBEVIRT_VERSIONS.map((version) => [version, new KubeVirtRelease(version, FACTS[version])]),
  );

  static of(version: KubeVirtVersion): KubeVirtRelease {
    return KubeVirtRelease.all.get(version)!;
  }

  /** True for `version` and every later release: the branch that upstream took from `version` on. */
  atLeast(version: KubeVirtVersion): boolean {
    return ORDER.get(this.version)! >= ORDER.get(version)!;
  }

  /** True for every release before `version`. */
  before(version: KubeVirtVersion): boolean {
    return !this.atLeast(version);
  }

  toString(): string {
    return this.version;
  }
}

export const SUPPORTED_RELEASES: readonly KubeVirtRelease[] = KUBEVIRT_VERSIONS.map((version) =>
  KubeVirtRelease.of(version),
);
export const NEWEST_RELEASE: KubeVirtRelease = SUPPORTED_RELEASES[SUPPORTED_RELEASES.length - 1]!;

export interface ReleaseMatch {
  release: KubeVirtRelease;
  /** Set when `version` is a patch release of a supported minor that is not itself reproduced. */
  warning?: string;
}

/**
 * The supported release a version names: itself, or the reproduced release of its minor (with a warning).
 * A leading `v` may be left out. undefined: no supported release of that minor.
 */
export function matchRelease(version: string): ReleaseMatch | undefined {
  const normalized = version.startsWith('v') ? version : `v${version}`;
  const numbers = versionNumbers(normalized);
  if (!numbers) return undefined;
  const exact = SUPPORTED_RELEASES.find((release) => release.version === normalized);
  if (exact) return { release: exact };
  const sameMinor = SUPPORTED_RELEASES.find((release) => {
    const [major, minor] = versionNumbers(release.version)!;
    return major === numbers[0] && minor === numbers[1];
  });
  if (!sameMinor) return undefined;
  return {
    release: sameMinor,
    warning: `KubeVirt ${normalized} is not reproduced exactly; rendering as ${sameMinor.version}, the supported release of its minor`,
  };
}

/** What the usage error for an unsupported version says. */
export function unsupportedVersionMessage(version: string): string {
  return `KubeVirt ${version} is not supported; supported releases: ${KUBEVIRT_VERSIONS.join(', ')} (a patch release of one of their minors renders as that release)`;
}

/** Where the release came from, for messages. */
export type ReleaseSource = 'flag' | 'status.observedKubeVirtVersion' | 'spec.imageTag' | 'default';

export interface ChosenRelease extends ReleaseMatch {
  source: ReleaseSource;
}

interface KubeVirtLike {
  spec?: { imageTag?: unknown };
  status?: { observedKubeVirtVersion?: unknown };
}

/**
 * The release to reproduce: the flag; else the KubeVirt CR's status.observedKubeVirtVersion (what
 * `kubectl get kubevirt -o yaml` prints); else spec.imageTag if it names a supported release; else the newest.
 * An unsupported flag or observed version is `{ unsupported }` (a usage error for the caller).
 */
export function chooseRelease(
  flag: string | undefined,
  kubevirt: KubeVirtLike | undefined,
): ChosenRelease | { unsupported: string; source: ReleaseSource } {
  if (flag !== undefined) {
    const match = matchRelease(flag);
    return match ? { ...match, source: 'flag' } : { unsupported: flag, source: 'flag' };
  }
  const observed = kubevirt?.status?.observedKubeVirtVersion;
  if (typeof observed === 'string' && observed !== '') {
    const match = matchRelease(observed);
    return match
      ? { ...match, source: 'status.observedKubeVirtVersion' }
      : { unsupported: observed, source: 'status.observedKubeVirtVersion' };
  }
  const tag = kubevirt?.spec?.imageTag;
  if (typeof tag === 'string' && tag !== '') {
    const match = matchRelease(tag);
    if (match) return { ...match, source: 'spec.imageTag' };
  }
  return { release: NEWEST_RELEASE, source: 'default' };
}
