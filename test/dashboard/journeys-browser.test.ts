import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createMailer } from '../../src/platform/mail/mailer.ts';
import { DELIVERY_HOOKS } from '../../src/features.ts';
import { verifyWebhook } from '../../src/platform/webhooks/signature.ts';
import { startDeliveryWorker } from '../../src/platform/webhooks/worker.ts';
import { startTestApp, TEST_SECRET_KEY, testWorkerServices } from '../helpers/app.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { launchChromium, withoutChromium } from '../helpers/browser.ts';
import { clickAndLoad, mailedLink, personPage, screenshot, signedInPage, signInThroughForm } from '../helpers/dashboard-browser.ts';
import * as make from '../helpers/factories.ts';
import { tempDir } from '../helpers/temp.ts';

/**
 * Whole journeys through the company dashboard in a real browser, as people make them:
 * an invitation by email to a password and the dashboard; a token made in the page and
 * used on the API, rolled and revoked; a webhook endpoint added in the page and its signed
 * deliveries on a receiver on loopback, a failure and a redelivery from the page; what a
 * member cannot reach; a removed admin stopped at once. One app and one browser for the
 * file; each person a browser context of their own.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const outbox = tempDir('dashboard-outbox');
const services = testWorkerServices(createMailer({ smtpUrl: null, from: 'Canopy <test@canopy.test>', outboxDir: outbox }));

const linkMailedTo = (email: string, kind: 'invite' | 'link' | 'reset') => mailedLink(outbox, email, kind);

const receiver = await startReceiver();
const worker = startDeliveryWorker(app.db, { ...DELIVERY_HOOKS, secretKey: process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, pollIntervalMs: 100 });
after(() => worker.stop());

/** An event of the company's test mode: a test allocation through the API. */
const makeEvent = (token: string) => app.request('POST', '/v2/test_helpers/allocations', { token, body: { trees: 3 } });

async function waitUntil(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

const apiMe = async (token: string) => (await app.get('/v2/me', token)).status;

describe('journeys through the dashboard', { skip: withoutChromium }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  test('invited on the team page, a person chooses a password, lands signed in, signs out and signs in again with it', async () => {
    const company = await make.companyWithTokens(app.db, { name: 'Juniper Bakery' });
    const { page: admin } = await signedInPage(browser, app, company.id, { name: 'Ada Admin' });
    await admin.goto('/dashboard/team');
    const email = `noor-${Date.now()}@example.com`;
    await admin.getByLabel('Email').fill(email);
    await admin.getByLabel(/^Name/).fill('Noor Newcomer');
    await admin.getByLabel('Role', { exact: true }).selectOption('member');
    await clickAndLoad(admin, admin.locator('form[action="/dashboard/team/invite"] button[type=submit]'));
    assert.match(await admin.locator('.notice').innerText(), new RegExp(email.replace(/[.+]/g, '\\$&')));
    assert.match(await admin.locator('table.list').innerText(), /Noor Newcomer[\s\S]*Invited/);
    await app.runJobs(services);

    const invitee = await personPage(browser, app.baseUrl);
    await invitee.goto(linkMailedTo(email, 'invite'));
    await screenshot(invitee, 'journey-invite-choose-password-en-1280');
    assert.equal(await invitee.locator('input[name=username]').inputValue(), email);
    const password = 'a long and quiet orchard path';
    await invitee.getByLabel(/password/i).fill(password);
    await clickAndLoad(invitee, invitee.locator('main form button[type=submit]'));
    assert.equal(new URL(invitee.url()).pathname, '/dashboard');
    assert.match(await invitee.locator('header').innerText(), /Noor Newcomer/);
    assert.match(await invitee.locator('header').innerText(), /Juniper Bakery/);

    await clickAndLoad(invitee, invitee.locator('header form[action="/dashboard/sign-out"] button'));
    assert.equal(new URL(invitee.url()).pathname, '/dashboard/sign-in');
    await invitee.goto('/dashboard');
    assert.equal(new URL(invitee.url()).pathname, '/dashboard/sign-in', 'signed out: the dashboard asks to sign in');
    assert.equal(await signInThroughForm(invitee, email, password), '/dashboard');
    await invitee.goto(linkMailedTo(email, 'invite'));
    assert.equal(await invitee.locator('input[name=password]').count(), 0, 'the invitation works once: no password to choose again');
    await admin.goto('/dashboard/team');
    assert.match(await admin.locator('table.list').innerText(), /Noor Newcomer[\s\S]*Active/);
    await admin.context().close();
    await invitee.context().close();
  });

  test('a token made in the page works on GET /v2/me; rolled, the old value works through the overlap and not after; revoked, it is refused', async () => {
    const company = await make.companyWithTokens(app.db);
    const { page } = await signedInPage(browser, app, company.id);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/dashboard');
    await clickAndLoad(page, page.locator('nav.menu').getByRole('link', { name: 'API tokens' }));
    await clickAndLoad(page, page.locator('main a[href="/dashboard/tokens/new"]'));
    await page.getByLabel('Name', { exact: true }).fill('Order system');
    await page.locator('input[name=scopes][value="company:read"]').check();
    await page.locator('input[name=mode][value=live]').check();
    await clickAndLoad(page, page.locator('main form button[type=submit]'));
    const value = await page.locator('#token-value').inputValue();
    assert.match(value, /^\w+_live_/, 'the value is shown');
    await page.locator('#copy-token').click();
    await page.locator('#copy-status', { hasText: 'Copied' }).waitFor();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), value, 'the copy button copies the value');
    await screenshot(page, 'journey-token-created-en-1280');
    const me = await app.get('/v2/me', value);
    assert.equal(me.status, 200, me.text);

    await clickAndLoad(page, page.locator('main a[href="/dashboard/tokens"]'));
    assert.ok(!(await page.content()).includes(value), 'the list never shows the value again');
    const first = await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).where('name', '=', 'Order system').executeTakeFirstOrThrow();
    assert.match(await page.locator(`tr[id="${first.id}"]`).innerText(), /Order system[\s\S]*live/);

    // Roll with an hour's overlap: both values work, until the hour has passed.
    await clickAndLoad(page, page.locator(`tr[id="${first.id}"]`).getByRole('link', { name: /Roll/ }));
    await page.getByLabel('For 1 hour').check();
    await clickAndLoad(page, page.locator('main form button[type=submit]'));
    const rolled = await page.locator('#token-value').inputValue();
    assert.notEqual(rolled, value);
    assert.match(await page.locator('main').innerText(), /old value keeps working until/, 'the page says until when the old value works');
    await screenshot(page, 'journey-token-rolled-en-1280');
    assert.deepEqual([await apiMe(value), await apiMe(rolled)], [200, 200], 'through the overlap both values work');
    await app.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', first.id).execute(); // the hour has passed
    assert.deepEqual([await apiMe(value), await apiMe(rolled)], [401, 200], 'after the overlap the old value is refused');

    // Revoke the new value after the confirmation.
    const second = await app.db.selectFrom('api_tokens').select('id').where('rolled_from_token_id', '=', first.id).executeTakeFirstOrThrow();
    await page.goto('/dashboard/tokens');
    await clickAndLoad(page, page.locator(`tr[id="${second.id}"]`).getByRole('link', { name: /Revoke/ }));
    await clickAndLoad(page, page.locator('main form button.danger'));
    assert.equal(new URL(page.url()).pathname, '/dashboard/tokens');
    assert.match(await page.locator('.notice').innerText(), /Order system/);
    assert.equal(await apiMe(rolled), 401, 'the revoked value is refused at once');
    assert.ok(!(await page.content()).includes(rolled));
    await page.context().close();
  });

  test('an endpoint added in the page gets a signed delivery, its attempt is in the log; a failure shows, and a redelivery from the page arrives', async () => {
    const company = await make.companyWithTokens(app.db);
    const { page } = await signedInPage(browser, app, company.id);
    await page.goto('/dashboard/webhooks?mode=test');
    await clickAndLoad(page, page.getByRole('link', { name: 'Add an endpoint' }));
    await page.getByLabel('URL', { exact: false }).first().fill(`${receiver.base}/shop`);
    await page.locator('#description').fill('Shop orders');
    await clickAndLoad(page, page.locator('main form button[type=submit]'));
    const secret = await page.locator('#secret').inputValue();
    assert.match(secret, /^whsec_/, 'the signing secret is shown');
    await screenshot(page, 'journey-webhook-secret-en-1280');
    await clickAndLoad(page, page.locator('main a.button'));
    const endpointPath = new URL(page.url()).pathname;
    assert.match(endpointPath, /^\/dashboard\/webhooks\/whe_\w+$/);
    assert.ok(!(await page.content()).includes(secret), 'the endpoint page does not show the secret');

    // An event happens (a test allocation through the API); the worker delivers it, signed.
    assert.equal((await makeEvent(company.test)).status, 200);
    const [delivery] = await receiver.waitFor('/shop', 1, 15_000);
    const event = verifyWebhook(delivery!.body, delivery!.headers['canopy-signature'] as string, secret) as { id: string; type: string };
    assert.equal(event.type, 'allocation.created');
    await page.reload();
    const log = page.locator('table.list tbody tr');
    assert.equal(await log.count(), 1);
    assert.match(await log.first().innerText(), new RegExp(`allocation\\.created[\\s\\S]*${event.id}[\\s\\S]*Succeeded[\\s\\S]*200`));

    // The receiver fails: the attempt says so.
    receiver.behave('/shop', () => ({ status: 503 }));
    assert.equal((await makeEvent(company.test)).status, 200);
    const [, failed] = await receiver.waitFor('/shop', 2, 15_000);
    const failedEvent = JSON.parse(failed!.body) as { id: string };
    await waitUntil(async () => (await app.db.selectFrom('webhook_attempts').select('id').where('event_id', '=', failedEvent.id).execute()).length === 1);
    await page.reload();
    const failedRow = page.locator('table.list tbody tr', { hasText: failedEvent.id });
    assert.match(await failedRow.innerText(), /Failed[\s\S]*503/);
    await screenshot(page, 'journey-webhook-failed-en-1280');

    // It works again: redeliver the failed event from the page.
    receiver.behave('/shop', () => ({ status: 200 }));
    await clickAndLoad(page, failedRow.getByRole('button', { name: /Redeliver/ }));
    assert.match(await page.locator('.notice').innerText(), new RegExp(failedEvent.id));
    const [, , again] = await receiver.waitFor('/shop', 3, 15_000);
    assert.equal((JSON.parse(again!.body) as { id: string }).id, failedEvent.id, 'the failed event arrives again');
    verifyWebhook(again!.body, again!.headers['canopy-signature'] as string, secret);
    await waitUntil(async () => (await app.db.selectFrom('webhook_attempts').select('id').where('event_id', '=', failedEvent.id).execute()).length === 2);
    await page.reload();
    assert.match(await page.locator('table.list tbody tr', { hasText: failedEvent.id }).first().innerText(), /Succeeded[\s\S]*200/, 'the newest attempt, first, succeeded');
    await screenshot(page, 'journey-webhook-redelivered-en-1280');
    await page.context().close();
  });

  test('a member cannot reach tokens, webhooks, team or audit log: a 403 page, their forms refused, nothing changed', async () => {
    const company = await make.companyWithTokens(app.db);
    const { page: member } = await signedInPage(browser, app, company.id, { role: 'member' });
    const menu = await member.locator('nav.menu').innerText();
    for (const path of ['/dashboard/tokens', '/dashboard/webhooks', '/dashboard/events', '/dashboard/team', '/dashboard/audit-log']) {
      const answer = await member.goto(path);
      assert.equal(answer?.status(), 403, path);
      assert.match(await member.locator('h1').innerText(), /not allowed|admin/i, path);
    }
    await screenshot(member, 'journey-member-403-en-1280');
    assert.doesNotMatch(menu, /Team|Audit|Tokens|Webhooks/i, 'the menu does not offer what a member may not open');
    // Forms sent directly, with the member's own valid CSRF token (from a page they may read).
    await member.goto('/dashboard/account');
    const csrf = await member.locator('input[name=_csrf]').first().inputValue();
    const usersBefore = await app.db.selectFrom('users').select(['id', 'role']).where('company_id', '=', company.id).execute();
    const tokensBefore = await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).execute();
    for (const [action, fields] of [
      ['/dashboard/team/invite', { email: 'mallory@example.com', role: 'admin' }],
      ['/dashboard/tokens/new', { name: 'Mine', mode: 'live', scopes: 'company:read' }],
      ['/dashboard/webhooks', { url: 'https://example.com/hook' }],
    ] as const) {
      const answer = await member.request.post(action, { form: { _csrf: csrf, ...fields }, maxRedirects: 0 });
      assert.equal(answer.status(), 403, action);
    }
    assert.deepEqual(await app.db.selectFrom('users').select(['id', 'role']).where('company_id', '=', company.id).execute(), usersBefore);
    assert.deepEqual(await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).execute(), tokensBefore);
    assert.equal((await app.db.selectFrom('webhook_endpoints').select('id').where('company_id', '=', company.id).execute()).length, 0);
    await member.context().close();
  });

  test('an admin removed on the team page is signed out at once and their tokens stop', async () => {
    const company = await make.companyWithTokens(app.db);
    const { page: admin } = await signedInPage(browser, app, company.id, { name: 'Ada Admin' });
    const { page: leaver, person } = await signedInPage(browser, app, company.id, { name: 'Lee Leaver' });
    const token = await make.tokenFor(app.db, company, { ownerEmail: person.email });
    assert.equal(await apiMe(token.token), 200);
    await leaver.goto('/dashboard/account');

    await admin.goto('/dashboard/team');
    await clickAndLoad(admin, admin.locator('tr', { hasText: 'Lee Leaver' }).getByRole('link', { name: /Remove/ }));
    await screenshot(admin, 'journey-team-remove-en-1280');
    assert.match(await admin.locator('main').innerText(), new RegExp(person.email.replace(/[.+]/g, '\\$&')));
    await clickAndLoad(admin, admin.locator('main form button.danger'));
    assert.equal(new URL(admin.url()).pathname, '/dashboard/team');
    assert.doesNotMatch(await admin.locator('table.list').innerText(), /Lee Leaver/);

    assert.equal(await apiMe(token.token), 401, 'their token stops at once');
    await leaver.reload();
    assert.equal(new URL(leaver.url()).pathname, '/dashboard/sign-in', 'their open session stops at once');
    assert.notEqual(await signInThroughForm(leaver, person.email, person.password), '/dashboard', 'and they cannot sign in again');
    await admin.context().close();
    await leaver.context().close();
  });
});


