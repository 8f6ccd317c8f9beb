// upstream: pkg/virt-controller/services/serialconsolelog.go
import type { Container, ResourceRequirements } from '../types/k8s.js';
import type { VirtualMachineInstance } from '../types/kubevirt.js';
import type { ClusterConfig } from '../cluster/cluster-config.js';
import { Quantity } from '../quantity/quantity.js';
import { NON_ROOT_UID, VIRT_PRIVATE_DIR } from './options.js';
import { isCPUDedicated, wantsToHaveQOSGuaranteed } from '../pkg/util/vmi.js';
import { explainFixedSecurityContext } from './container.js';
import type { RenderExplanation } from './explain.js';

export const ENV_VAR_VIRT_LAUNCHER_LOG_VERBOSITY = 'VIRT_LAUNCHER_LOG_VERBOSITY';

export function isSerialConsoleLogEnabled(vmi: VirtualMachineInstance, config: ClusterConfig): boolean {
  const devices = vmi.spec.domain.devices;
  if (devices.autoattachSerialConsole === false) return false;
  if (devices.logSerialConsole !== undefined) return devices.logSerialConsole;
  return !config.isSerialConsoleLogDisabled();
}

export function resourcesForSerialConsoleLogContainer(
  dedicatedCPUs: boolean,
  guaranteedQOS: boolean,
  config: ClusterConfig,
): ResourceRequirements {
  const pick = (configured: Quantity | undefined, fallback: string): string =>
    (configured ?? Quantity.parse(fallback)).toString();
  const limits = {
    memory: pick(config.getSupportContainerLimit('guest-console-log', 'memory'), '60M'),
    cpu: pick(config.getSupportContainerLimit('guest-console-log', 'cpu'), '15m'),
  };
  const requests = {
    memory: pick(config.getSupportContainerRequest('guest-console-log', 'memory'), '35M'),
    cpu: pick(config.getSupportContainerRequest('guest-console-log', 'cpu'), '5m'),
  };
  if (dedicatedCPUs || guaranteedQOS) {
    requests.cpu = limits.cpu;
    requests.memory = limits.memory;
  }
  return { requests, limits };
}

export function generateSerialConsoleLogContainer(
  vmi: VirtualMachineInstance,
  image: string,
  config: ClusterConfig,
  launcherLogVerbosity: number | bigint,
): Container | undefined {
  if (!isSerialConsoleLogEnabled(vmi, config)) return undefined;
  const serialPort = 0;
  const logFile = `${VIRT_PRIVATE_DIR}/${vmi.metadata?.uid ?? ''}/virt-serial${serialPort}-log`;
  const v1_9 = config.release.atLeast('v1.9.0');
  const container: Container = {
    name: 'guest-console-log',
    image,
    // upstream v1.9.0: the cluster's imagePullPolicy (was always IfNotPresent)
    imagePullPolicy: v1_9 ? config.getImagePullPolicy() : 'IfNotPresent',
    command: ['/usr/bin/virt-tail'],
    args: ['--logfile', logFile],
    volumeMounts: [{ name: 'private', mountPath: VIRT_PRIVATE_DIR, readOnly: true }],
    resources: resourcesForSerialConsoleLogContainer(
      isCPUDedicated(vmi),
      wantsToHaveQOSGuaranteed(vmi, config.release),
      config,
    ),
    securityContext: {
      runAsUser: NON_ROOT_UID,
      runAsNonRoot: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    },
    env: [{ name: ENV_VAR_VIRT_LAUNCHER_LOG_VERBOSITY, value: String(launcherLogVerbosity) }],
  };
  // upstream v1.9.0: a native sidecar (an init container that keeps running)
  if (v1_9) container.restartPolicy = 'Always';
  return container;
}

/** Why guest-console-log runs as it does. */
export function explainSerialConsoleLogSecurity(explanation: RenderExplanation, container: Container): void {
  explanation.container(
    container.name,
    'spec.domain.devices.logSerialConsole',
    "streams the guest's serial console to the Pod log (unless logSerialConsole is false, or the cluster config's virtualMachineOptions.disableSerialConsoleLog and logSerialConsole unset)",
  );
  explainFixedSecurityContext(explanation, container, 'virt-controller', {
    runAsUser: `always the qemu user ${NON_ROOT_UID}: it only reads the console log, root VMI or not`,
    runAsNonRoot: 'always: it only reads the console log',
    allowPrivilegeEscalation: 'always false: it only reads the console log',
    capabilities: 'drop ALL, always: it needs none',
  });
}
