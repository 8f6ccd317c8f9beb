// The cluster objects a render consults. Offline it is built from --objects files; in `watch` it is backed by
// informer caches. Lookups return undefined for objects that do not exist.
import type {
  ConfigMap,
  Namespace,
  NetworkAttachmentDefinition,
  PersistentVolumeClaim,
  ResourceQuota,
  VolumeSnapshot,
} from '../types/k8s.js';
import type { VirtualMachineInstancetype, VirtualMachinePreference } from '../types/kubevirt.js';
import type { DataSource, DataVolume } from '../types/cdi.js';

export interface ClusterState {
  getPersistentVolumeClaim(namespace: string, name: string): PersistentVolumeClaim | undefined;
  listPersistentVolumeClaims(namespace: string): PersistentVolumeClaim[];
  getNetworkAttachmentDefinition(namespace: string, name: string): NetworkAttachmentDefinition | undefined;
  getConfigMap(namespace: string, name: string): ConfigMap | undefined;
  getNamespace(name: string): Namespace | undefined;
  listResourceQuotas(namespace: string): ResourceQuota[];
  getInstancetype(namespace: string, name: string): VirtualMachineInstancetype | undefined;
  getClusterInstancetype(name: string): VirtualMachineInstancetype | undefined;
  getPreference(namespace: string, name: string): VirtualMachinePreference | undefined;
  getClusterPreference(name: string): VirtualMachinePreference | undefined;
  /** CDI objects: only a VirtualMachine's path reads them (instancetype inference, architecture, clones). */
  getDataSource(namespace: string, name: string): DataSource | undefined;
  getDataVolume(namespace: string, name: string): DataVolume | undefined;
  /** external-snapshotter VolumeSnapshots (snapshot.storage.k8s.io/v1): v1.9.0 infers from their labels. */
  getVolumeSnapshot(namespace: string, name: string): VolumeSnapshot | undefined;
}

/** The kinds a ClusterState holds, by `kind`. */
export const CLUSTER_OBJECT_KINDS = [
  'PersistentVolumeClaim',
  'NetworkAttachmentDefinition',
  'ConfigMap',
  'Namespace',
  'ResourceQuota',
  'VirtualMachineInstancetype',
  'VirtualMachineClusterInstancetype',
  'VirtualMachinePreference',
  'VirtualMachineClusterPreference',
  'DataSource',
  'DataVolume',
  'VolumeSnapshot',
] as const;
export type ClusterObjectKind = (typeof CLUSTER_OBJECT_KINDS)[number];

export interface ClusterObject {
  kind?: string;
  metadata?: { name?: string; namespace?: string };
}

const key = (namespace: string | undefined, name: string | undefined): string =>
  `${namespace ?? ''}/${name ?? ''}`;

/** A ClusterState over an in-memory list of objects. */
export class MemoryClusterState implements ClusterState {
  private readonly byKind = new Map<string, Map<string, ClusterObject>>();

  constructor(objects: Iterable<ClusterObject> = [], defaultNamespace = 'default') {
    for (const object of objects) this.add(object, defaultNamespace);
  }

  add(object: ClusterObject, defaultNamespace = 'default'): void {
    const kind = object.kind ?? '';
    const clusterScoped =
      kind === 'Namespace' ||
      kind === 'VirtualMachineClusterInstancetype' ||
      kind === 'VirtualMachineClusterPreference';
    const namespace = clusterScoped ? undefined : (object.metadata?.namespace ?? defaultNamespace);
    let objects = this.byKind.get(kind);
    if (!objects) this.byKind.set(kind, (objects = new Map()));
    objects.set(key(namespace, object.metadata?.name), object);
  }

  private get<T>(kind: ClusterObjectKind, namespace: string | undefined, name: string): T | undefined {
    return this.byKind.get(kind)?.get(key(namespace, name)) as T | undefined;
  }

  private list<T>(kind: ClusterObjectKind, namespace: string): T[] {
    const objects = this.byKind.get(kind);
    if (!objects) return [];
    return [...objects.entries()].filter(([k]) => k.startsWith(`${namespace}/`)).map(([, v]) => v as T);
  }

  getPersistentVolumeClaim(namespace: string, name: string): PersistentVolumeClaim | undefined {
    return this.get('PersistentVolumeClaim', namespace, name);
  }
  listPersistentVolumeClaims(namespace: string): PersistentVolumeClaim[] {
    return this.list('PersistentVolumeClaim', namespace);
  }
  getNetworkAttachmentDefinition(namespace: string, name: string): NetworkAttachmentDefinition | undefined {
    return this.get('NetworkAttachmentDefinition', namespace, name);
  }
  getConfigMap(namespace: string, name: string): ConfigMap | undefined {
    return this.get('ConfigMap', namespace, name);
  }
  getNamespace(name: string): Namespace | undefined {
    return this.get('Namespace', undefined, name);
  }
  listResourceQuotas(namespace: string): ResourceQuota[] {
    return this.list('ResourceQuota', namespace);
  }
  getInstancetype(namespace: string, name: string): VirtualMachineInstancetype | undefined {
    return this.get('VirtualMachineInstancetype', namespace, name);
  }
  getClusterInstancetype(name: string): VirtualMachineInstancetype | undefined {
    return this.get('VirtualMachineClusterInstancetype', undefined, name);
  }
  getPreference(namespace: string, name: string): VirtualMachinePreference | undefined {
    return this.get('VirtualMachinePreference', namespace, name);
  }
  getClusterPreference(name: string): VirtualMachinePreference | undefined {
    return this.get('VirtualMachineClusterPreference', undefined, name);
  }
  getDataSource(namespace: string, name: string): DataSource | undefined {
    return this.get('DataSource', namespace, name);
  }
  getDataVolume(namespace: string, name: string): DataVolume | undefined {
    return this.get('DataVolume', namespace, name);
  }
  getVolumeSnapshot(namespace: string, name: string): VolumeSnapshot | undefined {
    return this.get('VolumeSnapshot', namespace, name);
  }
}
