// virt-api's validating webhook for VirtualMachine creation.
// upstream: pkg/virt-api/webhooks/validating-webhook/admitters/vms-admitter.go (VMsAdmitter.Admit, CREATE)
import type { KubeVirtRelease } from '../../release/release.js';
import type { ClusterConfig } from '../../cluster/cluster-config.js';
import type { ClusterState } from '../../state/cluster-state.js';
import type { ObjectMeta } from '../../types/k8s.js';
import type { VirtualMachine, VMISpec } from '../../types/kubevirt.js';
import type { DataVolumeSpec } from '../../types/cdi.js';
import { VmiRenderError } from '../../errors.js';
import { goJsonDecode, goJsonRoundTrip } from '../../util/go/json-round-trip.js';
import {
  applyToVmi,
  checkPreferenceRequirements,
  findInstancetypeSpec,
  findPreferenceSpec,
  getPreferredTopology,
  getSpreadOptions,
  GoRuntimePanic,
  type InstancetypeSpec,
  type PreferenceSpec,
} from '../../pkg/instancetype/instancetype.js';
import {
  setDefaultVirtualMachineInstanceSpec,
  validateLiveUpdateMemory,
} from '../../pkg/defaults/defaults.js';
import { Quantity } from '../../quantity/quantity.js';
import { validateNetworksOnCreation } from './network.js';
import { validateFeatureGates } from './deprecation.js';
import { validateGraceIOVirtualizationAnnotations } from './grace.js';
import {
  cause,
  CauseType,
  FieldPath,
  toAdmissionVerdict,
  type AdmissionCause,
  type AdmissionVerdict,
} from './types.js';
import {
  validateVirtualMachineInstanceMetadata,
  validateVirtualMachineInstanceSpec,
  type VMIAdmitOptions,
} from './vmi-create-admitter.js';

export interface VMAdmitOptions extends VMIAdmitOptions {
  /**
   * Where the VM's instancetype and preference are looked up. Without it they are not applied: a VM
   * referencing them is validated on its template alone.
   */
  state?: ClusterState;
}

/**
 * What the VM validating webhook answers, before it is turned into a verdict: causes, or an error that
 * upstream returns without causes (a failing defaulter).
 */
export interface VMValidation {
  causes: AdmissionCause[];
  error?: string;
}

const validRunStrategies = ['Halted', 'Manual', 'Always', 'RerunOnFailure', 'Once'];
const instancetypeCPUGuestPath = 'instancetype.spec.cpu.guest';
const dataVolumeSourceKeys = [
  'http',
  's3',
  'gcs',
  'registry',
  'pvc',
  'upload',
  'blank',
  'imageio',
  'vddk',
  'snapshot',
];

const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

// upstream: checkSpreadCPUTopology
function checkSpreadCPUTopology(
  instancetypeSpec: InstancetypeSpec | undefined,
  preferenceSpec: PreferenceSpec | undefined,
): AdmissionCause[] {
  const topology = getPreferredTopology(preferenceSpec);
  if (!instancetypeSpec || !preferenceSpec || (topology !== 'spread' && topology !== 'preferSpread'))
    return [];
  const { ratio, across } = getSpreadOptions(preferenceSpec);
  const guest = instancetypeSpec.cpu.guest;
  // Go's uint32 `%`: a zero ratio panics (the webhook call fails, validateVMCreate)
  const remainder = (dividend: number): number => {
    if (ratio === 0) throw new GoRuntimePanic('integer divide by zero');
    return dividend % ratio;
  };
  const invalid = (message: string): AdmissionCause[] => [
    cause(CauseType.FieldValueInvalid, message, instancetypeCPUGuestPath),
  ];
  switch (across) {
    case 'SocketsCores':
      if (remainder(guest) > 0) {
        return invalid(
          `${guest} vCPUs provided by the instance type are not divisible by the ` +
            `Spec.PreferSpreadSocketToCoreRatio or Spec.CPU.PreferSpreadOptions.Ratio of ${ratio} provided by the preference`,
        );
      }
      break;
    case 'CoresThreads':
      if (remainder(guest) > 0) {
        return invalid(
          `${guest} vCPUs provided by the instance type are not divisible by the number of threads per core ${ratio}`,
        );
      }
      break;
    case 'SocketsCoresThreads': {
      const threadsPerCore = 2;
      if (guest % threadsPerCore > 0 || remainder(Math.trunc(guest / threadsPerCore)) > 0) {
        return invalid(
          `${guest} vCPUs provided by the instance type are not divisible by the number of threads per core ` +
            `${threadsPerCore} and Spec.PreferSpreadSocketToCoreRatio or Spec.CPU.PreferSpreadOptions.Ratio of ${ratio}`,
        );
      }
      break;
    }
  }
  return [];
}

/**
 * virt-api's VM validating webhook on CREATE (upstream: VMsAdmitter.Admit without the OpenAPI schema
 * check), on the VM as the VM mutating webhook left it. Stops at the first failing stage, like upstream.
 * Not modelled (they need the API server): DataVolume clone authorization (SubjectAccessReviews) and the
 * volume-request checks of running VMs.
 */
export function validateVMCreate(
  vm: VirtualMachine,
  config: ClusterConfig,
  options: VMAdmitOptions = {},
): VMValidation {
  try {
    return validateVMCreateUnguarded(vm, config, options);
  } catch (error) {
    // virt-api's handler has no recover(): net/http drops the connection, and the API server, whose call to
    // the webhook failed, refuses the request (failurePolicy Fail)
    if (!(error instanceof GoRuntimePanic)) throw error;
    return {
      causes: [],
      error: `virt-api panics in the VirtualMachine validating webhook (${error.message}), so the API server refuses the VM: failed calling webhook "virtualmachine-validator.kubevirt.io"`,
    };
  }
}

function validateVMCreateUnguarded(
  vm: VirtualMachine,
  config: ClusterConfig,
  options: VMAdmitOptions,
): VMValidation {
  vm = goJsonRoundTrip(vm, 'VirtualMachine', config.release) as VirtualMachine;
  if (vm.metadata?.deletionTimestamp) return { causes: [] };
  const specPath = FieldPath.of('spec');
  const template = vm.spec.template;
  if (template == null) {
    // upstream dereferences the template before it reports its absence
    return {
      causes: [
        cause(CauseType.FieldValueRequired, 'missing virtual machine template.', specPath.child('template')),
      ],
    };
  }

  const vmCopy = structuredClone(vm);
  const templateCopy = vmCopy.spec.template!;
  templateCopy.metadata ??= {};

  // applyInstancetypeToVm (v1.9.0: the instancetype admitter's ApplyToVM)
  let instancetypeSpec: InstancetypeSpec | undefined;
  let preferenceSpec: PreferenceSpec | undefined;
  const v1_9 = config.release.atLeast('v1.9.0');
  if (options.state && v1_9) {
    const applied = applyInstancetypeToVmV1_9(vmCopy, config, options.state);
    if ('causes' in applied) return { causes: applied.causes };
    ({ instancetypeSpec, preferenceSpec } = applied);
  } else if (options.state) {
    try {
      instancetypeSpec = findInstancetypeSpec(vmCopy, options.state, config.release);
    } catch (err) {
      return {
        causes: [
          cause(
            CauseType.FieldValueNotFound,
            `Failure to find instancetype: ${errorMessage(err)}`,
            specPath.child('instancetype'),
          ),
        ],
      };
    }
    try {
      preferenceSpec = findPreferenceSpec(vmCopy, options.state, config.release);
    } catch (err) {
      return {
        causes: [
          cause(
            CauseType.FieldValueNotFound,
            `Failure to find preference: ${errorMessage(err)}`,
            specPath.child('preference'),
          ),
        ],
      };
    }
    const spreadConflicts = checkSpreadCPUTopology(instancetypeSpec, preferenceSpec);
    if (spreadConflicts.length > 0) return { causes: spreadConflicts };
    const conflicts = applyToVmi(
      'spec.template.spec',
      instancetypeSpec,
      preferenceSpec,
      templateCopy.spec as VMISpec,
      templateCopy.metadata as ObjectMeta,
      config.release,
    );
    if (conflicts.length > 0) {
      return {
        causes: conflicts.map((conflict) =>
          cause(
            CauseType.FieldValueInvalid,
            `VM field ${conflict} conflicts with selected instance type`,
            conflict,
          ),
        ),
      };
    }
  }

  try {
    setDefaultVirtualMachineInstanceSpec(config, templateCopy.spec as VMISpec);
  } catch (err) {
    if (err instanceof VmiRenderError) return { causes: [], error: err.message };
    throw err;
  }
  // back to plain decoded JSON (the instancetype code may have left Quantity objects)
  templateCopy.spec = goJsonDecode(
    templateCopy.spec,
    'VirtualMachineInstanceSpec',
    config.release,
  ) as typeof templateCopy.spec;
  const templateSpec = templateCopy.spec as VMISpec;

  if (preferenceSpec) {
    const failure = checkPreferenceRequirements(
      instancetypeSpec,
      preferenceSpec,
      templateSpec,
      config.release,
    );
    if (failure) {
      return {
        causes: [
          cause(
            CauseType.FieldValueNotFound,
            `failure checking preference requirements: ${failure.message}`,
            failure.conflicts.join(', '),
          ),
        ],
      };
    }
  }

  // v1.4.0 collects the discontinued-feature-gate causes here but overwrites them with the next result;
  // v1.9.0 returns them (featuregate.ValidateFeatureGates, on the VM's own template)
  if (v1_9) {
    const gateCauses = validateFeatureGates(config, vm.spec.template.spec as VMISpec);
    if (gateCauses.length > 0) return { causes: gateCauses };
  }
  const creationCauses = validateNetworksOnCreation(specPath, templateSpec, config);
  if (creationCauses.length > 0) return { causes: creationCauses };

  const specCauses = validateVirtualMachineSpec(specPath, vmCopy, config, options);
  if (specCauses.length > 0) return { causes: specCauses };

  return authorizeVirtualMachineSpec(vm, config, options.state);
}

/**
 * upstream: authorizeVirtualMachineSpec (v1.9.0: the storage admitters'
 * validateVirtualMachineDataVolumeTemplateNamespace).
 * Both releases refuse a dataVolumeTemplate in another namespace than the VM's. v1.4.0 then runs CDI's clone
 * authorization for every other template whose DataVolume does not exist yet: it reads the sourceRef's
 * DataSource and the clone source's Namespace from virt-api's informers and fails the request with the
 * API's NotFound error when one is not there (unless the DataVolume is pre-populated or static). Decided
 * only where the cluster objects say which Namespaces exist (the VM's own is among them); the
 * SubjectAccessReview that follows is assumed to allow. An error, at any template, replaces the causes.
 */
function authorizeVirtualMachineSpec(
  vm: VirtualMachine,
  config: ClusterConfig,
  state: ClusterState | undefined,
): VMValidation {
  const causes = dataVolumeTemplateNamespaceCauses(vm);
  if (config.release.atLeast('v1.9.0') || !state || !namespacesKnown(vm, state)) return { causes };
  for (const lookup of cloneAuthorizationLookups(vm, state)) {
    if (lookup.noTokenOkay) continue;
    const dataSource = lookup.dataSource;
    if (dataSource && !dataSource.found) {
      return {
        causes: [],
        error: `datasource.cdi.kubevirt.io "${dataSource.namespace}/${dataSource.name}" not found`,
      };
    }
    const namespace = lookup.sourceNamespace;
    if (namespace !== undefined && state.getNamespace(namespace) === undefined) {
      return { causes: [], error: `namespace "${namespace}" not found` };
    }
  }
  return { causes };
}

/** Whether the cluster objects say which Namespaces exist: the VM's own is among them. */
export const namespacesKnown = (vm: VirtualMachine, state: ClusterState): boolean =>
  state.getNamespace(vm.metadata?.namespace ?? '') !== undefined;

/** What CDI's clone authorization (upstream v1.4.0's VM webhook) looks up for one dataVolumeTemplate. */
export interface CloneLookup {
  index: number;
  /** The DataSource its sourceRef names (when it has no source), and whether the cluster objects hold it. */
  dataSource?: { namespace: string; name: string; found: boolean };
  /** The Namespace of the PVC or snapshot it clones (the VM's when unnamed); absent if nothing is cloned. */
  sourceNamespace?: string;
  /** Pre-populated or statically provisioned: a lookup that fails lets it through. */
  noTokenOkay: boolean;
}

const PRE_POPULATED_ANNOTATION = 'cdi.kubevirt.io/storage.prePopulated';
const CHECK_STATIC_VOLUME_ANNOTATION = 'cdi.kubevirt.io/storage.checkStaticVolume';

/**
 * upstream v1.4.0: the dataVolumeTemplates authorizeVirtualMachineSpec authorizes (in their namespace, their
 * DataVolume not yet there) and what DataVolume.AuthorizeSA / newCloneSourceHandler look up for each: a
 * source wins over a sourceRef; a DataSource gives its PVC, else its snapshot.
 */
export function cloneAuthorizationLookups(
  vm: VirtualMachine,
  state: ClusterState | undefined,
): CloneLookup[] {
  const targetNamespace = vm.metadata?.namespace ?? '';
  const lookups: CloneLookup[] = [];
  (vm.spec.dataVolumeTemplates ?? []).forEach((dataVolume, index) => {
    const metadata = (dataVolume?.metadata ?? {}) as {
      name?: string;
      namespace?: string;
      annotations?: Record<string, string>;
    };
    if (metadata.namespace && metadata.namespace !== targetNamespace) return;
    if (state?.getDataVolume(targetNamespace, metadata.name ?? '')) return;
    const annotations = metadata.annotations ?? {};
    const noTokenOkay =
      Object.hasOwn(annotations, PRE_POPULATED_ANNOTATION) ||
      Object.hasOwn(annotations, CHECK_STATIC_VOLUME_ANNOTATION);
    const spec = (dataVolume?.spec ?? {}) as DataVolumeSpec;
    let cloned: { namespace?: string } | undefined;
    let dataSource: CloneLookup['dataSource'];
    if (spec.source) {
      cloned = spec.source.pvc ?? spec.source.snapshot;
    } else if (spec.sourceRef?.kind === 'DataSource') {
      const namespace = spec.sourceRef.namespace || targetNamespace;
      const name = spec.sourceRef.name ?? '';
      const found = state?.getDataSource(namespace, name);
      dataSource = { namespace, name, found: found !== undefined };
      cloned = found?.spec?.source?.pvc ?? found?.spec?.source?.snapshot;
    }
    lookups.push({
      index,
      ...(dataSource ? { dataSource } : {}),
      ...(cloned ? { sourceNamespace: cloned.namespace || targetNamespace } : {}),
      noTokenOkay,
    });
  });
  return lookups;
}

/**
 * upstream v1.9.0 pkg/instancetype/webhooks/vm/admitter.go ApplyToVM: an instancetype or preference that
 * cannot be found is ignored (upstream logs a warning; the VM controller fails on it later), the
 * spread-topology check, then the conflicts of applying both to the template (worded by conflict.Conflict).
 */
function applyInstancetypeToVmV1_9(
  vm: VirtualMachine,
  config: ClusterConfig,
  state: ClusterState,
):
  | { instancetypeSpec: InstancetypeSpec | undefined; preferenceSpec: PreferenceSpec | undefined }
  | { causes: AdmissionCause[] } {
  const ignoringFailure = <T>(find: () => T): T | undefined => {
    try {
      return find();
    } catch {
      return undefined;
    }
  };
  const instancetypeSpec = ignoringFailure(() => findInstancetypeSpec(vm, state, config.release));
  const preferenceSpec = ignoringFailure(() => findPreferenceSpec(vm, state, config.release));
  if (!instancetypeSpec && !preferenceSpec) return { instancetypeSpec, preferenceSpec };
  const spreadConflicts = checkSpreadCPUTopology(instancetypeSpec, preferenceSpec);
  if (spreadConflicts.length > 0) return { causes: spreadConflicts };
  const template = vm.spec.template!;
  const conflicts = applyToVmi(
    'spec.template.spec',
    instancetypeSpec,
    preferenceSpec,
    template.spec as VMISpec,
    template.metadata as ObjectMeta,
    config.release,
  );
  if (conflicts.length > 0) {
    return {
      causes: conflicts.map((conflict) =>
        cause(
          CauseType.FieldValueInvalid,
          `VM field(s) ${conflict} conflicts with selected instance type`,
          conflict,
        ),
      ),
    };
  }
  return { instancetypeSpec, preferenceSpec };
}

/** The verdict of virt-api's VM validating webhook on creating this VM (as mutated by the VM mutating webhook). */
export function admitVMCreate(
  vm: VirtualMachine,
  config: ClusterConfig,
  options: VMAdmitOptions = {},
): AdmissionVerdict {
  const result = validateVMCreate(vm, config, options);
  if (result.error !== undefined) return { allowed: false, causes: [], message: result.error };
  const verdict = toAdmissionVerdict(result.causes);
  // upstream: Admit's warnings (warnDeprecatedAPIs adds none: no deprecated gate of either release checks the
  // spec) for an admitted VM
  // (a VM being deleted is allowed before any of that, without warnings)
  if (verdict.allowed && !vm.metadata?.deletionTimestamp && vm.spec?.running != null) {
    verdict.warnings = [RUNNING_DEPRECATED_WARNING];
  }
  return verdict;
}

/** upstream: vms-admitter.go Admit */
export const RUNNING_DEPRECATED_WARNING = 'spec.running is deprecated, please use spec.runStrategy instead.';

/** upstream: ValidateVirtualMachineSpec */
export function validateVirtualMachineSpec(
  field: FieldPath,
  vm: VirtualMachine,
  config: ClusterConfig,
  options: VMIAdmitOptions = {},
): AdmissionCause[] {
  const spec = vm.spec;
  const template = spec.template;
  if (template == null) {
    return [
      cause(CauseType.FieldValueRequired, 'missing virtual machine template.', field.child('template')),
    ];
  }
  const templateSpec = template.spec as VMISpec;
  const causes: AdmissionCause[] = [];
  causes.push(
    ...validateVirtualMachineInstanceMetadata(
      field.child('template', 'metadata'),
      template.metadata ?? {},
      config,
      options,
    ),
  );
  if (config.release.atLeast('v1.9.0')) {
    causes.push(
      ...validateGraceIOVirtualizationAnnotations(
        field.child('template', 'metadata'),
        templateSpec,
        (template.metadata as ObjectMeta | undefined) ?? {},
        config,
      ),
    );
  }
  causes.push(...validateVirtualMachineInstanceSpec(field.child('template', 'spec'), templateSpec, config));
  causes.push(...validateDataVolumeTemplates(field, vm, config.release));
  causes.push(...validateRunStrategy(field, vm, config));
  causes.push(...validateLiveUpdateFeatures(field, vm, config));
  return causes;
}

type DataVolumeTemplate = NonNullable<NonNullable<VirtualMachine['spec']['dataVolumeTemplates']>[number]>;
type JsonObject = Record<string, unknown>;

const objectAt = (value: unknown, key: string): JsonObject | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const child = (value as JsonObject)[key];
  return typeof child === 'object' && child !== null && !Array.isArray(child)
    ? (child as JsonObject)
    : undefined;
};

function validateDataVolumeTemplates(
  field: FieldPath,
  vm: VirtualMachine,
  release: KubeVirtRelease,
): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const volumes = vm.spec.template?.spec?.volumes ?? [];
  (vm.spec.dataVolumeTemplates ?? []).forEach((entry, idx) => {
    const dataVolume = (entry ?? { spec: {} }) as DataVolumeTemplate;
    const itemPath = field.child('dataVolumeTemplate').index(idx);
    const problems = validateDataVolume(itemPath, dataVolume, release);
    if (problems.length > 0) {
      causes.push(...problems);
      return;
    }
    const name = String(dataVolume.metadata?.name ?? '');
    const referenced = volumes.some(
      (volume) =>
        (volume.persistentVolumeClaim != null && volume.persistentVolumeClaim.claimName === name) ||
        (volume.dataVolume != null && volume.dataVolume.name === name),
    );
    if (!referenced) {
      causes.push(
        cause(
          CauseType.FieldValueRequired,
          `DataVolumeTemplate entry ${itemPath.toString()} must be referenced in the VMI template's 'volumes' list`,
          itemPath,
        ),
      );
    }
  });
  return causes;
}

// upstream: validateDataVolume (v1.9.0: pkg/storage/admitters/data-volume-template.go)
function validateDataVolume(
  field: FieldPath,
  dataVolume: DataVolumeTemplate,
  release: KubeVirtRelease,
): AdmissionCause[] {
  if ((dataVolume.metadata?.name ?? '') === '') {
    return [
      cause(
        CauseType.FieldValueRequired,
        `'name' field must not be empty for DataVolumeTemplate entry ${field.child('name').toString()}.`,
        field.child('name'),
      ),
    ];
  }
  const spec = dataVolume.spec as unknown;
  const pvc = objectAt(spec, 'pvc');
  const storage = objectAt(spec, 'storage');
  if (pvc === undefined && storage === undefined) {
    return [
      cause(CauseType.FieldValueInvalid, 'Missing Data volume PVC or Storage', field.child('PVC', 'Storage')),
    ];
  }
  if (pvc !== undefined && storage !== undefined) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'Duplicate storage definition, both target storage and target pvc defined',
        field.child('PVC', 'Storage'),
      ),
    ];
  }
  const target = pvc ?? storage;
  const externallyPopulated =
    objectAt(target, 'dataSourceRef') !== undefined || objectAt(target, 'dataSource') !== undefined;
  const source = objectAt(spec, 'source');
  const sourceRef = objectAt(spec, 'sourceRef');
  if (externallyPopulated && (source !== undefined || sourceRef !== undefined)) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'External population is incompatible with Source and SourceRef',
        field.child('source'),
      ),
    ];
  }
  // v1.4.0 wants a source even of an externally populated one (despite its message); v1.9.0 does not
  const unpopulated = release.atLeast('v1.9.0') ? !externallyPopulated : true;
  if (unpopulated && source === undefined && sourceRef === undefined) {
    return [
      cause(
        CauseType.FieldValueInvalid,
        'Data volume should have either Source, SourceRef, or be externally populated',
        field.child('source', 'sourceRef'),
      ),
    ];
  }
  if (source !== undefined) {
    const count = dataVolumeSourceKeys.filter((key) => objectAt(source, key) !== undefined).length;
    if (count === 0)
      return [cause(CauseType.FieldValueInvalid, 'Missing dataVolume valid source', field.child('source'))];
    if (count > 1)
      return [cause(CauseType.FieldValueInvalid, 'Multiple dataVolume sources', field.child('source'))];
  }
  return [];
}

function validateRunStrategy(field: FieldPath, vm: VirtualMachine, config: ClusterConfig): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const running = vm.spec.running;
  const runStrategy = vm.spec.runStrategy;
  if (running != null && runStrategy != null) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'Running and RunStrategy are mutually exclusive. Note that Running is deprecated, please use RunStrategy instead',
        field.child('running'),
      ),
    );
  }
  if (running == null && runStrategy == null) {
    causes.push(cause(CauseType.FieldValueInvalid, 'RunStrategy must be specified', field.child('running')));
  }
  if (runStrategy === 'WaitAsReceiver' && config.release.atLeast('v1.9.0')) {
    // upstream v1.9.0: a decentralized live migration's receiving VM, behind its gate
    if (config.isFeatureGateEnabled('DecentralizedLiveMigration')) return causes;
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        `Invalid RunStrategy (${runStrategy}), DecentralizedLiveMigration feature gate is not enabled in kubevirt resource`,
        field.child('runStrategy'),
      ),
    );
  } else if (runStrategy != null && !validRunStrategies.includes(runStrategy)) {
    causes.push(
      cause(CauseType.FieldValueInvalid, `Invalid RunStrategy (${runStrategy})`, field.child('runStrategy')),
    );
  }
  return causes;
}

function validateLiveUpdateFeatures(
  field: FieldPath,
  vm: VirtualMachine,
  config: ClusterConfig,
): AdmissionCause[] {
  if (!config.isVMRolloutStrategyLiveUpdate()) return [];
  const causes: AdmissionCause[] = [];
  const domain = (vm.spec.template!.spec as VMISpec).domain;
  const cpu = domain.cpu;
  if (cpu != null) {
    const sockets = cpu.sockets ?? 0;
    const maxSockets = cpu.maxSockets ?? 0;
    if (sockets !== 0 && maxSockets !== 0 && sockets > maxSockets) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          'Number of sockets in CPU topology is greater than the maximum sockets allowed',
          field.child('template', 'spec', 'domain', 'cpu', 'sockets'),
        ),
      );
    }
  }
  const maxGuest = domain.memory?.maxGuest;
  if (maxGuest != null) {
    const problem = validateLiveUpdateMemory(
      vm.spec.template!.spec as VMISpec,
      Quantity.fromJSON(maxGuest),
      config.release,
    );
    if (problem !== undefined) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          problem,
          field.child('template', 'spec', 'domain', 'memory', 'guest'),
        ),
      );
    }
  }
  // v1.9.0 checks no gates for the volume update strategy any more
  if (config.release.atLeast('v1.9.0')) return causes;
  const updateVolumesStrategy = vm.spec.updateVolumesStrategy;
  if (updateVolumesStrategy != null && !config.isFeatureGateEnabled('VolumesUpdateStrategy')) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'VolumesUpdateStrategy feature gate is not enabled in kubevirt-config',
        'updateVolumesStrategy',
      ),
    );
  }
  if (updateVolumesStrategy === 'Migration' && !config.isFeatureGateEnabled('VolumeMigration')) {
    causes.push(
      cause(
        CauseType.FieldValueInvalid,
        'VolumeMigration feature gate is not enabled in kubevirt-config',
        'updateVolumesStrategy',
      ),
    );
  }
  return causes;
}

// upstream: authorizeVirtualMachineSpec, the embedded DataVolume namespaces
function dataVolumeTemplateNamespaceCauses(vm: VirtualMachine): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const targetNamespace = vm.metadata?.namespace ?? '';
  (vm.spec.dataVolumeTemplates ?? []).forEach((dataVolume, idx) => {
    const namespace = String(dataVolume?.metadata?.namespace ?? '');
    if (namespace !== '' && namespace !== targetNamespace) {
      causes.push(
        cause(
          CauseType.FieldValueInvalid,
          `Embedded DataVolume namespace ${namespace} differs from VM namespace ${targetNamespace}`,
          FieldPath.of('spec', 'dataVolumeTemplates').index(idx),
        ),
      );
    }
  });
  return causes;
}
