// Located, human-readable schema issues for bad inputs; Kubernetes schema extensions; guards and speed.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { KubeVirtRelease } from '../../../src/release/release.js';
import {
  formatPath,
  MAX_DEPTH,
  SCHEMA_KINDS,
  schemaKindFor,
  validateDocument,
  type SchemaIssue,
  type SchemaKind,
} from '../../../src/schema/validate.js';
import { checkDocument } from '../../../src/schema/document-check.js';

type Obj = Record<string, unknown>;

function vmi(spec: Obj = {}, metadata: Obj = { name: 'testvmi', namespace: 'default' }): Obj {
  return {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstance',
    metadata,
    spec: {
      domain: {
        devices: { disks: [{ name: 'rootdisk', disk: { bus: 'virtio' } }] },
        resources: { requests: { memory: '2Gi' } },
      },
      volumes: [{ name: 'rootdisk', containerDisk: { image: 'quay.io/containerdisks/fedora:40' } }],
      ...spec,
    },
  };
}

function domain(extra: Obj): Obj {
  return {
    devices: { disks: [{ name: 'rootdisk', disk: { bus: 'virtio' } }] },
    resources: { requests: { memory: '2Gi' } },
    ...extra,
  };
}

const errors = (issues: SchemaIssue[]) => issues.filter((i) => i.severity === 'error');
const warnings = (issues: SchemaIssue[]) => issues.filter((i) => i.severity === 'warning');

/** Asserts exactly one issue of that severity, at `path`, whose message is `message`. */
function expectOne(
  kind: SchemaKind,
  doc: unknown,
  severity: 'error' | 'warning',
  path: (string | number)[],
  message: string,
) {
  const issues = validateDocument(kind, doc);
  const rendered = issues.map((i) => `${i.severity} ${formatPath(i.path)}: ${i.message}`).join('\n');
  assert.deepEqual(issues, [{ path, message, severity }], rendered);
}

describe('schema: validateDocument messages', () => {
  it('accepts a minimal VMI', () => {
    assert.deepEqual(validateDocument('VirtualMachineInstance', vmi()), []);
  });

  it('wrong type', () => {
    expectOne(
      'VirtualMachineInstance',
      vmi({ domain: domain({ cpu: { cores: 'two' } }) }),
      'error',
      ['spec', 'domain', 'cpu', 'cores'],
      'must be integer, got string "two"',
    );
    expectOne(
      'VirtualMachineInstance',
      vmi({ domain: domain({ cpu: { sockets: 1.5 } }) }),
      'error',
      ['spec', 'domain', 'cpu', 'sockets'],
      'must be integer, got number 1.5',
    );
    expectOne(
      'VirtualMachineInstance',
      vmi({ volumes: 'rootdisk' }),
      'error',
      ['spec', 'volumes'],
      'must be array, got string "rootdisk"',
    );
  });

  it('bad quantity (CRD int-or-string quantity)', () => {
    const doc = vmi();
    ((doc.spec as Obj).domain as Obj).resources = { requests: { memory: '1Gix' } };
    expectOne(
      'VirtualMachineInstance',
      doc,
      'error',
      ['spec', 'domain', 'resources', 'requests', 'memory'],
      '"1Gix" is not a valid quantity',
    );
    expectOne(
      'VirtualMachineInstance',
      vmi({ domain: domain({ memory: { guest: '1.2.3Gi' } }) }),
      'error',
      ['spec', 'domain', 'memory', 'guest'],
      '"1.2.3Gi" is not a valid quantity',
    );
    expectOne(
      'VirtualMachineInstance',
      vmi({ domain: domain({ resources: { requests: { memory: true } } }) }),
      'error',
      ['spec', 'domain', 'resources', 'requests', 'memory'],
      'must be integer or string, got boolean true',
    );
    // Integers and every suffix form are fine.
    for (const q of [1073741824, '1Gi', '1G', '500m', '1.5Gi', '1e9', '1E3', '+1k', '.5', '0']) {
      assert.deepEqual(
        validateDocument(
          'VirtualMachineInstance',
          vmi({ domain: domain({ resources: { requests: { memory: q } } }) }),
        ),
        [],
        String(q),
      );
    }
  });

  it('bad quantity (core Quantity in a Pod)', () => {
    expectOne(
      'Pod',
      { spec: { containers: [{ name: 'c', resources: { limits: { memory: '2Gb' } } }] } },
      'error',
      ['spec', 'containers', 0, 'resources', 'limits', 'memory'],
      '"2Gb" is not a valid quantity',
    );
    // core Quantity also accepts JSON numbers, fractional ones included
    assert.deepEqual(
      validateDocument('Pod', { spec: { containers: [{ name: 'c', resources: { limits: { cpu: 0.5 } } }] } }),
      [],
    );
  });

  it('unknown fields are warnings, located at the field', () => {
    expectOne(
      'VirtualMachineInstance',
      vmi({ domian: {} }),
      'warning',
      ['spec', 'domian'],
      'unknown field "domian"',
    );
    // an object schema with no properties (masquerade: {}) accepts no fields
    expectOne(
      'VirtualMachineInstance',
      vmi({ domain: domain({ devices: { interfaces: [{ name: 'default', masquerade: { ports: [] } }] } }) }),
      'warning',
      ['spec', 'domain', 'devices', 'interfaces', 0, 'masquerade', 'ports'],
      'unknown field "ports"',
    );
    // metadata is typed with ObjectMeta
    expectOne(
      'VirtualMachineInstance',
      vmi({}, { name: 'x', lables: {} }),
      'warning',
      ['metadata', 'lables'],
      'unknown field "lables"',
    );
    expectOne(
      'Pod',
      { spec: { containers: [{ name: 'c', imagePullPolicyy: 'Always' }] } },
      'warning',
      ['spec', 'containers', 0, 'imagePullPolicyy'],
      'unknown field "imagePullPolicyy"',
    );
    // warnings do not hide errors
    const issues = validateDocument(
      'VirtualMachineInstance',
      vmi({ domian: {}, domain: domain({ cpu: { cores: 'x' } }) }),
    );
    assert.equal(warnings(issues).length, 1);
    assert.equal(errors(issues).length, 1);
  });

  it('x-kubernetes-preserve-unknown-fields keeps unknown fields silent but still checks declared ones', () => {
    assert.deepEqual(
      validateDocument(
        'VirtualMachineInstance',
        vmi({ domain: domain({ clock: { utc: {}, anything: { goes: 1 } } }) }),
      ),
      [],
    );
    expectOne(
      'VirtualMachineInstance',
      vmi({ domain: domain({ clock: { timer: { hpet: { present: 'yes' } } } }) }),
      'error',
      ['spec', 'domain', 'clock', 'timer', 'hpet', 'present'],
      'must be boolean, got string "yes"',
    );
    // nested objects without the extension are structural again
    expectOne(
      'VirtualMachineInstance',
      vmi({ domain: domain({ clock: { timer: { hpet: { bogus: 1 } } } }) }),
      'warning',
      ['spec', 'domain', 'clock', 'timer', 'hpet', 'bogus'],
      'unknown field "bogus"',
    );
  });

  it('missing required field names the field, located at its parent', () => {
    expectOne(
      'VirtualMachineInstance',
      { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', spec: {} },
      'error',
      ['spec'],
      '"domain" is required',
    );
    expectOne(
      'VirtualMachineInstance',
      vmi({ domain: { devices: { disks: [{ disk: { bus: 'virtio' } }] } } }),
      'error',
      ['spec', 'domain', 'devices', 'disks', 0],
      '"name" is required',
    );
    expectOne(
      'Pod',
      { spec: { containers: [{ image: 'x' }] } },
      'error',
      ['spec', 'containers', 0],
      '"name" is required',
    );
  });

  it('enum lists the allowed values', () => {
    expectOne(
      'KubeVirt',
      {
        apiVersion: 'kubevirt.io/v1',
        kind: 'KubeVirt',
        spec: { configuration: { tlsConfiguration: { minTLSVersion: 'TLS1.2' } } },
      },
      'error',
      ['spec', 'configuration', 'tlsConfiguration', 'minTLSVersion'],
      'must be one of: "VersionTLS10", "VersionTLS11", "VersionTLS12", "VersionTLS13"; got "TLS1.2"',
    );
  });

  it('nullable, and null properties (pruned by the API server)', () => {
    const kv = (configuration: Obj) => ({
      apiVersion: 'kubevirt.io/v1',
      kind: 'KubeVirt',
      spec: { configuration },
    });
    assert.deepEqual(validateDocument('KubeVirt', kv({ vmRolloutStrategy: null })), []); // nullable enum
    assert.deepEqual(validateDocument('VirtualMachineInstance', vmi({ hostname: null })), []); // non-nullable: pruned
    assert.deepEqual(
      validateDocument('Pod', {
        metadata: { creationTimestamp: null },
        spec: { containers: [{ name: 'c' }] },
      }),
      [],
    );
    // a null list item is not pruned
    expectOne(
      'KubeVirt',
      kv({ tlsConfiguration: { ciphers: ['a', null] } }),
      'error',
      ['spec', 'configuration', 'tlsConfiguration', 'ciphers', 1],
      'must be string, got null',
    );
  });

  it('list-type map: duplicate keys are errors, at the duplicate', () => {
    expectOne(
      'Pod',
      { spec: { containers: [{ name: 'compute' }, { name: 'sidecar' }, { name: 'compute' }] } },
      'error',
      ['spec', 'containers', 2],
      'duplicate entry with name="compute" (first at index 0)',
    );
    // a missing key takes the key's default (protocol: TCP)
    expectOne(
      'Pod',
      {
        spec: {
          containers: [
            {
              name: 'c',
              ports: [
                { containerPort: 80 },
                { containerPort: 80, protocol: 'TCP' },
                { containerPort: 80, protocol: 'UDP' },
              ],
            },
          ],
        },
      },
      'error',
      ['spec', 'containers', 0, 'ports', 1],
      'duplicate entry with containerPort=80, protocol="TCP" (first at index 0)',
    );
    const tsc = { topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', maxSkew: 1 };
    expectOne(
      'VirtualMachineInstance',
      vmi({ topologySpreadConstraints: [tsc, { ...tsc, maxSkew: 2 }] }),
      'error',
      ['spec', 'topologySpreadConstraints', 1],
      'duplicate entry with topologyKey="zone", whenUnsatisfiable="DoNotSchedule" (first at index 0)',
    );
  });

  it('list-type set: duplicate values are errors', () => {
    expectOne(
      'KubeVirt',
      { spec: { configuration: { tlsConfiguration: { ciphers: ['A', 'B', 'A'] } } } },
      'error',
      ['spec', 'configuration', 'tlsConfiguration', 'ciphers', 2],
      'duplicate value "A" (first at index 0)',
    );
  });

  it('formats: int32, int64, date-time, byte', () => {
    // (an int32 in Go too: a uint32 the CRD calls int32, such as cpu.cores, is go-integers.ts's to check)
    expectOne(
      'VirtualMachineInstance',
      vmi({ domain: domain({}), readinessProbe: { initialDelaySeconds: 4294967296 } }),
      'error',
      ['spec', 'readinessProbe', 'initialDelaySeconds'],
      'must be a 32-bit integer (-2147483648 to 2147483647), got integer 4294967296',
    );
    expectOne(
      'Pod',
      { metadata: { creationTimestamp: '2024-13-01T00:00:00Z' } },
      'error',
      ['metadata', 'creationTimestamp'],
      '"2024-13-01T00:00:00Z" is not a valid RFC 3339 date-time (e.g. "2024-01-31T12:00:00Z")',
    );
    assert.deepEqual(
      validateDocument('Pod', { metadata: { creationTimestamp: '2024-02-29T23:59:59.5+02:00' } }),
      [],
    );
    expectOne(
      'ConfigMap',
      { binaryData: { key: 'not base64!' } },
      'error',
      ['binaryData', 'key'],
      '"not base64!" is not valid base64 data',
    );
    assert.deepEqual(validateDocument('ConfigMap', { binaryData: { key: 'aGVs\nbG8=' } }), []);
  });

  it('int-or-string (not a quantity): any integer or string', () => {
    const probe = (port: unknown) => vmi({ readinessProbe: { tcpSocket: { port } } });
    assert.deepEqual(validateDocument('VirtualMachineInstance', probe(1500)), []);
    assert.deepEqual(validateDocument('VirtualMachineInstance', probe('http')), []);
    expectOne(
      'VirtualMachineInstance',
      probe([1]),
      'error',
      ['spec', 'readinessProbe', 'tcpSocket', 'port'],
      'must be integer or string, got array',
    );
  });

  it('metadata types are checked for custom resources, including the VM template (leniently)', () => {
    expectOne(
      'VirtualMachineInstance',
      vmi({}, { name: 5 }),
      'error',
      ['metadata', 'name'],
      'must be string, got integer 5',
    );
    expectOne(
      'VirtualMachineInstance',
      vmi({}, { name: 'x', labels: { app: true } }),
      'error',
      ['metadata', 'labels', 'app'],
      'must be string, got boolean true',
    );
    expectOne(
      'VirtualMachineClusterInstancetype',
      { metadata: { annotations: [] }, spec: { cpu: { guest: 1 }, memory: { guest: '1Gi' } } },
      'error',
      ['metadata', 'annotations'],
      'must be object, got array',
    );
    const vm = (templateMetadata: Obj) => ({
      apiVersion: 'kubevirt.io/v1',
      kind: 'VirtualMachine',
      metadata: { name: 'vm' },
      spec: { runStrategy: 'Always', template: { metadata: templateMetadata, spec: vmi().spec as Obj } },
    });
    assert.deepEqual(validateDocument('VirtualMachine', vm({ labels: { a: 'b' }, whatever: 1 })), []); // preserves unknown fields
    expectOne(
      'VirtualMachine',
      vm({ labels: { a: 1 } }),
      'error',
      ['spec', 'template', 'metadata', 'labels', 'a'],
      'must be string, got integer 1',
    );
  });

  it('apiVersion and kind, when present, must match the kind', () => {
    expectOne(
      'Pod',
      { apiVersion: 'v1', kind: 'ConfigMap' },
      'error',
      ['kind'],
      'must be "Pod"; got "ConfigMap"',
    );
    expectOne(
      'VirtualMachineInstance',
      { ...vmi(), apiVersion: 'kubevirt.io/v2' },
      'error',
      ['apiVersion'],
      'must be one of: "kubevirt.io/v1", "kubevirt.io/v1alpha3"; got "kubevirt.io/v2"',
    );
  });

  it('non-object documents', () => {
    expectOne('Pod', 'pod', 'error', [], 'must be object, got string "pod"');
    expectOne('Pod', [1], 'error', [], 'must be object, got array');
    expectOne(
      'NetworkAttachmentDefinition',
      { spec: { config: { cniVersion: '0.3.1' } } },
      'error',
      ['spec', 'config'],
      'must be string, got object',
    );
  });
});

describe('schema: schemaKindFor', () => {
  it('maps served apiVersion/kind pairs', () => {
    assert.equal(schemaKindFor('kubevirt.io/v1', 'VirtualMachineInstance'), 'VirtualMachineInstance');
    assert.equal(schemaKindFor('kubevirt.io/v1alpha3', 'VirtualMachine'), 'VirtualMachine');
    assert.equal(schemaKindFor('kubevirt.io/v1', 'KubeVirt'), 'KubeVirt');
    assert.equal(
      schemaKindFor('instancetype.kubevirt.io/v1beta1', 'VirtualMachineClusterPreference'),
      'VirtualMachineClusterPreference',
    );
    // v1.4.0's instancetype CRDs still serve v1alpha1 and v1alpha2; v1.9.0's serve v1beta1 only
    assert.equal(
      schemaKindFor(
        'instancetype.kubevirt.io/v1alpha2',
        'VirtualMachineInstancetype',
        KubeVirtRelease.of('v1.4.0'),
      ),
      'VirtualMachineInstancetype',
    );
    assert.equal(
      schemaKindFor(
        'instancetype.kubevirt.io/v1alpha2',
        'VirtualMachineInstancetype',
        KubeVirtRelease.of('v1.9.0'),
      ),
      undefined,
    );
    assert.equal(schemaKindFor('v1', 'PersistentVolumeClaim'), 'PersistentVolumeClaim');
    assert.equal(
      schemaKindFor('k8s.cni.cncf.io/v1', 'NetworkAttachmentDefinition'),
      'NetworkAttachmentDefinition',
    );
  });
  it('rejects unknown pairs and non-strings', () => {
    assert.equal(schemaKindFor('kubevirt.io/v2', 'VirtualMachineInstance'), undefined);
    assert.equal(schemaKindFor('apps/v1', 'Pod'), undefined);
    assert.equal(schemaKindFor('v1', 'Secret'), undefined);
    assert.equal(schemaKindFor('v1', 'toString'), undefined);
    assert.equal(schemaKindFor(undefined, 'Pod'), undefined);
    assert.equal(schemaKindFor('v1', 5), undefined);
  });
  it('every kind has a prebuilt validator', () => {
    for (const kind of SCHEMA_KINDS) assert.ok(Array.isArray(validateDocument(kind, {})), kind);
  });
});

describe('schema: guards and speed', () => {
  it('refuses a 20,000-deep document without overflowing the stack', () => {
    const root: Obj = {};
    let cur = root;
    for (let i = 0; i < 20_000; i++) {
      const next: Obj = {};
      cur.a = next;
      cur = next;
    }
    const issues = validateDocument('VirtualMachineInstance', { spec: root });
    assert.equal(issues.length, 1);
    assert.equal(issues[0]?.severity, 'error');
    assert.match(issues[0]?.message ?? '', /nested too deeply/);
    assert.equal(issues[0]?.path.length, MAX_DEPTH);
    let list: unknown[] = [];
    const top = list;
    for (let i = 0; i < 20_000; i++) {
      const next: unknown[] = [];
      list.push(next);
      list = next;
    }
    assert.match(
      validateDocument('Pod', { spec: { containers: top } })[0]?.message ?? '',
      /nested too deeply/,
    );
  });

  it('refuses a cyclic document', () => {
    const doc: Obj = { spec: {} };
    (doc.spec as Obj).self = doc;
    assert.match(validateDocument('VirtualMachineInstance', doc)[0]?.message ?? '', /nested too deeply/);
  });

  it('validates 1000 VMIs well under 100 ms', () => {
    const docs = Array.from({ length: 1000 }, (_, i) =>
      vmi({}, { name: `vmi-${i}`, namespace: 'default', labels: { app: 'x' } }),
    );
    validateDocument('VirtualMachineInstance', docs[0]); // load + warm up
    let best = Infinity;
    for (let round = 0; round < 3; round++) {
      const start = performance.now();
      for (const doc of docs) assert.equal(validateDocument('VirtualMachineInstance', doc).length, 0);
      best = Math.min(best, performance.now() - start);
    }
    assert.ok(best < 100, `1000 VMIs took ${best.toFixed(1)} ms`);
  });
});

describe('Go integer types over the CRD formats', () => {
  const vmi = (domain: Record<string, unknown>) => ({
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstance',
    metadata: { name: 'v' },
    spec: { domain: { devices: {}, ...domain } },
  });
  const problems = (kind: string, doc: unknown, version: 'v1.4.0' | 'v1.9.0' = 'v1.9.0') =>
    checkDocument(kind, doc, { release: KubeVirtRelease.of(version), strict: false })
      .filter((issue) => issue.severity === 'error')
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('a uint32 the CRD calls int32 takes what Go decodes (the API server checks no int32 format)', () => {
    assert.deepEqual(
      problems(
        'VirtualMachineInstance',
        vmi({ features: { hyperv: { spinlocks: { spinlocks: 3000000000 } } } }),
      ),
      [],
    );
    assert.deepEqual(problems('VirtualMachineInstance', vmi({ cpu: { cores: 4294967296 } })), [
      'spec.domain.cpu.cores: cannot unmarshal number 4294967296 into Go type uint32 (0 to 4294967295)',
    ]);
  });

  it("checks the unsigned fields a release has, and the KubeVirt CR's uint8 replicas", () => {
    const granularity = vmi({
      devices: {
        disks: [
          {
            name: 'd',
            disk: {},
            blockSize: { custom: { logical: 512, physical: 512, discardGranularity: -512 } },
          },
        ],
      },
    });
    assert.deepEqual(problems('VirtualMachineInstance', granularity), [
      'spec.domain.devices.disks.0.blockSize.custom.discardGranularity: cannot unmarshal number -512 into Go type uint64 (0 to 18446744073709551615)',
    ]);
    assert.deepEqual(problems('VirtualMachineInstance', granularity, 'v1.4.0'), []);
    const kubevirt = {
      apiVersion: 'kubevirt.io/v1',
      kind: 'KubeVirt',
      metadata: { name: 'kv' },
      spec: { infra: { replicas: 300 } },
    };
    assert.deepEqual(problems('KubeVirt', kubevirt), [
      'spec.infra.replicas: cannot unmarshal number 300 into Go type uint8 (0 to 255)',
    ]);
  });
});
