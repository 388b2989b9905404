import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkWebhookUrl, isPublicAddress, UnsafeWebhookUrl } from '../../../src/platform/webhooks/url-guard.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { DELIVERY_HOOKS } from '../../../src/features.ts';

/**
 * Where a webhook may not go: every class of address that is not the public internet,
 * refused when an endpoint is made or its url changed (400 webhook_url_refused naming url)
 * and again at delivery, including a name that resolves to loopback and IPv6 forms that
 * wrap an IPv4 address. WEBHOOK_ALLOW_PRIVATE_URLS is off, as in production.
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
  ['https://[::169.254.169.254]/latest/meta-data', 'IPv4-compatible cloud metadata (stored as ::a9fe:a9fe)'],
  ['https://[::127.0.0.1]/hooks', 'IPv4-compatible loopback'],
  ['https://[::10.0.0.1]/hooks', 'IPv4-compatible private'],
  ['https://[::a9fe:a9fe]/hooks', 'IPv4-compatible cloud metadata, in hex'],
  ['https://[::8.8.8.8]/hooks', 'IPv4-compatible of a public address: the whole deprecated ::/96'],
  ['https://[::ffff:a9fe:a9fe]/hooks', 'IPv4-mapped cloud metadata'],
  ['https://[::ffff:0:10.0.0.1]/hooks', 'IPv4-translated private'],
  ['https://[64:ff9b::169.254.169.254]/hooks', 'NAT64 to cloud metadata'],
  ['https://[64:ff9b:1::a00:1]/hooks', 'local-use NAT64 to private'],
  ['https://[2002:a9fe:a9fe::1]/hooks', '6to4 of cloud metadata'],
  ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hooks', 'Teredo of a loopback client'],
  ['https://255.255.255.255/hooks', 'broadcast'],
  ['https://240.0.0.1/hooks', 'reserved 240/4'],
  ['https://[::]/hooks', 'IPv6 unspecified'],
  ['https://[2001:db8::1]/hooks', 'IPv6 documentation'],
  ['https://user:secret@hooks.example.com/hooks', 'credentials in the URL'],
  ['not a url', 'not a URL'],
];

/**
 * Every class of address as the guard sees it (a URL's host, or a DNS answer, which writes
 * an IPv4-compatible or -mapped address as `::a.b.c.d`), and whether it is public. An IPv6
 * form that carries an IPv4 address is refused when that address is not public; IPv4-mapped
 * is the one such form that passes with a public IPv4 (the connection goes to that IPv4),
 * the others are refused whatever they carry.
 */
const ADDRESSES: [string, boolean, string][] = [
  ['8.8.8.8', true, 'public IPv4'],
  ['1.1.1.1', true, 'public IPv4'],
  ['2606:4700:4700::1111', true, 'public IPv6'],
  ['2a00:1450:4001:80b::200e', true, 'public IPv6'],
  ['10.0.0.1', false, 'private 10/8'],
  ['172.16.0.5', false, 'private 172.16/12'],
  ['192.168.1.1', false, 'private 192.168/16'],
  ['127.0.0.1', false, 'loopback'],
  ['127.8.9.10', false, 'loopback, not .1'],
  ['169.254.169.254', false, 'link-local: cloud metadata'],
  ['100.64.0.1', false, 'carrier-grade NAT'],
  ['224.0.0.1', false, 'multicast'],
  ['239.255.255.250', false, 'multicast'],
  ['192.0.2.1', false, 'documentation TEST-NET-1'],
  ['198.51.100.7', false, 'documentation TEST-NET-2'],
  ['203.0.113.9', false, 'documentation TEST-NET-3'],
  ['255.255.255.255', false, 'broadcast'],
  ['0.0.0.0', false, 'unspecified'],
  ['0.1.2.3', false, 'this network 0/8'],
  ['240.0.0.1', false, 'reserved 240/4'],
  ['192.0.0.8', false, 'reserved IETF 192.0.0/24'],
  ['198.18.0.1', false, 'benchmarking 198.18/15'],
  ['::1', false, 'IPv6 loopback'],
  ['::', false, 'IPv6 unspecified'],
  ['fd00:ec2::254', false, 'unique-local IPv6'],
  ['fc00::1', false, 'unique-local IPv6'],
  ['fe80::1', false, 'link-local IPv6'],
  ['fe80::1%eth0', false, 'link-local IPv6 with a zone'],
  ['fec0::1', false, 'site-local IPv6 (deprecated)'],
  ['ff02::1', false, 'IPv6 multicast'],
  ['2001:db8::1', false, 'IPv6 documentation'],
  ['3fff::1', false, 'IPv6 documentation 3fff::/20'],
  ['100::1', false, 'IPv6 discard'],
  ['::a9fe:a9fe', false, 'IPv4-compatible, link-local'],
  ['::169.254.169.254', false, 'IPv4-compatible, link-local, as DNS writes it'],
  ['::7f00:1', false, 'IPv4-compatible, loopback'],
  ['::a00:1', false, 'IPv4-compatible, private'],
  ['::808:808', false, 'IPv4-compatible, public: the whole deprecated ::/96'],
  ['::8.8.8.8', false, 'IPv4-compatible, public, as DNS writes it'],
  ['::ffff:a9fe:a9fe', false, 'IPv4-mapped, link-local'],
  ['::ffff:10.0.0.1', false, 'IPv4-mapped, private'],
  ['::ffff:8.8.8.8', true, 'IPv4-mapped, public: a connection to 8.8.8.8'],
  ['::ffff:0:7f00:1', false, 'IPv4-translated, loopback'],
  ['::ffff:0:808:808', false, 'IPv4-translated, public'],
  ['64:ff9b::a9fe:a9fe', false, 'NAT64, link-local'],
  ['64:ff9b::808:808', false, 'NAT64, public'],
  ['64:ff9b:1::a00:1', false, 'local-use NAT64, private'],
  ['64:ff9b:1::808:808', false, 'local-use NAT64, public'],
  ['2002:a9fe:a9fe::1', false, '6to4, link-local'],
  ['2002:c0a8:101::1', false, '6to4, private'],
  ['2002:808:808::1', false, '6to4, public'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', false, 'Teredo, loopback client (127.0.0.1 obfuscated)'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', false, 'Teredo, private client (10.0.0.1 obfuscated)'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', false, 'Teredo, public client (8.8.8.8 obfuscated)'],
  ['not an address', false, 'not an address'],
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

  for (const [address, isPublic, why] of ADDRESSES) {
    test(`${address} is ${isPublic ? 'public' : 'not public'}: ${why}`, () => {
      assert.equal(isPublicAddress(address), isPublic);
    });
  }

  test('an IPv6 form wrapping the cloud metadata address is refused on create and on update, naming the address it wraps', async () => {
    const url = 'https://[::169.254.169.254]/latest/meta-data';
    const created = await create(url);
    assert.equal(created.status, 400, created.text);
    assert.deepEqual([created.body.error.code, created.body.error.param], ['webhook_url_refused', 'url']);
    assert.match(created.body.error.message, /169\.254\.169\.254/);

    const endpoint = await create('https://8.8.8.8/hooks');
    assert.equal(endpoint.status, 200, endpoint.text);
    const updated = await app.request('PATCH', `/v2/webhook-endpoints/${endpoint.body.id}`, { token: company.test, body: { url } });
    assert.equal(updated.status, 400, updated.text);
    assert.deepEqual([updated.body.error.code, updated.body.error.param], ['webhook_url_refused', 'url']);
    assert.match(updated.body.error.message, /169\.254\.169\.254/);
    assert.equal((await app.get(`/v2/webhook-endpoints/${endpoint.body.id}`, company.test)).body.url, 'https://8.8.8.8/hooks', 'the url is unchanged');
  });

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
    const targets: [string, RegExp][] = [
      ['https://localhost:9/hooks', /refused: .*127\.0\.0\.1.*loopback|refused: .*::1.*loopback/],
      ['https://[::169.254.169.254]:9/hooks', /refused: .*::a9fe:a9fe.*169\.254\.169\.254.*linkLocal/],
    ];
    const endpoints: string[] = [];
    for (const [url] of targets) {
      const made = await lenient.request('POST', '/v2/webhook-endpoints', { token: owner.test, body: { url } });
      assert.equal(made.status, 200, made.text);
      endpoints.push(made.body.id);
    }
    assert.equal((await lenient.request('POST', '/v2/test_helpers/allocations', { token: owner.test, body: { trees: 1 } })).status, 200);
    const { startDeliveryWorker } = await import('../../../src/platform/webhooks/worker.ts');
    const strictWorker = startDeliveryWorker(lenient.db, { ...DELIVERY_HOOKS, secretKey: process.env.CANOPY_SECRET_KEY ?? 'test-secret-key-of-at-least-32-characters', publicBaseUrl: 'http://canopy.test', allowPrivateUrls: false, pollIntervalMs: 50 });
    try {
      for (const [i, [url, reason]] of targets.entries()) {
        const deadline = Date.now() + 5000;
        const deliveryOf = () => lenient.db.selectFrom('event_deliveries').selectAll().where('endpoint_id', '=', endpoints[i]!).executeTakeFirstOrThrow();
        let delivery = await deliveryOf();
        while (delivery.attempts === 0 || delivery.locked_until !== null) {
          assert.ok(Date.now() < deadline, `the worker made its attempt to ${url}`);
          await new Promise((resolve) => setTimeout(resolve, 30));
          delivery = await deliveryOf();
        }
        assert.equal(delivery.status, 'pending', 'a refused attempt is retried like any failure');
        assert.equal(delivery.last_status_code, null);
        assert.match(String(delivery.last_error), reason);
      }
    } finally {
      await strictWorker.stop();
    }
  });
});
