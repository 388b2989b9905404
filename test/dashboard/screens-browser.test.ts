import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DELIVERY_HOOKS } from '../../src/features.ts';
import { startDeliveryWorker } from '../../src/platform/webhooks/worker.ts';
import { startTestApp, TEST_SECRET_KEY } from '../helpers/app.ts';
import { launchChromium, withoutChromium } from '../helpers/browser.ts';
import { clickAndLoad, personPage, SCREENS, type Screen, screenProblems, signInThroughForm, tabThroughFirstForm } from '../helpers/dashboard-browser.ts';
import { personWithPassword, signedInBrowser } from '../helpers/dashboard.ts';
import { makeMainCompany } from '../helpers/impact-world.ts';
import { startReceiver } from '../helpers/receiver.ts';

/**
 * Every page of the company dashboard on four screens: English and Dutch, a phone (390 px)
 * and a desktop (1280 px); and once more on a phone without JavaScript, where every page
 * and the forms that lead to pages must work. On each: axe-core's serious and critical findings, sideways scrolling,
 * fields without a label, requests leaving the server; on the English desktop, the
 * keyboard through the page's first form, each stop showing its focus. One app, one
 * browser, one signed-in person per screen. Screenshots: tmp/screenshots/dashboard-*.png,
 * to be looked at.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const receiver = await startReceiver();
const worker = startDeliveryWorker(app.db, { ...DELIVERY_HOOKS, secretKey: process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, pollIntervalMs: 100 });
after(() => worker.stop());

interface Place {
  name: string;
  /** Where the page is (read when its test runs: ids are made before the tests) ... */
  path?: () => string;
  /** ... or the steps that lead to it (a page that answers a form). */
  act?: (page: Page, screen: Screen) => Promise<void>;
  /** The form whose keyboard path is checked (default: the first form in main); null: the page has none to check. */
  form?: string | null;
}

const world = { endpoint: '', disabledEndpoint: '', event: '' };

const PLACES: Place[] = [
  { name: 'overview', path: () => '/dashboard', form: null },
  { name: 'profile', path: () => '/dashboard/profile' },
  { name: 'account', path: () => '/dashboard/account' },
  { name: 'team', path: () => '/dashboard/team' },
  { name: 'audit-log', path: () => '/dashboard/audit-log', form: null },
  { name: 'tokens', path: () => '/dashboard/tokens', form: null },
  { name: 'token-new', path: () => '/dashboard/tokens/new' },
  {
    name: 'token-created',
    act: async (page, screen) => {
      await page.goto('/dashboard/tokens/new');
      await page.locator('#token-name').fill(`Webshop ${screen.language} ${screen.width}`);
      await page.locator('input[name=scopes]').first().check();
      await clickAndLoad(page, page.locator('main form button[type=submit]'));
    },
    form: null,
  },
  { name: 'webhooks', path: () => '/dashboard/webhooks?mode=test', form: null },
  { name: 'webhook-new', path: () => '/dashboard/webhooks/new?mode=test' },
  {
    name: 'webhook-created',
    act: async (page) => {
      await page.goto('/dashboard/webhooks/new?mode=test');
      await page.locator('#url').fill(`${receiver.base}/screens-new`);
      await clickAndLoad(page, page.locator('main form button[type=submit]'));
    },
    form: null,
  },
  { name: 'webhook-endpoint', path: () => `/dashboard/webhooks/${world.endpoint}` },
  { name: 'webhook-endpoint-disabled', path: () => `/dashboard/webhooks/${world.disabledEndpoint}` },
  { name: 'events', path: () => '/dashboard/events?mode=test' },
  { name: 'event', path: () => `/dashboard/events/${world.event}` },
];

describe('dashboard screens', { skip: withoutChromium }, () => {
  let browser: Browser;
  const pages = new Map<Screen, Page>();
  const signInProblems: string[] = [];
  const signInFocus: { element: string; visible: boolean }[] = [];
  let noScript: Page;

  before(async () => {
    browser = await launchChromium();
    const { company } = await makeMainCompany(app, 'http://canopy.test');
    // Things to show: a teammate, tokens made in the page (one rolled, one revoked), endpoints with a log, events.
    const { browser: setup } = await signedInBrowser(app, company.id);
    await personWithPassword(app.db, company.id, { role: 'member', name: 'Maud Member' });
    await setup.get('/dashboard/team');
    assert.equal((await setup.post('/dashboard/team/invite', { email: 'invited@example.com', name: 'Ivo Invited', role: 'member' })).status, 303);
    const tokens = await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).execute();
    await setup.get(`/dashboard/tokens/${tokens[0]!.id}/roll`);
    assert.equal((await setup.post(`/dashboard/tokens/${tokens[0]!.id}/roll`, { overlap: '24h' })).status, 200);
    await setup.get(`/dashboard/tokens/${tokens[1]!.id}/revoke`);
    assert.equal((await setup.post(`/dashboard/tokens/${tokens[1]!.id}/revoke`)).status, 303);
    const endpoint = async (path: string, description: string) => {
      const made = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${receiver.base}${path}`, description } });
      assert.equal(made.status, 200, made.text);
      return made.body.id as string;
    };
    world.endpoint = await endpoint('/screens', 'Order system');
    world.disabledEndpoint = await endpoint('/screens-off', 'Old CRM');
    receiver.behave('/screens', (request) => ({ status: receiver.at('/screens').indexOf(request) === 1 ? 500 : 200 }));
    for (let i = 0; i < 3; i++) {
      const made = await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: 3 + i } });
      assert.equal(made.status, 200, made.text);
    }
    await receiver.waitFor('/screens', 3, 15_000);
    world.event = (await app.db.selectFrom('events').select('id').where('company_id', '=', company.id).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow()).id;
    const off = await app.request('PATCH', `/v2/webhook-endpoints/${world.disabledEndpoint}`, { token: company.test, body: { status: 'disabled' } });
    assert.equal(off.status, 200, off.text);

    const admin = await personWithPassword(app.db, company.id, { name: 'Dana Dashboard' });
    for (const screen of SCREENS) {
      const page = await personPage(browser, app.baseUrl, { language: screen.language, width: screen.width });
      await page.goto(`/dashboard/sign-in?lang=${screen.language}`);
      signInProblems.push(...(await screenProblems(page, `sign-in-${screen.language}-${screen.width}`)).problems);
      if (screen.language === 'en' && screen.width === 1280) signInFocus.push(...(await tabThroughFirstForm(page)));
      assert.equal(await signInThroughForm(page, admin.email, admin.password, screen.language), '/dashboard', 'signed in through the form');
      pages.set(screen, page);
    }
    // A phone without JavaScript: it signs in through the form and opens every page (axe needs a script, so it looks at the others).
    noScript = await personPage(browser, app.baseUrl, { language: 'nl', width: 390, javaScript: false });
    assert.equal(await signInThroughForm(noScript, admin.email, admin.password, 'nl'), '/dashboard', 'signed in through the form without JavaScript');
  });

  after(async () => {
    await browser?.close();
  });

  test('sign-in', () => {
    assert.deepEqual(signInProblems, []);
    assert.ok(signInFocus.length >= 2 && signInFocus.every((stop) => stop.visible), JSON.stringify(signInFocus));
  });

  for (const place of PLACES) {
    test(place.name, async () => {
      const problems: string[] = [];
      // The four screens at once: each is a browser context of its own.
      await Promise.all(SCREENS.map(async (screen) => {
        const page = pages.get(screen)!;
        const name = `${place.name}-${screen.language}-${screen.width}`;
        const answer = place.path ? await page.goto(place.path()) : null;
        if (place.act) await place.act(page, screen);
        if (answer && answer.status() !== 200) problems.push(`${name}: answered ${answer.status()} (${new URL(page.url()).pathname})`);
        if (!new URL(page.url()).pathname.startsWith('/dashboard') || new URL(page.url()).pathname === '/dashboard/sign-in') problems.push(`${name}: ended at ${page.url()}`);
        if ((await page.locator('html').getAttribute('lang')) !== screen.language) problems.push(`${name}: not in its language`);
        problems.push(...(await screenProblems(page, name)).problems);
      }));
      if (place.form !== null) {
        const stops = await tabThroughFirstForm(pages.get(SCREENS[1]!)!, place.form);
        const hidden = stops.filter((stop) => !stop.visible);
        if (hidden.length > 0) problems.push(`${place.name}-en-1280: focus not visible on ${hidden.map((stop) => stop.element).join(', ')}`);
      }
      // Without JavaScript the page answers, forms included.
      const answer = place.path ? await noScript.goto(place.path()) : null;
      if (place.act) await place.act(noScript, { language: 'nl', width: 390 });
      if (answer && answer.status() !== 200) problems.push(`${place.name} without JavaScript: answered ${answer.status()}`);
      if ((await noScript.locator('main h1').count()) === 0) problems.push(`${place.name} without JavaScript: no heading at ${noScript.url()}`);
      assert.deepEqual(problems, []);
    });
  }
});
