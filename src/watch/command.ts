// `vmi-render watch`: keep the rendered launcher Pod of every VMI applied (a controller), or check them all once.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { ARCHES, type Arch } from '../cluster/cluster-config.js';
import { ClusterError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError, VmiRenderError } from '../errors.js';
import { KUBEVIRT_VERSIONS, matchRelease, unsupportedVersionMessage } from '../release/release.js';
import type {
  ConfigMap,
  Namespace,
  NetworkAttachmentDefinition,
  PersistentVolumeClaim,
  Pod,
  ResourceQuota,
} from '../types/k8s.js';
import type { KubeVirt, VirtualMachineInstance } from '../types/kubevirt.js';
import { RESOURCES } from './api-calls.js';
import { KubeClient } from './client.js';
import { Controller, type ControllerInformers } from './controller.js';
import { startHealthServer, type HealthServer } from './health.js';
import { Informer, type InformerOptions, type KubeObject } from './informer.js';
import {
  DEFAULT_LEASE_DURATION_MS,
  DEFAULT_RENEW_DEADLINE_MS,
  DEFAULT_RETRY_PERIOD_MS,
  LeaderElector,
  defaultIdentity,
  kubeLeaseStore,
  validateDurations,
  type LeadershipEnd,
} from './leader-election.js';
import { streamLogger, type Logger } from './log.js';
import { WatchMetrics } from './metrics.js';
import { CREATED_BY_LABEL } from './pod-name.js';
import { streamReporter } from './report.js';
import { ExponentialRateLimiter, WorkQueue } from './workqueue.js';

export interface WatchIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export const DEFAULT_FIELD_MANAGER = 'vmi-render';
export const DEFAULT_LEASE_NAME = 'vmi-render-watch';
const DEFAULT_WORKERS = 3;
const ONCE_SYNC_TIMEOUT_MS = 120_000;
const ONCE_MAX_RETRIES = 5;

export interface WatchOptions {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  allNamespaces: boolean;
  dryRun: boolean;
  fieldManager: string;
  workers: number;
  once: boolean;
  leaderElect: boolean;
  leaseNamespace?: string;
  leaseName: string;
  leaderElectIdentity?: string;
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
  healthAddr?: string;
  arch: Arch;
  kubevirtVersion?: string;
  launcherImage?: string;
  sidecarShimImage?: string;
  output: 'text' | 'json';
  syncTimeoutMs?: number;
  retryBaseMs: number;
  retryMaxMs: number;
  quiet: boolean;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A Go-style duration (1m30s, 500ms, 2.5s) or a number of seconds, in milliseconds. */
export function parseDuration(value: string): number {
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (!parts.length || parts.map((part) => part[0]).join('') !== text) {
    throw new InvalidArgumentError(`expected a duration such as 15s, 500ms or 1m30s, got "${value}"`);
  }
  return parts.reduce((total, part) => total + Number(part[1]) * UNITS[part[2]!]!, 0);
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError(`expected a positive integer, got "${value}"`);
  return number;
}

function parseKubevirtVersion(value: string): string {
  if (!matchRelease(value)) throw new InvalidArgumentError(unsupportedVersionMessage(value));
  return value;
}

function buildCommand(io: WatchIO): Command {
  const hidden = (option: Option): Option => option.hideHelp();
  return new Command('vmi-render watch')
    .description(
      'Keep the rendered virt-launcher Pod of every VirtualMachineInstance applied (server-side apply), like virt-controller.\n' +
        'A VMI whose launcher Pod exists and is managed by someone else (virt-controller) is left alone and reported.',
    )
    .usage('[options]')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .showHelpAfterError('(run vmi-render watch --help for usage)')
    .option(
      '--kubeconfig <FILE>',
      'kubeconfig file (default: $KUBECONFIG, ~/.kube/config, or the in-cluster config)',
    )
    .option('--context <NAME>', 'kubeconfig context to use')
    .option('-n, --namespace <NS>', "watch one namespace (default: the context's namespace)")
    .option('-A, --all-namespaces', 'watch every namespace')
    .addOption(
      new Option(
        '--dry-run <MODE>',
        'server: apply with dryRun=All and report admitted or refused, changing nothing',
      ).choices(['server', 'none']),
    )
    .option('--field-manager <NAME>', 'field manager of the server-side apply', DEFAULT_FIELD_MANAGER)
    .option('--workers <N>', 'VMIs reconciled concurrently', positiveInteger, DEFAULT_WORKERS)
    .option('--once', 'process every VMI once after the caches synced, then exit (0: all applied/admitted)')
    .option('--leader-elect', 'act only while holding the leader Lease (for several replicas)')
    .option('--lease-namespace <NS>', "namespace of the leader Lease (default: the context's namespace)")
    .option('--health-addr <HOST:PORT>', 'serve /healthz, /readyz, /leader and /metrics here')
    .addOption(
      new Option('--arch <ARCH>', 'architecture virt-controller runs on').choices(ARCHES).default('amd64'),
    )
    .option(
      '--kubevirt-version <VERSION>',
      `KubeVirt release to reproduce: ${KUBEVIRT_VERSIONS.join(', ')} (default: the cluster's KubeVirt CR, see render --help)`,
      parseKubevirtVersion,
    )
    .option('--launcher-image <IMAGE>', 'virt-launcher image (default: derived from the KubeVirt CR)')
    .option('--sidecar-shim-image <IMAGE>', 'hook sidecar shim image (default: derived from the KubeVirt CR)')
    .addOption(
      new Option('-o, --output <FORMAT>', 'per-VMI report format (stdout)')
        .choices(['text', 'json'])
        .default('text'),
    )
    .option(
      '--sync-timeout <DURATION>',
      'give up when the caches have not synced in time (default: 2m with --once, never otherwise)',
      parseDuration,
    )
    .option('-q, --quiet', 'log only warnings and errors (stderr)')
    .addOption(hidden(new Option('--leader-elect-resource-name <NAME>').default(DEFAULT_LEASE_NAME)))
    .addOption(hidden(new Option('--leader-elect-identity <ID>')))
    .addOption(
      hidden(
        new Option('--leader-elect-lease-duration <DURATION>')
          .env('VMI_RENDER_LEADER_ELECT_LEASE_DURATION')
          .argParser(parseDuration)
          .default(DEFAULT_LEASE_DURATION_MS),
      ),
    )
    .addOption(
      hidden(
        new Option('--leader-elect-renew-deadline <DURATION>')
          .env('VMI_RENDER_LEADER_ELECT_RENEW_DEADLINE')
          .argParser(parseDuration)
          .default(DEFAULT_RENEW_DEADLINE_MS),
      ),
    )
    .addOption(
      hidden(
        new Option('--leader-elect-retry-period <DURATION>')
          .env('VMI_RENDER_LEADER_ELECT_RETRY_PERIOD')
          .argParser(parseDuration)
          .default(DEFAULT_RETRY_PERIOD_MS),
      ),
    )
    .addOption(hidden(new Option('--retry-backoff-base <DURATION>').argParser(parseDuration).default(500)))
    .addOption(hidden(new Option('--retry-backoff-max <DURATION>').argParser(parseDuration).default(300_000)))
    .allowExcessArguments(false);
}

export function parseWatchArgs(args: string[], io: WatchIO): WatchOptions {
  const command = buildCommand(io);
  command.parse(args, { from: 'user' });
  const o = command.opts<Record<string, unknown>>();
  if (o.namespace !== undefined && o.allNamespaces)
    throw new UsageError('--namespace and --all-namespaces are exclusive');
  const options: WatchOptions = {
    kubeconfig: o.kubeconfig as string | undefined,
    context: o.context as string | undefined,
    namespace: o.namespace as string | undefined,
    allNamespaces: o.allNamespaces === true,
    dryRun: o.dryRun === 'server',
    fieldManager: o.fieldManager as string,
    workers: o.workers as number,
    once: o.once === true,
    leaderElect: o.leaderElect === true,
    leaseNamespace: o.leaseNamespace as string | undefined,
    leaseName: o.leaderElectResourceName as string,
    leaderElectIdentity: o.leaderElectIdentity as string | undefined,
    leaseDurationMs: o.leaderElectLeaseDuration as number,
    renewDeadlineMs: o.leaderElectRenewDeadline as number,
    retryPeriodMs: o.leaderElectRetryPeriod as number,
    healthAddr: o.healthAddr as string | undefined,
    arch: o.arch as Arch,
    kubevirtVersion: o.kubevirtVersion as string | undefined,
    launcherImage: o.launcherImage as string | undefined,
    sidecarShimImage: o.sidecarShimImage as string | undefined,
    output: o.output as 'text' | 'json',
    syncTimeoutMs: o.syncTimeout as number | undefined,
    retryBaseMs: o.retryBackoffBase as number,
    retryMaxMs: o.retryBackoffMax as number,
    quiet: o.quiet === true,
  };
  if (!options.fieldManager.trim()) throw new UsageError('--field-manager must not be empty');
  if (options.leaderElect) {
    const problem = validateDurations(options);
    if (problem) throw new UsageError(`leader election: ${problem}`);
  }
  return options;
}

/**
 * Runs `vmi-render watch`; resolves to the exit code (EXIT_OK, EXIT_FAILURE for failed VMIs or a cluster that
 * failed it, EXIT_USAGE). An error that is none of vmi-render's own is a bug: it is rethrown for the CLI's
 * top-level handler, which reports it as one (EXIT_INTERNAL), as for every other command.
 */
export async function runWatch(args: string[], io: WatchIO): Promise<number> {
  let options: WatchOptions;
  try {
    options = parseWatchArgs(args, io);
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.help'
        ? EXIT_OK
        : EXIT_USAGE;
    }
    if (error instanceof UsageError) {
      io.stderr.write(`vmi-render watch: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
  try {
    return await execute(options, io);
  } catch (error) {
    if (!(error instanceof VmiRenderError)) throw error;
    io.stderr.write(`vmi-render watch: ${error.message}\n`);
    return error.exitCode;
  }
}

function makeInformers(
  client: KubeClient,
  namespace: string | undefined,
  log: Logger,
  metrics: WatchMetrics,
): ControllerInformers {
  const base = { namespace, log, metrics };
  const make = <T extends KubeObject>(options: Omit<InformerOptions, 'log' | 'metrics'>): Informer<T> =>
    new Informer<T>(client, { ...base, ...options });
  return {
    virtualMachineInstances: make<VirtualMachineInstance>({
      resource: RESOURCES.virtualMachineInstances,
      namespace,
    }),
    // the KubeVirt CR lives in KubeVirt's own namespace, whatever namespace the VMIs are watched in
    kubeVirts: make<KubeVirt>({ resource: RESOURCES.kubeVirts, namespace: undefined }),
    pods: make<Pod>({ resource: RESOURCES.pods, namespace, labelSelector: CREATED_BY_LABEL }),
    persistentVolumeClaims: make<PersistentVolumeClaim>({
      resource: RESOURCES.persistentVolumeClaims,
      namespace,
    }),
    networkAttachmentDefinitions: make<NetworkAttachmentDefinition>({
      resource: RESOURCES.networkAttachmentDefinitions,
      namespace,
      optional: true,
    }),
    configMaps: make<ConfigMap>({ resource: RESOURCES.configMaps, namespace }),
    namespaces: make<Namespace>({
      resource: RESOURCES.namespaces,
      namespace: undefined,
      fieldSelector: namespace ? `metadata.name=${namespace}` : undefined,
    }),
    resourceQuotas: make<ResourceQuota>({ resource: RESOURCES.resourceQuotas, namespace }),
  };
}

async function execute(options: WatchOptions, io: WatchIO): Promise<number> {
  const log = streamLogger(io.stderr, options.output, !options.quiet);
  const client = await KubeClient.load({ kubeconfig: options.kubeconfig, context: options.context });
  const namespace = options.allNamespaces ? undefined : (options.namespace ?? client.contextNamespace);
  const metrics = new WatchMetrics();
  const informers = makeInformers(client, namespace, log, metrics);
  const all = Object.values(informers) as Informer[];
  const queue = new WorkQueue(new ExponentialRateLimiter(options.retryBaseMs, options.retryMaxMs), {
    onAdd: () => metrics.queueAdds.inc(),
    onRetry: () => metrics.queueRetries.inc(),
  });
  const controller = new Controller(
    client,
    informers,
    {
      fieldManager: options.fieldManager,
      dryRun: options.dryRun,
      arch: options.arch,
      kubevirtVersion: options.kubevirtVersion,
      launcherImage: options.launcherImage,
      sidecarShimImage: options.sidecarShimImage,
      workers: options.workers,
      onceMaxRetries: ONCE_MAX_RETRIES,
    },
    streamReporter(io.stdout, options.output),
    metrics,
    log,
    queue,
  );

  const elector = options.leaderElect
    ? new LeaderElector(
        kubeLeaseStore(client, options.leaseNamespace ?? client.contextNamespace, options.leaseName),
        {
          namespace: options.leaseNamespace ?? client.contextNamespace,
          name: options.leaseName,
          identity: options.leaderElectIdentity ?? defaultIdentity(),
          leaseDurationMs: options.leaseDurationMs,
          renewDeadlineMs: options.renewDeadlineMs,
          retryPeriodMs: options.retryPeriodMs,
        },
        log,
      )
    : undefined;
  metrics.leader.collect = () => (elector ? (elector.isLeader() ? 1 : 0) : 1);

  // shutdown: SIGTERM / SIGINT
  const shutdown = new AbortController();
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (shuttingDown) {
      log('warn', `${signal} again: still shutting down`);
      return;
    }
    shuttingDown = true;
    log('info', `${signal} received: stopping`);
    shutdown.abort();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  let health: HealthServer | undefined;
  let exitCode = EXIT_OK;
  try {
    if (options.healthAddr) {
      health = await startHealthServer(options.healthAddr, {
        live: () => !shuttingDown,
        ready: () => {
          const pending = all.filter((informer) => !informer.hasSynced()).map((informer) => informer.label);
          return pending.length
            ? { ready: false, detail: `caches not synced: ${pending.join(', ')}` }
            : { ready: true, detail: 'ok' };
        },
        leader: () => ({
          leader: elector ? elector.isLeader() : !shuttingDown,
          leaderElection: !!elector,
          ...(elector ? { identity: elector.config.identity, holderIdentity: elector.holder() ?? '' } : {}),
        }),
        metrics,
      });
      log('info', `health: serving ${health.url}/healthz, /readyz, /leader, /metrics`);
    }

    const scope = namespace ? `namespace ${namespace}` : 'all namespaces';
    log(
      'info',
      `watch: ${scope}, field manager "${options.fieldManager}"${options.dryRun ? ', server dry run' : ''}${options.once ? ', once' : ''} (API server ${client.server})`,
    );
    if (!options.once) controller.registerEventHandlers();
    for (const informer of all) informer.start();

    // nothing is processed before every cache has synced
    const syncTimeoutMs = options.syncTimeoutMs ?? (options.once ? ONCE_SYNC_TIMEOUT_MS : undefined);
    const synced = await waitForSync(all, shutdown.signal, syncTimeoutMs);
    // an interrupted --once has not checked every VMI
    if (shutdown.signal.aborted) return options.once ? EXIT_FAILURE : EXIT_OK;
    if (!synced) {
      const pending = all.filter((informer) => !informer.hasSynced());
      throw new ClusterError(
        `caches did not sync within ${syncTimeoutMs} ms: ${pending.map((i) => `${i.label}${i.lastError ? ` (${i.lastError})` : ''}`).join(', ')}`,
      );
    }
    log(
      'info',
      `caches synced: ${informers.virtualMachineInstances.size} VMIs, ${informers.pods.size} launcher Pods` +
        (informers.networkAttachmentDefinitions.isAbsent()
          ? ' (NetworkAttachmentDefinitions not served)'
          : ''),
    );

    // leadership
    let leadership: Promise<LeadershipEnd> | undefined;
    const leading = new AbortController();
    if (elector) {
      if (!(await elector.acquire(shutdown.signal))) return options.once ? EXIT_FAILURE : EXIT_OK;
      metrics.leaderTransitions.inc();
      leadership = elector.renew(AbortSignal.any([shutdown.signal, leading.signal]));
    }

    if (options.once) {
      const lost = new AbortController();
      void leadership?.then((end) => end === 'lost' && lost.abort());
      const result = await controller.runOnce(AbortSignal.any([shutdown.signal, lost.signal]));
      log(
        'info',
        `once: ${result.succeeded} of ${result.total} VMIs ${options.dryRun ? 'admitted' : 'applied'}, ${result.failed} failed`,
      );
      exitCode = result.failed > 0 || lost.signal.aborted ? EXIT_FAILURE : EXIT_OK;
    } else {
      controller.enqueueAll();
      const workers = controller.runWorkers();
      const end = await Promise.race([
        new Promise<'stopped'>((resolve) => {
          if (shutdown.signal.aborted) resolve('stopped');
          shutdown.signal.addEventListener('abort', () => resolve('stopped'), { once: true });
        }),
        leadership ?? new Promise<never>(() => undefined),
        workers.then((): 'stopped' => 'stopped'), // only ends early by failing
      ]);
      if (end === 'lost') {
        log('error', 'leader election lost: stopping');
        exitCode = EXIT_FAILURE;
      }
      await controller.queue.shutDown();
      await workers;
    }
    leading.abort();
    await leadership;
    return exitCode;
  } finally {
    shuttingDown = true;
    await controller.queue.shutDown();
    await elector?.release();
    await Promise.all(all.map((informer) => informer.stop()));
    await health?.close();
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  }
}

async function waitForSync(
  informers: Informer[],
  signal: AbortSignal,
  timeoutMs: number | undefined,
): Promise<boolean> {
  const timeout = new AbortController();
  const timer = timeoutMs ? setTimeout(() => timeout.abort(), timeoutMs) : undefined;
  const any = AbortSignal.any([signal, timeout.signal]);
  try {
    await Promise.race([
      Promise.all(informers.map((informer) => informer.waitForSync())),
      new Promise<void>((resolve) => {
        if (any.aborted) resolve();
        any.addEventListener('abort', () => resolve(), { once: true });
      }),
    ]);
    return informers.every((informer) => informer.hasSynced());
  } finally {
    if (timer) clearTimeout(timer);
  }
}
