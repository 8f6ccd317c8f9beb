// MemoryClusterState holds CDI's DataSources and DataVolumes (namespaced, like PVCs) beside the other kinds;
// --objects files and the library's `objects` accept them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLUSTER_OBJECT_KINDS, MemoryClusterState } from '../../../src/state/cluster-state.js';
import { documentRole } from '../../../src/schema/document-check.js';

const dataSource = (name: string, namespace?: string): Record<string, unknown> => ({
  apiVersion: 'cdi.kubevirt.io/v1beta1',
  kind: 'DataSource',
  metadata: { name, ...(namespace ? { namespace } : {}), labels: { tier: name } },
  spec: { source: { pvc: { name: `${name}-golden`, namespace: 'os-images' } } },
});
const dataVolume = (name: string, namespace?: string): Record<string, unknown> => ({
  apiVersion: 'cdi.kubevirt.io/v1beta1',
  kind: 'DataVolume',
  metadata: { name, ...(namespace ? { namespace } : {}) },
  spec: { source: { blank: {} }, storage: {} },
});

describe('MemoryClusterState: DataSources and DataVolumes', () => {
  it('are cluster objects the render consults', () => {
    assert.ok(CLUSTER_OBJECT_KINDS.includes('DataSource'));
    assert.ok(CLUSTER_OBJECT_KINDS.includes('DataVolume'));
    assert.deepEqual(documentRole(dataSource('fedora')), { role: 'cluster-object', kind: 'DataSource' });
    assert.deepEqual(documentRole(dataVolume('root')), { role: 'cluster-object', kind: 'DataVolume' });
  });

  it('are namespaced: found in their namespace only, the default namespace when they name none', () => {
    const state = new MemoryClusterState(
      [
        dataSource('fedora', 'os-images'),
        dataSource('centos'),
        dataVolume('root', 'team-a'),
        dataVolume('data'),
      ],
      'team-a',
    );
    assert.equal(state.getDataSource('os-images', 'fedora')?.metadata?.labels?.tier, 'fedora');
    assert.equal(state.getDataSource('team-a', 'fedora'), undefined);
    assert.equal(state.getDataSource('team-a', 'centos')?.spec?.source?.pvc?.name, 'centos-golden');
    assert.equal(state.getDataVolume('team-a', 'root')?.metadata?.name, 'root');
    assert.equal(state.getDataVolume('team-a', 'data')?.metadata?.name, 'data');
    assert.equal(state.getDataVolume('os-images', 'root'), undefined);
  });

  it('VolumeSnapshots are namespaced cluster objects too', () => {
    const snapshot = {
      apiVersion: 'snapshot.storage.k8s.io/v1',
      kind: 'VolumeSnapshot',
      metadata: { name: 'snap', labels: { a: 'b' } },
      spec: { source: { persistentVolumeClaimName: 'root' } },
    };
    assert.deepEqual(documentRole(snapshot), { role: 'cluster-object', kind: 'VolumeSnapshot' });
    const state = new MemoryClusterState([snapshot], 'team-a');
    assert.equal(state.getVolumeSnapshot('team-a', 'snap')?.metadata?.labels?.a, 'b');
    assert.equal(state.getVolumeSnapshot('default', 'snap'), undefined);
  });

  it('a DataSource and a DataVolume of one name do not shadow each other or a PVC', () => {
    const pvc = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'root', namespace: 'ns' },
    };
    const state = new MemoryClusterState([dataSource('root', 'ns'), dataVolume('root', 'ns'), pvc]);
    assert.equal(state.getDataSource('ns', 'root')?.kind, 'DataSource');
    assert.equal(state.getDataVolume('ns', 'root')?.kind, 'DataVolume');
    assert.equal(state.getPersistentVolumeClaim('ns', 'root')?.kind, 'PersistentVolumeClaim');
  });
});
