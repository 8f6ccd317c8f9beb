// The policy of a namespace (labels over the --pod-security default), and the verdict on launcher Pods: which
// modes report, and the VMI field each violation is located at.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Namespace, Pod } from 'kubernetes-types/core/v1.js';
import {
  aggregateErrors,
  formatLevelVersion,
  LATEST,
  policyToEvaluate,
  v1,
} from '../../../src/podsecurity/api.js';
import {
  parsePodSecurityFlag,
  podSecurityVerdict,
  resolvePolicy,
} from '../../../src/podsecurity/launcher-pod.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

interface LabelCase {
  labels: Record<string, string>;
  enforce: string;
  audit: string;
  warn: string;
  errors?: string[];
}

const namespace = (labels?: Record<string, string>): Namespace => ({
  metadata: { name: 'default', ...(labels ? { labels } : {}) },
});

describe('podsecurity: namespace labels (upstream PolicyToEvaluate)', () => {
  const { cases } = JSON.parse(read('fixtures/podsecurity/namespace-labels.json')) as { cases: LabelCase[] };
  for (const expected of cases) {
    it(JSON.stringify(expected.labels), () => {
      const { policy, errors } = policyToEvaluate(expected.labels);
      assert.equal(formatLevelVersion(policy.enforce), expected.enforce);
      assert.equal(formatLevelVersion(policy.audit), expected.audit);
      assert.equal(formatLevelVersion(policy.warn), expected.warn);
      const upstream = expected.errors ?? [];
      assert.deepEqual(errors, upstream.slice(0, -1));
      if (errors.length) assert.equal(`aggregate: ${aggregateErrors(errors)}`, upstream[upstream.length - 1]);
    });
  }
});

describe('podsecurity: --pod-security and the policy that applies', () => {
  it('parses LEVEL[:VERSION]', () => {
    assert.deepEqual(parsePodSecurityFlag('restricted'), { level: 'restricted', version: LATEST });
    assert.deepEqual(parsePodSecurityFlag('baseline:v1.31'), { level: 'baseline', version: v1(31) });
    assert.deepEqual(parsePodSecurityFlag('baseline:latest'), { level: 'baseline', version: LATEST });
    assert.match(parsePodSecurityFlag('strict') as string, /LEVEL one of privileged, baseline, restricted/);
    assert.match(parsePodSecurityFlag('baseline:1.31') as string, /"latest" or "v1.x"/);
    // Go's Atoi: up to the int64 maximum
    assert.deepEqual(parsePodSecurityFlag('baseline:v1.9223372036854775807'), {
      level: 'baseline',
      version: v1(Number(2n ** 63n - 1n)),
    });
    assert.match(parsePodSecurityFlag('baseline:v1.9223372036854775808') as string, /"latest" or "v1.x"/);
    assert.match(parsePodSecurityFlag('baseline:v1.31:x') as string, /LEVEL\[:VERSION\]/);
  });

  it('nothing to check without a Namespace and without a default', () => {
    assert.equal(resolvePolicy(undefined, undefined), undefined);
  });

  it('the default is the enforce level of namespaces whose labels do not say otherwise', () => {
    const flag = { level: 'baseline' as const, version: v1(31) };
    const alone = resolvePolicy(undefined, flag)!.policy;
    assert.equal(formatLevelVersion(alone.enforce), 'baseline:v1.31');
    assert.equal(formatLevelVersion(alone.warn), 'privileged:latest');
    assert.equal(formatLevelVersion(resolvePolicy(namespace(), flag)!.policy.enforce), 'baseline:v1.31');
    const labelled = resolvePolicy(namespace({ 'pod-security.kubernetes.io/enforce': 'restricted' }), flag)!;
    assert.equal(formatLevelVersion(labelled.policy.enforce), 'restricted:v1.31');
    assert.equal(formatLevelVersion(labelled.policy.warn), 'restricted:v1.31');
    const privileged = resolvePolicy(
      namespace({ 'pod-security.kubernetes.io/enforce': 'privileged' }),
      flag,
    )!;
    assert.equal(formatLevelVersion(privileged.policy.enforce), 'privileged:v1.31');
  });
});

const CASE = 'fixtures/conformance/v1.4.0/cases/029-virtiofs-pvc-with-feature-gate';
const virtiofsPod = (JSON.parse(read(`${CASE}/expected.json`)) as { pod: Pod }).pod;
const virtiofsVMI = parse(read(`${CASE}/vmi.yaml`)) as object;

describe('podsecurity: verdict on a launcher Pod', () => {
  it('locates violations at the VMI field a container comes from; the Pod as a whole at the document', () => {
    const resolved = resolvePolicy(undefined, { level: 'restricted', version: v1(31) })!;
    const verdict = podSecurityVerdict(virtiofsPod, resolved, virtiofsVMI);
    assert.equal(verdict.messages.length, 1);
    assert.equal(verdict.messages[0]!.mode, 'enforce');
    assert.match(
      verdict.messages[0]!.message,
      /^violates PodSecurity "restricted:v1\.31": allowPrivilegeEscalation != false \(container "virtiofs-shared-data"/,
    );
    const at = verdict.violations.map((violation) => violation.location.text);
    assert.deepEqual(at, ['', 'spec.domain.devices.filesystems[0]']);
    const [pod, filesystem] = verdict.violations;
    // seccompProfile is left unset for the Pod: said once, at the document, with every container
    assert.match(
      pod!.message,
      /^violates PodSecurity "restricted:v1\.31": seccompProfile \(pod or containers "container-disk-binary", .*"virtiofs-shared-data"/,
    );
    assert.doesNotMatch(pod!.message, /allowPrivilegeEscalation/);
    assert.match(
      filesystem!.message,
      /^violates PodSecurity "restricted:v1\.31": allowPrivilegeEscalation != false \(container "virtiofs-shared-data" must set securityContext.allowPrivilegeEscalation=false\), unrestricted capabilities/,
    );
    assert.doesNotMatch(filesystem!.message, /seccompProfile/);
    assert.deepEqual(filesystem!.location.path, ['spec', 'domain', 'devices', 'filesystems', 0]);
  });

  it('in a VM, at the field of its template', () => {
    const resolved = resolvePolicy(undefined, { level: 'restricted', version: LATEST })!;
    const vm = { spec: { template: virtiofsVMI } };
    const verdict = podSecurityVerdict(virtiofsPod, resolved, vm.spec.template, ['spec', 'template']);
    assert.deepEqual(
      verdict.violations.map((violation) => violation.location.text),
      ['', 'spec.template.spec.domain.devices.filesystems[0]'],
    );
  });

  it('a Pod that fails only as a whole: one violation with upstream message exactly', () => {
    const expected = JSON.parse(read('fixtures/podsecurity/conformance-pods.json')) as {
      cases: { case: string; verdicts: Record<string, string> }[];
    };
    const name = 'v1.4.0/cases/001-containerdisk-cloudinit-nocloud';
    const pod = (JSON.parse(read(`fixtures/conformance/${name}/expected.json`)) as { pod: Pod }).pod;
    const verdict = podSecurityVerdict(
      pod,
      resolvePolicy(undefined, { level: 'restricted', version: LATEST })!,
      {},
    );
    const upstream = expected.cases.find((c) => c.case === name)!.verdicts['restricted:latest'];
    assert.deepEqual(
      verdict.violations.map((v) => [v.location.text, v.message]),
      [['', upstream]],
    );
  });

  it('warn is not evaluated when enforce refuses; a mode at a level and version already reported is not repeated', () => {
    const labels = {
      'pod-security.kubernetes.io/enforce': 'restricted',
      'pod-security.kubernetes.io/audit': 'restricted',
      'pod-security.kubernetes.io/warn': 'baseline',
    };
    const verdict = podSecurityVerdict(
      virtiofsPod,
      resolvePolicy(namespace(labels), undefined)!,
      virtiofsVMI,
    );
    assert.deepEqual(
      verdict.messages.map((m) => m.mode),
      ['enforce'],
    );
    const lenient = {
      'pod-security.kubernetes.io/enforce': 'baseline',
      'pod-security.kubernetes.io/audit': 'restricted',
      'pod-security.kubernetes.io/warn': 'restricted',
      'pod-security.kubernetes.io/warn-version': 'v1.30',
    };
    const second = podSecurityVerdict(
      virtiofsPod,
      resolvePolicy(namespace(lenient), undefined)!,
      virtiofsVMI,
    );
    assert.deepEqual(
      second.messages.map((m) => [m.mode, formatLevelVersion(m.levelVersion)]),
      [
        ['audit', 'restricted:latest'],
        ['warn', 'restricted:v1.30'],
      ],
    );
    assert.match(second.messages[0]!.message, /^would violate PodSecurity "restricted:latest": /);
  });

  it('unparsable labels: upstream field errors, and an unknown enforce level enforces restricted', () => {
    const verdict = podSecurityVerdict(
      virtiofsPod,
      resolvePolicy(namespace({ 'pod-security.kubernetes.io/enforce': 'strict' }), undefined)!,
      virtiofsVMI,
    );
    assert.deepEqual(verdict.labelErrors, [
      'metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted',
    ]);
    assert.equal(formatLevelVersion(verdict.messages[0]!.levelVersion), 'restricted:latest');
  });

  it('finds the field of each kind of container and volume KubeVirt adds', () => {
    const privileged = (name: string) => ({ name, securityContext: { privileged: true } });
    const pod: Pod = {
      metadata: {},
      spec: {
        initContainers: [privileged('volumekernel-boot-volume-init')],
        containers: [
          { name: 'compute' },
          privileged('volumerootdisk'),
          privileged('hook-sidecar-0'),
          privileged('hook-sidecar-1'),
          privileged('virtiofs-share'),
          privileged('extra'),
        ],
        volumes: [
          { name: 'host', hostPath: { path: '/data' } },
          { name: 'launcher-x', hostPath: { path: '/x' } },
        ],
      },
    };
    const vmi = {
      metadata: { annotations: { 'hooks.kubevirt.io/hookSidecars': '[{"image": "hook"}]' } },
      spec: {
        volumes: [
          { name: 'rootdisk', containerDisk: { image: 'disk' } },
          { name: 'host', hostDisk: { path: '/data/disk.img', type: 'Disk' } },
        ],
        domain: {
          firmware: { kernelBoot: { container: { image: 'kernel' } } },
          devices: {
            filesystems: [{ name: 'share', virtiofs: {} }],
            interfaces: [
              { name: 'default', masquerade: {} },
              { name: 'net1', binding: { name: 'plugin' } },
            ],
          },
        },
      },
    };
    const verdict = podSecurityVerdict(
      pod,
      resolvePolicy(undefined, { level: 'baseline', version: LATEST })!,
      vmi,
    );
    const detail = (message: string) => message.replace(/^violates PodSecurity "baseline:latest": /, '');
    assert.deepEqual(
      verdict.violations.map((violation) => [violation.location.text, detail(violation.message)]),
      [
        [
          '',
          'hostPath volumes (volume "launcher-x"), privileged (container "extra" must not set securityContext.privileged=true)',
        ],
        [
          'spec.domain.firmware.kernelBoot.container',
          'privileged (container "volumekernel-boot-volume-init" must not set securityContext.privileged=true)',
        ],
        [
          'spec.volumes[0]',
          'privileged (container "volumerootdisk" must not set securityContext.privileged=true)',
        ],
        [
          'metadata.annotations[hooks.kubevirt.io/hookSidecars]',
          'privileged (container "hook-sidecar-0" must not set securityContext.privileged=true)',
        ],
        [
          'spec.domain.devices.interfaces[1]',
          'privileged (container "hook-sidecar-1" must not set securityContext.privileged=true)',
        ],
        [
          'spec.domain.devices.filesystems[0]',
          'privileged (container "virtiofs-share" must not set securityContext.privileged=true)',
        ],
        ['spec.volumes[1]', 'hostPath volumes (volume "host")'],
      ],
    );
    assert.deepEqual(verdict.violations[3]!.location.path, [
      'metadata',
      'annotations',
      'hooks.kubevirt.io/hookSidecars',
    ]);
  });
});
