// upstream: pkg/virt-controller/services/rendercontainer.go — builds a container spec from options.
import type {
  Container,
  ContainerPort,
  EnvVar,
  PodProbe,
  ResourceRequirements,
  SecurityContext,
  VolumeDevice,
  VolumeMount,
} from '../types/k8s.js';
import type { Probe, VirtualMachineInstance } from '../types/kubevirt.js';
import type { KubeVirtRelease } from '../release/release.js';
import { goJsonRoundTrip } from '../util/go/json-round-trip.js';
import { VIRT_PRIVATE_DIR } from './options.js';
import { isNonRootVMI } from '../pkg/util/vmi.js';
import { DeprecatedNonRootVMIAnnotation } from '../types/constants.js';
import type { Provenance, RenderExplanation } from './explain.js';

export const CAP_NET_BIND_SERVICE = 'NET_BIND_SERVICE';
export const CAP_SYS_NICE = 'SYS_NICE';
/** Seconds added to probe initial delays for libvirt start-up. */
export const LIBVIRT_STARTUP_DELAY = 10;

interface Capabilities {
  add?: string[];
  drop?: string[];
}

export const ENV_VAR_SHARED_FILESYSTEM_PATHS = 'SHARED_FILESYSTEM_PATHS';

export interface ContainerSpecOptions {
  /** The release whose renderer is reproduced (v1.9.0 drops `privileged`, adds terminationMessagePolicy). */
  release: KubeVirtRelease;
  userId?: number;
  /** v1.4.0 only (WithPrivileged is gone in v1.9.0). */
  privileged?: boolean;
  capabilities?: Capabilities;
  volumeDevices?: VolumeDevice[];
  volumeMounts?: VolumeMount[];
  resources?: ResourceRequirements;
  ports?: ContainerPort[];
  args?: string[];
  livenessProbe?: PodProbe;
  readinessProbe?: PodProbe;
  /** v1.9.0: WithSharedFilesystems, joined into SHARED_FILESYSTEM_PATHS. */
  sharedFilesystems?: string[];
  /** v1.9.0: WithExtraEnvVars, after the renderer's own variables. */
  extraEnvVars?: EnvVar[];
  /** Records why the container's securityContext is what it is (`explain` only). */
  explanation?: RenderExplanation;
  /** Why the user, privileged and capabilities options were given (set with `explanation` only). */
  securityReasons?: {
    user?: Provenance;
    privileged?: Provenance;
    add?: Provenance;
    drop?: Provenance;
  };
}

/** upstream: ContainerSpecRenderer.Render */
export function renderContainerSpec(
  name: string,
  image: string,
  imagePullPolicy: string,
  command: string[] | undefined,
  options: ContainerSpecOptions,
): Container {
  const userId = options.userId ?? 0;
  const v1_9 = options.release.atLeast('v1.9.0');
  const container: Container = { name, image };
  if (imagePullPolicy) container.imagePullPolicy = imagePullPolicy;
  // upstream v1.9.0: securityContext no longer sets privileged
  const privileged = v1_9 ? undefined : (options.privileged ?? false);
  container.securityContext = securityContext(userId, privileged, options.capabilities);
  if (options.explanation !== undefined) explainSecurityContext(name, container.securityContext, options);
  if (command?.length) container.command = command; // (omitempty: an empty one is not encoded)
  if (options.volumeDevices?.length) container.volumeDevices = options.volumeDevices;
  if (options.volumeMounts?.length) container.volumeMounts = options.volumeMounts;
  container.resources = options.resources ?? {};
  if (options.ports?.length) container.ports = options.ports;
  const env = v1_9 ? containerEnv(userId, options) : userId !== 0 ? xdgEnvironmentVariables() : [];
  if (env.length) container.env = env;
  if (options.livenessProbe) container.livenessProbe = options.livenessProbe;
  if (options.readinessProbe) container.readinessProbe = options.readinessProbe;
  if (options.args?.length) container.args = options.args;
  if (v1_9) container.terminationMessagePolicy = 'FallbackToLogsOnError';
  return container;
}

/** upstream v1.9.0: ContainerSpecRenderer.envVars */
function containerEnv(userId: number, options: ContainerSpecOptions): EnvVar[] {
  const env = userId !== 0 ? xdgEnvironmentVariables() : [];
  if (options.sharedFilesystems?.length) {
    env.push({ name: ENV_VAR_SHARED_FILESYSTEM_PATHS, value: options.sharedFilesystems.join(':') });
  }
  env.push(...(options.extraEnvVars ?? []));
  return env;
}

/** upstream: WithCapabilities — the capabilities virt-launcher needs. */
export function withCapabilities(options: ContainerSpecOptions, vmi: VirtualMachineInstance): void {
  options.capabilities = { ...options.capabilities, add: requiredCapabilities(vmi) };
  if (options.explanation !== undefined) {
    (options.securityReasons ??= {}).add = {
      source: isNonRootVMI(vmi) ? 'virt-controller' : runtimeUserSource(vmi),
      reason: `${CAP_NET_BIND_SERVICE}: the launcher binds the guest's low ports (port forwarding of masquerade and passt)${isNonRootVMI(vmi) ? '' : `; ${CAP_SYS_NICE}: a root VMI, libvirt sets the scheduling of qemu's threads (realtime, dedicated CPUs)`}`,
    };
  }
}

/** upstream: WithDropALLCapabilities */
export function withDropAllCapabilities(options: ContainerSpecOptions, why?: Provenance): void {
  options.capabilities = { ...options.capabilities, drop: ['ALL'] };
  if (options.explanation !== undefined && why !== undefined) (options.securityReasons ??= {}).drop = why;
}

/** upstream: WithNoCapabilities — replaces whatever was there. */
export function withNoCapabilities(options: ContainerSpecOptions): void {
  options.capabilities = { drop: ['ALL'] };
  if (options.explanation !== undefined) {
    options.securityReasons = {
      ...options.securityReasons,
      add: undefined,
      drop: { source: 'virt-controller', reason: 'always: it needs no capabilities (WithNoCapabilities)' },
    };
  }
}

/** The field that makes a VMI non-root (isNonRootVMI): the deprecated annotation, else status.runtimeUser. */
export function runtimeUserSource(vmi: VirtualMachineInstance): string {
  return Object.prototype.hasOwnProperty.call(vmi.metadata?.annotations ?? {}, DeprecatedNonRootVMIAnnotation)
    ? `metadata.annotations.${DeprecatedNonRootVMIAnnotation}`
    : 'status.runtimeUser';
}

/**
 * Why a VMI runs as root or not: who set status.runtimeUser (virt-api's mutator, recorded as it sets it) or
 * the deprecated annotation.
 */
export function runtimeUserProvenance(
  vmi: VirtualMachineInstance,
  explanation: RenderExplanation,
): Provenance {
  const source = runtimeUserSource(vmi);
  const nonRoot = isNonRootVMI(vmi);
  const recorded = explanation.field(source);
  const what = nonRoot
    ? `a non-root VMI: the launcher runs as the qemu user ${NON_ROOT_USER}`
    : 'a root VMI: the launcher runs as root';
  return {
    source: recorded?.source ?? source,
    reason: `${what} (${recorded?.reason ?? (source === 'status.runtimeUser' ? `the VMI's status.runtimeUser ${vmi.status?.runtimeUser ?? 0}` : 'the deprecated annotation')})`,
  };
}

const NON_ROOT_USER = 107;

/** Records why a securityContext that a render step writes as a constant has each of its fields. */
export function explainFixedSecurityContext(
  explanation: RenderExplanation,
  container: Container,
  source: string,
  reasons: Partial<Record<keyof SecurityContext, string>>,
): void {
  for (const field of Object.keys(container.securityContext ?? {}) as (keyof SecurityContext)[]) {
    const reason = reasons[field];
    if (reason !== undefined) explanation.security(container.name, field, source, reason);
  }
}

/** upstream: what ContainerSpecRenderer's securityContext sets, field by field, and why. */
function explainSecurityContext(name: string, context: SecurityContext, options: ContainerSpecOptions): void {
  const explanation = options.explanation!;
  const reasons = options.securityReasons ?? {};
  const user: Provenance = reasons.user ?? {
    source: 'virt-controller',
    reason: 'runs as root (the renderer is given no user)',
  };
  for (const field of ['runAsUser', 'runAsNonRoot', 'runAsGroup', 'allowPrivilegeEscalation'] as const) {
    if (context[field] === undefined) continue;
    const detail =
      field === 'allowPrivilegeEscalation'
        ? '; a non-root container may not escalate'
        : field === 'runAsGroup'
          ? '; its group is the same as its user'
          : '';
    explanation.security(name, field, user.source, `${user.reason}${detail}`);
  }
  if (context.privileged !== undefined) {
    const privileged = reasons.privileged ?? {
      source: 'virt-controller',
      reason: 'v1.4.0 always sets it; false (no WithPrivileged)',
    };
    explanation.security(name, 'privileged', privileged.source, privileged.reason);
  }
  if (context.capabilities !== undefined) {
    const parts = [
      context.capabilities.add && reasons.add ? `add: ${reasons.add.reason}` : undefined,
      context.capabilities.drop && reasons.drop ? `drop ALL: ${reasons.drop.reason}` : undefined,
    ].filter((part) => part !== undefined);
    const source = [reasons.add?.source, reasons.drop?.source]
      .filter((part, index, all) => part !== undefined && all.indexOf(part) === index)
      .join(', ');
    explanation.security(name, 'capabilities', source || 'virt-controller', parts.join('; '));
  }
}

export function xdgEnvironmentVariables(): EnvVar[] {
  return [
    { name: 'XDG_CACHE_HOME', value: VIRT_PRIVATE_DIR },
    { name: 'XDG_CONFIG_HOME', value: VIRT_PRIVATE_DIR },
    { name: 'XDG_RUNTIME_DIR', value: '/var/run' },
  ];
}

function securityContext(
  userId: number,
  privileged: boolean | undefined,
  capabilities: Capabilities | undefined,
): SecurityContext {
  const nonRoot = userId !== 0;
  const context: SecurityContext = { runAsUser: userId, runAsNonRoot: nonRoot };
  if (privileged !== undefined) context.privileged = privileged;
  if (capabilities) context.capabilities = capabilities;
  if (nonRoot) {
    context.runAsGroup = userId;
    context.allowPrivilegeEscalation = false;
  }
  return context;
}

/** upstream: containerPortsFromVMI */
export function containerPortsFromVMI(vmi: VirtualMachineInstance): ContainerPort[] {
  const ports: ContainerPort[] = [];
  for (const iface of vmi.spec.domain.devices.interfaces ?? []) {
    for (const port of iface.ports ?? []) {
      const containerPort: ContainerPort = { protocol: port.protocol || 'TCP', containerPort: port.port };
      if (port.name) containerPort.name = port.name;
      ports.push(containerPort);
    }
  }
  return ports;
}

function requiredCapabilities(vmi: VirtualMachineInstance): string[] {
  const capabilities = [CAP_NET_BIND_SERVICE];
  if (!isNonRootVMI(vmi)) capabilities.push(CAP_SYS_NICE);
  return capabilities;
}

/** upstream: v1.SetDefaults_Probe on a copy (upstream mutates the VMI in place). */
function defaultedProbe(probe: Probe): Probe {
  return {
    ...probe,
    timeoutSeconds: (probe.timeoutSeconds ?? 0) < 1 ? 1 : probe.timeoutSeconds,
    periodSeconds: (probe.periodSeconds ?? 0) < 1 ? 10 : probe.periodSeconds,
    successThreshold: (probe.successThreshold ?? 0) < 1 ? 1 : probe.successThreshold,
    failureThreshold: (probe.failureThreshold ?? 0) < 1 ? 3 : probe.failureThreshold,
  };
}

/** upstream: template.go copyProbe */
function copyProbe(probe: Probe, release: KubeVirtRelease): PodProbe {
  const copy: PodProbe = {};
  if (probe.initialDelaySeconds !== undefined) copy.initialDelaySeconds = probe.initialDelaySeconds;
  if (probe.timeoutSeconds !== undefined) copy.timeoutSeconds = probe.timeoutSeconds;
  if (probe.periodSeconds !== undefined) copy.periodSeconds = probe.periodSeconds;
  if (probe.successThreshold !== undefined) copy.successThreshold = probe.successThreshold;
  if (probe.failureThreshold !== undefined) copy.failureThreshold = probe.failureThreshold;
  // copies as the Pod's Go encoding prints them (no empty `command: []` or `httpHeaders: []`)
  if (probe.exec) copy.exec = goJsonRoundTrip(probe.exec, 'core.ExecAction', release) as PodProbe['exec'];
  if (probe.httpGet) {
    copy.httpGet = goJsonRoundTrip(probe.httpGet, 'core.HTTPGetAction', release) as PodProbe['httpGet'];
  }
  if (probe.tcpSocket) {
    copy.tcpSocket = goJsonRoundTrip(
      probe.tcpSocket,
      'core.TCPSocketAction',
      release,
    ) as PodProbe['tcpSocket'];
  }
  return copy;
}

const domainName = (vmi: VirtualMachineInstance): string =>
  `${vmi.metadata?.namespace ?? ''}_${vmi.metadata?.name ?? ''}`;

/** upstream: WithReadinessProbe / WithLivelinessProbe + updateReadinessProbe / updateLivenessProbe */
export function renderComputeProbe(
  vmi: VirtualMachineInstance,
  probe: Probe,
  release: KubeVirtRelease,
): PodProbe {
  const defaulted = defaultedProbe(probe);
  const rendered = copyProbe(defaulted, release);
  if (defaulted.guestAgentPing) {
    rendered.exec = {
      command: [
        'virt-probe',
        '--domainName',
        domainName(vmi),
        '--timeoutSeconds',
        String(rendered.timeoutSeconds ?? 0),
        '--guestAgentPing',
      ],
    };
    rendered.timeoutSeconds = int32Sum(rendered.timeoutSeconds ?? 0, 1);
  } else {
    wrapExecProbeWithVirtProbe(vmi, rendered, release);
  }
  rendered.initialDelaySeconds = int32Sum(rendered.initialDelaySeconds ?? 0, LIBVIRT_STARTUP_DELAY);
  return omitZeroDelays(rendered);
}

/**
 * The Pod's Probe fields the render adds to are `int32 ...,omitempty` in Go: a sum that comes to 0 (a delay
 * of -10, a timeout of -1) is not printed.
 */
function omitZeroDelays(probe: PodProbe): PodProbe {
  if (probe.initialDelaySeconds === 0) delete probe.initialDelaySeconds;
  if (probe.timeoutSeconds === 0) delete probe.timeoutSeconds;
  return probe;
}

function wrapExecProbeWithVirtProbe(
  vmi: VirtualMachineInstance,
  probe: PodProbe,
  release: KubeVirtRelease,
): void {
  const original = probe.exec?.command;
  if (!original || original.length < 1) return;
  // upstream v1.9.0: a command that already runs virt-probe is not wrapped again
  if (release.atLeast('v1.9.0') && original[0] === 'virt-probe') return;
  probe.exec = {
    command: [
      'virt-probe',
      '--domainName',
      domainName(vmi),
      '--timeoutSeconds',
      String(probe.timeoutSeconds ?? 0),
      '--command',
      original[0]!,
      '--',
      ...original.slice(1),
    ],
  };
  probe.timeoutSeconds = int32Sum(probe.timeoutSeconds ?? 0, 1);
}

/** Go's int32 addition (the probe's fields): it wraps around past 2^31 - 1. */
const int32Sum = (a: number, b: number): number => (a + b) | 0;
