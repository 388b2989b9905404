import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { startDeliveryWorker } from '../../../src/platform/webhooks/worker.ts';
import { startTestApp } from '../../helpers/app.ts';
import { attemptsReach as waitForAttempts, deliveryOf as readDelivery } from '../../helpers/deliveries.ts';
import * as make from '../../helpers/factories.ts';
import { startReceiver } from '../../helpers/receiver.ts';
import { DELIVERY_HOOKS } from '../../../src/features.ts';

/**
 * When a delivery will be tried next, as the event log shows it (`deliveries[].next_attempt_at`
 * in GET /v2/events and GET /v2/events/{id}): the retry time while it is pending, null once it
 * is delivered or has failed for good, and null while its endpoint is switched off. The
 * worker's clock is moved forward instead of waiting for the retry.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const receiver = await startReceiver();
const secretKey = process.env.CANOPY_SECRET_KEY ?? 'test-secret-key-of-at-least-32-characters';
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
let worker: ReturnType<typeof startDeliveryWorker> | undefined;
after(() => worker?.stop());

const deliveryOf = (endpointId: string) => readDelivery(app.db, endpointId);

const attemptsReach = (endpointId: string, attempts: number) => waitForAttempts(app.db, endpointId, attempts);

describe('next_attempt_at of an event\'s deliveries', () => {
  test('is the retry time while a delivery is pending, and null once it is delivered or failed for good', async () => {
    const company = await make.companyWithTokens(app.db);
    const endpoint = async (path: string) => {
      const created = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${receiver.base}${path}` } });
      assert.equal(created.status, 200, created.text);
      return created.body.id as string;
    };
    const retrying = await endpoint('/schedule/retrying');
    const gone = await endpoint('/schedule/gone');
    const paused = await endpoint('/schedule/paused');
    receiver.behave('/schedule/retrying', () => ({ status: 500 }));
    receiver.behave('/schedule/gone', () => ({ status: 410 }));
    receiver.behave('/schedule/paused', () => ({ status: 500 }));
    const made = await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: 2 } });
    assert.equal(made.status, 200, made.text);
    const [event] = (await app.get('/v2/events', company.test)).body.data;

    /** The event's delivery to one endpoint, from the list and from the single event, which must agree. */
    const shown = async (endpointId: string) => {
      const listed = await app.get('/v2/events', company.test);
      assert.equal(listed.status, 200, listed.text);
      const one = await app.get(`/v2/events/${event.id}`, company.test);
      assert.equal(one.status, 200, one.text);
      const fromList = listed.body.data.find((each: { id: string }) => each.id === event.id).deliveries.find((each: { endpoint: string }) => each.endpoint === endpointId);
      const fromOne = one.body.deliveries.find((each: { endpoint: string }) => each.endpoint === endpointId);
      assert.deepEqual(fromList, fromOne);
      return fromOne;
    };

    // Not yet attempted: due since the event was written.
    const queued = await shown(retrying);
    assert.deepEqual([queued.status, queued.attempts], ['pending', 0]);
    assert.equal(queued.next_attempt_at, (await deliveryOf(retrying)).next_attempt_at!.toISOString());
    assert.ok(Date.parse(queued.next_attempt_at) <= Date.now());

    worker = startDeliveryWorker(app.db, { ...DELIVERY_HOOKS, secretKey, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, now: clock.now, pollIntervalMs: 100 });
    const failed = await attemptsReach(retrying, 1);
    await attemptsReach(gone, 1);
    await attemptsReach(paused, 1);
    const pending = await shown(retrying);
    assert.deepEqual([pending.status, pending.attempts, pending.last_status_code], ['pending', 1, 500]);
    assert.equal(pending.next_attempt_at, failed.next_attempt_at!.toISOString());
    const wait = (Date.parse(pending.next_attempt_at) - Date.parse(pending.last_attempt_at)) / 1000;
    assert.ok(wait >= 54 && wait <= 66, `the retry is about a minute after the failed attempt (${wait} s)`);

    const givenUp = await shown(gone);
    assert.deepEqual([givenUp.status, givenUp.last_status_code, givenUp.next_attempt_at], ['failed', 410, null], 'a 410 fails it for good');

    // An endpoint switched off is sent nothing, so nothing is scheduled until it is on again.
    const off = await app.request('PATCH', `/v2/webhook-endpoints/${paused}`, { token: company.test, body: { status: 'disabled' } });
    assert.equal(off.status, 200, off.text);
    const whileOff = await shown(paused);
    assert.deepEqual([whileOff.status, whileOff.next_attempt_at], ['pending', null]);
    const on = await app.request('PATCH', `/v2/webhook-endpoints/${paused}`, { token: company.test, body: { status: 'enabled' } });
    assert.equal(on.status, 200, on.text);
    assert.equal((await shown(paused)).next_attempt_at, (await deliveryOf(paused)).next_attempt_at!.toISOString());

    receiver.behave('/schedule/retrying', () => ({ status: 200 }));
    clock.offsetMs += 70_000;
    worker.wake();
    await attemptsReach(retrying, 2);
    const delivered = await shown(retrying);
    assert.deepEqual([delivered.status, delivered.attempts, delivered.last_status_code, delivered.next_attempt_at], ['delivered', 2, 200, null]);
  });
});
