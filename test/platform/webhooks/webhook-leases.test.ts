import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attemptDelivery, claimDueDeliveries, type DeliveryServices } from '../../../src/platform/webhooks/deliveries.ts';
import { DELIVERY_HOOKS } from '../../../src/features.ts';
import { startTestApp, TEST_SECRET_KEY } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { type Answer, startReceiver } from '../../helpers/receiver.ts';

/**
 * Delivery leases between workers, driven step by step (no worker runs here): claims made
 * with chosen clocks, attempts held open at a real receiver on loopback until the test
 * answers them.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const receiver = await startReceiver();
const services = (at: Date): DeliveryServices => ({
  ...DELIVERY_HOOKS, secretKey: process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, now: () => at,
});
const claim = (now: Date) => claimDueDeliveries(app.db, { limit: 10, perEndpoint: 4, inFlight: new Map(), leaseSeconds: 30, now });
const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

test('an attempt that outlived its lease records nothing over the worker that took the delivery over', async () => {
  const company = await make.companyWithTokens(app.db);
  const created = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${receiver.base}/slow` } });
  assert.equal(created.status, 200, created.text);
  const answers: ((answer: Answer) => void)[] = [];
  receiver.behave('/slow', () => new Promise<Answer>((answer) => answers.push(answer)));
  assert.equal((await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: 1 } })).status, 200);
  const deliveryRow = () => app.db.selectFrom('event_deliveries').selectAll().where('endpoint_id', '=', created.body.id).executeTakeFirstOrThrow();

  // Worker A claims the delivery and sends it; the receiver does not answer yet.
  const t0 = new Date();
  const [first] = await claim(t0);
  assert.ok(first);
  const attemptA = attemptDelivery(app.db, first, services(t0));
  await receiver.waitFor('/slow', 1);
  // A outlives its lease (a stalled process, a slow DNS answer): worker B takes the delivery over and sends it again.
  const t1 = later(t0, 31);
  const [second] = await claim(t1);
  assert.equal(second?.attempts, 2);
  const attemptB = attemptDelivery(app.db, second, services(t1));
  await receiver.waitFor('/slow', 2);

  // A's attempt ends now, failed, with a retry asked for in 10 s.
  answers[0]!({ status: 503, headers: { 'retry-after': '10' } });
  await attemptA;
  const meanwhile = await deliveryRow();
  assert.equal(meanwhile.locked_until?.getTime(), later(t1, 30).getTime(), "B's lease stands");
  assert.deepEqual(await claim(later(t1, 20)), [], 'no third worker takes the delivery while B is sending it');

  answers[1]!({ status: 200 });
  await attemptB;
  const done = await deliveryRow();
  assert.deepEqual([done.status, done.attempts, done.locked_until, done.last_status_code, done.last_error], ['delivered', 2, null, 200, null]);
  const endpoint = await app.db.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', created.body.id).executeTakeFirstOrThrow();
  assert.equal(endpoint.failing_since, null);
});
