import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkWebhookUrl, isPublicAddress, UnsafeWebhookUrl } from '../src/webhooks/url-guard.ts';
import { startTestApp } from './helpers/app.ts';
import * as make from './helpers/factories.ts';

/**
 * Where a webhook may not go: every class of address that is not the public internet,
 * refused when an endpoint is made (400 webhook_url_refused naming url) and again at
 * delivery, including a name that resolves to loopback. WEBHOOK_ALLOW_PRIVATE_URLS is off,
 * as in production.
 */

const app = await startTestApp();
const company = await make.companyWithTokens(app.db);
const create = (url: string) => app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url } });

const REFUSED: [string, string][] = [
  ['http://hooks.example.com/canopy', 'plain http'],
  ['https://127.0.0.1/hooks', 'loopback'],
  ['https://127.8.9.10/hooks', 'loopback, not .1'],
  ['https://localhost/hooks', 'a name that resolves to 127.0.0.1'],
  ['https://[::1]/hooks', 'IPv6 loopback'],
  ['https://10.1.2.3/hooks', 'private 10/8'],
  ['https://172.16.0.5/hooks', 'private 172.16/12'],
  ['https://192.168.1.1/hooks', 'private 192.168/16'],
  ['https://169.254.169.254/latest/meta-data', 'link-local: cloud metadata'],
  ['https://100.64.0.1/hooks', 'carrier-grade NAT'],
  ['https://100.100.100.200/hooks', 'carrier-grade NAT: a cloud metadata address'],
  ['https://[fd00:ec2::254]/hooks', 'unique-local IPv6: a cloud metadata address'],
  ['https://[fe80::1]/hooks', 'link-local IPv6'],
  ['https://224.0.0.1/hooks', 'multicast'],
  ['https://[ff02::1]/hooks', 'IPv6 multicast'],
  ['https://0.0.0.0/hooks', 'unspecified'],
  ['https://[::ffff:127.0.0.1]/hooks', 'IPv4-mapped loopback'],
  ['https://[64:ff9b::7f00:1]/hooks', 'NAT64 to loopback'],
  ['https://[2002:7f00:1::1]/hooks', '6to4 of loopback'],
  ['https://198.51.100.7/hooks', 'documentation range'],
  ['https://user:secret@hooks.example.com/hooks', 'credentials in the URL'],
  ['not a url', 'not a URL'],
];

describe('webhook URLs', () => {
  for (const [url, why] of REFUSED) {
    test(`refuses ${why}: ${url}`, async () => {
      const refused = await create(url);
      assert.equal(refused.status, 400, refused.text);
      assert.equal(refused.body.error.code, 'webhook_url_refused');
      assert.equal(refused.body.error.param, 'url');
    });
  }

  test('a public address passes the check, and the attempt connects to the address checked', async () => {
    assert.equal(isPublicAddress('8.8.8.8'), true);
    assert.equal(isPublicAddress('2606:4700:4700::1111'), true);
    const checked = await checkWebhookUrl('https://8.8.8.8/hooks', { allowPrivate: false });
    assert.deepEqual([checked.address, checked.family, checked.url.hostname], ['8.8.8.8', 4, '8.8.8.8']);
  });

  test('with WEBHOOK_ALLOW_PRIVATE_URLS, http and loopback are allowed (local development)', async () => {
    const checked = await checkWebhookUrl('http://localhost:4242/hooks', { allowPrivate: true });
    assert.ok(['127.0.0.1', '::1'].includes(checked.address));
    await assert.rejects(checkWebhookUrl('ftp://example.com/', { allowPrivate: true }), UnsafeWebhookUrl);
  });

  test('an endpoint whose host later resolves inside the network is refused at delivery, not sent', async () => {
    // Made while private URLs were allowed (or its DNS changed since): the delivery checks again.
    const lenient = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    const owner = await make.companyWithTokens(lenient.db);
    const made = await lenient.request('POST', '/v2/webhook-endpoints', { token: owner.test, body: { url: 'https://localhost:9/hooks' } });
    assert.equal(made.status, 200, made.text);
    assert.equal((await lenient.request('POST', '/v2/test_helpers/allocations', { token: owner.test, body: { trees: 1 } })).status, 200);
    const { startDeliveryWorker } = await import('../src/webhooks/worker.ts');
    const strictWorker = startDeliveryWorker(lenient.db, { secretKey: process.env.CANOPY_SECRET_KEY ?? 'test-secret-key-of-at-least-32-characters', publicBaseUrl: 'http://canopy.test', allowPrivateUrls: false, pollIntervalMs: 50 });
    try {
      const deadline = Date.now() + 5000;
      let delivery = await lenient.db.selectFrom('event_deliveries').selectAll().where('endpoint_id', '=', made.body.id).executeTakeFirstOrThrow();
      while (delivery.attempts === 0 || delivery.locked_until !== null) {
        assert.ok(Date.now() < deadline, 'the worker made its attempt');
        await new Promise((resolve) => setTimeout(resolve, 30));
        delivery = await lenient.db.selectFrom('event_deliveries').selectAll().where('endpoint_id', '=', made.body.id).executeTakeFirstOrThrow();
      }
      assert.equal(delivery.status, 'pending', 'a refused attempt is retried like any failure');
      assert.equal(delivery.last_status_code, null);
      assert.match(String(delivery.last_error), /refused: .*127\.0\.0\.1.*loopback|refused: .*::1.*loopback/);
    } finally {
      await strictWorker.stop();
    }
  });
});
