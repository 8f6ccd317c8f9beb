// The API server's own verdict on every Pod vmi-render prints: each conformance case that yields a Pod is
// rendered through the CLI and submitted, exactly as printed, to a real kube-apiserver (server-side dry run,
// strict field validation) of the Kubernetes minor that KubeVirt release is built against. The kubectl
// pipelines of the README run against the same server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { caseArgs, type Expected } from '../support/conformance-args.js';
import { BIN, harness, KNOWN_REJECTED, Kube, ROOT, type Cluster } from './support.js';

interface PrintedPod {
  apiVersion?: string;
  kind?: string;
  metadata: { namespace?: string; generateName?: string; name?: string };
  spec: { serviceAccountName?: string; priorityClassName?: string; runtimeClassName?: string };
}

/** The Kubernetes build each release's Pods are checked against, and the gates its Pods rely on. */
const SERVERS: Record<string, { binDirVariable: string; apiserverArgs: string[] }> = {
  'v1.4.0': { binDirVariable: 'VMI_RENDER_E2E_BIN_DIR', apiserverArgs: [] },
  'v1.9.0': {
    binDirVariable: 'VMI_RENDER_E2E_BIN_DIR_V1_34',
    apiserverArgs: ['--feature-gates=ImageVolume=true'],
  },
};

const FIXTURES = join(ROOT, 'fixtures', 'conformance');

function cli(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    ...(input !== undefined ? { input } : {}),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function renderedCases(release: string): { name: string; pod: PrintedPod; printed: string }[] {
  const rendered = [];
  for (const corpus of ['cases', 'vm-cases']) {
    const base = join(FIXTURES, release, corpus);
    for (const entry of readdirSync(base).sort()) {
      const dir = join(base, entry);
      if (!existsSync(join(dir, 'expected.json'))) continue;
      const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Expected;
      if (expected.pod === undefined) continue;
      const result = cli(caseArgs(dir, release));
      assert.equal(result.status, 0, `${release}/${corpus}/${entry}: ${result.stderr}`);
      rendered.push({
        name: `${corpus}/${entry}`,
        pod: JSON.parse(result.stdout) as PrintedPod,
        printed: result.stdout,
      });
    }
  }
  return rendered;
}

for (const release of Object.keys(SERVERS)) {
  const server = SERVERS[release]!;
  describe(`KubeVirt ${release} Pods against the API server`, { timeout: 600_000 }, () => {
    let cluster: Cluster;
    let kube: Kube;
    let kubectl: string;
    const namespaces = new Set<string>();
    const createNamespace = async (name: string): Promise<void> => {
      if (namespaces.has(name)) return;
      namespaces.add(name);
      await (await harness()).cluster.createNamespace(cluster.kubeconfigPath, name);
    };

    before(async () => {
      const h = await harness();
      const binDir = process.env[server.binDirVariable];
      assert.ok(binDir, `${server.binDirVariable} is not set (scripts/e2e/run.mjs sets it)`);
      kubectl = join(binDir, 'kubectl');
      cluster = await h.cluster.startCluster({ binDir, apiserverArgs: server.apiserverArgs });
      kube = new Kube(cluster.kubeconfigPath, h.http);
    });

    after(async () => {
      await cluster?.stop();
    });

    it('accepts every conformance Pod exactly as printed (server-side dry run, strict fields)', async () => {
      const rendered = renderedCases(release);
      assert.ok(rendered.length > 50, `only ${rendered.length} Pods rendered`);
      const made = new Set<string>();
      const ensure = async (key: string, path: string, body: object): Promise<void> => {
        if (made.has(key)) return;
        made.add(key);
        await kube.ok('POST', path, body);
      };
      const problems: string[] = [];
      for (const { name, pod, printed } of rendered) {
        assert.equal(pod.apiVersion, 'v1', `${name}: apiVersion`);
        assert.equal(pod.kind, 'Pod', `${name}: kind`);
        const namespace = pod.metadata.namespace;
        assert.ok(namespace, `${name}: metadata.namespace`);
        await createNamespace(namespace);
        const {
          serviceAccountName: account,
          priorityClassName: priority,
          runtimeClassName: runtime,
        } = pod.spec;
        if (account && account !== 'default')
          await ensure(`sa/${namespace}/${account}`, `/api/v1/namespaces/${namespace}/serviceaccounts`, {
            metadata: { name: account },
          });
        if (priority)
          await ensure(`pc/${priority}`, '/apis/scheduling.k8s.io/v1/priorityclasses', {
            metadata: { name: priority },
            value: 1000,
          });
        if (runtime)
          await ensure(`rc/${runtime}`, '/apis/node.k8s.io/v1/runtimeclasses', {
            metadata: { name: runtime },
            handler: runtime,
          });
        const response = await kube.request(
          'POST',
          `/api/v1/namespaces/${namespace}/pods?dryRun=All&fieldValidation=Strict`,
          JSON.parse(printed),
        );
        const reason = JSON.stringify(response.body?.message ?? response.body);
        const known = KNOWN_REJECTED[release]![name];
        if (known) {
          if (response.statusCode === 201) problems.push(`${name} is listed as rejected but was accepted`);
          else if (!reason.includes(known)) problems.push(`${name}: rejected for another reason: ${reason}`);
        } else if (response.statusCode !== 201) {
          problems.push(`${name}: HTTP ${response.statusCode}: ${reason}`);
        }
      }
      assert.deepEqual(problems, []);
    });

    it('takes the README pipelines: kubectl create and apply --server-side, YAML and JSON, several VMIs', async () => {
      const dir = join(FIXTURES, release, 'cases');
      const one = join(dir, '001-containerdisk-cloudinit-nocloud', 'vmi.yaml');
      const other = join(dir, '004-cpu-topology-sockets-cores-threads', 'vmi.yaml');
      await createNamespace('default');
      const pipelines: [string, string[], string[]][] = [
        ['create, YAML', [one], ['create', '--dry-run=server', '-f', '-']],
        ['create, JSON', [one, '-o', 'json'], ['create', '--dry-run=server', '-f', '-']],
        ['create, several VMIs', [one, other], ['create', '--dry-run=server', '-f', '-']],
        [
          'create, several VMIs as a JSON List',
          [one, other, '-o', 'json'],
          ['create', '--dry-run=server', '-f', '-'],
        ],
        [
          'apply, stable names',
          [one, other, '--pod-name', 'stable'],
          ['apply', '--server-side', '--dry-run=server', '-f', '-'],
        ],
        [
          'apply, stable names, JSON',
          [one, other, '--pod-name', 'stable', '-o', 'json'],
          ['apply', '--server-side', '--dry-run=server', '-f', '-'],
        ],
      ];
      for (const [what, renderArgs, kubectlArgs] of pipelines) {
        const rendered = cli(['render', '--kubevirt-version', release, ...renderArgs]);
        assert.equal(rendered.status, 0, `${what}: ${rendered.stderr}`);
        const applied = spawnSync(kubectl, ['--kubeconfig', cluster.kubeconfigPath, ...kubectlArgs], {
          input: rendered.stdout,
          encoding: 'utf8',
        });
        assert.equal(applied.status, 0, `${what}: kubectl ${kubectlArgs.join(' ')}: ${applied.stderr}`);
        const count = renderArgs.filter((arg) => arg.endsWith('.yaml')).length;
        assert.equal(
          applied.stdout
            .trim()
            .split('\n')
            .filter((line) => /^pod\/\S+ (created|serverside-applied) \(server dry run\)$/.test(line)).length,
          count,
          `${what}: ${applied.stdout}`,
        );
      }
    });
  });
}
