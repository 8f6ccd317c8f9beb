// What `watch` reports per VMI (stdout): one line per result, text or JSON lines.

export type OutcomeKind =
  'applied' | 'admitted' | 'refused' | 'not-rendered' | 'left-alone' | 'skipped' | 'error' | 'gone';

export interface Outcome {
  kind: OutcomeKind;
  /** The launcher Pod's name. */
  pod?: string;
  /** For applied: what the apply did. */
  change?: 'created' | 'updated' | 'unchanged';
  message?: string;
  /** HTTP status of a refused apply. */
  code?: number;
  /** For error: when the key is retried. */
  retryInMs?: number;
}

export interface ReportEntry extends Outcome {
  vmi: string;
  uid?: string;
  dryRun: boolean;
}

/** Outcomes that count as success for --once. */
export const isSuccess = (kind: OutcomeKind): boolean => kind === 'applied' || kind === 'admitted';
/** Outcomes that say nothing about a VMI that still needs a Pod (--once ignores them). */
export const isNeutral = (kind: OutcomeKind): boolean => kind === 'gone' || kind === 'skipped';

export type Reporter = (entry: ReportEntry) => void;

export function formatEntry(entry: ReportEntry, format: 'text' | 'json'): string {
  if (format === 'json') {
    const { kind, vmi, uid, ...rest } = entry;
    return (
      JSON.stringify({
        time: new Date().toISOString(),
        outcome: kind,
        vmi,
        ...(uid ? { uid } : {}),
        ...rest,
      }) + '\n'
    );
  }
  const pod = entry.pod ? ` pod/${entry.pod}` : '';
  let detail = '';
  switch (entry.kind) {
    case 'applied':
      detail = `${pod} (${entry.change ?? 'applied'})`;
      break;
    case 'admitted':
      detail = `${pod} (server dry run)`;
      break;
    case 'refused':
      detail = `${pod}${entry.dryRun ? ' (server dry run)' : ''}: ${entry.message ?? ''}`;
      break;
    case 'error':
      detail = `: ${entry.message ?? ''}${entry.retryInMs !== undefined ? ` (retrying in ${formatDelay(entry.retryInMs)})` : ''}`;
      break;
    default:
      detail = entry.message ? `: ${entry.message}` : '';
  }
  return `${entry.kind} vmi/${entry.vmi}${detail}\n`;
}

function formatDelay(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)}ms` : `${Math.round(ms / 100) / 10}s`;
}

export function streamReporter(stream: NodeJS.WritableStream, format: 'text' | 'json'): Reporter {
  return (entry) => stream.write(formatEntry(entry, format));
}
