import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, formatViolations } from '../../helpers/axe.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { personWithPassword } from '../../helpers/dashboard.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * Settings > API tokens in Chromium, as an admin uses it: the whole journey from signing in
 * to a value that works on GET /v2/me, copied with the button; every page passes axe-core,
 * works without JavaScript, and is photographed in English and Dutch on a phone and a
 * desktop (tmp/screenshots/tokens-*.png) to be looked at.
 */
const app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1/32' });

const SCREENS = [['nl', 390], ['en', 1280]] as const;

describe('API tokens in a browser', { skip: withoutChromium }, () => {
  let chromium: Browser;
  before(async () => {
    chromium = await launchChromium();
  });
  after(async () => {
    await chromium?.close();
  });

  async function signedInPage(companyId: string, width: number, options: { javaScript?: boolean } = {}) {
    const person = await personWithPassword(app.db, companyId, { role: 'admin', name: 'Ada Lovelace' });
    const context = await chromium.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: options.javaScript ?? true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/dashboard/sign-in`);
    await page.fill('#email', person.email);
    await page.fill('#password', person.password);
    await Promise.all([page.waitForURL(/\/dashboard(\?|$)/), page.click('button[type=submit]:not(.linkish)')]);
    return { page, person };
  }

  async function check(page: Page, name: string) {
    const problems = await axeViolations(page);
    assert.deepEqual(formatViolations(name, problems), [], `${name}: axe`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `tokens-${name}.png`), fullPage: true });
  }

  test('create in the page, copy the value with the button, and use it on GET /v2/me', async () => {
    const company = await make.companyWithTokens(app.db);
    const { page } = await signedInPage(company.id, 1280);
    await page.goto(`${app.baseUrl}/dashboard/tokens`);
    await page.click('text=Create a token');
    await page.fill('#token-name', 'Webshop');
    await page.check('input[value="company:read"]');
    await page.check('input[value="recipients:write"]');
    await page.check('input[name="mode"][value="live"]');
    await page.click('button:has-text("Create token")');
    const value = await page.inputValue('#token-value');
    assert.match(value, /^canopy_live_[A-Za-z0-9]{32}$/);
    await page.click('#copy-token');
    await page.waitForSelector('#copy-status:has-text("Copied")');
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), value);
    const me = await app.get('/v2/me', value);
    assert.deepEqual([me.status, me.body.name, me.body.scopes], [200, 'Webshop', ['company:read', 'recipients:write']]);
    await page.click('text=I have stored it');
    assert.ok(!(await page.content()).includes(value), 'not on the list');
    await page.context().close();
  });

  test('without JavaScript the value is in a read-only field and there is no copy button', async () => {
    const company = await make.companyWithTokens(app.db);
    const { page } = await signedInPage(company.id, 390, { javaScript: false });
    await page.goto(`${app.baseUrl}/dashboard/tokens/new`);
    await page.fill('#token-name', 'No script');
    await page.check('input[value="events:read"]');
    await page.click('button:has-text("Create token")');
    assert.match(await page.inputValue('#token-value'), /^canopy_test_/);
    assert.equal(await page.isVisible('#copy-token'), false);
    assert.equal(await page.getAttribute('#token-value', 'readonly'), '');
    await page.context().close();
  });

  // Every dashboard page is screened in both languages at both widths by test/dashboard/screens-browser.test.ts;
  // here this feature's own pages (those it has beyond the common ones) in the two pairs that differ most.
  for (const [language, width] of SCREENS) {
    test(`every token page in ${language} at ${width} px passes axe-core`, async () => {
      const company = await make.companyWithTokens(app.db, { name: 'Groen & Co' });
      const { page } = await signedInPage(company.id, width);
      const at = (name: string) => `${name}-${language}-${width}`;
      // A list with a token in every state: used, rolled (old value in its overlap), revoked.
      const ids = await app.db.selectFrom('api_tokens').select(['id', 'livemode']).where('company_id', '=', company.id).execute();
      await app.get('/v2/me', company.live, { 'x-forwarded-for': '203.0.113.42' });
      await page.goto(`${app.baseUrl}/dashboard/tokens?lang=${language}`);
      await page.goto(`${app.baseUrl}/dashboard/tokens/${ids.find((t) => !t.livemode)!.id}/roll`);
      await check(page, at('roll'));
      await page.check('input[name="overlap"][value="7d"]');
      await page.click('form.stack button[type=submit]');
      await check(page, at('rolled'));
      await page.goto(`${app.baseUrl}/dashboard/tokens/new`);
      await page.fill('#token-name', 'Old ERP');
      await page.check('input[value="allocations:read"]');
      await page.fill('#token-allowlist', '203.0.113.0/24\n10.0.0.300');
      await page.click('form.stack button[type=submit]');
      await check(page, at('new-problem'));
      await page.fill('#token-allowlist', '203.0.113.0/24');
      await page.fill('#token-expires', '2031-06-30');
      await page.click('form.stack button[type=submit]');
      await check(page, at('created'));
      const old = await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).where('name', '=', 'Old ERP').executeTakeFirstOrThrow();
      await page.goto(`${app.baseUrl}/dashboard/tokens/${old.id}/revoke`);
      await check(page, at('revoke'));
      await page.click('button.danger');
      await check(page, at('list'));
      await page.goto(`${app.baseUrl}/dashboard/tokens/new`);
      await check(page, at('new'));

      const grow = await make.companyWithTokens(app.db, { plan: 'grow', name: 'Klein BV' });
      const { page: growPage } = await signedInPage(grow.id, width);
      await growPage.goto(`${app.baseUrl}/dashboard/tokens?lang=${language}`);
      await check(growPage, at('plan'));
      await growPage.context().close();
      await page.context().close();
    });
  }
});
