// Every Kubernetes API call `vmi-render watch` makes, in one list. The client refuses a call that is not listed
// here, and test/unit/watch/rbac.test.ts checks that deploy/ grants exactly these, so RBAC cannot drift.

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch';

export interface ApiResource {
  group: string;
  version: string;
  /** The plural resource name, as in RBAC rules and URLs. */
  resource: string;
  kind: string;
  namespaced: boolean;
}

export interface ApiCall {
  resource: ApiResource;
  /** The verbs the client sends. */
  verbs: readonly Verb[];
  /** Verbs the API server also authorizes for those calls (RBAC needs them, the client never sends them). */
  impliedVerbs?: readonly Verb[];
  /** Where the permission is needed: every watched namespace, or only the leader-election lease namespace. */
  scope: 'watched' | 'lease-namespace';
  why: string;
}

export const RESOURCES = {
  virtualMachineInstances: {
    group: 'kubevirt.io',
    version: 'v1',
    resource: 'virtualmachineinstances',
    kind: 'VirtualMachineInstance',
    namespaced: true,
  },
  kubeVirts: {
    group: 'kubevirt.io',
    version: 'v1',
    resource: 'kubevirts',
    kind: 'KubeVirt',
    namespaced: true,
  },
  persistentVolumeClaims: {
    group: '',
    version: 'v1',
    resource: 'persistentvolumeclaims',
    kind: 'PersistentVolumeClaim',
    namespaced: true,
  },
  networkAttachmentDefinitions: {
    group: 'k8s.cni.cncf.io',
    version: 'v1',
    resource: 'network-attachment-definitions',
    kind: 'NetworkAttachmentDefinition',
    namespaced: true,
  },
  configMaps: { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true },
  namespaces: { group: '', version: 'v1', resource: 'namespaces', kind: 'Namespace', namespaced: false },
  resourceQuotas: {
    group: '',
    version: 'v1',
    resource: 'resourcequotas',
    kind: 'ResourceQuota',
    namespaced: true,
  },
  pods: { group: '', version: 'v1', resource: 'pods', kind: 'Pod', namespaced: true },
  leases: {
    group: 'coordination.k8s.io',
    version: 'v1',
    resource: 'leases',
    kind: 'Lease',
    namespaced: true,
  },
} as const satisfies Record<string, ApiResource>;

export const API_CALLS: readonly ApiCall[] = [
  {
    resource: RESOURCES.virtualMachineInstances,
    verbs: ['list', 'watch'],
    scope: 'watched',
    why: 'the VMIs to render',
  },
  {
    resource: RESOURCES.kubeVirts,
    verbs: ['list', 'watch'],
    scope: 'watched',
    why: 'the cluster configuration',
  },
  { resource: RESOURCES.persistentVolumeClaims, verbs: ['list', 'watch'], scope: 'watched', why: 'volumes' },
  {
    resource: RESOURCES.networkAttachmentDefinitions,
    verbs: ['list', 'watch'],
    scope: 'watched',
    why: 'Multus networks',
  },
  {
    resource: RESOURCES.configMaps,
    verbs: ['list', 'watch'],
    scope: 'watched',
    why: 'hook sidecar ConfigMaps',
  },
  {
    resource: RESOURCES.namespaces,
    verbs: ['list', 'watch'],
    scope: 'watched',
    why: 'namespace labels (auto limits)',
  },
  {
    resource: RESOURCES.resourceQuotas,
    verbs: ['list', 'watch'],
    scope: 'watched',
    why: 'auto resource limits',
  },
  {
    resource: RESOURCES.pods,
    verbs: ['list', 'watch', 'patch'],
    // a server-side apply that creates the object is authorized as `create` as well as `patch`
    impliedVerbs: ['create'],
    scope: 'watched',
    why: 'existing launcher Pods (safety rule) and server-side apply of the rendered Pod',
  },
  {
    resource: RESOURCES.leases,
    verbs: ['get', 'create', 'update'],
    scope: 'lease-namespace',
    why: 'leader election',
  },
];

export function isDeclared(resource: ApiResource, verb: Verb): boolean {
  return API_CALLS.some(
    (call) =>
      call.resource.group === resource.group &&
      call.resource.resource === resource.resource &&
      call.verbs.includes(verb),
  );
}

/** Every verb RBAC must grant for a call. */
export const rbacVerbs = (call: ApiCall): Verb[] => [...call.verbs, ...(call.impliedVerbs ?? [])];

/** The URL path of a collection or of one object. */
export function resourcePath(resource: ApiResource, namespace?: string, name?: string): string {
  const base = resource.group ? `/apis/${resource.group}/${resource.version}` : `/api/${resource.version}`;
  const ns = resource.namespaced && namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  const object = name === undefined ? '' : `/${encodeURIComponent(name)}`;
  return `${base}${ns}/${resource.resource}${object}`;
}

export const resourceLabel = (resource: ApiResource): string =>
  resource.group ? `${resource.resource}.${resource.group}` : resource.resource;
