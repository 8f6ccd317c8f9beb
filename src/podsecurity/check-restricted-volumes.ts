// upstream: policy/check_restrictedVolumes.go
import type { PodSpec, Volume } from 'kubernetes-types/core/v1.js';
import { v1 } from './api.js';
import { CHECK_HOST_PATH_VOLUMES_ID } from './check-host-path-volumes.js';
import { ALLOWED, type Check, type CheckResult } from './checks.js';
import { isSet, joinQuote, pluralize, sortedSet } from './helpers.js';

const ALLOWED_SOURCES = [
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
] as const;

/** The sources upstream names, in its order; any other source (e.g. v1.31's `image`) is "unknown". */
const NAMED_SOURCES: [keyof Volume, string][] = [
  ['hostPath', 'hostPath'],
  ['gcePersistentDisk', 'gcePersistentDisk'],
  ['awsElasticBlockStore', 'awsElasticBlockStore'],
  ['gitRepo', 'gitRepo'],
  ['nfs', 'nfs'],
  ['iscsi', 'iscsi'],
  ['glusterfs', 'glusterfs'],
  ['rbd', 'rbd'],
  ['flexVolume', 'flexVolume'],
  ['cinder', 'cinder'],
  ['cephfs', 'cephfs'],
  ['flocker', 'flocker'],
  ['fc', 'fc'],
  ['azureFile', 'azureFile'],
  ['vsphereVolume', 'vsphereVolume'],
  ['quobyte', 'quobyte'],
  ['azureDisk', 'azureDisk'],
  ['photonPersistentDisk', 'photonPersistentDisk'],
  ['portworxVolume', 'portworxVolume'],
  ['scaleIO', 'scaleIO'],
  ['storageos', 'storageos'],
];

function restrictedVolumes1_0(_metadata: unknown, spec: PodSpec): CheckResult {
  const badVolumes: string[] = [];
  const badTypes: string[] = [];
  for (const volume of spec.volumes ?? []) {
    if (ALLOWED_SOURCES.some((source) => isSet(volume[source]))) continue;
    badVolumes.push(volume.name);
    badTypes.push(NAMED_SOURCES.find(([field]) => isSet(volume[field]))?.[1] ?? 'unknown');
  }
  if (badVolumes.length === 0) return ALLOWED;
  const types = sortedSet(badTypes);
  return {
    allowed: false,
    forbiddenReason: 'restricted volume types',
    forbiddenDetail: `${pluralize('volume', 'volumes', badVolumes.length)} ${joinQuote(badVolumes)} ${pluralize('uses', 'use', badVolumes.length)} ${pluralize('restricted volume type', 'restricted volume types', types.length)} ${joinQuote(types)}`,
  };
}

export const checkRestrictedVolumes: Check = {
  id: 'restrictedVolumes',
  level: 'restricted',
  versions: [
    {
      minimumVersion: v1(0),
      checkPod: restrictedVolumes1_0,
      overrideCheckIDs: [CHECK_HOST_PATH_VOLUMES_ID],
    },
  ],
};
