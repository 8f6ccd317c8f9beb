// CDI DataSources and DataVolumes among the objects: checked against the CDI CRD schema of the CDI version
// the chosen KubeVirt release vendors (v1.4.0: CDI v1.57, v1.9.0: CDI v1.64), then consulted by the VM path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import {
  InvalidInputError,
  lint,
  render,
  type ClusterObject,
  type VirtualMachine,
} from '../../../src/index.js';

const CASE = fileURLToPath(
  new URL(
    '../../../../fixtures/conformance/v1.9.0/vm-cases/121-datasource-default-instancetype-preference-labels/',
    import.meta.url,
  ),
);
const vm = parse(readFileSync(join(CASE, 'vmi.yaml'), 'utf8')) as VirtualMachine;
const objects = parseAllDocuments(readFileSync(join(CASE, 'objects.yaml'), 'utf8')).map(
  (document) => document.toJS() as ClusterObject & { spec?: Record<string, unknown> },
);
const isDataSource = (object: ClusterObject): boolean => object.kind === 'DataSource';
const withDataSource = (
  change: (dataSource: Record<string, unknown>) => Record<string, unknown>,
): ClusterObject[] =>
  objects.map((object) =>
    isDataSource(object)
      ? (change(structuredClone(object) as Record<string, unknown>) as ClusterObject)
      : object,
  );

describe('objects: DataSources and DataVolumes', () => {
  it("a DataSource's labels give the VM its instancetype and preference", () => {
    const { vmi } = render({ document: vm, objects, kubevirtVersion: 'v1.9.0' });
    assert.equal(vmi.metadata?.annotations?.['kubevirt.io/cluster-instancetype-name'], 'u1.medium');
    assert.equal(vmi.metadata?.annotations?.['kubevirt.io/cluster-preference-name'], 'fedora');
  });

  it('without the DataSource the render fails on it, named at the sourceRef', () => {
    const { problems } = lint({
      document: vm,
      objects: objects.filter((o) => !isDataSource(o)),
      kubevirtVersion: 'v1.9.0',
    });
    assert.deepEqual(
      problems.map((problem) => [problem.path, problem.message.replace(/ \(supply.*$/, '')]),
      [
        [
          'spec.dataVolumeTemplates[0].spec.sourceRef.name',
          'vm mutation: datasources.cdi.kubevirt.io "fedora" not found',
        ],
      ],
    );
    assert.match(problems[0]!.message, /\(supply the DataSource with `objects`\)$/);
  });

  for (const release of ['v1.4.0', 'v1.9.0']) {
    it(`${release}: a DataSource against CDI's schema: a wrong type is an error, an unknown field a warning`, () => {
      const error = (() => {
        try {
          render({
            document: vm,
            objects: withDataSource((ds) => ({ ...ds, spec: { source: { pvc: { name: 7 } } } })),
            kubevirtVersion: release,
          });
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      assert.ok(error instanceof InvalidInputError, String(error));
      assert.deepEqual(
        error.problems.filter((p) => p.severity === 'error').map((p) => p.path),
        // name is a string; CDI requires a namespace too (reported at the object that lacks it)
        ['spec.source.pvc', 'spec.source.pvc.name'],
      );
      const { warnings } = render({
        document: vm,
        objects: withDataSource((ds) => ({ ...ds, spec: { ...(ds.spec as object), sourse: {} } })),
        kubevirtVersion: release,
      });
      assert.deepEqual(
        warnings.filter((w) => w.kind === 'input').map((w) => [w.path, w.message]),
        [['spec.sourse', 'unknown field "sourse"']],
      );
    });
  }

  it("a DataSource that refers to another DataSource is CDI v1.64's (v1.9.0); v1.4.0's CDI has no such field", () => {
    const chained = withDataSource((ds) => ({
      ...ds,
      spec: { source: { dataSource: { name: 'fedora-base', namespace: 'os-images' } } },
    }));
    const inputs = { document: vm, objects: chained };
    const fieldWarnings = (release: string): string[] =>
      lint({ ...inputs, kubevirtVersion: release })
        .problems.filter((p) => p.message.startsWith('unknown field'))
        .map((p) => p.path);
    assert.deepEqual(fieldWarnings('v1.9.0'), []);
    assert.deepEqual(fieldWarnings('v1.4.0'), ['spec.source.dataSource']);
  });

  it('a DataVolume of another apiVersion is refused, naming the one served', () => {
    const dataVolume = {
      apiVersion: 'cdi.kubevirt.io/v1alpha1',
      kind: 'DataVolume',
      metadata: { name: 'fedora-ds-root', namespace: 'team-a' },
      spec: { source: { blank: {} }, storage: {} },
    };
    const { problems } = lint({ document: vm, objects: [...objects, dataVolume], kubevirtVersion: 'v1.9.0' });
    const apiVersion = problems.find((p) => p.path === 'apiVersion');
    assert.ok(apiVersion, JSON.stringify(problems));
    assert.equal(apiVersion.severity, 'error');
    assert.match(apiVersion.message, /cdi\.kubevirt\.io\/v1beta1/);
  });

  it("a VolumeSnapshot against external-snapshotter v4.2.0's CRD: metadata is ObjectMeta, spec is required", () => {
    const snapshot = {
      apiVersion: 'snapshot.storage.k8s.io/v1',
      kind: 'VolumeSnapshot',
      metadata: { name: 'snap', namespace: 'team-a', labels: { a: 'b' } },
      spec: { source: { persistentVolumeClaimName: 'root' } },
    };
    const problemsOf = (object: Record<string, unknown>): [string, string][] =>
      lint({ document: vm, objects: [...objects, object], kubevirtVersion: 'v1.9.0' })
        .problems.filter((p) => p.location.file !== 'document')
        .map((p) => [p.path, p.severity]);
    assert.deepEqual(problemsOf(snapshot), []);
    const { spec: _spec, ...withoutSpec } = snapshot;
    assert.deepEqual(problemsOf(withoutSpec), [['', 'error']]);
  });
});
