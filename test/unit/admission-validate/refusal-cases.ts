// Conformance VMIs with one thing broken each, for the refusal tests (refusals.test.ts holds what upstream
// v1.4.0's validating webhook answers for each).
import type { VirtualMachineInstance } from '../../../src/types/kubevirt.js';

type Spec = VirtualMachineInstance['spec'];
type Json = Record<string, unknown>;

export interface RefusalCase {
  name: string;
  /** A directory of fixtures/conformance whose expected (defaulted) VMI is the starting point. */
  fixture: string;
  mutate: (vmi: VirtualMachineInstance) => void;
  /** Feature gates added to the cluster configuration. */
  gates?: string[];
  /** Other cluster configuration, merged over the fixture's. */
  configuration?: Json;
  /** The requesting user (default: an ordinary user). */
  user?: string;
}

const BASIC = '001-containerdisk-cloudinit-nocloud';
const domain = (vmi: VirtualMachineInstance): Spec['domain'] => vmi.spec.domain;
const disks = (vmi: VirtualMachineInstance) => (vmi.spec.domain.devices.disks ??= []);
const volumes = (vmi: VirtualMachineInstance) => (vmi.spec.volumes ??= []);
const interfaces = (vmi: VirtualMachineInstance) => (vmi.spec.domain.devices.interfaces ??= []);
const networks = (vmi: VirtualMachineInstance) => (vmi.spec.networks ??= []);
const requests = (vmi: VirtualMachineInstance) => ((vmi.spec.domain.resources ??= {}).requests ??= {});
const limits = (vmi: VirtualMachineInstance) => ((vmi.spec.domain.resources ??= {}).limits ??= {});

export const REFUSAL_CASES: RefusalCase[] = [
  // --- disks and volumes ---
  {
    name: 'two disks with the same name',
    fixture: BASIC,
    mutate: (vmi) => void disks(vmi).push({ ...disks(vmi)[0]! }),
  },
  {
    name: 'a disk referencing a missing volume',
    fixture: BASIC,
    mutate: (vmi) => void disks(vmi).push({ name: 'scratch', disk: { bus: 'virtio' } }),
  },
  {
    name: 'a volume without a disk',
    fixture: BASIC,
    mutate: (vmi) => void volumes(vmi).push({ name: 'orphan', emptyDisk: { capacity: '1Gi' } }),
  },
  {
    name: 'two volumes with the same name and one without a source',
    fixture: '020-emptydisk-scratch',
    mutate: (vmi) => void volumes(vmi).push({ name: volumes(vmi)[0]!.name }),
  },
  {
    name: 'a disk on the IDE bus',
    fixture: BASIC,
    mutate: (vmi) => {
      disks(vmi)[0]!.disk = { bus: 'ide' };
    },
  },
  {
    name: 'a virtio CD-ROM and a read-only SATA disk',
    fixture: BASIC,
    mutate: (vmi) => {
      disks(vmi)[0]!.disk = { bus: 'sata', readonly: true };
      delete disks(vmi)[1]!.disk;
      disks(vmi)[1]!.cdrom = { bus: 'virtio' };
    },
  },
  {
    name: 'a disk with several targets, a bad cache mode, IO mode and error policy',
    fixture: BASIC,
    mutate: (vmi) => {
      Object.assign(disks(vmi)[0]!, {
        cdrom: {},
        cache: 'unsafe',
        io: 'aio',
        errorPolicy: 'panic',
        dedicatedIOThread: true,
      });
      disks(vmi)[0]!.disk = { bus: 'sata' };
    },
  },
  {
    name: 'a disk name that is not a DNS label',
    fixture: BASIC,
    mutate: (vmi) => {
      disks(vmi)[0]!.name = 'Container_Disk';
      volumes(vmi)[0]!.name = 'Container_Disk';
    },
  },
  {
    name: 'a disk PCI address on a SATA bus and malformed',
    fixture: BASIC,
    mutate: (vmi) => {
      disks(vmi)[0]!.disk = { bus: 'sata', pciAddress: '0000:00:1g.0' };
    },
  },
  {
    name: 'a boot order of zero and a duplicate boot order',
    fixture: BASIC,
    mutate: (vmi) => {
      disks(vmi)[0]!.bootOrder = 0;
      disks(vmi)[1]!.bootOrder = 0;
    },
  },
  {
    name: 'a disk serial with invalid characters',
    fixture: BASIC,
    mutate: (vmi) => {
      disks(vmi)[0]!.serial = 'serial number!';
    },
  },
  {
    name: 'custom block sizes out of range',
    fixture: BASIC,
    mutate: (vmi) => {
      disks(vmi)[0]!.blockSize = { custom: { logical: 256, physical: 768 } };
    },
  },
  {
    name: 'a LUN on a containerDisk volume with a reservation but no gate',
    fixture: BASIC,
    mutate: (vmi) => {
      delete disks(vmi)[0]!.disk;
      disks(vmi)[0]!.lun = { reservation: true };
    },
  },
  {
    name: 'a hostDisk without the HostDisk gate',
    fixture: '019-hostdisk-disk-and-disk-or-create',
    configuration: { developerConfiguration: { featureGates: [] } },
    mutate: () => undefined,
  },
  {
    name: 'a hostDisk of type Disk with a capacity and an unknown type',
    fixture: '019-hostdisk-disk-and-disk-or-create',
    mutate: (vmi) => {
      const hostDisks = volumes(vmi).filter((v) => v.hostDisk);
      hostDisks[0]!.hostDisk = { ...hostDisks[0]!.hostDisk!, type: 'Disk', capacity: '1Gi' };
      hostDisks[1]!.hostDisk = { ...hostDisks[1]!.hostDisk!, type: 'File', path: '' };
    },
  },
  {
    name: 'a downwardMetrics volume without its gate',
    fixture: '024-downwardmetrics-volume',
    configuration: { developerConfiguration: { featureGates: [] } },
    mutate: () => undefined,
  },
  {
    name: 'cloud-init user data given twice, too large network data, bad base64',
    fixture: BASIC,
    mutate: (vmi) => {
      const cloudInit = volumes(vmi).find((v) => v.cloudInitNoCloud)!;
      cloudInit.cloudInitNoCloud = {
        ...cloudInit.cloudInitNoCloud,
        userDataBase64: 'not base64!',
        networkData: 'x'.repeat(2049),
      };
    },
  },
  {
    name: 'configMap and secret volumes without names',
    fixture: '022-configmap-secret-downwardapi-disks',
    mutate: (vmi) => {
      for (const volume of volumes(vmi)) {
        if (volume.configMap) volume.configMap = {};
        if (volume.secret) volume.secret = { optional: true };
      }
    },
  },
  {
    name: 'a containerDisk path with relative components',
    fixture: BASIC,
    mutate: (vmi) => {
      volumes(vmi)[0]!.containerDisk!.path = '/disk/../images/disk.img';
    },
  },
  {
    name: 'kernel boot arguments without a kernel and EFI together with BIOS',
    fixture: BASIC,
    mutate: (vmi) => {
      domain(vmi).firmware = {
        ...domain(vmi).firmware,
        bootloader: { bios: {}, efi: { secureBoot: false } },
        kernelBoot: { kernelArgs: 'console=ttyS0' },
      };
    },
  },
  {
    name: 'a kernel boot container without image and paths',
    fixture: '028-kernel-boot-container',
    mutate: (vmi) => {
      domain(vmi).firmware!.kernelBoot!.container = { image: '', kernelPath: '', initrdPath: '' };
    },
  },
  // --- CPU and memory ---
  {
    name: 'a cpu limit below the request',
    fixture: '002-cpu-memory-requests-and-limits',
    mutate: (vmi) => {
      requests(vmi).cpu = '2';
      limits(vmi).cpu = '1500m';
    },
  },
  {
    name: 'a memory limit below the request and a guest above the limit',
    fixture: '002-cpu-memory-requests-and-limits',
    mutate: (vmi) => {
      limits(vmi).memory = '1Gi';
      domain(vmi).memory = { ...domain(vmi).memory, guest: '4Gi' };
    },
  },
  {
    name: 'a negative cpu request and a memory request below 1M',
    fixture: BASIC,
    mutate: (vmi) => {
      requests(vmi).cpu = '-1';
      requests(vmi).memory = '512k';
    },
  },
  {
    name: 'hugepages with an invalid page size',
    fixture: '012-hugepages-2mi',
    mutate: (vmi) => {
      domain(vmi).memory!.hugepages!.pageSize = '2 MiB';
    },
  },
  {
    name: 'hugepages larger than the memory request',
    fixture: '012-hugepages-2mi',
    mutate: (vmi) => {
      domain(vmi).memory!.hugepages!.pageSize = '1Gi';
      requests(vmi).memory = '1536Mi';
    },
  },
  {
    name: 'dedicated CPUs with a fractional cpu request and three threads',
    fixture: '009-dedicated-cpu-placement',
    mutate: (vmi) => {
      requests(vmi).cpu = '1500m';
      limits(vmi).cpu = '2';
      domain(vmi).cpu!.threads = 3;
    },
  },
  {
    name: 'isolateEmulatorThread without dedicated CPUs',
    fixture: BASIC,
    mutate: (vmi) => {
      domain(vmi).cpu = { ...domain(vmi).cpu, isolateEmulatorThread: true };
    },
  },
  {
    name: 'NUMA passthrough and realtime without dedicated CPUs or hugepages',
    fixture: BASIC,
    mutate: (vmi) => {
      domain(vmi).cpu = { ...domain(vmi).cpu, numa: { guestMappingPassthrough: {} }, realtime: {} };
    },
  },
  {
    name: 'more sockets than maxSockets and an unknown CPU feature policy',
    fixture: '004-cpu-topology-sockets-cores-threads',
    mutate: (vmi) => {
      domain(vmi).cpu = { ...domain(vmi).cpu, maxSockets: 1, features: [{ name: 'pcid', policy: 'maybe' }] };
    },
  },
  {
    name: 'no memory at all',
    fixture: BASIC,
    mutate: (vmi) => {
      delete domain(vmi).resources;
      delete domain(vmi).memory;
    },
  },
  {
    name: 'an unsupported machine type and a bad firmware serial',
    fixture: BASIC,
    mutate: (vmi) => {
      domain(vmi).machine = { type: 'pc-i440fx-9.0' };
      domain(vmi).firmware = { ...domain(vmi).firmware, serial: 'serial #1' };
    },
  },
  {
    name: 'EFI secure boot with SMM disabled',
    fixture: BASIC,
    mutate: (vmi) => {
      domain(vmi).firmware = { ...domain(vmi).firmware, bootloader: { efi: {} } };
      domain(vmi).features = { ...domain(vmi).features, smm: { enabled: false } };
    },
  },
  // --- network ---
  {
    name: 'an interface without a network',
    fixture: BASIC,
    mutate: (vmi) => void interfaces(vmi).push({ name: 'secondary', bridge: {} }),
  },
  {
    name: 'a network without an interface and without a source',
    fixture: BASIC,
    mutate: (vmi) => void networks(vmi).push({ name: 'secondary' }),
  },
  {
    name: 'two pod networks',
    fixture: '044-masquerade-with-ports',
    mutate: (vmi) => {
      networks(vmi).push({ name: 'pod2', pod: {} });
      interfaces(vmi).push({ name: 'pod2', masquerade: {} });
    },
  },
  {
    name: 'masquerade on a Multus network with the reserved MAC',
    fixture: '040-multus-secondary-networks',
    mutate: (vmi) => {
      const secondary = interfaces(vmi)[1]!;
      delete secondary.bridge;
      secondary.masquerade = {};
      secondary.macAddress = '02:00:00:00:00:00';
    },
  },
  {
    name: 'a slirp interface',
    fixture: BASIC,
    mutate: (vmi) => {
      const iface = interfaces(vmi)[0]!;
      delete iface.bridge;
      delete iface.masquerade;
      iface.slirp = {};
    },
  },
  {
    name: 'bridge on the pod network when the cluster forbids it',
    fixture: BASIC,
    configuration: { network: { permitBridgeInterfaceOnPodNetwork: false } },
    mutate: () => undefined,
  },
  {
    name: 'a binding plugin without its gate',
    fixture: '038-network-binding-plugin-passt-sidecar',
    configuration: { developerConfiguration: { featureGates: [] } },
    mutate: () => undefined,
  },
  {
    name: 'bad interface fields: model, MAC, PCI address, ports, DHCP options',
    fixture: '044-masquerade-with-ports',
    mutate: (vmi) => {
      const iface = interfaces(vmi)[0]!;
      iface.model = 'rtl9999';
      iface.macAddress = '00:11:22:33:44';
      iface.pciAddress = '0000:00:03';
      iface.ports = [
        { name: 'http', port: 80 },
        { name: 'http', port: 70000, protocol: 'SCTP' },
      ];
      iface.dhcpOptions = { privateOptions: [{ option: 200, value: 'x' }], ntpServers: ['::1'] };
    },
  },
  {
    name: 'HTTP probes without a pod network',
    fixture: '045-no-pod-network-autoattach-false',
    mutate: (vmi) => {
      vmi.spec.readinessProbe = { httpGet: { port: 80 } };
      vmi.spec.livenessProbe = {};
    },
  },
  // --- devices and feature gates ---
  {
    name: 'host devices without the HostDevices gate',
    fixture: BASIC,
    mutate: (vmi) => {
      vmi.spec.domain.devices.hostDevices = [{ name: 'hostdev', deviceName: 'vendor.com/device' }];
    },
  },
  {
    name: 'two GPUs with ramfb displays',
    fixture: BASIC,
    mutate: (vmi) => {
      vmi.spec.domain.devices.gpus = [
        { name: 'gpu1', deviceName: 'nvidia.com/A', virtualGPUOptions: { display: {} } },
        {
          name: 'gpu2',
          deviceName: 'nvidia.com/A',
          virtualGPUOptions: { display: { ramFB: { enabled: true } } },
        },
      ];
    },
  },
  {
    name: 'a sound device with an unknown model and no name',
    fixture: BASIC,
    mutate: (vmi) => {
      vmi.spec.domain.devices.sound = { model: 'sb16', name: '' };
    },
  },
  {
    name: 'input devices with a PS/2 bus and a mouse',
    fixture: BASIC,
    mutate: (vmi) => {
      vmi.spec.domain.devices.inputs = [{ name: 'mouse', bus: 'ps2', type: 'mouse' }];
    },
  },
  {
    name: 'SEV without the WorkloadEncryptionSEV gate',
    fixture: '061-sev',
    configuration: { developerConfiguration: { featureGates: [] } },
    mutate: () => undefined,
  },
  {
    name: 'SEV with secure boot, attestation without Paused, a bootable NIC',
    fixture: '061-sev',
    mutate: (vmi) => {
      domain(vmi).firmware!.bootloader = { efi: { secureBoot: true } };
      domain(vmi).launchSecurity = { sev: { attestation: {} } };
      interfaces(vmi)[0]!.bootOrder = 1;
    },
  },
  {
    name: 'VSOCK without its gate',
    fixture: '065-vsock',
    configuration: { developerConfiguration: { featureGates: [] } },
    mutate: () => undefined,
  },
  {
    name: 'a persistent TPM and EFI without VMPersistentState',
    fixture: '034-persistent-tpm-and-efi-root',
    configuration: { developerConfiguration: { featureGates: ['Root'] } },
    mutate: () => undefined,
  },
  {
    name: 'another architecture without MultiArchitecture',
    fixture: BASIC,
    mutate: (vmi) => {
      vmi.spec.architecture = 's390x';
    },
  },
  {
    name: 'arm64: BIOS, host-model CPU, SATA disk, watchdog and sound',
    fixture: '078-arm64',
    mutate: (vmi) => {
      domain(vmi).firmware = { ...domain(vmi).firmware, bootloader: { bios: {} } };
      domain(vmi).cpu = { ...domain(vmi).cpu, model: 'host-model' };
      disks(vmi)[0]!.disk = { bus: 'sata' };
      vmi.spec.domain.devices.watchdog = { name: 'wd', i6300esb: {} };
      vmi.spec.domain.devices.sound = { name: 'audio' };
    },
  },
  {
    name: 'hyperv enlightenments with a disabled dependency and hypervPassthrough',
    fixture: BASIC,
    mutate: (vmi) => {
      domain(vmi).features = {
        ...domain(vmi).features,
        hyperv: { synic: { enabled: true }, vpindex: { enabled: false } },
        hypervPassthrough: { enabled: true },
      };
    },
  },
  // --- scheduling, DNS and metadata ---
  {
    name: 'a hostname and subdomain that are not DNS names',
    fixture: BASIC,
    mutate: (vmi) => {
      vmi.spec.hostname = 'My.Host';
      vmi.spec.subdomain = 'Sub_Domain';
    },
  },
  {
    name: 'dnsPolicy None without nameservers',
    fixture: BASIC,
    mutate: (vmi) => {
      vmi.spec.dnsPolicy = 'None';
      vmi.spec.dnsConfig = { searches: ['Example.COM'] };
    },
  },
  {
    name: 'too many and invalid nameservers',
    fixture: '054-dns-config-policy-none',
    mutate: (vmi) => {
      vmi.spec.dnsConfig!.nameservers = ['1.1.1.1', '8.8.8.8', '9.9.9.9', 'dns.example.com', '010.0.0.1'];
    },
  },
  {
    name: 'node affinity with an unknown operator and a weight of zero',
    fixture: '053-scheduling-affinity-tolerations-topology',
    mutate: (vmi) => {
      vmi.spec.affinity = {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'Gt', values: ['1', '2'] }] }],
          },
          preferredDuringSchedulingIgnoredDuringExecution: [
            {
              weight: 0,
              preference: { matchExpressions: [{ key: 'disk', operator: 'Exists', values: ['ssd'] }] },
            },
          ],
        },
      };
    },
  },
  {
    name: 'topology spread constraints with a zero skew and a repeated key',
    fixture: '053-scheduling-affinity-tolerations-topology',
    mutate: (vmi) => {
      vmi.spec.topologySpreadConstraints = [
        { maxSkew: 0, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' },
        { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' },
      ];
    },
  },
  {
    name: 'an unknown eviction strategy and start strategy',
    fixture: BASIC,
    mutate: (vmi) => {
      vmi.spec.evictionStrategy = 'Sometimes';
      vmi.spec.startStrategy = 'Later';
    },
  },
  {
    name: 'access credentials without source or propagation method',
    fixture: BASIC,
    mutate: (vmi) => {
      vmi.spec.accessCredentials = [
        { sshPublicKey: { source: {}, propagationMethod: { configDrive: {} } } },
        { userPassword: { source: { secret: { secretName: 'pw' } }, propagationMethod: {} } },
      ] as unknown as Spec['accessCredentials'];
    },
  },
  {
    name: 'reserved kubevirt.io labels from an ordinary user',
    fixture: BASIC,
    mutate: (vmi) => {
      vmi.metadata = { ...vmi.metadata };
      vmi.metadata.labels = { ...vmi.metadata.labels, 'kubevirt.io/nodeName': 'node01' };
    },
  },
  {
    name: 'hook sidecars without the Sidecar gate, ignition without its gate, a bad migration thread count',
    fixture: BASIC,
    mutate: (vmi) => {
      vmi.metadata ??= {};
      vmi.metadata.annotations = {
        ...vmi.metadata.annotations,
        'hooks.kubevirt.io/hookSidecars': '[{"image": "sidecar:latest"}]',
        'kubevirt.io/ignitiondata': '{"ignition": {}}',
        'kubevirt.io/multiThreadedQemuMigration': 'four',
      };
    },
  },
  {
    name: 'more than ten causes (the response keeps ten)',
    fixture: BASIC,
    mutate: (vmi) => {
      for (let i = 0; i < 12; i++) disks(vmi).push({ name: `missing-${i}` });
    },
  },
];

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function merge(base: unknown, over: unknown): unknown {
  if (isObject(base) && isObject(over)) {
    const out: Json = { ...base };
    for (const [k, v] of Object.entries(over)) out[k] = merge(base[k], v);
    return out;
  }
  return over === undefined ? base : structuredClone(over);
}

/** The KubeVirt CR of a refusal case: the fixture's, with the case's configuration and gates. */
export function kubevirtFor(fixtureKubeVirt: Json | undefined, c: RefusalCase): Json | undefined {
  if (!fixtureKubeVirt && !c.configuration && !c.gates) return undefined;
  const kv = structuredClone(
    fixtureKubeVirt ?? {
      apiVersion: 'kubevirt.io/v1',
      kind: 'KubeVirt',
      metadata: { name: 'kubevirt', namespace: 'kubevirt' },
    },
  ) as Json;
  const spec = (isObject(kv.spec) ? kv.spec : (kv.spec = {})) as Json;
  spec.configuration = merge(spec.configuration ?? {}, c.configuration ?? {});
  if (c.gates) {
    const configuration = spec.configuration as Json;
    const dev = (
      isObject(configuration.developerConfiguration)
        ? configuration.developerConfiguration
        : (configuration.developerConfiguration = {})
    ) as Json;
    dev.featureGates = [...((dev.featureGates as string[] | undefined) ?? []), ...c.gates];
  }
  return kv;
}
