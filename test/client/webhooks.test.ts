import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Canopy, verifyWebhook, type WebhookEvent, type WebhookEventOf, WebhookVerificationError } from '@canopy/client';
import { startDeliveryWorker } from '../../src/platform/webhooks/worker.ts';
import { DELIVERY_HOOKS } from '../../src/features.ts';
import { startTestApp, TEST_SECRET_KEY } from '../helpers/app.ts';
import * as make from '../helpers/factories.ts';
import { startReceiver } from '../helpers/receiver.ts';

/**
 * verifyWebhook of @canopy/client against real deliveries: Canopy's worker sends an event to
 * a receiver on loopback, and the body and headers as they arrived verify, with either of
 * the two signatures; a changed body, a wrong secret, an old or a future timestamp and a
 * missing signature are refused, each with its reason.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const receiver = await startReceiver();
const worker = startDeliveryWorker(app.db, {
  ...DELIVERY_HOOKS, secretKey: process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, pollIntervalMs: 50,
});
after(() => worker.stop());

const reasonOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return 'accepted';
};

/** A delivery of allocation.created, as the receiver got it, and the secret that signed it. */
async function delivered(path: string) {
  const company = await make.companyWithTokens(app.db);
  const canopy = new Canopy({ apiKey: company.test, baseUrl: app.baseUrl });
  const endpoint = await canopy.post('/v2/webhook-endpoints', { body: { url: `${receiver.base}${path}`, enabled_events: ['allocation.created'] } });
  const allocation = await canopy.post('/v2/test_helpers/allocations', { body: { trees: 4 } });
  worker.wake();
  const [delivery] = await receiver.waitFor(path, 1);
  return { canopy, endpoint, allocation, delivery: delivery!, secret: endpoint.secret };
}

test('a real delivery verifies with its raw body and headers, and the event is typed by its type', async () => {
  const { allocation, delivery, secret } = await delivered('/verify');
  const event: WebhookEvent = verifyWebhook(delivery.body, delivery.headers, secret);
  assert.equal(event.type, 'allocation.created');
  if (event.type !== 'allocation.created') return;
  const narrowed: WebhookEventOf<'allocation.created'> = event;
  assert.equal(narrowed.data.object.id, allocation.id);
  assert.equal(narrowed.data.object.trees, 4);
  assert.equal(event.livemode, false);
  assert.equal(event.id, delivery.headers['webhook-id']);
  assert.ok(!('deliveries' in event), 'a delivery carries the event without its delivery state');

  // A Buffer, a Uint8Array and the Fetch API's Headers do as well as a string and node's headers.
  const fetchHeaders = new Headers();
  for (const [name, value] of Object.entries(delivery.headers)) fetchHeaders.set(name, String(value));
  assert.equal(verifyWebhook(Buffer.from(delivery.body), fetchHeaders, secret).id, event.id);
  assert.equal(verifyWebhook(new TextEncoder().encode(delivery.body), delivery.headers, secret).id, event.id);
});

test('either signature scheme alone verifies; a changed body or a wrong secret is refused by both', async () => {
  const { delivery, secret } = await delivered('/schemes');
  const { 'canopy-signature': canopySignature, ...standardOnly } = delivery.headers;
  const canopyOnly = { 'canopy-signature': canopySignature };
  const tampered = delivery.body.replace('"trees":4', '"trees":40');
  assert.notEqual(tampered, delivery.body);
  const otherSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  for (const [name, headers] of [['Canopy-Signature', canopyOnly], ['Standard Webhooks', standardOnly]] as const) {
    assert.equal(reasonOf(() => verifyWebhook(delivery.body, headers, secret)), 'accepted', name);
    assert.equal(reasonOf(() => verifyWebhook(tampered, headers, secret)), 'signature_mismatch', `${name}: a changed body`);
    assert.equal(reasonOf(() => verifyWebhook(`${delivery.body} `, headers, secret)), 'signature_mismatch', `${name}: one byte more`);
    assert.equal(reasonOf(() => verifyWebhook(delivery.body, headers, otherSecret)), 'signature_mismatch', `${name}: another secret`);
  }
  assert.equal(reasonOf(() => verifyWebhook(delivery.body, {}, secret)), 'signature_missing');
  assert.equal(reasonOf(() => verifyWebhook(delivery.body, { 'canopy-signature': 'v1=abc' }, secret)), 'header_malformed');
  assert.equal(reasonOf(() => verifyWebhook(delivery.body, { 'webhook-signature': String(standardOnly['webhook-signature']) }, secret)), 'header_malformed');
});

test('a timestamp more than 300 s from now is refused, one within it accepted, with both schemes', async () => {
  const { delivery, secret } = await delivered('/replay');
  const signedAt = Number(delivery.headers['webhook-timestamp']) * 1000;
  const { 'canopy-signature': canopySignature, ...standardOnly } = delivery.headers;
  for (const headers of [{ 'canopy-signature': canopySignature }, standardOnly]) {
    const at = (seconds: number) => reasonOf(() => verifyWebhook(delivery.body, headers, secret, { now: new Date(signedAt + seconds * 1000) }));
    assert.equal(at(299), 'accepted');
    assert.equal(at(301), 'timestamp_outside_tolerance', 'replayed five minutes later');
    assert.equal(at(-301), 'timestamp_outside_tolerance', 'a clock far behind');
    assert.equal(reasonOf(() => verifyWebhook(delivery.body, headers, secret, { now: new Date(signedAt + 3_600_000), toleranceSeconds: 7200 })), 'accepted');
  }
});

test('during a secret rotation the old secret and the new one both verify', async () => {
  const { canopy, endpoint, secret } = await delivered('/rotation');
  const rotated = await canopy.post('/v2/webhook-endpoints/{id}/rotate-secret', { params: { path: { id: endpoint.id } }, body: { expires_in: 3600 } });
  await canopy.post('/v2/test_helpers/allocations', { body: { trees: 1 } });
  worker.wake();
  const [, second] = await receiver.waitFor('/rotation', 2);
  assert.equal(String(second!.headers['canopy-signature']).split(',').filter((part) => part.startsWith('v1=')).length, 2);
  for (const key of [secret, rotated.secret]) assert.equal(reasonOf(() => verifyWebhook(second!.body, second!.headers, key)), 'accepted');
});
