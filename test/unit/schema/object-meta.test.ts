// The API server's ObjectMeta checks, with apimachinery's messages (pkg/util/validation).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { objectMetaIssues } from '../../../src/schema/object-meta.js';
import {
  isDNS1123Label as dns1123LabelErrors,
  isDNS1123Subdomain as dns1123SubdomainErrors,
  isQualifiedName as qualifiedNameErrors,
  isValidLabelValue as labelValueErrors,
} from '../../../src/util/validation.js';

test('DNS-1123 labels and subdomains', () => {
  assert.deepEqual(dns1123LabelErrors('my-name'), []);
  assert.deepEqual(dns1123SubdomainErrors('example.com'), []);
  assert.deepEqual(dns1123LabelErrors('a'.repeat(64)), ['must be no more than 63 characters']);
  assert.equal(
    dns1123LabelErrors('Bad Namespace')[0],
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
  );
  assert.equal(dns1123SubdomainErrors(`${'a'.repeat(254)}`)[0], 'must be no more than 253 characters');
  assert.equal(dns1123SubdomainErrors('a..b').length, 1);
  // a subdomain where a label is wanted: upstream says what is wrong with it
  assert.deepEqual(dns1123LabelErrors('team.a'), ['must not contain dots']);
});

test('qualified names and label values', () => {
  assert.deepEqual(qualifiedNameErrors('kubevirt.io/vm'), []);
  assert.deepEqual(qualifiedNameErrors('/x'), ['prefix part must be non-empty']);
  assert.deepEqual(qualifiedNameErrors('a/'), [
    'name part must be non-empty',
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
  ]);
  assert.match(
    qualifiedNameErrors('a/b/c')[0]!,
    /^a qualified name must consist of .* with an optional DNS subdomain prefix and '\/' \(e\.g\. 'example\.com\/MyName'\)$/,
  );
  assert.deepEqual(labelValueErrors(''), []);
  assert.deepEqual(labelValueErrors('my_value'), []);
  assert.equal(labelValueErrors('-x').length, 1);
});

test('per kind: a Namespace is named like a label, cluster-scoped kinds keep no namespace, generateName is a prefix', () => {
  assert.equal(objectMetaIssues('Namespace', { metadata: { name: 'a.b' } }).length, 1);
  assert.equal(objectMetaIssues('ConfigMap', { metadata: { name: 'a.b' } }).length, 0);
  assert.equal(
    objectMetaIssues('VirtualMachineClusterPreference', { metadata: { name: 'p', namespace: 'Bad NS' } })
      .length,
    0,
  );
  assert.equal(
    objectMetaIssues('VirtualMachine', { metadata: { name: 'p', namespace: 'Bad NS' } }).length,
    1,
  );
  assert.deepEqual(objectMetaIssues('VirtualMachine', { metadata: { generateName: 'vm-' } }), []);
  assert.equal(objectMetaIssues('VirtualMachine', { metadata: { generateName: 'VM-' } }).length, 1);
  // values of the wrong type are the schema's to report
  assert.deepEqual(objectMetaIssues('VirtualMachine', { metadata: { name: 7, labels: { a: 1 } } }), []);
});
