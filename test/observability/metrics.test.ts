import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { sql } from 'kysely';
import { sendEndpointDisabledEmail } from '../../src/modules/webhooks/jobs.ts';
import { purgeOldEvents } from '../../src/platform/jobs/purge-old-events.ts';
import { enqueueJob, MAX_ATTEMPTS } from '../../src/platform/jobs/queue.ts';
import { jobCatalog } from '../../src/platform/jobs/job.ts';
import { runDueJobs } from '../../src/platform/jobs/worker.ts';
import type { Mailer } from '../../src/platform/mail/mailer.ts';
import { startDeliveryWorker } from '../../src/platform/webhooks/worker.ts';
import { startTestApp, TEST_SECRET_KEY, type TestApp, testWorkerServices } from '../helpers/app.ts';
import * as make from '../helpers/factories.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { DELIVERY_HOOKS, } from '../../src/features.ts';

/**
 * GET /metrics through HTTP: the request counters and histograms by route pattern, 429s,
 * the job and delivery gauges read from the database, deliveries and emails by outcome,
 * the pool and process metrics, and the METRICS_TOKEN guard. Counters of the process
 * (deliveries, emails) are shared by every app of this test process, so tests read
 * differences between two scrapes.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', GIFT_LOOKUPS_PER_MINUTE: '1' });
const company = await make.companyWithTokens(app.db);

async function scrape(target: TestApp = app, token?: string): Promise<string> {
  const response = await target.get('/metrics', token);
  assert.equal(response.status, 200, response.text);
  assert.match(String(response.headers.get('content-type')), /^text\/plain; version=0\.0\.4/);
  return response.text;
}

/** The value of one sample: the metric and every label given must match; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  test('counts requests by method, route pattern and status, with a latency histogram; never the raw URL', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) assert.equal((await app.get('/v2/me', company.test)).status, 200);
    assert.equal((await app.get('/v2/me', 'canopy_test_wrongwrongwrongwrongwrongwrongwron')).status, 401);
    assert.equal((await app.get('/v2/recipients/rcp_doesNotExist000000000000', company.test)).status, 404);
    assert.equal((await app.get('/no/such/path/abc123')).status, 404);
    const text = await scrape();

    const delta = (name: string, labels: Record<string, string>) => sample(text, name, labels) - sample(before, name, labels);
    assert.equal(delta('canopy_http_requests_total', { method: 'GET', route: '/v2/me', status: '200' }), 3);
    assert.equal(delta('canopy_http_requests_total', { method: 'GET', route: '/v2/me', status: '401' }), 1);
    assert.equal(delta('canopy_http_requests_total', { method: 'GET', route: '/v2/recipients/:id', status: '404' }), 1);
    assert.equal(delta('canopy_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }), 1);
    assert.equal(delta('canopy_http_request_duration_seconds_count', { method: 'GET', route: '/v2/me' }), 4);
    assert.ok(sample(text, 'canopy_http_request_duration_seconds_bucket', { method: 'GET', route: '/v2/me', le: '+Inf' }) >= 4);
    assert.ok(sample(text, 'canopy_http_request_duration_seconds_sum', { method: 'GET', route: '/v2/me' }) > 0);
    assert.ok(sample(text, 'canopy_http_requests_total', { method: 'GET', route: '/metrics', status: '200' }) >= 1, 'the scrape itself is counted');
    assert.doesNotMatch(text, /rcp_doesNotExist|abc123/);
  });

  test('counts 429s by the limit that refused them, and by route', async () => {
    const before = await scrape();
    // GIFT_LOOKUPS_PER_MINUTE=1: once a failed look-up used it up, this address is refused.
    assert.equal((await app.get('/gift/ABCD-EFGH-JKLM')).status, 404);
    assert.equal((await app.get('/gift/ABCD-EFGH-JKLN')).status, 429);
    assert.equal((await app.get('/gift/ABCD-EFGH-JKLP')).status, 429);
    const text = await scrape();
    const delta = (name: string, labels: Record<string, string>) => sample(text, name, labels) - sample(before, name, labels);
    assert.equal(delta('canopy_rate_limited_total', { limit: 'gift_lookup' }), 2);
    assert.equal(delta('canopy_http_requests_total', { route: '/gift/:code', status: '429' }), 2, 'the status the client got');
    assert.equal(delta('canopy_http_requests_total', { route: '/gift/:code', status: '404' }), 1);
    assert.match(text, /^canopy_rate_limited_total\{limit="per_token_per_minute"\} 0$/m, 'every limit has a series from the start');
    assert.doesNotMatch(text, /ABCD-EFGH/);
  });

  test('the job queue gauges show ready, running and parked jobs and the age of the oldest ready one', async () => {
    const idle = await scrape();
    assert.equal(sample(idle, 'canopy_queue_metrics_up'), 1);
    assert.equal(sample(idle, 'canopy_jobs_ready', { kind: 'purge_old_events' }), 0, 'every kind has a series, 0 when idle');
    assert.equal(sample(idle, 'canopy_jobs_oldest_ready_age_seconds', { kind: 'purge_old_events' }), 0);

    await enqueueJob(app.db, purgeOldEvents, {}, new Date(Date.now() - 90_000));
    await enqueueJob(app.db, purgeOldEvents, {});
    await enqueueJob(app.db, purgeOldEvents, {}, new Date(Date.now() + 3_600_000)); // not due: not counted
    const running = await enqueueJob(app.db, purgeOldEvents, {});
    await app.db.updateTable('jobs').set({ attempts: 1, locked_until: sql<Date>`now() + interval '5 minutes'` }).where('id', '=', running).execute();
    const parked = await enqueueJob(app.db, purgeOldEvents, {});
    await app.db.updateTable('jobs').set({ attempts: MAX_ATTEMPTS, run_at: sql<Date>`'infinity'::timestamptz`, last_error: 'boom' }).where('id', '=', parked).execute();

    const text = await scrape();
    assert.equal(sample(text, 'canopy_jobs_ready', { kind: 'purge_old_events' }), 2);
    assert.equal(sample(text, 'canopy_jobs_running', { kind: 'purge_old_events' }), 1);
    assert.equal(sample(text, 'canopy_jobs_parked', { kind: 'purge_old_events' }), 1);
    const age = sample(text, 'canopy_jobs_oldest_ready_age_seconds', { kind: 'purge_old_events' });
    assert.ok(age >= 89 && age < 150, `oldest ready job is ${age} s old`);
    await app.db.deleteFrom('jobs').execute();
  });

  test('webhook deliveries: pending by state from the database, attempts by outcome from the worker', async () => {
    const receiver = await startReceiver();
    receiver.behave('/broken', () => ({ status: 500 }));
    const good = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${receiver.base}/ok` } });
    assert.equal(good.status, 200, good.text);
    assert.equal((await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: 2 } })).status, 200);
    const queued = await scrape();
    assert.ok(sample(queued, 'canopy_webhook_deliveries_pending', { state: 'ready' }) >= 1);
    assert.ok(sample(queued, 'canopy_webhook_deliveries_oldest_ready_age_seconds') >= 0);

    const bad = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${receiver.base}/broken`, enabled_events: ['allocation.created'] } });
    assert.equal(bad.status, 200, bad.text);
    assert.equal((await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: 1 } })).status, 200);
    const worker = startDeliveryWorker(app.db, { ...DELIVERY_HOOKS,
      secretKey: process.env.CANOPY_SECRET_KEY ?? 'test-secret-key-of-at-least-32-characters', publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, pollIntervalMs: 50,
    });
    after(() => worker.stop());
    await receiver.waitFor('/broken', 1);
    await receiver.waitFor('/ok', 2);
    const deadline = Date.now() + 5000;
    let text = await scrape();
    const delta = (outcome: string) => sample(text, 'canopy_webhook_deliveries_total', { outcome }) - sample(queued, 'canopy_webhook_deliveries_total', { outcome });
    // The receiver has the requests before the worker has recorded their outcomes: wait for those.
    while (
      sample(text, 'canopy_webhook_deliveries_pending', { state: 'retry_scheduled' }) < 1 || sample(text, 'canopy_webhook_deliveries_pending', { state: 'ready' }) > 0
      || delta('delivered') < 2 || delta('retrying') < 1
    ) {
      assert.ok(Date.now() < deadline, 'the deliveries were not recorded');
      await new Promise((resolve) => setTimeout(resolve, 50));
      text = await scrape();
    }
    assert.equal(delta('delivered'), 2);
    assert.equal(delta('retrying'), 1);
    assert.equal(delta('failed'), 0);
    assert.equal(sample(text, 'canopy_webhook_deliveries_pending', { state: 'retry_scheduled' }), 1, 'the failed one waits for its retry');
  });

  test('emails by kind and outcome, counted where the job sends them', async () => {
    const endpoint = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: 'http://127.0.0.1:9/gone' } });
    await app.db.updateTable('webhook_endpoints').set({ status: 'disabled', disabled_reason: 'gone', disabled_at: new Date() }).where('id', '=', endpoint.body.id).execute();
    const jobs = jobCatalog([sendEndpointDisabledEmail]);
    const before = await scrape();

    await enqueueJob(app.db, sendEndpointDisabledEmail, { endpoint_id: endpoint.body.id });
    await runDueJobs(app.db, { jobs, services: testWorkerServices() });
    const refusing: Mailer = { send: async () => Promise.reject(new Error('SMTP is down')), forget: async () => 0 };
    await enqueueJob(app.db, sendEndpointDisabledEmail, { endpoint_id: endpoint.body.id });
    await runDueJobs(app.db, { jobs, services: testWorkerServices(refusing) });
    const text = await scrape();

    const delta = (outcome: string) =>
      sample(text, 'canopy_emails_total', { kind: 'endpoint_disabled', outcome }) - sample(before, 'canopy_emails_total', { kind: 'endpoint_disabled', outcome });
    assert.equal(delta('sent'), 1, 'one admin emailed');
    assert.equal(delta('failed'), 1);
    assert.equal(sample(text, 'canopy_emails_total', { kind: 'certificate', outcome: 'sent' }) >= 0, true);
    await app.db.deleteFrom('jobs').execute();
  });

  test('database pool use and the process metrics', async () => {
    const text = await scrape();
    const onPostgres = Boolean(process.env.DATABASE_URL);
    assert.equal(sample(text, 'canopy_db_pool_max_connections'), onPostgres ? 5 : 1);
    assert.ok(sample(text, 'canopy_db_pool_open_connections') >= 1);
    assert.ok(sample(text, 'canopy_db_pool_idle_connections') <= sample(text, 'canopy_db_pool_open_connections'));
    assert.equal(sample(text, 'canopy_db_pool_waiting_queries'), 0);
    assert.ok(sample(text, 'process_cpu_user_seconds_total') > 0);
    assert.match(text, /^nodejs_eventloop_lag_seconds /m);
    assert.match(text, /^# HELP canopy_http_requests_total /m);
  });

  test('is not in the OpenAPI document', async () => {
    const document = (await app.get('/v2/openapi.json')).body as { paths: Record<string, unknown> };
    assert.ok(!Object.keys(document.paths).some((path) => path.includes('metrics')));
  });
});

/** The app on the test's database, built without listening, so that inject() can say where a request came from. */
async function injectable(env: Record<string, string> = {}) {
  const { buildApp } = await import('../../src/app.ts');
  const { loadConfig } = await import('../../src/config.ts');
  const config = loadConfig({ ...process.env, PUBLIC_BASE_URL: 'http://canopy.test', ...env });
  const built = await buildApp({ config: { ...config, secretKey: config.secretKey ?? TEST_SECRET_KEY }, db: app.db, logger: false });
  after(() => built.close());
  return built;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  test('answers loopback connections only, and none a proxy forwarded', async () => {
    const open = await injectable();
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      assert.equal((await open.inject({ url: '/metrics', remoteAddress })).statusCode, 200, remoteAddress);
    }
    for (const remoteAddress of ['10.1.2.3', '192.0.2.7', '2001:db8::1', '::ffff:10.1.2.3']) {
      const refused = await open.inject({ url: '/metrics', remoteAddress });
      assert.equal(refused.statusCode, 403, remoteAddress);
      assert.equal(refused.json().error.code, 'ip_not_allowed');
      assert.match(refused.json().error.message, /METRICS_TOKEN/);
    }
    // A reverse proxy on the same machine connects from loopback but says whom it forwards.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const forwarded = await app.get('/metrics', undefined, { [header]: header === 'forwarded' ? 'for=192.0.2.7' : '192.0.2.7' });
      assert.equal(forwarded.status, 403, header);
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  test('answers the bearer token only', async () => {
    const metricsToken = 'm'.repeat(20) + 'etrics-token-of-forty-chars';
    const guarded = await startTestApp({ METRICS_TOKEN: metricsToken });
    const missing = await guarded.get('/metrics');
    assert.equal(missing.status, 401);
    assert.equal(missing.body.error.code, 'token_missing');
    const wrong = await guarded.get('/metrics', `${metricsToken}x`);
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error.code, 'token_invalid');
    assert.equal((await guarded.get('/metrics', company.test)).status, 401, 'an API token is no metrics token');
    assert.match(await scrape(guarded, metricsToken), /^canopy_http_requests_total\{method="GET",route="\/metrics",status="401"\} 3$/m);

    const remote = await injectable({ METRICS_TOKEN: metricsToken });
    assert.equal((await remote.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${metricsToken}` } })).statusCode, 200, 'from anywhere with the token');
    assert.equal((await remote.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode, 401, 'loopback needs it too');
  });

  test('a short METRICS_TOKEN stops the boot', async () => {
    const { loadConfig } = await import('../../src/config.ts');
    assert.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN must be at least 32 characters/);
    assert.throws(() => loadConfig({ METRICS_TOKEN: `${'x'.repeat(32)} y` }), /METRICS_TOKEN/);
    assert.equal(loadConfig({}).metricsToken, null);
  });
});
