// `explain` over every conformance case of every release: the terms of each figure the render recorded add
// up exactly (as Quantities) to the figure, each figure is upstream's (expected.json), the v1.9.0 memory
// overhead is the one the Pod reports in its annotation, and every node-selector key, affinity term,
// toleration, container, volume, annotation, label and securityContext field (the Pod's and each
// container's) is explained by what the render recorded.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/cli.js';
import { caseArgs } from '../support/conformance-args.js';
import { runMain } from '../cli/in-process.js';
import { Quantity } from '../../src/quantity/quantity.js';
import type { ExplainedDocument } from '../../src/cli/explain-command.js';
import type { ExplainedField, ExplainedQuantity, ExplainedResource } from '../../src/explain.js';
import type { Container, Pod } from '../../src/types/k8s.js';

const FIXTURES = join(ROOT, 'fixtures', 'conformance');

function assertAddsUp(figure: ExplainedQuantity | undefined, what: string): void {
  if (figure === undefined) return;
  assert.ok(figure.terms.length > 0, `${what}: has terms`);
  const sum = figure.terms.reduce((total, term) => total.add(Quantity.parse(term.value)), Quantity.zero());
  assert.equal(
    sum.cmp(Quantity.parse(figure.value)),
    0,
    `${what}: the terms add up to ${sum.toString()}, not ${figure.value}`,
  );
}

function assertResource(
  explained: ExplainedResource | undefined,
  container: Container | undefined,
  name: string,
): void {
  assert.equal(explained?.request?.value, container?.resources?.requests?.[name], `${name} request`);
  assert.equal(explained?.limit?.value, container?.resources?.limits?.[name], `${name} limit`);
  assertAddsUp(explained?.request, `${name} request`);
  assertAddsUp(explained?.limit, `${name} limit`);
  for (const term of [...(explained?.request?.terms ?? []), ...(explained?.limit?.terms ?? [])]) {
    assert.notEqual(term.reason, 'not recorded by the render', `${name}: ${term.name} is explained`);
  }
}

function checkDocument(document: ExplainedDocument, pod: Pod, release: string): void {
  const resources = document.resources;
  const scheduling = document.scheduling;
  assert.ok(resources && scheduling, `explained: ${document.error ?? ''}`);
  const compute = pod.spec?.containers.find((container) => container.name === 'compute');
  assertResource(resources.compute.memory, compute, 'memory');
  assertResource(resources.compute.cpu, compute, 'cpu');
  const others = new Set([
    ...Object.keys(compute?.resources?.requests ?? {}),
    ...Object.keys(compute?.resources?.limits ?? {}),
  ]);
  others.delete('memory');
  others.delete('cpu');
  assert.deepEqual(Object.keys(resources.compute.other).sort(), [...others].sort());
  for (const name of others) assertResource(resources.compute.other[name], compute, name);
  assertAddsUp(resources.compute.memoryOverhead, 'memory overhead');
  const reported = pod.metadata?.annotations?.['kubevirt.io/memory-overhead-bytes'];
  if (release !== 'v1.4.0' && reported !== undefined) {
    assert.equal(
      Quantity.parse(resources.compute.memoryOverhead.value).value().toString(),
      reported,
      "the overhead is the Pod's kubevirt.io/memory-overhead-bytes",
    );
  }
  for (const resource of [resources.pod.memory, resources.pod.cpu]) {
    assertAddsUp(resource.request, 'Pod request');
    assertAddsUp(resource.limit, 'Pod limit');
  }
  assert.deepEqual(
    Object.keys(scheduling.nodeSelector).sort(),
    Object.keys(pod.spec?.nodeSelector ?? {}).sort(),
  );
  const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  assert.deepEqual(
    document.containers?.map((container) => container.name),
    containers.map((container) => container.name),
    'every container is explained',
  );
  assert.deepEqual(
    document.volumes?.map((volume) => volume.name),
    (pod.spec?.volumes ?? []).map((volume) => volume.name),
    'every volume is explained',
  );
  for (const explained of [...(document.containers ?? []), ...(document.volumes ?? [])]) {
    assert.notEqual(explained.source, 'unknown', `${explained.name} is explained`);
  }
  assert.equal(scheduling.tolerations.length, (pod.spec?.tolerations ?? []).length, 'every toleration');
  if (pod.spec?.affinity) assert.ok(scheduling.affinity.length > 0, 'the affinity is explained');
  for (const term of scheduling.affinity) assert.ok(term.source && term.reason, `${term.path} is explained`);
  for (const term of scheduling.tolerations)
    assert.ok(term.source && term.reason, `${term.path} is explained`);
  for (const [key, selector] of Object.entries(scheduling.nodeSelector)) {
    assert.notEqual(selector.source, 'unknown', `node selector ${key} is explained`);
  }
  assertExplained(document.annotations, pod.metadata?.annotations, 'annotation');
  assertExplained(document.labels, pod.metadata?.labels, 'label');
  assertExplained(
    document.securityContext?.pod,
    pod.spec?.securityContext as Record<string, unknown> | undefined,
    "the Pod's securityContext",
  );
  assert.deepEqual(
    Object.keys(document.securityContext?.containers ?? {}),
    containers.map((container) => container.name),
    "every container's securityContext is explained",
  );
  for (const container of containers) {
    assertExplained(
      document.securityContext?.containers[container.name],
      container.securityContext as Record<string, unknown> | undefined,
      `the securityContext of ${container.name}`,
    );
  }
}

/** Every key of `actual` is explained, with its value, by a recorded source. */
function assertExplained(
  explained: Record<string, ExplainedField> | undefined,
  actual: Readonly<Record<string, unknown>> | undefined,
  what: string,
): void {
  assert.deepEqual(Object.keys(explained ?? {}).sort(), Object.keys(actual ?? {}).sort(), `every ${what}`);
  for (const [key, field] of Object.entries(explained ?? {})) {
    assert.deepEqual(field.value, actual?.[key], `${what} ${key}: its value`);
    assert.notEqual(field.source, 'unknown', `${what} ${key} is explained`);
    assert.ok(field.reason.length > 0, `${what} ${key} has a reason`);
  }
}

const releases = readdirSync(FIXTURES)
  .filter((name) => /^v\d+\.\d+\.\d+$/.test(name))
  .sort();
for (const release of releases) {
  for (const corpus of ['cases', 'vm-cases']) {
    const base = join(FIXTURES, release, corpus);
    const cases = readdirSync(base, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    describe(`explain: ${release} ${corpus}`, () => {
      for (const name of cases) {
        const dir = join(base, name);
        const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { pod?: Pod };
        if (expected.pod === undefined) continue;
        const pod = expected.pod;
        test(name, async () => {
          const result = await runMain(['explain', ...caseArgs(dir, release).slice(1)]);
          assert.equal(result.status, 0, result.stderr);
          const report = JSON.parse(result.stdout) as { documents: ExplainedDocument[] };
          assert.equal(report.documents.length, 1);
          checkDocument(report.documents[0]!, pod, release);
        });
      }
    });
  }
}
