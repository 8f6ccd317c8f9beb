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
