// The launcher Pod's resources as KubeVirt v1.9.0 renders them.
import assert from 'node:assert/strict';

import { describe, it } from 'node:test';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { MemoryClusterState } from '../../../src/state/cluster-state.js';
import type { KubeVirt, VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import type { Container, ResourceRequirements } from '../../../src/types/k8s.js';
import { RenderError } from '../../../src/errors.js';
import {
  calculateMemoryOverhead,
  getMemoryOverhead,
  hypervisorResourceName,
  initContainerResourceRequirementsForVMI,
  MEMORY_OVERHEAD_ANNOTATION_BYTES,
  podResourceClaims,
  renderComputeResources,
  renderComputeResourcesAndVMI,
  sidecarResources,
} from '../../../src/render/resources.js';
import { networkToResourceMapForRender } from '../../../src/render/network/resource-map.js';
import { wantsToHaveQOSGuaranteed } from '../../../src/pkg/util/vmi.js';
import { caseNames, loadReleaseCase } from '../../support/conformance-cases.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
import { Quantity } from '../../../src/quantity/quantity.js';

const V1_4_0 = KubeVirtRelease.of('v1.4.0');
const V1_9_0 = KubeVirtRelease.of('v1.9.0');
const Mi = 1024n * 1024n;

const cases = caseNames('v1.9.0').map((name) => loadReleaseCase('v1.9.0', name));
const podCases = cases.filter((c) => c.pod && c.vmi);

/** Comparison rule 1 of the conformance README, for resource lists. */
function normalize(resources: ResourceRequirements | undefined): ResourceRequirements {
  const out: ResourceRequirements = {};
  if (resources?.limits && Object.keys(resources.limits).length) out.limits = { ...resources.limits };
  if (resources?.requests && Object.keys(resources.requests).length) out.requests = { ...resources.requests };
  if (resources?.claims?.length) out.claims = resources.claims;
  return out;
}

const configWith = (configuration: Record<string, unknown>, release = V1_9_0): ClusterConfig =>
  new ClusterConfig({ release, kubevirt: { spec: { configuration } } as unknown as KubeVirt });

describe('v1.9.0: compute resources and memory overhead against every conformance Pod', () => {
  assert.ok(podCases.length > 90, `expected the v1.9.0 corpus, found ${podCases.length} pod cases`);
  for (const c of podCases) {
    it(c.name, () => {
      const compute = c.pod!.spec!.containers[0]!;
      assert.equal(compute.name, 'compute');
      const networkToResourceMap = networkToResourceMapForRender(c.config, c.state, c.vmi!);
      const actual = renderComputeResourcesAndVMI(c.renderVmi, c.config, c.state, networkToResourceMap);
      assert.deepEqual(normalize(actual.resources as ResourceRequirements), normalize(compute.resources));
      // the annotation reports the overhead unless the VmiMemoryOverheadReport gate is switched off
      assert.equal(
        c.config.vmiMemoryOverheadReportEnabled() ? actual.memoryOverhead.value().toString() : undefined,
        c.pod!.metadata?.annotations?.[MEMORY_OVERHEAD_ANNOTATION_BYTES],
      );
    });
  }
});

describe('v1.9.0: support container resources against the conformance Pods', () => {
  for (const c of podCases) {
    const all: Container[] = [...c.pod!.spec!.containers, ...(c.pod!.spec!.initContainers ?? [])];
    const sidecars = all.filter((container) => container.name.startsWith('hook-sidecar-'));
    if (sidecars.length === 0) continue;
    it(c.name, () => {
      for (const sidecar of sidecars) {
        assert.deepEqual(
          normalize(sidecarResources(c.vmi!, c.config)),
          normalize(sidecar.resources),
          sidecar.name,
        );
      }
    });
  }
});

describe('v1.9.0: memory overhead terms', () => {
  const base = podCases.find((c) => c.name === '001-containerdisk-cloudinit-nocloud')!;
  const overheadMi = (vmi: VirtualMachineInstance, ratio?: string): bigint => {
    const overhead = getMemoryOverhead(vmi, 'amd64', ratio, V1_9_0);
    assert.equal(overhead.value() % Mi, 0n);
    return overhead.value() / Mi;
  };

  it('virtlogd 25Mi, virtqemud 40Mi and 32Mi of video RAM: 26Mi more than v1.4.0', () => {
    // 2Gi request: 4Mi of page tables + 220Mi of processes + 8Mi per vCPU + 8Mi IO thread + 32Mi video
    assert.equal(overheadMi(base.vmi!), 272n);
    assert.equal(getMemoryOverhead(base.vmi!, 'amd64', undefined, V1_4_0).value() / Mi, 246n);
  });

  it('no page tables while the VMI has no memory request (admission no longer sets one)', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.resources = {};
    assert.equal(overheadMi(vmi), 268n);
  });

  it('the dedicated-CPU overhead is multiplied by the additional ratio (it was added after it)', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.cpu = { ...vmi.spec.domain.cpu, dedicatedCpuPlacement: true };
    // multiplyMemory adds (ratio - 1) times the overhead in whole kilobytes, rounded up
    const before = (272n + 100n) * Mi;
    const kilo = (before + 999n) / 1000n;
    assert.equal(getMemoryOverhead(vmi, 'amd64', '2', V1_9_0).value(), before + kilo * 1000n);
    // an unparsable ratio still returns early, now with the dedicated-CPU overhead in
    assert.equal(overheadMi(vmi, 'x'), 372n);
  });

  it('a disabled TPM adds no swtpm overhead; SEV-SNP counts like SEV; reservedOverhead is added', () => {
    const vmi = structuredClone(base.vmi!) as VirtualMachineInstance & Record<string, never>;
    const devices = vmi.spec.domain.devices as Record<string, unknown>;
    devices['tpm'] = { enabled: false };
    assert.equal(overheadMi(vmi), 272n);
    devices['tpm'] = {};
    assert.equal(overheadMi(vmi), 272n + 53n);
    delete devices['tpm'];
    (vmi.spec.domain as Record<string, unknown>)['launchSecurity'] = { snp: {} };
    assert.equal(overheadMi(vmi), 272n + 256n);
    (vmi.spec.domain as Record<string, unknown>)['launchSecurity'] = undefined;
    vmi.spec.domain.memory = {
      ...vmi.spec.domain.memory,
      reservedOverhead: { addedOverhead: '1Gi' },
    } as never;
    assert.equal(overheadMi(vmi), 272n + 1024n);
  });

  it('a memory limit without a request asks for guaranteed QoS from v1.9.0 on', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.resources = { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1' } };
    assert.equal(wantsToHaveQOSGuaranteed(vmi, V1_9_0), true);
    assert.equal(wantsToHaveQOSGuaranteed(vmi, V1_4_0), false);
    assert.deepEqual(initContainerResourceRequirementsForVMI(vmi, 'container-disk', base.config), {
      limits: { cpu: '10m', memory: '40M' },
      requests: { cpu: '10m', memory: '40M' },
    });
  });

  it('passt (the core binding) adds 250Mi', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.devices.interfaces = [{ name: 'default', passtBinding: {} } as never];
    assert.equal(
      calculateMemoryOverhead(vmi, base.config).value() -
        calculateMemoryOverhead(base.vmi!, base.config).value(),
      250n * Mi,
    );
  });
});

describe('v1.9.0: the renderer sets the memory request admission used to set', () => {
  const base = podCases.find((c) => c.name === '001-containerdisk-cloudinit-nocloud')!;
  const render = (vmi: VirtualMachineInstance, config = base.config): ResourceRequirements =>
    renderComputeResources(vmi, config, base.state, new Map()) as ResourceRequirements;

  it('from the guest memory, scaled by the memory overcommit before the overhead is added', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.resources = {};
    vmi.spec.domain.memory = { guest: '4Gi' };
    // 268Mi overhead (no page tables: the VMI has no request)
    assert.equal(render(vmi).requests?.['memory'], `${4096 + 268}Mi`);
    const overcommit = configWith({ developerConfiguration: { memoryOvercommit: 200 } });
    assert.equal(render(vmi, overcommit).requests?.['memory'], `${2048 + 268}Mi`);
  });

  it('from the memory limit, which then gets the overhead twice when both share one inf.Dec', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.resources = { limits: { memory: '1.5Gi' } };
    const out = renderComputeResourcesAndVMI(vmi, base.config, base.state, new Map());
    // 268Mi overhead (no page tables), added to the request and then again through the limit
    assert.equal(out.memoryOverhead.value(), 268n * Mi);
    const twice = `${1536 + 2 * 268}Mi`;
    assert.equal(out.resources.requests?.['memory'], twice);
    assert.equal(out.resources.limits?.['memory'], twice);
    // and the VMI's own limit changed with them (the QoS checks of the support containers see it)
    assert.equal(out.vmi.spec.domain.resources?.limits?.['memory'], twice);
  });

  it('a request and a limit written alike are two values: each gets the overhead once', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.resources = { requests: { memory: '1.5Gi' }, limits: { memory: '1.5Gi' } };
    const out = renderComputeResourcesAndVMI(vmi, base.config, base.state, new Map());
    const overhead = out.memoryOverhead.value() / Mi;
    assert.equal(out.resources.requests?.['memory'], `${1536n + overhead}Mi`);
    assert.equal(out.resources.limits?.['memory'], `${1536n + overhead}Mi`);
  });

  it('dedicated CPUs with only guest memory: guest, request and limit share one inf.Dec', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.resources = {};
    vmi.spec.domain.memory = { guest: Quantity.decodeJSON('1.5Gi') as never };
    vmi.spec.domain.cpu = { cores: 2, sockets: 1, threads: 1, dedicatedCpuPlacement: true };
    const out = renderComputeResourcesAndVMI(vmi, base.config, base.state, new Map());
    const twice = `${1536n + 2n * (out.memoryOverhead.value() / Mi)}Mi`;
    assert.equal(out.resources.requests?.['memory'], twice);
    assert.equal(out.resources.limits?.['memory'], twice);
    // the same guest memory held as a whole number of Mi is no inf.Dec: the overhead once
    vmi.spec.domain.memory = { guest: '1536Mi' };
    const once = renderComputeResourcesAndVMI(vmi, base.config, base.state, new Map());
    assert.equal(once.resources.limits?.['memory'], `${1536n + once.memoryOverhead.value() / Mi}Mi`);
  });
});

describe('v1.9.0: CPUs', () => {
  const base = podCases.find((c) => c.name === '001-containerdisk-cloudinit-nocloud')!;
  const render = (vmi: VirtualMachineInstance): ResourceRequirements =>
    renderComputeResources(vmi, base.config, base.state, new Map()) as ResourceRequirements;

  it('dedicated CPUs are requested explicitly, supplemental-pool IO threads included', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.cpu = { cores: 2, sockets: 1, threads: 1, dedicatedCpuPlacement: true };
    assert.equal(render(vmi).requests?.['cpu'], '2');
    Object.assign(vmi.spec.domain, {
      ioThreadsPolicy: 'supplementalPool',
      ioThreads: { supplementalPoolThreadCount: 2 },
    });
    assert.equal(render(vmi).requests?.['cpu'], '4');
    assert.equal(render(vmi).limits?.['cpu'], '4');
  });

  it('the even-parity emulator thread counts the supplemental pool once more', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.metadata = {
      ...vmi.metadata,
      annotations: { 'alpha.kubevirt.io/EmulatorThreadCompleteToEvenParity': '' },
    };
    vmi.spec.domain.cpu = {
      cores: 2,
      sockets: 1,
      threads: 1,
      dedicatedCpuPlacement: true,
      isolateEmulatorThread: true,
    };
    Object.assign(vmi.spec.domain, {
      ioThreadsPolicy: 'supplementalPool',
      ioThreads: { supplementalPoolThreadCount: 1 },
    });
    // limit 3 (2 vCPUs + 1 IO thread); 3 + 1 is even: two emulator thread CPUs
    assert.equal(render(vmi).limits?.['cpu'], '5');
  });

  it('without dedicated CPUs the IO threads join the allocation ratio', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.cpu = { cores: 4, sockets: 1, threads: 1 };
    Object.assign(vmi.spec.domain, { ioThreads: { supplementalPoolThreadCount: 1 } });
    assert.equal(render(vmi).requests?.['cpu'], '500m');
  });
});

describe('v1.9.0: devices', () => {
  const base = podCases.find((c) => c.name === '001-containerdisk-cloudinit-nocloud')!;

  it('DRA GPUs and host devices become container claims, device-plugin ones resources', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.devices.gpus = [
      { name: 'plugin', deviceName: 'nvidia.com/A100' },
      { name: 'dra', deviceName: '', claimName: 'gpu-claim', requestName: 'gpu' } as never,
    ];
    vmi.spec.domain.devices.hostDevices = [{ name: 'hd', deviceName: '', claimName: 'hd-claim' } as never];
    const out = renderComputeResources(vmi, base.config, base.state, new Map());
    assert.equal(out.limits?.['nvidia.com/A100'], '1');
    assert.equal(out.limits?.[''], undefined);
    assert.deepEqual(out.claims, [{ name: 'gpu-claim', request: 'gpu' }, { name: 'hd-claim' }]);
    const withoutGate = Object.assign(configWith({}), { gpusWithDRAEnabled: () => false });
    assert.deepEqual(renderComputeResources(vmi, withoutGate, base.state, new Map()).claims, [
      { name: 'hd-claim' },
    ]);
  });

  it('a DRA device as users write it, without deviceName (Go reads it as ""), is a DRA device', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.devices.gpus = [{ name: 'dra', claimName: 'gpu-claim', requestName: 'gpu' }];
    vmi.spec.domain.devices.hostDevices = [{ name: 'hd', claimName: 'hd-claim' }];
    const out = renderComputeResources(vmi, base.config, base.state, new Map());
    assert.deepEqual(out.claims, [{ name: 'gpu-claim', request: 'gpu' }, { name: 'hd-claim' }]);
    assert.equal(out.limits?.[''], undefined);
  });

  it('DRA networks only with the NetworkDevicesWithDRA gate (Alpha)', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.networks = [{ name: 'net', resourceClaim: { claimName: 'nic', requestName: 'vf' } } as never];
    assert.equal(renderComputeResources(vmi, base.config, base.state, new Map()).claims, undefined);
    const gated = configWith({ developerConfiguration: { featureGates: ['NetworkDevicesWithDRA'] } });
    assert.deepEqual(renderComputeResources(vmi, gated, base.state, new Map()).claims, [
      { name: 'nic', request: 'vf' },
    ]);
  });

  it("the Pod's resourceClaims copy the VMI's", () => {
    const vmi = structuredClone(base.vmi!);
    assert.equal(podResourceClaims(vmi), undefined);
    Object.assign(vmi.spec, { resourceClaims: [{ name: 'a', resourceClaimTemplateName: 't' }] });
    assert.deepEqual(podResourceClaims(vmi), [{ name: 'a', resourceClaimTemplateName: 't' }]);
  });

  it('TDX and IOMMUFD devices', () => {
    const vmi = structuredClone(base.vmi!);
    Object.assign(vmi.spec.domain, { launchSecurity: { tdx: {} } });
    const gated = configWith({ developerConfiguration: { featureGates: ['IOMMUFD'] } });
    const out = renderComputeResources(vmi, gated, base.state, new Map());
    assert.equal(out.limits?.['devices.kubevirt.io/tdx'], '1');
    assert.equal(out.limits?.['devices.kubevirt.io/iommufd'], '1');
  });

  it('a refused device message is no longer read as a format string', () => {
    const config = configWith({ permittedHostDevices: { pciHostDevices: [] } });
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.devices.hostDevices = [{ name: 'h', deviceName: 'b/dev%s' }];
    assert.throws(
      () => renderComputeResources(vmi, config, new MemoryClusterState(), new Map()),
      (err: unknown) =>
        err instanceof RenderError &&
        err.message === 'HostDevice b/dev%s is not permitted in permittedHostDevices configuration',
    );
    // DRA-claimed devices are not checked against permittedHostDevices
    vmi.spec.domain.devices.hostDevices = [{ name: 'h', deviceName: '', claimName: 'c' } as never];
    assert.doesNotThrow(() => renderComputeResources(vmi, config, new MemoryClusterState(), new Map()));
  });
});

describe('v1.9.0: ExternalNetResourceInjection', () => {
  const missingNAD = cases.find((c) => c.name === '099-error-missing-network-attachment-definition')!;

  it('on by default (Beta): no NAD lookup, so a missing NAD is no error and no resource is added', () => {
    assert.equal(missingNAD.config.externalNetResourceInjectionEnabled(), true);
    assert.deepEqual(
      networkToResourceMapForRender(missingNAD.config, missingNAD.state, missingNAD.vmi!),
      new Map(),
    );
  });

  it('off before v1.9.0 (the gate does not exist there)', () => {
    const old = new ClusterConfig({ release: V1_4_0 });
    assert.equal(old.externalNetResourceInjectionEnabled(), false);
    assert.throws(() => networkToResourceMapForRender(old, missingNAD.state, missingNAD.vmi!), RenderError);
  });
});

describe('v1.9.0 gates read by the renderer (cluster-config.ts)', () => {
  it('Beta gates are on unless disabled, Alpha gates off unless enabled, all off before v1.9.0', () => {
    const fresh = new ClusterConfig({ release: V1_9_0 });
    assert.equal(fresh.vmiMemoryOverheadReportEnabled(), true);
    assert.equal(fresh.gpusWithDRAEnabled(), true);
    assert.equal(fresh.hostDevicesWithDRAEnabled(), true);
    assert.equal(fresh.networkDevicesWithDRAEnabled(), false);
    assert.equal(fresh.iommufdEnabled(), false);
    assert.equal(fresh.getHypervisorName(), 'kvm');
    assert.equal(
      configWith({ developerConfiguration: { featureGates: ['IOMMUFD'] } }).iommufdEnabled(),
      true,
    );
    const old = new ClusterConfig({ release: V1_4_0 });
    assert.equal(old.vmiMemoryOverheadReportEnabled(), false);
    assert.equal(old.gpusWithDRAEnabled(), false);
  });
});

describe('v1.9.0: the hypervisor device', () => {
  it('devices.kubevirt.io/kvm, or mshv for the hyperv-direct hypervisor', () => {
    const base = podCases.find((c) => c.name === '001-containerdisk-cloudinit-nocloud')!;
    assert.equal(hypervisorResourceName(new ClusterConfig({ release: V1_9_0 })), 'devices.kubevirt.io/kvm');
    const hyperv = Object.assign(new ClusterConfig({ release: V1_9_0 }), {
      getHypervisorName: () => 'hyperv-direct',
    });
    assert.equal(hypervisorResourceName(hyperv), 'devices.kubevirt.io/mshv');
    const out = renderComputeResources(base.vmi!, hyperv, base.state, new Map());
    assert.equal(out.limits?.['devices.kubevirt.io/mshv'], '1');
    assert.equal(out.limits?.['devices.kubevirt.io/kvm'], undefined);
    const old = Object.assign(new ClusterConfig({ release: V1_4_0 }), {
      getHypervisorName: () => 'hyperv-direct',
    });
    assert.equal(hypervisorResourceName(old), 'devices.kubevirt.io/kvm');
  });
});
