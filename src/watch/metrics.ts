// Prometheus metrics in the text exposition format (version 0.0.4), without a client library.

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type Labels = Record<string, string>;

const escapeLabel = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

function labelText(labels: Labels, extra?: [string, string]): string {
  const entries = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  if (extra) entries.push(extra);
  if (!entries.length) return '';
  return `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

const labelKey = (labels: Labels): string =>
  JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

interface Metric {
  name: string;
  render(): string[];
}

abstract class LabelledMetric<V> implements Metric {
  protected readonly series = new Map<string, { labels: Labels; value: V }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' | 'histogram',
  ) {}
  protected entry(labels: Labels, initial: () => V): { labels: Labels; value: V } {
    const key = labelKey(labels);
    let entry = this.series.get(key);
    if (!entry) this.series.set(key, (entry = { labels: { ...labels }, value: initial() }));
    return entry;
  }
  protected abstract lines(labels: Labels, value: V): string[];
  render(): string[] {
    const out = [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} ${this.type}`];
    for (const { labels, value } of this.series.values()) out.push(...this.lines(labels, value));
    return out;
  }
}

export class Counter extends LabelledMetric<number> {
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }
  inc(labels: Labels = {}, by = 1): void {
    this.entry(labels, () => 0).value += by;
  }
  get(labels: Labels = {}): number {
    return this.series.get(labelKey(labels))?.value ?? 0;
  }
  protected lines(labels: Labels, value: number): string[] {
    return [`${this.name}${labelText(labels)} ${formatValue(value)}`];
  }
}

export class Gauge extends LabelledMetric<number> {
  /** Read the value at scrape time instead of set(). */
  collect: (() => number) | undefined;
  constructor(name: string, help: string) {
    super(name, help, 'gauge');
  }
  set(value: number, labels: Labels = {}): void {
    this.entry(labels, () => 0).value = value;
  }
  get(labels: Labels = {}): number {
    return this.series.get(labelKey(labels))?.value ?? 0;
  }
  override render(): string[] {
    if (this.collect) this.set(this.collect());
    return super.render();
  }
  protected lines(labels: Labels, value: number): string[] {
    return [`${this.name}${labelText(labels)} ${formatValue(value)}`];
  }
}

interface HistogramValue {
  buckets: number[];
  sum: number;
  count: number;
}

export class Histogram extends LabelledMetric<HistogramValue> {
  constructor(
    name: string,
    help: string,
    readonly bounds: readonly number[],
  ) {
    super(name, help, 'histogram');
  }
  observe(value: number, labels: Labels = {}): void {
    const entry = this.entry(labels, () => ({ buckets: this.bounds.map(() => 0), sum: 0, count: 0 })).value;
    this.bounds.forEach((bound, index) => {
      if (value <= bound) entry.buckets[index]! += 1;
    });
    entry.sum += value;
    entry.count += 1;
  }
  protected lines(labels: Labels, value: HistogramValue): string[] {
    const out = this.bounds.map(
      (bound, index) =>
        `${this.name}_bucket${labelText(labels, ['le', formatValue(bound)])} ${value.buckets[index]}`,
    );
    out.push(`${this.name}_bucket${labelText(labels, ['le', '+Inf'])} ${value.count}`);
    out.push(`${this.name}_sum${labelText(labels)} ${formatValue(value.sum)}`);
    out.push(`${this.name}_count${labelText(labels)} ${value.count}`);
    return out;
  }
}

/** The metrics of one `watch` process. */
export class WatchMetrics {
  private readonly all: Metric[] = [];
  private register<M extends Metric>(metric: M): M {
    this.all.push(metric);
    return metric;
  }

  readonly queueDepth = this.register(
    new Gauge('vmi_render_watch_queue_depth', 'Keys waiting in the work queue.'),
  );
  readonly queueAdds = this.register(
    new Counter('vmi_render_watch_queue_adds_total', 'Keys added to the work queue.'),
  );
  readonly queueRetries = this.register(
    new Counter(
      'vmi_render_watch_queue_retries_total',
      'Keys re-added to the work queue after a failure (with backoff).',
    ),
  );
  readonly reconciles = this.register(
    new Counter(
      'vmi_render_watch_reconcile_total',
      'VMI reconciles by outcome (applied, admitted, refused, not-rendered, left-alone, error, gone).',
    ),
  );
  readonly reconcileSeconds = this.register(
    new Histogram(
      'vmi_render_watch_reconcile_duration_seconds',
      'Time to reconcile one VMI (render and apply).',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ),
  );
  readonly applies = this.register(
    new Counter(
      'vmi_render_watch_apply_total',
      'Server-side apply requests sent for launcher Pods, by dry_run.',
    ),
  );
  readonly applyErrors = this.register(
    new Counter(
      'vmi_render_watch_apply_errors_total',
      'Server-side apply requests that failed, by HTTP status code (0: no answer).',
    ),
  );
  readonly informerSynced = this.register(
    new Gauge('vmi_render_watch_informer_synced', '1 when the cache of a resource has synced.'),
  );
  readonly informerRestarts = this.register(
    new Counter(
      'vmi_render_watch_informer_errors_total',
      'List or watch failures (followed by a reconnect with backoff).',
    ),
  );
  readonly informerRelists = this.register(
    new Counter(
      'vmi_render_watch_informer_relists_total',
      'Full lists of a resource (the first one, and after 410 Gone).',
    ),
  );
  readonly leader = this.register(
    new Gauge(
      'vmi_render_watch_leader',
      '1 while this process is the leader (or runs without --leader-elect).',
    ),
  );
  readonly leaderTransitions = this.register(
    new Counter('vmi_render_watch_leader_acquired_total', 'Times this process acquired the leader lease.'),
  );

  render(): string {
    return this.all.flatMap((metric) => metric.render()).join('\n') + '\n';
  }
}
