// Options and input normalization of admitVMICreate.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { admitVMICreate } from '../../../src/admission/validate/index.js';
import { loadFixtures } from './fixtures.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

const basic = loadFixtures().find((c) => c.name === 'conformance/001-containerdisk-cloudinit-nocloud')!;

describe('admitVMICreate options', () => {
  it('allows reserved labels for KubeVirt service accounts only', () => {
    const vmi = structuredClone(basic.vmi!);
    vmi.metadata = { ...vmi.metadata, labels: { 'kubevirt.io/nodeName': 'node01' } };
    assert.equal(admitVMICreate(vmi, basic.config).allowed, false);
    const controller = 'system:serviceaccount:kubevirt:kubevirt-controller';
    assert.equal(admitVMICreate(vmi, basic.config, { userName: controller }).allowed, true);
    assert.equal(
      admitVMICreate(vmi, basic.config, { userName: controller, kubevirtNamespace: 'openshift-cnv' }).allowed,
      false,
    );
  });

  it('reads the VMI as the mutating webhook re-encoded it (empty lists are absent)', () => {
    const vmi = structuredClone(basic.vmi!);
    vmi.spec.domain.devices.hostDevices = [];
    assert.deepEqual(admitVMICreate(vmi, basic.config), { allowed: true, causes: [] });
  });

  it('sanitizes DNS nameservers like decoding does (leading zeros)', () => {
    const vmi = structuredClone(basic.vmi!);
    vmi.spec.dnsPolicy = 'None';
    vmi.spec.dnsConfig = { nameservers: ['010.0.0.010'] };
    assert.deepEqual(admitVMICreate(vmi, basic.config), { allowed: true, causes: [] });
  });

  it('does not mutate its input', () => {
    const vmi = structuredClone(basic.vmi!);
    const before = JSON.stringify(vmi);
    admitVMICreate(vmi, new ClusterConfig({ release: V1_4_0 }));
    assert.equal(JSON.stringify(vmi), before);
  });
});
