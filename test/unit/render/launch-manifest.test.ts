// renderLaunchManifest behaviour the conformance cases do not reach; expectations from the upstream Go code.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { MemoryClusterState } from '../../../src/state/cluster-state.js';
import { renderLaunchManifest } from '../../../src/render/launch-manifest.js';
import type { VirtualMachineInstance } from '../../../src/types/kubevirt.js';

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
      new ClusterConfig(),
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
