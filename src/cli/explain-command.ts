// `vmi-render explain FILE...`: per document, where the launcher Pod's figures come from (src/explain.ts),
// as a tree a person reads or as JSON.
import { Quantity } from '../quantity/quantity.js';
import {
  explainRender,
  type ExplainedQuantity,
  type ExplainedField,
  type ExplainedResource,
  type Explanation,
} from '../explain.js';
import type { DocumentOutcome, RunOutcome } from './render-command.js';

/** One document of the report: where it is, and its explanation or why it was not rendered. */
export type ExplainedDocument = {
  file: string;
  document: string;
  kind: string;
  name: string;
} & (
  | {
      error: string;
      resources?: undefined;
      scheduling?: undefined;
      containers?: undefined;
      volumes?: undefined;
      annotations?: undefined;
      labels?: undefined;
      securityContext?: undefined;
    }
  | (Explanation & { error?: undefined })
);

/** The explanation of one rendered (or failed) document. */
export function explainDocument(document: DocumentOutcome): ExplainedDocument {
  const head = {
    file: document.target.file === '-' ? '<stdin>' : document.target.file,
    document: document.target.label,
    kind: document.target.document.kind ?? '',
    name: (document.target.document.metadata?.name as string | undefined) ?? '',
  };
  const explanation = document.result && explainRender(document.result);
  if (explanation === undefined) return { ...head, error: document.error ?? 'not rendered' };
  return { ...head, ...explanation };
}

export function explainOutcome(outcome: RunOutcome): { documents: ExplainedDocument[] } {
  return { documents: outcome.documents.map((document) => explainDocument(document)) };
}

// ---- text output ----

const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];

/** A quantity in a unit a person reads: bytes as KiB..EiB, CPU as cores. */
export function humanQuantity(resource: string, text: string): string {
  const quantity = Quantity.parse(text);
  if (resource === 'cpu') {
    const cores = Number(quantity.milliValue()) / 1000;
    return `${String(cores)} CPU`;
  }
  if (resource === 'memory' || resource.startsWith('hugepages-') || resource === 'ephemeral-storage') {
    const negative = quantity.sign() < 0;
    let bytes = Math.abs(Number(quantity.value()));
    let unit = 0;
    while (bytes >= 1024 && unit < BINARY_UNITS.length - 1) {
      bytes /= 1024;
      unit++;
    }
    return `${negative ? '-' : ''}${trimNumber(bytes)} ${BINARY_UNITS[unit]}`;
  }
  return text;
}

function trimNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function textQuantity(
  lines: string[],
  indent: string,
  label: string,
  resource: string,
  figure: ExplainedQuantity | undefined,
): void {
  if (figure === undefined) {
    lines.push(`${indent}${label}: none`);
    return;
  }
  lines.push(`${indent}${label}: ${figure.value} (${humanQuantity(resource, figure.value)})`);
  const width = Math.max(...figure.terms.map((term) => term.value.length + 2));
  figure.terms.forEach((term, index) => {
    const negative = term.value.startsWith('-');
    const sign = index === 0 ? (negative ? '-' : ' ') : negative ? '-' : '+';
    const magnitude = negative ? term.value.slice(1) : term.value;
    const human = humanQuantity(resource, magnitude);
    const shown = human === magnitude ? '' : ` (${human})`;
    lines.push(`${indent}  ${sign} ${magnitude.padEnd(width)} ${term.name}${shown}: ${term.reason}`);
  });
}

function textResource(lines: string[], indent: string, resource: string, explained: ExplainedResource): void {
  textQuantity(lines, indent, `${resource} request`, resource, explained.request);
  textQuantity(lines, indent, `${resource} limit`, resource, explained.limit);
}

const MAX_TEXT_VALUE = 48;

/** A field's value on one line: a string as is, anything else as JSON; long values shortened. */
function textValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT_VALUE ? `${text.slice(0, MAX_TEXT_VALUE - 3)}...` : text;
}

function textFields(
  lines: string[],
  indent: string,
  label: string,
  fields: Record<string, ExplainedField>,
  separator: string,
): void {
  const entries = Object.entries(fields);
  lines.push(`${indent}${label}${entries.length ? '' : ': none'}`);
  for (const [key, field] of entries)
    lines.push(
      `${indent}  ${key}${separator}${textValue(field.value)}  from ${field.source}: ${field.reason}`,
    );
}

export function formatExplanationText(report: { documents: ExplainedDocument[] }): string {
  const lines: string[] = [];
  for (const document of report.documents) {
    if (lines.length) lines.push('');
    lines.push(`${document.file} (document ${document.document}): ${document.kind} "${document.name}"`);
    if (document.error !== undefined || !document.resources || !document.scheduling) {
      lines.push(`  not rendered: ${document.error ?? ''}`);
      continue;
    }
    const { compute, pod } = document.resources;
    lines.push('  compute container');
    textResource(lines, '    ', 'memory', compute.memory);
    textResource(lines, '    ', 'cpu', compute.cpu);
    for (const [name, resource] of Object.entries(compute.other)) {
      const request = resource.request?.value;
      const limit = resource.limit?.value;
      const reason = (resource.request ?? resource.limit)?.terms.map((term) => term.reason).join('; ') ?? '';
      lines.push(`    ${name}: request ${request ?? 'none'}, limit ${limit ?? 'none'}: ${reason}`);
    }
    for (const note of compute.notes) lines.push(`    note: ${note}`);
    lines.push(
      '  Pod (what the scheduler counts: max(sum of containers, largest init container) + overhead)',
    );
    textResource(lines, '    ', 'memory', pod.memory);
    textResource(lines, '    ', 'cpu', pod.cpu);
    lines.push('  scheduling');
    const selectors = Object.entries(document.scheduling.nodeSelector);
    lines.push(`    nodeSelector${selectors.length ? '' : ': none'}`);
    for (const [key, selector] of selectors)
      lines.push(`      ${key}=${selector.value}  from ${selector.source}: ${selector.reason}`);
    for (const [label, terms] of [
      ['affinity', document.scheduling.affinity],
      ['tolerations', document.scheduling.tolerations],
    ] as const) {
      lines.push(`    ${label}${terms.length ? '' : ': none'}`);
      for (const term of terms)
        lines.push(`      ${term.path} ${JSON.stringify(term.term)}  from ${term.source}: ${term.reason}`);
    }
    lines.push('  containers');
    for (const container of document.containers)
      lines.push(`    ${container.name} (${container.type})  from ${container.source}: ${container.reason}`);
    lines.push('  volumes');
    for (const volume of document.volumes)
      lines.push(`    ${volume.name}  from ${volume.source}: ${volume.reason}`);
    textFields(lines, '  ', 'annotations', document.annotations, '=');
    textFields(lines, '  ', 'labels', document.labels, '=');
    lines.push('  security context');
    textFields(lines, '    ', 'Pod', document.securityContext.pod, ': ');
    for (const [container, fields] of Object.entries(document.securityContext.containers))
      textFields(lines, '    ', container, fields, ': ');
  }
  return lines.join('\n') + '\n';
}

export function formatExplanation(outcome: RunOutcome, format: 'text' | 'json'): string {
  const report = explainOutcome(outcome);
  return format === 'json' ? JSON.stringify(report, null, 2) + '\n' : formatExplanationText(report);
}
