import assert from 'node:assert/strict';

import { describe, it } from 'node:test';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { MemoryClusterState } from '../../../src/state/cluster-state.js';
import type { KubeVirt } from '../../../src/types/kubevirt.js';
import type { NetworkAttachmentDefinition, ResourceRequirements } from '../../../src/types/k8s.js';
import { RenderError } from '../../../src/errors.js';
import {
  getMemoryOverhead,
  hotplugContainerResourceRequirementsForVMI,
  initContainerResourceRequirementsForVMI,
  renderComputeResources,
  sidecarResources,
} from '../../../src/render/resources.js';
import { labelSelectorAsSelector, labelSelectorMatches } from '../../../src/util/label-selector.js';
import { float64ToInt64, goFormatG, goParseFloat } from '../../../src/util/go/float.js';
import { getNumberOfVCPUs } from '../../../src/pkg/util/hardware.js';
import { isNonRootVMI, wantsToHaveQOSGuaranteed } from '../../../src/pkg/util/vmi.js';
import { caseNames, loadCase, type ConformanceCase } from '../../support/conformance-cases.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

type Case = ConformanceCase & { networkToResourceMap: Map<string, string> };

/** The Multus network -> device resource map, built independently of the network module. */
function withNetworkResourceMap(c: ConformanceCase): Case {
  const networkToResourceMap = new Map<string, string>();
  for (const network of c.vmi?.spec.networks ?? []) {
    if (!network.multus) continue;
    const [first, second] = network.multus.networkName.split('/');
    const [namespace, name] =
      second === undefined ? [c.vmi?.metadata?.namespace ?? 'default', first ?? ''] : [first ?? '', second];
    const nad = c.state.getNetworkAttachmentDefinition(namespace, name) as
      NetworkAttachmentDefinition | undefined;
    networkToResourceMap.set(
      network.name,
      nad?.metadata?.annotations?.['k8s.v1.cni.cncf.io/resourceName'] ?? '',
    );
  }
  return Object.assign(c, { networkToResourceMap });
}

const cases = caseNames().map((name) => withNetworkResourceMap(loadCase(name)));
const podCases = cases.filter((c) => c.pod && c.vmi);

/** Comparison rule 1 of the conformance README, for resource lists. */
function normalize(resources: ResourceRequirements | undefined): ResourceRequirements {
  const out: ResourceRequirements = {};
  if (resources?.limits && Object.keys(resources.limits).length) out.limits = { ...resources.limits };
  if (resources?.requests && Object.keys(resources.requests).length) out.requests = { ...resources.requests };
  return out;
}

describe('renderComputeResources against every conformance Pod', () => {
  assert.ok(
    podCases.length === cases.filter((c) => c.pod).length && podCases.length > 90,
    `expected the conformance corpus, found ${podCases.length} pod cases`,
  );
  for (const c of podCases) {
    it(c.name, () => {
      const compute = c.pod!.spec!.containers[0]!;
      assert.equal(compute.name, 'compute');
      const actual = renderComputeResources(c.renderVmi, c.config, c.state, c.networkToResourceMap);
      assert.deepEqual(normalize(actual), normalize(compute.resources));
    });
  }
});

describe('support container resources against the conformance Pods', () => {
  for (const c of podCases) {
    const sidecars = c.pod!.spec!.containers.filter((container) =>
      container.name.startsWith('hook-sidecar-'),
    );
    const binaryInit = c.pod!.spec!.initContainers?.find(
      (container) => container.name === 'container-disk-binary',
    );
    if (sidecars.length === 0 && !binaryInit) continue;
    it(c.name, () => {
      for (const sidecar of sidecars) {
        assert.deepEqual(
          normalize(sidecarResources(c.vmi!, c.config)),
          normalize(sidecar.resources),
          sidecar.name,
        );
      }
      if (binaryInit) {
        assert.deepEqual(
          normalize(initContainerResourceRequirementsForVMI(c.vmi!, 'container-disk', c.config)),
          normalize(binaryInit.resources),
        );
      }
    });
  }
});

describe('validatePermittedHostDevices', () => {
  it('102: a GPU missing from permittedHostDevices is refused with upstream words', () => {
    const c = cases.find((x) => x.name === '102-error-gpu-not-permitted');
    assert.ok(c?.error);
    assert.throws(
      () => renderComputeResources(c.inputVMI, c.config, c.state, new Map()),
      (err: unknown) =>
        err instanceof RenderError &&
        err.message ===
          'GPU nvidia.com/GH100_H100_PCIE is not permitted in permittedHostDevices configuration' &&
        c.error!.endsWith(err.message),
    );
  });

  it('several refused devices are joined with spaces; % is treated like a Go format verb', () => {
    const config = new ClusterConfig({
      release: V1_4_0,
      kubevirt: {
        spec: { configuration: { permittedHostDevices: { pciHostDevices: [] } } },
      } as unknown as KubeVirt,
    });
    const vmi = structuredClone(podCases[0]!.vmi!);
    vmi.spec.domain.devices.gpus = [{ name: 'g', deviceName: 'a/gpu' }];
    vmi.spec.domain.devices.hostDevices = [{ name: 'h', deviceName: 'b/dev%s' }];
    assert.throws(() => renderComputeResources(vmi, config, new MemoryClusterState(), new Map()), {
      message:
        'GPU a/gpu is not permitted in permittedHostDevices configuration ' +
        'HostDevice b/dev%!s(MISSING) is not permitted in permittedHostDevices configuration',
    });
  });
});

describe('getMemoryOverhead', () => {
  const base = podCases.find((c) => c.name === '001-containerdisk-cloudinit-nocloud')!;

  it('001: 2Gi request on amd64 (DecimalSI: the sum starts from a Kilo-scaled zero)', () => {
    // 2294Mi pod request - 2Gi guest = 246Mi overhead, printed in the overhead's DecimalSI format
    assert.equal(
      getMemoryOverhead(base.vmi!, 'amd64', undefined, V1_4_0).toString(),
      String(246 * 1024 * 1024),
    );
  });

  it('arm64 adds 128Mi of pflash', () => {
    assert.equal(
      getMemoryOverhead(base.vmi!, 'arm64', undefined, V1_4_0).toString(),
      String(374 * 1024 * 1024),
    );
  });

  it('an unparsable additional ratio returns the overhead before the QoS addition (upstream early return)', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.cpu = { ...vmi.spec.domain.cpu, dedicatedCpuPlacement: true };
    assert.equal(getMemoryOverhead(vmi, 'amd64', 'x', V1_4_0).toString(), String(246 * 1024 * 1024));
    assert.equal(getMemoryOverhead(vmi, 'amd64', '', V1_4_0).toString(), String(346 * 1024 * 1024));
  });

  it('without a CPU topology the vCPU count comes from the cpu limit, rounded up', () => {
    const vmi = structuredClone(base.vmi!);
    delete vmi.spec.domain.cpu;
    vmi.spec.domain.resources = { requests: { memory: '2Gi' }, limits: { cpu: '2500m' } };
    // 3 vCPUs: 2 more than base at 8Mi each
    assert.equal(getMemoryOverhead(vmi, 'amd64', undefined, V1_4_0).toString(), String(262 * 1024 * 1024));
  });
});

describe('renderer oddities', () => {
  const base = podCases.find((c) => c.name === '001-containerdisk-cloudinit-nocloud')!;

  it('cpu request printed like Go %g, small values in milli-cores', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.cpu = { cores: 1, sockets: 1, threads: 1 };
    const config = new ClusterConfig({
      release: V1_4_0,
      kubevirt: {
        spec: { configuration: { developerConfiguration: { cpuAllocationRatio: 3 } } },
      } as unknown as KubeVirt,
    });
    // MustParse("333.33333333333337m") keeps nano precision (rounded up): upstream prints 333333334n
    assert.equal(renderComputeResources(vmi, config, base.state, new Map()).requests?.['cpu'], '333333334n');
  });

  it('overcommitGuestOverhead keeps the memory request as the guest asked', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.resources = { ...vmi.spec.domain.resources, overcommitGuestOverhead: true };
    assert.equal(renderComputeResources(vmi, base.config, base.state, new Map()).requests?.['memory'], '2Gi');
  });

  it('an isolated emulator thread without a topology overrides the cpu limit with 1', () => {
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.cpu = { dedicatedCpuPlacement: true, isolateEmulatorThread: true };
    vmi.spec.domain.resources = { requests: { memory: '1Gi', cpu: '2' }, limits: { cpu: '2' } };
    const out = renderComputeResources(vmi, base.config, base.state, new Map());
    assert.equal(out.limits?.['cpu'], '1');
    assert.equal(out.requests?.['cpu'], '3');
  });

  it('network resources are bumped once per network naming them', () => {
    const out = renderComputeResources(
      base.vmi!,
      base.config,
      base.state,
      new Map([
        ['a', 'vendor.com/nic'],
        ['b', 'vendor.com/nic'],
        ['c', ''],
      ]),
    );
    assert.equal(out.limits?.['vendor.com/nic'], '2');
    assert.equal(out.requests?.['vendor.com/nic'], '2');
    assert.equal(out.requests?.[''], undefined);
  });
});

describe('support containers', () => {
  const base = podCases.find((c) => c.name === '001-containerdisk-cloudinit-nocloud')!;
  it('hotplug defaults', () => {
    assert.deepEqual(hotplugContainerResourceRequirementsForVMI(base.vmi!, base.config), {
      limits: { cpu: '100m', memory: '80M' },
      requests: { cpu: '10m', memory: '2M' },
    });
  });
  it('sidecar defaults: nothing unless QoS guaranteed', () => {
    assert.deepEqual(sidecarResources(base.vmi!, base.config), {});
    const vmi = structuredClone(base.vmi!);
    vmi.spec.domain.cpu = { ...vmi.spec.domain.cpu, dedicatedCpuPlacement: true };
    assert.deepEqual(sidecarResources(vmi, base.config), {
      limits: { cpu: '200m', memory: '64M' },
      requests: { cpu: '200m', memory: '64M' },
    });
  });
});

describe('label selectors (metav1.LabelSelectorAsSelector)', () => {
  const labels = { team: 'a', tier: 'gold' };
  it('matchLabels and matchExpressions', () => {
    assert.equal(labelSelectorMatches({ matchLabels: { team: 'a' } }, labels), true);
    assert.equal(labelSelectorMatches({ matchLabels: { team: 'b' } }, labels), false);
    assert.equal(
      labelSelectorMatches(
        { matchExpressions: [{ key: 'tier', operator: 'In', values: ['gold', 'x'] }] },
        labels,
      ),
      true,
    );
    assert.equal(
      labelSelectorMatches(
        { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['gold'] }] },
        labels,
      ),
      false,
    );
    assert.equal(
      labelSelectorMatches(
        { matchExpressions: [{ key: 'nope', operator: 'NotIn', values: ['gold'] }] },
        labels,
      ),
      true,
    );
    assert.equal(
      labelSelectorMatches({ matchExpressions: [{ key: 'team', operator: 'Exists' }] }, labels),
      true,
    );
    assert.equal(
      labelSelectorMatches({ matchExpressions: [{ key: 'team', operator: 'DoesNotExist' }] }, labels),
      false,
    );
  });
  it('empty matches everything, absent nothing, invalid nothing', () => {
    assert.equal(labelSelectorMatches({}, labels), true);
    assert.equal(labelSelectorMatches(undefined, labels), false);
    assert.equal(
      labelSelectorMatches({ matchExpressions: [{ key: 'team', operator: 'In', values: [] }] }, labels),
      false,
    );
    assert.equal(
      labelSelectorMatches({ matchExpressions: [{ key: 'team', operator: 'Gt', values: ['1'] }] }, labels),
      false,
    );
    assert.equal(labelSelectorMatches({ matchLabels: { 'bad key!': 'a' } }, labels), false);
    assert.throws(() => labelSelectorAsSelector({ matchExpressions: [{ key: 'a', operator: 'Foo' }] }), {
      message: '"Foo" is not a valid label selector operator',
    });
  });
});

describe('Go float helpers', () => {
  it('%g', () => {
    assert.equal(goFormatG(0.5), '0.5');
    assert.equal(goFormatG(1.5), '1.5');
    assert.equal(goFormatG(100), '100');
    assert.equal(goFormatG(1e6), '1e+06');
    assert.equal(goFormatG(1234567), '1.234567e+06');
    assert.equal(goFormatG(0.0001), '0.0001');
    assert.equal(goFormatG(0.00001), '1e-05');
    assert.equal(goFormatG(1 / 3), '0.3333333333333333');
  });
  it('ParseFloat', () => {
    assert.equal(goParseFloat('1.5'), 1.5);
    assert.equal(goParseFloat('2'), 2);
    assert.equal(goParseFloat('.5'), 0.5);
    assert.equal(goParseFloat('1e3'), 1000);
    assert.equal(goParseFloat('Inf'), Infinity);
    assert.equal(goParseFloat('0x1p1'), 2);
    assert.equal(goParseFloat('1e400'), undefined);
    assert.equal(goParseFloat(' 1'), undefined);
    assert.equal(goParseFloat('1.5x'), undefined);
    assert.equal(goParseFloat(''), undefined);
    // checked against Go 1.22 strconv
    assert.equal(goParseFloat('1_0'), 10);
    assert.equal(goParseFloat('0x_1p0'), 1);
    assert.equal(goParseFloat('1__0'), undefined);
    assert.equal(goParseFloat('_1'), undefined);
    assert.equal(goParseFloat('nan'), NaN);
    assert.equal(goParseFloat('-nan'), undefined);
    assert.equal(goParseFloat('+inf'), Infinity);
    assert.equal(goParseFloat('1.'), 1);
    assert.equal(goParseFloat('0x1.8p1'), 3);
    assert.equal(goParseFloat('0x.8p1'), 1);
    assert.equal(goParseFloat('0x1'), undefined);
  });
  it('int64 conversion', () => {
    assert.equal(float64ToInt64(2.9), 2n);
    assert.equal(float64ToInt64(-2.9), -2n);
    assert.equal(float64ToInt64(Infinity), -(1n << 63n));
    assert.equal(float64ToInt64(Infinity, 'arm64'), (1n << 63n) - 1n);
  });
});

describe('vmi helpers', () => {
  it('vCPUs and QoS', () => {
    assert.equal(getNumberOfVCPUs({ sockets: 2, cores: 2, threads: 2 }), 8);
    assert.equal(getNumberOfVCPUs({ threads: 3 }), 3);
    assert.equal(getNumberOfVCPUs({}), 0);
    // uint32 arithmetic, as upstream's: the product wraps around at 2^32, and a factor meeting 0 restarts it
    assert.equal(getNumberOfVCPUs({ cores: 65536, sockets: 65536 }), 0);
    assert.equal(getNumberOfVCPUs({ cores: 65536, sockets: 65536, threads: 3 }), 3);
    assert.equal(getNumberOfVCPUs({ cores: 4294967295, sockets: 2 }), 4294967294);
    const qos = podCases.find((c) => c.name === '003-guaranteed-qos-from-limits-only')!;
    assert.equal(wantsToHaveQOSGuaranteed(qos.vmi!, V1_4_0), true);
    assert.equal(isNonRootVMI(qos.vmi!), true);
  });
});
