// Kubernetes core types used by the render (kubernetes-types, API v1.30 shapes; v1.31 adds nothing we emit).
export type {
  Pod,
  PodSpec,
  Container,
  VolumeMount,
  VolumeDevice,
  EnvVar,
  ResourceRequirements,
  SecurityContext,
  PodSecurityContext,
  Affinity,
  NodeSelectorTerm,
  NodeSelectorRequirement,
  Probe as PodProbe,
  ContainerPort,
  PersistentVolumeClaim,
  ConfigMap,
  Namespace,
  ResourceQuota,
  LocalObjectReference,
  Toleration,
} from 'kubernetes-types/core/v1.js';
export type { ObjectMeta, OwnerReference, LabelSelector } from 'kubernetes-types/meta/v1.js';

/** A Pod volume; `image` (ImageVolumeSource, Kubernetes v1.31+) is newer than the kubernetes-types shapes. */
export type PodVolume = import('kubernetes-types/core/v1.js').Volume & {
  image?: { reference?: string; pullPolicy?: string };
};

/** Multus NetworkAttachmentDefinition (k8s.cni.cncf.io/v1). */
export interface NetworkAttachmentDefinition {
  apiVersion?: string;
  kind?: string;
  metadata?: import('kubernetes-types/meta/v1.js').ObjectMeta;
  spec?: { config?: string };
}

/** external-snapshotter VolumeSnapshot (snapshot.storage.k8s.io/v1): only its metadata is consulted. */
export interface VolumeSnapshot {
  apiVersion?: string;
  kind?: string;
  metadata?: import('kubernetes-types/meta/v1.js').ObjectMeta;
  spec?: {
    source?: { persistentVolumeClaimName?: string; volumeSnapshotContentName?: string };
    volumeSnapshotClassName?: string;
  };
}
