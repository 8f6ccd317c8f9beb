// `vmi-render lint`: every problem per document, as text, JSON or JUnit XML.
import type { ChalkInstance } from 'chalk';
import type { InputProblem } from '../errors.js';
import { formatLocation, formatProblem, sortProblems } from './report.js';
import { renderProblems, type RunOutcome } from './render-command.js';

export type LintFormat = 'text' | 'json' | 'junit';

export interface LintEntry {
  file: string;
  /** The document ("3", or "1/items[2]" for a List item); empty for problems of a whole file. */
  document: string;
  kind?: string;
  name?: string;
  problems: InputProblem[];
}

export interface LintReport {
  entries: LintEntry[];
  errors: number;
  warnings: number;
  failed: boolean;
}

export function lintOutcome(outcome: RunOutcome, strict: boolean): LintReport {
  const problems = renderProblems(outcome);
  const entries: LintEntry[] = [];
  const entryFor = (file: string, document: string): LintEntry => {
    let entry = entries.find((candidate) => candidate.file === file && candidate.document === document);
    if (!entry) entries.push((entry = { file, document, problems: [] }));
    return entry;
  };
  for (const target of outcome.documents.map((document) => document.target)) {
    const entry = entryFor(target.file === '-' ? '<stdin>' : target.file, target.label);
    entry.kind = target.document.kind;
    entry.name = (target.document.metadata?.name as string | undefined) ?? '';
  }
  for (const problem of problems) {
    const owner = outcome.documents.find(
      (document) =>
        (document.target.file === '-' ? '<stdin>' : document.target.file) === problem.location.file &&
        problem.location.line !== undefined &&
        document.target.source.locate(document.target.path).line <= problem.location.line,
    );
    const candidates = outcome.documents
      .filter(
        (document) =>
          (document.target.file === '-' ? '<stdin>' : document.target.file) === problem.location.file &&
          problem.location.line !== undefined &&
          document.target.source.locate(document.target.path).line <= problem.location.line,
      )
      .map((document) => document.target);
    const target = candidates.at(-1) ?? owner?.target;
    entryFor(problem.location.file, target?.label ?? '').problems.push(problem);
  }
  const all = entries.flatMap((entry) => entry.problems);
  const errors = all.filter((problem) => problem.severity === 'error').length;
  const warnings = all.length - errors;
  return { entries, errors, warnings, failed: errors > 0 || (strict && warnings > 0) };
}

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export function formatLintReport(report: LintReport, format: LintFormat, colour: ChalkInstance): string {
  if (format === 'json') {
    return (
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
            })),
          })),
        },
        null,
        2,
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
      const out = warnings.length ? [`      <system-out>${escapeXml(warnings.join('\n'))}</system-out>`] : [];
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
  const lines = sortProblems(report.entries.flatMap((entry) => entry.problems)).map((problem) =>
    formatProblem(problem, colour),
  );
  const documents = report.entries.filter((entry) => entry.document !== '').length;
  lines.push(
    `${documents} document(s) checked: ${report.errors} error(s), ${report.warnings} warning(s)` +
      (report.failed ? '' : ' — ok'),
  );
  return lines.join('\n') + '\n';
}
