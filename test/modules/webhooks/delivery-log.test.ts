import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { isCalendarDate, isTimestamp } from '../../../src/core/formats.ts';
import { SCOPES } from '../../../src/core/scopes.ts';
import { DELIVERY_HOOKS, JOBS } from '../../../src/features.ts';
import type { WebhookContext } from '../../../src/modules/webhooks/context.ts';
import { purgeOldWebhookAttempts } from '../../../src/modules/webhooks/jobs.ts';
import { variantId } from '../../../src/modules/webhooks/schemas.ts';
import { listDeliveryAttempts, sendTestEvent } from '../../../src/modules/webhooks/service.ts';
import { EVENT_TYPES, type EventType, recordEvent } from '../../../src/platform/events/record.ts';
import { enqueueJob } from '../../../src/platform/jobs/queue.ts';
import { runDueJobs } from '../../../src/platform/jobs/worker.ts';
import { createMailer } from '../../../src/platform/mail/mailer.ts';
import { MAX_ATTEMPTS } from '../../../src/platform/webhooks/schedule.ts';
import { verifyWebhook } from '../../../src/platform/webhooks/signature.ts';
import { startDeliveryWorker } from '../../../src/platform/webhooks/worker.ts';
import { createUser } from '../../../src/operator/users.ts';
import { startTestApp, TEST_SECRET_KEY, testWorkerServices } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';

/**
 * The delivery log and what it serves (issue 25): every attempt recorded with what it met,
 * `enabled_events` held to the nine types, "resend all failed since" (recover), the warning
 * a day into an endpoint's failures (through a real SMTP server), and a test event sent to a
 * real receiver. The worker's clock is moved forward instead of waiting days.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const secretKey = process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY;
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
const worker = startDeliveryWorker(app.db, { ...DELIVERY_HOOKS, secretKey, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, now: clock.now, pollIntervalMs: 50 });
after(() => worker.stop());
const moveClock = (seconds: number) => {
  clock.offsetMs += seconds * 1000;
  worker.wake();
};
const sink = await startSmtpSink();
const mailServices = testWorkerServices(createMailer({ smtpUrl: sink.url, from: 'Canopy <webhooks@canopy.test>', outboxDir: '/nonexistent' }));

/** A receiver whose answers (status and body) each test sets per path; it keeps what arrived. */
type Answer = { status: number; body?: string };
const answers = new Map<string, () => Answer>();
const arrived: { path: string; body: string; headers: Record<string, string | string[] | undefined> }[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '/';
    arrived.push({ path, body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
    const answer = (answers.get(path) ?? (() => ({ status: 200, body: 'ok' })))();
    response.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8' }).end(answer.body ?? '');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
after(() => {
  server.closeAllConnections();
  server.close();
});

async function companyWithEndpoint(path: string, body: Record<string, unknown> = {}) {
  const company = await make.companyWithTokens(app.db);
  const created = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${base}${path}`, ...body } });
  assert.equal(created.status, 200, created.text);
  return { company, endpoint: created.body as { id: string; secret: string } };
}

const event = (companyId: string, type: EventType = 'allocation.created', createdAt?: Date) =>
  recordEvent(app.db, { companyId, livemode: false, type, object: { id: 'alloc_000000000000000000000000', object: 'allocation', trees: 3 }, ...(createdAt ? { createdAt } : {}) });

const deliveriesOf = (endpointId: string) => app.db.selectFrom('event_deliveries').selectAll().where('endpoint_id', '=', endpointId).execute();
const attemptsOf = (endpointId: string) =>
  app.db.selectFrom('webhook_attempts').selectAll().where('endpoint_id', '=', endpointId).orderBy('attempted_at').orderBy('id').execute();

/** Waits until the endpoint's deliveries are settled: none leased, and `check` holds. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${ms} ms: ${what} (${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

const settled = (endpointId: string, check: (deliveries: Awaited<ReturnType<typeof deliveriesOf>>) => boolean, what: string) =>
  until(() => deliveriesOf(endpointId), (rows) => rows.every((row) => row.locked_until === null) && check(rows), what);

/** Checks an event against its type's schema in the OpenAPI document (its data.object against the object's schema); null when it holds. */
const openapi = (await app.get('/v2/openapi.json')).body;
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajvFormats.default(ajv);
ajv.addFormat('date', isCalendarDate);
ajv.addFormat('date-time', isTimestamp);
ajv.addSchema(openapi, 'openapi.json');
function eventShape(type: EventType, value: unknown): string | null {
  const validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${variantId(type)}` });
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

/** The context a dashboard page hands the verbs. */
const pageContext = (companyId: string): WebhookContext => ({
  db: app.db, companyId, livemode: false, language: 'en', scopes: SCOPES, publicBaseUrl: 'http://canopy.test', secretKey,
});

describe('enabled_events', () => {
  test('an unknown type is refused with 400 parameter_invalid naming it, on create and on change', async () => {
    const company = await make.companyWithTokens(app.db);
    const refused = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${base}/x`, enabled_events: ['allocation.created', 'tree.cut'] } });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.error.code, 'parameter_invalid');
    assert.equal(refused.body.error.param, 'enabled_events[1]');
    const { endpoint } = await companyWithEndpoint('/types');
    const changed = await app.request('PATCH', `/v2/webhook-endpoints/${endpoint.id}`, { token: company.test, body: { enabled_events: ['*', 'everything'] } });
    assert.equal(changed.status, 400, changed.text);
    assert.equal(changed.body.error.code, 'parameter_invalid');
    assert.equal((await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${base}/x`, enabled_events: [] } })).body.error.code, 'parameter_invalid');
  });

  test('the default is every type; an endpoint gets deliveries of its types only', async () => {
    const { company, endpoint } = await companyWithEndpoint('/planted-only', { enabled_events: ['allocation.planted'] });
    const { endpoint: everything } = await (async () => {
      const created = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${base}/everything` } });
      return { endpoint: created.body as { id: string; enabled_events: string[] } };
    })();
    assert.deepEqual(everything.enabled_events, ['*']);
    const created = await event(company.id, 'allocation.created');
    const planted = await event(company.id, 'allocation.planted');
    await settled(endpoint.id, (rows) => rows.every((row) => row.status === 'delivered'), 'planted delivered');
    await settled(everything.id, (rows) => rows.length === 2 && rows.every((row) => row.status === 'delivered'), 'both delivered');
    assert.deepEqual((await deliveriesOf(endpoint.id)).map((row) => row.event_id), [planted]);
    assert.deepEqual(new Set((await deliveriesOf(everything.id)).map((row) => row.event_id)), new Set([created, planted]));
    // A redelivery to every endpoint that takes the type does not reach one that does not.
    assert.equal((await app.request('POST', `/v2/events/${created}/redeliver`, { token: company.test })).status, 200);
    assert.deepEqual((await deliveriesOf(endpoint.id)).map((row) => row.event_id), [planted]);
  });
});

describe('the delivery log', () => {
  test('every attempt is recorded: time, status, latency, the first 2 KB of the answer, the error, the outcome', async () => {
    const { company, endpoint } = await companyWithEndpoint('/logged');
    // 1,500 two-byte characters: 3,000 bytes, cut at 2,048.
    answers.set('/logged', () => ({ status: 500, body: 'é'.repeat(1500) }));
    const eventId = await event(company.id);
    const [failed] = await until(() => attemptsOf(endpoint.id), (rows) => rows.length === 1, 'one attempt');
    assert.equal(failed!.event_id, eventId);
    assert.equal(failed!.event_type, 'allocation.created');
    assert.deepEqual([failed!.outcome, failed!.status_code, failed!.error, failed!.test, failed!.livemode], ['failed', 500, 'HTTP 500', false, false]);
    assert.equal(Buffer.byteLength(failed!.response_body!), 2048, 'the first 2 KB of the answer');
    assert.equal(failed!.response_body, 'é'.repeat(1024));
    assert.ok(failed!.latency_ms >= 0 && failed!.latency_ms < 5000);

    answers.set('/logged', () => ({ status: 204 }));
    moveClock(70);
    const both = await until(() => attemptsOf(endpoint.id), (rows) => rows.length === 2, 'a second attempt');
    assert.deepEqual([both[1]!.outcome, both[1]!.status_code, both[1]!.error, both[1]!.response_body], ['succeeded', 204, null, '']);
    assert.equal((await deliveriesOf(endpoint.id))[0]!.status, 'delivered', 'event_deliveries keeps the state');

    // A refused URL is an attempt without an answer.
    await app.db.updateTable('webhook_endpoints').set({ url: 'ftp://nowhere.example/' }).where('id', '=', endpoint.id).execute();
    await event(company.id, 'allocation.planted');
    const refused = await until(() => attemptsOf(endpoint.id), (rows) => rows.length === 3, 'a refused attempt');
    assert.deepEqual([refused[2]!.outcome, refused[2]!.status_code, refused[2]!.response_body], ['failed', null, null]);
    assert.match(refused[2]!.error!, /^refused: /);
  });

  test('the log filters by outcome, event type and time, newest first, a page at a time; another company sees none of it', async () => {
    const { company, endpoint } = await companyWithEndpoint('/filtered');
    let n = 0;
    answers.set('/filtered', () => ({ status: n++ % 2 === 0 ? 200 : 502 }));
    const types: EventType[] = ['allocation.created', 'allocation.planted', 'allocation.created', 'recipient.created', 'allocation.created', 'allocation.planted'];
    for (const type of types) {
      await event(company.id, type);
      await until(() => attemptsOf(endpoint.id), (rows) => rows.length >= types.indexOf(type) + 1, 'attempted');
    }
    await until(() => attemptsOf(endpoint.id), (rows) => rows.length >= 6, 'six attempts');
    const all = await attemptsOf(endpoint.id);
    const ctx = pageContext(company.id);
    const page = await listDeliveryAttempts(ctx, endpoint.id, {});
    const newestFirst = [...all].sort((a, b) => b.attempted_at.getTime() - a.attempted_at.getTime() || (a.id < b.id ? 1 : -1));
    assert.deepEqual(page.data.map((a) => a.id), newestFirst.map((a) => a.id), 'newest first');
    const failed = await listDeliveryAttempts(ctx, endpoint.id, { outcome: 'failed' });
    assert.ok(failed.data.length >= 1 && failed.data.every((a) => a.outcome === 'failed' && a.status_code === 502));
    assert.equal(failed.data.length, all.filter((a) => a.outcome === 'failed').length);
    const planted = await listDeliveryAttempts(ctx, endpoint.id, { event_type: 'allocation.planted' });
    assert.equal(planted.data.length, all.filter((a) => a.event_type === 'allocation.planted').length);
    assert.ok(planted.data.every((a) => a.event_type === 'allocation.planted'));
    const middle = all[2]!.attempted_at;
    const since = await listDeliveryAttempts(ctx, endpoint.id, { from: middle });
    assert.equal(since.data.length, all.filter((a) => a.attempted_at >= middle).length);
    const before = await listDeliveryAttempts(ctx, endpoint.id, { until: middle });
    assert.equal(before.data.length, all.filter((a) => a.attempted_at < middle).length);

    const first = await listDeliveryAttempts(ctx, endpoint.id, { limit: 4 });
    assert.equal(first.hasMore, true);
    const second = await listDeliveryAttempts(ctx, endpoint.id, { limit: 4, starting_after: first.data.at(-1)!.id });
    assert.equal(second.hasMore, false);
    assert.deepEqual([...first.data, ...second.data].map((a) => a.id), page.data.map((a) => a.id), 'two pages make the whole, nothing twice');

    const other = await make.companyWithTokens(app.db);
    await assert.rejects(listDeliveryAttempts(pageContext(other.id), endpoint.id, {}), (error: { code?: string }) => error.code === 'resource_missing');
  });

  test('the purge removes attempts older than 30 days and keeps the rest', async () => {
    const { company, endpoint } = await companyWithEndpoint('/old');
    await event(company.id);
    await until(() => attemptsOf(endpoint.id), (rows) => rows.length === 1, 'attempted');
    await app.db.updateTable('webhook_attempts').set({ attempted_at: new Date(Date.now() - 31 * 86_400_000) }).where('endpoint_id', '=', endpoint.id).execute();
    await event(company.id);
    await until(() => attemptsOf(endpoint.id), (rows) => rows.length === 2, 'attempted again');
    await enqueueJob(app.db, purgeOldWebhookAttempts, {});
    await runDueJobs(app.db, { jobs: JOBS, services: testWorkerServices() });
    const left = await attemptsOf(endpoint.id);
    assert.equal(left.length, 1);
    assert.ok(left[0]!.attempted_at.getTime() > Date.now() - 86_400_000);
  });
});

describe('recover: resend what failed since a time', () => {
  test('queues the failed deliveries since `since` again, leaves pending ones alone, and queues nothing twice', async () => {
    const { company, endpoint } = await companyWithEndpoint('/recover');
    answers.set('/recover', () => ({ status: 500 }));
    const old = await event(company.id, 'allocation.created', new Date(Date.now() - 3 * 86_400_000));
    const recent = [await event(company.id), await event(company.id, 'allocation.planted')];
    await settled(endpoint.id, (rows) => rows.length === 3 && rows.every((row) => row.attempts === 1), 'first attempts');
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      moveClock(11 * 3600);
      await settled(endpoint.id, (rows) => rows.every((row) => row.attempts >= attempt || row.status !== 'pending'), `attempt ${attempt}`);
    }
    // The endpoint was switched off after three days of failures by now, or its deliveries failed for good: either way failed.
    const endpointNow = await app.db.selectFrom('webhook_endpoints').select(['status']).where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    if (endpointNow.status === 'disabled') {
      const refused = await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/recover`, { token: company.test, body: { since: new Date(Date.now() - 86_400_000).toISOString() } });
      assert.equal(refused.status, 409, refused.text);
      assert.equal(refused.body.error.code, 'webhook_endpoint_disabled');
      assert.equal((await app.request('PATCH', `/v2/webhook-endpoints/${endpoint.id}`, { token: company.test, body: { status: 'enabled' } })).status, 200);
    }
    await settled(endpoint.id, (rows) => rows.every((row) => row.status === 'failed'), 'all failed');
    // One more event, pending (its first attempt fails and waits a minute).
    const pending = await event(company.id);
    await settled(endpoint.id, (rows) => rows.some((row) => row.event_id === pending && row.attempts === 1), 'pending attempted');

    const since = new Date(Date.now() - 86_400_000).toISOString();
    const recovered = await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/recover`, { token: company.test, body: { since } });
    assert.equal(recovered.status, 200, recovered.text);
    assert.equal(recovered.body.object, 'webhook_endpoint_recovery');
    assert.deepEqual(
      [recovered.body.endpoint, recovered.body.since, recovered.body.queued, recovered.body.queued_failed, recovered.body.queued_missed, recovered.body.already_pending],
      [endpoint.id, since, 2, 2, 0, 1],
    );
    // The receiver still fails: the recovered deliveries are tried at once, fail, and wait as pending.
    await settled(endpoint.id, (rows) => recent.every((id) => rows.find((row) => row.event_id === id)?.attempts === 1), 'recovered ones tried once');
    const again = await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/recover`, { token: company.test, body: { since } });
    assert.deepEqual([again.body.queued, again.body.already_pending], [0, 3], 'a second call queues nothing twice');

    answers.set('/recover', () => ({ status: 200 }));
    moveClock(70);
    const rows = await settled(endpoint.id, (all) => recent.every((id) => all.find((row) => row.event_id === id)?.status === 'delivered'), 'recovered deliveries delivered');
    const byEvent = new Map(rows.map((row) => [row.event_id, row]));
    assert.equal(byEvent.get(old)!.status, 'failed', 'an event before since is left alone');
    for (const id of recent) assert.equal(byEvent.get(id)!.attempts, 2, 'attempts started over: one failed after the recovery, one delivered');
  });

  test('since must lie within the event log\'s 30 days; the scope is webhooks:manage; another company\'s endpoint is 404', async () => {
    const { company, endpoint } = await companyWithEndpoint('/recover-rules');
    const tooOld = await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/recover`, { token: company.test, body: { since: new Date(Date.now() - 31 * 86_400_000).toISOString() } });
    assert.equal(tooOld.status, 400);
    assert.deepEqual([tooOld.body.error.code, tooOld.body.error.param], ['parameter_invalid', 'since']);
    const whole = await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/recover`, { token: company.test });
    assert.equal(whole.status, 200, 'without since: the whole log');
    assert.ok(Math.abs(Date.parse(whole.body.since) - (Date.now() - 30 * 86_400_000)) < 60_000, whole.body.since);
    assert.equal((await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/recover`, { token: company.test, body: { since: 'yesterday' } })).body.error.code, 'parameter_invalid');
    const reader = await make.tokenFor(app.db, company, { scopes: ['events:read'], livemode: false });
    const refused = await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/recover`, { token: reader.token, body: { since: new Date().toISOString() } });
    assert.deepEqual([refused.status, refused.body.error.code], [403, 'scope_missing']);
    const other = await make.companyWithTokens(app.db);
    assert.equal((await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/recover`, { token: other.test, body: { since: new Date().toISOString() } })).status, 404);
    const alone = await app.request('PATCH', `/v2/webhook-endpoints/${endpoint.id}`, { token: company.test, body: { recover_since: new Date().toISOString() } });
    assert.deepEqual([alone.status, alone.body.error.code, alone.body.error.param], [400, 'parameter_invalid', 'recover_since']);
  });

  test('switched on with recover_since, an endpoint gets what it missed while off, of its types, once', async () => {
    const { company, endpoint } = await companyWithEndpoint('/missed', { enabled_events: ['allocation.created', 'allocation.planted'] });
    const before = await event(company.id);
    await settled(endpoint.id, (rows) => rows.length === 1 && rows[0]!.status === 'delivered', 'delivered before');
    assert.equal((await app.request('PATCH', `/v2/webhook-endpoints/${endpoint.id}`, { token: company.test, body: { status: 'disabled' } })).status, 200);
    const missed = [await event(company.id), await event(company.id, 'allocation.planted')];
    await event(company.id, 'recipient.created');
    assert.equal((await deliveriesOf(endpoint.id)).length, 1, 'no delivery while off');
    const since = new Date(Date.now() - 3600_000).toISOString();
    const enabled = await app.request('PATCH', `/v2/webhook-endpoints/${endpoint.id}`, { token: company.test, body: { status: 'enabled', recover_since: since } });
    assert.equal(enabled.status, 200, enabled.text);
    assert.equal(enabled.body.status, 'enabled');
    await settled(endpoint.id, (rows) => rows.length === 3 && rows.every((row) => row.status === 'delivered'), 'missed ones delivered');
    assert.deepEqual(new Set((await deliveriesOf(endpoint.id)).map((row) => row.event_id)), new Set([before, ...missed]), 'not recipient.created, which it does not take');
    const after = await event(company.id);
    await settled(endpoint.id, (rows) => rows.length === 4 && rows.every((row) => row.status === 'delivered'), 'new events reach it');
    const again = await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/recover`, { token: company.test, body: { since } });
    assert.deepEqual([again.body.queued, again.body.queued_missed], [0, 0], 'what it missed was sent once');
    assert.ok(after);
  });
});

describe('the warning a day into an endpoint\'s failures', () => {
  test('its admins get one email, in their language, naming the last error and the switch-off time; a success ends the run', async () => {
    const { company, endpoint } = await companyWithEndpoint('/warned');
    const dutch = await createUser(app.db, { companyId: company.id, email: `nl-${endpoint.id.slice(4, 10).toLowerCase()}@example.com`, name: 'Bram Beheerder', role: 'admin' });
    await app.db.updateTable('users').set({ language: 'nl' }).where('id', '=', dutch.id).execute();
    await createUser(app.db, { companyId: company.id, email: `member-${endpoint.id.slice(4, 10).toLowerCase()}@example.com`, name: 'Mo Member', role: 'member' });
    const removed = await createUser(app.db, { companyId: company.id, email: `gone-${endpoint.id.slice(4, 10).toLowerCase()}@example.com`, name: 'Gone Admin', role: 'admin' });
    await app.db.updateTable('users').set({ removed_at: new Date() }).where('id', '=', removed.id).execute();

    answers.set('/warned', () => ({ status: 503, body: 'maintenance' }));
    await event(company.id);
    const [first] = await settled(endpoint.id, (rows) => rows[0]?.attempts === 1, 'first attempt');
    const failingSince = (await app.db.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', endpoint.id).executeTakeFirstOrThrow()).failing_since!;
    assert.ok(first);
    const ours = () => sink.messages.filter((message) => message.to.includes(company.adminEmail) || message.to.includes(dutch.email));
    moveClock(23 * 3600);
    await event(company.id);
    await settled(endpoint.id, (rows) => rows.length === 2 && rows.every((row) => row.attempts >= 1), 'a failure before a day');
    await runDueJobs(app.db, { jobs: JOBS, services: mailServices });
    assert.equal(ours().length, 0, 'no warning before a day of failures');

    moveClock(2 * 3600);
    await event(company.id);
    await settled(endpoint.id, (rows) => rows.length === 3 && rows.every((row) => row.attempts >= 1), 'a failure after a day');
    moveClock(120);
    await settled(endpoint.id, (rows) => rows.filter((row) => row.attempts >= 2).length >= 2, 'more failures after a day');
    await runDueJobs(app.db, { jobs: JOBS, services: mailServices });
    const mail = ours();
    assert.deepEqual(mail.flatMap((message) => message.to).sort(), [company.adminEmail, dutch.email].sort(), 'one email to each admin, none to members or removed admins');
    const english = mail.find((message) => message.to.includes(company.adminEmail))!.raw.toString('utf8').replace(/=\r\n/g, '');
    const switchOff = new Date(failingSince.getTime() + 3 * 86_400_000);
    assert.match(english, /Subject: A webhook endpoint of .* has been failing for a day/);
    assert.match(english, new RegExp(endpoint.id));
    assert.match(english, /HTTP 503/);
    const switchOffText = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(switchOff);
    assert.ok(english.includes(switchOffText), `names the switch-off time ${switchOffText}`);
    assert.match(english, new RegExp(`http://canopy.test/dashboard/webhooks/${endpoint.id}`));
    const dutchMail = mail.find((message) => message.to.includes(dutch.email))!.raw.toString('utf8');
    assert.match(dutchMail, /Content-Language: nl/);
    assert.match(dutchMail, /faalt al een dag/);

    // More failures in the same run: no second warning.
    moveClock(3600);
    await event(company.id);
    await settled(endpoint.id, (rows) => rows.length === 4 && rows.every((row) => row.attempts >= 1), 'another failure');
    await runDueJobs(app.db, { jobs: JOBS, services: mailServices });
    assert.equal(ours().length, 2, 'once per run of failures');

    // A success ends the run; a new run a day long warns again.
    answers.set('/warned', () => ({ status: 200 }));
    await event(company.id);
    await until(() => app.db.selectFrom('webhook_endpoints').select(['failing_since', 'failing_warned_at']).where('id', '=', endpoint.id).executeTakeFirstOrThrow(),
      (row) => row.failing_since === null && row.failing_warned_at === null, 'run ended');
    await app.db.updateTable('event_deliveries').set({ status: 'delivered' }).where('endpoint_id', '=', endpoint.id).execute();
    answers.set('/warned', () => ({ status: 500 }));
    await event(company.id);
    await settled(endpoint.id, (rows) => rows.some((row) => row.status === 'pending' && row.attempts === 1), 'new run');
    moveClock(25 * 3600);
    await settled(endpoint.id, (rows) => rows.some((row) => row.status === 'pending' && row.attempts === 2), 'a day into the new run');
    await runDueJobs(app.db, { jobs: JOBS, services: mailServices });
    assert.equal(ours().length, 4, 'a new run warns again');
  });
});

describe('a test event', () => {
  test('goes to one endpoint now, signed, marked as a test, in the event\'s shape; logged as a test attempt, not in the event log, not retried', async () => {
    const { company, endpoint } = await companyWithEndpoint('/test-event');
    const ctx = pageContext(company.id);
    for (const type of EVENT_TYPES) {
      const attempt = await sendTestEvent(ctx, endpoint.id, type, { allowPrivateUrls: true });
      assert.deepEqual([attempt.object, attempt.test, attempt.outcome, attempt.status_code, attempt.event_type, attempt.endpoint], ['webhook_attempt', true, 'succeeded', 200, type, endpoint.id]);
      const received = arrived.filter((entry) => entry.path === '/test-event').at(-1)!;
      const payload = verifyWebhook(received.body, String(received.headers['canopy-signature']), endpoint.secret) as Record<string, unknown> & { data: { object: Record<string, unknown> } };
      assert.equal(payload.id, attempt.event);
      assert.match(String(payload.id), /^evt_TESTEVENT[A-Za-z0-9]{15}$/);
      assert.deepEqual(Object.keys(payload), ['id', 'object', 'type', 'created', 'livemode', 'data'], 'the order every delivery has');
      assert.equal(payload.type, type);
      assert.equal(payload.livemode, false);
      assert.equal(eventShape(type, { ...payload, deliveries: [] }), null, `${type}: the event and its object as the API documents them`);
      if ('livemode' in payload.data.object) assert.equal(payload.data.object.livemode, false, 'the object is in the endpoint\'s mode');
      if (payload.data.object.object === 'recipient') assert.equal(payload.data.object.email, undefined, 'no personal data without include_personal_data');
    }
    assert.equal((await app.db.selectFrom('events').select('id').where('id', 'like', 'evt_TESTEVENT%').execute()).length, 0, 'not in the event log');
    assert.equal((await deliveriesOf(endpoint.id)).length, 0, 'no delivery to retry');
    const logged = await listDeliveryAttempts(ctx, endpoint.id, {});
    assert.equal(logged.data.length, EVENT_TYPES.length);
    assert.ok(logged.data.every((a) => a.test));

    answers.set('/test-event', () => ({ status: 400, body: 'bad signature?' }));
    const failed = await sendTestEvent(ctx, endpoint.id, 'recipient.created', { allowPrivateUrls: true });
    assert.deepEqual([failed.outcome, failed.status_code, failed.response_body], ['failed', 400, 'bad signature?']);
    const toThis = () => arrived.filter((entry) => entry.path === '/test-event').length;
    const before = toThis();
    moveClock(3600);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(toThis(), before, 'a failed test event is not retried');
    const state = await app.db.selectFrom('webhook_endpoints').select(['failing_since']).where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    assert.equal(state.failing_since, null, 'a test does not start a run of failures');
    await assert.rejects(sendTestEvent(ctx, endpoint.id, 'tree.cut', { allowPrivateUrls: true }), (error: { code?: string }) => error.code === 'parameter_invalid');
    const other = await make.companyWithTokens(app.db);
    await assert.rejects(sendTestEvent(pageContext(other.id), endpoint.id, 'recipient.created', { allowPrivateUrls: true }), (error: { code?: string }) => error.code === 'resource_missing');
  });

  test('with include_personal_data the sample recipient has its (made-up) name and email', async () => {
    const { company, endpoint } = await companyWithEndpoint('/test-personal', { include_personal_data: true });
    await sendTestEvent(pageContext(company.id), endpoint.id, 'recipient.created', { allowPrivateUrls: true });
    const payload = JSON.parse(arrived.filter((entry) => entry.path === '/test-personal').at(-1)!.body);
    assert.match(payload.data.object.email, /@example\.com$/);
  });
});
