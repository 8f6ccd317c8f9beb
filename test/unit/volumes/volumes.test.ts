// Volumes, container disks, virtiofs, hooks and storage helpers against the conformance corpus.
import assert from 'node:assert/strict';

import { describe, it } from 'node:test';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { MemoryClusterState, type ClusterObject } from '../../../src/state/cluster-state.js';
import type { VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import type { Container } from '../../../src/types/k8s.js';
import { RenderError } from '../../../src/errors.js';
import {
  appendUniqueImagePullSecret,
  haveContainerDiskVolume,
  imagePullSecrets,
  renderVolumes,
  serviceAccountName,
  sysprepVolumeSource,
} from '../../../src/render/volumes.js';
import {
  generateContainers,
  generateInitContainers,
  generateKernelBootContainer,
  generateKernelBootInitContainer,
  getDiskTargetPathFromLauncherView,
  getKernelBootArtifactPathFromLauncherView,
} from '../../../src/render/container-disk.js';
import { generateVirtioFSContainers } from '../../../src/render/virtiofs.js';
import { unmarshalHookSidecarList } from '../../../src/render/hooks.js';
import { isBackendStorageNeededForVMI, pvcForVMI } from '../../../src/render/storage/backend-storage.js';
import { generateStorageAnnotations } from '../../../src/render/storage/annotations.js';
import { getMountedHostDiskDir, getMountedHostDiskPath } from '../../../src/render/storage/host-disk.js';
import { basePath, cleanPath, dirPath, joinPath } from '../../../src/util/go/path.js';
import { quote } from '../../../src/util/go/strconv.js';
import {
  backendStoragePVCName,
  clean,
  containersOf,
  hookSidecars,
  initContainersOf,
  sidecarAdditions,
} from './helpers.js';
import { caseNames, loadCase, type ConformanceCase } from '../../support/conformance-cases.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');
const V1_4_CONFIG = new ClusterConfig({ release: V1_4_0 });

const PREFIX = 'failed to render launch manifest: ';
const LAUNCHER_IMAGE = 'quay.io/kubevirt/virt-launcher:v1.4.0';

type Case = ConformanceCase;
const CASES = caseNames().map(loadCase);
const POD_CASES = CASES.filter((c) => c.pod && c.vmi);

/** The expected containers with the given names, without the SELinux options that the launch manifest adds later. */
const named = (containers: Container[], predicate: (name: string) => boolean): Container[] =>
  containers
    .filter((container) => predicate(container.name))
    .map((container) => {
      const copy = structuredClone(container);
      if (copy.securityContext) delete copy.securityContext.seLinuxOptions;
      return copy;
    });

describe('renderVolumes vs conformance pods', () => {
  for (const c of POD_CASES) {
    it(c.name, () => {
      const sidecars = hookSidecars(c);
      const rendered = renderVolumes(
        c.vmi!,
        c.config,
        c.state,
        sidecars,
        backendStoragePVCName(c),
        LAUNCHER_IMAGE,
      );
      const additions = sidecarAdditions(sidecars);
      const compute = containersOf(c.pod!).find((container) => container.name === 'compute')!;
      assert.deepEqual(
        clean([...rendered.mounts, ...additions.computeMounts]),
        clean(compute.volumeMounts),
        'mounts',
      );
      assert.deepEqual(clean(rendered.devices), clean(compute.volumeDevices), 'devices');
      assert.deepEqual(
        clean([...rendered.volumes, ...additions.volumes]),
        clean(c.pod!.spec?.volumes),
        'volumes',
      );
    });
  }
});

describe('container-disk containers vs conformance pods', () => {
  for (const c of POD_CASES) {
    it(c.name, () => {
      const containers = [...generateContainers(c.vmi!, c.config)];
      const kernelBoot = generateKernelBootContainer(c.vmi!, c.config);
      if (kernelBoot) containers.push(kernelBoot);
      const expected = named(containersOf(c.pod!), (name) => name.startsWith('volume'));
      assert.deepEqual(clean(containers), clean(expected), 'containers');

      const initContainers = [...generateInitContainers(c.vmi!, c.config)];
      const kernelBootInit = generateKernelBootInitContainer(c.vmi!, c.config);
      if (kernelBootInit) initContainers.push(kernelBootInit);
      const expectedInit = named(initContainersOf(c.pod!), (name) => name.startsWith('volume'));
      assert.deepEqual(clean(initContainers), clean(expectedInit), 'init containers');
    });
  }
});

describe('virtiofs containers vs conformance pods', () => {
  for (const c of POD_CASES) {
    it(c.name, () => {
      const compute = containersOf(c.pod!).find((container) => container.name === 'compute')!;
      const rendered = generateVirtioFSContainers(c.vmi!, compute.image ?? '', c.config);
      const expected = named(containersOf(c.pod!), (name) => name.startsWith('virtiofs-'));
      assert.deepEqual(clean(rendered), clean(expected));
    });
  }
});

describe('pod-level storage fields vs conformance pods', () => {
  for (const c of POD_CASES) {
    it(c.name, () => {
      const pod = c.pod!;
      const volumes = c.vmi!.spec.volumes ?? [];
      assert.deepEqual(
        clean(imagePullSecrets(volumes)),
        clean(pod.spec?.imagePullSecrets),
        'imagePullSecrets',
      );
      assert.equal(serviceAccountName(volumes), pod.spec?.serviceAccountName ?? '', 'serviceAccountName');
      const annotations = pod.metadata?.annotations ?? {};
      for (const [key, value] of Object.entries(generateStorageAnnotations(c.vmi!, c.config.release))) {
        assert.equal(annotations[key], value, key);
      }
      const hasInit = initContainersOf(pod).some((container) => container.name === 'container-disk-binary');
      assert.equal(
        haveContainerDiskVolume(volumes) || c.vmi!.spec.domain.firmware?.kernelBoot?.container != null,
        hasInit,
      );
    });
  }
});

describe('error cases', () => {
  const byName = (prefix: string): Case => CASES.find((c) => c.name.startsWith(prefix))!;
  const expectedMessage = (c: Case): string => c.error!.slice(PREFIX.length);

  it('094 truncated hook sidecar JSON', () => {
    const c = byName('094-');
    assert.throws(
      () => unmarshalHookSidecarList(c.vmi!),
      (error: unknown) => {
        assert.ok(error instanceof RenderError);
        assert.equal(error.message, expectedMessage(c));
        return true;
      },
    );
  });

  it('096 missing backend-storage PVC', () => {
    const c = byName('096-');
    assert.equal(isBackendStorageNeededForVMI(c.vmi!.spec), true);
    assert.equal(pvcForVMI(c.state, c.vmi!, c.config), undefined);
    assert.match(c.error!, /can't generate manifest without backend-storage PVC/);
  });

  for (const prefix of ['097-', '098-']) {
    it(`${prefix} missing PVC`, () => {
      const c = byName(prefix);
      assert.throws(
        () =>
          renderVolumes(c.vmi!, c.config, c.state, hookSidecars(c), backendStoragePVCName(c), LAUNCHER_IMAGE),
        (error: unknown) => {
          assert.ok(error instanceof RenderError);
          assert.equal(error.message, expectedMessage(c));
          return true;
        },
      );
    });
  }

  it('100 sidecar with a ConfigMap still unmarshals', () => {
    const sidecars = unmarshalHookSidecarList(byName('100-').vmi!);
    assert.equal(sidecars[0]?.configMap?.name, 'missing-hook-script');
  });
});

describe('backend storage PVC lookup', () => {
  const vmi = {
    metadata: { name: 'vm1', namespace: 'ns' },
    spec: { domain: { devices: {} } },
  } as VirtualMachineInstance;
  const pvc = (name: string, namespace: string, labels?: Record<string, string>): ClusterObject & object => ({
    kind: 'PersistentVolumeClaim',
    metadata: { name, namespace, ...(labels ? { labels } : {}) },
  });

  it('prefers the labelled PVC over the legacy name', () => {
    const state = new MemoryClusterState([
      pvc('persistent-state-for-vm1', 'ns'),
      pvc('persistent-state-for-vm1-abcde', 'ns', { 'persistent-state-for': 'vm1' }),
    ]);
    assert.equal(pvcForVMI(state, vmi, V1_4_CONFIG)?.metadata?.name, 'persistent-state-for-vm1-abcde');
  });

  it('falls back to the legacy name and ignores other namespaces and VMIs', () => {
    const state = new MemoryClusterState([
      pvc('persistent-state-for-vm1-x', 'other', { 'persistent-state-for': 'vm1' }),
      pvc('persistent-state-for-vm2-x', 'ns', { 'persistent-state-for': 'vm2' }),
      pvc('persistent-state-for-vm1', 'ns'),
    ]);
    assert.equal(pvcForVMI(state, vmi, V1_4_CONFIG)?.metadata?.name, 'persistent-state-for-vm1');
    assert.equal(pvcForVMI(new MemoryClusterState([]), vmi, V1_4_CONFIG), undefined);
  });
});

describe('renderVolumes details', () => {
  const base = (): VirtualMachineInstance =>
    ({
      metadata: { name: 'vm', namespace: 'ns', uid: 'u1' },
      spec: { domain: { devices: { disks: [] } }, volumes: [] },
    }) as unknown as VirtualMachineInstance;
  const config = new ClusterConfig({ release: V1_4_0 });
  const state = new MemoryClusterState([]);

  it('downwardAPI resourceFieldRef divisors are printed as quantities ("0" when unset)', () => {
    const vmi = base();
    vmi.spec.volumes = [
      {
        name: 'info',
        downwardAPI: {
          fields: [
            { path: 'a', resourceFieldRef: { resource: 'limits.memory', divisor: '1024Ki' } },
            { path: 'b', resourceFieldRef: { resource: 'limits.cpu' } },
          ],
        },
      },
    ];
    const volume = renderVolumes(vmi, config, state, [], '', LAUNCHER_IMAGE).volumes.find(
      (v) => v.name === 'info',
    );
    assert.deepEqual(
      volume?.downwardAPI?.items?.map((i) => i.resourceFieldRef?.divisor),
      ['1Mi', '0'],
    );
  });

  it('hostDisk of an unknown type gets an empty hostPath type; path is the image directory', () => {
    const vmi = base();
    vmi.spec.volumes = [{ name: 'hd', hostDisk: { path: '/data//disks/hd.img', type: 'Other' } }];
    const volume = renderVolumes(vmi, config, state, [], '', LAUNCHER_IMAGE).volumes.find(
      (v) => v.name === 'hd',
    );
    assert.deepEqual(volume?.hostPath, { path: '/data/disks', type: '' });
  });

  it('sysprep without a source is an error with upstream text', () => {
    assert.throws(
      () => sysprepVolumeSource({}),
      /^RenderError: Sysprep must have Secret or ConfigMap reference set \{nil nil\}$/,
    );
  });

  it('config volumes without a disk get a pod volume but no mount', () => {
    const vmi = base();
    vmi.spec.volumes = [{ name: 'cm', configMap: { name: 'c', optional: false } }];
    const rendered = renderVolumes(vmi, config, state, [], '', LAUNCHER_IMAGE);
    assert.deepEqual(
      rendered.volumes.find((v) => v.name === 'cm'),
      { name: 'cm', configMap: { name: 'c', optional: false } },
    );
    assert.equal(
      rendered.mounts.find((m) => m.name === 'cm'),
      undefined,
    );
  });

  it('disableHotplug drops the hotplug-disks volume; sidecars add the hook socket dir', () => {
    const vmi = base();
    vmi.spec.domain.devices.disableHotplug = true;
    const rendered = renderVolumes(vmi, config, state, [{ image: 'x' }], '', LAUNCHER_IMAGE);
    assert.equal(
      rendered.volumes.some((v) => v.name === 'hotplug-disks'),
      false,
    );
    assert.deepEqual(rendered.mounts.at(-1), {
      name: 'hook-sidecar-sockets',
      mountPath: '/var/run/kubevirt-hooks',
    });
  });

  it('image pull secrets are de-duplicated in order', () => {
    const secrets = imagePullSecrets([
      { name: 'a', containerDisk: { image: 'i', imagePullSecret: 's1' } },
      { name: 'b', containerDisk: { image: 'i', imagePullSecret: 's2' } },
      { name: 'c', containerDisk: { image: 'i', imagePullSecret: 's1' } },
      { name: 'd', containerDisk: { image: 'i' } },
    ]);
    assert.deepEqual(secrets, [{ name: 's1' }, { name: 's2' }]);
    assert.deepEqual(appendUniqueImagePullSecret(secrets, { name: 's2' }), secrets);
  });
});

describe('path helpers', () => {
  it('behave like Go path/filepath', () => {
    assert.equal(cleanPath(''), '.');
    assert.equal(cleanPath('/a/../../b/./c//'), '/b/c');
    assert.equal(cleanPath('a/../..'), '..');
    assert.equal(joinPath('/var', '', 'x', ''), '/var/x');
    assert.equal(joinPath('', ''), '');
    assert.equal(dirPath('disk.img'), '.');
    assert.equal(dirPath('/disk.img'), '/');
    assert.equal(dirPath('/a/b/'), '/a/b');
    assert.equal(basePath('/a/b/'), 'b');
    assert.equal(basePath('///'), '/');
    assert.equal(getMountedHostDiskDir('v'), '/var/run/kubevirt-private/vmi-disks/v');
    assert.equal(
      getMountedHostDiskPath('v', '/x/disk.img'),
      '/var/run/kubevirt-private/vmi-disks/v/disk.img',
    );
    assert.equal(
      getDiskTargetPathFromLauncherView(3),
      '/var/run/kubevirt-ephemeral-disks/container-disk-data/disk_3.img',
    );
    assert.equal(
      getKernelBootArtifactPathFromLauncherView('/boot/vmlinuz'),
      '/var/run/kubevirt-ephemeral-disks/container-disk-data/kernel-boot/vmlinuz',
    );
  });

  it('quote behaves like strconv.Quote', () => {
    assert.equal(quote('vm'), '"vm"');
    assert.equal(quote('a"b\\c\n\u0007\u007f\u00a0é😀'), '"a\\"b\\\\c\\n\\a\\x7f\\u00a0é😀"');
  });
});
