// A rate-limited work queue with client-go's semantics (k8s.io/client-go/util/workqueue):
// - a key added while it waits is stored once (repeated events collapse);
// - a key is handed to one worker at a time: added while being processed, it is queued again only after done();
// - addRateLimited() re-adds a key after a per-key exponential backoff; forget() resets that key's failures.

export interface RateLimiter {
  /** The delay before a key may be retried; counts a failure. */
  when(key: string): number;
  forget(key: string): void;
  failures(key: string): number;
}

/** base * 2^failures, capped at max (client-go's ItemExponentialFailureRateLimiter). */
export class ExponentialRateLimiter implements RateLimiter {
  private readonly counts = new Map<string, number>();
  constructor(
    readonly baseMs = 500,
    readonly maxMs = 300_000,
  ) {}
  when(key: string): number {
    const failures = this.counts.get(key) ?? 0;
    this.counts.set(key, failures + 1);
    return Math.min(this.maxMs, this.baseMs * 2 ** Math.min(failures, 40));
  }
  forget(key: string): void {
    this.counts.delete(key);
  }
  failures(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}

export interface WorkQueueHooks {
  onAdd?(key: string): void;
  onRetry?(key: string, delayMs: number): void;
}

export class WorkQueue {
  private readonly queue: string[] = [];
  /** Keys waiting to be processed (in `queue`, or re-queued once their processing ends). */
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly waiting: ((key: string | undefined) => void)[] = [];
  private readonly timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  private shuttingDown = false;
  private drainWaiters: (() => void)[] = [];

  constructor(
    readonly rateLimiter: RateLimiter = new ExponentialRateLimiter(),
    private readonly hooks: WorkQueueHooks = {},
  ) {}

  add(key: string): void {
    if (this.shuttingDown) return;
    if (this.dirty.has(key)) return;
    this.hooks.onAdd?.(key);
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    this.push(key);
  }

  private push(key: string): void {
    const waiter = this.waiting.shift();
    if (waiter) {
      this.dirty.delete(key);
      this.processing.add(key);
      waiter(key);
    } else {
      this.queue.push(key);
    }
  }

  /** Add after a delay; an earlier pending delayed add of the same key wins. */
  addAfter(key: string, delayMs: number): void {
    if (this.shuttingDown) return;
    if (delayMs <= 0) return this.add(key);
    const at = Date.now() + delayMs;
    const pending = this.timers.get(key);
    if (pending && pending.at <= at) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.add(key);
    }, delayMs);
    this.timers.set(key, { at, timer });
  }

  /** Re-add after the key's backoff; returns the delay. */
  addRateLimited(key: string): number {
    const delay = this.rateLimiter.when(key);
    this.hooks.onRetry?.(key, delay);
    this.addAfter(key, delay);
    return delay;
  }

  forget(key: string): void {
    this.rateLimiter.forget(key);
  }

  numRequeues(key: string): number {
    return this.rateLimiter.failures(key);
  }

  /** The next key, marked as being processed; undefined once the queue shuts down. */
  get(): Promise<string | undefined> {
    if (this.shuttingDown) return Promise.resolve(undefined);
    const key = this.queue.shift();
    if (key !== undefined) {
      this.dirty.delete(key);
      this.processing.add(key);
      return Promise.resolve(key);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Processing of key ended; a key added meanwhile is queued again. */
  done(key: string): void {
    this.processing.delete(key);
    if (this.dirty.has(key) && !this.shuttingDown) this.push(key);
    if (!this.processing.size) for (const resolve of this.drainWaiters.splice(0)) resolve();
  }

  /** Keys waiting (not counting those being processed or delayed). */
  len(): number {
    return this.queue.length;
  }

  isProcessing(key: string): boolean {
    return this.processing.has(key);
  }

  isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /** Stop handing out keys; resolves when no key is being processed. */
  shutDown(): Promise<void> {
    this.shuttingDown = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const resolve of this.waiting.splice(0)) resolve(undefined);
    if (!this.processing.size) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }
}
