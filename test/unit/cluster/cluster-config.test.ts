// How the KubeVirt CR's configuration is laid over the defaults (upstream: virt-config setConfigFromKubeVirt).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import type { KubeVirt, KubeVirtConfiguration } from '../../../src/types/kubevirt.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

const kubevirt = (configuration: Record<string, unknown>): KubeVirt => ({
  apiVersion: 'kubevirt.io/v1',
  kind: 'KubeVirt',
  metadata: { name: 'kubevirt', namespace: 'kubevirt' },
  spec: { configuration: configuration as KubeVirtConfiguration },
});

describe('ClusterConfig from a KubeVirt CR', () => {
  // upstream marshals the Go-decoded configuration (omitempty) and unmarshals it over the defaults
  it('keeps the defaults for omitempty fields set to zero (expectations from the Go oracle)', () => {
    const config = new ClusterConfig({
      release: V1_4_0,
      kubevirt: kubevirt({
        cpuRequest: '333m',
        developerConfiguration: { memoryOvercommit: 0, cpuAllocationRatio: 0 },
      }),
    });
    assert.equal(config.configurationProblem, undefined);
    assert.equal(config.getMemoryOvercommit(), 100);
    assert.equal(config.getCPUAllocationRatio(), 10);
    assert.equal(config.getCPURequest()?.toString(), '333m');
  });

  it('falls back to the defaults for a negative memoryOvercommit', () => {
    const config = new ClusterConfig({
      release: V1_4_0,
      kubevirt: kubevirt({ cpuRequest: '333m', developerConfiguration: { memoryOvercommit: -5 } }),
    });
    assert.equal(config.configurationProblem, 'invalid memoryOvercommit in ConfigMap: -5');
    assert.equal(config.getCPURequest()?.toString(), '100m');
  });
});

const V1_9_0 = KubeVirtRelease.of('v1.9.0');

describe('ClusterConfig v1.9.0 (upstream pkg/virt-config at v1.9.0)', () => {
  it('has the fresh-install defaults of v1.9.0', () => {
    const config = new ClusterConfig({ release: V1_9_0 });
    assert.equal(config.getOVMFPath('amd64'), '/usr/share/edk2/ovmf');
    assert.equal(config.getOVMFPath('arm64'), '/usr/share/AAVMF');
    assert.equal(config.getOVMFPath('s390x'), '');
    assert.equal(config.getMachineType('s390x'), 's390-ccw-virtio');
    assert.deepEqual(config.getEmulatedMachines('s390x'), ['s390-ccw-virtio*']);
    // ppc64le has no architecture configuration any more: it falls to amd64's
    assert.equal(config.getMachineType('ppc64le'), 'q35');
    assert.equal(config.getDiskVerificationMemoryLimitBytes(), 2097152000n);
    assert.equal(config.isVMRolloutStrategyLiveUpdate(), true);
    assert.equal(config.getHypervisorName(), 'kvm');
  });

  it('keeps the v1.4.0 defaults for v1.4.0', () => {
    const config = new ClusterConfig({ release: V1_4_0 });
    assert.equal(config.getOVMFPath('amd64'), '/usr/share/OVMF');
    assert.equal(config.getMachineType('ppc64le'), 'pseries');
    assert.equal(config.getDiskVerificationMemoryLimitBytes(), 2000000000n);
    assert.equal(config.isVMRolloutStrategyLiveUpdate(), false);
  });

  it('LiveUpdate no longer needs the VMLiveUpdateFeatures gate; Stage still opts out', () => {
    const stage = new ClusterConfig({ release: V1_9_0, kubevirt: kubevirt({ vmRolloutStrategy: 'Stage' }) });
    assert.equal(stage.isVMRolloutStrategyLiveUpdate(), false);
    const live = new ClusterConfig({
      release: V1_4_0,
      kubevirt: kubevirt({ vmRolloutStrategy: 'LiveUpdate' }),
    });
    assert.equal(live.isVMRolloutStrategyLiveUpdate(), false, 'v1.4.0 still needs the gate');
  });

  it('feature gates follow their v1.9.0 state: GA on, Beta on unless disabled, Alpha when listed', () => {
    const none = new ClusterConfig({ release: V1_9_0 });
    assert.equal(none.vmPersistentStateEnabled(), true, 'GA');
    assert.equal(none.multiArchitectureEnabled(), false, 'Deprecated, not listed');
    assert.equal(none.externalNetResourceInjectionEnabled(), true, 'Beta');
    assert.equal(none.imageVolumeEnabled(), true, 'Beta');
    assert.equal(none.workloadEncryptionSEVEnabled(), true, 'Beta');
    assert.equal(none.vsockEnabled(), false, 'Alpha');
    assert.equal(none.isFeatureGateEnabled('NoSuchGate'), false, 'unregistered');
    const configured = new ClusterConfig({
      release: V1_9_0,
      kubevirt: kubevirt({
        developerConfiguration: {
          featureGates: ['VSOCK', 'NoSuchGate'],
          disabledFeatureGates: ['ImageVolume', 'VMPersistentState'],
        },
      }),
    });
    assert.equal(configured.vsockEnabled(), true);
    assert.equal(configured.isFeatureGateEnabled('NoSuchGate'), false);
    assert.equal(configured.imageVolumeEnabled(), false, 'a disabled Beta gate');
    assert.equal(configured.vmPersistentStateEnabled(), true, 'GA cannot be disabled');
  });

  it('v1.4.0: a listed gate is on only if v1.4.0 has it (newer gates are names it ignores)', () => {
    const listed = new ClusterConfig({
      release: V1_4_0,
      kubevirt: kubevirt({
        developerConfiguration: { featureGates: ['ImageVolume', 'PasstBinding', 'VSOCK', 'NoSuchGate'] },
      }),
    });
    assert.equal(listed.imageVolumeEnabled(), false);
    assert.equal(listed.passtBindingEnabled(), false);
    assert.equal(listed.isFeatureGateEnabled('NoSuchGate'), false);
    assert.equal(listed.vsockEnabled(), true);
  });

  it('persistent reservation: its configuration, else the gate literally listed (GA does not enable it)', () => {
    assert.equal(new ClusterConfig({ release: V1_9_0 }).persistentReservationEnabled(), false);
    const listed = kubevirt({ developerConfiguration: { featureGates: ['PersistentReservation'] } });
    assert.equal(
      new ClusterConfig({ release: V1_9_0, kubevirt: listed }).persistentReservationEnabled(),
      true,
    );
    const configured = kubevirt({ persistentReservationConfiguration: { enabled: true } });
    assert.equal(
      new ClusterConfig({ release: V1_9_0, kubevirt: configured }).persistentReservationEnabled(),
      true,
    );
  });

  it('v1.4.0 gates stay as they were: only GA ones without listing', () => {
    const config = new ClusterConfig({ release: V1_4_0 });
    assert.equal(config.numaEnabled(), true);
    assert.equal(config.vmPersistentStateEnabled(), false);
    assert.equal(config.externalNetResourceInjectionEnabled(), false);
  });
});

describe('the default architecture', () => {
  // upstream: virt-operator util/config.go SetDefaultArchitecture writes it to the CR's status, from which
  // setConfigFromKubeVirt takes it
  const arch = (spec?: string, status?: string): string =>
    new ClusterConfig({
      release: V1_4_0,
      arch: 'amd64',
      kubevirt: {
        ...kubevirt(spec ? { architectureConfiguration: { defaultArchitecture: spec } } : {}),
        ...(status ? { status: { defaultArchitecture: status } } : {}),
      } as KubeVirt,
    }).getDefaultArchitecture();

  it("is the spec's, else the status's, else the cluster's", () => {
    assert.equal(arch('arm64'), 'arm64');
    assert.equal(arch('arm64', 's390x'), 'arm64');
    assert.equal(arch(undefined, 's390x'), 's390x');
    assert.equal(arch(), 'amd64');
  });
});

describe('lists of the KubeVirt CR over the defaults', () => {
  it('decode element by element into the default list, as Go does (golang/go#21092)', () => {
    const config = new ClusterConfig({
      release: KubeVirtRelease.of('v1.9.0'),
      kubevirt: kubevirt({
        developerConfiguration: { featureGates: ['ConfigurableHypervisor'] },
        hypervisors: [{}],
      }),
    });
    assert.equal(config.getHypervisorName(), 'kvm');
  });
});
