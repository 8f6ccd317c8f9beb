// Folder-driven admission conformance: every directory under fixtures/conformance/<release>/{admit-cases,
// vm-admit-cases} is a case whose virt-api verdicts were produced by upstream KubeVirt at that release
// (`admit`: the VMI validating webhook; `vmAdmit`: the VM validating webhook). Each runs through the spawned
// `lint -o json` with the flags the case implies and `--kubevirt-version <release>`; the report's verdicts
// and its refusals (field and message, the VM's causes first, then the VMI's) must be upstream's. Cases
// listed in admission-known-differences.json must fail (the list fails when a listed case starts passing).
import assert from 'node:assert/strict';
import { runCli } from '../support/cli.js';
import { runCorpora } from '../support/corpus-runner.js';
import { caseArgs } from '../support/conformance-args.js';

interface Cause {
  type?: string;
  field?: string;
  message: string;
}

interface Verdict {
  allowed: boolean;
  message?: string;
  causes?: Cause[];
  warnings?: string[];
}

interface ExpectedVerdicts {
  admit?: Verdict;
  vmAdmit?: Verdict;
}

interface ReportProblem {
  severity: string;
  path: string;
  message: string;
  admission?: { webhook: string; type: string; field: string; message: string };
}

interface ReportDocument {
  document: string;
  kind?: string;
  problems: ReportProblem[];
  admission?: { vm?: Verdict; vmi?: Verdict };
}

/** A verdict as compared: every part upstream reports, absent parts as their empty value. */
function comparable(verdict: Verdict | undefined): unknown {
  if (verdict === undefined) return undefined;
  return {
    allowed: verdict.allowed,
    message: verdict.message ?? '',
    causes: (verdict.causes ?? []).map((cause) => ({
      type: cause.type ?? '',
      field: cause.field ?? '',
      message: cause.message,
    })),
    warnings: verdict.warnings ?? [],
  };
}

/** Where a field of the VMI a VM creates is written in the VM: spec.X -> spec.template.spec.X. */
function templateField(field: string): string {
  return /^(spec|metadata)\b/.test(field) ? `spec.template.${field}` : field;
}

async function checkCase(dir: string, release: string, expected: ExpectedVerdicts): Promise<void> {
  const result = await runCli(['lint', ...caseArgs(dir, release).slice(1)]);
  assert.doesNotMatch(result.stderr, /^\s+at /m, 'no stack trace');
  const report = JSON.parse(result.stdout) as { documents: ReportDocument[] };
  const documents = report.documents.filter((entry) => entry.document !== '');
  assert.equal(documents.length, 1, 'one document per case');
  const document = documents[0]!;
  const isVM = document.kind === 'VirtualMachine';
  assert.equal(isVM, expected.vmAdmit !== undefined, 'a VM case has a VM verdict');

  // the verdicts themselves (the VM's only for a VM; the VMI's only where a VMI got to be created)
  assert.deepEqual(comparable(document.admission?.vm), comparable(expected.vmAdmit), 'VM webhook verdict');
  assert.deepEqual(comparable(document.admission?.vmi), comparable(expected.admit), 'VMI webhook verdict');

  // ... and the refusals lint reports: upstream's causes in upstream's order, located at their fields
  const refusals = document.problems
    .filter((problem) => problem.admission !== undefined)
    .map((problem) => ({
      severity: problem.severity,
      path: problem.path,
      webhook: problem.admission!.webhook,
      field: problem.admission!.field,
      message: problem.admission!.message,
      // upstream's words end the text, or are followed only by our hint in parentheses
      reported:
        problem.message.endsWith(`: ${problem.admission!.message}`) ||
        problem.message.includes(`: ${problem.admission!.message} (`),
    }));
  const wanted = [
    ...(expected.vmAdmit?.causes ?? []).map((cause) => ({ webhook: 'VirtualMachine', cause })),
    ...(expected.admit?.causes ?? []).map((cause) => ({ webhook: 'VirtualMachineInstance', cause })),
  ].map(({ webhook, cause }) => ({
    severity: 'error',
    // a VM's VMI is made from its template: a VMI field is located in the template
    path:
      isVM && webhook === 'VirtualMachineInstance' ? templateField(cause.field ?? '') : (cause.field ?? ''),
    webhook,
    field: cause.field ?? '',
    message: cause.message,
    reported: true,
  }));
  assert.deepEqual(refusals, wanted, 'refusals reported by lint');
  const refused = expected.vmAdmit?.allowed === false || expected.admit?.allowed === false;
  if (refused) assert.equal(result.status, 1, 'lint fails on a refusal');
}

runCorpora<ExpectedVerdicts>({
  corpora: ['admit-cases', 'vm-admit-cases'],
  knownDifferences: 'admission-known-differences.json',
  check: checkCase,
});
