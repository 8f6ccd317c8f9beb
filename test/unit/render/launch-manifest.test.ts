// renderLaunchManifest behaviour the conformance cases do not reach; expectations from the upstream Go code.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { MemoryClusterState } from '../../../src/state/cluster-state.js';
import { renderLaunchManifest } from '../../../src/render/launch-manifest.js';
import type { VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

const options = {
  launcherImage: 'quay.io/kubevirt/virt-launcher:v1.4.0',
  sidecarShimImage: 'quay.io/kubevirt/sidecar-shim:v1.4.0',
  qemuTimeoutJitterSeconds: 0,
};

function vmi(labels: Record<string, string>): VirtualMachineInstance {
  return {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstance',
    metadata: { name: 't', namespace: 'default', uid: '11111111-2222-3333-4444-555555555555', labels },
    spec: { domain: { devices: {}, resources: { requests: { memory: '1Gi' } } } },
  } as VirtualMachineInstance;
}

const envOf = (pod: ReturnType<typeof renderLaunchManifest>, container: string): Record<string, string> =>
  Object.fromEntries(
    (pod.spec?.containers.find((c) => c.name === container)?.env ?? []).map((e) => [e.name, e.value ?? '']),
  );

describe('launcher log verbosity label', () => {
  it('wraps a negative value around like a Go uint, exactly', () => {
    const pod = renderLaunchManifest(
      vmi({ logVerbosity: '-1' }),
      new ClusterConfig({ release: V1_4_0 }),
      new MemoryClusterState(),
      options,
    );
    const compute = envOf(pod, 'compute');
    assert.equal(compute['VIRT_LAUNCHER_LOG_VERBOSITY'], '-1');
    assert.equal(compute['LIBVIRT_DEBUG_LOGS'], '1');
    assert.equal(compute['VIRTIOFSD_DEBUG_LOGS'], '1');
    assert.equal(envOf(pod, 'guest-console-log')['VIRT_LAUNCHER_LOG_VERBOSITY'], '18446744073709551615');
  });
});

describe('memory quantities held as an inf.Dec (a VMI rendered as given)', () => {
  const render = (spec: Record<string, unknown>): ReturnType<typeof renderLaunchManifest> =>
    renderLaunchManifest(
      {
        apiVersion: 'kubevirt.io/v1',
        kind: 'VirtualMachineInstance',
        metadata: { name: 't', namespace: 'default', uid: '11111111-2222-3333-4444-555555555555' },
        spec,
      } as unknown as VirtualMachineInstance,
      new ClusterConfig({ release: V1_4_0 }),
      new MemoryClusterState(),
      options,
    );
  const resourcesOf = (pod: ReturnType<typeof renderLaunchManifest>, container: string): unknown =>
    pod.spec?.containers.find((c) => c.name === container)?.resources;

  it('dedicated CPUs: the limit shares the request inf.Dec, so the overhead is added twice to both', () => {
    // "1.5Gi" parses into an inf.Dec; WithCPUPinning copies it into the limits, WithMemoryOverhead adds the
    // 353Mi overhead to the request and then to the limit, in place
    const pod = render({
      domain: {
        cpu: { cores: 2, dedicatedCpuPlacement: true },
        devices: {},
        resources: { requests: { memory: '1.5Gi' } },
      },
    });
    const compute = resourcesOf(pod, 'compute') as {
      limits: Record<string, string>;
      requests: Record<string, string>;
    };
    assert.equal(compute.requests['memory'], '2242Mi');
    assert.equal(compute.limits['memory'], '2242Mi');
  });

  it('the request changed in place is no longer equal to the limit for the support containers', () => {
    const pod = render({
      domain: {
        devices: {},
        resources: { requests: { cpu: '1', memory: '1.5Gi' }, limits: { cpu: '1', memory: '1536Mi' } },
      },
    });
    assert.deepEqual(resourcesOf(pod, 'compute'), {
      limits: {
        cpu: '1',
        'devices.kubevirt.io/kvm': '1',
        'devices.kubevirt.io/tun': '1',
        memory: '1881Mi',
      },
      requests: { cpu: '1', 'ephemeral-storage': '50M', memory: '1881Mi' },
    });
    assert.deepEqual(resourcesOf(pod, 'guest-console-log'), {
      limits: { cpu: '15m', memory: '60M' },
      requests: { cpu: '5m', memory: '35M' },
    });
  });
});

describe('v1.9.0 launch manifest skeleton', () => {
  const V1_9_0 = KubeVirtRelease.of('v1.9.0');
  const render = (
    spec: Record<string, unknown>,
    metadata: Record<string, unknown> = {},
    config = new ClusterConfig({ release: V1_9_0 }),
    state = new MemoryClusterState(),
  ): ReturnType<typeof renderLaunchManifest> =>
    renderLaunchManifest(
      {
        apiVersion: 'kubevirt.io/v1',
        kind: 'VirtualMachineInstance',
        metadata: {
          name: 't',
          namespace: 'default',
          uid: '11111111-2222-3333-4444-555555555555',
          ...metadata,
        },
        spec: { domain: { devices: {}, resources: { requests: { memory: '1Gi' } } }, ...spec },
      } as unknown as VirtualMachineInstance,
      config,
      state,
      options,
    );
  const kubevirt = (configuration: Record<string, unknown>): ClusterConfig =>
    new ClusterConfig({
      release: V1_9_0,
      kubevirt: { apiVersion: 'kubevirt.io/v1', kind: 'KubeVirt', spec: { configuration } },
    } as unknown as ConstructorParameters<typeof ClusterConfig>[0]);

  it('Beta gates add their launcher flags by default, an enabled Alpha gate its own', () => {
    const command = (config: ClusterConfig): string[] =>
      render({}, {}, config).spec?.containers[0]?.command ?? [];
    const defaults = command(new ClusterConfig({ release: V1_9_0 }));
    assert.deepEqual(defaults.slice(defaults.indexOf('--ovmf-path')), [
      '--ovmf-path',
      '/usr/share/edk2/ovmf',
      '--disk-memory-limit',
      '2097152000',
      '--hypervisor',
      'kvm',
      '--image-volume',
      '--libvirt-hook-server-and-client',
      '--upgrade-ordinal-ifaces',
    ]);
    const tuned = command(
      kubevirt({
        developerConfiguration: {
          featureGates: ['VMStatsCollector'],
          diskVerification: { memoryLimit: '1Gi' },
        },
      }),
    );
    assert.ok(tuned.includes('--vm-stats-collector'));
    assert.equal(tuned[tuned.indexOf('--disk-memory-limit') + 1], '1073741824');
  });

  it('a long VMI name gets a hashed vmi.kubevirt.io/id; the istio inject annotation becomes a label', () => {
    const name = 'a'.repeat(70);
    const pod = render({}, { name, annotations: { 'sidecar.istio.io/inject': 'false' } });
    const labels = pod.metadata?.labels ?? {};
    // the first 54 bytes, a dash and sha1(name)[:8]
    assert.equal(labels['vmi.kubevirt.io/id'], `${'a'.repeat(54)}-ed6c69d9`);
    assert.equal(labels['sidecar.istio.io/inject'], 'false');
  });

  it('kubevirt.io/skip-backup-hooks on the VMI drops the velero annotations', () => {
    const annotations = render({}, { annotations: { 'kubevirt.io/skip-backup-hooks': 'True' } }).metadata
      ?.annotations;
    assert.equal(annotations?.['pre.hook.backup.velero.io/command'], undefined);
    assert.equal(annotations?.['post.hook.backup.velero.io/container'], undefined);
  });

  it('root pods get fsGroup 107, containers no privileged field and FallbackToLogsOnError', () => {
    const pod = render({});
    assert.deepEqual(pod.spec?.securityContext, { fsGroup: 107, runAsUser: 0 });
    const compute = pod.spec?.containers[0];
    assert.equal(compute?.securityContext?.privileged, undefined);
    assert.equal(compute?.terminationMessagePolicy, 'FallbackToLogsOnError');
    assert.equal(pod.spec?.initContainers?.[0]?.name, 'guest-console-log');
    assert.equal(pod.spec?.initContainers?.[0]?.restartPolicy, 'Always');
  });

  it('SNP, TDX and realtime VMIs are scheduled by "true" node selectors', () => {
    const selectors = render({
      domain: {
        cpu: { realtime: {} },
        launchSecurity: { snp: {} },
        machine: { type: 'q35' },
        devices: {},
        resources: { requests: { memory: '1Gi' } },
      },
    }).spec?.nodeSelector;
    assert.equal(selectors?.['kubevirt.io/realtime'], 'true');
    assert.equal(selectors?.['kubevirt.io/sev'], 'true');
    assert.equal(selectors?.['kubevirt.io/sev-snp'], 'true');
    assert.equal(selectors?.['machine-type.node.kubevirt.io/q35'], 'true');
  });

  it('CrossArchitectureVirtualization swaps the arch selector for a preference and a vm-arch label', () => {
    const pod = render(
      { architecture: 'arm64' },
      {},
      kubevirt({ developerConfiguration: { featureGates: ['CrossArchitectureVirtualization'] } }),
    );
    assert.equal(pod.spec?.nodeSelector?.['kubernetes.io/arch'], undefined);
    assert.equal(pod.spec?.nodeSelector?.['kubevirt.io/vm-arch-arm64'], 'true');
    assert.deepEqual(pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution, [
      {
        weight: 100,
        preference: { matchExpressions: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }] },
      },
    ]);
    const command = pod.spec?.containers[0]?.command ?? [];
    assert.ok(command.includes('--allow-cross-arch-emulation'));
  });

  it("adds its affinity terms to the Pod's copy of the VMI's affinity, not to the VMI's", () => {
    const spec = { architecture: 'amd64', affinity: { nodeAffinity: {} } };
    const vmiSpec = {
      ...spec,
      domain: { devices: {}, cpu: { model: 'Haswell' }, resources: { requests: { memory: '1Gi' } } },
    };
    const pod = render(
      vmiSpec,
      {},
      kubevirt({ developerConfiguration: { featureGates: ['CrossArchitectureVirtualization'] } }),
    );
    assert.equal(
      pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.length,
      1,
    );
    assert.deepEqual(vmiSpec.affinity, { nodeAffinity: {} });
  });

  it('wraps probe figures around like Go int32s', () => {
    const pod = render({
      readinessProbe: { initialDelaySeconds: 2147483647, exec: { command: ['true'] } },
      livenessProbe: { timeoutSeconds: 2147483647, guestAgentPing: {} },
    });
    const compute = pod.spec!.containers[0]!;
    assert.equal(compute.readinessProbe?.initialDelaySeconds, -2147483639);
    assert.equal(compute.livenessProbe?.timeoutSeconds, -2147483648);
  });

  it('an ephemeral volume without its PVC source: virt-controller panics, no Pod', () => {
    assert.throws(
      () =>
        render({
          domain: {
            devices: { disks: [{ name: 'e', disk: {} }] },
            resources: { requests: { memory: '1Gi' } },
          },
          volumes: [{ name: 'e', ephemeral: {} }],
        }),
      /virt-controller panics: runtime error: invalid memory address or nil pointer dereference/,
    );
  });

  it('leaves out the empty lists of what it copies from the VMI, as their Go encoding does', () => {
    // upstream: pod.Spec.Tolerations = vmi.Spec.Tolerations etc.; every one of these lists is omitempty
    const pod = render({
      tolerations: [],
      topologySpreadConstraints: [
        { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', matchLabelKeys: [] },
      ],
      dnsConfig: { nameservers: ['1.1.1.1'], searches: [], options: [] },
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              { matchExpressions: [{ key: 'a', operator: 'Exists', values: [] }], matchFields: [] },
            ],
          },
          preferredDuringSchedulingIgnoredDuringExecution: [],
        },
        podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [] },
      },
    });
    assert.equal(pod.spec?.tolerations, undefined);
    assert.deepEqual(pod.spec?.topologySpreadConstraints, [
      { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' },
    ]);
    assert.deepEqual(pod.spec?.dnsConfig, { nameservers: ['1.1.1.1'] });
    assert.deepEqual(pod.spec?.affinity, {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            {
              matchExpressions: [
                { key: 'a', operator: 'Exists' },
                { key: 'node-labeller.kubevirt.io/obsolete-host-model', operator: 'DoesNotExist' },
              ],
            },
          ],
        },
      },
      podAffinity: {},
    });
  });
});
