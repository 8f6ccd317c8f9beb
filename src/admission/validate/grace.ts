// NVIDIA Grace GPU passthrough (v1.9.0): a GPU or host device whose permitted PCI selector names a Grace GPU
// needs the GraceIOVirtualization gate and its prerequisites.
// upstream v1.9.0: admitters/grace_io_virtualization.go, pkg/util/hardware/grace.go
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { ObjectMeta } from '../../types/k8s.js';
import type { VMISpec } from '../../types/kubevirt.js';
import { quote } from '../../util/go/strconv.js';
import { cause, CauseType, FieldPath, type AdmissionCause } from './types.js';
import { goToUpper, goTrimSpace } from '../../util/go/strings.js';

const NVIDIA_PCI_VENDOR_ID = '10DE';
const GRACE_GPU_DEVICE_IDS = new Set(['2342', '2348', '2941']);
const PLACE_PCI_DEVICES_ON_ROOT_COMPLEX = 'kubevirt.io/placePCIDevicesOnRootComplex';
const DISABLE_PCI_HOLE64 = 'kubevirt.io/disablePCIHole64';

// upstream: hardware.NormalizePCIID
const normalizePCIID = (id: string): string => goToUpper(goTrimSpace(id)).replace(/^0X/, '');
const isHexPCIID = (id: string): boolean => /^[0-9A-F]{4}$/.test(id);

// upstream: hardware.ParsePCIVendorSelector
function parseSelector(selector: string): { vendorID: string; deviceID: string } | undefined {
  const parts = selector.split(':');
  if (parts.length !== 2) return undefined;
  const vendorID = normalizePCIID(parts[0]!);
  const deviceID = normalizePCIID(parts[1]!);
  if (!isHexPCIID(vendorID)) return undefined;
  if (deviceID !== '*' && !isHexPCIID(deviceID)) return undefined;
  return { vendorID, deviceID };
}

interface DeviceRequest {
  path: FieldPath;
  resourceName: string;
}

// upstream: gracePCIDeviceRequests
function gracePCIDeviceRequests(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): { grace: DeviceRequest[]; ambiguous: DeviceRequest[] } {
  const selectors = new Map<string, string>();
  for (const device of config.getPermittedHostDevices()?.pciHostDevices ?? []) {
    const resourceName = device.resourceName ?? '';
    const selector = device.pciVendorSelector ?? '';
    if (resourceName !== '' && selector !== '') selectors.set(resourceName, selector);
  }
  const grace: DeviceRequest[] = [];
  const ambiguous: DeviceRequest[] = [];
  if (selectors.size === 0) return { grace, ambiguous };
  const requests: DeviceRequest[] = [];
  (spec.domain.devices.gpus ?? []).forEach((gpu, i) => {
    const name = gpu.deviceName ?? '';
    if (name !== '') {
      requests.push({
        path: field.child('domain', 'devices', 'gpus').index(i).child('deviceName'),
        resourceName: name,
      });
    }
  });
  (spec.domain.devices.hostDevices ?? []).forEach((device, i) => {
    const name = device.deviceName ?? '';
    if (name !== '') {
      requests.push({
        path: field.child('domain', 'devices', 'hostDevices').index(i).child('deviceName'),
        resourceName: name,
      });
    }
  });
  for (const request of requests) {
    const selector = selectors.get(request.resourceName);
    if (selector === undefined) continue;
    const parsed = parseSelector(selector);
    if (parsed === undefined || parsed.vendorID !== NVIDIA_PCI_VENDOR_ID) continue;
    if (GRACE_GPU_DEVICE_IDS.has(parsed.deviceID)) grace.push(request);
    else if (parsed.deviceID === '*') ambiguous.push(request);
  }
  return { grace, ambiguous };
}

/** upstream v1.9.0: validateGraceIOVirtualization */
export function validateGraceIOVirtualization(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const { grace, ambiguous } = gracePCIDeviceRequests(field, spec, config);
  if (grace.length === 0 && ambiguous.length === 0) return [];
  const enabled = config.graceIOVirtualizationEnabled();
  const causes: AdmissionCause[] = [];
  if (enabled) {
    for (const request of ambiguous) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `GraceIOVirtualization requires an exact pciVendorSelector for NVIDIA PCI host device resource ${quote(request.resourceName)}`,
          request.path,
        ),
      );
    }
  }
  if (grace.length === 0) return causes;
  if (!enabled) {
    for (const request of grace) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `GraceIOVirtualization feature gate must be enabled for NVIDIA Grace GPU passthrough resource ${quote(request.resourceName)}`,
          request.path,
        ),
      );
    }
    return causes;
  }
  const arch = spec.architecture || config.getDefaultArchitecture();
  if (arch !== 'arm64') {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'GraceIOVirtualization requires arm64 architecture',
        field.child('architecture'),
      ),
    );
  }
  const machineType = spec.domain.machine?.type || config.getMachineType(arch);
  if (!machineType.startsWith('virt')) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'GraceIOVirtualization requires "virt" machine type',
        field.child('domain', 'machine', 'type'),
      ),
    );
  }
  if (spec.domain.cpu?.dedicatedCpuPlacement !== true) {
    causes.push(
      cause(
        CauseType.FieldValueRequired,
        'GraceIOVirtualization requires dedicated CPU placement',
        field.child('domain', 'cpu', 'dedicatedCpuPlacement'),
      ),
    );
  }
  const devices = field.child('domain', 'devices');
  if (!config.pciNUMAAwareTopologyEnabled()) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'PCINUMAAwareTopology feature gate must be enabled when GraceIOVirtualization is used',
        devices,
      ),
    );
  }
  if (!config.iommufdEnabled()) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'IOMMUFD feature gate must be enabled when GraceIOVirtualization is used',
        devices,
      ),
    );
  }
  return causes;
}

/** upstream v1.9.0: validateGraceIOVirtualizationAnnotations */
export function validateGraceIOVirtualizationAnnotations(
  field: FieldPath,
  spec: VMISpec,
  metadata: ObjectMeta,
  config: ClusterConfig,
): AdmissionCause[] {
  if (gracePCIDeviceRequests(FieldPath.of('spec'), spec, config).grace.length === 0) return [];
  const annotations = metadata.annotations ?? {};
  const causes: AdmissionCause[] = [];
  if (annotations[PLACE_PCI_DEVICES_ON_ROOT_COMPLEX] === 'true') {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'GraceIOVirtualization is not compatible with placing PCI devices on the root complex',
        field.child('annotations').key(PLACE_PCI_DEVICES_ON_ROOT_COMPLEX),
      ),
    );
  }
  if (annotations[DISABLE_PCI_HOLE64] === 'true') {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'GraceIOVirtualization requires the 64-bit PCI hole',
        field.child('annotations').key(DISABLE_PCI_HOLE64),
      ),
    );
  }
  return causes;
}
