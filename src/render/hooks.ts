// Hook sidecars requested through the hooks.kubevirt.io/hookSidecars annotation.
// upstream: pkg/hooks/hooks.go, pkg/virt-controller/services/sidecar.go
import type { KubeVirtConfiguration, VirtualMachineInstance } from '../types/kubevirt.js';
import { RenderError } from '../errors.js';
import { GoJSONError, goUnmarshal, type GoType } from '../util/go/json.js';

export const HOOK_SIDECAR_LIST_ANNOTATION_NAME = 'hooks.kubevirt.io/hookSidecars';
export const HOOK_SOCKETS_SHARED_DIRECTORY = '/var/run/kubevirt-hooks';
/** upstream v1.9.0: hooks.ContainerNameEnvVar, hooks.NetworkBindingPluginNameEnvVar */
export const CONTAINER_NAME_ENV_VAR = 'CONTAINER_NAME';
export const NETWORK_BINDING_PLUGIN_NAME_ENV_VAR = 'NETWORK_BINDING_PLUGIN_NAME';

/** upstream: hooks.ConfigMap — a script from a ConfigMap key mounted into the sidecar at hookPath. */
export interface HookConfigMap {
  name: string;
  key: string;
  hookPath: string;
}

/** upstream: hooks.PVC — a PVC mounted into the sidecar (and optionally into compute). */
export interface HookPVC {
  name: string;
  volumePath: string;
  sharedComputePath: string;
}

/**
 * upstream: hooks.HookSidecar (JSON shape; downwardAPI and networkBindingPluginName are not part of the JSON,
 * binding plugins set them).
 */
export interface HookSidecar {
  image?: string;
  imagePullPolicy?: string;
  command?: string[];
  args?: string[];
  configMap?: HookConfigMap;
  pvc?: HookPVC;
  /** v1.NetworkBindingDownwardAPIType, e.g. 'device-info'. */
  downwardAPI?: string;
  /** The binding plugin that asked for the sidecar (v1.9.0 passes it in NETWORK_BINDING_PLUGIN_NAME). */
  networkBindingPluginName?: string;
}

/** upstream: services.SidecarCreatorFunc */
export type SidecarCreator = (vmi: VirtualMachineInstance, config: KubeVirtConfiguration) => HookSidecar[];

const STRING: GoType = { kind: 'string', name: 'string' };
const STRINGS: GoType = { kind: 'slice', name: '[]string', elem: STRING };

const CONFIG_MAP_TYPE = {
  kind: 'struct',
  name: 'hooks.ConfigMap',
  fields: [
    { json: 'name', type: STRING },
    { json: 'key', type: STRING },
    { json: 'hookPath', type: STRING },
  ],
} as const satisfies GoType;

const PVC_TYPE = {
  kind: 'struct',
  name: 'hooks.PVC',
  fields: [
    { json: 'name', type: STRING },
    { json: 'volumePath', type: STRING },
    { json: 'sharedComputePath', type: STRING },
  ],
} as const satisfies GoType;

const HOOK_SIDECAR_TYPE: GoType = {
  kind: 'struct',
  name: 'hooks.HookSidecar',
  fields: [
    { json: 'image', type: STRING },
    { json: 'imagePullPolicy', type: { kind: 'string', name: 'v1.PullPolicy' } },
    { json: 'command', type: STRINGS },
    { json: 'args', type: STRINGS },
    { json: 'configMap', type: { kind: 'pointer', elem: CONFIG_MAP_TYPE } },
    { json: 'pvc', type: { kind: 'pointer', elem: PVC_TYPE } },
  ],
};

const HOOK_SIDECAR_LIST_TYPE: GoType = {
  kind: 'slice',
  name: 'hooks.HookSidecarList',
  elem: HOOK_SIDECAR_TYPE,
};

/**
 * The sidecars requested by the VMI's hooks.kubevirt.io/hookSidecars annotation (empty when absent).
 * Decoding follows Go's encoding/json, and failures throw RenderError with Go's message text.
 */
// upstream: hooks.UnmarshalHookSidecarList
export function unmarshalHookSidecarList(vmi: VirtualMachineInstance): HookSidecar[] {
  const annotations = vmi.metadata?.annotations ?? {};
  if (!Object.hasOwn(annotations, HOOK_SIDECAR_LIST_ANNOTATION_NAME)) return [];
  const raw = annotations[HOOK_SIDECAR_LIST_ANNOTATION_NAME] ?? '';
  try {
    const decoded = goUnmarshal(raw, HOOK_SIDECAR_LIST_TYPE, []) as HookSidecar[] | undefined;
    return decoded ?? [];
  } catch (error) {
    if (error instanceof GoJSONError) throw new RenderError(error.message);
    throw error;
  }
}
