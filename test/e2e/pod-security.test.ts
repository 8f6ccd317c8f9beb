// Ground truth for src/podsecurity: the kube-apiserver v1.31 (its PodSecurity admission) judges every Pod of
// the conformance corpora in namespaces labelled baseline and restricted (several versions), by a dry-run
// create; our verdict must be the same: admitted exactly when it admits, and refused with its message.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { parseLevel, parseVersion, type LevelVersion } from '../../src/podsecurity/api.js';
import { evaluatePod, violationMessage } from '../../src/podsecurity/evaluate.js';
import { podSecurityVerdict, resolvePolicy } from '../../src/podsecurity/launcher-pod.js';
import {
  createRuntimeClassesAndServiceAccounts,
  harness,
  KNOWN_REJECTED,
  Kube,
  paths,
  ROOT,
  type Cluster,
} from './support.js';

const NAMESPACES: Record<string, string> = {
  'ps-baseline': 'baseline:latest',
  'ps-restricted': 'restricted:latest',
  'ps-baseline-v1-31': 'baseline:v1.31',
  'ps-restricted-v1-31': 'restricted:v1.31',
  'ps-restricted-v1-24': 'restricted:v1.24',
  'ps-baseline-v1-18': 'baseline:v1.18',
};

function conformancePods(): { name: string; pod: Pod }[] {
  const pods: { name: string; pod: Pod }[] = [];
  for (const release of ['v1.4.0', 'v1.9.0']) {
    for (const corpus of ['cases', 'vm-cases']) {
      const dir = join(ROOT, 'fixtures/conformance', release, corpus);
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir).sort()) {
        const file = join(dir, name, 'expected.json');
        if (!existsSync(file)) continue;
        const { pod } = JSON.parse(readFileSync(file, 'utf8')) as { pod?: Pod };
        if (pod) pods.push({ name: `${release}/${corpus}/${name}`, pod });
      }
    }
  }
  return pods;
}

function levelVersion(text: string): LevelVersion {
  const [level, version] = text.split(':') as [string, string];
  return { level: parseLevel(level).value, version: parseVersion(version).value };
}

/** Namespaces with several modes: enforce refusals and warn warnings as podSecurityVerdict gives them. */
const POLICIES: Record<string, Record<string, string>> = {
  'ps-warn-restricted': {
    'pod-security.kubernetes.io/enforce': 'baseline',
    'pod-security.kubernetes.io/warn': 'restricted',
    'pod-security.kubernetes.io/warn-version': 'v1.31',
  },
  'ps-enforce-restricted': { 'pod-security.kubernetes.io/enforce': 'restricted' },
  'ps-warn-only': {
    'pod-security.kubernetes.io/warn': 'baseline',
    'pod-security.kubernetes.io/audit': 'restricted',
  },
};

/** The texts of the `299 - "..."` Warning headers of a response. */
function warnings(headers: Record<string, string | string[] | undefined> | undefined): string[] {
  const raw = headers?.warning;
  const text = Array.isArray(raw) ? raw.join(', ') : (raw ?? '');
  return [...text.matchAll(/299 - "((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

let cluster: Cluster;
let kube: Kube;
const pods = conformancePods();

/** The objects other admission plugins look up (PriorityClass, RuntimeClass, ServiceAccount). */
async function createReferencedObjects(namespaces: string[]): Promise<void> {
  const priorityClasses = new Set(pods.map(({ pod }) => pod.spec?.priorityClassName).filter(Boolean));
  for (const name of priorityClasses) {
    await kube.ok('POST', '/apis/scheduling.k8s.io/v1/priorityclasses', {
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name },
      value: 1000,
    });
  }
  const specs = pods.flatMap(({ pod }) => (pod.spec ? [pod.spec] : []));
  await createRuntimeClassesAndServiceAccounts(kube, specs, namespaces);
}

before(
  async () => {
    const h = await harness();
    // image volumes (KubeVirt v1.9.0's container disks) are alpha in v1.31: without the gate the API server
    // drops them and the Pod fails validation before PodSecurity sees it; so are DRA claims (v1.9.0's GPUs,
    // host devices and networks): without the gate they are dropped unchecked, with it they are validated
    // as by the v1.34 server of api-server-verdict (GA there)
    const start = h.cluster.startCluster as (options: object) => Promise<Cluster>;
    cluster = await start({
      apiserverArgs: ['--feature-gates=ImageVolume=true,DynamicResourceAllocation=true'],
    });
    kube = new Kube(cluster.kubeconfigPath, h.http);
    await h.cluster.createNamespace(cluster.kubeconfigPath, 'ps-privileged');
    for (const [namespace, lv] of Object.entries(NAMESPACES)) {
      const [level, version] = lv.split(':') as [string, string];
      await h.cluster.createNamespace(cluster.kubeconfigPath, namespace, {
        'pod-security.kubernetes.io/enforce': level,
        'pod-security.kubernetes.io/enforce-version': version,
      });
    }
    for (const [namespace, labels] of Object.entries(POLICIES)) {
      await h.cluster.createNamespace(cluster.kubeconfigPath, namespace, labels);
    }
    await createReferencedObjects(['ps-privileged', ...Object.keys(NAMESPACES), ...Object.keys(POLICIES)]);
  },
  { timeout: 300_000 },
);

after(async () => {
  await cluster?.stop();
});

const dryRunCreate = (namespace: string, pod: Pod) =>
  kube.request('POST', `${paths.pods(namespace)}?dryRun=All`, {
    ...pod,
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { ...pod.metadata, namespace },
  });

describe('Pod Security: our verdict is the API server’s', { timeout: 900_000 }, () => {
  it('every conformance Pod, in every labelled namespace', async (t) => {
    assert.ok(pods.length > 200, `${pods.length} Pods`);
    const mismatches: string[] = [];
    const invalid: string[] = [];
    let compared = 0;
    let refused = 0;
    for (const { name, pod } of pods) {
      // a Pod the API server refuses even where every Pod is allowed never reaches PodSecurity
      const privileged = await dryRunCreate('ps-privileged', pod);
      if (privileged.statusCode !== 201) {
        invalid.push(`${name}: HTTP ${privileged.statusCode}`);
        continue;
      }
      for (const [namespace, lvText] of Object.entries(NAMESPACES)) {
        const lv = levelVersion(lvText);
        const { aggregate } = evaluatePod(lv, pod);
        const ours = aggregate.allowed ? 'admitted' : violationMessage(lv, aggregate, 'enforce');
        const response = await dryRunCreate(namespace, pod);
        let theirs: string;
        if (response.statusCode === 201) theirs = 'admitted';
        else {
          const message = String(response.body?.message ?? '');
          theirs = message.replace(/^pods "[^"]*" is forbidden: /, '');
          assert.equal(response.statusCode, 403, `${name} in ${namespace}: ${message}`);
          refused++;
        }
        compared++;
        if (ours !== theirs) mismatches.push(`${name} at ${lvText}:\n  ours:   ${ours}\n  server: ${theirs}`);
      }
    }
    t.diagnostic(
      `${compared} verdicts compared, ${refused} refusals; not admissible anywhere: ${invalid.join(', ')}`,
    );
    assert.deepEqual(mismatches, [], mismatches.join('\n'));
    // exactly the Pods upstream renders and the API server refuses (the same list as api-server-verdict's)
    const known = Object.entries(KNOWN_REJECTED).flatMap(([release, cases]) =>
      Object.keys(cases).map((name) => `${release}/${name}: HTTP 422`),
    );
    assert.deepEqual([...invalid].sort(), known.sort(), 'Pods admissible in no namespace');
    assert.ok(refused > 0 && refused < compared, `${refused} of ${compared} refused`);
  });

  it('namespaces with enforce, warn and audit labels: refusals and warnings as we give them', async () => {
    const mismatches: string[] = [];
    let warned = 0;
    for (const { name, pod } of pods) {
      if ((await dryRunCreate('ps-privileged', pod)).statusCode !== 201) continue;
      for (const [namespace, labels] of Object.entries(POLICIES)) {
        const resolved = resolvePolicy({ metadata: { name: namespace, labels } }, undefined)!;
        const verdict = podSecurityVerdict(pod, resolved, {});
        const ours = {
          refusal: verdict.messages.find((m) => m.mode === 'enforce')?.message ?? 'admitted',
          warnings: verdict.messages.filter((m) => m.mode === 'warn').map((m) => m.message),
        };
        const response = await dryRunCreate(namespace, pod);
        const theirs = {
          refusal:
            response.statusCode === 201
              ? 'admitted'
              : String(response.body?.message ?? '').replace(/^pods "[^"]*" is forbidden: /, ''),
          warnings: warnings(
            (response as { headers?: Record<string, string | string[] | undefined> }).headers,
          ).filter((w) => w.includes('PodSecurity')),
        };
        warned += theirs.warnings.length;
        try {
          assert.deepEqual(ours, theirs);
        } catch {
          mismatches.push(
            `${name} in ${namespace}:\n  ours:   ${JSON.stringify(ours)}\n  server: ${JSON.stringify(theirs)}`,
          );
        }
      }
    }
    assert.deepEqual(mismatches, [], mismatches.join('\n'));
    assert.ok(warned > 0, 'some warnings');
  });
});
