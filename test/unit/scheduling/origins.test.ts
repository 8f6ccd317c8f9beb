import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import {
  affinityRequirementOrigin,
  nodeSelectorOrigin,
  resourceOrigin,
  type OriginContext,
} from '../../../src/scheduling/origins.js';

const context: OriginContext = {
  vmi: {
    spec: {
      nodeSelector: { zone: 'a' },
      domain: {
        cpu: { features: [{ name: 'vmx' }, { name: 'pdpe1gb' }] },
        resources: { requests: { memory: '2Gi' } },
        devices: { gpus: [{ deviceName: 'nvidia.com/A10' }] },
      },
    },
  },
  clusterNodeSelectors: { 'node-role.kubernetes.io/worker': '' },
};
const path = (origin: { path: (string | number)[] }) => origin.path.join('.');

describe('origins of the requirements', () => {
  it('node selectors: the VMI, the cluster, and each KubeVirt feature', () => {
    const cases: [string, string][] = [
      ['zone', 'spec.nodeSelector.zone'],
      ['node-role.kubernetes.io/worker', ''],
      ['kubevirt.io/schedulable', ''],
      ['cpu-model.node.kubevirt.io/Haswell', 'spec.domain.cpu.model'],
      ['cpu-feature.node.kubevirt.io/pdpe1gb', 'spec.domain.cpu.features.1'],
      ['cpumanager', 'spec.domain.cpu.dedicatedCpuPlacement'],
      ['kubevirt.io/cpumanager', 'spec.domain.cpu.dedicatedCpuPlacement'],
      ['hyperv.node.kubevirt.io/synic', 'spec.domain.features.hyperv.synic'],
      ['kubevirt.io/sev', 'spec.domain.launchSecurity.sev'],
      ['kubevirt.io/sev-snp', 'spec.domain.launchSecurity.snp'],
      ['scheduling.node.kubevirt.io/tsc-frequency-2400000000', 'spec.domain.cpu.features'],
      ['kubevirt.io/realtime', 'spec.domain.cpu.realtime'],
      ['machine-type.node.kubevirt.io/q35', 'spec.domain.machine.type'],
      ['kubernetes.io/arch', 'spec.architecture'],
    ];
    for (const [key, expected] of cases) assert.equal(path(nodeSelectorOrigin(key, context)), expected, key);
    assert.match(
      nodeSelectorOrigin('node-role.kubernetes.io/worker', context).because,
      /developerConfiguration\.nodeSelectors/,
    );
  });
  it('resources: memory, cpu, kvm, network devices, GPUs', () => {
    assert.equal(path(resourceOrigin('memory', context)), 'spec.domain.resources.requests.memory');
    assert.equal(path(resourceOrigin('memory', { ...context, vmi: {} })), 'spec.domain.memory');
    assert.equal(path(resourceOrigin('cpu', context)), 'spec.domain.cpu');
    assert.equal(path(resourceOrigin('devices.kubevirt.io/kvm', context)), '');
    assert.match(resourceOrigin('devices.kubevirt.io/kvm', context).because, /useEmulation/);
    assert.equal(path(resourceOrigin('devices.kubevirt.io/tun', context)), 'spec.domain.devices.interfaces');
    assert.equal(path(resourceOrigin('hugepages-1Gi', context)), 'spec.domain.memory.hugepages');
    assert.equal(path(resourceOrigin('nvidia.com/A10', context)), 'spec.domain.devices.gpus.0');
  });
  it('the affinity KubeVirt adds: obsolete host model, forbidden CPU features', () => {
    const obsolete = affinityRequirementOrigin(
      'node-labeller.kubevirt.io/obsolete-host-model',
      'DoesNotExist',
      context,
    );
    assert.equal(path(obsolete), 'spec.domain.cpu.model');
    const forbidden = affinityRequirementOrigin('cpu-feature.node.kubevirt.io/vmx', 'DoesNotExist', context);
    assert.equal(path(forbidden), 'spec.domain.cpu.features.0');
  });
});
