import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { RenderError } from '../../../src/errors.js';
import { MemoryClusterState } from '../../../src/state/cluster-state.js';
import type { VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import { generateNetworkAnnotations } from '../../../src/render/network/annotations.js';
import { istioProxyInjectionEnabled } from '../../../src/render/network/istio.js';
import { netAttachDefNamespacedName } from '../../../src/render/network/multus.js';
import { goJSONMarshal, goJSONString } from '../../../src/util/go/json.js';
import {
  createHashedNetworkNameScheme,
  generateHashedInterfaceName,
} from '../../../src/render/network/namescheme.js';
import { calculateNetBindingPluginMemory } from '../../../src/render/network/netbinding-memory.js';
import { netBindingPluginSidecarList } from '../../../src/render/network/netbinding.js';
import { getNetworkToResourceMap } from '../../../src/render/network/resource-map.js';
import {
  bindingPluginNetworkWithDeviceInfoExist,
  lookUpDefaultNetwork,
  setDefaultNetworkInterface,
  sriovInterfaceExist,
} from '../../../src/pkg/network/vmispec.js';
import { caseNames, loadCase } from '../../support/conformance-cases.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');
const V1_9_0 = KubeVirtRelease.of('v1.9.0');

const NETWORK_ANNOTATIONS = [
  'k8s.v1.cni.cncf.io/networks',
  'v1.multus-cni.io/default-network',
  'traffic.sidecar.istio.io/kubevirtInterfaces',
];
const RESOURCE_ENV_PREFIX = 'KUBEVIRT_RESOURCE_NAME_';
const HOOK_SIDECARS_ANNOTATION = 'hooks.kubevirt.io/hookSidecars';

const podCases = caseNames()
  .map(loadCase)
  .filter((c) => c.pod && c.vmi);

describe('network render against conformance cases', () => {
  for (const c of podCases) {
    const vmi = c.vmi!;
    const pod = c.pod!;
    describe(c.name, () => {
      it('network annotations', () => {
        const generated = generateNetworkAnnotations(vmi, c.config, c.state);
        for (const key of Object.keys(generated)) assert.ok(NETWORK_ANNOTATIONS.includes(key), key);
        // generator output is copied over the VMI's own annotations
        const effective: Record<string, string> = {};
        for (const key of NETWORK_ANNOTATIONS) {
          const value = generated[key] ?? vmi.metadata?.annotations?.[key];
          if (value !== undefined) effective[key] = value;
        }
        const expected: Record<string, string> = {};
        for (const key of NETWORK_ANNOTATIONS) {
          const value = pod.metadata?.annotations?.[key];
          if (value !== undefined) expected[key] = value;
        }
        assert.deepEqual(effective, expected);
      });

      it('KUBEVIRT_RESOURCE_NAME_* env', () => {
        const resources = getNetworkToResourceMap(c.state, vmi);
        const compute = pod.spec?.containers.find((ct) => ct.name === 'compute');
        assert.ok(compute);
        const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : 1);
        const actual = [...resources]
          .map(([net, res]) => ({ name: `${RESOURCE_ENV_PREFIX}${net}`, value: res }))
          .sort(byName);
        const expected = (compute.env ?? [])
          .filter((e) => e.name.startsWith(RESOURCE_ENV_PREFIX))
          .map((e) => ({ name: e.name, value: e.value ?? '' }))
          .sort(byName);
        assert.deepEqual(actual, expected);
        // map order follows spec.networks
        const multusNets = (vmi.spec.networks ?? []).filter((n) => n.multus).map((n) => n.name);
        assert.deepEqual([...resources.keys()], multusNets);
      });

      it('binding plugin sidecars', () => {
        const sidecars = netBindingPluginSidecarList(vmi, c.config);
        const rawHooks = vmi.metadata?.annotations?.[HOOK_SIDECARS_ANNOTATION];
        // a JSON null decodes to no sidecars, as in Go
        const annotationSidecars = rawHooks ? ((JSON.parse(rawHooks) as unknown[] | null)?.length ?? 0) : 0;
        const hookContainers = (pod.spec?.containers ?? []).filter((ct) =>
          /^hook-sidecar-\d+$/.test(ct.name),
        );
        assert.equal(hookContainers.length, annotationSidecars + sidecars.length);
        sidecars.forEach((sidecar, i) => {
          const container = hookContainers[annotationSidecars + i];
          assert.ok(container);
          assert.equal(container.name, `hook-sidecar-${annotationSidecars + i}`);
          assert.equal(container.image, sidecar.image);
          assert.equal(container.imagePullPolicy, sidecar.imagePullPolicy);
          assert.deepEqual(container.args ?? [], sidecar.args ?? []);
          assert.deepEqual(container.command ?? [], sidecar.command ?? []);
        });
      });
    });
  }

  it('covers the multus, binding plugin and istio cases', () => {
    const names = podCases.map((c) => c.name.slice(0, 3));
    for (const n of ['031', '038', '039', '040', '041', '042', '043', '077', '086', '087'])
      assert.ok(names.includes(n), n);
  });
});

describe('network render errors', () => {
  it('099: missing NetworkAttachmentDefinition', () => {
    const c = loadCase('099-error-missing-network-attachment-definition');
    assert.throws(
      () => getNetworkToResourceMap(c.state, c.vmi!),
      (err: unknown) =>
        err instanceof RenderError &&
        err.message === 'failed to locate network attachment definition default/backend-vlan' &&
        c.error!.endsWith(err.message),
    );
  });

  it('101: binding plugin not registered', () => {
    const c = loadCase('101-error-network-binding-plugin-not-registered');
    assert.throws(
      () => netBindingPluginSidecarList(c.vmi!, c.config),
      (err: unknown) =>
        err instanceof RenderError &&
        err.message === "couldn't find configuration for network bindining: macvtap" &&
        c.error!.endsWith(err.message),
    );
    // the multus annotation generator would fail too (it runs later in the render)
    assert.throws(
      () => generateNetworkAnnotations(c.vmi!, c.config, c.state),
      /unable to find the network binding plugin 'macvtap' in Kubevirt configuration/,
    );
  });

  it('sidecar list fails when no binding is configured at all', () => {
    const vmi = loadCase('101-error-network-binding-plugin-not-registered').vmi!;
    assert.throws(
      () => netBindingPluginSidecarList(vmi, new ClusterConfig({ release: V1_4_0 })),
      /network bindining: macvtap/,
    );
  });
});

describe('setDefaultNetworkInterface', () => {
  it('103: bridge on the pod network not permitted', () => {
    const c = loadCase('103-error-bridge-on-pod-network-not-permitted');
    const spec = structuredClone(c.inputVMI.spec);
    assert.throws(
      () => setDefaultNetworkInterface(c.config, spec),
      (err: unknown) =>
        err instanceof RenderError &&
        err.message === 'bridge interface is not enabled in kubevirt-config' &&
        c.error!.endsWith(err.message),
    );
  });

  for (const name of [
    '045-no-pod-network-autoattach-false',
    '046-default-network-interface-masquerade-config',
  ]) {
    it(`${name.slice(0, 3)}: matches the defaulted VMI`, () => {
      const c = loadCase(name);
      const spec = structuredClone(c.inputVMI.spec);
      setDefaultNetworkInterface(c.config, spec);
      assert.deepEqual(spec.domain.devices.interfaces, c.vmi!.spec.domain.devices.interfaces);
      assert.deepEqual(spec.networks, c.vmi!.spec.networks);
    });
  }

  it('every admitted case without interfaces or networks gets the expected defaults', () => {
    let checked = 0;
    for (const c of caseNames().map(loadCase)) {
      const input = c.inputVMI.spec;
      if (!c.admission || !c.vmi || input.networks || input.domain.devices.interfaces) continue;
      const spec = structuredClone(input);
      setDefaultNetworkInterface(c.config, spec);
      assert.deepEqual(spec.domain.devices.interfaces, c.vmi.spec.domain.devices.interfaces, c.name);
      assert.deepEqual(spec.networks, c.vmi.spec.networks, c.name);
      checked++;
    }
    assert.ok(checked > 10, `checked ${checked}`);
  });

  it('slirp default is rejected; explicit interfaces are left alone', () => {
    const slirp = {
      getDefaultNetworkInterface: () => 'slirp',
      isBridgeInterfaceOnPodNetworkEnabled: () => true,
    };
    const spec = { domain: { devices: {} } } as VirtualMachineInstance['spec'];
    assert.throws(() => setDefaultNetworkInterface(slirp, spec), /slirp interface is deprecated as of v1.3/);
    const withNets = {
      domain: { devices: {} },
      networks: [{ name: 'x', pod: {} }],
    } as VirtualMachineInstance['spec'];
    setDefaultNetworkInterface(slirp, withNets);
    assert.equal(withNets.domain.devices.interfaces, undefined);
  });
});

describe('network helpers', () => {
  it('hashed pod interface names (sha256 prefix)', () => {
    assert.equal(generateHashedInterfaceName('red'), 'podb1f51a511f1');
    const scheme = createHashedNetworkNameScheme(
      [
        { name: 'default', pod: {} },
        { name: 'red', multus: { networkName: 'red-net' } },
      ],
      V1_4_0,
    );
    assert.deepEqual(
      [...scheme],
      [
        ['red', 'podb1f51a511f1'],
        ['default', 'eth0'],
      ],
    );
  });

  it('NAD namespaced names', () => {
    assert.deepEqual(netAttachDefNamespacedName('ns', 'a/b/c'), { namespace: 'a', name: 'b/c' });
    assert.deepEqual(netAttachDefNamespacedName('ns', 'net'), { namespace: 'ns', name: 'net' });
  });

  it('Go JSON escaping', () => {
    assert.equal(goJSONString('a<b>&c\u2028\n\u0001'), '"a\\u003cb\\u003e\\u0026c\\u2028\\n\\u0001"');
    assert.equal(goJSONString('\ud800x'), '"\ufffdx"');
    assert.equal(goJSONMarshal({ b: 1, a: ['x'] }), '{"a":["x"],"b":1}');
  });

  it('multus annotation: MAC, escaping and absent interfaces', () => {
    const vmi = {
      metadata: { name: 'v', namespace: 'ns' },
      spec: {
        domain: {
          devices: {
            interfaces: [
              { name: 'default', masquerade: {} },
              { name: 'a&b', bridge: {}, macAddress: '02:00:00:00:00:01' },
              { name: 'gone', bridge: {}, state: 'absent' },
            ],
          },
        },
        networks: [
          { name: 'default', pod: {} },
          { name: 'a&b', multus: { networkName: 'other/<nad>' } },
          { name: 'gone', multus: { networkName: 'gone' } },
        ],
      },
    } as VirtualMachineInstance;
    const annotations = generateNetworkAnnotations(
      vmi,
      new ClusterConfig({ release: V1_4_0 }),
      new MemoryClusterState(),
    );
    assert.deepEqual(annotations, {
      'k8s.v1.cni.cncf.io/networks': `[{"name":"\\u003cnad\\u003e","namespace":"other","mac":"02:00:00:00:00:01","interface":"${generateHashedInterfaceName('a&b')}"}]`,
      'traffic.sidecar.istio.io/kubevirtInterfaces': 'k6t-eth0',
    });
  });

  it('predicates', () => {
    const bindings = {
      vhost: { sidecarImage: 'x', downwardAPI: 'device-info' },
      passt: { sidecarImage: 'y' },
    };
    assert.equal(
      bindingPluginNetworkWithDeviceInfoExist([{ name: 'a', binding: { name: 'passt' } }], bindings),
      false,
    );
    assert.equal(
      bindingPluginNetworkWithDeviceInfoExist([{ name: 'a', binding: { name: 'vhost' } }], bindings),
      true,
    );
    assert.equal(
      bindingPluginNetworkWithDeviceInfoExist([{ name: 'a', binding: { name: 'vhost' } }], undefined),
      false,
    );
    assert.equal(sriovInterfaceExist([{ name: 'a', bridge: {} }]), false);
    assert.equal(sriovInterfaceExist([{ name: 'a', sriov: {} }]), true);
    for (const release of [V1_4_0, V1_9_0]) {
      assert.equal(
        lookUpDefaultNetwork(
          [
            { name: 'sec', multus: { networkName: 'x' } },
            { name: 'prim', multus: { networkName: 'y', default: true } },
          ],
          release,
        )?.name,
        'prim',
      );
    }
  });

  it('the primary network of each release (vmispec.LookUpDefaultNetwork)', () => {
    // a network with a pod and a non-default Multus source (virt-api refuses it; upstream still renders)
    const both = [{ name: 'default', pod: {}, multus: { networkName: 'foo' } }];
    assert.equal(lookUpDefaultNetwork(both, V1_4_0), undefined);
    assert.equal(lookUpDefaultNetwork(both, V1_9_0)?.name, 'default');
    assert.deepEqual([...createHashedNetworkNameScheme(both, V1_9_0)], [['default', 'eth0']]);
    // a network without any source
    const bare = [{ name: 'bare' }, { name: 'default', pod: {} }];
    assert.equal(lookUpDefaultNetwork(bare, V1_4_0)?.name, 'bare');
    assert.equal(lookUpDefaultNetwork(bare, V1_9_0)?.name, 'default');
  });

  it('istio proxy injection', () => {
    const vmi = (value?: string): VirtualMachineInstance =>
      ({
        metadata: value === undefined ? {} : { annotations: { 'sidecar.istio.io/inject': value } },
        spec: { domain: { devices: {} } },
      }) as VirtualMachineInstance;
    assert.equal(istioProxyInjectionEnabled(vmi('TRUE')), true);
    assert.equal(istioProxyInjectionEnabled(vmi('false')), false);
    assert.equal(istioProxyInjectionEnabled(vmi()), false);
  });
});

describe('calculateNetBindingPluginMemory (netbinding-memory.ts)', () => {
  it('038/039: plugin memory requests; counted once per plugin', () => {
    const passt = loadCase('038-network-binding-plugin-passt-sidecar');
    assert.equal(
      calculateNetBindingPluginMemory(passt.vmi!, passt.config.getNetworkBindings()).toString(),
      '500Mi',
    );
    const vhost = loadCase('039-network-binding-plugin-vhostuser-device-info');
    const vmi = structuredClone(vhost.vmi!);
    const ifaces = vmi.spec.domain.devices.interfaces ?? [];
    const withBinding = ifaces.find((i) => i.binding);
    assert.ok(withBinding);
    ifaces.push({ ...withBinding, name: 'again' });
    assert.equal(calculateNetBindingPluginMemory(vmi, vhost.config.getNetworkBindings()).toString(), '50Mi');
    assert.equal(calculateNetBindingPluginMemory(vmi, undefined).isZero(), true);
  });
});
