// virt-api's checks of a VMI spec's networks and interfaces.
// upstream: pkg/network/admitter (validator.go, netsource.go, netiface.go, binding.go, slirp.go,
// macvtap.go, passt.go, admit.go), pkg/network/link (mac.go), pkg/network/vmispec
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { Interface, Network, VMISpec } from '../../types/kubevirt.js';
import { discontinuedBindingsIn } from '../../pkg/network/admitter.js';
import {
  extractDRANetworkClaimRequestTuples,
  lookUpDefaultNetwork,
  networkResourceClaimOf,
} from '../../pkg/network/vmispec.js';
import { parsePciAddress } from '../../pkg/util/hardware.js';
import { quote } from '../../util/go/strconv.js';
import { isIPv4, isValidPortName, parseMAC } from './k8s-validation.js';
import { cause, CauseType, type AdmissionCause, type FieldPath } from './types.js';

const StaticMasqueradeBridgeMAC = '02:00:00:00:00:00';
const nameOfTypeNotFoundMessagePattern = (field: string, name: string): string =>
  `${field} '${name}' not found.`;

const interfacesOf = (spec: VMISpec): Interface[] => spec.domain.devices.interfaces ?? [];
const networksOf = (spec: VMISpec): Network[] => spec.networks ?? [];

// upstream: vmispec.IndexNetworkSpecByName (later entries win)
function indexNetworksByName(networks: Network[]): Map<string, Network> {
  const byName = new Map<string, Network>();
  for (const network of networks) byName.set(network.name, network);
  return byName;
}

/** The network checks on a VMI spec (shared by the VMI and VM admitters). */
export function validateNetworks(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  if (config.release.atLeast('v1.9.0')) {
    // upstream v1.9.0: Validator.Validate (slirp, macvtap and passt are discontinued bindings, checked on
    // creation only)
    return [
      ...validateSinglePodNetwork(field, spec),
      ...validateSingleNetworkSource(field, spec, config),
      ...validateMultusNetworkSource(field, spec),
      ...validateInterfaceStateValue(field, spec, config),
      ...validateInterfaceBindingV1_9(field, spec, config),
      ...validateNetworkNameUnique(field, spec),
      ...validateNetworkDevicesWithDRA(field, spec, config),
      ...validateNetworksAssignedToInterfaces(field, spec),
      ...validateInterfaceNameUnique(field, spec),
      ...validateInterfacesAssignedToNetworks(field, spec),
      ...validateInterfacesFields(field, spec, config),
    ];
  }
  return [
    ...validateSinglePodNetwork(field, spec),
    ...validateSingleNetworkSource(field, spec, config),
    ...validateMultusNetworkSource(field, spec),
    ...validateInterfaceStateValue(field, spec, config),
    ...validateInterfaceBinding(field, spec, config),
    ...validateSlirpBinding(field, spec, config),
    ...validateNetworkNameUnique(field, spec),
    ...validateNetworksAssignedToInterfaces(field, spec),
    ...validateInterfaceNameUnique(field, spec),
    ...validateInterfacesAssignedToNetworks(field, spec),
    ...validateInterfacesFields(field, spec, config),
  ];
}

/**
 * upstream v1.9.0: netadmitter.Validate, the spec validator virt-api registers for VMI creation: the
 * creation checks, then Validator.Validate (which ValidateVirtualMachineInstanceSpec runs once more).
 */
export function validateNetworksSpecValidator(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  return [...validateNetworksOnCreation(field, spec, config), ...validateNetworks(field, spec, config)];
}

/** upstream: Validator.ValidateCreation — only on creation: no discontinued bindings. */
export function validateNetworksOnCreation(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  return discontinuedBindingsIn(spec, config.release).map(({ index, binding, message }) =>
    cause(
      CauseType.FieldValueInvalid,
      message,
      field.child('domain', 'devices', 'interfaces').index(index).child(binding),
    ),
  );
}

// --- netsource.go ---

function validateSinglePodNetwork(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const podNetworks = networksOf(spec).filter((n) => n.pod != null);
  if (podNetworks.length > 1) {
    causes.push(
      cause(
        CauseType.FieldValueDuplicate,
        `more than one interface is connected to a pod network in ${field.child('interfaces').toString()}`,
        field.child('interfaces'),
      ),
    );
  }
  const multusDefaultNetworks = networksOf(spec).filter((n) => n.multus != null && n.multus.default === true);
  if (multusDefaultNetworks.length > 1) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'Multus CNI should only have one default network',
        field.child('networks'),
      ),
    );
  }
  if (podNetworks.length > 0 && multusDefaultNetworks.length > 0) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'Pod network cannot be defined when Multus default network is defined',
        field.child('networks'),
      ),
    );
  }
  return causes;
}

// upstream v1.9.0: vmispec.IsDRANetwork (v1.4.0 has no such network source)
const isDRANetwork = (net: Network, config: ClusterConfig): boolean =>
  config.release.atLeast('v1.9.0') && networkResourceClaimOf(net) !== undefined;

function validateSingleNetworkSource(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  networksOf(spec).forEach((net, idx) => {
    const types = [net.pod != null, net.multus != null, isDRANetwork(net, config)].filter(Boolean).length;
    if (types === 0) {
      causes.push(
        cause(CauseType.FieldValueRequired, 'should have a network type', field.child('networks').index(idx)),
      );
    } else if (types > 1) {
      causes.push(
        cause(
          CauseType.FieldValueRequired,
          'should have only one network type',
          field.child('networks').index(idx),
        ),
      );
    }
  });
  return causes;
}

// upstream v1.9.0: admitter/dra.go validateNetworkDevicesWithDRA
function validateNetworkDevicesWithDRA(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const networks = networksOf(spec);
  if (!networks.some((net) => isDRANetwork(net, config))) return [];
  if (!config.networkDevicesWithDRAEnabled()) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'vmi.spec.networks contains DRA networks but NetworkDevicesWithDRA feature gate is not enabled',
        field.child('networks'),
      ),
    ];
  }
  if (networks.some((net) => net.multus != null)) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'mixing Multus and DRA resourceClaim networks in the same VMI is not supported',
        field.child('networks'),
      ),
    ];
  }
  const firstIndexByKey = extractDRANetworkClaimRequestTuples(spec);
  const declaredClaims = ((spec as { resourceClaims?: { name?: string }[] | null }).resourceClaims ?? []).map(
    (claim) => claim.name ?? '',
  );
  const causes: AdmissionCause[] = [];
  networks.forEach((net, idx) => {
    const claim = networkResourceClaimOf(net);
    if (claim === undefined) return;
    const iface = interfacesOf(spec).find((candidate) => candidate.name === net.name);
    if (iface !== undefined && iface.sriov == null && iface.binding == null) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `DRA network ${quote(net.name)} requires an SR-IOV or binding plugin interface`,
          field.child('domain', 'devices', 'interfaces'),
        ),
      );
    }
    const claimName = claim.claimName ?? '';
    const requestName = claim.requestName ?? '';
    const claimPath = field.child('networks').index(idx).child('resourceClaim');
    if (claimName === '') {
      causes.push(
        cause(
          CauseType.FieldValueRequired,
          'claimName is required for DRA network',
          claimPath.child('claimName'),
        ),
      );
    }
    if (requestName === '') {
      causes.push(
        cause(
          CauseType.FieldValueRequired,
          'requestName is required for DRA network',
          claimPath.child('requestName'),
        ),
      );
    }
    if (claimName === '' || requestName === '') return;
    if (!declaredClaims.includes(claimName)) {
      causes.push(
        cause(
          CauseType.FieldValueNotFound,
          `network references resourceClaim ${quote(claimName)} which is not defined in spec.resourceClaims`,
          claimPath.child('claimName'),
        ),
      );
    }
    const key = `${claimName}/${requestName}`;
    const first = firstIndexByKey.get(key);
    if (first !== undefined && first !== idx) {
      causes.push(
        cause(
          CauseType.FieldValueDuplicate,
          `duplicate claimName/requestName combination ${quote(key)}`,
          field.child('networks').index(idx),
        ),
      );
    }
  });
  return causes;
}

function validateMultusNetworkSource(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const networks = networksOf(spec);
  for (let idx = 0; idx < networks.length; idx++) {
    const net = networks[idx]!;
    if (net.multus != null && (net.multus.networkName ?? '') === '') {
      return [
        cause(
          CauseType.FieldValueRequired,
          'CNI delegating plugin must have a networkName',
          field.child('networks').index(idx),
        ),
      ];
    }
  }
  return [];
}

// --- admit.go ---

function validateInterfaceStateValue(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const defaultNetwork = lookUpDefaultNetwork(spec.networks, config.release);
  // upstream v1.9.0: link states down and up are valid (but not for SR-IOV)
  const linkStates = config.release.atLeast('v1.9.0');
  interfacesOf(spec).forEach((iface, idx) => {
    const state = iface.state ?? '';
    const path = field.child('domain', 'devices', 'interfaces').index(idx).child('state');
    const isLinkState = linkStates && (state === 'down' || state === 'up');
    if (state !== '' && state !== 'absent' && !isLinkState) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `logical ${iface.name} interface state value is unsupported: ${state}`,
          path,
        ),
      );
    }
    if (iface.sriov != null && isLinkState) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${quote(iface.name)} interface's state ${quote(state)} is not supported for SR-IOV NICs`,
          path,
        ),
      );
    }
    if (state === 'absent' && iface.bridge == null) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${quote(iface.name)} interface's state ${quote(state)} is supported only for bridge binding`,
          path,
        ),
      );
    }
    if (state === 'absent' && defaultNetwork !== undefined && defaultNetwork.name === iface.name) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `${quote(iface.name)} interface's state ${quote(state)} is not supported on default networks`,
          path,
        ),
      );
    }
  });
  return causes;
}

// --- binding.go, macvtap.go, passt.go ---

function hasInterfaceBindingMethod(iface: Interface): boolean {
  return (
    iface.bridge != null ||
    iface.slirp != null ||
    iface.masquerade != null ||
    iface.sriov != null ||
    iface.macvtap != null ||
    iface.passt != null
  );
}

/** upstream: binding.go, the masquerade and bridge rules both releases have (in this order). */
function masqueradeAndBridgeCauses(
  iface: Interface,
  net: Network,
  ifacePath: FieldPath,
  config: ClusterConfig,
): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const namePath = ifacePath.child('name');
  if (iface.masquerade != null && net.pod == null) {
    causes.push(
      cause(CauseType.FieldValueInvalid, 'Masquerade interface only implemented with pod network', namePath),
    );
  }
  if (iface.masquerade != null && iface.macAddress === StaticMasqueradeBridgeMAC) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'The requested MAC address is reserved for the in-pod bridge. Please choose another one.',
        ifacePath.child('macAddress'),
      ),
    );
  }
  if (iface.bridge != null && net.pod != null && !config.isBridgeInterfaceOnPodNetworkEnabled()) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'Bridge on pod network configuration is not enabled under kubevirt-config',
        namePath,
      ),
    );
  }
  return causes;
}

function validateInterfaceBinding(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const networksByName = indexNetworksByName(networksOf(spec));
  interfacesOf(spec).forEach((iface, idx) => {
    const ifacePath = field.child('domain', 'devices', 'interfaces').index(idx);
    const namePath = ifacePath.child('name');
    const net: Network = networksByName.get(iface.name) ?? { name: '' };
    if (iface.binding != null && hasInterfaceBindingMethod(iface)) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `logical ${iface.name} interface cannot have both binding plugin and interface binding method`,
          ifacePath.child('binding'),
        ),
      );
    }
    causes.push(...masqueradeAndBridgeCauses(iface, net, ifacePath, config));
    // binding plugin
    if (iface.binding != null && !config.networkBindingPluginsEnabled()) {
      causes.push(
        cause(CauseType.FieldValueInvalid, 'Binding plugins feature gate is not enabled', namePath),
      );
    }
    // macvtap
    if (iface.macvtap != null && !config.isFeatureGateEnabled('Macvtap')) {
      causes.push(cause(CauseType.FieldValueInvalid, 'Macvtap feature gate is not enabled', namePath));
    }
    if (iface.macvtap != null && net.multus == null) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'Macvtap interface only implemented with Multus network',
          namePath,
        ),
      );
    }
    // passt
    if (iface.passt != null && !config.isFeatureGateEnabled('Passt')) {
      causes.push(cause(CauseType.FieldValueInvalid, 'Passt feature gate is not enabled', namePath));
    }
    if (iface.passt != null && net.pod == null) {
      causes.push(
        cause(CauseType.FieldValueInvalid, 'Passt interface only implemented with pod network', namePath),
      );
    }
  });
  return causes;
}

// upstream v1.9.0: binding.go validateInterfaceBinding, passt.go validatePasstBinding
function validateInterfaceBindingV1_9(
  field: FieldPath,
  spec: VMISpec,
  config: ClusterConfig,
): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const networksByName = indexNetworksByName(networksOf(spec));
  interfacesOf(spec).forEach((iface, idx) => {
    const ifacePath = field.child('domain', 'devices', 'interfaces').index(idx);
    const namePath = ifacePath.child('name');
    const net: Network = networksByName.get(iface.name) ?? { name: '' };
    const passtBinding = (iface as { passtBinding?: unknown }).passtBinding;
    const bindings = [iface.bridge, iface.masquerade, iface.sriov, passtBinding, iface.binding].filter(
      (binding) => binding != null,
    ).length;
    if (bindings !== 1) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `logical ${iface.name} interface must have exactly one binding method or binding plugin`,
          ifacePath,
        ),
      );
    }
    causes.push(...masqueradeAndBridgeCauses(iface, net, ifacePath, config));
    if (passtBinding != null && !config.passtBindingEnabled()) {
      causes.push(cause(CauseType.FieldValueInvalid, 'PasstBinding feature gate is not enabled', namePath));
    }
    if (passtBinding != null && net.pod == null) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'PasstBinding interface only implemented with pod network',
          namePath,
        ),
      );
    }
  });
  return causes;
}

// --- slirp.go ---

function validateSlirpBinding(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  interfacesOf(spec).forEach((iface, idx) => {
    if (iface.slirp == null) return;
    const net = networksOf(spec).find((n) => n.name === iface.name);
    if (net === undefined) return;
    const namePath = field.child('domain', 'devices', 'interfaces').index(idx).child('name');
    if (net.pod == null) {
      causes.push(
        cause(CauseType.FieldValueInvalid, 'Slirp interface only implemented with pod network', namePath),
      );
    } else if (!config.isSlirpInterfaceEnabled()) {
      causes.push(
        cause(CauseType.FieldValueInvalid, 'Slirp interface is not enabled in kubevirt-config', namePath),
      );
    }
  });
  return causes;
}

// --- netiface.go ---

function validateNetworksAssignedToInterfaces(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const names = new Set(interfacesOf(spec).map((iface) => iface.name));
  const causes: AdmissionCause[] = [];
  networksOf(spec).forEach((network, i) => {
    if (!names.has(network.name)) {
      const path = field.child('networks').index(i).child('name');
      causes.push(
        cause(
          CauseType.FieldValueRequired,
          nameOfTypeNotFoundMessagePattern(path.toString(), network.name),
          path,
        ),
      );
    }
  });
  return causes;
}

function validateInterfacesAssignedToNetworks(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const names = new Set(networksOf(spec).map((net) => net.name));
  const causes: AdmissionCause[] = [];
  interfacesOf(spec).forEach((iface, idx) => {
    if (!names.has(iface.name)) {
      const path = field.child('domain', 'devices', 'interfaces').index(idx).child('name');
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          nameOfTypeNotFoundMessagePattern(path.toString(), iface.name),
          path,
        ),
      );
    }
  });
  return causes;
}

function validateNetworkNameUnique(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const seen = new Set<string>();
  const causes: AdmissionCause[] = [];
  networksOf(spec).forEach((network, i) => {
    if (seen.has(network.name)) {
      causes.push(
        cause(
          CauseType.FieldValueDuplicate,
          `Network with name ${quote(network.name)} already exists, every network must have a unique name`,
          field.child('networks').index(i).child('name'),
        ),
      );
    }
    seen.add(network.name);
  });
  return causes;
}

function validateInterfaceNameUnique(field: FieldPath, spec: VMISpec): AdmissionCause[] {
  const seen = new Set<string>();
  const causes: AdmissionCause[] = [];
  interfacesOf(spec).forEach((iface, idx) => {
    if (seen.has(iface.name)) {
      causes.push(
        cause(
          CauseType.FieldValueDuplicate,
          'Only one interface can be connected to one specific network',
          field.child('domain', 'devices', 'interfaces').index(idx).child('name'),
        ),
      );
    }
    seen.add(iface.name);
  });
  return causes;
}

const validInterfaceModels = new Set(['e1000', 'e1000e', 'igb', 'ne2k_pci', 'pcnet', 'rtl8139', 'virtio']);

// upstream: link.ValidateMacAddress
function macAddressProblem(macAddress: string): string | undefined {
  if (macAddress === '') return undefined;
  const length = parseMAC(macAddress);
  if (length === undefined) return `malformed MAC address (${macAddress})`;
  if (length > 6) return `too long MAC address (${macAddress})`;
  return undefined;
}

function validateInterfacesFields(field: FieldPath, spec: VMISpec, config: ClusterConfig): AdmissionCause[] {
  const v1_9 = config.release.atLeast('v1.9.0');
  const causes: AdmissionCause[] = [];
  const networksByName = indexNetworksByName(networksOf(spec));
  interfacesOf(spec).forEach((iface, idx) => {
    const ifacePath = field.child('domain', 'devices', 'interfaces').index(idx);
    const namePath = ifacePath.child('name').toString();
    // name format
    if (!/^[A-Za-z0-9-_]+$/.test(iface.name)) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'Network interface name can only contain alphabetical characters, numbers, dashes (-) or underscores (_)',
          ifacePath.child('name'),
        ),
      );
    }
    // model
    const model = iface.model ?? '';
    if (model !== '' && !validInterfaceModels.has(model)) {
      causes.push(
        cause(
          CauseType.FieldValueNotSupported,
          `interface ${namePath} uses model ${model} that is not supported.`,
          ifacePath.child('model'),
        ),
      );
    }
    // MAC address
    const macProblem = macAddressProblem(iface.macAddress ?? '');
    if (macProblem !== undefined) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `interface ${namePath} has ${macProblem}.`,
          ifacePath.child('macAddress'),
        ),
      );
    }
    // PCI address
    const pciAddress = iface.pciAddress ?? '';
    if (pciAddress !== '') {
      try {
        parsePciAddress(pciAddress);
      } catch {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `interface ${namePath} has malformed PCI address (${pciAddress}).`,
            ifacePath.child('pciAddress'),
          ),
        );
      }
    }
    // ports
    const network = networksByName.get(iface.name);
    if (network?.pod != null && iface.ports != null) {
      causes.push(
        ...(v1_9 ? validatePortsV1_9(ifacePath, iface.ports) : validatePorts(ifacePath, iface.ports)),
      );
    }
    // upstream v1.9.0: validatePortRangesConfiguration (the PortRangesSpec gate is Alpha)
    const portRanges = (iface as { portRanges?: PortRange[] | null }).portRanges;
    if (v1_9) causes.push(...validatePortRanges(ifacePath, iface, network, portRanges, config));
    // DHCP options
    if (iface.dhcpOptions != null) causes.push(...validateDHCPOptions(field, ifacePath, iface.dhcpOptions));
  });
  return causes;
}

type Port = NonNullable<Interface['ports']>[number];

function validatePorts(ifacePath: FieldPath, ports: Port[]): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const seen = new Set<string>();
  ports.forEach((port, portIdx) => {
    const name = port.name ?? '';
    if (name === '') return;
    const path = ifacePath.child('ports').index(portIdx).child('name');
    if (seen.has(name)) {
      causes.push(cause(CauseType.FieldValueDuplicate, `Duplicate name of the port: ${name}`, path));
    }
    if (isValidPortName(name).length !== 0) {
      causes.push(cause(CauseType.FieldValueInvalid, `Invalid name of the port: ${name}`, path));
    }
    seen.add(name);
  });
  ports.forEach((port, portIdx) => {
    const path = ifacePath.child('ports').index(portIdx);
    const number = port.port ?? 0;
    if (number === 0) causes.push(cause(CauseType.FieldValueRequired, 'Port field is mandatory.', path));
    if (number < 0 || number > 65536) {
      causes.push(cause(CauseType.FieldValueInvalid, 'Port field must be in range 0 < x < 65536.', path));
    }
    const protocol = port.protocol ?? '';
    if (protocol !== '' && protocol !== 'TCP' && protocol !== 'UDP') {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'Unknown protocol, only TCP or UDP allowed',
          path.child('protocol'),
        ),
      );
    }
  });
  return causes;
}

// upstream v1.9.0: validatePortConfiguration (per port: non-zero, in range, protocol; at .port)
function validatePortsV1_9(ifacePath: FieldPath, ports: Port[]): AdmissionCause[] {
  const causes = validatePortNames(ifacePath, ports);
  ports.forEach((port, portIdx) => {
    const path = ifacePath.child('ports').index(portIdx);
    const number = port.port ?? 0;
    if (number === 0) {
      causes.push(cause(CauseType.FieldValueRequired, 'Port field is mandatory.', path.child('port')));
    }
    if (number < 0 || number >= 65536) {
      causes.push(
        cause(CauseType.FieldValueInvalid, 'Port field must be in range 0 < x < 65536.', path.child('port')),
      );
    }
    const protocol = port.protocol ?? '';
    if (protocol !== '' && protocol !== 'TCP' && protocol !== 'UDP') {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'Unknown protocol, only TCP or UDP allowed',
          path.child('protocol'),
        ),
      );
    }
  });
  return causes;
}

function validatePortNames(ifacePath: FieldPath, ports: Port[]): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const seen = new Set<string>();
  ports.forEach((port, portIdx) => {
    const name = port.name ?? '';
    if (name === '') return;
    const path = ifacePath.child('ports').index(portIdx).child('name');
    if (seen.has(name)) {
      causes.push(cause(CauseType.FieldValueDuplicate, `Duplicate name of the port: ${name}`, path));
    }
    if (isValidPortName(name).length !== 0) {
      causes.push(cause(CauseType.FieldValueInvalid, `Invalid name of the port: ${name}`, path));
    }
    seen.add(name);
  });
  return causes;
}

interface PortRange {
  protocol?: string;
  start?: number;
  end?: number;
}

// upstream v1.9.0: netiface.go validatePortRangesConfiguration and validateForwardPortRanges
function validatePortRanges(
  ifacePath: FieldPath,
  iface: Interface,
  network: Network | undefined,
  portRanges: PortRange[] | null | undefined,
  config: ClusterConfig,
): AdmissionCause[] {
  const namePath = ifacePath.child('name');
  if (!config.portRangesSpecEnabled()) {
    if (portRanges == null) return [];
    return [
      cause(
        CauseType.FieldValueInvalid,
        'portRanges is specified on interface but the PortRangesSpec feature gate is not enabled',
        namePath,
      ),
    ];
  }
  if (network?.pod == null || portRanges == null) return [];
  const causes: AdmissionCause[] = [];
  if (iface.ports != null) {
    causes.push(
      cause(CauseType.FieldValueInvalid, 'Cannot define both ports and portRanges on interface', namePath),
    );
  }
  if (iface.masquerade == null) {
    causes.push(
      cause(CauseType.FieldValueInvalid, 'portRanges are only supported on masquerade interfaces', namePath),
    );
  }
  const rangesPath = ifacePath.child('portRanges');
  if (portRanges.length > 10) {
    causes.push(cause(CauseType.FieldValueInvalid, 'No more than 10 portRanges are allowed', rangesPath));
    return causes;
  }
  const byProtocol = new Map<string, [number, number][]>();
  portRanges.forEach((range, i) => {
    const protocol = range.protocol ?? '';
    const start = range.start ?? 0;
    const end = range.end ?? 0;
    const at = rangesPath.index(i);
    if (protocol !== 'TCP' && protocol !== 'UDP') {
      causes.push(
        cause(CauseType.FieldValueInvalid, 'Unknown protocol, only TCP or UDP allowed', at.child('protocol')),
      );
    } else if (start <= 0 || start >= 65536) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'Start must be a valid port number, 0 < x < 65536',
          at.child('start'),
        ),
      );
    } else if (end <= 0 || end >= 65536) {
      causes.push(
        cause(CauseType.FieldValueInvalid, 'End must be a valid port number, 0 < x < 65536', at.child('end')),
      );
    } else if (start > end) {
      causes.push(
        cause(CauseType.FieldValueInvalid, 'Start must be less than or equal to end', at.child('start')),
      );
    } else {
      byProtocol.set(protocol, [...(byProtocol.get(protocol) ?? []), [start, end]]);
    }
  });
  // Go iterates the map in random order; TCP before UDP keeps the output stable
  for (const protocol of ['TCP', 'UDP']) {
    const intervals = [...(byProtocol.get(protocol) ?? [])].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (let i = 1; i < intervals.length; i++) {
      const [prevStart, prevEnd] = intervals[i - 1]!;
      const [start, end] = intervals[i]!;
      if (start <= prevEnd) {
        causes.push(
          cause(
            CauseType.FieldValueInvalid,
            `${protocol} portRanges [${prevStart}-${prevEnd}] and [${start}-${end}] overlap`,
            rangesPath,
          ),
        );
      }
    }
  }
  return causes;
}

type DHCPOptions = NonNullable<Interface['dhcpOptions']>;

function validateDHCPOptions(field: FieldPath, ifacePath: FieldPath, options: DHCPOptions): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const privateOptions = options.privateOptions ?? [];
  const unique = new Set(privateOptions.map((o) => o.option));
  if (unique.size < privateOptions.length) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'Found Duplicates: you have provided duplicate DHCPPrivateOptions',
        field,
      ),
    );
  }
  for (const option of privateOptions) {
    if (!(option.option >= 224 && option.option <= 254)) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'provided DHCPPrivateOptions are out of range, must be in range 224 to 254',
          field,
        ),
      );
    }
  }
  // (decoding the VMI re-printed them: DHCPOptions.UnmarshalJSON, src/util/go/json-round-trip.ts)
  (options.ntpServers ?? []).forEach((ip, index) => {
    if (!isIPv4(ip)) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'NTP servers must be a list of valid IPv4 addresses.',
          ifacePath.child('dhcpOptions', 'ntpServers').index(index),
        ),
      );
    }
  });
  return causes;
}
