// Diagnostics of the controller (to stderr); per-VMI results are reported separately (see report.ts).

export type LogLevel = 'info' | 'warn' | 'error';
export type Logger = (level: LogLevel, message: string) => void;

export const silentLogger: Logger = () => undefined;

export function streamLogger(stream: NodeJS.WritableStream, format: 'text' | 'json', verbose = true): Logger {
  return (level, message) => {
    if (level === 'info' && !verbose) return;
    const time = new Date().toISOString();
    if (format === 'json') stream.write(JSON.stringify({ time, level, msg: message }) + '\n');
    else stream.write(`${time} ${level.toUpperCase().padEnd(5)} ${message}\n`);
  };
}

/** Resolves after ms, or at once when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Exponential backoff with jitter: base * 2^attempt, capped, times a random factor in [1, 1+jitter). */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, jitter = 0): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.min(maxMs, raw * (1 + Math.random() * jitter));
}
