// Small pieces of `watch`: Pod names, durations, flags, the health server, metrics and report formats.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isDeclared, RESOURCES, resourcePath } from '../../../src/watch/api-calls.js';
import { parseDuration, parseWatchArgs } from '../../../src/watch/command.js';
import { parseHostPort, startHealthServer } from '../../../src/watch/health.js';
import { WatchMetrics } from '../../../src/watch/metrics.js';
import { launcherPodName } from '../../../src/watch/pod-name.js';
import { formatEntry } from '../../../src/watch/report.js';
import { runWatch } from '../../../src/watch/command.js';
import { PassThrough } from 'node:stream';

describe('launcherPodName', () => {
  it('is virt-launcher-<name> when that fits in 63 characters', () => {
    assert.equal(launcherPodName('fedora'), 'virt-launcher-fedora');
    const fits = 'x'.repeat(63 - 'virt-launcher-'.length);
    assert.equal(launcherPodName(fits), `virt-launcher-${fits}`);
  });
  it('truncates and appends a stable hash of the whole name otherwise', () => {
    const long = `${'a'.repeat(37)}-.${'b'.repeat(40)}`;
    const name = launcherPodName(long);
    assert.equal(name.length <= 63, true);
    assert.match(name, /^virt-launcher-a{37}-[0-9a-f]{10}$/);
    assert.equal(launcherPodName(long), name, 'stable');
    assert.notEqual(launcherPodName(`${long}c`), name, 'distinct names stay distinct');
  });
});

describe('flags', () => {
  const io = { stdout: new PassThrough(), stderr: new PassThrough() };
  it('parses durations Go-style or as seconds', () => {
    assert.equal(parseDuration('15s'), 15_000);
    assert.equal(parseDuration('500ms'), 500);
    assert.equal(parseDuration('1m30s'), 90_000);
    assert.equal(parseDuration('2'), 2_000);
    assert.equal(parseDuration('1.5s'), 1_500);
    assert.throws(() => parseDuration('soon'));
    assert.throws(() => parseDuration('5x'));
  });
  it('has the documented defaults', () => {
    const options = parseWatchArgs([], io);
    assert.equal(options.fieldManager, 'vmi-render');
    assert.equal(options.dryRun, false);
    assert.equal(options.leaseDurationMs, 15_000);
    assert.equal(options.renewDeadlineMs, 10_000);
    assert.equal(options.retryPeriodMs, 2_000);
    assert.equal(options.leaseName, 'vmi-render-watch');
  });
  it('reads the flags', () => {
    const options = parseWatchArgs(
      [
        '-A',
        '--dry-run=server',
        '--field-manager',
        'me',
        '--workers',
        '7',
        '--once',
        '--leader-elect',
        '--leader-elect-lease-duration',
        '4s',
        '--leader-elect-renew-deadline',
        '3s',
        '--leader-elect-retry-period',
        '1s',
      ],
      io,
    );
    assert.equal(options.allNamespaces, true);
    assert.equal(options.dryRun, true);
    assert.equal(options.fieldManager, 'me');
    assert.equal(options.workers, 7);
    assert.equal(options.once, true);
    assert.equal(options.leaseDurationMs, 4000);
  });
  it('exits 2 on usage errors', async () => {
    const stderr = new PassThrough();
    const text = (): string => String(stderr.read() ?? '');
    assert.equal(await runWatch(['--dry-run=client'], { stdout: new PassThrough(), stderr }), 2);
    assert.match(text(), /dry-run/);
    assert.equal(await runWatch(['-n', 'a', '-A'], { stdout: new PassThrough(), stderr }), 2);
    assert.match(text(), /exclusive/);
    assert.equal(
      await runWatch(['--leader-elect', '--leader-elect-renew-deadline', '20s'], {
        stdout: new PassThrough(),
        stderr,
      }),
      2,
    );
    assert.match(text(), /lease duration/);
    assert.equal(await runWatch(['--workers', '0'], { stdout: new PassThrough(), stderr }), 2);
    assert.equal(await runWatch(['extra'], { stdout: new PassThrough(), stderr }), 2);
    assert.equal(await runWatch(['--help'], { stdout: new PassThrough(), stderr }), 0);
  });
  it('exits 1 when the kubeconfig cannot be loaded', async () => {
    const stderr = new PassThrough();
    assert.equal(
      await runWatch(['--kubeconfig', '/nonexistent/kubeconfig', '--once'], {
        stdout: new PassThrough(),
        stderr,
      }),
      1,
    );
    assert.match(String(stderr.read()), /kubeconfig/);
  });
});

describe('api calls', () => {
  it('builds paths and refuses undeclared calls', () => {
    assert.equal(resourcePath(RESOURCES.pods, 'ns', 'p'), '/api/v1/namespaces/ns/pods/p');
    assert.equal(resourcePath(RESOURCES.namespaces, undefined, 'ns'), '/api/v1/namespaces/ns');
    assert.equal(
      resourcePath(RESOURCES.virtualMachineInstances),
      '/apis/kubevirt.io/v1/virtualmachineinstances',
    );
    assert.equal(isDeclared(RESOURCES.pods, 'patch'), true);
    assert.equal(isDeclared(RESOURCES.pods, 'update'), false);
    assert.equal(isDeclared(RESOURCES.configMaps, 'get'), false);
  });
});

describe('health server', () => {
  it('parses addresses', () => {
    assert.deepEqual(parseHostPort('127.0.0.1:8080'), { host: '127.0.0.1', port: 8080 });
    assert.deepEqual(parseHostPort(':9090'), { host: '0.0.0.0', port: 9090 });
    assert.deepEqual(parseHostPort('[::1]:80'), { host: '::1', port: 80 });
    assert.throws(() => parseHostPort('8080'));
    assert.throws(() => parseHostPort('host:99999'));
  });

  it('serves health, readiness, leadership and metrics', async () => {
    const metrics = new WatchMetrics();
    metrics.queueDepth.collect = () => 3;
    metrics.reconciles.inc({ outcome: 'applied' }, 2);
    metrics.reconcileSeconds.observe(0.02);
    let ready = false;
    const server = await startHealthServer('127.0.0.1:0', {
      live: () => true,
      ready: () => ({ ready, detail: ready ? 'ok' : 'caches not synced: pods' }),
      leader: () => ({ leader: false, leaderElection: true, identity: 'me', holderIdentity: 'other' }),
      metrics,
    });
    try {
      const get = async (path: string) => {
        const response = await fetch(`${server.url}${path}`);
        return { status: response.status, text: await response.text() };
      };
      assert.deepEqual(await get('/healthz'), { status: 200, text: 'ok\n' });
      assert.equal((await get('/readyz')).status, 503);
      ready = true;
      assert.equal((await get('/readyz')).status, 200);
      const leader = await get('/leader');
      assert.equal(leader.status, 503);
      assert.deepEqual(JSON.parse(leader.text), {
        leader: false,
        leaderElection: true,
        identity: 'me',
        holderIdentity: 'other',
      });
      const text = (await get('/metrics')).text;
      assert.match(text, /^# HELP vmi_render_watch_queue_depth /m);
      assert.match(text, /^# TYPE vmi_render_watch_queue_depth gauge$/m);
      assert.match(text, /^vmi_render_watch_queue_depth 3$/m);
      assert.match(text, /^vmi_render_watch_reconcile_total\{outcome="applied"\} 2$/m);
      assert.match(text, /^vmi_render_watch_reconcile_duration_seconds_bucket\{le="0.01"\} 0$/m);
      assert.match(text, /^vmi_render_watch_reconcile_duration_seconds_bucket\{le="0.025"\} 1$/m);
      assert.match(text, /^vmi_render_watch_reconcile_duration_seconds_bucket\{le="\+Inf"\} 1$/m);
      assert.match(text, /^vmi_render_watch_reconcile_duration_seconds_count 1$/m);
      assert.match(text, /^# TYPE vmi_render_watch_apply_errors_total counter$/m);
      assert.ok(text.endsWith('\n'));
    } finally {
      await server.close();
    }
  });
});

describe('reports', () => {
  it('formats text and JSON lines', () => {
    const entry = {
      vmi: 'ns/vm',
      uid: 'u',
      dryRun: true,
      kind: 'refused' as const,
      pod: 'virt-launcher-vm',
      code: 403,
      message: 'no',
    };
    assert.equal(formatEntry(entry, 'text'), 'refused vmi/ns/vm pod/virt-launcher-vm (server dry run): no\n');
    const json = JSON.parse(formatEntry(entry, 'json')) as Record<string, unknown>;
    assert.equal(json.outcome, 'refused');
    assert.equal(json.vmi, 'ns/vm');
    assert.equal(json.message, 'no');
    assert.equal('kind' in json, false);
    assert.equal(
      formatEntry({ vmi: 'ns/vm', dryRun: false, kind: 'applied', pod: 'p', change: 'created' }, 'text'),
      'applied vmi/ns/vm pod/p (created)\n',
    );
  });
});
