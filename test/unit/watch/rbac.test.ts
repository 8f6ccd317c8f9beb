// deploy/ grants exactly the API calls `vmi-render watch` makes (src/watch/api-calls.ts), no more, no less,
// and the Deployment runs it the way the RBAC assumes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { API_CALLS, rbacVerbs } from '../../../src/watch/api-calls.js';
import { DEFAULT_LEASE_NAME } from '../../../src/watch/command.js';

const DEPLOY = fileURLToPath(new URL('../../../../deploy/', import.meta.url));

interface Rule {
  apiGroups?: string[];
  resources?: string[];
  verbs?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Manifest = Record<string, any>;

const manifests: Manifest[] = readdirSync(DEPLOY)
  .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
  .flatMap((file) =>
    parseAllDocuments(readFileSync(`${DEPLOY}${file}`, 'utf8')).map((document) => {
      assert.deepEqual(document.errors, [], `${file} parses`);
      return document.toJS() as Manifest;
    }),
  )
  .filter((object) => object);

const find = (kind: string): Manifest[] => manifests.filter((object) => object.kind === kind);
const one = (kind: string): Manifest => {
  const found = find(kind);
  assert.equal(found.length, 1, `exactly one ${kind} in deploy/`);
  return found[0]!;
};

/** Every (group, resource, verb) a set of rules grants; resourceNames-restricted grants are marked. */
function grants(rules: Rule[]): Map<string, { restrictedTo?: string[] }> {
  const out = new Map<string, { restrictedTo?: string[] }>();
  for (const rule of rules) {
    assert.equal(rule.nonResourceURLs, undefined, 'no non-resource URLs');
    for (const group of rule.apiGroups ?? []) {
      for (const resource of rule.resources ?? []) {
        for (const verb of rule.verbs ?? []) {
          assert.ok(![group, resource, verb].includes('*'), `no wildcards (${group}/${resource}/${verb})`);
          out.set(
            `${group}|${resource}|${verb}`,
            rule.resourceNames ? { restrictedTo: rule.resourceNames } : {},
          );
        }
      }
    }
  }
  return out;
}

const needed = (scope: 'watched' | 'lease-namespace'): Set<string> =>
  new Set(
    API_CALLS.filter((call) => call.scope === scope).flatMap((call) =>
      rbacVerbs(call).map((verb) => `${call.resource.group}|${call.resource.resource}|${verb}`),
    ),
  );

describe('deploy/ RBAC', () => {
  const serviceAccount = one('ServiceAccount');
  const deployment = one('Deployment');
  const namespace = deployment.metadata.namespace as string;

  it('the ClusterRole grants exactly the cluster-wide calls', () => {
    const role = one('ClusterRole');
    assert.deepEqual([...grants(role.rules).keys()].sort(), [...needed('watched')].sort());
    for (const [grant, { restrictedTo }] of grants(role.rules)) assert.equal(restrictedTo, undefined, grant);
  });

  it('the Role in the controller namespace grants exactly the leader-election calls, on the one Lease', () => {
    const role = one('Role');
    assert.equal(role.metadata.namespace, namespace);
    const granted = grants(role.rules);
    assert.deepEqual([...granted.keys()].sort(), [...needed('lease-namespace')].sort());
    for (const [grant, { restrictedTo }] of granted) {
      if (grant.endsWith('|create')) continue; // create cannot be restricted by name
      assert.deepEqual(restrictedTo, [DEFAULT_LEASE_NAME], grant);
    }
  });

  it('the bindings give the roles to the Deployment service account', () => {
    const subject = {
      kind: 'ServiceAccount',
      name: serviceAccount.metadata.name,
      namespace: serviceAccount.metadata.namespace,
    };
    const clusterBinding = one('ClusterRoleBinding');
    assert.deepEqual(clusterBinding.roleRef, {
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'ClusterRole',
      name: one('ClusterRole').metadata.name,
    });
    assert.deepEqual(clusterBinding.subjects, [subject]);
    const binding = one('RoleBinding');
    assert.equal(binding.metadata.namespace, namespace);
    assert.deepEqual(binding.roleRef, {
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'Role',
      name: one('Role').metadata.name,
    });
    assert.deepEqual(binding.subjects, [subject]);
    assert.equal(serviceAccount.metadata.namespace, namespace);
    assert.equal(deployment.spec.template.spec.serviceAccountName, serviceAccount.metadata.name);
  });

  it('the Deployment runs two replicas of watch with leader election, all namespaces, and probes on the health address', () => {
    assert.equal(deployment.spec.replicas, 2);
    const container = deployment.spec.template.spec.containers[0];
    const args = container.args as string[];
    assert.equal(args[0], 'watch');
    assert.ok(args.includes('--leader-elect'));
    assert.ok(args.includes('--all-namespaces') || args.includes('-A'));
    const lease = args.find((arg) => arg.startsWith('--lease-namespace='));
    assert.ok(
      lease === undefined || lease === '--lease-namespace=$(POD_NAMESPACE)',
      'the lease lives where the Role is',
    );
    const health = args.find((arg) => arg.startsWith('--health-addr='));
    assert.ok(health, '--health-addr');
    const port = Number(health.split(':').at(-1));
    const portNamed = (container.ports as { name: string; containerPort: number }[]).find(
      (p) => p.containerPort === port,
    );
    assert.ok(portNamed, 'the health port is declared');
    for (const probe of [container.livenessProbe, container.readinessProbe]) {
      assert.ok(probe?.httpGet, 'an HTTP probe');
      assert.ok(probe.httpGet.port === port || probe.httpGet.port === portNamed.name);
    }
    assert.equal(container.livenessProbe.httpGet.path, '/healthz');
    assert.equal(container.readinessProbe.httpGet.path, '/readyz');
  });

  it('every call the client may make is in the list, with a reason', () => {
    for (const call of API_CALLS) {
      assert.ok(call.verbs.length > 0);
      assert.ok(call.why.length > 0);
    }
  });
});
