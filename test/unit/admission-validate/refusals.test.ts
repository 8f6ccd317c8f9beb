// Refusals of broken conformance VMIs: every cause (type, field, message) must be what upstream v1.4.0's
// validating webhook reports. The expectations were produced by running upstream's VMICreateAdmitter (Go,
// v1.4.0, vendored dependencies) on the same objects; the arm64 case leaves out the MultiArchitecture cause
// that the amd64 test binary added.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ClusterConfig, type Arch } from '../../../src/cluster/cluster-config.js';
import type { KubeVirt, VirtualMachineInstance } from '../../../src/types/kubevirt.js';
import {
  admitVMICreate,
  validateVMICreate,
  type AdmissionCause,
  type AdmissionVerdict,
} from '../../../src/admission/validate/index.js';
import { REFUSAL_CASES, kubevirtFor } from './refusal-cases.js';
import { KubeVirtRelease } from '../../../src/release/release.js';
const V1_4_0 = KubeVirtRelease.of('v1.4.0');

const CONFORMANCE = fileURLToPath(new URL('../../../../fixtures/conformance/v1.4.0/cases/', import.meta.url));

const EXPECTED: Record<string, { causes: AdmissionCause[]; verdict?: AdmissionVerdict }> = {
  'two disks with the same name': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[2].name',
        message: 'spec.domain.devices.disks[2] and spec.domain.devices.disks[0] must not have the same Name.',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[2].name',
          message:
            'spec.domain.devices.disks[2] and spec.domain.devices.disks[0] must not have the same Name.',
        },
      ],
      message: 'spec.domain.devices.disks[2] and spec.domain.devices.disks[0] must not have the same Name.',
    },
  },
  'a disk referencing a missing volume': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[2].name',
        message: "spec.domain.devices.disks[2].Name 'scratch' not found.",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[2].name',
          message: "spec.domain.devices.disks[2].Name 'scratch' not found.",
        },
      ],
      message: "spec.domain.devices.disks[2].Name 'scratch' not found.",
    },
  },
  'a volume without a disk': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.volumes[2].name',
        message: "spec.domain.volumes[2].name 'orphan' not found.",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.volumes[2].name',
          message: "spec.domain.volumes[2].name 'orphan' not found.",
        },
      ],
      message: "spec.domain.volumes[2].name 'orphan' not found.",
    },
  },
  'two volumes with the same name and one without a source': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[3].name',
        message: 'spec.volumes[3] and spec.volumes[0] must not have the same Name.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[3]',
        message: 'spec.volumes[3] must have exactly one source type set',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[3].name',
          message: 'spec.volumes[3] and spec.volumes[0] must not have the same Name.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[3]',
          message: 'spec.volumes[3] must have exactly one source type set',
        },
      ],
      message:
        'spec.volumes[3] and spec.volumes[0] must not have the same Name., spec.volumes[3] must have exactly one source type set',
    },
  },
  'a disk on the IDE bus': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[0].disk.bus',
        message: 'IDE bus is not supported',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[0].disk.bus',
          message: 'IDE bus is not supported',
        },
      ],
      message: 'IDE bus is not supported',
    },
  },
  'a virtio CD-ROM and a read-only SATA disk': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[0].disk.bus',
        message: 'sata hard-disks do not support read-only.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[1].cdrom.bus',
        message: 'Bus type virtio is invalid for CD-ROM device',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[0].disk.bus',
          message: 'sata hard-disks do not support read-only.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[1].cdrom.bus',
          message: 'Bus type virtio is invalid for CD-ROM device',
        },
      ],
      message: 'sata hard-disks do not support read-only., Bus type virtio is invalid for CD-ROM device',
    },
  },
  'a disk with several targets, a bad cache mode, IO mode and error policy': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[0]',
        message: 'spec.domain.devices.disks[0] can only have a single target type defined',
      },
      {
        type: 'FieldValueNotSupported',
        field: 'spec.domain.devices.disks.domain.devices.disks[0]',
        message: 'IOThreads are not supported for disks on a sata bus',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[0].cache',
        message: 'spec.domain.devices.disks[0].cache has invalid value unsafe',
      },
      {
        type: 'FieldValueNotSupported',
        field: 'spec.domain.devices.disks.domain.devices.disks[0].io',
        message:
          'Disk IO mode for spec.domain.devices.disks is not supported. Supported modes are: native, threads.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[0].errorPolicy',
        message: 'spec.domain.devices.disks[0].errorPolicy has invalid value "panic"',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[0]',
          message: 'spec.domain.devices.disks[0] can only have a single target type defined',
        },
        {
          type: 'FieldValueNotSupported',
          field: 'spec.domain.devices.disks.domain.devices.disks[0]',
          message: 'IOThreads are not supported for disks on a sata bus',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[0].cache',
          message: 'spec.domain.devices.disks[0].cache has invalid value unsafe',
        },
        {
          type: 'FieldValueNotSupported',
          field: 'spec.domain.devices.disks.domain.devices.disks[0].io',
          message:
            'Disk IO mode for spec.domain.devices.disks is not supported. Supported modes are: native, threads.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[0].errorPolicy',
          message: 'spec.domain.devices.disks[0].errorPolicy has invalid value "panic"',
        },
      ],
      message:
        'spec.domain.devices.disks[0] can only have a single target type defined, IOThreads are not supported for disks on a sata bus, spec.domain.devices.disks[0].cache has invalid value unsafe, Disk IO mode for spec.domain.devices.disks is not supported. Supported modes are: native, threads., spec.domain.devices.disks[0].errorPolicy has invalid value "panic"',
    },
  },
  'a disk name that is not a DNS label': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks.domain.devices.disks[0].name',
        message:
          "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks.domain.devices.disks[0].name',
          message:
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        },
      ],
      message:
        "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    },
  },
  'a disk PCI address on a SATA bus and malformed': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks.domain.devices.disks.disk[0].pciAddress',
        message:
          'disk spec.domain.devices.disks.domain.devices.disks.disk[0].name - setting a PCI address is only possible with bus type virtio.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks.domain.devices.disks.disk[0].pciAddress',
        message:
          'disk spec.domain.devices.disks.domain.devices.disks.disk[0].name has malformed PCI address (0000:00:1g.0).',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks.domain.devices.disks.disk[0].pciAddress',
          message:
            'disk spec.domain.devices.disks.domain.devices.disks.disk[0].name - setting a PCI address is only possible with bus type virtio.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks.domain.devices.disks.disk[0].pciAddress',
          message:
            'disk spec.domain.devices.disks.domain.devices.disks.disk[0].name has malformed PCI address (0000:00:1g.0).',
        },
      ],
      message:
        'disk spec.domain.devices.disks.domain.devices.disks.disk[0].name - setting a PCI address is only possible with bus type virtio., disk spec.domain.devices.disks.domain.devices.disks.disk[0].name has malformed PCI address (0000:00:1g.0).',
    },
  },
  'a boot order of zero and a duplicate boot order': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[1].bootOrder',
        message: 'Boot order for spec.domain.devices.disks[1].bootOrder already set for a different device.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[0].bootOrder',
        message: 'spec.domain.devices.disks[0] must have a boot order > 0, if supplied',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[1].bootOrder',
        message: 'spec.domain.devices.disks[1] must have a boot order > 0, if supplied',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[1].bootOrder',
          message:
            'Boot order for spec.domain.devices.disks[1].bootOrder already set for a different device.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[0].bootOrder',
          message: 'spec.domain.devices.disks[0] must have a boot order > 0, if supplied',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[1].bootOrder',
          message: 'spec.domain.devices.disks[1] must have a boot order > 0, if supplied',
        },
      ],
      message:
        'Boot order for spec.domain.devices.disks[1].bootOrder already set for a different device., spec.domain.devices.disks[0] must have a boot order > 0, if supplied, spec.domain.devices.disks[1] must have a boot order > 0, if supplied',
    },
  },
  'a disk serial with invalid characters': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[0].serial',
        message:
          'spec.domain.devices.disks[0] must be made up of the following characters [A-Za-z0-9_.+-], if specified',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[0].serial',
          message:
            'spec.domain.devices.disks[0] must be made up of the following characters [A-Za-z0-9_.+-], if specified',
        },
      ],
      message:
        'spec.domain.devices.disks[0] must be made up of the following characters [A-Za-z0-9_.+-], if specified',
    },
  },
  'custom block sizes out of range': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[0].blockSize.custom.logical',
        message: 'Provided size of 256 is less than the supported minimum size of 512',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[0].blockSize.custom.physical',
        message: 'Provided size of 768 is not a power of 2',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[0].blockSize.custom.logical',
          message: 'Provided size of 256 is less than the supported minimum size of 512',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[0].blockSize.custom.physical',
          message: 'Provided size of 768 is not a power of 2',
        },
      ],
      message:
        'Provided size of 256 is less than the supported minimum size of 512, Provided size of 768 is not a power of 2',
    },
  },
  'a LUN on a containerDisk volume with a reservation but no gate': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[0].lun',
        message:
          'spec.domain.devices.disks[0].lun can only be mapped to a DataVolume or PersistentVolumeClaim volume.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks.luns.reservation',
        message: 'PersistentReservation feature gate is not enabled in kubevirt-config',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[0].lun',
          message:
            'spec.domain.devices.disks[0].lun can only be mapped to a DataVolume or PersistentVolumeClaim volume.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks.luns.reservation',
          message: 'PersistentReservation feature gate is not enabled in kubevirt-config',
        },
      ],
      message:
        'spec.domain.devices.disks[0].lun can only be mapped to a DataVolume or PersistentVolumeClaim volume., PersistentReservation feature gate is not enabled in kubevirt-config',
    },
  },
  'a hostDisk without the HostDisk gate': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[2]',
        message: 'HostDisk feature gate is not enabled',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[3]',
        message: 'HostDisk feature gate is not enabled',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[2]',
          message: 'HostDisk feature gate is not enabled',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[3]',
          message: 'HostDisk feature gate is not enabled',
        },
      ],
      message: 'HostDisk feature gate is not enabled, HostDisk feature gate is not enabled',
    },
  },
  'a hostDisk of type Disk with a capacity and an unknown type': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[2].hostDisk.capacity',
        message:
          "spec.volumes[2].hostDisk.capacity is allowed to pass only with spec.volumes[2].hostDisk.type equal to 'DiskOrCreate'",
      },
      {
        type: 'FieldValueNotFound',
        field: 'spec.volumes[3].hostDisk.path',
        message: 'spec.volumes[3].hostDisk.path is required for hostDisk volume',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[3].hostDisk.type',
        message:
          "spec.volumes[3].hostDisk.type has invalid value 'File', allowed are 'Disk' or 'DiskOrCreate'",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[2].hostDisk.capacity',
          message:
            "spec.volumes[2].hostDisk.capacity is allowed to pass only with spec.volumes[2].hostDisk.type equal to 'DiskOrCreate'",
        },
        {
          type: 'FieldValueNotFound',
          field: 'spec.volumes[3].hostDisk.path',
          message: 'spec.volumes[3].hostDisk.path is required for hostDisk volume',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[3].hostDisk.type',
          message:
            "spec.volumes[3].hostDisk.type has invalid value 'File', allowed are 'Disk' or 'DiskOrCreate'",
        },
      ],
      message:
        "spec.volumes[2].hostDisk.capacity is allowed to pass only with spec.volumes[2].hostDisk.type equal to 'DiskOrCreate', spec.volumes[3].hostDisk.path is required for hostDisk volume, spec.volumes[3].hostDisk.type has invalid value 'File', allowed are 'Disk' or 'DiskOrCreate'",
    },
  },
  'a downwardMetrics volume without its gate': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[2]',
        message: 'downwardMetrics disks are not allowed: DownwardMetrics feature gate is not enabled.',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[2]',
          message: 'downwardMetrics disks are not allowed: DownwardMetrics feature gate is not enabled.',
        },
      ],
      message: 'downwardMetrics disks are not allowed: DownwardMetrics feature gate is not enabled.',
    },
  },
  'cloud-init user data given twice, too large network data, bad base64': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[1].cloudInitNoCloud.userDataBase64',
        message:
          'spec.volumes[1].cloudInitNoCloud.userDataBase64.cloudInitNoCloud.userDataBase64 is not a valid base64 value.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[1].cloudInitNoCloud',
        message: 'spec.volumes[1].cloudInitNoCloud must have only one userdatasource set.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[1].cloudInitNoCloud',
        message:
          'spec.volumes[1].cloudInitNoCloud networkdata exceeds 2048 byte limit. Should use NetworkDataSecretRef for larger data.',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[1].cloudInitNoCloud.userDataBase64',
          message:
            'spec.volumes[1].cloudInitNoCloud.userDataBase64.cloudInitNoCloud.userDataBase64 is not a valid base64 value.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[1].cloudInitNoCloud',
          message: 'spec.volumes[1].cloudInitNoCloud must have only one userdatasource set.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[1].cloudInitNoCloud',
          message:
            'spec.volumes[1].cloudInitNoCloud networkdata exceeds 2048 byte limit. Should use NetworkDataSecretRef for larger data.',
        },
      ],
      message:
        'spec.volumes[1].cloudInitNoCloud.userDataBase64.cloudInitNoCloud.userDataBase64 is not a valid base64 value., spec.volumes[1].cloudInitNoCloud must have only one userdatasource set., spec.volumes[1].cloudInitNoCloud networkdata exceeds 2048 byte limit. Should use NetworkDataSecretRef for larger data.',
    },
  },
  'configMap and secret volumes without names': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[2].configMap.name',
        message: 'spec.volumes[2].configMap.name is a required field',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[3].secret.secretName',
        message: 'spec.volumes[3].secret.secretName is a required field',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[2].configMap.name',
          message: 'spec.volumes[2].configMap.name is a required field',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[3].secret.secretName',
          message: 'spec.volumes[3].secret.secretName is a required field',
        },
      ],
      message:
        'spec.volumes[2].configMap.name is a required field, spec.volumes[3].secret.secretName is a required field',
    },
  },
  'a containerDisk path with relative components': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.volumes[0].containerDisk',
        message:
          'spec.volumes[0].containerDisk must be an absolute path to a file without relative components',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.volumes[0].containerDisk',
          message:
            'spec.volumes[0].containerDisk must be an absolute path to a file without relative components',
        },
      ],
      message: 'spec.volumes[0].containerDisk must be an absolute path to a file without relative components',
    },
  },
  'kernel boot arguments without a kernel and EFI together with BIOS': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.firmware.bootloader',
        message:
          'spec.domain.firmware.bootloader has both EFI and BIOS configured, but they are mutually exclusive.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.firmware.kernelBoot.kernelArgs',
        message: 'kernel arguments cannot be provided without an external kernel',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.firmware.bootloader',
          message:
            'spec.domain.firmware.bootloader has both EFI and BIOS configured, but they are mutually exclusive.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.firmware.kernelBoot.kernelArgs',
          message: 'kernel arguments cannot be provided without an external kernel',
        },
      ],
      message:
        'spec.domain.firmware.bootloader has both EFI and BIOS configured, but they are mutually exclusive., kernel arguments cannot be provided without an external kernel',
    },
  },
  'a kernel boot container without image and paths': {
    causes: [
      {
        type: 'FieldValueRequired',
        field: 'spec.domain.firmware.kernelBoot.container.image',
        message: 'spec.domain.firmware.kernelBoot.container must be defined with an image',
      },
      {
        type: 'FieldValueRequired',
        field: 'spec.domain.firmware.kernelBoot.container',
        message:
          'spec.domain.firmware.kernelBoot.container must be defined with at least one of the following: kernelPath, initrdPath',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueRequired',
          field: 'spec.domain.firmware.kernelBoot.container.image',
          message: 'spec.domain.firmware.kernelBoot.container must be defined with an image',
        },
        {
          type: 'FieldValueRequired',
          field: 'spec.domain.firmware.kernelBoot.container',
          message:
            'spec.domain.firmware.kernelBoot.container must be defined with at least one of the following: kernelPath, initrdPath',
        },
      ],
      message:
        'spec.domain.firmware.kernelBoot.container must be defined with an image, spec.domain.firmware.kernelBoot.container must be defined with at least one of the following: kernelPath, initrdPath',
    },
  },
  'a cpu limit below the request': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.resources.requests.cpu',
        message:
          "spec.domain.resources.requests.cpu '2' is greater than spec.domain.resources.limits.cpu '1500m'",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.resources.requests.cpu',
          message:
            "spec.domain.resources.requests.cpu '2' is greater than spec.domain.resources.limits.cpu '1500m'",
        },
      ],
      message:
        "spec.domain.resources.requests.cpu '2' is greater than spec.domain.resources.limits.cpu '1500m'",
    },
  },
  'a memory limit below the request and a guest above the limit': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.resources.requests.memory',
        message:
          "spec.domain.resources.requests.memory '2Gi' is greater than spec.domain.resources.limits.memory '1Gi'",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.memory.guest',
        message:
          "spec.domain.memory.guest '4Gi' must be equal to or less than the memory limit spec.domain.resources.limits.memory '1Gi'",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.resources.requests.memory',
          message:
            "spec.domain.resources.requests.memory '2Gi' is greater than spec.domain.resources.limits.memory '1Gi'",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.memory.guest',
          message:
            "spec.domain.memory.guest '4Gi' must be equal to or less than the memory limit spec.domain.resources.limits.memory '1Gi'",
        },
      ],
      message:
        "spec.domain.resources.requests.memory '2Gi' is greater than spec.domain.resources.limits.memory '1Gi', spec.domain.memory.guest '4Gi' must be equal to or less than the memory limit spec.domain.resources.limits.memory '1Gi'",
    },
  },
  'a negative cpu request and a memory request below 1M': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.resources.requests.memory',
        message: "spec.domain.resources.requests.memory '512k': must be greater than or equal to 1M.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.resources.requests.cpu',
        message: "spec.domain.resources.requests.cpu '-1': must be greater than or equal to 0.",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.resources.requests.memory',
          message: "spec.domain.resources.requests.memory '512k': must be greater than or equal to 1M.",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.resources.requests.cpu',
          message: "spec.domain.resources.requests.cpu '-1': must be greater than or equal to 0.",
        },
      ],
      message:
        "spec.domain.resources.requests.memory '512k': must be greater than or equal to 1M., spec.domain.resources.requests.cpu '-1': must be greater than or equal to 0.",
    },
  },
  'hugepages with an invalid page size': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.hugepages.size',
        message:
          "spec.domain.hugepages.size '2 MiB': quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.hugepages.size',
          message:
            "spec.domain.hugepages.size '2 MiB': quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
        },
      ],
      message:
        "spec.domain.hugepages.size '2 MiB': quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    },
  },
  'hugepages larger than the memory request': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.resources.requests.memory',
        message:
          "spec.domain.resources.requests.memory '1536Mi' is not a multiple of the page size spec.domain.hugepages.size '1Gi'",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.resources.requests.memory',
          message:
            "spec.domain.resources.requests.memory '1536Mi' is not a multiple of the page size spec.domain.hugepages.size '1Gi'",
        },
      ],
      message:
        "spec.domain.resources.requests.memory '1536Mi' is not a multiple of the page size spec.domain.hugepages.size '1Gi'",
    },
  },
  'dedicated CPUs with a fractional cpu request and three threads': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.resources.requests.cpu',
        message: 'provided resources CPU requests must be an interger',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.cpu.dedicatedCpuPlacement',
        message:
          'spec.domain.resources.requests.cpu or spec.domain.resources.limits.cpu must not be provided at the same time with spec.domain.cpu.cores when DedicatedCPUPlacement is true ',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.cpu.dedicatedCpuPlacement',
        message:
          'Not more than two threads must be provided at spec.domain.cpu.threads (got 3) when DedicatedCPUPlacement is true',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.resources.requests.cpu',
          message: 'provided resources CPU requests must be an interger',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.cpu.dedicatedCpuPlacement',
          message:
            'spec.domain.resources.requests.cpu or spec.domain.resources.limits.cpu must not be provided at the same time with spec.domain.cpu.cores when DedicatedCPUPlacement is true ',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.cpu.dedicatedCpuPlacement',
          message:
            'Not more than two threads must be provided at spec.domain.cpu.threads (got 3) when DedicatedCPUPlacement is true',
        },
      ],
      message:
        'provided resources CPU requests must be an interger, spec.domain.resources.requests.cpu or spec.domain.resources.limits.cpu must not be provided at the same time with spec.domain.cpu.cores when DedicatedCPUPlacement is true , Not more than two threads must be provided at spec.domain.cpu.threads (got 3) when DedicatedCPUPlacement is true',
    },
  },
  'isolateEmulatorThread without dedicated CPUs': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.cpu.isolateEmulatorThread',
        message: 'IsolateEmulatorThread should be only set in combination with DedicatedCPUPlacement',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.cpu.isolateEmulatorThread',
          message: 'IsolateEmulatorThread should be only set in combination with DedicatedCPUPlacement',
        },
      ],
      message: 'IsolateEmulatorThread should be only set in combination with DedicatedCPUPlacement',
    },
  },
  'NUMA passthrough and realtime without dedicated CPUs or hugepages': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.cpu.numa.guestMappingPassthrough',
        message:
          'spec.domain.cpu.dedicatedCpuPlacement must be set to true when NUMA topology strategy is set in spec.domain.cpu.numa.guestMappingPassthrough',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.cpu.numa.guestMappingPassthrough',
        message:
          'spec.domain.memory.hugepages must be requested when NUMA topology strategy is set in spec.domain.cpu.numa.guestMappingPassthrough',
      },
      {
        type: 'FieldValueRequired',
        field: 'spec.domain.cpu.dedicatedCpuPlacement',
        message:
          'spec.domain.cpu.dedicatedCpuPlacement must be set to true when spec.domain.cpu.realtime is used',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.cpu.numa.guestMappingPassthrough',
          message:
            'spec.domain.cpu.dedicatedCpuPlacement must be set to true when NUMA topology strategy is set in spec.domain.cpu.numa.guestMappingPassthrough',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.cpu.numa.guestMappingPassthrough',
          message:
            'spec.domain.memory.hugepages must be requested when NUMA topology strategy is set in spec.domain.cpu.numa.guestMappingPassthrough',
        },
        {
          type: 'FieldValueRequired',
          field: 'spec.domain.cpu.dedicatedCpuPlacement',
          message:
            'spec.domain.cpu.dedicatedCpuPlacement must be set to true when spec.domain.cpu.realtime is used',
        },
      ],
      message:
        'spec.domain.cpu.dedicatedCpuPlacement must be set to true when NUMA topology strategy is set in spec.domain.cpu.numa.guestMappingPassthrough, spec.domain.memory.hugepages must be requested when NUMA topology strategy is set in spec.domain.cpu.numa.guestMappingPassthrough, spec.domain.cpu.dedicatedCpuPlacement must be set to true when spec.domain.cpu.realtime is used',
    },
  },
  'more sockets than maxSockets and an unknown CPU feature policy': {
    causes: [
      {
        type: 'FieldValueNotSupported',
        field: 'spec.domain.cpu.features[0].policy',
        message: 'CPU feature pcid uses policy maybe that is not supported.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.cpu.sockets',
        message: 'Number of sockets in CPU topology is greater than the maximum sockets allowed',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueNotSupported',
          field: 'spec.domain.cpu.features[0].policy',
          message: 'CPU feature pcid uses policy maybe that is not supported.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.cpu.sockets',
          message: 'Number of sockets in CPU topology is greater than the maximum sockets allowed',
        },
      ],
      message:
        'CPU feature pcid uses policy maybe that is not supported., Number of sockets in CPU topology is greater than the maximum sockets allowed',
    },
  },
  'no memory at all': {
    causes: [
      {
        type: 'FieldValueRequired',
        field: '',
        message:
          "no memory requested, at least one of 'spec.domain.memory.guest', 'spec.domain.memory.hugepages.size' or 'spec.domain.resources.requests.memory' must be set",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueRequired',
          field: '',
          message:
            "no memory requested, at least one of 'spec.domain.memory.guest', 'spec.domain.memory.hugepages.size' or 'spec.domain.resources.requests.memory' must be set",
        },
      ],
      message:
        "no memory requested, at least one of 'spec.domain.memory.guest', 'spec.domain.memory.hugepages.size' or 'spec.domain.resources.requests.memory' must be set",
    },
  },
  'an unsupported machine type and a bad firmware serial': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.machine.type',
        message: 'spec.domain.machine.type is not supported: pc-i440fx-9.0 (allowed values: [q35* pc-q35*])',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.firmware.serial',
        message:
          'spec.domain.firmware.serial must be made up of the following characters [A-Za-z0-9_.+-], if specified',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.machine.type',
          message:
            'spec.domain.machine.type is not supported: pc-i440fx-9.0 (allowed values: [q35* pc-q35*])',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.firmware.serial',
          message:
            'spec.domain.firmware.serial must be made up of the following characters [A-Za-z0-9_.+-], if specified',
        },
      ],
      message:
        'spec.domain.machine.type is not supported: pc-i440fx-9.0 (allowed values: [q35* pc-q35*]), spec.domain.firmware.serial must be made up of the following characters [A-Za-z0-9_.+-], if specified',
    },
  },
  'EFI secure boot with SMM disabled': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain',
        message:
          'spec.domain has EFI SecureBoot enabled. SecureBoot requires SMM, which is currently disabled.',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain',
          message:
            'spec.domain has EFI SecureBoot enabled. SecureBoot requires SMM, which is currently disabled.',
        },
      ],
      message:
        'spec.domain has EFI SecureBoot enabled. SecureBoot requires SMM, which is currently disabled.',
    },
  },
  'an interface without a network': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[1].name',
        message: "spec.domain.devices.interfaces[1].name 'secondary' not found.",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[1].name',
          message: "spec.domain.devices.interfaces[1].name 'secondary' not found.",
        },
      ],
      message: "spec.domain.devices.interfaces[1].name 'secondary' not found.",
    },
  },
  'a network without an interface and without a source': {
    causes: [
      {
        type: 'FieldValueRequired',
        field: 'spec.networks[1]',
        message: 'should have a network type',
      },
      {
        type: 'FieldValueRequired',
        field: 'spec.networks[1].name',
        message: "spec.networks[1].name 'secondary' not found.",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueRequired',
          field: 'spec.networks[1]',
          message: 'should have a network type',
        },
        {
          type: 'FieldValueRequired',
          field: 'spec.networks[1].name',
          message: "spec.networks[1].name 'secondary' not found.",
        },
      ],
      message: "should have a network type, spec.networks[1].name 'secondary' not found.",
    },
  },
  'two pod networks': {
    causes: [
      {
        type: 'FieldValueDuplicate',
        field: 'spec.interfaces',
        message: 'more than one interface is connected to a pod network in spec.interfaces',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueDuplicate',
          field: 'spec.interfaces',
          message: 'more than one interface is connected to a pod network in spec.interfaces',
        },
      ],
      message: 'more than one interface is connected to a pod network in spec.interfaces',
    },
  },
  'masquerade on a Multus network with the reserved MAC': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[1].name',
        message: 'Masquerade interface only implemented with pod network',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[1].macAddress',
        message: 'The requested MAC address is reserved for the in-pod bridge. Please choose another one.',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[1].name',
          message: 'Masquerade interface only implemented with pod network',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[1].macAddress',
          message: 'The requested MAC address is reserved for the in-pod bridge. Please choose another one.',
        },
      ],
      message:
        'Masquerade interface only implemented with pod network, The requested MAC address is reserved for the in-pod bridge. Please choose another one.',
    },
  },
  'a slirp interface': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[0].slirp',
        message: 'Slirp interface support has been discontinued since v1.3',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[0].name',
        message: 'Slirp interface is not enabled in kubevirt-config',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[0].slirp',
          message: 'Slirp interface support has been discontinued since v1.3',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[0].name',
          message: 'Slirp interface is not enabled in kubevirt-config',
        },
      ],
      message:
        'Slirp interface support has been discontinued since v1.3, Slirp interface is not enabled in kubevirt-config',
    },
  },
  'bridge on the pod network when the cluster forbids it': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[0].name',
        message: 'Bridge on pod network configuration is not enabled under kubevirt-config',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[0].name',
          message: 'Bridge on pod network configuration is not enabled under kubevirt-config',
        },
      ],
      message: 'Bridge on pod network configuration is not enabled under kubevirt-config',
    },
  },
  'a binding plugin without its gate': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[0].name',
        message: 'Binding plugins feature gate is not enabled',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[0].name',
          message: 'Binding plugins feature gate is not enabled',
        },
      ],
      message: 'Binding plugins feature gate is not enabled',
    },
  },
  'bad interface fields: model, MAC, PCI address, ports, DHCP options': {
    causes: [
      {
        type: 'FieldValueNotSupported',
        field: 'spec.domain.devices.interfaces[0].model',
        message: 'interface spec.domain.devices.interfaces[0].name uses model rtl9999 that is not supported.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[0].macAddress',
        message:
          'interface spec.domain.devices.interfaces[0].name has malformed MAC address (00:11:22:33:44).',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[0].pciAddress',
        message: 'interface spec.domain.devices.interfaces[0].name has malformed PCI address (0000:00:03).',
      },
      {
        type: 'FieldValueDuplicate',
        field: 'spec.domain.devices.interfaces[0].ports[1].name',
        message: 'Duplicate name of the port: http',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[0].ports[1]',
        message: 'Port field must be in range 0 < x < 65536.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[0].ports[1].protocol',
        message: 'Unknown protocol, only TCP or UDP allowed',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec',
        message: 'provided DHCPPrivateOptions are out of range, must be in range 224 to 254',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.interfaces[0].dhcpOptions.ntpServers[0]',
        message: 'NTP servers must be a list of valid IPv4 addresses.',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueNotSupported',
          field: 'spec.domain.devices.interfaces[0].model',
          message:
            'interface spec.domain.devices.interfaces[0].name uses model rtl9999 that is not supported.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[0].macAddress',
          message:
            'interface spec.domain.devices.interfaces[0].name has malformed MAC address (00:11:22:33:44).',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[0].pciAddress',
          message: 'interface spec.domain.devices.interfaces[0].name has malformed PCI address (0000:00:03).',
        },
        {
          type: 'FieldValueDuplicate',
          field: 'spec.domain.devices.interfaces[0].ports[1].name',
          message: 'Duplicate name of the port: http',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[0].ports[1]',
          message: 'Port field must be in range 0 < x < 65536.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[0].ports[1].protocol',
          message: 'Unknown protocol, only TCP or UDP allowed',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec',
          message: 'provided DHCPPrivateOptions are out of range, must be in range 224 to 254',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.interfaces[0].dhcpOptions.ntpServers[0]',
          message: 'NTP servers must be a list of valid IPv4 addresses.',
        },
      ],
      message:
        'interface spec.domain.devices.interfaces[0].name uses model rtl9999 that is not supported., interface spec.domain.devices.interfaces[0].name has malformed MAC address (00:11:22:33:44)., interface spec.domain.devices.interfaces[0].name has malformed PCI address (0000:00:03)., Duplicate name of the port: http, Port field must be in range 0 < x < 65536., Unknown protocol, only TCP or UDP allowed, provided DHCPPrivateOptions are out of range, must be in range 224 to 254, NTP servers must be a list of valid IPv4 addresses.',
    },
  },
  'HTTP probes without a pod network': {
    causes: [
      {
        type: 'FieldValueRequired',
        field: 'spec.livenessProbe',
        message:
          'either spec.livenessProbe.tcpSocket, spec.livenessProbe.exec or spec.livenessProbe.httpGet must be set if a spec.livenessProbe is specified',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.readinessProbe.httpGet',
        message: 'spec.readinessProbe.httpGet is only allowed if the Pod Network is attached',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueRequired',
          field: 'spec.livenessProbe',
          message:
            'either spec.livenessProbe.tcpSocket, spec.livenessProbe.exec or spec.livenessProbe.httpGet must be set if a spec.livenessProbe is specified',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.readinessProbe.httpGet',
          message: 'spec.readinessProbe.httpGet is only allowed if the Pod Network is attached',
        },
      ],
      message:
        'either spec.livenessProbe.tcpSocket, spec.livenessProbe.exec or spec.livenessProbe.httpGet must be set if a spec.livenessProbe is specified, spec.readinessProbe.httpGet is only allowed if the Pod Network is attached',
    },
  },
  'host devices without the HostDevices gate': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.HostDevices',
        message: 'Host Devices feature gate is not enabled in kubevirt-config',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.HostDevices',
          message: 'Host Devices feature gate is not enabled in kubevirt-config',
        },
      ],
      message: 'Host Devices feature gate is not enabled in kubevirt-config',
    },
  },
  'two GPUs with ramfb displays': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.GPUs',
        message: 'configuring multiple displays with ramfb is not valid ',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.GPUs',
          message: 'configuring multiple displays with ramfb is not valid ',
        },
      ],
      message: 'configuring multiple displays with ramfb is not valid ',
    },
  },
  'a sound device with an unknown model and no name': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.Sound',
        message: "Sound device type is not supported. Options: 'ich9' or 'ac97'",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.Sound',
        message: 'Sound device requires a name field.',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.Sound',
          message: "Sound device type is not supported. Options: 'ich9' or 'ac97'",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.Sound',
          message: 'Sound device requires a name field.',
        },
      ],
      message:
        "Sound device type is not supported. Options: 'ich9' or 'ac97', Sound device requires a name field.",
    },
  },
  'input devices with a PS/2 bus and a mouse': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.inputs[0].bus',
        message: 'Input device can have only virtio or usb bus.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.inputs[0].type',
        message: 'Input device can have only tablet type.',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.inputs[0].bus',
          message: 'Input device can have only virtio or usb bus.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.inputs[0].type',
          message: 'Input device can have only tablet type.',
        },
      ],
      message: 'Input device can have only virtio or usb bus., Input device can have only tablet type.',
    },
  },
  'SEV without the WorkloadEncryptionSEV gate': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.launchSecurity',
        message: 'WorkloadEncryptionSEV feature gate is not enabled in kubevirt-config',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.launchSecurity',
          message: 'WorkloadEncryptionSEV feature gate is not enabled in kubevirt-config',
        },
      ],
      message: 'WorkloadEncryptionSEV feature gate is not enabled in kubevirt-config',
    },
  },
  'SEV with secure boot, attestation without Paused, a bootable NIC': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain',
        message:
          'spec.domain has EFI SecureBoot enabled. SecureBoot requires SMM, which is currently disabled.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.launchSecurity',
        message: 'SEV does not work along with SecureBoot',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.launchSecurity',
        message: "SEV attestation requires VMI StartStrategy 'Paused'",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.launchSecurity',
        message: 'SEV does not work with bootable NICs: default',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain',
          message:
            'spec.domain has EFI SecureBoot enabled. SecureBoot requires SMM, which is currently disabled.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.launchSecurity',
          message: 'SEV does not work along with SecureBoot',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.launchSecurity',
          message: "SEV attestation requires VMI StartStrategy 'Paused'",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.launchSecurity',
          message: 'SEV does not work with bootable NICs: default',
        },
      ],
      message:
        "spec.domain has EFI SecureBoot enabled. SecureBoot requires SMM, which is currently disabled., SEV does not work along with SecureBoot, SEV attestation requires VMI StartStrategy 'Paused', SEV does not work with bootable NICs: default",
    },
  },
  'VSOCK without its gate': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.autoattachVSOCK',
        message: 'VSOCK feature gate is not enabled in kubevirt-config',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.autoattachVSOCK',
          message: 'VSOCK feature gate is not enabled in kubevirt-config',
        },
      ],
      message: 'VSOCK feature gate is not enabled in kubevirt-config',
    },
  },
  'a persistent TPM and EFI without VMPersistentState': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.tpm.persistent',
        message: 'VMPersistentState feature gate is not enabled in kubevirt-config',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.firmware.bootloader.efi.persistent',
        message: 'VMPersistentState feature gate is not enabled in kubevirt-config',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.tpm.persistent',
          message: 'VMPersistentState feature gate is not enabled in kubevirt-config',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.firmware.bootloader.efi.persistent',
          message: 'VMPersistentState feature gate is not enabled in kubevirt-config',
        },
      ],
      message:
        'VMPersistentState feature gate is not enabled in kubevirt-config, VMPersistentState feature gate is not enabled in kubevirt-config',
    },
  },
  'another architecture without MultiArchitecture': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.machine.type',
        message: 'spec.domain.machine.type is not supported: q35 (allowed values: [s390-ccw-virtio*])',
      },
      {
        type: 'FieldValueRequired',
        field: 'spec.architecture',
        message:
          'MultiArchitecture feature gate is not enabled in kubevirt-config, invalid entry spec.architecture',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.machine.type',
          message: 'spec.domain.machine.type is not supported: q35 (allowed values: [s390-ccw-virtio*])',
        },
        {
          type: 'FieldValueRequired',
          field: 'spec.architecture',
          message:
            'MultiArchitecture feature gate is not enabled in kubevirt-config, invalid entry spec.architecture',
        },
      ],
      message:
        'spec.domain.machine.type is not supported: q35 (allowed values: [s390-ccw-virtio*]), MultiArchitecture feature gate is not enabled in kubevirt-config, invalid entry spec.architecture',
    },
  },
  'arm64: BIOS, host-model CPU, SATA disk, watchdog and sound': {
    causes: [
      {
        type: 'FieldValueNotSupported',
        field: 'spec.domain.firmware.bootloader.bios',
        message: 'Arm64 does not support bios boot, please change to uefi boot',
      },
      {
        type: 'FieldValueNotSupported',
        field: 'spec.domain.cpu.model',
        message: 'Arm64 not support CPU host-model',
      },
      {
        type: 'FieldValueNotSupported',
        field: 'spec.domain.devices.disks[0].disk.bus',
        message: 'Arm64 not support this disk bus type, please use virtio or scsi',
      },
      {
        type: 'FieldValueNotSupported',
        field: 'spec.domain.devices.watchdog',
        message: 'Arm64 not support Watchdog device',
      },
      {
        type: 'FieldValueNotSupported',
        field: 'spec.domain.devices.sound',
        message: 'Arm64 not support sound device',
      },
    ],
  },
  'hyperv enlightenments with a disabled dependency and hypervPassthrough': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.features.hyperv.domain.features.hyperv.synic',
        message:
          "'spec.domain.features.hyperv.domain.features.hyperv.synic' requires 'spec.domain.features.hyperv.domain.features.hyperv.vpindex', which was disabled.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.features.hyperv',
        message:
          'Cannot explicitly set hyperV features if HypervPassthrough is being used. Please use either HyperV or HypervPassthrough.',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.features.hyperv.domain.features.hyperv.synic',
          message:
            "'spec.domain.features.hyperv.domain.features.hyperv.synic' requires 'spec.domain.features.hyperv.domain.features.hyperv.vpindex', which was disabled.",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.features.hyperv',
          message:
            'Cannot explicitly set hyperV features if HypervPassthrough is being used. Please use either HyperV or HypervPassthrough.',
        },
      ],
      message:
        "'spec.domain.features.hyperv.domain.features.hyperv.synic' requires 'spec.domain.features.hyperv.domain.features.hyperv.vpindex', which was disabled., Cannot explicitly set hyperV features if HypervPassthrough is being used. Please use either HyperV or HypervPassthrough.",
    },
  },
  'a hostname and subdomain that are not DNS names': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.hostname',
        message:
          "spec.hostname does not conform to the kubernetes DNS_LABEL rules : a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.subdomain',
        message:
          "spec.subdomain does not conform to the kubernetes DNS_SUBDOMAIN rules : a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.hostname',
          message:
            "spec.hostname does not conform to the kubernetes DNS_LABEL rules : a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.subdomain',
          message:
            "spec.subdomain does not conform to the kubernetes DNS_SUBDOMAIN rules : a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        },
      ],
      message:
        "spec.hostname does not conform to the kubernetes DNS_LABEL rules : a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), spec.subdomain does not conform to the kubernetes DNS_SUBDOMAIN rules : a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    },
  },
  'dnsPolicy None without nameservers': {
    causes: [
      {
        type: 'FieldValueRequired',
        field: 'nameservers',
        message: 'must provide at least one DNS nameserver when `dnsPolicy` is None',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueRequired',
          field: 'nameservers',
          message: 'must provide at least one DNS nameserver when `dnsPolicy` is None',
        },
      ],
      message: 'must provide at least one DNS nameserver when `dnsPolicy` is None',
    },
  },
  'too many and invalid nameservers': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'nameservers',
        message: 'must not have more than 3 nameservers: [1.1.1.1 8.8.8.8 9.9.9.9 dns.example.com 10.0.0.1]',
      },
      {
        type: 'FieldValueInvalid',
        field: 'nameservers',
        message: 'must be valid IP address: dns.example.com',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'nameservers',
          message:
            'must not have more than 3 nameservers: [1.1.1.1 8.8.8.8 9.9.9.9 dns.example.com 10.0.0.1]',
        },
        {
          type: 'FieldValueInvalid',
          field: 'nameservers',
          message: 'must be valid IP address: dns.example.com',
        },
      ],
      message:
        'must not have more than 3 nameservers: [1.1.1.1 8.8.8.8 9.9.9.9 dns.example.com 10.0.0.1], must be valid IP address: dns.example.com',
    },
  },
  'node affinity with an unknown operator and a weight of zero': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field:
          'spec.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values',
        message:
          "spec.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt'",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight',
        message:
          'spec.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100',
      },
      {
        type: 'FieldValueInvalid',
        field:
          'spec.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].values',
        message:
          "spec.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field:
            'spec.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values',
          message:
            "spec.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt'",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight',
          message:
            'spec.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100',
        },
        {
          type: 'FieldValueInvalid',
          field:
            'spec.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].values',
          message:
            "spec.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
        },
      ],
      message:
        "spec.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt', spec.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100, spec.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
    },
  },
  'topology spread constraints with a zero skew and a repeated key': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.topologySpreadConstraints[0].maxSkew',
        message: 'spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}',
        message:
          'spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, DoNotSchedule}"',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.topologySpreadConstraints[0].maxSkew',
          message: 'spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}',
          message:
            'spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, DoNotSchedule}"',
        },
      ],
      message:
        'spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero, spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, DoNotSchedule}"',
    },
  },
  'an unknown eviction strategy and start strategy': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.startStrategy',
        message: 'spec.startStrategy is set with an unrecognized option: Later',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.evictionStrategy',
        message: 'spec.evictionStrategy is set with an unrecognized option: Sometimes',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.startStrategy',
          message: 'spec.startStrategy is set with an unrecognized option: Later',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.evictionStrategy',
          message: 'spec.evictionStrategy is set with an unrecognized option: Sometimes',
        },
      ],
      message:
        'spec.startStrategy is set with an unrecognized option: Later, spec.evictionStrategy is set with an unrecognized option: Sometimes',
    },
  },
  'access credentials without source or propagation method': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.accessCredentials[0].sshPublicKey.propagationMethod',
        message:
          'spec.accessCredentials[0] requires a configDrive volume to exist when the configDrive propagationMethod is in use.',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.accessCredentials[0].sshPublicKey.source',
        message: 'spec.accessCredentials[0] must have exactly one source set',
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.accessCredentials[1].userPassword.propagationMethod',
        message: 'spec.accessCredentials[1] must have exactly one propagationMethod set',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.accessCredentials[0].sshPublicKey.propagationMethod',
          message:
            'spec.accessCredentials[0] requires a configDrive volume to exist when the configDrive propagationMethod is in use.',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.accessCredentials[0].sshPublicKey.source',
          message: 'spec.accessCredentials[0] must have exactly one source set',
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.accessCredentials[1].userPassword.propagationMethod',
          message: 'spec.accessCredentials[1] must have exactly one propagationMethod set',
        },
      ],
      message:
        'spec.accessCredentials[0] requires a configDrive volume to exist when the configDrive propagationMethod is in use., spec.accessCredentials[0] must have exactly one source set, spec.accessCredentials[1] must have exactly one propagationMethod set',
    },
  },
  'reserved kubevirt.io labels from an ordinary user': {
    causes: [
      {
        type: 'FieldValueNotSupported',
        field: 'metadata.labels',
        message: 'creation of the following reserved kubevirt.io/ labels on a VMI object is prohibited',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueNotSupported',
          field: 'metadata.labels',
          message: 'creation of the following reserved kubevirt.io/ labels on a VMI object is prohibited',
        },
      ],
      message: 'creation of the following reserved kubevirt.io/ labels on a VMI object is prohibited',
    },
  },
  'hook sidecars without the Sidecar gate, ignition without its gate, a bad migration thread count': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'metadata.annotations',
        message:
          'ExperimentalIgnitionSupport feature gate is not enabled in kubevirt-config, invalid entry metadata.annotations.kubevirt.io/ignitiondata',
      },
      {
        type: 'FieldValueInvalid',
        field: 'metadata.annotations',
        message:
          'sidecar feature gate is not enabled in kubevirt-config, invalid entry metadata.annotations.hooks.kubevirt.io/hookSidecars',
      },
      {
        type: 'FieldValueInvalid',
        field: 'metadata.annotations',
        message:
          'cannot parse four to int: strconv.Atoi: parsing "four": invalid syntax, invalid entry metadata.annotations.kubevirt.io/multiThreadedQemuMigration',
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'metadata.annotations',
          message:
            'ExperimentalIgnitionSupport feature gate is not enabled in kubevirt-config, invalid entry metadata.annotations.kubevirt.io/ignitiondata',
        },
        {
          type: 'FieldValueInvalid',
          field: 'metadata.annotations',
          message:
            'sidecar feature gate is not enabled in kubevirt-config, invalid entry metadata.annotations.hooks.kubevirt.io/hookSidecars',
        },
        {
          type: 'FieldValueInvalid',
          field: 'metadata.annotations',
          message:
            'cannot parse four to int: strconv.Atoi: parsing "four": invalid syntax, invalid entry metadata.annotations.kubevirt.io/multiThreadedQemuMigration',
        },
      ],
      message:
        'ExperimentalIgnitionSupport feature gate is not enabled in kubevirt-config, invalid entry metadata.annotations.kubevirt.io/ignitiondata, sidecar feature gate is not enabled in kubevirt-config, invalid entry metadata.annotations.hooks.kubevirt.io/hookSidecars, cannot parse four to int: strconv.Atoi: parsing "four": invalid syntax, invalid entry metadata.annotations.kubevirt.io/multiThreadedQemuMigration',
    },
  },
  'more than ten causes (the response keeps ten)': {
    causes: [
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[2].name',
        message: "spec.domain.devices.disks[2].Name 'missing-0' not found.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[3].name',
        message: "spec.domain.devices.disks[3].Name 'missing-1' not found.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[4].name',
        message: "spec.domain.devices.disks[4].Name 'missing-2' not found.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[5].name',
        message: "spec.domain.devices.disks[5].Name 'missing-3' not found.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[6].name',
        message: "spec.domain.devices.disks[6].Name 'missing-4' not found.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[7].name',
        message: "spec.domain.devices.disks[7].Name 'missing-5' not found.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[8].name',
        message: "spec.domain.devices.disks[8].Name 'missing-6' not found.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[9].name',
        message: "spec.domain.devices.disks[9].Name 'missing-7' not found.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[10].name',
        message: "spec.domain.devices.disks[10].Name 'missing-8' not found.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[11].name',
        message: "spec.domain.devices.disks[11].Name 'missing-9' not found.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[12].name',
        message: "spec.domain.devices.disks[12].Name 'missing-10' not found.",
      },
      {
        type: 'FieldValueInvalid',
        field: 'spec.domain.devices.disks[13].name',
        message: "spec.domain.devices.disks[13].Name 'missing-11' not found.",
      },
    ],
    verdict: {
      allowed: false,
      causes: [
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[2].name',
          message: "spec.domain.devices.disks[2].Name 'missing-0' not found.",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[3].name',
          message: "spec.domain.devices.disks[3].Name 'missing-1' not found.",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[4].name',
          message: "spec.domain.devices.disks[4].Name 'missing-2' not found.",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[5].name',
          message: "spec.domain.devices.disks[5].Name 'missing-3' not found.",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[6].name',
          message: "spec.domain.devices.disks[6].Name 'missing-4' not found.",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[7].name',
          message: "spec.domain.devices.disks[7].Name 'missing-5' not found.",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[8].name',
          message: "spec.domain.devices.disks[8].Name 'missing-6' not found.",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[9].name',
          message: "spec.domain.devices.disks[9].Name 'missing-7' not found.",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[10].name',
          message: "spec.domain.devices.disks[10].Name 'missing-8' not found.",
        },
        {
          type: 'FieldValueInvalid',
          field: 'spec.domain.devices.disks[11].name',
          message: "spec.domain.devices.disks[11].Name 'missing-9' not found.",
        },
      ],
      message:
        "spec.domain.devices.disks[2].Name 'missing-0' not found., spec.domain.devices.disks[3].Name 'missing-1' not found., spec.domain.devices.disks[4].Name 'missing-2' not found., spec.domain.devices.disks[5].Name 'missing-3' not found., spec.domain.devices.disks[6].Name 'missing-4' not found., spec.domain.devices.disks[7].Name 'missing-5' not found., spec.domain.devices.disks[8].Name 'missing-6' not found., spec.domain.devices.disks[9].Name 'missing-7' not found., spec.domain.devices.disks[10].Name 'missing-8' not found., spec.domain.devices.disks[11].Name 'missing-9' not found., and 2 more validation errors",
    },
  },
};

describe('admitVMICreate refusals (expectations from upstream v1.4.0)', () => {
  for (const c of REFUSAL_CASES) {
    it(c.name, () => {
      const dir = join(CONFORMANCE, c.fixture);
      const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as {
        vmi: VirtualMachineInstance;
      };
      const caseJson = existsSync(join(dir, 'case.json'))
        ? (JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { arch?: Arch })
        : {};
      const fixtureKubeVirt = existsSync(join(dir, 'kubevirt.yaml'))
        ? (parse(readFileSync(join(dir, 'kubevirt.yaml'), 'utf8')) as Record<string, unknown>)
        : undefined;
      const vmi = structuredClone(expected.vmi);
      c.mutate(vmi);
      const config = new ClusterConfig({
        release: V1_4_0,
        arch: caseJson.arch ?? 'amd64',
        kubevirt: kubevirtFor(fixtureKubeVirt, c) as KubeVirt | undefined,
      });
      const want = EXPECTED[c.name];
      assert.ok(want, 'expectation present');
      const options = { userName: c.user ?? '' };
      assert.deepEqual(validateVMICreate(vmi, config, options), want.causes);
      const verdict = admitVMICreate(vmi, config, options);
      assert.equal(verdict.allowed, false);
      if (want.verdict) assert.deepEqual(verdict, want.verdict);
    });
  }
});
