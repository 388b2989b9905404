import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { recordEvent } from '../../../src/platform/events/record.ts';
import { runDueJobs } from '../../../src/platform/jobs/worker.ts';
import { MAX_ATTEMPTS } from '../../../src/platform/webhooks/schedule.ts';
import { signatureHeaders, verifyWebhook, WebhookSignatureError } from '../../../src/platform/webhooks/signature.ts';
import { startDeliveryWorker } from '../../../src/platform/webhooks/worker.ts';
import { startTestApp, testWorkerServices } from '../../helpers/app.ts';
import { attemptsReach as waitForAttempts, deliveryOf as readDelivery } from '../../helpers/deliveries.ts';
import * as make from '../../helpers/factories.ts';
import { startReceiver } from '../../helpers/receiver.ts';
import { DELIVERY_HOOKS, JOBS } from '../../../src/features.ts';

/**
 * Webhook endpoints and deliveries through HTTP, to a real receiver on loopback: signatures
 * that third-party libraries accept, the retry schedule with the worker's clock moved
 * forward (not slept through), switching off, redelivery, and one hanging endpoint beside
 * a healthy one. WEBHOOK_ALLOW_PRIVATE_URLS lets endpoints point at loopback here.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const receiver = await startReceiver();
const secretKey = process.env.CANOPY_SECRET_KEY ?? 'test-secret-key-of-at-least-32-characters';

/** The worker's clock: real time plus what a test has moved it on by. */
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
const worker = startDeliveryWorker(app.db, { ...DELIVERY_HOOKS, secretKey, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, now: clock.now, pollIntervalMs: 100 });
after(() => worker.stop());

async function companyWithEndpoint(path: string, body: Record<string, unknown> = {}) {
  const company = await make.companyWithTokens(app.db);
  const created = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${receiver.base}${path}`, ...body } });
  assert.equal(created.status, 200, created.text);
  return { company, endpoint: created.body as { id: string; secret: string } };
}

const makeEvent = (token: string, trees = 3) => app.request('POST', '/v2/test_helpers/allocations', { token, body: { trees } });
const deliveryOf = (endpointId: string) => readDelivery(app.db, endpointId);
const moveClock = (seconds: number) => {
  clock.offsetMs += seconds * 1000;
  worker.wake();
};

const attemptsReach = (endpointId: string, attempts: number) => waitForAttempts(app.db, endpointId, attempts);

describe('webhook endpoints', () => {
  test('the secret is shown at creation only; endpoints can be read, changed, rotated and deleted', async () => {
    const { company, endpoint } = await companyWithEndpoint('/crud', { enabled_events: ['recipient.created', 'recipient.claimed'], description: 'Shop' });
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const read = await app.get(`/v2/webhook-endpoints/${endpoint.id}`, company.test);
    assert.equal(read.status, 200);
    assert.equal(read.body.secret, undefined);
    assert.deepEqual(read.body.enabled_events, ['recipient.created', 'recipient.claimed']);
    assert.equal((await app.get('/v2/webhook-endpoints', company.test)).body.data[0].secret, undefined);
    const stored = await app.db.selectFrom('webhook_endpoints').select('secret_encrypted').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    assert.ok(!stored.secret_encrypted.includes(endpoint.secret.slice(6)), 'the secret is not stored in the clear');

    const changed = await app.request('PATCH', `/v2/webhook-endpoints/${endpoint.id}`, { token: company.test, body: { enabled_events: ['*'], description: null, status: 'disabled' } });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual([changed.body.enabled_events, changed.body.description, changed.body.status, changed.body.disabled_reason], [['*'], null, 'disabled', 'manual']);
    const rotated = await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/rotate-secret`, { token: company.test, body: { expires_in: 3600 } });
    assert.equal(rotated.status, 200, rotated.text);
    assert.notEqual(rotated.body.secret, endpoint.secret);
    assert.equal((await app.get(`/v2/webhook-endpoints/${endpoint.id}`, company.live)).status, 404, 'a test endpoint is not a live one');
    const deleted = await app.request('DELETE', `/v2/webhook-endpoints/${endpoint.id}`, { token: company.test });
    assert.deepEqual(deleted.body, { id: endpoint.id, object: 'webhook_endpoint', deleted: true });
    assert.equal((await app.get(`/v2/webhook-endpoints/${endpoint.id}`, company.test)).status, 404);
  });

  test('a create retried with its Idempotency-Key gets the stored answer, secret included, and makes nothing', async () => {
    const company = await make.companyWithTokens(app.db);
    const send = () => app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${receiver.base}/retried` }, headers: { 'idempotency-key': 'endpoint-1' } });
    const first = await send();
    assert.equal(first.status, 200, first.text);
    const again = await send();
    assert.deepEqual([again.status, again.headers.get('idempotent-replayed')], [200, 'true']);
    assert.deepEqual(again.body, first.body);
    assert.equal((await app.get('/v2/webhook-endpoints', company.test)).body.data.length, 1);
  });
});

describe('the guide', () => {
  test('docs/webhooks.md is served where the deliveries\' User-Agent points, as is docs/errors.md', async () => {
    for (const [path, heading] of [['/docs/webhooks', '# Webhooks'], ['/docs/errors', '# ']] as const) {
      const response = await fetch(`${app.baseUrl}${path}`);
      assert.equal(response.status, 200, path);
      assert.match(String(response.headers.get('content-type')), /^text\/markdown/);
      assert.ok((await response.text()).startsWith(heading), path);
    }
  });
});

describe('deliveries', () => {
  // How soon it arrives (woken on commit) is measured by bench/webhooks.ts, not timed here.
  test('a new event reaches the endpoint, signed so that Stripe\'s and Standard Webhooks\' libraries accept it', async () => {
    const { company, endpoint } = await companyWithEndpoint('/signed');
    assert.equal((await makeEvent(company.test)).status, 200);
    const [delivery] = await receiver.waitFor('/signed', 1);
    const event = JSON.parse(delivery!.body);
    assert.equal(event.type, 'allocation.created');
    assert.equal(event.object, 'event');
    assert.equal(event.livemode, false);
    assert.equal(delivery!.headers['content-type'], 'application/json');
    assert.match(String(delivery!.headers['user-agent']), /^Canopy-Webhooks\//);

    const header = String(delivery!.headers['canopy-signature']);
    const stripe = new Stripe('sk_test_unused');
    assert.equal((stripe.webhooks.constructEvent(delivery!.body, header, endpoint.secret) as { id: string }).id, event.id);
    assert.throws(() => stripe.webhooks.constructEvent(delivery!.body.replace('"trees":3', '"trees":4'), header, endpoint.secret));
    const standard = new Webhook(endpoint.secret);
    const headers = { 'webhook-id': String(delivery!.headers['webhook-id']), 'webhook-timestamp': String(delivery!.headers['webhook-timestamp']), 'webhook-signature': String(delivery!.headers['webhook-signature']) };
    assert.equal((standard.verify(delivery!.body, headers) as { id: string }).id, event.id);
    assert.throws(() => standard.verify(`${delivery!.body} `, headers));
    assert.equal((verifyWebhook(delivery!.body, header, endpoint.secret) as { id: string }).id, event.id);
    assert.throws(() => verifyWebhook(delivery!.body, header, endpoint.secret, 300, new Date(Date.now() + 301_000)), WebhookSignatureError);
    assert.throws(() => stripe.webhooks.constructEvent(delivery!.body, header, endpoint.secret, 300, undefined, Date.now() + 301_000), /timestamp/i);
    // Signed ten minutes ago: both libraries refuse it as stale.
    const stale = signatureHeaders([endpoint.secret], event.id, delivery!.body, new Date(Date.now() - 600_000));
    assert.throws(() => stripe.webhooks.constructEvent(delivery!.body, stale['Canopy-Signature']!, endpoint.secret), /timestamp/i);
    assert.throws(() => standard.verify(delivery!.body, stale), /timestamp/i);
    assert.equal((standard.verify(delivery!.body, signatureHeaders([endpoint.secret], event.id, delivery!.body)) as { id: string }).id, event.id, 'our signing, fresh, is accepted');

    const stored = await attemptsReach(endpoint.id, 1);
    assert.deepEqual([stored.status, stored.attempts, stored.last_status_code], ['delivered', 1, 200]);
    const listed = await app.get('/v2/events?delivery_status=delivered', company.test);
    assert.equal(listed.body.data[0].deliveries[0].endpoint, endpoint.id);
    assert.equal(listed.body.data[0].deliveries[0].status, 'delivered');
  });

  test('after a rotation, deliveries are signed with the new secret and, until it expires, the old one', async () => {
    // The old secret expires by the worker's clock, which later tests move on by days.
    const { company, endpoint } = await companyWithEndpoint('/rotating');
    await makeEvent(company.test);
    const [before] = await receiver.waitFor('/rotating', 1);
    assert.ok(verifyWebhook(before!.body, String(before!.headers['canopy-signature']), endpoint.secret));
    await attemptsReach(endpoint.id, 1);
    const rotated = await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/rotate-secret`, { token: company.test, body: { expires_in: 3600 + Math.ceil(clock.offsetMs / 1000) } });
    assert.equal(rotated.status, 200, rotated.text);
    await makeEvent(company.test);
    const rotatedDelivery = (await receiver.waitFor('/rotating', 2))[1]!;
    const header = String(rotatedDelivery.headers['canopy-signature']);
    assert.equal(header.split(',').filter((part) => part.startsWith('v1=')).length, 2);
    assert.ok(verifyWebhook(rotatedDelivery.body, header, rotated.body.secret), 'the new secret');
    assert.ok(verifyWebhook(rotatedDelivery.body, header, endpoint.secret), 'the old one, until it expires');
    assert.throws(() => verifyWebhook(rotatedDelivery.body, header.split(',').slice(0, 2).join(','), endpoint.secret), WebhookSignatureError, 'the new one comes first');
  });

  test('failures are retried on the schedule, honouring Retry-After, and fail after the last attempt', async () => {
    const { company, endpoint } = await companyWithEndpoint('/failing');
    receiver.behave('/failing', () => ({ status: 500 }));
    await makeEvent(company.test);
    let delivery = await attemptsReach(endpoint.id, 1);
    assert.equal(delivery.status, 'pending');
    const wait = (delivery.next_attempt_at!.getTime() - delivery.last_attempt_at!.getTime()) / 1000;
    assert.ok(wait >= 54 && wait <= 66, `first retry after about a minute (${wait} s)`);
    moveClock(30);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await deliveryOf(endpoint.id)).attempts, 1, 'not before its time');

    receiver.behave('/failing', () => ({ status: 503, headers: { 'retry-after': '120' } }));
    moveClock(40);
    delivery = await attemptsReach(endpoint.id, 2);
    const honoured = (delivery.next_attempt_at!.getTime() - delivery.last_attempt_at!.getTime()) / 1000;
    assert.equal(honoured, 120, 'Retry-After replaces the schedule');

    receiver.behave('/failing', () => ({ status: 302, headers: { location: `${receiver.base}/elsewhere` } }));
    for (let attempt = 3; attempt <= MAX_ATTEMPTS; attempt++) {
      moveClock(11 * 3600);
      delivery = await attemptsReach(endpoint.id, attempt);
    }
    assert.equal(delivery.status, 'failed');
    assert.equal(delivery.last_status_code, 302);
    assert.match(String(delivery.last_error), /redirect/);
    assert.equal(receiver.at('/elsewhere').length, 0, 'redirects are not followed');
    assert.equal(receiver.at('/failing').length, MAX_ATTEMPTS);
  });

  test('a delivery after failures ends the endpoint\'s run of failures', async () => {
    const { company, endpoint } = await companyWithEndpoint('/recovering');
    receiver.behave('/recovering', () => ({ status: 500 }));
    await makeEvent(company.test);
    await attemptsReach(endpoint.id, 1);
    const failing = await app.db.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    assert.ok(failing.failing_since, 'a failed attempt starts the run of failures');

    receiver.behave('/recovering', () => ({ status: 200 }));
    moveClock(70);
    const delivered = await attemptsReach(endpoint.id, 2);
    assert.deepEqual([delivered.status, delivered.last_status_code, delivered.last_error], ['delivered', 200, null]);
    assert.ok(delivered.delivered_at);
    const recovered = await app.db.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    assert.equal(recovered.failing_since, null);
  });

  test('a 410 Gone switches the endpoint off at once, and its admins get an email', async () => {
    const { company, endpoint } = await companyWithEndpoint('/gone');
    receiver.behave('/gone', () => ({ status: 410 }));
    await makeEvent(company.test);
    const delivery = await attemptsReach(endpoint.id, 1);
    assert.equal(delivery.status, 'failed');
    const read = (await app.get(`/v2/webhook-endpoints/${endpoint.id}`, company.test)).body;
    assert.deepEqual([read.status, read.disabled_reason], ['disabled', 'gone']);
    const mail: { to: string; subject: string; text: string }[] = [];
    await runDueJobs(app.db, { jobs: JOBS, services: { ...testWorkerServices(), mailer: { send: async (message) => { mail.push(message as never); return { via: 'outbox', location: '' }; }, forget: async () => 0 } } });
    // Earlier tests' endpoints, failing for more than a day by the moved clock, warned their own admins.
    const ours = mail.filter((message) => message.to === company.adminEmail);
    assert.equal(ours.length, 1);
    assert.match(ours[0]!.subject, /switched off/);
    assert.match(ours[0]!.text, /410 Gone/);
    // Switched on again, it gets new events.
    receiver.behave('/gone', () => ({ status: 200 }));
    assert.equal((await app.request('PATCH', `/v2/webhook-endpoints/${endpoint.id}`, { token: company.test, body: { status: 'enabled' } })).body.status, 'enabled');
    await makeEvent(company.test);
    await receiver.waitFor('/gone', 2);
  });

  test('an endpoint that fails every attempt for three days is switched off', async () => {
    const { company, endpoint } = await companyWithEndpoint('/down');
    receiver.behave('/down', () => ({ status: 500 }));
    await makeEvent(company.test);
    await attemptsReach(endpoint.id, 1);
    moveClock(2 * 86_400);
    await makeEvent(company.test, 4);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal((await app.get(`/v2/webhook-endpoints/${endpoint.id}`, company.test)).body.status, 'enabled', 'two days of failing is not yet three');
    moveClock(86_400 + 60);
    const deadline = Date.now() + 5000;
    while ((await app.get(`/v2/webhook-endpoints/${endpoint.id}`, company.test)).body.status !== 'disabled') {
      assert.ok(Date.now() < deadline, 'switched off after three days');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const read = (await app.get(`/v2/webhook-endpoints/${endpoint.id}`, company.test)).body;
    assert.equal(read.disabled_reason, 'failing');
    const pending = await app.db.selectFrom('event_deliveries').select('status').where('endpoint_id', '=', endpoint.id).where('status', '=', 'pending').execute();
    assert.equal(pending.length, 0, 'its pending deliveries failed with it');
  });

  test('an event can be sent again: to one endpoint, or to every endpoint that takes it', async () => {
    const { company, endpoint } = await companyWithEndpoint('/again');
    await makeEvent(company.test);
    await receiver.waitFor('/again', 1);
    await attemptsReach(endpoint.id, 1);
    const eventId = JSON.parse(receiver.at('/again')[0]!.body).id;
    const redelivered = await app.request('POST', `/v2/events/${eventId}/redeliver`, { token: company.test, body: { endpoint: endpoint.id } });
    assert.equal(redelivered.status, 200, redelivered.text);
    assert.equal(redelivered.body.id, eventId);
    assert.equal(redelivered.body.deliveries[0].status, 'pending');
    const both = await receiver.waitFor('/again', 2);
    assert.equal(JSON.parse(both[1]!.body).id, eventId, 'the same event id, so the receiver can skip it');
    const everyone = await app.request('POST', `/v2/events/${eventId}/redeliver`, { token: company.test });
    assert.equal(everyone.status, 200);
    await receiver.waitFor('/again', 3);
    const foreign = await make.companyWithTokens(app.db);
    assert.equal((await app.request('POST', `/v2/events/${eventId}/redeliver`, { token: foreign.test })).status, 404);
    assert.equal((await app.request('POST', `/v2/events/${eventId}/redeliver`, { token: company.test, body: { endpoint: `whe_${randomAlphanumeric(24)}` } })).status, 404);
  });

  test('one endpoint that hangs does not hold up another', async () => {
    const slow = await companyWithEndpoint('/hangs');
    const quick = await companyWithEndpoint('/answers');
    receiver.behave('/hangs', () => 'hang');
    for (let i = 0; i < 6; i++) await makeEvent(slow.company.test, 1 + i);
    await receiver.waitFor('/hangs', 4, 3000);
    const started = Date.now();
    for (let i = 0; i < 5; i++) await makeEvent(quick.company.test, 1 + i);
    const arrived = await receiver.waitFor('/answers', 5, 3000);
    assert.ok(arrived[4]!.at - started < 2000, `the healthy endpoint got its 5 events in ${arrived[4]!.at - started} ms while the other hung`);
    assert.ok(receiver.at('/hangs').length <= 4, 'at most 4 at once to one endpoint');
  });

  test('an endpoint holds at most 4 attempts of a worker even when many come due while some are in flight', async () => {
    const { company } = await companyWithEndpoint('/burst');
    receiver.behave('/burst', () => 'hang');
    await makeEvent(company.test);
    await receiver.waitFor('/burst', 1);
    // Eight more, committed together without waking the worker: its next poll finds them all due at once.
    await app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 8; i++) await recordEvent(trx, { companyId: company.id, livemode: false, type: 'allocation.created', object: { id: `all_burst${i}` } });
    });
    await receiver.waitFor('/burst', 4, 3000);
    await new Promise((resolve) => setTimeout(resolve, 500)); // several polls
    assert.equal(receiver.at('/burst').length, 4, 'one in flight, then three more: never more than 4 at once');
  });

  test('personal data goes only to endpoints set up for it', async () => {
    const company = await make.companyWithTokens(app.db);
    const project = await make.project(app.db);
    await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 100, livemode: false }), { trees: 10, livemode: false });
    for (const [path, include] of [['/private', false], ['/personal', true]] as const) {
      await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${receiver.base}${path}`, enabled_events: ['recipient.created'], include_personal_data: include } });
    }
    await app.request('POST', '/v2/recipients', { token: company.test, headers: { 'idempotency-key': randomAlphanumeric(12) }, body: { trees: 2, first_name: 'Ada', email: 'ada@example.com' } });
    const [withoutNames] = await receiver.waitFor('/private', 1);
    const [withNames] = await receiver.waitFor('/personal', 1);
    assert.equal(JSON.parse(withoutNames!.body).data.object.first_name, undefined);
    assert.equal(JSON.parse(withNames!.body).data.object.first_name, 'Ada');
  });

  test('after a rotation each delivery carries two signatures, the new and the old secret, until the old one expires', async () => {
    // The rotation's expiry is real time; earlier tests moved the worker's clock days ahead.
    clock.offsetMs = 0;
    const { company, endpoint } = await companyWithEndpoint('/rotated');
    const rotated = await app.request('POST', `/v2/webhook-endpoints/${endpoint.id}/rotate-secret`, { token: company.test });
    assert.equal(rotated.status, 200, rotated.text);
    await makeEvent(company.test);
    const [first] = await receiver.waitFor('/rotated', 1);
    const header = String(first!.headers['canopy-signature']);
    assert.equal(header.split(',').filter((part) => part.startsWith('v1=')).length, 2);
    verifyWebhook(first!.body, header, rotated.body.secret);
    verifyWebhook(first!.body, header, endpoint.secret);
    assert.equal(String(first!.headers['webhook-signature']).split(' ').length, 2);
    new Webhook(endpoint.secret).verify(first!.body, first!.headers as Record<string, string>);

    // A day later the old secret no longer signs.
    moveClock(86_400 + 60);
    await makeEvent(company.test, 5);
    const [, second] = await receiver.waitFor('/rotated', 2);
    const later = String(second!.headers['canopy-signature']);
    assert.equal(later.split(',').filter((part) => part.startsWith('v1=')).length, 1);
    verifyWebhook(second!.body, later, rotated.body.secret);
    assert.throws(() => verifyWebhook(second!.body, later, endpoint.secret), WebhookSignatureError);
  });

  test('a test endpoint gets test events only, a live one live events only', async () => {
    const company = await make.companyWithTokens(app.db);
    const project = await make.project(app.db);
    await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 100 }), { trees: 10 });
    await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 100, livemode: false }), { trees: 10, livemode: false });
    for (const [token, path] of [[company.test, '/test-mode'], [company.live, '/live-mode']] as const) {
      assert.equal((await app.request('POST', '/v2/webhook-endpoints', { token, body: { url: `${receiver.base}${path}`, enabled_events: ['recipient.created'] } })).status, 200);
    }
    for (const token of [company.live, company.test, company.test]) {
      await app.request('POST', '/v2/recipients', { token, headers: { 'idempotency-key': randomAlphanumeric(12) }, body: { trees: 1 } });
    }
    const testDeliveries = await receiver.waitFor('/test-mode', 2);
    const liveDeliveries = await receiver.waitFor('/live-mode', 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(testDeliveries.map((entry) => JSON.parse(entry.body).livemode), [false, false]);
    assert.deepEqual(liveDeliveries.map((entry) => JSON.parse(entry.body).livemode), [true]);
    assert.equal(receiver.at('/live-mode').length, 1);
  });
});
