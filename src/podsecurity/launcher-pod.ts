// The Pod Security verdict on a rendered launcher Pod: which policy applies (the Namespace's labels, else the
// cluster default given on the command line), what PodSecurity admission would say in each mode, and the
// field of the VMI that led to each violation (which container or volume of the Pod it concerns).
import type { Container, Namespace, Pod, Volume } from 'kubernetes-types/core/v1.js';
import {
  aggregateErrors,
  equivalent,
  parseLevel,
  parseVersion,
  policyToEvaluate,
  PRIVILEGED_POLICY,
  type LevelVersion,
  type Policy,
} from './api.js';
import { aggregateCheckResults, type CheckResult } from './checks.js';
import { evaluatePod, violationMessage, type PodEvaluation } from './evaluate.js';

export type Mode = 'enforce' | 'warn' | 'audit';
export type FieldPath = (string | number)[];

/** A field of the VMI as written (a VM's template), where one part of a verdict comes from. */
export interface Location {
  /** [] for the document itself (a cluster setting, or the VMI as a whole). */
  path: FieldPath;
  /** The path as text (`spec.domain.devices.filesystems[0]`); '' for the document. */
  text: string;
}

export interface PodSecurityViolation {
  mode: Mode;
  levelVersion: LevelVersion;
  location: Location;
  /**
   * upstream's message about the containers and volumes of the Pod that come from this location (and, at the
   * document, about the Pod as a whole): `violates PodSecurity "restricted:latest": ...`.
   */
  message: string;
}

export interface PodSecurityVerdict {
  policy: Policy;
  /** upstream's "Failed to parse policy" errors for the Namespace's labels (it evaluates anyway). */
  labelErrors: string[];
  /** upstream's message for the whole Pod, per mode that fails (warn only when enforce admits). */
  messages: { mode: Mode; levelVersion: LevelVersion; message: string }[];
  violations: PodSecurityViolation[];
}

/** `--pod-security LEVEL[:VERSION]` (VERSION: v1.N or latest; default latest). */
export function parsePodSecurityFlag(value: string): LevelVersion | string {
  const [levelText, versionText, ...rest] = value.split(':');
  const level = parseLevel(levelText ?? '');
  if (level.error || rest.length > 0) {
    return `--pod-security must be LEVEL[:VERSION] with LEVEL one of privileged, baseline, restricted (got ${JSON.stringify(value)})`;
  }
  const version = parseVersion(versionText ?? 'latest');
  if (version.error) {
    return `--pod-security: the version must be "latest" or "v1.x" (got ${JSON.stringify(versionText)})`;
  }
  return { level: level.value, version: version.value };
}

/**
 * The policy PodSecurity admission applies in a namespace: the Namespace's labels over the cluster default
 * (`defaultEnforce`: the AdmissionConfiguration's `defaults.enforce`; audit and warn default to privileged).
 * undefined: nothing to check (no Namespace object and no default).
 */
export function resolvePolicy(
  namespace: Namespace | undefined,
  defaultEnforce: LevelVersion | undefined,
): { policy: Policy; errors: string[] } | undefined {
  if (!namespace && !defaultEnforce) return undefined;
  const defaults: Policy = defaultEnforce
    ? { ...PRIVILEGED_POLICY, enforce: defaultEnforce }
    : PRIVILEGED_POLICY;
  return policyToEvaluate(namespace?.metadata?.labels, defaults);
}

interface VmiShape {
  metadata?: { annotations?: Record<string, string> };
  spec?: {
    volumes?: { name?: string; containerDisk?: unknown }[];
    domain?: {
      firmware?: { kernelBoot?: { container?: unknown } };
      devices?: { filesystems?: { name?: string }[]; interfaces?: { binding?: unknown }[] };
    };
  };
}

const HOOK_SIDECARS_ANNOTATION = 'hooks.kubevirt.io/hookSidecars';
const KERNEL_BOOT_CONTAINER = 'volumekernel-boot-volume';

function formatPath(path: FieldPath): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else if (part.includes('.') || part.includes('/')) text += `[${part}]`;
    else text += text ? `.${part}` : part;
  }
  return text;
}

function hookSidecarCount(annotations: Record<string, string> | undefined): number {
  const value = annotations?.[HOOK_SIDECARS_ANNOTATION];
  if (value === undefined) return 0;
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

/** Where the containers and volumes of a launcher Pod come from, in the document as written. */
class Locator {
  private readonly spec: NonNullable<VmiShape['spec']>;
  constructor(
    private readonly vmi: VmiShape,
    /** the VMI's place in the document: [] for a VMI, ['spec', 'template'] for a VM */
    private readonly base: FieldPath,
  ) {
    this.spec = vmi.spec ?? {};
  }

  private at(...path: FieldPath): Location {
    const full = [...this.base, ...path];
    return { path: full, text: formatPath(full) };
  }

  private volumeIndex(predicate: (volume: { name?: string; containerDisk?: unknown }) => boolean): number {
    return (this.spec.volumes ?? []).findIndex(predicate);
  }

  container(name: string): Location | undefined {
    const filesystems = this.spec.domain?.devices?.filesystems ?? [];
    if (name.startsWith('virtiofs-')) {
      const index = filesystems.findIndex((fs) => `virtiofs-${fs.name}` === name);
      if (index >= 0) return this.at('spec', 'domain', 'devices', 'filesystems', index);
    }
    const kernelBoot = this.spec.domain?.firmware?.kernelBoot;
    if (name === KERNEL_BOOT_CONTAINER || name === `${KERNEL_BOOT_CONTAINER}-init`) {
      if (kernelBoot) return this.at('spec', 'domain', 'firmware', 'kernelBoot', 'container');
    }
    if (name.startsWith('volume')) {
      const base = name.endsWith('-init') ? name.slice(0, -'-init'.length) : name;
      const candidates = [name, base];
      const index = this.volumeIndex(
        (volume) => volume.containerDisk !== undefined && candidates.includes(`volume${volume.name}`),
      );
      if (index >= 0) return this.at('spec', 'volumes', index);
    }
    if (name === 'container-disk-binary') {
      const index = this.volumeIndex((volume) => volume.containerDisk !== undefined);
      if (index >= 0) return this.at('spec', 'volumes', index);
      if (kernelBoot) return this.at('spec', 'domain', 'firmware', 'kernelBoot', 'container');
    }
    const hook = /^hook-sidecar-(\d+)$/.exec(name);
    if (hook) {
      const index = Number(hook[1]);
      if (index < hookSidecarCount(this.vmi.metadata?.annotations)) {
        return this.at('metadata', 'annotations', HOOK_SIDECARS_ANNOTATION);
      }
      const interfaces = this.spec.domain?.devices?.interfaces ?? [];
      const withBinding = interfaces.findIndex((iface) => iface.binding !== undefined);
      if (withBinding >= 0) return this.at('spec', 'domain', 'devices', 'interfaces', withBinding);
    }
    return undefined;
  }

  volume(name: string): Location | undefined {
    const index = this.volumeIndex((volume) => volume.name === name);
    return index >= 0 ? this.at('spec', 'volumes', index) : undefined;
  }
}

const DOCUMENT: Location = { path: [], text: '' };

/** The Pod with only some of its containers and volumes (everything else as it is). */
function subPod(pod: Pod, keepContainer: (c: Container) => boolean, keepVolume: (v: Volume) => boolean): Pod {
  const spec = pod.spec ?? { containers: [] };
  return {
    ...pod,
    spec: {
      ...spec,
      containers: (spec.containers ?? []).filter(keepContainer),
      ...(spec.initContainers ? { initContainers: spec.initContainers.filter(keepContainer) } : {}),
      ...(spec.ephemeralContainers
        ? { ephemeralContainers: spec.ephemeralContainers.filter((c) => keepContainer(c as Container)) }
        : {}),
      ...(spec.volumes ? { volumes: spec.volumes.filter(keepVolume) } : {}),
    },
  };
}

const sameFailure = (a: CheckResult, b: CheckResult): boolean =>
  !a.allowed &&
  !b.allowed &&
  a.forbiddenReason === b.forbiddenReason &&
  a.forbiddenDetail === b.forbiddenDetail;

/**
 * A failure for want of a Pod-level setting (`pod or containers "a", "b" must set ...`, upstream's wording for
 * seccompProfile and runAsNonRoot left unset): it is about the Pod, not about the containers it lists.
 */
const isImplicit = (result: CheckResult): boolean => result.forbiddenDetail?.startsWith('pod or ') === true;

/**
 * The violations of one mode, one per VMI field the failing containers and volumes come from: each says what
 * PodSecurity would say of the Pod with only those; what fails of the Pod as a whole, or of containers and
 * volumes no field accounts for, is said at the document.
 */
function locateViolations(
  pod: Pod,
  lv: LevelVersion,
  mode: Mode,
  locator: Locator,
  whole: PodEvaluation,
): PodSecurityViolation[] {
  const spec = pod.spec ?? { containers: [] };
  const groups = new Map<string, { location: Location; containers: Set<string>; volumes: Set<string> }>();
  const group = (location: Location | undefined) => {
    const at = location ?? DOCUMENT;
    let entry = groups.get(at.text);
    if (!entry) groups.set(at.text, (entry = { location: at, containers: new Set(), volumes: new Set() }));
    return entry;
  };
  const rest = group(DOCUMENT);
  const containers = [
    ...(spec.initContainers ?? []),
    ...(spec.containers ?? []),
    ...(spec.ephemeralContainers ?? []),
  ];
  for (const container of containers) group(locator.container(container.name)).containers.add(container.name);
  for (const volume of spec.volumes ?? []) group(locator.volume(volume.name)).volumes.add(volume.name);
  const only = (entry: { containers: Set<string>; volumes: Set<string> }) =>
    evaluatePod(
      lv,
      subPod(
        pod,
        (c) => entry.containers.has(c.name),
        (v) => entry.volumes.has(v.name),
      ),
    ).checks;

  const podOnly = only({ containers: new Set(), volumes: new Set() });
  const located: PodSecurityViolation[] = [];
  for (const entry of groups.values()) {
    if (entry === rest) continue;
    const own = only(entry)
      .map((check, i) => ({
        result: check.result,
        whole: whole.checks[i]!.result,
        podOnly: podOnly[i]!.result,
      }))
      .filter((c) => !c.result.allowed && !isImplicit(c.whole) && !sameFailure(c.result, c.podOnly))
      .map((c) => c.result);
    if (own.length > 0) {
      located.push({
        mode,
        levelVersion: lv,
        location: entry.location,
        message: violationMessage(lv, aggregateCheckResults(own), mode),
      });
    }
  }
  if (located.length === 0) {
    return [
      { mode, levelVersion: lv, location: DOCUMENT, message: violationMessage(lv, whole.aggregate, mode) },
    ];
  }
  const remaining = only(rest).map((check, i) =>
    isImplicit(whole.checks[i]!.result) ? whole.checks[i]! : check,
  );
  const aggregate = aggregateCheckResults(remaining.map((check) => check.result));
  if (aggregate.allowed) return located;
  return [
    { mode, levelVersion: lv, location: DOCUMENT, message: violationMessage(lv, aggregate, mode) },
    ...located,
  ];
}

/**
 * What PodSecurity admission would say of creating this launcher Pod under `policy`. `vmi` is the VMI as the
 * document gives it (a VM's `spec.template`, with `base` ['spec', 'template']), to locate the violations.
 * A mode whose level and version are those of a mode already reported is not repeated; as upstream, warn is
 * not evaluated when enforce refuses the Pod.
 */
export function podSecurityVerdict(
  pod: Pod,
  resolved: { policy: Policy; errors: string[] },
  vmi: VmiShape,
  base: FieldPath = [],
): PodSecurityVerdict {
  const { policy } = resolved;
  const locator = new Locator(vmi, base);
  const verdict: PodSecurityVerdict = {
    policy,
    labelErrors: resolved.errors.length ? [aggregateErrors(resolved.errors)] : [],
    messages: [],
    violations: [],
  };
  const reported: LevelVersion[] = [];
  let refused = false;
  for (const mode of ['enforce', 'audit', 'warn'] as const) {
    const lv = policy[mode];
    if (mode === 'warn' && refused) continue;
    if (lv.level === 'privileged' || reported.some((other) => equivalent(other, lv))) continue;
    const whole = evaluatePod(lv, pod);
    if (whole.aggregate.allowed) continue;
    reported.push(lv);
    if (mode === 'enforce') refused = true;
    verdict.messages.push({ mode, levelVersion: lv, message: violationMessage(lv, whole.aggregate, mode) });
    verdict.violations.push(...locateViolations(pod, lv, mode, locator, whole));
  }
  return verdict;
}
