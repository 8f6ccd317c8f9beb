// Every cluster object a render lacks, not just the first. Upstream stops at the first missing PVC, NAD,
// ConfigMap, instancetype or preference; to name them all in one run, the document is rendered once more
// against a stand-in cluster that records each failed lookup and answers it with a placeholder, so the
// render goes on to the next lookup. Only for diagnostics: the placeholders never reach a printed Pod.
import type {
  ConfigMap,
  NetworkAttachmentDefinition,
  PersistentVolumeClaim,
  ResourceQuota,
  Namespace,
  VolumeSnapshot,
} from './types/k8s.js';
import type {
  VirtualMachine,
  VirtualMachineInstance,
  VirtualMachineInstancetype,
  VirtualMachinePreference,
} from './types/kubevirt.js';
import type { ClusterState } from './state/cluster-state.js';
import type { DataSource, DataVolume } from './types/cdi.js';
import { renderDocument, type PipelineSettings } from './pipeline.js';
import { PVC_PREFIX } from './render/storage/backend-storage.js';
import { HOOK_SIDECAR_LIST_ANNOTATION_NAME } from './render/hooks.js';

export type MissingKind =
  | 'PersistentVolumeClaim'
  | 'NetworkAttachmentDefinition'
  | 'ConfigMap'
  | 'VirtualMachineInstancetype'
  | 'VirtualMachineClusterInstancetype'
  | 'VirtualMachinePreference'
  | 'VirtualMachineClusterPreference'
  | 'DataSource'
  | 'VolumeSnapshot'
  | 'BackendStoragePVC';

export interface MissingObject {
  kind: MissingKind;
  /** Absent for cluster-scoped kinds. */
  namespace?: string;
  name: string;
  /** The field of the document (as written) that refers to it; absent when none can be told. */
  path?: (string | number)[];
  /** For a DataVolume's PVC: the `spec.dataVolumeTemplates` entry it comes from. */
  dataVolumeTemplate?: number;
}

const lookupKey = (kind: string, namespace: string | undefined, name: string): string =>
  `${kind}/${namespace ?? ''}/${name}`;

/** A ClusterState that answers a failed lookup with a placeholder, and records it. */
class RecordingState implements ClusterState {
  readonly missing: MissingObject[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly base: ClusterState,
    private readonly vmiName: string,
  ) {}

  private miss<T>(kind: MissingKind, namespace: string | undefined, name: string, placeholder: T): T {
    const key = lookupKey(kind, namespace, name);
    if (!this.seen.has(key)) {
      this.seen.add(key);
      this.missing.push({ kind, ...(namespace !== undefined ? { namespace } : {}), name });
    }
    return placeholder;
  }

  getPersistentVolumeClaim(namespace: string, name: string): PersistentVolumeClaim | undefined {
    return (
      this.base.getPersistentVolumeClaim(namespace, name) ??
      this.miss('PersistentVolumeClaim', namespace, name, { metadata: { name, namespace }, spec: {} })
    );
  }
  listPersistentVolumeClaims(namespace: string): PersistentVolumeClaim[] {
    // only the backend-storage lookup lists PVCs: by label, or by the legacy name (upstream: PVCForVMI)
    const claims = this.base.listPersistentVolumeClaims(namespace);
    const name = `${PVC_PREFIX}-${this.vmiName}`;
    const found = claims.some(
      (claim) => claim.metadata?.labels?.[PVC_PREFIX] === this.vmiName || claim.metadata?.name === name,
    );
    if (found) return claims;
    const placeholder: PersistentVolumeClaim = {
      metadata: { name, namespace, labels: { [PVC_PREFIX]: this.vmiName } },
      spec: {},
    };
    return [...claims, this.miss('BackendStoragePVC', namespace, name, placeholder)];
  }
  getNetworkAttachmentDefinition(namespace: string, name: string): NetworkAttachmentDefinition | undefined {
    return (
      this.base.getNetworkAttachmentDefinition(namespace, name) ??
      this.miss('NetworkAttachmentDefinition', namespace, name, { metadata: { name, namespace } })
    );
  }
  getConfigMap(namespace: string, name: string): ConfigMap | undefined {
    return (
      this.base.getConfigMap(namespace, name) ??
      this.miss('ConfigMap', namespace, name, { metadata: { name, namespace } })
    );
  }
  getNamespace(name: string): Namespace | undefined {
    return this.base.getNamespace(name);
  }
  listResourceQuotas(namespace: string): ResourceQuota[] {
    return this.base.listResourceQuotas(namespace);
  }
  getInstancetype(namespace: string, name: string): VirtualMachineInstancetype | undefined {
    return (
      this.base.getInstancetype(namespace, name) ??
      this.miss('VirtualMachineInstancetype', namespace, name, placeholderInstancetype(name, namespace))
    );
  }
  getClusterInstancetype(name: string): VirtualMachineInstancetype | undefined {
    return (
      this.base.getClusterInstancetype(name) ??
      this.miss('VirtualMachineClusterInstancetype', undefined, name, placeholderInstancetype(name))
    );
  }
  getPreference(namespace: string, name: string): VirtualMachinePreference | undefined {
    return (
      this.base.getPreference(namespace, name) ??
      this.miss('VirtualMachinePreference', namespace, name, placeholderPreference(name, namespace))
    );
  }
  getClusterPreference(name: string): VirtualMachinePreference | undefined {
    return (
      this.base.getClusterPreference(name) ??
      this.miss('VirtualMachineClusterPreference', undefined, name, placeholderPreference(name))
    );
  }
  getDataSource(namespace: string, name: string): DataSource | undefined {
    // a placeholder without labels or source: inference stops there, a clone has nothing to authorize
    return (
      this.base.getDataSource(namespace, name) ??
      this.miss('DataSource', namespace, name, { metadata: { name, namespace }, spec: { source: {} } })
    );
  }
  getVolumeSnapshot(namespace: string, name: string): VolumeSnapshot | undefined {
    return (
      this.base.getVolumeSnapshot(namespace, name) ??
      this.miss('VolumeSnapshot', namespace, name, { metadata: { name, namespace } })
    );
  }
  getDataVolume(namespace: string, name: string): DataVolume | undefined {
    // upstream falls back to the PVC of a DataVolume that is not there: not a missing object
    return this.base.getDataVolume(namespace, name);
  }
}

function placeholderInstancetype(name: string, namespace?: string): VirtualMachineInstancetype {
  return {
    metadata: { name, ...(namespace !== undefined ? { namespace } : {}) },
    spec: { cpu: { guest: 1 }, memory: { guest: '1Gi' } },
  } as VirtualMachineInstancetype;
}

function placeholderPreference(name: string, namespace?: string): VirtualMachinePreference {
  return {
    metadata: { name, ...(namespace !== undefined ? { namespace } : {}) },
    spec: {},
  } as VirtualMachinePreference;
}

interface TemplateSpec {
  volumes?: {
    persistentVolumeClaim?: { claimName?: string };
    dataVolume?: { name?: string };
    ephemeral?: { persistentVolumeClaim?: { claimName?: string } };
  }[];
  networks?: { multus?: { networkName?: string } }[];
  domain?: { devices?: { tpm?: { persistent?: boolean } } };
}

/** Where the document refers to a missing object. */
function locateReference(
  document: VirtualMachineInstance | VirtualMachine,
  missing: MissingObject,
  defaultNamespace: string,
): MissingObject {
  const isVM = document.kind === 'VirtualMachine';
  const vm = document as VirtualMachine;
  const spec = (isVM ? vm.spec?.template?.spec : (document as VirtualMachineInstance).spec) as
    TemplateSpec | undefined;
  const base = isVM ? ['spec', 'template', 'spec'] : ['spec'];
  const namespace = document.metadata?.namespace || defaultNamespace;
  const at = (path: (string | number)[]): MissingObject => ({ ...missing, path });
  switch (missing.kind) {
    case 'PersistentVolumeClaim': {
      const volumes = spec?.volumes ?? [];
      for (const [i, volume] of volumes.entries()) {
        if (volume.persistentVolumeClaim?.claimName === missing.name)
          return at([...base, 'volumes', i, 'persistentVolumeClaim', 'claimName']);
        if (volume.ephemeral?.persistentVolumeClaim?.claimName === missing.name)
          return at([...base, 'volumes', i, 'ephemeral', 'persistentVolumeClaim', 'claimName']);
        if (volume.dataVolume?.name === missing.name) {
          const template = (vm.spec?.dataVolumeTemplates ?? []).findIndex(
            (entry) => entry?.metadata?.name === missing.name,
          );
          return {
            ...at([...base, 'volumes', i, 'dataVolume', 'name']),
            ...(isVM && template >= 0 ? { dataVolumeTemplate: template } : {}),
          };
        }
      }
      // a VM's instancetype or preference inferred from a volume's PVC
      if (isVM && vm.spec?.instancetype?.inferFromVolume)
        return at(['spec', 'instancetype', 'inferFromVolume']);
      if (isVM && vm.spec?.preference?.inferFromVolume) return at(['spec', 'preference', 'inferFromVolume']);
      return missing;
    }
    case 'NetworkAttachmentDefinition': {
      const index = (spec?.networks ?? []).findIndex((network) => {
        const full = network.multus?.networkName;
        if (full === undefined) return false;
        const slash = full.indexOf('/');
        const [ns, name] = slash >= 0 ? [full.slice(0, slash), full.slice(slash + 1)] : [namespace, full];
        return ns === missing.namespace && name === missing.name;
      });
      return index >= 0 ? at([...base, 'networks', index, 'multus', 'networkName']) : missing;
    }
    case 'ConfigMap':
      return at([
        ...(isVM ? ['spec', 'template'] : []),
        'metadata',
        'annotations',
        HOOK_SIDECAR_LIST_ANNOTATION_NAME,
      ]);
    case 'VirtualMachineInstancetype':
    case 'VirtualMachineClusterInstancetype':
      return at(['spec', 'instancetype', 'name']);
    case 'VirtualMachinePreference':
    case 'VirtualMachineClusterPreference':
      return at(['spec', 'preference', 'name']);
    case 'DataSource': {
      const template = (vm.spec?.dataVolumeTemplates ?? []).findIndex((entry) => {
        const sourceRef = (entry?.spec as { sourceRef?: { name?: string; namespace?: string } } | undefined)
          ?.sourceRef;
        return sourceRef?.name === missing.name && (sourceRef.namespace || namespace) === missing.namespace;
      });
      if (isVM && template >= 0)
        return at(['spec', 'dataVolumeTemplates', template, 'spec', 'sourceRef', 'name']);
      if (isVM && vm.spec?.instancetype?.inferFromVolume)
        return at(['spec', 'instancetype', 'inferFromVolume']);
      if (isVM && vm.spec?.preference?.inferFromVolume) return at(['spec', 'preference', 'inferFromVolume']);
      return missing;
    }
    case 'VolumeSnapshot':
      if (isVM && vm.spec?.instancetype?.inferFromVolume)
        return at(['spec', 'instancetype', 'inferFromVolume']);
      if (isVM && vm.spec?.preference?.inferFromVolume) return at(['spec', 'preference', 'inferFromVolume']);
      return missing;
    case 'BackendStoragePVC':
      return at(
        spec?.domain?.devices?.tpm?.persistent === true
          ? [...base, 'domain', 'devices', 'tpm', 'persistent']
          : [...base, 'domain', 'firmware', 'bootloader', 'efi', 'persistent'],
      );
  }
}

/**
 * Every cluster object the document's render looks up and does not find, in the order the render looks
 * them up, each with the field that refers to it.
 */
export function findMissingObjects(
  document: VirtualMachineInstance | VirtualMachine,
  settings: PipelineSettings,
  options: { withoutInstancetype?: boolean } = {},
): MissingObject[] {
  const state = new RecordingState(settings.state, document.metadata?.name ?? '');
  // where the VM controller refused the instancetype or preference, what the template alone needs
  const rendered =
    options.withoutInstancetype && document.kind === 'VirtualMachine'
      ? withoutInstancetype(document as VirtualMachine)
      : document;
  try {
    renderDocument(rendered, { ...settings, state });
  } catch {
    // a diagnostic pass: what it found before another error is still worth naming
  }
  return state.missing.map((missing) => locateReference(document, missing, settings.namespace));
}

/** The VM without its instancetype and preference matchers: its template rendered as written. */
function withoutInstancetype(vm: VirtualMachine): VirtualMachine {
  const { instancetype: _instancetype, preference: _preference, ...spec } = vm.spec ?? {};
  return { ...vm, spec } as VirtualMachine;
}

/** An error of the VM controller (it builds no VMI, so the render never looked anything up). */
export const isVMControllerError = (message: string): boolean => message.startsWith('vm controller: ');

const MISSING_OBJECT_HINTS: [RegExp, string][] = [
  [/didn't find PVC (\S+)/, 'PersistentVolumeClaim'],
  [
    /without backend-storage PVC/,
    'backend-storage PersistentVolumeClaim (labelled persistent-state-for=<vmi name>)',
  ],
  [/failed to locate network attachment definition (\S+)/, 'NetworkAttachmentDefinition'],
  [/configmaps "[^"]+" not found/, 'ConfigMap'],
  [/virtualmachine(cluster)?instancetypes\.instancetype\.kubevirt\.io "[^"]+" not found/, 'instancetype'],
  [/virtualmachine(cluster)?preferences\.instancetype\.kubevirt\.io "[^"]+" not found/, 'preference'],
  [/persistentvolumeclaims "[^"]+" not found/, 'PersistentVolumeClaim'],
  [/datasources\.cdi\.kubevirt\.io "[^"]+" not found/, 'DataSource'],
  [/volumesnapshots\.snapshot\.storage\.k8s\.io "[^"]+" not found/, 'VolumeSnapshot'],
];

export const isMissingObjectError = (message: string): boolean =>
  MISSING_OBJECT_HINTS.some(([pattern]) => pattern.test(message));

const MISSING_KIND_NAMES: Record<MissingObject['kind'], string> = {
  PersistentVolumeClaim: 'PersistentVolumeClaim',
  NetworkAttachmentDefinition: 'NetworkAttachmentDefinition',
  ConfigMap: 'ConfigMap',
  VirtualMachineInstancetype: 'VirtualMachineInstancetype',
  VirtualMachineClusterInstancetype: 'VirtualMachineClusterInstancetype',
  VirtualMachinePreference: 'VirtualMachinePreference',
  VirtualMachineClusterPreference: 'VirtualMachineClusterPreference',
  DataSource: 'DataSource',
  VolumeSnapshot: 'VolumeSnapshot',
  BackendStoragePVC: 'backend-storage PersistentVolumeClaim',
};

/** `PersistentVolumeClaim "db-root" in namespace "prod"` */
export function describeMissing(missing: MissingObject): string {
  const what =
    missing.kind === 'BackendStoragePVC'
      ? `${MISSING_KIND_NAMES[missing.kind]} (labelled ${PVC_LABEL}=${missing.name.slice(PVC_LABEL.length + 1)})`
      : `${MISSING_KIND_NAMES[missing.kind]} "${missing.name}"`;
  return `${what}${missing.namespace !== undefined ? ` in namespace "${missing.namespace}"` : ''}`;
}

/** Where a DataVolume's PVC comes from, in a cluster. */
export const dataVolumeOrigin = (missing: MissingObject | undefined): string | undefined =>
  missing?.dataVolumeTemplate !== undefined
    ? `in a cluster CDI creates it for spec.dataVolumeTemplates[${missing.dataVolumeTemplate}]`
    : undefined;

/** The missing object upstream's error names (the first the render failed on). */
export function namedByError(message: string, missing: readonly MissingObject[]): MissingObject | undefined {
  if (/backend-storage PVC/.test(message)) return missing.find((m) => m.kind === 'BackendStoragePVC');
  return missing.find(
    (m) =>
      m.kind !== 'BackendStoragePVC' &&
      (message.includes(`"${m.name}"`) ||
        message.endsWith(` ${m.name}`) ||
        message.includes(` ${m.name}/`) ||
        message.includes(`/${m.name}`)),
  );
}
const PVC_LABEL = 'persistent-state-for';

/** Upstream's message, plus how to supply a missing object offline. */
export function withHint(message: string, note?: string, via = '--objects'): string {
  for (const [pattern, what] of MISSING_OBJECT_HINTS) {
    if (pattern.test(message)) return `${message} (supply the ${what} with ${via}${note ? `; ${note}` : ''})`;
  }
  return message;
}
