// The ClusterState the render consults, read from the informer caches of `watch`.
// Instancetypes, preferences, CDI's DataSources and DataVolumes and VolumeSnapshots are only consulted for
// VirtualMachines (the VMI render path reads no CDI object: a DataVolume volume is its PVC); `watch` renders
// VMIs, whose stored spec already has them applied, so those lookups answer "not found" and `watch` runs no
// informer for them.
import type { ClusterState } from '../state/cluster-state.js';
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
import type { Informer } from './informer.js';

export interface StateInformers {
  persistentVolumeClaims: Informer<PersistentVolumeClaim>;
  networkAttachmentDefinitions: Informer<NetworkAttachmentDefinition>;
  configMaps: Informer<ConfigMap>;
  namespaces: Informer<Namespace>;
  resourceQuotas: Informer<ResourceQuota>;
}

export class InformerClusterState implements ClusterState {
  constructor(private readonly informers: StateInformers) {}

  getPersistentVolumeClaim(namespace: string, name: string): PersistentVolumeClaim | undefined {
    return this.informers.persistentVolumeClaims.get(namespace, name);
  }
  listPersistentVolumeClaims(namespace: string): PersistentVolumeClaim[] {
    return this.informers.persistentVolumeClaims.list(namespace);
  }
  getNetworkAttachmentDefinition(namespace: string, name: string): NetworkAttachmentDefinition | undefined {
    return this.informers.networkAttachmentDefinitions.get(namespace, name);
  }
  getConfigMap(namespace: string, name: string): ConfigMap | undefined {
    return this.informers.configMaps.get(namespace, name);
  }
  getNamespace(name: string): Namespace | undefined {
    return this.informers.namespaces.get(undefined, name);
  }
  listResourceQuotas(namespace: string): ResourceQuota[] {
    return this.informers.resourceQuotas.list(namespace);
  }
  getInstancetype(): VirtualMachineInstancetype | undefined {
    return undefined;
  }
  getClusterInstancetype(): VirtualMachineInstancetype | undefined {
    return undefined;
  }
  getPreference(): VirtualMachinePreference | undefined {
    return undefined;
  }
  getClusterPreference(): VirtualMachinePreference | undefined {
    return undefined;
  }
  getDataSource(): DataSource | undefined {
    return undefined;
  }
  getDataVolume(): DataVolume | undefined {
    return undefined;
  }
  getVolumeSnapshot(): VolumeSnapshot | undefined {
    return undefined;
  }
}
