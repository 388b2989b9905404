import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { DELIVERY_HOOKS } from '../../../src/features.ts';
import { recordEvent } from '../../../src/platform/events/record.ts';
import { verifyWebhook } from '../../../src/platform/webhooks/signature.ts';
import { startDeliveryWorker } from '../../../src/platform/webhooks/worker.ts';
import { startTestApp, TEST_SECRET_KEY } from '../../helpers/app.ts';
import { type DashboardBrowser, signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';
import { startReceiver } from '../../helpers/receiver.ts';

/**
 * The webhook pages of the dashboard through real HTTP, signed in as a person would be,
 * with a real receiver on loopback and the delivery worker running: add an endpoint, check
 * a delivery's signature with the secret the page showed once, read the attempt in the log,
 * make the receiver fail and redeliver from the page; the event log; who may do what.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const receiver = await startReceiver();
const secretKey = process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY;
const worker = startDeliveryWorker(app.db, { ...DELIVERY_HOOKS, secretKey, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, pollIntervalMs: 50 });
after(() => worker.stop());

const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
const { browser: admin } = await signedInBrowser(app, company.id, { role: 'admin' });

/** The text of a page without its tags, for assertions about what a person reads. */
const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

/** Adds an endpoint through the form; returns its id and the secret the page showed. */
async function addEndpoint(browser: DashboardBrowser, path: string, fields: Record<string, string | string[]> = {}, mode = 'test') {
  await browser.get(`/dashboard/webhooks/new?mode=${mode}`);
  const answer = await browser.post(`/dashboard/webhooks?mode=${mode}`, { url: `${receiver.base}${path}`, all_types: 'on', ...fields });
  assert.equal(answer.status, 200, answer.text.slice(0, 500));
  const secret = /value="(whsec_[^"]+)"/.exec(answer.text)?.[1];
  const id = /\/dashboard\/webhooks\/(whe_[A-Za-z0-9]{24})/.exec(answer.text)?.[1];
  assert.ok(secret && id, 'the page shows the secret and links the endpoint');
  return { id: id!, secret: secret!.replace(/&#43;/g, '+').replace(/&#x2F;/g, '/').replace(/&#61;/g, '=') };
}

const event = (type: 'allocation.created' | 'recipient.created' = 'allocation.created') =>
  recordEvent(app.db, { companyId: company.id, livemode: false, type, object: { id: 'alloc_000000000000000000000000', object: 'allocation', trees: 3 } });

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

const auditOf = (target: string) => app.db.selectFrom('audit_log').select(['action', 'details', 'user_id']).where('target_id', '=', target).orderBy('created_at').execute();

describe('an admin and their webhook endpoints', () => {
  test('adds an endpoint, receives a signed delivery, sees it in the log, and redelivers a failed one from the page', async () => {
    const { id, secret } = await addEndpoint(admin, '/journey', { description: 'Order system' });
    // The secret is on that page only.
    const page = await admin.get(`/dashboard/webhooks/${id}`);
    assert.equal(page.status, 200);
    assert.ok(!page.text.includes(secret) && !page.text.includes(secret.slice(6, 30)), 'the endpoint page never shows the secret');
    assert.match(words(page.text), /Order system/);

    const first = await event();
    const [delivery] = await receiver.waitFor('/journey', 1);
    const payload = verifyWebhook(delivery!.body, String(delivery!.headers['canopy-signature']), secret) as { id: string };
    assert.equal(payload.id, first, 'signed with the secret the page showed');
    const logged = await until(() => admin.get(`/dashboard/webhooks/${id}`), (p) => p.text.includes(first), 'the attempt in the log');
    assert.match(words(logged.text), /Succeeded 200/);

    receiver.behave('/journey', () => ({ status: 500 }));
    const second = await event();
    await receiver.waitFor('/journey', 2);
    const failed = await until(() => admin.get(`/dashboard/webhooks/${id}?outcome=failed`), (p) => p.text.includes(second), 'the failure in the log');
    assert.match(words(failed.text), /Failed 500/);
    assert.ok(!failed.text.includes(`href="/dashboard/events/${first}"`), 'the filter leaves the success out');

    receiver.behave('/journey', () => ({ status: 200 }));
    const redelivered = await admin.post(`/dashboard/webhooks/${id}/redeliver`, { event: second });
    assert.equal(redelivered.status, 303);
    assert.match(words((await admin.follow(redelivered)).text), new RegExp(`Event ${second} is queued to be sent again now`));
    await receiver.waitFor('/journey', 3);
    await until(() => app.db.selectFrom('event_deliveries').select('status').where('endpoint_id', '=', id).where('event_id', '=', second).executeTakeFirstOrThrow(), (d) => d.status === 'delivered', 'delivered');

    const actions = (await auditOf(id)).map((entry) => entry.action);
    assert.deepEqual(actions, ['webhook_endpoint.created'], 'the creation is in the audit log');
    const redeliveries = await auditOf(second);
    assert.deepEqual(redeliveries.map((entry) => [entry.action, entry.details.endpoint]), [['event.redelivered', id]]);
  });

  test('resends all failed since a time, and switches off and on again with what it missed', async () => {
    const { id } = await addEndpoint(admin, '/resend');
    receiver.behave('/resend', () => ({ status: 503 }));
    await event();
    await receiver.waitFor('/resend', 1);
    await app.db.updateTable('event_deliveries').set({ status: 'failed' }).where('endpoint_id', '=', id).execute();
    receiver.behave('/resend', () => ({ status: 200 }));
    await admin.get(`/dashboard/webhooks/${id}`);
    const resent = await admin.post(`/dashboard/webhooks/${id}/recover`, { since: new Date(Date.now() - 3600_000).toISOString().slice(0, 16) });
    assert.equal(resent.status, 303);
    assert.match(words((await admin.follow(resent)).text), /1 delivery queued; 0 already pending/);
    await receiver.waitFor('/resend', 2);

    const tooOld = await admin.post(`/dashboard/webhooks/${id}/recover`, { since: '2020-01-01T00:00' });
    assert.equal(tooOld.status, 400);
    assert.match(words(tooOld.text), /more than 30 days ago/);

    const off = await admin.post(`/dashboard/webhooks/${id}/disable`);
    assert.equal(off.status, 303);
    const offPage = words((await admin.follow(off)).text);
    assert.match(offPage, /Switched off\. Someone of your company switched it off\./, 'a disabled endpoint shows why');
    const missed = await event();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(receiver.at('/resend').length, 2, 'nothing while off');
    const on = await admin.post(`/dashboard/webhooks/${id}/enable`, { since: new Date(Date.now() - 600_000).toISOString().slice(0, 16) });
    assert.equal(on.status, 303);
    assert.match(words((await admin.follow(on)).text), /Switched on\. 1 delivery queued/);
    const [, , third] = await receiver.waitFor('/resend', 3);
    assert.equal(JSON.parse(third!.body).id, missed, 'what it missed while off arrives');
    assert.deepEqual((await auditOf(id)).map((entry) => entry.action), [
      'webhook_endpoint.created', 'webhook_endpoint.recovered', 'webhook_endpoint.updated', 'webhook_endpoint.updated',
    ]);
  });

  test('edits an endpoint: event types as checkboxes, personal data, the URL under the API\'s rules', async () => {
    const { id } = await addEndpoint(admin, '/edit');
    const form = await admin.get(`/dashboard/webhooks/${id}/edit`);
    assert.match(form.text, /<input type="checkbox" name="types" value="recipient.created"/);
    const none = await admin.post(`/dashboard/webhooks/${id}/edit`, { url: `${receiver.base}/edit` });
    assert.equal(none.status, 400);
    assert.match(words(none.text), /Choose all event types, or at least one/);
    const ftp = await admin.post(`/dashboard/webhooks/${id}/edit`, { url: 'ftp://files.example.com/hooks', all_types: 'on' });
    assert.equal(ftp.status, 400);
    assert.match(words(ftp.text), /This URL cannot be used: The url must use https/);
    assert.match(ftp.text, /value="ftp:\/\/files.example.com\/hooks"/, 'what was typed is kept');
    const saved = await admin.post(`/dashboard/webhooks/${id}/edit`, { url: `${receiver.base}/edit`, types: ['recipient.created', 'recipient.claimed'], personal_data: 'on', description: 'CRM' });
    assert.equal(saved.status, 303);
    const endpoint = await app.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual([endpoint.enabled_events, endpoint.include_personal_data, endpoint.description], [['recipient.created', 'recipient.claimed'], true, 'CRM']);
    const [entry] = (await auditOf(id)).filter((e) => e.action === 'webhook_endpoint.updated');
    assert.deepEqual(entry!.details.changed, ['enabled_events', 'include_personal_data', 'description']);
  });

  test('reveals the secret to an admin (a POST), rotates it with an overlap, and sends a test event; no secret reaches the audit log', async () => {
    const { id, secret } = await addEndpoint(admin, '/secret');
    await admin.get(`/dashboard/webhooks/${id}`);
    const revealed = await admin.post(`/dashboard/webhooks/${id}/reveal-secret`);
    assert.equal(revealed.status, 200);
    assert.ok(revealed.text.includes(secret.replace(/\+/g, '&#43;').replace(/\//g, '&#x2F;').replace(/=/g, '&#61;')) || revealed.text.includes(secret), 'the same secret');
    assert.equal((await admin.get(`/dashboard/webhooks/${id}/reveal-secret`)).status, 404, 'never by GET');
    await admin.get(`/dashboard/webhooks/${id}`);
    const rotated = await admin.post(`/dashboard/webhooks/${id}/rotate-secret`, { overlap: '3600' });
    const newSecret = /value="(whsec_[^"]+)"/.exec(rotated.text)![1]!;
    assert.ok(!rotated.text.includes(secret), 'the new one, not the old');
    const page = words((await admin.get(`/dashboard/webhooks/${id}`)).text);
    assert.match(page, /The previous secret signs beside it until/);
    await admin.post(`/dashboard/webhooks/${id}/test-event`, { type: 'recipient.claimed' });
    const [test] = receiver.at('/secret').slice(-1);
    assert.match(JSON.parse(test!.body).id, /^evt_TESTEVENT/);
    assert.match(words((await admin.get(`/dashboard/webhooks/${id}`)).text), /test evt_TESTEVENT/);
    const entries = await auditOf(id);
    assert.deepEqual(entries.map((e) => e.action), ['webhook_endpoint.created', 'webhook_endpoint.secret_revealed', 'webhook_endpoint.secret_rotated', 'webhook_endpoint.test_sent']);
    const everything = JSON.stringify(await app.db.selectFrom('audit_log').selectAll().execute());
    assert.ok(!everything.includes(secret.slice(6, 26)) && !everything.includes(newSecret.slice(6, 26)), 'no secret in the audit log');
  });

  test('the event log lists the last 30 days by type, and shows each event as the API returns it with its deliveries', async () => {
    const { id } = await addEndpoint(admin, '/log');
    const created = await event('recipient.created');
    await receiver.waitFor('/log', 1);
    const list = await admin.get('/dashboard/events?mode=test&type=recipient.created');
    assert.equal(list.status, 200);
    assert.ok(list.text.includes(created));
    assert.ok(!(await admin.get('/dashboard/events?mode=test&type=allocation.planted')).text.includes(created), 'filtered by type');
    assert.ok(!(await admin.get('/dashboard/events')).text.includes(created), 'live mode shows live events');
    const shown = await until(() => admin.get(`/dashboard/events/${created}`), (p) => p.text.includes('Delivered'), 'delivered');
    const api = await app.get(`/v2/events/${created}`, company.test);
    const pre = /<pre class="code"[^>]*>([\s\S]*?)<\/pre>/.exec(shown.text)![1]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    assert.deepEqual(JSON.parse(pre), api.body, 'the payload exactly as GET /v2/events/{id} returns it');
    assert.ok(shown.text.includes(`/dashboard/webhooks/${id}`), 'its deliveries name the endpoint');
  });
});

describe('who may see and do what', () => {
  test('a member gets the 403 page for the pages and the forms; CSRF and other companies are refused', async () => {
    const { id } = await addEndpoint(admin, '/guarded');
    const { browser: member } = await signedInBrowser(app, company.id, { role: 'member' });
    for (const path of ['/dashboard/webhooks', `/dashboard/webhooks/${id}`, '/dashboard/events']) assert.equal((await member.get(path)).status, 403, path);
    member.csrf = admin.csrf;
    assert.equal((await member.post(`/dashboard/webhooks/${id}/disable`)).status, 403);
    assert.equal((await app.db.selectFrom('webhook_endpoints').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status, 'enabled');
    assert.equal((await admin.post(`/dashboard/webhooks/${id}/disable`, { _csrf: null })).status, 403, 'no CSRF token, no change');
    assert.equal((await app.db.selectFrom('webhook_endpoints').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status, 'enabled');

    const other = await make.companyWithTokens(app.db);
    const { browser: stranger } = await signedInBrowser(app, other.id, { role: 'admin' });
    await stranger.get('/dashboard/webhooks');
    assert.equal((await stranger.get(`/dashboard/webhooks/${id}`)).status, 404);
    assert.equal((await stranger.get(`/dashboard/webhooks/${id}/edit`)).status, 404);
    assert.equal((await stranger.post(`/dashboard/webhooks/${id}/reveal-secret`)).status, 404);
    assert.equal((await stranger.post(`/dashboard/webhooks/${id}/disable`)).status, 404);
    const eventId = await event();
    assert.equal((await stranger.get(`/dashboard/events/${eventId}`)).status, 404);
    assert.equal((await stranger.post(`/dashboard/events/${eventId}/redeliver`)).status, 404);
  });

  test('below the automate plan: what the plan would give, and its forms refused', async () => {
    const grow = await make.companyWithTokens(app.db, { plan: 'grow' });
    const { browser } = await signedInBrowser(app, grow.id, { role: 'admin' });
    const page = await browser.get('/dashboard/webhooks');
    assert.equal(page.status, 200);
    assert.match(words(page.text), /Webhooks come with the automate plan/);
    assert.match(words(page.text), /on the grow plan/);
    assert.equal((await browser.get('/dashboard/events')).status, 200);
    const refused = await browser.post('/dashboard/webhooks', { url: `${receiver.base}/grow`, all_types: 'on' });
    assert.equal(refused.status, 403);
    assert.equal((await app.db.selectFrom('webhook_endpoints').select('id').where('company_id', '=', grow.id).execute()).length, 0);
  });

  test('Dutch pages', async () => {
    const page = await admin.get('/dashboard/webhooks?mode=test&lang=nl');
    assert.match(words(page.text), /Endpoint toevoegen/);
    await admin.get('/dashboard/webhooks?lang=en');
  });
});
