// NVIDIA Grace GPU passthrough (GraceIOVirtualization, from v1.9.0): which PCI devices of a VMI spec are
// Grace GPUs, and the checks virt-api makes about them.
// upstream v1.9.0: pkg/virt-api/webhooks/validating-webhook/admitters/grace_io_virtualization.go,
//                  pkg/util/hardware/grace.go
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { VMISpec } from '../../types/kubevirt.js';
import { cause, CauseType, FieldPath, type AdmissionCause } from './types.js';

const NVIDIA_PCI_VENDOR_ID = '10DE';
const NVIDIA_GRACE_GPU_DEVICE_IDS = new Set(['2342', '2348', '2941']);
const GRACE_VIRT_MACHINE_TYPE = 'virt';
const PlacePCIDevicesOnRootComplexAnnotation = 'kubevirt.io/placePCIDevicesOnRootComplex';
const DisablePCIHole64Annotation = 'kubevirt.io/disablePCIHole64';

interface GracePCIDeviceRequest {
  path: FieldPath;
  resourceName: string;
}

// upstream: hardware.NormalizePCIID
const normalizePCIID = (id: string): string => {
  const upper = id.trim().toUpperCase();
  return upper.startsWith('0X') ? upper.slice(2) : upper;
};

const isHexPCIID = (id: string): boolean => /^[0-9A-F]{4}$/.test(id);

// upstream: hardware.ParsePCIVendorSelector
function parsePCIVendorSelector(selector: string): { vendorID: string; deviceID: string } | undefined {
  const parts = selector.split(':');
  if (parts.length !== 2) return undefined;
  const vendorID = normalizePCIID(parts[0]!);
  const deviceID = normalizePCIID(parts[1]!);
  if (!isHexPCIID(vendorID)) return undefined;
  if (deviceID !== '*' && !isHexPCIID(deviceID)) return undefined;
  return { vendorID, deviceID };
}

// upstream: hardware.IsNVIDIAGracePCIVendorSelector
function isNVIDIAGracePCIVendorSelector(selector: string): boolean {
  const parsed = parsePCIVendorSelector(selector);
  return (
    parsed !== undefined &&
    parsed.vendorID === NVIDIA_PCI_VENDOR_ID &&
    NVIDIA_GRACE_GPU_DEVICE_IDS.has(parsed.deviceID)
  );
}

// upstream: hardware.IsAmbiguousNVIDIAPCIVendorSelector
function isAmbiguousNVIDIAPCIVendorSelector(selector: string): boolean {
  const parsed = parsePCIVendorSelector(selector);
  return parsed !== undefined && parsed.vendorID === NVIDIA_PCI_VENDOR_ID && parsed.deviceID === '*';
}

// upstream: gracePCIDeviceRequests (grace requests, then requests whose selector names any NVIDIA device)
export function gracePCIDeviceRequests(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): { grace: GracePCIDeviceRequest[]; ambiguousNVIDIA: GracePCIDeviceRequest[] } {
  const selectors = new Map<string, string>();
  for (const device of config.getPermittedHostDevices()?.pciHostDevices ?? []) {
    if (device.resourceName && device.pciVendorSelector) {
      selectors.set(device.resourceName, device.pciVendorSelector);
    }
  }
  const grace: GracePCIDeviceRequest[] = [];
  const ambiguousNVIDIA: GracePCIDeviceRequest[] = [];
  if (selectors.size === 0) return { grace, ambiguousNVIDIA };
  const requests: GracePCIDeviceRequest[] = [];
  const devices = spec.domain.devices;
  (devices.gpus ?? []).forEach((gpu, index) => {
    if (gpu.deviceName) {
      requests.push({
        path: field.child('domain', 'devices', 'gpus').index(index).child('deviceName'),
        resourceName: gpu.deviceName,
      });
    }
  });
  (devices.hostDevices ?? []).forEach((hostDevice, index) => {
    if (hostDevice.deviceName) {
      requests.push({
        path: field.child('domain', 'devices', 'hostDevices').index(index).child('deviceName'),
        resourceName: hostDevice.deviceName,
      });
    }
  });
  for (const request of requests) {
    const selector = selectors.get(request.resourceName);
    if (selector === undefined) continue;
    if (isNVIDIAGracePCIVendorSelector(selector)) grace.push(request);
    else if (isAmbiguousNVIDIAPCIVendorSelector(selector)) ambiguousNVIDIA.push(request);
  }
  return { grace, ambiguousNVIDIA };
}

/** upstream: validateGraceIOVirtualization (part of the VMI spec checks, vmi-create-admitter.go). */
export function validateGraceIOVirtualization(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const { grace, ambiguousNVIDIA } = gracePCIDeviceRequests(field, spec, config);
  if (grace.length === 0 && ambiguousNVIDIA.length === 0) return [];
  const enabled = config.isFeatureGateEnabled('GraceIOVirtualization');
  const causes: AdmissionCause[] = [];
  if (enabled) {
    for (const request of ambiguousNVIDIA) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `GraceIOVirtualization requires an exact pciVendorSelector for NVIDIA PCI host device resource "${request.resourceName}"`,
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
          `GraceIOVirtualization feature gate must be enabled for NVIDIA Grace GPU passthrough resource "${request.resourceName}"`,
          request.path,
        ),
      );
    }
    return causes;
  }
  const architecture = spec.architecture || config.getDefaultArchitecture();
  if (architecture !== 'arm64') {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'GraceIOVirtualization requires arm64 architecture',
        field.child('architecture'),
      ),
    );
  }
  const machineType = spec.domain.machine?.type || config.getMachineType(architecture);
  if (!machineType.startsWith(GRACE_VIRT_MACHINE_TYPE)) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `GraceIOVirtualization requires "${GRACE_VIRT_MACHINE_TYPE}" machine type`,
        field.child('domain', 'machine', 'type'),
      ),
    );
  }
  if (!spec.domain.cpu?.dedicatedCpuPlacement) {
    causes.push(
      cause(
        CauseType.FieldValueRequired,
        'GraceIOVirtualization requires dedicated CPU placement',
        field.child('domain', 'cpu', 'dedicatedCpuPlacement'),
      ),
    );
  }
  for (const gate of ['PCINUMAAwareTopology', 'IOMMUFD']) {
    if (!config.isFeatureGateEnabled(gate)) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${gate} feature gate must be enabled when GraceIOVirtualization is used`,
          field.child('domain', 'devices'),
        ),
      );
    }
  }
  return causes;
}

/** upstream: validateGraceIOVirtualizationAnnotations (VM template metadata, vms-admitter.go). */
export function validateGraceIOVirtualizationAnnotations(
  field: FieldPath,
  spec: VMISpec,
  annotations: Record<string, string> | undefined,
  config: ClusterConfig,
): AdmissionCause[] {
  // upstream looks the requests up under `spec` whatever `field` is; only their number matters here
  if (gracePCIDeviceRequests(FieldPath.of('spec'), spec, config).grace.length === 0) return [];
  const causes: AdmissionCause[] = [];
  if (annotations?.[PlacePCIDevicesOnRootComplexAnnotation] === 'true') {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'GraceIOVirtualization is not compatible with placing PCI devices on the root complex',
        field.child('annotations').key(PlacePCIDevicesOnRootComplexAnnotation),
      ),
    );
  }
  if (annotations?.[DisablePCIHole64Annotation] === 'true') {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'GraceIOVirtualization requires the 64-bit PCI hole',
        field.child('annotations').key(DisablePCIHole64Annotation),
      ),
    );
  }
  return causes;
}
