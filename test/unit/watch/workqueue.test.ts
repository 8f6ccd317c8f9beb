// The work queue: collapsing, one worker per key, per-key exponential backoff, forget, shutdown.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ExponentialRateLimiter, WorkQueue } from '../../../src/watch/workqueue.js';

const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('WorkQueue', () => {
  it('collapses repeated adds of a waiting key and keeps FIFO order', async () => {
    const queue = new WorkQueue();
    for (const key of ['a', 'b', 'a', 'c', 'b', 'a']) queue.add(key);
    assert.equal(queue.len(), 3);
    assert.deepEqual([await queue.get(), await queue.get(), await queue.get()], ['a', 'b', 'c']);
    assert.equal(queue.len(), 0);
  });

  it('never hands a key to two workers at once; a key added while processed comes back after done()', async () => {
    const queue = new WorkQueue();
    queue.add('a');
    const first = await queue.get();
    assert.equal(first, 'a');
    queue.add('a'); // an event arrives while a worker holds the key
    queue.add('a');
    assert.equal(queue.len(), 0, 'not handed out while processing');
    let second: string | undefined;
    void queue.get().then((key) => (second = key));
    await tick();
    assert.equal(second, undefined, 'a second worker waits');
    queue.done('a');
    await tick();
    assert.equal(second, 'a', 'processed again, once');
    queue.done('a');
    assert.equal(queue.len(), 0);
  });

  it('runs many concurrent workers without overlapping on a key', async () => {
    const queue = new WorkQueue();
    const active = new Set<string>();
    let overlaps = 0;
    let processed = 0;
    const worker = async (): Promise<void> => {
      for (;;) {
        const key = await queue.get();
        if (key === undefined) return;
        if (active.has(key)) overlaps++;
        active.add(key);
        await tick(Math.random() * 3);
        active.delete(key);
        processed++;
        queue.done(key);
      }
    };
    const workers = Promise.all(Array.from({ length: 5 }, worker));
    for (let round = 0; round < 50; round++) {
      queue.add(`k${round % 4}`);
      await tick(round % 3);
    }
    await tick(30);
    await queue.shutDown();
    await workers;
    assert.equal(overlaps, 0);
    assert.ok(processed >= 4 && processed <= 50, `processed ${processed}`);
  });

  it('retries with per-key exponential backoff and forgets on success', async () => {
    const limiter = new ExponentialRateLimiter(10, 45);
    assert.deepEqual(
      [limiter.when('a'), limiter.when('a'), limiter.when('a'), limiter.when('a')],
      [10, 20, 40, 45],
    );
    assert.equal(limiter.when('b'), 10, 'per key');
    assert.equal(limiter.failures('a'), 4);
    limiter.forget('a');
    assert.equal(limiter.when('a'), 10);

    const queue = new WorkQueue(new ExponentialRateLimiter(20, 1000));
    queue.add('x');
    const key = (await queue.get())!;
    const started = Date.now();
    assert.equal(queue.addRateLimited(key), 20);
    queue.done(key);
    assert.equal(queue.len(), 0, 'not before the delay');
    assert.equal(await queue.get(), 'x');
    assert.ok(Date.now() - started >= 15, 'after the delay');
    assert.equal(queue.numRequeues('x'), 1);
    assert.equal(queue.addRateLimited('x'), 40, 'doubles');
    queue.forget('x');
    assert.equal(queue.numRequeues('x'), 0);
    queue.done('x');
    await queue.shutDown();
  });

  it('addAfter keeps the earliest pending delay; add() during a delay is immediate', async () => {
    const queue = new WorkQueue();
    queue.addAfter('a', 1000);
    queue.addAfter('a', 10);
    queue.addAfter('a', 500);
    await tick(30);
    assert.equal(queue.len(), 1);
    assert.equal(await queue.get(), 'a');
    queue.done('a');
    queue.addAfter('b', 1000);
    queue.add('b');
    assert.equal(queue.len(), 1);
    await queue.shutDown();
  });

  it('shuts down: waiting workers get undefined, adds are ignored, in-flight keys are awaited', async () => {
    const queue = new WorkQueue();
    const waiting = queue.get();
    queue.add('busy');
    assert.equal(await waiting, 'busy');
    let drained = false;
    const shutdown = queue.shutDown().then(() => (drained = true));
    assert.equal(await queue.get(), undefined);
    queue.add('late');
    assert.equal(queue.len(), 0);
    await tick();
    assert.equal(drained, false, 'waits for the key being processed');
    queue.done('busy');
    await shutdown;
    assert.equal(drained, true);
  });
});
