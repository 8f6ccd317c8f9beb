// Dynamic Resource Allocation on a VMI (v1.9.0): spec.resourceClaims and GPUs / host devices that name a
// claim request instead of a device. DRA networks (spec.networks[].resourceClaim, behind the Alpha gate
// NetworkDevicesWithDRA) are not modelled.
// upstream v1.9.0: pkg/dra/admitter/dra_admitter.go validateCreationDRA
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { VMISpec } from '../../types/kubevirt.js';
import { extractDRANetworkClaimRequestTuples } from '../../pkg/network/vmispec.js';
import { quote } from '../../util/go/strconv.js';
import { isDNS1123Label, isDNS1123Subdomain } from './k8s-validation.js';
import { cause, CauseType, type AdmissionCause, type FieldPath } from './types.js';

interface ResourceClaim {
  name?: string;
  resourceClaimName?: string | null;
  resourceClaimTemplateName?: string | null;
}

/** A GPU or host device: `claimName`/`requestName` are the inlined ClaimRequest (set: the pointer is). */
interface ClaimingDevice {
  deviceName?: string;
  claimName?: string;
  requestName?: string;
}

const claimRequestOf = (device: ClaimingDevice): { claimName: string; requestName: string } | undefined =>
  device.claimName !== undefined || device.requestName !== undefined
    ? { claimName: device.claimName ?? '', requestName: device.requestName ?? '' }
    : undefined;

// upstream: validateResourceClaims
function validateResourceClaims(field: FieldPath, claims: ResourceClaim[]): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const names = new Set<string>();
  claims.forEach((claim, i) => {
    const claimField = field.index(i);
    const name = claim.name ?? '';
    if (name === '') {
      causes.push(
        cause(
          CauseType.FieldValueRequired,
          `${claimField.child('name').toString()} is a required field`,
          claimField.child('name'),
        ),
      );
    } else if (names.has(name)) {
      causes.push(
        cause(
          CauseType.FieldValueDuplicate,
          `duplicate resourceClaims name ${quote(name)}`,
          claimField.child('name'),
        ),
      );
    } else {
      const errors = isDNS1123Label(name);
      if (errors.length !== 0) {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `${claimField.child('name').toString()} does not conform to the kubernetes DNS_LABEL rules: ${errors.join(', ')}`,
            claimField.child('name'),
          ),
        );
      }
      names.add(name);
    }
    const claimName = claim.resourceClaimName;
    const templateName = claim.resourceClaimTemplateName;
    if (claimName != null && templateName != null) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'at most one of resourceClaimName or resourceClaimTemplateName may be specified',
          claimField,
        ),
      );
    }
    if (claimName == null && templateName == null) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'must specify one of: resourceClaimName, resourceClaimTemplateName',
          claimField,
        ),
      );
    }
    // apimachinery NameIsDNSSubdomain
    if (claimName != null) {
      for (const detail of isDNS1123Subdomain(claimName)) {
        causes.push(cause(CauseType.FieldValueInvalid, detail, claimField.child('resourceClaimName')));
      }
    }
    if (templateName != null) {
      for (const detail of isDNS1123Subdomain(templateName)) {
        causes.push(
          cause(CauseType.FieldValueInvalid, detail, claimField.child('resourceClaimTemplateName')),
        );
      }
    }
  });
  return causes;
}

interface DeviceKind {
  fieldPath: 'gpus' | 'hostDevices';
  typeName: 'GPU' | 'HostDevice';
  gateEnabled: boolean;
  rejectMixed: boolean;
}

interface DeviceResult {
  causes: AdmissionCause[];
  claimNames: Set<string>;
  /** claimName/requestName -> the index of its first device */
  pairs: Map<string, number>;
}

// upstream: validateDRADevices (with validateNonDRADevices)
function validateDRADevices(field: FieldPath, devices: ClaimingDevice[], kind: DeviceKind): DeviceResult {
  const devField = field.child('domain', 'devices', kind.fieldPath);
  const isDRA = (device: ClaimingDevice): boolean =>
    (device.deviceName ?? '') === '' && claimRequestOf(device) !== undefined;
  const dra = devices.map((device, idx) => ({ device, idx })).filter(({ device }) => isDRA(device));
  const nonDRA = devices.filter((device) => !isDRA(device));
  const empty = (causes: AdmissionCause[]): DeviceResult => ({
    causes,
    claimNames: new Set(),
    pairs: new Map(),
  });
  if (kind.rejectMixed && nonDRA.length > 0 && dra.length > 0) {
    return empty([
      cause(
        CauseType.FieldValueInvalid,
        `vmi.spec.domain.devices.${kind.fieldPath} contains both DRA and non-DRA ${kind.typeName}s; each ${kind.typeName} must be either DRA or non-DRA`,
        devField,
      ),
    ]);
  }
  const causes: AdmissionCause[] = [];
  for (const device of nonDRA) {
    if ((device.deviceName ?? '') === '') {
      causes.push(
        cause(
          CauseType.FieldValueRequired,
          `vmi.spec.domain.devices.${kind.fieldPath} contains ${kind.typeName}s without deviceName or claimRequest; ` +
            `each ${kind.typeName} must specify either a deviceName or a claimRequest`,
          devField,
        ),
      );
      continue;
    }
    if (claimRequestOf(device) !== undefined) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `vmi.spec.domain.devices.${kind.fieldPath} contains ${kind.typeName}s with both deviceName and claimRequest`,
          devField,
        ),
      );
    }
  }
  if (dra.length > 0 && !kind.gateEnabled) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `vmi.spec.domain.devices.${kind.fieldPath} contains DRA enabled ${kind.typeName}s but feature gate is not enabled`,
        devField,
      ),
    );
    return empty(causes);
  }
  const claimNames = new Set<string>();
  const pairs = new Map<string, number>();
  for (const { device, idx } of dra) {
    const request = claimRequestOf(device)!;
    if (request.claimName === '') {
      causes.push(
        cause(
          CauseType.FieldValueRequired,
          `claimName is required for DRA ${kind.typeName}`,
          devField.index(idx).child('claimName'),
        ),
      );
    }
    if (request.requestName === '') {
      causes.push(
        cause(
          CauseType.FieldValueRequired,
          `requestName is required for DRA ${kind.typeName}`,
          devField.index(idx).child('requestName'),
        ),
      );
    }
    if (request.claimName === '' || request.requestName === '') continue;
    claimNames.add(request.claimName);
    const key = `${request.claimName}/${request.requestName}`;
    if (pairs.has(key)) {
      causes.push(
        cause(
          CauseType.FieldValueDuplicate,
          `duplicate claimName/requestName pair ${quote(key)}`,
          devField.index(idx),
        ),
      );
    } else {
      pairs.set(key, idx);
    }
  }
  return { causes, claimNames, pairs };
}

/** upstream v1.9.0: draadmitter.ValidateCreation */
export function validateDRACreation(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const claims = ((spec as { resourceClaims?: ResourceClaim[] | null }).resourceClaims ??
    []) as ResourceClaim[];
  const causes = validateResourceClaims(field.child('resourceClaims'), claims);
  const gpus = validateDRADevices(field, (spec.domain.devices.gpus ?? []) as ClaimingDevice[], {
    fieldPath: 'gpus',
    typeName: 'GPU',
    gateEnabled: config.gpusWithDRAEnabled(),
    rejectMixed: true,
  });
  const hostDevices = validateDRADevices(field, (spec.domain.devices.hostDevices ?? []) as ClaimingDevice[], {
    fieldPath: 'hostDevices',
    typeName: 'HostDevice',
    gateEnabled: config.hostDevicesWithDRAEnabled(),
    rejectMixed: false,
  });
  causes.push(...gpus.causes, ...hostDevices.causes);
  // upstream: pairDuplicateChecker.mergeTupleSource over the GPUs, the host devices and (NetworkDevicesWithDRA)
  // the DRA networks, in that order: a pair one of them already uses is a duplicate
  const owners = new Map<string, string>();
  const merge = (deviceType: string, pairs: Map<string, number>, baseField: FieldPath): void => {
    for (const [key, idx] of pairs) {
      const previous = owners.get(key);
      if (previous === undefined) {
        owners.set(key, `${deviceType}[${idx}]`);
        continue;
      }
      causes.push(
        cause(
          CauseType.FieldValueDuplicate,
          `duplicate claimName/requestName pair ${quote(key)} between ${previous} and ${deviceType}[${idx}]`,
          baseField.index(idx),
        ),
      );
    }
  };
  merge('GPUs', gpus.pairs, field.child('domain', 'devices', 'gpus'));
  merge('HostDevices', hostDevices.pairs, field.child('domain', 'devices', 'hostDevices'));
  if (config.networkDevicesWithDRAEnabled()) {
    merge('Networks', extractDRANetworkClaimRequestTuples(spec), field.child('networks'));
  }
  const declared = new Set(claims.map((claim) => claim.name ?? ''));
  const used = [...gpus.claimNames, ...hostDevices.claimNames];
  if (used.some((name) => !declared.has(name))) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'vmi.spec.resourceClaims must specify all claims used in vmi.spec.domain.devices.gpus and vmi.spec.domain.devices.hostDevices',
        field.child('resourceClaims'),
      ),
    );
  }
  return causes;
}
