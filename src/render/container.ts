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
import { VIRT_PRIVATE_DIR } from './options.js';
import { isNonRootVMI } from '../pkg/util/vmi.js';

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
  if (command !== undefined) container.command = command;
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
}

/** upstream: WithDropALLCapabilities */
export function withDropAllCapabilities(options: ContainerSpecOptions): void {
  options.capabilities = { ...options.capabilities, drop: ['ALL'] };
}

/** upstream: WithNoCapabilities — replaces whatever was there. */
export function withNoCapabilities(options: ContainerSpecOptions): void {
  options.capabilities = { drop: ['ALL'] };
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
function copyProbe(probe: Probe): PodProbe {
  const copy: PodProbe = {};
  if (probe.initialDelaySeconds !== undefined) copy.initialDelaySeconds = probe.initialDelaySeconds;
  if (probe.timeoutSeconds !== undefined) copy.timeoutSeconds = probe.timeoutSeconds;
  if (probe.periodSeconds !== undefined) copy.periodSeconds = probe.periodSeconds;
  if (probe.successThreshold !== undefined) copy.successThreshold = probe.successThreshold;
  if (probe.failureThreshold !== undefined) copy.failureThreshold = probe.failureThreshold;
  if (probe.exec) copy.exec = structuredClone(probe.exec);
  if (probe.httpGet) copy.httpGet = structuredClone(probe.httpGet) as PodProbe['httpGet'];
  if (probe.tcpSocket) copy.tcpSocket = structuredClone(probe.tcpSocket) as PodProbe['tcpSocket'];
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
  const rendered = copyProbe(defaulted);
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
    rendered.timeoutSeconds = (rendered.timeoutSeconds ?? 0) + 1;
  } else {
    wrapExecProbeWithVirtProbe(vmi, rendered, release);
  }
  rendered.initialDelaySeconds = (rendered.initialDelaySeconds ?? 0) + LIBVIRT_STARTUP_DELAY;
  return rendered;
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
  probe.timeoutSeconds = (probe.timeoutSeconds ?? 0) + 1;
}
