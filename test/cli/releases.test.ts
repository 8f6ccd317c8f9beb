// Choosing the KubeVirt release: --kubevirt-version, the KubeVirt CR's status.observedKubeVirtVersion and
// spec.imageTag, the newest by default; patch releases, unsupported versions; `versions` and --version.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { BASIC_VMI, runMain, tempDir } from './in-process.js';

const temp = tempDir();
after(() => temp.cleanup());

interface Pod {
  spec: { containers: { name: string; image: string }[] };
}

const computeImage = (stdout: string): string =>
  (parse(stdout) as Pod).spec.containers.find((container) => container.name === 'compute')!.image;

function kubevirtCR(name: string, extra: Record<string, unknown>): string {
  return temp.file(
    `${name}.yaml`,
    stringify({ apiVersion: 'kubevirt.io/v1', kind: 'KubeVirt', metadata: { name: 'kubevirt' }, ...extra }),
  );
}

describe('cli: the KubeVirt release', () => {
  it('is the newest supported release by default', async () => {
    const result = await runMain(['render', BASIC_VMI]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(computeImage(result.stdout), 'quay.io/kubevirt/virt-launcher:v1.9.0');
  });

  it('is the one --kubevirt-version names', async () => {
    const result = await runMain(['render', BASIC_VMI, '--kubevirt-version', 'v1.4.0']);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(computeImage(result.stdout), 'quay.io/kubevirt/virt-launcher:v1.4.0');
    assert.equal(result.stderr, '');
  });

  it("follows the KubeVirt CR's status.observedKubeVirtVersion, before its spec.imageTag", async () => {
    const observed = kubevirtCR('observed', { spec: {}, status: { observedKubeVirtVersion: 'v1.4.0' } });
    const result = await runMain(['render', BASIC_VMI, '--cluster-config', observed]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(computeImage(result.stdout), 'quay.io/kubevirt/virt-launcher:v1.4.0');
    const both = kubevirtCR('both', {
      spec: { imageTag: 'v1.9.0' },
      status: { observedKubeVirtVersion: 'v1.4.0' },
    });
    // the image tag still names the images; the behaviour is the observed release's (v1.4.0's OVMF path)
    const mixed = await runMain(['render', BASIC_VMI, '--cluster-config', both, '-o', 'json']);
    assert.equal(mixed.status, 0, mixed.stderr);
    const pod = JSON.parse(mixed.stdout) as {
      spec: { containers: { name: string; image: string; command: string[] }[] };
    };
    const compute = pod.spec.containers.find((container) => container.name === 'compute')!;
    assert.equal(compute.image, 'quay.io/kubevirt/virt-launcher:v1.9.0');
    assert.equal(compute.command[compute.command.indexOf('--ovmf-path') + 1], '/usr/share/OVMF');
  });

  it('follows spec.imageTag when it names a supported release, and the flag wins over the CR', async () => {
    const tagged = kubevirtCR('tagged', { spec: { imageTag: 'v1.4.0' } });
    const result = await runMain(['render', BASIC_VMI, '--cluster-config', tagged]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(computeImage(result.stdout), 'quay.io/kubevirt/virt-launcher:v1.4.0');
    const flagged = await runMain([
      'render',
      BASIC_VMI,
      '--cluster-config',
      kubevirtCR('observed-new', { spec: {}, status: { observedKubeVirtVersion: 'v1.9.0' } }),
      '--kubevirt-version',
      'v1.4.0',
    ]);
    assert.equal(flagged.status, 0, flagged.stderr);
    assert.equal(computeImage(flagged.stdout), 'quay.io/kubevirt/virt-launcher:v1.4.0');
  });

  it('renders a patch release of a supported minor as that release, with a warning', async () => {
    const result = await runMain(['render', BASIC_VMI, '--kubevirt-version', 'v1.9.4']);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(computeImage(result.stdout), 'quay.io/kubevirt/virt-launcher:v1.9.0');
    assert.match(result.stderr, /warning: .*v1\.9\.4 is not reproduced exactly; rendering as v1\.9\.0/);
  });

  it('refuses an unsupported version with a usage error that lists the supported ones', async () => {
    for (const args of [
      ['--kubevirt-version', 'v1.6.0'],
      ['--cluster-config', kubevirtCR('old', { spec: {}, status: { observedKubeVirtVersion: 'v1.2.3' } })],
    ]) {
      const result = await runMain(['render', BASIC_VMI, ...args]);
      assert.equal(result.status, 2, result.stderr);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, /is not supported; supported releases: v1\.4\.0, v1\.9\.0/);
    }
  });

  it('validates against the schema of the chosen release: a v1.9-only field is unknown to v1.4.0', async () => {
    const vmi = parse(readFileSync(BASIC_VMI, 'utf8')) as { spec: { domain: Record<string, unknown> } };
    vmi.spec.domain.rebootPolicy = 'Terminate';
    const file = temp.file('reboot-policy.yaml', stringify(vmi));
    const old = await runMain(['lint', file, '--kubevirt-version', 'v1.4.0']);
    assert.match(old.stdout, /spec\.domain\.rebootPolicy.*unknown field/);
    const current = await runMain(['lint', file, '--kubevirt-version', 'v1.9.0']);
    assert.doesNotMatch(current.stdout, /rebootPolicy/);
  });

  it('`versions` lists the supported releases, as text and JSON; --version names them', async () => {
    const text = await runMain(['versions']);
    assert.equal(text.status, 0);
    assert.match(text.stdout, /^v1\.4\.0\t.*\nv1\.9\.0\t.*\(default\)\n$/);
    const json = await runMain(['versions', '-o', 'json']);
    const listed = JSON.parse(json.stdout) as { releases: { version: string; default: boolean }[] };
    assert.deepEqual(
      listed.releases.map((release) => [release.version, release.default]),
      [
        ['v1.4.0', false],
        ['v1.9.0', true],
      ],
    );
    const version = await runMain(['--version']);
    assert.match(version.stdout, /reproduces KubeVirt v1\.4\.0, v1\.9\.0/);
  });
});
