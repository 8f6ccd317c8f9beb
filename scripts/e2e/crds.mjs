// CustomResourceDefinitions the e2e tests need (KubeVirt core +
// instancetype API, Multus NetworkAttachmentDefinition), built from the
// upstream openAPIV3Schemas vendored in schemas/kubevirt/<release>/ (the newest
// release's by default), and a small create-or-replace helper. Node builtins only.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kubeRequest, loadKubeconfig, sleep } from './kube-http.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCHEMAS = path.resolve(HERE, '../../schemas/kubevirt');
/** The newest release's CRD schemas (what a cluster of the default release serves). */
export const SCHEMA_DIR = path.join(
  SCHEMAS,
  readdirSync(SCHEMAS)
    .filter((name) => /^v\d+\.\d+\.\d+$/.test(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .pop(),
);

function schemaFor(kind, schemaDir) {
  const file = path.join(schemaDir, `${kind.toLowerCase()}.json`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const age = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };
const phase = { name: 'Phase', type: 'string', jsonPath: '.status.phase' };
const ready = { name: 'Ready', type: 'string', jsonPath: ".status.conditions[?(@.type=='Ready')].status" };

function crd({
  group,
  version,
  kind,
  plural,
  singular,
  shortNames,
  scope,
  categories,
  statusSubresource,
  columns,
  schema,
  labels,
}) {
  const v = { name: version, served: true, storage: true, schema: { openAPIV3Schema: schema } };
  if (statusSubresource) v.subresources = { status: {} };
  if (columns?.length) v.additionalPrinterColumns = columns;
  const names = { plural, singular, kind, listKind: `${kind}List` };
  if (shortNames?.length) names.shortNames = shortNames;
  if (categories?.length) names.categories = categories;
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}`, labels: labels || {} },
    spec: { group, names, scope, versions: [v], conversion: { strategy: 'None' } },
  };
}

/**
 * CRDs for VirtualMachineInstance, VirtualMachine, KubeVirt (kubevirt.io/v1),
 * the four instancetype.kubevirt.io/v1beta1 kinds, and
 * NetworkAttachmentDefinition (k8s.cni.cncf.io/v1).
 *
 * Only the storage version of each is served (upstream KubeVirt also serves
 * kubevirt.io/v1alpha3 and instancetype v1alpha1/v1alpha2).
 *
 * @param {object} [opts]
 * @param {string} [opts.schemaDir]              default <repo>/schemas/kubevirt/<newest release>
 * @param {boolean} [opts.vmiStatusSubresource=true]  NOTE: upstream KubeVirt's VMI
 *   CRD has NO status subresource (virt-controller/virt-handler write status with
 *   ordinary updates); pass false to mirror upstream exactly.
 * @param {boolean} [opts.networkAttachmentDefinition=true]
 */
export function kubevirtCrdManifests(opts = {}) {
  const schemaDir = opts.schemaDir || SCHEMA_DIR;
  const vmiStatus = opts.vmiStatusSubresource ?? true;
  const kv = { 'app.kubernetes.io/component': 'kubevirt', 'vmi-render.e2e/crd': 'true' };
  const out = [
    crd({
      group: 'kubevirt.io',
      version: 'v1',
      kind: 'VirtualMachineInstance',
      plural: 'virtualmachineinstances',
      singular: 'virtualmachineinstance',
      shortNames: ['vmi', 'vmis'],
      scope: 'Namespaced',
      categories: ['all'],
      statusSubresource: vmiStatus,
      labels: kv,
      columns: [
        age,
        phase,
        { name: 'IP', type: 'string', jsonPath: '.status.interfaces[0].ipAddress' },
        { name: 'NodeName', type: 'string', jsonPath: '.status.nodeName' },
        ready,
        {
          name: 'Live-Migratable',
          type: 'string',
          jsonPath: ".status.conditions[?(@.type=='LiveMigratable')].status",
          priority: 1,
        },
        {
          name: 'Paused',
          type: 'string',
          jsonPath: ".status.conditions[?(@.type=='Paused')].status",
          priority: 1,
        },
      ],
      schema: schemaFor('VirtualMachineInstance', schemaDir),
    }),
    crd({
      group: 'kubevirt.io',
      version: 'v1',
      kind: 'VirtualMachine',
      plural: 'virtualmachines',
      singular: 'virtualmachine',
      shortNames: ['vm', 'vms'],
      scope: 'Namespaced',
      categories: ['all'],
      statusSubresource: true,
      labels: kv,
      columns: [
        age,
        {
          name: 'Status',
          type: 'string',
          jsonPath: '.status.printableStatus',
          description: 'Human Readable Status',
        },
        ready,
      ],
      schema: schemaFor('VirtualMachine', schemaDir),
    }),
    crd({
      group: 'kubevirt.io',
      version: 'v1',
      kind: 'KubeVirt',
      plural: 'kubevirts',
      singular: 'kubevirt',
      shortNames: ['kv', 'kvs'],
      scope: 'Namespaced',
      categories: ['all'],
      statusSubresource: true,
      labels: { 'operator.kubevirt.io': '', 'vmi-render.e2e/crd': 'true' },
      columns: [age, phase],
      schema: schemaFor('KubeVirt', schemaDir),
    }),
    crd({
      group: 'instancetype.kubevirt.io',
      version: 'v1beta1',
      kind: 'VirtualMachineInstancetype',
      plural: 'virtualmachineinstancetypes',
      singular: 'virtualmachineinstancetype',
      shortNames: ['vminstancetype', 'vminstancetypes', 'vmf', 'vmfs'],
      scope: 'Namespaced',
      categories: ['all'],
      labels: kv,
      schema: schemaFor('VirtualMachineInstancetype', schemaDir),
    }),
    crd({
      group: 'instancetype.kubevirt.io',
      version: 'v1beta1',
      kind: 'VirtualMachineClusterInstancetype',
      plural: 'virtualmachineclusterinstancetypes',
      singular: 'virtualmachineclusterinstancetype',
      shortNames: ['vmclusterinstancetype', 'vmclusterinstancetypes', 'vmcf', 'vmcfs'],
      scope: 'Cluster',
      labels: kv,
      schema: schemaFor('VirtualMachineClusterInstancetype', schemaDir),
    }),
    crd({
      group: 'instancetype.kubevirt.io',
      version: 'v1beta1',
      kind: 'VirtualMachinePreference',
      plural: 'virtualmachinepreferences',
      singular: 'virtualmachinepreference',
      shortNames: ['vmpref', 'vmprefs', 'vmp', 'vmps'],
      scope: 'Namespaced',
      categories: ['all'],
      labels: kv,
      schema: schemaFor('VirtualMachinePreference', schemaDir),
    }),
    crd({
      group: 'instancetype.kubevirt.io',
      version: 'v1beta1',
      kind: 'VirtualMachineClusterPreference',
      plural: 'virtualmachineclusterpreferences',
      singular: 'virtualmachineclusterpreference',
      shortNames: ['vmcp', 'vmcps'],
      scope: 'Cluster',
      labels: kv,
      schema: schemaFor('VirtualMachineClusterPreference', schemaDir),
    }),
  ];
  if (opts.networkAttachmentDefinition ?? true) out.push(networkAttachmentDefinitionCrd());
  return out;
}

/** Multus' NetworkAttachmentDefinition CRD (k8s.cni.cncf.io/v1). */
export function networkAttachmentDefinitionCrd() {
  return crd({
    group: 'k8s.cni.cncf.io',
    version: 'v1',
    kind: 'NetworkAttachmentDefinition',
    plural: 'network-attachment-definitions',
    singular: 'network-attachment-definition',
    shortNames: ['net-attach-def'],
    scope: 'Namespaced',
    labels: { 'vmi-render.e2e/crd': 'true' },
    schema: {
      description:
        'NetworkAttachmentDefinition is a CRD schema specified by the Network Plumbing Working Group to express the intent for attaching pods to one or more logical or physical networks.',
      type: 'object',
      properties: {
        apiVersion: { type: 'string' },
        kind: { type: 'string' },
        metadata: { type: 'object' },
        spec: {
          description: 'NetworkAttachmentDefinition spec defines the desired state of a network attachment',
          type: 'object',
          properties: {
            config: {
              description: 'NetworkAttachmentDefinition config is a JSON-formatted CNI configuration',
              type: 'string',
            },
          },
          'x-kubernetes-preserve-unknown-fields': true,
        },
      },
    },
  });
}

// ------------------------------------------------------------ apply

/** Resolves kind -> REST path via API discovery (cached per group/version). */
class Discovery {
  constructor(creds) {
    this.creds = creds;
    this.cache = new Map();
  }

  async resource(apiVersion, kind, { refresh = false } = {}) {
    if (refresh || !this.cache.has(apiVersion)) {
      const p = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
      const r = await kubeRequest(this.creds, 'GET', p);
      this.cache.set(apiVersion, r.statusCode === 200 ? r.body.resources || [] : []);
    }
    return this.cache.get(apiVersion).find((res) => res.kind === kind && !res.name.includes('/'));
  }

  async pathFor(obj, { withName = true } = {}) {
    let res = await this.resource(obj.apiVersion, obj.kind);
    if (!res) res = await this.resource(obj.apiVersion, obj.kind, { refresh: true });
    if (!res) return undefined;
    const base = obj.apiVersion.includes('/') ? `/apis/${obj.apiVersion}` : `/api/${obj.apiVersion}`;
    const ns = res.namespaced ? `/namespaces/${encodeURIComponent(obj.metadata.namespace || 'default')}` : '';
    return `${base}${ns}/${res.name}${withName ? `/${encodeURIComponent(obj.metadata.name)}` : ''}`;
  }
}

async function createOrReplace(creds, disco, obj, deadline) {
  for (;;) {
    const collection = await disco.pathFor(obj, { withName: false });
    if (!collection) {
      if (Date.now() > deadline) throw new Error(`no API resource for ${obj.apiVersion} ${obj.kind}`);
      await sleep(250); // e.g. a CRD that just became Established
      continue;
    }
    const created = await kubeRequest(creds, 'POST', collection, obj);
    if (created.statusCode === 201 || created.statusCode === 200) return created.body;
    if (created.statusCode === 409) {
      const item = `${collection}/${encodeURIComponent(obj.metadata.name)}`;
      const cur = await kubeRequest(creds, 'GET', item);
      if (cur.statusCode !== 200) throw new Error(`GET ${item}: HTTP ${cur.statusCode}`);
      const next = {
        ...obj,
        metadata: { ...obj.metadata, resourceVersion: cur.body.metadata.resourceVersion },
      };
      const put = await kubeRequest(creds, 'PUT', item, next);
      if (put.statusCode === 200) return put.body;
      if (put.statusCode === 409 && Date.now() < deadline) continue; // raced: retry
      throw new Error(`PUT ${item}: HTTP ${put.statusCode} ${JSON.stringify(put.body?.message ?? put.body)}`);
    }
    if (created.statusCode === 404 && Date.now() < deadline) {
      await sleep(250);
      continue;
    }
    throw new Error(
      `create ${obj.kind} ${obj.metadata.name}: HTTP ${created.statusCode} ${JSON.stringify(created.body?.message ?? created.body)}`,
    );
  }
}

/** Wait until the named CRDs report Established=True. */
export async function waitForCrdsEstablished(kubeconfigPath, names, { timeoutMs = 60_000 } = {}) {
  const creds = typeof kubeconfigPath === 'string' ? loadKubeconfig(kubeconfigPath) : kubeconfigPath;
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(names);
  while (pending.size) {
    for (const name of [...pending]) {
      const r = await kubeRequest(
        creds,
        'GET',
        `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`,
      );
      const conds = r.body?.status?.conditions || [];
      const cond = (t) => conds.find((c) => c.type === t);
      if (cond('NamesAccepted')?.status === 'False')
        throw new Error(`CRD ${name}: names not accepted: ${cond('NamesAccepted').message}`);
      if (cond('Established')?.status === 'True') pending.delete(name);
    }
    if (!pending.size) break;
    if (Date.now() > deadline)
      throw new Error(`CRDs not Established after ${timeoutMs} ms: ${[...pending].join(', ')}`);
    await sleep(200);
  }
}

/**
 * Create (or replace, if they exist) each object; CustomResourceDefinitions
 * first, then wait for them to be Established, then everything else (which
 * may be instances of those CRDs). Resource paths come from API discovery.
 *
 * @param {string|object} kubeconfigPath  kubeconfig path (or creds from kube-http.mjs)
 * @param {object[]} objects
 * @param {{ timeoutMs?: number }} [opts]
 * @returns {Promise<object[]>} the objects as returned by the server, in input order
 */
export async function applyManifests(kubeconfigPath, objects, opts = {}) {
  const creds = typeof kubeconfigPath === 'string' ? loadKubeconfig(kubeconfigPath) : kubeconfigPath;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  const disco = new Discovery(creds);
  const isCrd = (o) =>
    o.kind === 'CustomResourceDefinition' && String(o.apiVersion).startsWith('apiextensions.k8s.io/');
  const results = new Array(objects.length);
  const crdNames = [];
  for (const [i, o] of objects.entries()) {
    if (!isCrd(o)) continue;
    results[i] = await createOrReplace(creds, disco, o, deadline);
    crdNames.push(o.metadata.name);
  }
  if (crdNames.length)
    await waitForCrdsEstablished(creds, crdNames, { timeoutMs: Math.max(1000, deadline - Date.now()) });
  for (const [i, o] of objects.entries()) {
    if (isCrd(o)) continue;
    results[i] = await createOrReplace(creds, disco, o, deadline);
  }
  return results;
}

/** Convenience: install all CRDs from kubevirtCrdManifests(opts) and wait. */
export async function installKubevirtCrds(kubeconfigPath, opts = {}) {
  return applyManifests(kubeconfigPath, kubevirtCrdManifests(opts), opts);
}
