// Folder-driven conformance: every directory under fixtures/conformance/<release>/{cases,vm-cases} is a case
// produced by upstream KubeVirt at that release. Each runs through the spawned CLI with the flags the case
// implies and `--kubevirt-version <release>`. Cases listed in known-differences.json must fail (the list
// fails when a listed case starts passing, so it only shrinks). The admission corpora ({admit-cases,
// vm-admit-cases}, whose verdicts admission.test.ts checks) hold upstream's render too: see
// checkAdmissionCaseRender.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parse } from 'yaml';
import { runCli, type CliResult } from '../support/cli.js';
import { normalizePod } from '../support/normalize.js';
import { validateDocument } from '../../src/schema/validate.js';
import { runCorpora } from '../support/corpus-runner.js';
import { caseArgs, type Expected } from '../support/conformance-args.js';

/** The namespace of the case's VMI or VM (the CLI's default when it has none). */
function inputNamespace(dir: string): string {
  const input = parse(readFileSync(join(dir, 'vmi.yaml'), 'utf8')) as { metadata?: { namespace?: string } };
  return input.metadata?.namespace || 'default';
}

/**
 * Pods upstream itself renders that the API server refuses (we print upstream's Pod and warn): case -> what
 * our schema check of the printed Pod finds, and the API server's reason, which the warning gives. Also
 * checked against a real API server by test/e2e/api-server-verdict.test.ts.
 */
const PR_LABEL = 'Invalid value: "pr.kubevirt.io/": name part must be non-empty';
const UPSTREAM_INVALID_PODS: Record<string, { schema: string; apiServer: string }> = {
  'v1.9.0/cases/064-pr-helper-lun-reservation': { schema: PR_LABEL, apiServer: PR_LABEL },
  'v1.9.0/cases/092-kitchen-sink-storage-heavy': { schema: PR_LABEL, apiServer: PR_LABEL },
  'v1.9.0/vm-cases/111-hotplug-pvc-volume-and-lun-with-preferences': {
    schema: PR_LABEL,
    apiServer: PR_LABEL,
  },
  // two compute claims named "" (a GPU's and a host device's empty claim requests)
  'v1.9.0/cases/499-dra-gpu-and-host-device-empty-claim-fields': {
    schema: 'duplicate entry with name="" (first at index 0)',
    apiServer: 'spec.containers[0].resources.claims[1]: Required value',
  },
};

/** An error case: our render fails with upstream's error, prints nothing and no stack trace. */
function checkRenderError(result: CliResult, expected: Expected): void {
  if (expected.error === undefined) return;
  assert.notEqual(result.status, 0, 'an error case must fail');
  assert.equal(result.stdout, '', 'nothing on stdout for an error case');
  assert.ok(
    result.stderr.includes(expected.error),
    `stderr should carry upstream's error:\n  ${expected.error}\ngot:\n  ${result.stderr}`,
  );
  assert.doesNotMatch(result.stderr, /^\s+at /m, 'no stack trace');
}

/**
 * An admission case's render: the harness renders the VMI whatever virt-api says, so these cases carry
 * upstream's Pod (or render error) too. Where we print a Pod it must be upstream's; it may be one
 * kube-apiserver refuses (the VMI is refused anyway: not checked here). An input our schema check refuses
 * because a required field is missing, as kube-apiserver would before any webhook, renders nothing.
 */
async function checkAdmissionCaseRender(dir: string, release: string, expected: Expected): Promise<void> {
  if (expected.pod === undefined && expected.error === undefined) return;
  const result = await runCli(caseArgs(dir, release));
  if (result.status !== 0 && result.stdout === '' && /: "[A-Za-z]+" is required$/m.test(result.stderr))
    return;
  checkRenderError(result, expected);
  if (expected.error !== undefined) return;
  assert.equal(result.status, 0, `render failed:\n${result.stderr}`);
  const actual = normalizePod(JSON.parse(result.stdout));
  assert.deepEqual(actual.problems, []);
  assert.deepEqual(actual.pod, normalizePod(expected.pod).pod);
}

async function checkCase(dir: string, release: string, expected: Expected): Promise<void> {
  const result = await runCli(caseArgs(dir, release));
  checkRenderError(result, expected);
  if (expected.error !== undefined) return;
  assert.equal(result.status, 0, `render failed:\n${result.stderr}`);
  const printed = JSON.parse(result.stdout) as {
    apiVersion?: string;
    kind?: string;
    metadata?: { namespace?: string };
  };
  // rule 4: the Pod as the API server holds it once created, in the VMI's namespace
  assert.deepEqual(
    { apiVersion: printed.apiVersion, kind: printed.kind, namespace: printed.metadata?.namespace },
    { apiVersion: 'v1', kind: 'Pod', namespace: inputNamespace(dir) },
  );
  const actual = normalizePod(printed);
  const wanted = normalizePod(expected.pod);
  assert.deepEqual(actual.problems, []);
  // our own output must be a valid Kubernetes Pod, without unknown fields, unless upstream's is not
  const podIssues = validateDocument('Pod', JSON.parse(result.stdout)).map((issue) => issue.message);
  const invalid = UPSTREAM_INVALID_PODS[`${release}/${dir.split('/').slice(-2).join('/')}`];
  if (invalid) {
    assert.ok(
      podIssues.includes(invalid.schema),
      `upstream's Pod is invalid: ${invalid.schema}; got ${podIssues.join('; ')}`,
    );
    assert.ok(result.stderr.includes(`kube-apiserver would refuse the launcher Pod`), result.stderr);
    assert.ok(result.stderr.includes(invalid.apiServer), result.stderr);
  } else {
    assert.deepEqual(podIssues, []);
  }
  assert.deepEqual(actual.pod, wanted.pod);
}

runCorpora<Expected>({
  corpora: ['cases', 'vm-cases', 'admit-cases', 'vm-admit-cases'],
  knownDifferences: 'known-differences.json',
  check: (dir, release, expected) =>
    basename(dirname(dir)).endsWith('admit-cases')
      ? checkAdmissionCaseRender(dir, release, expected)
      : checkCase(dir, release, expected),
});
