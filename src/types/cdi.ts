// CDI (containerized-data-importer, cdi.kubevirt.io/v1beta1) objects a VirtualMachine's path reads: the parts
// KubeVirt consults, typed loosely (the objects are schema-checked when read).
import type { ObjectMeta } from 'kubernetes-types/meta/v1.js';

/** A PVC or VolumeSnapshot a DataVolume or DataSource names (DataVolumeSourcePVC / ...Snapshot). */
export interface CdiObjectReference {
  name?: string;
  namespace?: string;
}

/** DataVolumeSourceRef: another object the DataVolume is populated from (kind DataSource). */
export interface DataVolumeSourceRef {
  kind?: string;
  name?: string;
  namespace?: string;
}

export interface DataVolumeSpec {
  source?: { pvc?: CdiObjectReference; snapshot?: CdiObjectReference } & Record<string, unknown>;
  sourceRef?: DataVolumeSourceRef;
  [field: string]: unknown;
}

/** DataVolume (cdi.kubevirt.io/v1beta1), namespaced. */
export interface DataVolume {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: DataVolumeSpec;
}

/** DataSourceSource: a PVC, a VolumeSnapshot, or (CDI v1.60+) another DataSource. */
export interface DataSourceSource {
  pvc?: CdiObjectReference;
  snapshot?: CdiObjectReference;
  dataSource?: CdiObjectReference;
}

/** DataSource (cdi.kubevirt.io/v1beta1), namespaced: a named, labelled reference to a golden image. */
export interface DataSource {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: { source?: DataSourceSource };
  status?: { source?: DataSourceSource; [field: string]: unknown };
}
