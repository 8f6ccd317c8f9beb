// v1.9.0 volumes, image volumes, container disks, virtiofs and storage annotations against the v1.9.0 corpus,
// plus the v1.9.0 branches no corpus case takes (ImageVolume off, digests known, CBT, plugins).
import assert from 'node:assert/strict';

import { describe, it } from 'node:test';
import { ClusterConfig } from '../../../src/cluster/cluster-config.js';
import { MemoryClusterState, type ClusterObject } from '../../../src/state/cluster-state.js';
import type { KubeVirt, VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import type { Container, Pod, PodVolume } from '../../../src/types/k8s.js';
import { renderVolumes } from '../../../src/render/volumes.js';
import { generateImageVolumeInitContainers } from '../../../src/render/container-disk.js';
import { generateVirtioFSContainers } from '../../../src/render/virtiofs.js';
import { isBackendStorageNeeded, pvcForVMI } from '../../../src/render/storage/backend-storage.js';
import { generateStorageAnnotations } from '../../../src/render/storage/annotations.js';
import { renderLaunchManifest } from '../../../src/render/launch-manifest.js';
import { renderComputeResourcesAndVMI } from '../../../src/render/resources.js';
import {
  backendStoragePVCName,
  clean,
  containersOf,
  hookSidecars,
  initContainersOf,
  sidecarAdditions,
} from './helpers.js';
import { caseNames, loadReleaseCase } from '../../support/conformance-cases.js';
import { KubeVirtRelease } from '../../../src/release/release.js';

const V1_9_0 = KubeVirtRelease.of('v1.9.0');
const LAUNCHER_IMAGE = 'quay.io/kubevirt/virt-launcher:v1.9.0';

const CASES = caseNames('v1.9.0').map((name) => loadReleaseCase('v1.9.0', name));
const POD_CASES = CASES.filter((c) => c.pod && c.vmi);

const computeOf = (pod: Pod): Container =>
  containersOf(pod).find((container) => container.name === 'compute')!;

describe('v1.9.0 renderVolumes vs conformance pods', () => {
  for (const c of POD_CASES) {
    it(c.name, () => {
      const sidecars = hookSidecars(c);
      const rendered = renderVolumes(
        c.vmi!,
        c.config,
        c.state,
        sidecars,
        backendStoragePVCName(c),
        computeOf(c.pod!).image ?? '',
      );
      const additions = sidecarAdditions(sidecars);
      const compute = computeOf(c.pod!);
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
      const shared = (compute.env ?? []).find((env) => env.name === 'SHARED_FILESYSTEM_PATHS');
      assert.equal(rendered.sharedFilesystemPaths.join(':') || undefined, shared?.value, 'shared paths');
    });
  }
});

describe('v1.9.0 image-volume init containers and virtiofs containers vs conformance pods', () => {
  // with the ImageVolume gate switched off, containerDisks are rendered as in v1.4.0 (checked below)
  for (const c of POD_CASES.filter((c) => c.config.imageVolumeEnabled())) {
    it(c.name, () => {
      // the support containers see the VMI as the resource renderer left it (requests filled in from limits)
      const vmi = renderComputeResourcesAndVMI(c.vmi!, c.config, c.state, new Map()).vmi;
      const expectedInit = initContainersOf(c.pod!).filter((container) =>
        container.name.startsWith('volume'),
      );
      assert.deepEqual(clean(generateImageVolumeInitContainers(vmi, c.config)), clean(expectedInit));
      assert.equal(
        containersOf(c.pod!).some((container) => container.name.startsWith('volume')),
        false,
      );
      const virtiofs = generateVirtioFSContainers(vmi, computeOf(c.pod!).image ?? '', c.config);
      const expectedVirtiofs = containersOf(c.pod!).filter((container) =>
        container.name.startsWith('virtiofs-'),
      );
      assert.deepEqual(clean(virtiofs), clean(expectedVirtiofs));
      const annotations = c.pod!.metadata?.annotations ?? {};
      for (const [key, value] of Object.entries(generateStorageAnnotations(c.vmi!, c.config.release))) {
        assert.equal(annotations[key], value, key);
      }
    });
  }
});

describe('v1.9.0 branches', () => {
  const base = (): VirtualMachineInstance =>
    ({
      metadata: { name: 'vm', namespace: 'ns', uid: 'u1' },
      spec: {
        domain: {
          devices: { disks: [{ name: 'root', disk: { bus: 'virtio' } }] },
          firmware: {
            kernelBoot: {
              container: { image: 'kernel:1', imagePullPolicy: 'Always', imagePullSecret: 'ks' },
            },
          },
        },
        volumes: [
          { name: 'cloud', cloudInitNoCloud: { userData: '#cloud-config' } },
          { name: 'root', containerDisk: { image: 'disk:1', imagePullPolicy: 'IfNotPresent' } },
        ],
      },
    }) as unknown as VirtualMachineInstance;
  const config = (kubevirt?: KubeVirt): ClusterConfig =>
    new ClusterConfig({ release: V1_9_0, ...(kubevirt ? { kubevirt } : {}) });
  const state = new MemoryClusterState([]);
  const options = { launcherImage: LAUNCHER_IMAGE, sidecarShimImage: 'shim', qemuTimeoutJitterSeconds: 0 };

  it('containerDisk and kernel-boot images become image volumes mounted read-only (disk index among all volumes)', () => {
    const rendered = renderVolumes(base(), config(), state, [], '', LAUNCHER_IMAGE);
    assert.deepEqual(
      rendered.volumes.filter((volume) => volume.image),
      [
        { name: 'root', image: { reference: 'disk:1', pullPolicy: 'IfNotPresent' } },
        { name: 'kernel-boot-volume', image: { reference: 'kernel:1', pullPolicy: 'Always' } },
        { name: 'launcher-volume', image: { reference: LAUNCHER_IMAGE, pullPolicy: 'IfNotPresent' } },
      ],
    );
    assert.deepEqual(
      rendered.mounts.filter((mount) => mount.readOnly),
      [
        { name: 'root', mountPath: '/var/run/kubevirt-image-volume/disk_1', readOnly: true },
        { name: 'kernel-boot-volume', mountPath: '/var/run/kubevirt-kernel-boot', readOnly: true },
      ],
    );
    assert.equal(
      rendered.volumes.some((volume) => volume.name === 'container-disks'),
      false,
    );
  });

  it('images already pinned to a digest need neither init containers nor the launcher volume', () => {
    const imageIDs = { root: 'disk@sha256:aa', 'kernel-boot-volume': 'kernel@sha256:bb' };
    const rendered = renderVolumes(base(), config(), state, [], '', LAUNCHER_IMAGE, imageIDs);
    assert.deepEqual(
      rendered.volumes.filter((volume) => volume.image).map((volume) => volume.image?.reference),
      ['disk@sha256:aa', 'kernel@sha256:bb'],
    );
    assert.deepEqual(generateImageVolumeInitContainers(base(), config(), imageIDs), []);
    const kernelOnly = generateImageVolumeInitContainers(base(), config(), { root: 'disk@sha256:aa' });
    assert.deepEqual(
      kernelOnly.map((container) => [container.name, container.command, container.volumeMounts]),
      [
        [
          'volumekernel-boot-volume',
          ['/container-disk-binary/usr/bin/container-disk'],
          [{ name: 'launcher-volume', mountPath: '/container-disk-binary', readOnly: true }],
        ],
      ],
    );
  });

  it('a kernel-boot container without an image gives an empty image volume source and an image-less init container', () => {
    const vmi = base();
    vmi.spec.domain.firmware!.kernelBoot!.container = { kernelPath: '/boot/vmlinuz' } as never;
    const rendered = renderVolumes(vmi, config(), state, [], '', LAUNCHER_IMAGE);
    assert.deepEqual(
      rendered.volumes.find((volume) => volume.name === 'kernel-boot-volume'),
      { name: 'kernel-boot-volume', image: {} },
    );
    const [, kernelBoot] = generateImageVolumeInitContainers(vmi, config());
    assert.equal(kernelBoot?.name, 'volumekernel-boot-volume');
    assert.equal('image' in kernelBoot!, false);
    assert.equal('imagePullPolicy' in kernelBoot!, false);
  });

  it('spec.serviceAccountName names the pod service account (over a serviceAccount volume) without mounting the token', () => {
    const vmi = base();
    (vmi.spec as { serviceAccountName?: string }).serviceAccountName = 'spec-sa';
    let pod = renderLaunchManifest(vmi, config(), state, options);
    assert.equal(pod.spec?.serviceAccountName, 'spec-sa');
    assert.equal(pod.spec?.automountServiceAccountToken, false);
    vmi.spec.volumes!.push({ name: 'sa', serviceAccount: { serviceAccountName: 'volume-sa' } });
    pod = renderLaunchManifest(vmi, config(), state, options);
    assert.equal(pod.spec?.serviceAccountName, 'spec-sa');
    assert.equal(pod.spec?.automountServiceAccountToken, true);
  });

  it('the kernel-boot pull secret joins the pod pull secrets', () => {
    const pod = renderLaunchManifest(base(), config(), state, options);
    assert.deepEqual(pod.spec?.imagePullSecrets, [{ name: 'ks' }]);
    assert.equal(pod.spec?.securityContext?.fsGroup, 107);
  });

  it('without the ImageVolume gate: containerDisk containers, the container-disks mount after sockets', () => {
    const off = config();
    off.imageVolumeEnabled = (): boolean => false;
    const pod = renderLaunchManifest(base(), off, state, options);
    const spec = pod.spec!;
    assert.deepEqual(
      spec.containers.map((container) => container.name).filter((name) => name.startsWith('volume')),
      ['volumeroot', 'volumekernel-boot-volume'],
    );
    // upstream v1.9.0 template.go: the guest console log (a native sidecar) is always the first init container
    assert.deepEqual(
      (spec.initContainers ?? []).map((container) => container.name),
      ['guest-console-log', 'container-disk-binary', 'volumeroot-init', 'volumekernel-boot-volume-init'],
    );
    assert.deepEqual(spec.initContainers?.[1]?.command, [
      '/usr/bin/cp',
      '--preserve=all',
      '/usr/bin/container-disk',
      '/init/usr/bin/container-disk',
    ]);
    const mounts = computeOf(pod).volumeMounts!.map((mount) => mount.name);
    assert.deepEqual(mounts.slice(0, 6), [
      'private',
      'public',
      'ephemeral-disks',
      'libvirt-runtime',
      'sockets',
      'container-disks',
    ]);
    assert.equal(
      (spec.volumes as PodVolume[] | undefined)?.some((volume) => volume.image),
      false,
    );
  });

  it('ImageVolume is Beta: on by default, off when disabled, and unknown to v1.4.0', () => {
    assert.equal(config().imageVolumeEnabled(), true);
    assert.equal(new ClusterConfig({ release: KubeVirtRelease.of('v1.4.0') }).imageVolumeEnabled(), false);
    assert.equal(config().pluginsEnabled(), false);
  });

  it('the Alpha Plugins gate adds the plugin sockets directory', () => {
    const plugins = config({
      spec: { configuration: { developerConfiguration: { featureGates: ['Plugins'] } } },
    });
    const rendered = renderVolumes(base(), plugins, state, [], '', LAUNCHER_IMAGE);
    assert.deepEqual(
      rendered.volumes.find((volume) => volume.name === 'kubevirt-plugin-sockets'),
      { name: 'kubevirt-plugin-sockets', emptyDir: {} },
    );
    assert.deepEqual(
      rendered.mounts.find((mount) => mount.name === 'kubevirt-plugin-sockets'),
      { name: 'kubevirt-plugin-sockets', mountPath: '/var/run/kubevirt-plugin' },
    );
  });

  it('ReadWriteMany filesystem PVCs are shared filesystem paths; block ones are not', () => {
    const pvc = (name: string, accessModes: string[], volumeMode?: string): ClusterObject =>
      ({
        kind: 'PersistentVolumeClaim',
        metadata: { name, namespace: 'ns' },
        spec: { accessModes, ...(volumeMode ? { volumeMode } : {}) },
      }) as ClusterObject;
    const pvcs = new MemoryClusterState([
      pvc('rwx', ['ReadWriteMany']),
      pvc('rwo', ['ReadWriteOnce']),
      pvc('blk', ['ReadWriteMany'], 'Block'),
    ]);
    const vmi = base();
    vmi.spec.volumes = ['rwx', 'rwo', 'blk'].map((claimName) => ({
      name: claimName,
      persistentVolumeClaim: { claimName },
    }));
    const rendered = renderVolumes(vmi, config(), pvcs, [], '', LAUNCHER_IMAGE);
    assert.deepEqual(rendered.sharedFilesystemPaths, ['/var/run/kubevirt-private/vmi-disks/rwx']);
    const pod = renderLaunchManifest(vmi, config(), pvcs, options);
    const env = computeOf(pod).env!.map((variable) => variable.name);
    assert.ok(env.indexOf('SHARED_FILESYSTEM_PATHS') < env.indexOf('POD_NAME'));
  });

  it('backend storage: metadata and CBT mounts; a disabled persistent TPM needs none', () => {
    const vmi = base();
    vmi.spec.domain.devices.tpm = { persistent: true };
    (vmi as { status?: object }).status = { changedBlockTracking: { state: 'Enabled' } };
    const rendered = renderVolumes(vmi, config(), state, [], 'pvc-1', LAUNCHER_IMAGE);
    assert.deepEqual(
      rendered.mounts
        .filter((mount) => mount.name === 'vm-state')
        .map((mount) => [mount.mountPath, mount.subPath]),
      [
        ['/run/kubevirt-private/backend-storage-meta', 'meta'],
        ['/var/lib/libvirt/swtpm', 'swtpm'],
        ['/var/lib/swtpm-localca', 'swtpm-localca'],
        ['/var/lib/libvirt/qemu/cbt', 'cbt'],
      ],
    );
    const disabled = base();
    disabled.spec.domain.devices.tpm = {
      persistent: true,
      enabled: false,
    } as typeof disabled.spec.domain.devices.tpm;
    assert.equal(isBackendStorageNeeded(disabled, config()), false);
    assert.equal(
      isBackendStorageNeeded(disabled, new ClusterConfig({ release: KubeVirtRelease.of('v1.4.0') })),
      true,
    );
  });

  it('a backend-storage PVC being deleted is passed over', () => {
    const deleting = new MemoryClusterState([
      {
        kind: 'PersistentVolumeClaim',
        metadata: {
          name: 'persistent-state-for-vm-x',
          namespace: 'ns',
          labels: { 'persistent-state-for': 'vm' },
          deletionTimestamp: '2026-01-01T00:00:00Z',
        },
      } as ClusterObject,
      {
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'persistent-state-for-vm', namespace: 'ns' },
      } as ClusterObject,
    ]);
    assert.equal(pvcForVMI(deleting, base(), config())?.metadata?.name, 'persistent-state-for-vm');
    const v1_4 = new ClusterConfig({ release: KubeVirtRelease.of('v1.4.0') });
    assert.equal(pvcForVMI(deleting, base(), v1_4)?.metadata?.name, 'persistent-state-for-vm-x');
  });

  it('kubevirt.io/skip-backup-hooks on the VMI drops the velero hooks (the KubeVirt CR one is not read)', () => {
    const vmi = base();
    vmi.metadata!.annotations = { 'kubevirt.io/skip-backup-hooks': 'True' };
    assert.deepEqual(generateStorageAnnotations(vmi, config().release), {});
    vmi.metadata!.annotations = { 'kubevirt.io/skip-backup-hooks': 'yes' };
    assert.equal(
      generateStorageAnnotations(vmi, config().release)['pre.hook.backup.velero.io/timeout'],
      '60s',
    );
    const crSkips = config({
      spec: {},
      metadata: { annotations: { 'kubevirt.io/skip-backup-hooks': 'true' } },
    });
    assert.notDeepEqual(generateStorageAnnotations(base(), crSkips.release), {});
  });

  it('virtiofsd runs unprivileged, and maps the service account token owner to root', () => {
    const vmi = base();
    vmi.spec.domain.devices.filesystems = [{ name: 'sa', virtiofs: {} }];
    vmi.spec.volumes = [{ name: 'sa', serviceAccount: { serviceAccountName: 'default' } }];
    const [container] = generateVirtioFSContainers(vmi, LAUNCHER_IMAGE, config());
    assert.deepEqual(container?.args, [
      '--socket-path=/var/run/kubevirt/virtiofs-containers/sa.sock',
      '--shared-dir=/var/run/secrets/kubernetes.io/serviceaccount/',
      '--sandbox=none',
      '--cache=auto',
      '--migration-on-error=guest-error',
      '--migration-mode=find-paths',
      '--translate-uid=host:107:0:1',
    ]);
    assert.equal(container?.securityContext?.runAsUser, 107);
  });
});
