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
