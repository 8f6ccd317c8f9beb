// The v1.9.0 VMI validating webhook on rules the conformance corpus does not reach. Expectations follow the
// upstream v1.9.0 source (vmi-create-admitter.go, webhooks/{amd64,arm64,s390x}.go, network/admitter,
// util/openapi): field paths and messages as written there.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import type { VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import { applyCreateDefaults } from '../../../src/admission/index.js';
import { validateVMICreate } from '../../../src/admission/validate/index.js';
import { globMatch } from '../../../src/admission/validate/vmi-create-admitter.js';
import { openAPIEnumFailures } from '../../../src/pkg/util/openapi.js';
import { KubeVirtRelease } from '../../../src/release/release.js';

const V1_9_0 = KubeVirtRelease.of('v1.9.0');
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

function vmi(patch: (vmi: VirtualMachineInstance) => void = () => undefined): VirtualMachineInstance {
  const base: VirtualMachineInstance = {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstance',
    metadata: { name: 'v', namespace: 'default' },
    spec: {
      domain: {
        devices: { disks: [{ name: 'root', disk: { bus: 'virtio' } }] },
        resources: { requests: { memory: '1Gi' } },
      },
      volumes: [{ name: 'root', containerDisk: { image: 'quay.io/containerdisks/fedora:40' } }],
    },
  };
  patch(base);
  return base;
}

function causesOf(input: VirtualMachineInstance, release = V1_9_0): { field: string; message: string }[] {
  const config = new ClusterConfig({ release });
  return validateVMICreate(applyCreateDefaults(input, config), config).map(({ field, message }) => ({
    field,
    message,
  }));
}

describe('v1.9.0 VMI validating webhook', () => {
  it('admits a plain VMI', () => {
    assert.deepEqual(causesOf(vmi()), []);
  });

  it('matches emulated machines as filepath.Match globs (v1.4.0: unanchored regexps)', () => {
    assert.equal(globMatch('q35*', 'q35'), true);
    assert.equal(globMatch('q35*', 'pc-q35-rhel9.4.0'), false);
    assert.equal(globMatch('pc-q35*', 'pc-q35-rhel9.4.0'), true);
    assert.equal(globMatch('s390-ccw-virtio*', 's390-ccw-virtio-rhel9'), true);
    assert.equal(globMatch('virt*', 'xvirt'), false);
    const machine = (type: string) => vmi((v) => (v.spec.domain.machine = { type }));
    assert.deepEqual(causesOf(machine('q35-custom')), []);
    assert.equal(causesOf(machine('xq35'), V1_4_0).length, 0, 'a regexp finds q35 anywhere');
    assert.deepEqual(causesOf(machine('xq35')), [
      {
        field: 'spec.domain.machine.type',
        message: 'spec.domain.machine.type is not supported: xq35 (allowed values: [q35* pc-q35*])',
      },
    ]);
  });

  it('refuses an architecture it has no checks for', () => {
    assert.deepEqual(
      causesOf(vmi((v) => (v.spec.architecture = 'ppc64le'))).filter((c) => c.field === 'spec.architecture'),
      [{ field: 'spec.architecture', message: 'unsupported architecture: ppc64le' }],
    );
  });

  it('checks video models per architecture and panic device models', () => {
    const video = vmi((v) => {
      (v.spec.domain.devices as Record<string, unknown>).video = { type: 'qxl' };
      (v.spec.domain.devices as Record<string, unknown>).panicDevices = [{ model: 'bogus' }];
    });
    assert.deepEqual(causesOf(video), [
      { field: 'spec.domain.devices.panicDevices[0].model', message: 'invalid PanicDeviceModel(bogus)' },
      {
        field: 'spec.domain.devices.video.type',
        message: "video model 'qxl' is not supported on amd64 architecture",
      },
    ]);
  });

  it('maps containerPath volumes only to filesystems, away from KubeVirt paths', () => {
    const input = vmi((v) => {
      v.spec.domain.devices.disks!.push({ name: 'creds', disk: {} });
      v.spec.volumes!.push({ name: 'creds', containerPath: { path: '/var/run/kubevirt/x' } } as never);
    });
    const causes = causesOf(input).filter((c) => c.field.startsWith('spec.domain.volumes'));
    assert.deepEqual(causes, [
      {
        field: 'spec.domain.volumes[1]',
        message: "ContainerPath volume 'creds' must be mapped to a filesystem, not a disk",
      },
      {
        field: 'spec.domain.volumes[1]',
        message:
          "ContainerPath volume 'creds' must have a matching filesystem defined in spec.domain.devices.filesystems",
      },
      {
        field: 'spec.domain.volumes[1].containerPath.path',
        message: "ContainerPath volume 'creds' uses reserved path prefix '/var/run/kubevirt'",
      },
    ]);
  });

  it('counts containerPath as a volume source (v1.4.0 has no such source)', () => {
    const input = vmi((v) => {
      v.spec.domain.devices.filesystems = [{ name: 'creds', virtiofs: {} }];
      v.spec.volumes!.push({ name: 'creds', containerPath: { path: '/etc/creds' } } as never);
    });
    assert.deepEqual(
      causesOf(input).filter((c) => c.field.startsWith('spec.volumes')),
      [],
    );
    assert.deepEqual(
      causesOf(input, V1_4_0).filter((c) => c.field === 'spec.volumes[1]'),
      [{ field: 'spec.volumes[1]', message: 'spec.volumes[1] must have exactly one source type set' }],
    );
  });

  it('refuses two launchSecurity types with a FieldValueForbidden cause', () => {
    const config = new ClusterConfig({
      release: V1_9_0,
      kubevirt: {
        spec: { configuration: { developerConfiguration: { featureGates: ['WorkloadEncryptionSEV'] } } },
      },
    } as never);
    const input = vmi((v) => {
      v.spec.domain.launchSecurity = { sev: {}, snp: {} } as never;
      v.spec.domain.firmware = { bootloader: { efi: { secureBoot: false } } };
    });
    const causes = validateVMICreate(applyCreateDefaults(input, config), config);
    assert.deepEqual(
      causes.filter((c) => c.field === 'spec.launchSecurity').map((c) => c.type),
      ['FieldValueForbidden'],
    );
  });

  it('reports each network cause twice (spec validator and spec check)', () => {
    const input = vmi((v) => {
      v.spec.networks = [{ name: 'net1', multus: { networkName: 'nad' } }];
      v.spec.domain.devices.interfaces = [{ name: 'net1', passtBinding: {} } as never];
    });
    const message = 'PasstBinding interface only implemented with pod network';
    assert.deepEqual(causesOf(input), [
      { field: 'spec.domain.devices.interfaces[0].name', message },
      { field: 'spec.domain.devices.interfaces[0].name', message },
    ]);
  });

  it('answers only with the OpenAPI enum failures when there are any, an array item at its array path (both releases)', () => {
    const input = vmi((v) => {
      v.spec.tolerations = [{ key: 'k', operator: 'Is' }];
      v.spec.domain.devices.disks![0]!.name = 'Root';
    });
    for (const release of [V1_4_0, V1_9_0]) {
      assert.deepEqual(causesOf(input, release), [
        // go-openapi's SetPath does not reach an item's validators: no `.0` (upstream's oddity)
        { field: '', message: 'spec.tolerations.operator in body should be one of [Equal Exists]' },
      ]);
    }
  });
});

describe('OpenAPI enums of a VM', () => {
  it('are reported at spec.template.spec', () => {
    const vm = { spec: { template: { spec: { dnsPolicy: 'Cluster' } } } };
    assert.deepEqual(openAPIEnumFailures(vm, 'VirtualMachine', V1_9_0), [
      'spec.template.spec.dnsPolicy in body should be one of [ClusterFirst ClusterFirstWithHostNet Default None]',
    ]);
  });
  it("cover the dataVolumeTemplates' claim specs, with each release's volume modes", () => {
    const vm = {
      spec: {
        dataVolumeTemplates: [
          {
            spec: {
              pvc: { accessModes: ['ReadWriteOnce', 'RWX'] },
              storage: { volumeMode: 'FromStorageProfile' },
            },
          },
        ],
        template: { spec: {} },
      },
    };
    assert.deepEqual(openAPIEnumFailures(vm, 'VirtualMachine', V1_9_0), [
      'spec.dataVolumeTemplates.spec.pvc.accessModes in body should be one of [ReadOnlyMany ReadWriteMany ReadWriteOnce ReadWriteOncePod]',
    ]);
    assert.deepEqual(openAPIEnumFailures(vm, 'VirtualMachine', V1_4_0), [
      'spec.dataVolumeTemplates.spec.pvc.accessModes in body should be one of [ReadOnlyMany ReadWriteMany ReadWriteOnce ReadWriteOncePod]',
      'spec.dataVolumeTemplates.spec.storage.volumeMode in body should be one of [Block Filesystem]',
    ]);
  });
  it("cover a VMI's migrated volumes in its status (a VM's are elsewhere)", () => {
    const status = { migratedVolumes: [{ sourcePVCInfo: { volumeMode: 'Raw' } }] };
    assert.deepEqual(openAPIEnumFailures({ status }, 'VirtualMachineInstance', V1_4_0), [
      'status.migratedVolumes.sourcePVCInfo.volumeMode in body should be one of [Block Filesystem]',
    ]);
    assert.deepEqual(openAPIEnumFailures({ status }, 'VirtualMachine', V1_4_0), []);
  });
});

describe('v1.9.0 DRA devices', () => {
  it('GPUs name a device or a declared claim request (GPUsWithDRA is Beta, on)', () => {
    const input = vmi((v) => {
      v.spec.domain.devices.gpus = [{ name: 'g', claimName: 'gpu', requestName: 'r' } as never];
    });
    assert.deepEqual(causesOf(input), [
      {
        field: 'spec.resourceClaims',
        message:
          'vmi.spec.resourceClaims must specify all claims used in vmi.spec.domain.devices.gpus and vmi.spec.domain.devices.hostDevices',
      },
    ]);
    const declared = vmi((v) => {
      v.spec.domain.devices.gpus = [{ name: 'g', claimName: 'gpu', requestName: 'r' } as never];
      (v.spec as Record<string, unknown>).resourceClaims = [{ name: 'gpu', resourceClaimTemplateName: 't' }];
    });
    assert.deepEqual(causesOf(declared), []);
  });
});

describe('v1.9.0 DRA claim requests shared between devices and networks', () => {
  const withGates = (...gates: string[]): ClusterConfig =>
    new ClusterConfig({
      release: V1_9_0,
      kubevirt: {
        apiVersion: 'kubevirt.io/v1',
        kind: 'KubeVirt',
        spec: { configuration: { developerConfiguration: { featureGates: gates } } },
      },
    } as ConstructorParameters<typeof ClusterConfig>[0]);
  const input = (): VirtualMachineInstance =>
    vmi((v) => {
      v.spec.domain.devices.gpus = [{ name: 'g', claimName: 'c1', requestName: 'r' } as never];
      v.spec.domain.devices.interfaces = [{ name: 'n1', sriov: {} }];
      v.spec.networks = [{ name: 'n1', resourceClaim: { claimName: 'c1', requestName: 'r' } } as never];
      (v.spec as Record<string, unknown>).resourceClaims = [{ name: 'c1', resourceClaimTemplateName: 't' }];
    });
  const duplicates = (config: ClusterConfig): { field: string; message: string }[] =>
    validateVMICreate(applyCreateDefaults(input(), config), config)
      .filter((c) => c.type === 'FieldValueDuplicate')
      .map(({ field, message }) => ({ field, message }));

  it('a pair a GPU uses is a duplicate on a DRA network (upstream: pairDuplicateChecker, NetworkDevicesWithDRA)', () => {
    assert.deepEqual(duplicates(withGates('NetworkDevicesWithDRA')), [
      {
        field: 'spec.networks[0]',
        message: 'duplicate claimName/requestName pair "c1/r" between GPUs[0] and Networks[0]',
      },
    ]);
  });

  it('quotes the pair as Go %q does', () => {
    const quoted = vmi((v) => {
      v.spec.domain.devices.gpus = [
        { name: 'g', claimName: 'c1', requestName: 'r"\u00e9' } as never,
        { name: 'h', claimName: 'c1', requestName: 'r"\u00e9' } as never,
      ];
      (v.spec as Record<string, unknown>).resourceClaims = [{ name: 'c1', resourceClaimTemplateName: 't' }];
    });
    const config = withGates();
    const messages = validateVMICreate(applyCreateDefaults(quoted, config), config)
      .filter((c) => c.type === 'FieldValueDuplicate')
      .map((c) => c.message);
    assert.deepEqual(messages, ['duplicate claimName/requestName pair "c1/r\\"\u00e9"']);
  });

  it('networks are not compared without the NetworkDevicesWithDRA gate', () => {
    assert.deepEqual(duplicates(withGates()), []);
  });
});

describe('field.Error values of a named string type', () => {
  const operator = (release: KubeVirtRelease): string[] =>
    causesOf(
      vmi((v) => {
        v.spec.affinity = {
          podAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              {
                topologyKey: 'zone',
                labelSelector: { matchExpressions: [{ key: 'a', operator: 'In<', values: ['x'] }] },
              },
            ],
          },
        };
      }),
      release,
    ).map((c) => c.message);

  it("v1.9.0's apimachinery prints them with json.Marshal, v1.4.0's quoted like strings", () => {
    const path =
      'spec.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].operator';
    assert.deepEqual(operator(V1_9_0), [
      `${path}: Invalid value: "In\\u003c": not a valid selector operator`,
    ]);
    assert.deepEqual(operator(V1_4_0), [`${path}: Invalid value: "In<": not a valid selector operator`]);
  });
});

describe('KubeVirt service accounts', () => {
  it('v1.9.0 lets the synchronization controller set restricted labels too', () => {
    const labelled = vmi((v) => (v.metadata!.labels = { 'kubevirt.io/nodeName': 'x' }));
    const userName = 'system:serviceaccount:kubevirt:kubevirt-synchronization-controller';
    const causes = (release: KubeVirtRelease): string[] => {
      const config = new ClusterConfig({ release });
      return validateVMICreate(applyCreateDefaults(labelled, config), config, { userName }).map(
        (c) => c.field,
      );
    };
    assert.deepEqual(causes(V1_9_0), []);
    assert.deepEqual(causes(V1_4_0), ['metadata.labels']);
  });
});

describe('v1.9.0 NVIDIA Grace passthrough', () => {
  /** The causes for a GPU `resourceName` that the cluster permits as a Grace device, the gate off. */
  const graceGPUCauses = (resourceName: string): { field: string; message: string }[] => {
    const kubevirt = {
      apiVersion: 'kubevirt.io/v1',
      kind: 'KubeVirt',
      metadata: { name: 'kubevirt', namespace: 'kubevirt' },
      spec: {
        configuration: {
          developerConfiguration: { featureGates: ['GPU'] },
          permittedHostDevices: {
            pciHostDevices: [{ pciVendorSelector: '10de:2342', resourceName }],
          },
        },
      },
    };
    const config = new ClusterConfig({ release: V1_9_0, kubevirt });
    const input = vmi((v) => (v.spec.domain.devices.gpus = [{ name: 'g', deviceName: resourceName }]));
    return validateVMICreate(applyCreateDefaults(input, config), config).map(({ field, message }) => ({
      field,
      message,
    }));
  };

  it('needs the GraceIOVirtualization gate for a permitted Grace GPU', () => {
    assert.deepEqual(graceGPUCauses('nvidia.com/GH100'), [
      {
        field: 'spec.domain.devices.gpus[0].deviceName',
        message:
          'GraceIOVirtualization feature gate must be enabled for NVIDIA Grace GPU passthrough resource "nvidia.com/GH100"',
      },
    ]);
  });

  it('quotes the resource name as Go %q does', () => {
    assert.deepEqual(
      graceGPUCauses('nvidia.com/GH"100')
        .filter((c) => c.field === 'spec.domain.devices.gpus[0].deviceName')
        .map((c) => c.message),
      [
        'GraceIOVirtualization feature gate must be enabled for NVIDIA Grace GPU passthrough resource "nvidia.com/GH\\"100"',
      ],
    );
  });
});

describe('the stored VMI (both releases)', () => {
  it("drops empty label and annotation maps, as the Go encoding of the patch's ObjectMeta does", () => {
    for (const release of [V1_4_0, V1_9_0]) {
      const out = applyCreateDefaults(
        vmi((v) => {
          v.metadata = { ...v.metadata, labels: {}, annotations: {} };
          v.spec.domain.machine = { type: 'pc-i440fx-rhel7.6.0' };
        }),
        new ClusterConfig({ release }),
      );
      assert.equal(out.metadata?.labels, undefined, release.version);
      assert.equal(out.metadata?.annotations, undefined, release.version);
    }
  });
});

describe('v1.9.0 VMI create-time defaults', () => {
  it('sets the kubevirt.io/ finalizer, the PCI topology annotation and the amd64 watchdog action', () => {
    const config = new ClusterConfig({ release: V1_9_0 });
    const out = applyCreateDefaults(
      vmi((v) => (v.spec.domain.devices.watchdog = { name: 'w' })),
      config,
    );
    assert.deepEqual(out.metadata?.finalizers, ['kubevirt.io/foregroundDeleteVirtualMachine']);
    assert.equal(out.metadata?.annotations?.['kubevirt.io/pci-topology-version'], 'v3');
    assert.deepEqual(out.spec.domain.devices.watchdog, { name: 'w', i6300esb: { action: 'reset' } });
    assert.equal(out.spec.domain.cpu?.maxSockets, 4);
    assert.equal(out.spec.domain.memory?.maxGuest, '4Gi');
  });

  it('leaves arm64 without hotplug and s390x without the PCI topology annotation', () => {
    const config = new ClusterConfig({ release: V1_9_0 });
    const arm = applyCreateDefaults(
      vmi((v) => (v.spec.architecture = 'arm64')),
      config,
    );
    assert.equal(arm.spec.domain.cpu?.maxSockets, undefined);
    assert.equal(arm.spec.domain.memory?.maxGuest, undefined);
    assert.deepEqual(arm.spec.domain.firmware?.bootloader, { efi: { secureBoot: false } });
    const s390x = applyCreateDefaults(
      vmi((v) => (v.spec.architecture = 's390x')),
      config,
    );
    assert.equal(s390x.metadata?.annotations?.['kubevirt.io/pci-topology-version'], undefined);
  });
});
