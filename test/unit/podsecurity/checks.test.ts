// The checks one by one, with cases of upstream's unit test tables (policy/check_*_test.go), and the registry:
// which checks apply at a level and version, and in which order their reasons are reported.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { LATEST, v1, type Level, type Version } from '../../../src/podsecurity/api.js';
import type { Check, CheckResult } from '../../../src/podsecurity/checks.js';
import { aggregateCheckResults, forbiddenDetail, forbiddenReason } from '../../../src/podsecurity/checks.js';
import { evaluator } from '../../../src/podsecurity/evaluate.js';
import { checkAllowPrivilegeEscalation } from '../../../src/podsecurity/check-allow-privilege-escalation.js';
import { checkAppArmorProfile } from '../../../src/podsecurity/check-app-armor-profile.js';
import { checkCapabilitiesBaseline } from '../../../src/podsecurity/check-capabilities-baseline.js';
import { checkCapabilitiesRestricted } from '../../../src/podsecurity/check-capabilities-restricted.js';
import { checkHostNamespaces } from '../../../src/podsecurity/check-host-namespaces.js';
import { checkHostPathVolumes } from '../../../src/podsecurity/check-host-path-volumes.js';
import { checkHostPorts } from '../../../src/podsecurity/check-host-ports.js';
import { checkPrivileged } from '../../../src/podsecurity/check-privileged.js';
import { checkProcMount } from '../../../src/podsecurity/check-proc-mount.js';
import { checkRestrictedVolumes } from '../../../src/podsecurity/check-restricted-volumes.js';
import { checkRunAsNonRoot } from '../../../src/podsecurity/check-run-as-non-root.js';
import { checkRunAsUser } from '../../../src/podsecurity/check-run-as-user.js';
import { checkSELinuxOptions } from '../../../src/podsecurity/check-se-linux-options.js';
import { checkSeccompBaseline } from '../../../src/podsecurity/check-seccomp-profile-baseline.js';
import { checkSeccompProfileRestricted } from '../../../src/podsecurity/check-seccomp-profile-restricted.js';
import { checkSysctls } from '../../../src/podsecurity/check-sysctls.js';
import { checkWindowsHostProcess } from '../../../src/podsecurity/check-windows-host-process.js';

/** The check's revision in force at `minor` run on the Pod. */
function run(check: Check, pod: Pod, minor = 31): CheckResult {
  const revision = [...check.versions]
    .reverse()
    .find((r) => !r.minimumVersion.latest && r.minimumVersion.minor <= minor);
  assert.ok(revision, `${check.id} has no revision at v1.${minor}`);
  return revision.checkPod(pod.metadata ?? {}, pod.spec ?? { containers: [] });
}

function forbids(result: CheckResult, reason: string, detail: string): void {
  assert.equal(result.allowed, false);
  assert.equal(result.forbiddenReason, reason);
  assert.equal(result.forbiddenDetail, detail);
}

const pod = (spec: Pod['spec'], metadata: Pod['metadata'] = {}): Pod => ({ metadata, spec });

describe('podsecurity: checks (upstream test tables)', () => {
  it('allowPrivilegeEscalation: unset and true fail, false passes; windows Pods pass from v1.25', () => {
    const p = pod({
      containers: [
        { name: 'a' },
        { name: 'b', securityContext: {} },
        { name: 'c', securityContext: { allowPrivilegeEscalation: true } },
        { name: 'd', securityContext: { allowPrivilegeEscalation: false } },
      ],
    });
    const detail = 'containers "a", "b", "c" must set securityContext.allowPrivilegeEscalation=false';
    forbids(run(checkAllowPrivilegeEscalation, p), 'allowPrivilegeEscalation != false', detail);
    const windows = pod({ ...p.spec!, os: { name: 'windows' } });
    assert.equal(run(checkAllowPrivilegeEscalation, windows, 25).allowed, true);
    forbids(run(checkAllowPrivilegeEscalation, windows, 24), 'allowPrivilegeEscalation != false', detail);
  });

  it('appArmorProfile: fields and annotations', () => {
    forbids(
      run(
        checkAppArmorProfile,
        pod({ containers: [], securityContext: { appArmorProfile: { type: 'Unconfined' } } }),
      ),
      'forbidden AppArmor profile',
      'pod must not set AppArmor profile type to "Unconfined"',
    );
    const annotations = {
      'container.apparmor.security.beta.kubernetes.io/': 'bogus',
      'container.apparmor.security.beta.kubernetes.io/a': '',
      'container.apparmor.security.beta.kubernetes.io/b': 'runtime/default',
      'container.apparmor.security.beta.kubernetes.io/c': 'localhost/',
      'container.apparmor.security.beta.kubernetes.io/d': 'localhost/foo',
      'container.apparmor.security.beta.kubernetes.io/e': 'unconfined',
      'container.apparmor.security.beta.kubernetes.io/f': 'unknown',
    };
    forbids(
      run(checkAppArmorProfile, pod({ containers: [] }, { annotations })),
      'forbidden AppArmor profiles',
      'annotations must not set AppArmor profile type to ' +
        [
          '"container.apparmor.security.beta.kubernetes.io/="bogus""',
          '"container.apparmor.security.beta.kubernetes.io/e="unconfined""',
          '"container.apparmor.security.beta.kubernetes.io/f="unknown""',
        ].join(', '),
    );
  });

  it('capabilities_baseline: only the default set may be added', () => {
    const p = pod({
      containers: [
        { name: 'a', securityContext: { capabilities: { add: ['FOO', 'BAR'] } } },
        { name: 'b', securityContext: { capabilities: { add: ['BAR', 'BAZ'] } } },
        { name: 'c', securityContext: { capabilities: { add: ['NET_RAW', 'CHOWN'] } } },
      ],
    });
    forbids(
      run(checkCapabilitiesBaseline, p),
      'non-default capabilities',
      'containers "a", "b", "c" must not include "BAR", "BAZ", "FOO", "NET_RAW" in securityContext.capabilities.add',
    );
  });

  it('capabilities_restricted: drop ALL, add only NET_BIND_SERVICE', () => {
    const p = pod({
      containers: [
        { name: 'a', securityContext: { capabilities: { add: ['FOO', 'BAR'] } } },
        { name: 'b', securityContext: { capabilities: { add: ['BAR', 'BAZ'], drop: ['FOO'] } } },
        {
          name: 'c',
          securityContext: { capabilities: { add: ['NET_BIND_SERVICE', 'CHOWN'], drop: ['ALL'] } },
        },
        { name: 'd', securityContext: { capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] } } },
      ],
    });
    forbids(
      run(checkCapabilitiesRestricted, p),
      'unrestricted capabilities',
      'containers "a", "b" must set securityContext.capabilities.drop=["ALL"]; containers "a", "b", "c" must not include "BAR", "BAZ", "CHOWN", "FOO" in securityContext.capabilities.add',
    );
    forbids(
      run(checkCapabilitiesRestricted, pod({ containers: [{ name: 'a' }] })),
      'unrestricted capabilities',
      'container "a" must set securityContext.capabilities.drop=["ALL"]',
    );
  });

  it('hostNamespaces, hostPathVolumes, hostPorts, privileged, procMount', () => {
    forbids(
      run(checkHostNamespaces, pod({ containers: [], hostNetwork: true, hostPID: true, hostIPC: true })),
      'host namespaces',
      'hostNetwork=true, hostPID=true, hostIPC=true',
    );
    forbids(
      run(
        checkHostPathVolumes,
        pod({
          containers: [],
          volumes: [
            { name: 'a', hostPath: { path: '/' } },
            { name: 'b', emptyDir: {} },
            { name: 'c', hostPath: { path: '/' } },
          ],
        }),
      ),
      'hostPath volumes',
      'volumes "a", "c"',
    );
    forbids(
      run(
        checkHostPorts,
        pod({
          containers: [
            { name: 'a', ports: [{ containerPort: 1, hostPort: 0 }] },
            {
              name: 'b',
              ports: [
                { containerPort: 1, hostPort: 0 },
                { containerPort: 1, hostPort: 10 },
                { containerPort: 1, hostPort: 20 },
              ],
            },
            {
              name: 'c',
              ports: [
                { containerPort: 1, hostPort: 0 },
                { containerPort: 1, hostPort: 10 },
                { containerPort: 1, hostPort: 30 },
              ],
            },
          ],
        }),
      ),
      'hostPort',
      'containers "b", "c" use hostPorts 10, 20, 30',
    );
    forbids(
      run(
        checkPrivileged,
        pod({
          containers: [
            { name: 'a', securityContext: { privileged: false } },
            { name: 'b', securityContext: { privileged: true } },
          ],
        }),
      ),
      'privileged',
      'container "b" must not set securityContext.privileged=true',
    );
    forbids(
      run(
        checkProcMount,
        pod({
          containers: [
            { name: 'a', securityContext: { procMount: 'Default' } },
            { name: 'b', securityContext: { procMount: 'Unmasked' } },
            { name: 'c', securityContext: { procMount: 'other' } },
          ],
        }),
      ),
      'procMount',
      'containers "b", "c" must not set securityContext.procMount to "Unmasked", "other"',
    );
  });

  it('restrictedVolumes: names the restricted types, anything unknown (like image) as "unknown"', () => {
    const p = pod({
      containers: [],
      volumes: [
        { name: 'ok', persistentVolumeClaim: { claimName: 'x' } },
        { name: 'host', hostPath: { path: '/' } },
        { name: 'nfs', nfs: { server: 's', path: '/' } },
        { name: 'image', image: { reference: 'x' } } as never,
        { name: 'none' },
      ],
    });
    forbids(
      run(checkRestrictedVolumes, p),
      'restricted volume types',
      'volumes "host", "nfs", "image", "none" use restricted volume types "hostPath", "nfs", "unknown"',
    );
  });

  it('runAsNonRoot: explicit false before implicit unset', () => {
    forbids(
      run(checkRunAsNonRoot, pod({ containers: [{ name: 'a' }] })),
      'runAsNonRoot != true',
      'pod or container "a" must set securityContext.runAsNonRoot=true',
    );
    forbids(
      run(checkRunAsNonRoot, pod({ securityContext: { runAsNonRoot: false }, containers: [{ name: 'a' }] })),
      'runAsNonRoot != true',
      'pod must not set securityContext.runAsNonRoot=false',
    );
    const p = pod({
      securityContext: { runAsNonRoot: true },
      containers: [
        { name: 'a' },
        { name: 'c', securityContext: { runAsNonRoot: false } },
        { name: 'd', securityContext: { runAsNonRoot: false } },
        { name: 'e', securityContext: { runAsNonRoot: true } },
      ],
    });
    forbids(
      run(checkRunAsNonRoot, p),
      'runAsNonRoot != true',
      'containers "c", "d" must not set securityContext.runAsNonRoot=false',
    );
  });

  it('runAsUser: 0 in the Pod or a container', () => {
    forbids(
      run(
        checkRunAsUser,
        pod({
          securityContext: { runAsUser: 0 },
          containers: [
            { name: 'a', securityContext: { runAsUser: 0 } },
            { name: 'b', securityContext: { runAsUser: 1 } },
          ],
        }),
      ),
      'runAsUser=0',
      'pod and container "a" must not set runAsUser=0',
    );
  });

  it('seLinuxOptions: types, user and role; container_engine_t from v1.31', () => {
    const p = pod({
      securityContext: { seLinuxOptions: { type: 'foo', user: 'bar', role: 'baz' } },
      containers: [
        { name: 'a', securityContext: { seLinuxOptions: { type: 'container_t' } } },
        { name: 'd', securityContext: { seLinuxOptions: { type: 'container_engine_t' } } },
        { name: 'e', securityContext: { seLinuxOptions: { type: 'bar' } } },
        { name: 'f', securityContext: { seLinuxOptions: { user: 'bar' } } },
        { name: 'g', securityContext: { seLinuxOptions: { role: 'baz' } } },
      ],
    });
    forbids(
      run(checkSELinuxOptions, p),
      'seLinuxOptions',
      'pod and containers "e", "f", "g" set forbidden securityContext.seLinuxOptions: types "bar", "foo"; user may not be set; role may not be set',
    );
    forbids(
      run(checkSELinuxOptions, p, 30),
      'seLinuxOptions',
      'pod and containers "d", "e", "f", "g" set forbidden securityContext.seLinuxOptions: types "bar", "container_engine_t", "foo"; user may not be set; role may not be set',
    );
  });

  it('seccompProfile: annotations before v1.19, fields from v1.19; restricted requires a profile', () => {
    const annotated = pod(
      { containers: [{ name: 'a' }, { name: 'b' }] },
      {
        annotations: {
          'seccomp.security.alpha.kubernetes.io/pod': 'unconfined',
          'container.seccomp.security.alpha.kubernetes.io/a': 'runtime/default',
          'container.seccomp.security.alpha.kubernetes.io/b': 'bogus',
        },
      },
    );
    forbids(
      run(checkSeccompBaseline, annotated, 18),
      'seccompProfile',
      'forbidden annotations container.seccomp.security.alpha.kubernetes.io/b="bogus", seccomp.security.alpha.kubernetes.io/pod="unconfined"',
    );
    assert.equal(run(checkSeccompBaseline, annotated, 19).allowed, true);
    const unconfined = pod({
      securityContext: { seccompProfile: { type: 'Unconfined' } },
      containers: [{ name: 'a', securityContext: { seccompProfile: { type: 'Unconfined' } } }, { name: 'b' }],
    });
    forbids(
      run(checkSeccompBaseline, unconfined),
      'seccompProfile',
      'pod and container "a" must not set securityContext.seccompProfile.type to "Unconfined"',
    );
    forbids(
      run(
        checkSeccompProfileRestricted,
        pod({
          containers: [
            { name: 'a' },
            { name: 'b', securityContext: { seccompProfile: { type: 'RuntimeDefault' } } },
          ],
        }),
      ),
      'seccompProfile',
      'pod or container "a" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"',
    );
    assert.equal(
      run(
        checkSeccompProfileRestricted,
        pod({ securityContext: { seccompProfile: { type: 'Localhost' } }, containers: [{ name: 'a' }] }),
      ).allowed,
      true,
    );
  });

  it('sysctls: the safe set grows in v1.27 and v1.29', () => {
    const p = (name: string) => pod({ containers: [], securityContext: { sysctls: [{ name, value: '1' }] } });
    forbids(
      run(
        checkSysctls,
        pod({
          containers: [],
          securityContext: {
            sysctls: [
              { name: 'a', value: '1' },
              { name: 'b', value: '1' },
            ],
          },
        }),
      ),
      'forbidden sysctls',
      'a, b',
    );
    forbids(
      run(checkSysctls, p('net.ipv4.ip_local_reserved_ports'), 26),
      'forbidden sysctls',
      'net.ipv4.ip_local_reserved_ports',
    );
    assert.equal(run(checkSysctls, p('net.ipv4.ip_local_reserved_ports'), 27).allowed, true);
    forbids(
      run(checkSysctls, p('net.ipv4.tcp_keepalive_time'), 28),
      'forbidden sysctls',
      'net.ipv4.tcp_keepalive_time',
    );
    assert.equal(run(checkSysctls, p('net.ipv4.tcp_keepalive_time'), 29).allowed, true);
  });

  it('windowsHostProcess', () => {
    forbids(
      run(
        checkWindowsHostProcess,
        pod({
          securityContext: { windowsOptions: { hostProcess: true } },
          containers: [
            { name: 'a', securityContext: { windowsOptions: { hostProcess: true } } },
            { name: 'b', securityContext: { windowsOptions: { hostProcess: false } } },
          ],
        }),
      ),
      'hostProcess',
      'pod and container "a" must not set securityContext.windowsOptions.hostProcess=true',
    );
  });
});

describe('podsecurity: registry', () => {
  const ids = (level: Level, version: Version) =>
    evaluator()
      .checksFor({ level, version })
      .map((check) => check.id);

  it('privileged has no checks; v1.31 is the newest version any check names', () => {
    assert.deepEqual(ids('privileged', LATEST), []);
    assert.deepEqual(evaluator().maxVersion, v1(31));
    assert.deepEqual(ids('restricted', v1(99)), ids('restricted', LATEST));
    assert.deepEqual(ids('restricted', LATEST), ids('restricted', v1(31)));
  });

  it('baseline checks first, then restricted, each by ID in Go string order; overridden baseline checks left out', () => {
    assert.deepEqual(ids('baseline', LATEST), [
      'appArmorProfile',
      'capabilities_baseline',
      'hostNamespaces',
      'hostPathVolumes',
      'hostPorts',
      'privileged',
      'procMount',
      'seLinuxOptions',
      'seccompProfile_baseline',
      'sysctls',
      'windowsHostProcess',
    ]);
    assert.deepEqual(ids('restricted', LATEST), [
      'appArmorProfile',
      'hostNamespaces',
      'hostPorts',
      'privileged',
      'procMount',
      'seLinuxOptions',
      'sysctls',
      'windowsHostProcess',
      'allowPrivilegeEscalation',
      'capabilities_restricted',
      'restrictedVolumes',
      'runAsNonRoot',
      'runAsUser',
      'seccompProfile_restricted',
    ]);
  });

  it("each check's minimum version: restricted v1.0 vs v1.8, v1.19, v1.22, v1.23", () => {
    const restricted0 = ids('restricted', v1(0));
    assert.ok(
      restricted0.includes('seccompProfile_baseline') && restricted0.includes('capabilities_baseline'),
    );
    assert.ok(!restricted0.includes('hostPathVolumes') && !restricted0.includes('allowPrivilegeEscalation'));
    assert.ok(ids('restricted', v1(8)).includes('allowPrivilegeEscalation'));
    assert.ok(ids('restricted', v1(19)).includes('seccompProfile_restricted'));
    assert.ok(!ids('restricted', v1(19)).includes('seccompProfile_baseline'));
    assert.ok(!ids('restricted', v1(21)).includes('capabilities_restricted'));
    assert.ok(ids('restricted', v1(22)).includes('capabilities_restricted'));
    assert.ok(!ids('restricted', v1(22)).includes('runAsUser'));
    assert.ok(ids('restricted', v1(23)).includes('runAsUser'));
  });

  it('aggregates reasons and details as upstream: details in parentheses, a missing reason named', () => {
    const aggregate = aggregateCheckResults([
      { allowed: false, forbiddenReason: 'host ports', forbiddenDetail: '8080, 9090' },
      { allowed: true },
      { allowed: false, forbiddenReason: 'privileged containers' },
      { allowed: false },
    ]);
    assert.equal(forbiddenReason(aggregate), 'host ports, privileged containers, unknown forbidden reason');
    assert.equal(
      forbiddenDetail(aggregate),
      'host ports (8080, 9090), privileged containers, unknown forbidden reason',
    );
  });
});
