// `vmi-render lint`: every problem per document, as text, JSON or JUnit XML.
import type { InputProblem } from '../errors.js';
import { escapeForText, formatLocation, formatProblem, sortProblems, type Colours } from './report.js';
import { documentProblems, type RunOutcome } from './render-command.js';
import type { AdmissionVerdicts } from '../pipeline.js';
import type { InputDocument } from './inputs.js';
import { escapeJsonText } from '../io/output.js';
import { schedulingSummary, type SchedulingSummary } from './scheduling.js';

export type LintFormat = 'text' | 'json' | 'junit';

export interface LintEntry {
  file: string;
  /** The document ("3", or "1/items[2]" for a List item); empty for problems of a whole file. */
  document: string;
  kind?: string;
  name?: string;
  problems: InputProblem[];
  /** virt-api's verdicts on creating the document's VM and VMI, where admission ran. */
  admission?: AdmissionVerdicts;
  /** kube-scheduler's verdict on the launcher Pod over the --nodes Nodes. */
  scheduling?: SchedulingSummary;
  /** The stages that could not run, and why (each needs what an earlier one refused). */
  skipped?: { stage: string; reason: string }[];
}

const RENDERED_KINDS = new Set(['VirtualMachineInstance', 'VirtualMachine']);

/** Which later stages a document's outcome left out, and why. */
function skippedStages(
  record: InputDocument,
  document: RunOutcome['documents'][number] | undefined,
): LintEntry['skipped'] {
  if (!record.kind || !RENDERED_KINDS.has(record.kind)) return undefined;
  if (document === undefined) {
    if (!record.problems.some((problem) => problem.severity === 'error')) return undefined;
    const reason = 'the input was refused (see its errors): nothing was decoded to ask virt-api or render';
    return [
      ...(record.kind === 'VirtualMachine' ? [{ stage: 'vm-admission', reason }] : []),
      { stage: 'vmi-admission', reason },
      { stage: 'render', reason },
    ];
  }
  if (document.target.admissionOnly) {
    return [{ stage: 'render', reason: 'the schema refused the document (a required field is missing)' }];
  }
  if (document.error?.startsWith('vm controller: ')) {
    const reason = 'the VM controller made no VMI (see the render error)';
    return [
      ...(document.admission?.vmi ? [] : [{ stage: 'vmi-admission', reason }]),
      { stage: 'render', reason },
    ];
  }
  return undefined;
}

export interface LintReport {
  entries: LintEntry[];
  errors: number;
  warnings: number;
  failed: boolean;
}

export function lintOutcome(outcome: RunOutcome, strict: boolean): LintReport {
  const entries: LintEntry[] = [];
  const byRecord = new Map<InputDocument, LintEntry>();
  const attached = new Set<InputProblem>();
  for (const record of outcome.inputs) {
    const entry: LintEntry = {
      file: record.file,
      document: record.label,
      ...(record.kind !== undefined ? { kind: record.kind, name: record.name ?? '' } : {}),
      problems: [...record.problems],
    };
    record.problems.forEach((problem) => attached.add(problem));
    byRecord.set(record, entry);
    entries.push(entry);
  }
  const outcomes = new Map(outcome.documents.map((document) => [document.target.record, document]));
  for (const [record, entry] of byRecord) {
    const skipped = skippedStages(record, outcomes.get(record));
    if (skipped) entry.skipped = skipped;
  }
  for (const document of outcome.documents) {
    const entry = byRecord.get(document.target.record);
    if (!entry) continue;
    for (const problem of documentProblems(document, 'error')) entry.problems.push(problem);
    if (document.admission && (document.admission.vm || document.admission.vmi)) {
      entry.admission = document.admission;
    }
    if (document.scheduling) entry.scheduling = schedulingSummary(document.scheduling);
  }
  // Problems of a whole file or of the cluster inputs (--cluster-config, --objects): one entry per file.
  const fileEntries = new Map<string, LintEntry>();
  for (const problem of outcome.problems) {
    if (attached.has(problem)) continue;
    const file = problem.location.file;
    let entry = fileEntries.get(file);
    if (!entry) fileEntries.set(file, (entry = { file, document: '', problems: [] }));
    entry.problems.push(problem);
  }
  entries.unshift(...fileEntries.values()); // one per file
  let errors = 0;
  let warnings = 0;
  for (const entry of entries) {
    for (const problem of entry.problems) {
      if (problem.severity === 'error') errors++;
      else warnings++;
    }
  }
  return { entries, errors, warnings, failed: errors > 0 || (strict && warnings > 0) };
}

// What XML 1.0 cannot hold at all, once escapeForText has shown the control characters as escapes: lone
// surrogates and the non-characters U+FFFE and U+FFFF.
const NOT_XML = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;

/** Input text as XML 1.0 character data or attribute value: one line, every character allowed. */
const escapeXml = (text: string): string =>
  escapeForText(text)
    .replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(
      /[<>&"']/g,
      (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
    );

export function formatLintReport(report: LintReport, format: LintFormat, colour: Colours): string {
  if (format === 'json') {
    return (
      escapeJsonText(
        JSON.stringify(
          {
            errors: report.errors,
            warnings: report.warnings,
            documents: report.entries.map((entry) => ({
              file: entry.file,
              document: entry.document,
              ...(entry.kind ? { kind: entry.kind, name: entry.name } : {}),
              problems: entry.problems.map((problem) => ({
                severity: problem.severity,
                file: problem.location.file,
                line: problem.location.line,
                column: problem.location.column,
                path: problem.path,
                message: problem.message,
                stage: problem.stage ?? 'input',
                ...(problem.admission ? { admission: problem.admission } : {}),
              })),
              ...(entry.admission ? { admission: entry.admission } : {}),
              ...(entry.skipped ? { skipped: entry.skipped } : {}),
              ...(entry.scheduling ? { scheduling: entry.scheduling } : {}),
            })),
          },
          null,
          2,
        ),
      ) + '\n'
    );
  }
  if (format === 'junit') {
    const cases = report.entries.map((entry) => {
      const name = escapeXml(
        `${entry.file}#${entry.document}${entry.name ? ` ${entry.kind}/${entry.name}` : ''}`,
      );
      const failures = entry.problems
        .filter((problem) => problem.severity === 'error')
        .map(
          (problem) =>
            `      <failure message="${escapeXml(problem.message)}" type="error">${escapeXml(
              `${formatLocation(problem)}: ${problem.path ? `${problem.path}: ` : ''}${problem.message}`,
            )}</failure>`,
        );
      const warnings = entry.problems
        .filter((problem) => problem.severity === 'warning')
        .map(
          (problem) =>
            `${formatLocation(problem)}: ${problem.path ? `${problem.path}: ` : ''}${problem.message}`,
        );
      const out = warnings.length
        ? [`      <system-out>${warnings.map((line) => escapeXml(line)).join('\n')}</system-out>`]
        : [];
      return [
        `    <testcase classname="vmi-render.lint" name="${name}">`,
        ...failures,
        ...out,
        '    </testcase>',
      ].join('\n');
    });
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="vmi-render lint" tests="${report.entries.length}" failures="${report.entries.filter((e) => e.problems.some((p) => p.severity === 'error')).length}">`,
      `  <testsuite name="vmi-render lint" tests="${report.entries.length}" failures="${report.entries.filter((e) => e.problems.some((p) => p.severity === 'error')).length}">`,
      ...cases,
      '  </testsuite>',
      '</testsuites>',
      '',
    ].join('\n');
  }
  const all: InputProblem[] = [];
  for (const entry of report.entries) for (const problem of entry.problems) all.push(problem);
  const lines = sortProblems(all).map((problem) => formatProblem(problem, colour));
  const documents = report.entries.filter((entry) => entry.document !== '').length;
  lines.push(
    `${documents} document(s) checked: ${report.errors} error(s), ${report.warnings} warning(s)` +
      (report.failed ? '' : ' — ok'),
  );
  return lines.join('\n') + '\n';
}
