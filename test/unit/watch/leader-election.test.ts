// Leader election with client-go's semantics, on an in-memory Lease store and a fake clock.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../../src/watch/client.js';
import { silentLogger } from '../../../src/watch/log.js';
import {
  LeaderElector,
  microTime,
  validateDurations,
  type Lease,
  type LeaseStore,
} from '../../../src/watch/leader-election.js';

class MemoryLeaseStore implements LeaseStore {
  lease: Lease | undefined;
  private version = 0;
  failing = false;
  get(): Promise<Lease | undefined> {
    if (this.failing) return Promise.reject(new ApiError(503, 'unavailable'));
    return Promise.resolve(this.lease && structuredClone(this.lease));
  }
  create(lease: Lease): Promise<Lease> {
    if (this.failing) return Promise.reject(new ApiError(503, 'unavailable'));
    if (this.lease) return Promise.reject(new ApiError(409, 'already exists'));
    this.lease = {
      ...structuredClone(lease),
      metadata: { ...lease.metadata, resourceVersion: String(++this.version) },
    };
    return Promise.resolve(structuredClone(this.lease));
  }
  update(lease: Lease): Promise<Lease> {
    if (this.failing) return Promise.reject(new ApiError(503, 'unavailable'));
    if (lease.metadata?.resourceVersion !== this.lease?.metadata?.resourceVersion) {
      return Promise.reject(new ApiError(409, 'conflict'));
    }
    this.lease = {
      ...structuredClone(lease),
      metadata: { ...lease.metadata, resourceVersion: String(++this.version) },
    };
    return Promise.resolve(structuredClone(this.lease));
  }
}

const config = (identity: string) => ({
  namespace: 'ns',
  name: 'lease',
  identity,
  leaseDurationMs: 15_000,
  renewDeadlineMs: 10_000,
  retryPeriodMs: 2_000,
});

describe('LeaderElector', () => {
  it('creates the Lease when there is none, with client-go fields', async () => {
    const store = new MemoryLeaseStore();
    let now = Date.parse('2025-01-01T00:00:00.123Z');
    const a = new LeaderElector(store, config('a'), silentLogger, () => now);
    assert.equal(await a.tryAcquireOrRenew(1000), true);
    assert.deepEqual(store.lease?.spec, {
      holderIdentity: 'a',
      leaseDurationSeconds: 15,
      acquireTime: '2025-01-01T00:00:00.123000Z',
      renewTime: '2025-01-01T00:00:00.123000Z',
      leaseTransitions: 0,
    });
    now += 2000;
    assert.equal(await a.tryAcquireOrRenew(1000), true, 'renews');
    assert.equal(store.lease?.spec?.renewTime, '2025-01-01T00:00:02.123000Z');
    assert.equal(store.lease?.spec?.acquireTime, '2025-01-01T00:00:00.123000Z', 'keeps acquireTime');
    assert.equal(store.lease?.spec?.leaseTransitions, 0);
  });

  it('a candidate waits out leaseDuration on its own clock after the last change it observed, then takes over', async () => {
    const store = new MemoryLeaseStore();
    let now = 1_000_000;
    const clock = (): number => now;
    const a = new LeaderElector(store, config('a'), silentLogger, clock);
    const b = new LeaderElector(store, config('b'), silentLogger, clock);
    assert.equal(await a.tryAcquireOrRenew(1000), true);
    assert.equal(await b.tryAcquireOrRenew(1000), false);
    assert.equal(b.holder(), 'a');
    now += 10_000;
    assert.equal(await a.tryAcquireOrRenew(1000), true, 'a renews');
    assert.equal(await b.tryAcquireOrRenew(1000), false, 'b observes the renewal');
    now += 14_000;
    assert.equal(await b.tryAcquireOrRenew(1000), false, 'b saw the renewal 14s ago: still valid');
    now += 1_001;
    assert.equal(await b.tryAcquireOrRenew(1000), true, 'expired: b takes over');
    assert.equal(store.lease?.spec?.holderIdentity, 'b');
    assert.equal(store.lease?.spec?.leaseTransitions, 1);
    assert.equal(store.lease?.spec?.acquireTime, microTime(new Date(now)));
    assert.equal(await a.tryAcquireOrRenew(1000), false, 'a cannot renew a lease b holds');
  });

  it('release clears the holder and a candidate takes the lease at once', async () => {
    const store = new MemoryLeaseStore();
    const a = new LeaderElector(store, config('a'), silentLogger);
    const b = new LeaderElector(store, config('b'), silentLogger);
    assert.equal(await a.acquire(new AbortController().signal), true);
    assert.equal(a.isLeader(), true);
    assert.equal(await b.tryAcquireOrRenew(1000), false);
    await a.release();
    assert.equal(a.isLeader(), false);
    assert.equal(store.lease?.spec?.holderIdentity, '');
    assert.equal(store.lease?.spec?.leaseDurationSeconds, 1);
    assert.equal(await b.tryAcquireOrRenew(1000), true);
    assert.equal(store.lease?.spec?.leaseTransitions, 1);
  });

  it('loses leadership when renewals fail for renewDeadline', async () => {
    const store = new MemoryLeaseStore();
    const a = new LeaderElector(
      store,
      { ...config('a'), leaseDurationMs: 1500, renewDeadlineMs: 300, retryPeriodMs: 50 },
      silentLogger,
    );
    assert.equal(await a.acquire(new AbortController().signal), true);
    const renewing = a.renew(new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 120));
    assert.equal(a.isLeader(), true);
    store.failing = true;
    const started = Date.now();
    assert.equal(await renewing, 'lost');
    assert.ok(Date.now() - started >= 250, 'kept trying until the deadline');
    assert.equal(a.isLeader(), false);
  });

  it('renew stops when aborted', async () => {
    const store = new MemoryLeaseStore();
    const a = new LeaderElector(store, { ...config('a'), retryPeriodMs: 20 }, silentLogger);
    await a.acquire(new AbortController().signal);
    const stop = new AbortController();
    const renewing = a.renew(stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 60));
    stop.abort();
    assert.equal(await renewing, 'stopped');
  });

  it('acquire gives up when aborted while another holder keeps the lease', async () => {
    const store = new MemoryLeaseStore();
    await new LeaderElector(store, config('a'), silentLogger).tryAcquireOrRenew(1000);
    const b = new LeaderElector(store, { ...config('b'), retryPeriodMs: 10 }, silentLogger);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    assert.equal(await b.acquire(stop.signal), false);
  });

  it('validates durations like client-go', () => {
    assert.equal(
      validateDurations({ leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 }),
      undefined,
    );
    assert.match(
      validateDurations({ leaseDurationMs: 10_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 }) ?? '',
      /lease duration/,
    );
    assert.match(
      validateDurations({ leaseDurationMs: 15_000, renewDeadlineMs: 2_000, retryPeriodMs: 2_000 }) ?? '',
      /renew deadline/,
    );
  });
});
