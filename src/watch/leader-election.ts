// Leader election on a coordination.k8s.io/v1 Lease with client-go's semantics
// (k8s.io/client-go/tools/leaderelection): the leader renews every retryPeriod and gives up when a renewal has not
// succeeded within renewDeadline; a candidate takes the lease when its holder is empty or has not changed the
// record for leaseDurationSeconds as observed on the candidate's own clock (no clock skew involved); each change of
// holder increments leaseTransitions; on shutdown the leader releases the lease (empty holder, 1s duration).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { RESOURCES } from './api-calls.js';
import { ApiError, errorMessage, type KubeClient } from './client.js';
import { sleep, type Logger } from './log.js';

export interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

export interface Lease {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; resourceVersion?: string };
  spec?: LeaseSpec;
}

/** The Lease API (a fake in unit tests). get resolves undefined for a missing Lease. */
export interface LeaseStore {
  get(timeoutMs: number): Promise<Lease | undefined>;
  create(lease: Lease, timeoutMs: number): Promise<Lease>;
  update(lease: Lease, timeoutMs: number): Promise<Lease>;
}

export function kubeLeaseStore(client: KubeClient, namespace: string, name: string): LeaseStore {
  return {
    async get(timeoutMs) {
      try {
        return await client.request<Lease>(RESOURCES.leases, 'get', { namespace, name, timeoutMs });
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404) return undefined;
        throw error;
      }
    },
    create: (lease, timeoutMs) =>
      client.request<Lease>(RESOURCES.leases, 'create', { namespace, body: lease, timeoutMs }),
    update: (lease, timeoutMs) =>
      client.request<Lease>(RESOURCES.leases, 'update', { namespace, name, body: lease, timeoutMs }),
  };
}

export interface LeaderElectionConfig {
  namespace: string;
  name: string;
  identity: string;
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
}

export const DEFAULT_LEASE_DURATION_MS = 15_000;
export const DEFAULT_RENEW_DEADLINE_MS = 10_000;
export const DEFAULT_RETRY_PERIOD_MS = 2_000;
/** client-go's JitterFactor for the acquire loop. */
const JITTER_FACTOR = 1.2;

/** client-go's checks of the durations. */
export function validateDurations(
  config: Pick<LeaderElectionConfig, 'leaseDurationMs' | 'renewDeadlineMs' | 'retryPeriodMs'>,
): string | undefined {
  if (config.leaseDurationMs <= config.renewDeadlineMs)
    return 'the lease duration must be greater than the renew deadline';
  if (config.renewDeadlineMs <= JITTER_FACTOR * config.retryPeriodMs) {
    return `the renew deadline must be greater than ${JITTER_FACTOR} x the retry period`;
  }
  if (config.retryPeriodMs < 1) return 'the retry period must be positive';
  if (config.leaseDurationMs < 1000) return 'the lease duration must be at least 1s';
  return undefined;
}

/** hostname_uuid, as client-go users commonly do. */
export const defaultIdentity = (): string => `${os.hostname()}_${randomUUID()}`;

/** metav1.MicroTime: RFC 3339 with microseconds. */
export const microTime = (date: Date): string => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

const sameRecord = (a: LeaseSpec | undefined, b: LeaseSpec | undefined): boolean =>
  (a?.holderIdentity ?? '') === (b?.holderIdentity ?? '') &&
  (a?.renewTime ?? '') === (b?.renewTime ?? '') &&
  (a?.acquireTime ?? '') === (b?.acquireTime ?? '') &&
  (a?.leaseTransitions ?? 0) === (b?.leaseTransitions ?? 0) &&
  (a?.leaseDurationSeconds ?? 0) === (b?.leaseDurationSeconds ?? 0);

export type LeadershipEnd = 'lost' | 'stopped';

export class LeaderElector {
  private observed: LeaseSpec | undefined;
  private observedAt = 0;
  private lease: Lease | undefined;
  private leading = false;

  constructor(
    private readonly store: LeaseStore,
    readonly config: LeaderElectionConfig,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  isLeader(): boolean {
    return this.leading;
  }

  /** The holder of the lease as last observed. */
  holder(): string | undefined {
    return this.observed?.holderIdentity || undefined;
  }

  private get leaseDurationSeconds(): number {
    return Math.max(1, Math.round(this.config.leaseDurationMs / 1000));
  }

  private observe(lease: Lease): void {
    if (!sameRecord(lease.spec, this.observed)) {
      this.observed = { ...lease.spec };
      this.observedAt = this.now();
    }
    this.lease = lease;
  }

  /** One attempt to acquire or renew; true when we hold the lease afterwards. */
  async tryAcquireOrRenew(timeoutMs: number): Promise<boolean> {
    const { identity, namespace, name } = this.config;
    const nowDate = new Date(this.now());
    let current: Lease | undefined;
    try {
      current = await this.store.get(timeoutMs);
    } catch (error) {
      this.log('warn', `leader election: cannot read lease ${namespace}/${name}: ${errorMessage(error)}`);
      return false;
    }
    if (!current) {
      const record: LeaseSpec = {
        holderIdentity: identity,
        leaseDurationSeconds: this.leaseDurationSeconds,
        acquireTime: microTime(nowDate),
        renewTime: microTime(nowDate),
        leaseTransitions: 0,
      };
      try {
        const created = await this.store.create(
          {
            apiVersion: 'coordination.k8s.io/v1',
            kind: 'Lease',
            metadata: { name, namespace },
            spec: record,
          },
          timeoutMs,
        );
        this.observe(created);
        return true;
      } catch (error) {
        this.log('warn', `leader election: cannot create lease ${namespace}/${name}: ${errorMessage(error)}`);
        return false;
      }
    }

    this.observe(current);
    const old = current.spec ?? {};
    const heldByOther = !!old.holderIdentity && old.holderIdentity !== identity;
    if (heldByOther && this.observedAt + (old.leaseDurationSeconds ?? 0) * 1000 > this.now()) return false;

    const weHeldIt = old.holderIdentity === identity;
    const record: LeaseSpec = {
      holderIdentity: identity,
      leaseDurationSeconds: this.leaseDurationSeconds,
      acquireTime: weHeldIt && old.acquireTime ? old.acquireTime : microTime(nowDate),
      renewTime: microTime(nowDate),
      leaseTransitions: weHeldIt ? (old.leaseTransitions ?? 0) : (old.leaseTransitions ?? 0) + 1,
    };
    try {
      const updated = await this.store.update(
        { ...current, spec: { ...current.spec, ...record } },
        timeoutMs,
      );
      this.observe(updated);
      return true;
    } catch (error) {
      const conflict = error instanceof ApiError && error.statusCode === 409;
      if (!conflict)
        this.log('warn', `leader election: cannot update lease ${namespace}/${name}: ${errorMessage(error)}`);
      return false;
    }
  }

  /** Try every retryPeriod (with jitter) until we hold the lease; false when aborted first. */
  async acquire(signal: AbortSignal): Promise<boolean> {
    const { retryPeriodMs, namespace, name, identity } = this.config;
    this.log('info', `leader election: ${identity} trying to acquire lease ${namespace}/${name}`);
    let lastHolder: string | undefined;
    while (!signal.aborted) {
      if (await this.tryAcquireOrRenew(Math.max(1000, retryPeriodMs))) {
        if (signal.aborted) break;
        this.leading = true;
        this.log('info', `leader election: acquired lease ${namespace}/${name} as ${identity}`);
        return true;
      }
      const holder = this.holder();
      if (holder !== lastHolder) {
        lastHolder = holder;
        if (holder)
          this.log('info', `leader election: lease ${namespace}/${name} is held by ${holder}; standing by`);
      }
      await sleep(retryPeriodMs * (1 + Math.random() * (JITTER_FACTOR - 1)), signal);
    }
    return false;
  }

  /** Renew until aborted ('stopped') or until a renewal does not succeed within renewDeadline ('lost'). */
  async renew(signal: AbortSignal): Promise<LeadershipEnd> {
    const { retryPeriodMs, renewDeadlineMs, namespace, name } = this.config;
    while (!signal.aborted) {
      await sleep(retryPeriodMs, signal);
      if (signal.aborted) break;
      const deadline = this.now() + renewDeadlineMs;
      let renewed = false;
      while (!signal.aborted && this.now() < deadline) {
        if (await this.tryAcquireOrRenew(Math.max(500, deadline - this.now()))) {
          renewed = true;
          break;
        }
        if (this.holder() && this.holder() !== this.config.identity) break; // someone else holds it now
        await sleep(Math.min(retryPeriodMs, Math.max(0, deadline - this.now())), signal);
      }
      if (signal.aborted) break;
      if (!renewed) {
        this.leading = false;
        this.log(
          'error',
          `leader election: lost lease ${namespace}/${name} (not renewed within ${renewDeadlineMs} ms)`,
        );
        return 'lost';
      }
    }
    return 'stopped';
  }

  /** Give the lease up (empty holder) so a standby takes over at once. */
  async release(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    const { namespace, name } = this.config;
    const nowText = microTime(new Date(this.now()));
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const current = attempt === 0 && this.lease ? this.lease : await this.store.get(5000);
        if (!current || (current.spec?.holderIdentity ?? '') !== this.config.identity) return;
        const released = await this.store.update(
          {
            ...current,
            spec: {
              ...current.spec,
              holderIdentity: '',
              leaseDurationSeconds: 1,
              acquireTime: nowText,
              renewTime: nowText,
              leaseTransitions: current.spec?.leaseTransitions ?? 0,
            },
          },
          5000,
        );
        this.observe(released);
        this.log('info', `leader election: released lease ${namespace}/${name}`);
        return;
      } catch (error) {
        if (!(error instanceof ApiError && error.statusCode === 409) || attempt === 1) {
          this.log(
            'warn',
            `leader election: cannot release lease ${namespace}/${name}: ${errorMessage(error)}`,
          );
          return;
        }
      }
    }
  }
}
