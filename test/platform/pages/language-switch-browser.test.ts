import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { signedDownloadUrl } from '../../../src/modules/certificates/links.ts';
import { launchChromium, withoutChromium } from '../../helpers/browser.ts';
import { startTestApp, TEST_SECRET_KEY } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The layout's language switch in a real browser without JavaScript: on a download link's
 * error page it keeps the link's expiry and signature; on the gift pages it keeps what was
 * typed (the code, the claim form), and Enter in a field still does the form's own action;
 * and the certificate's share form shares and stops sharing.
 */

const app = await startTestApp({ PUBLIC_BASE_URL: 'http://placeholder.invalid' });

describe('the language switch in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;
  let token = '';
  let certificateId = '';

  before(async () => {
    browser = await launchChromium();
    const trees = await make.companyWithTrees(app.db, { trees: 20, name: 'Fairbrook Coffee Roasters' });
    token = trees.token;
    const created = await app.request('POST', '/v2/recipients', {
      token, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 2, first_name: 'Joëlle', last_name: 'de Wit', language: 'nl' },
    });
    await app.runJobs();
    certificateId = (await app.get(`/v2/recipients/${created.body.id}`, token)).body.certificate.id;
  });

  after(async () => {
    await browser?.close();
  });

  /** A browser of its own, without JavaScript, as the pages must work. */
  async function phone(locale = 'en-GB'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale, javaScriptEnabled: false });
    return context.newPage();
  }

  test("on an expired download link's page, switching language keeps the link: still genuine, still expired", async () => {
    const link = new URL(signedDownloadUrl('http://placeholder.invalid', process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY, certificateId, new Date(Date.now() - 2 * 3_600_000)));
    const page = await phone();
    await page.goto(`${app.baseUrl}${link.pathname}${link.search}`);
    assert.equal(await page.locator('h1').innerText(), 'Deze downloadlink is verlopen', "in the certificate's language");
    await page.click('nav.lang a[hreflang="en"]');
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('signature'), link.searchParams.get('signature'));
    assert.equal(url.searchParams.get('expires'), link.searchParams.get('expires'));
    assert.equal(url.searchParams.get('lang'), 'en');
    assert.equal(await page.locator('h1').innerText(), 'This download link has expired', 'not "not valid": the signature came along');
    await page.context().close();
  });

  test('a typed gift code survives a switch, and Enter then looks it up in the new language', async () => {
    const gift = (await app.request('POST', '/v2/gift-codes', { token, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 2 } })).body;
    const page = await phone();
    await page.goto(`${app.baseUrl}/gift`);
    await page.fill('#code', gift.code.toLowerCase());
    await page.click('nav.lang button[value="nl"]');
    assert.equal(await page.getAttribute('html', 'lang'), 'nl');
    assert.equal(await page.inputValue('#code'), gift.code.toLowerCase(), 'the code as typed');
    assert.equal(new URL(page.url()).pathname, '/gift', 'still the page to type a code on');
    await page.press('#code', 'Enter');
    assert.equal(new URL(page.url()).pathname, `/gift/${gift.code}`, 'Enter finds the gift, it does not switch language');
    assert.equal(new URL(page.url()).searchParams.get('lang'), 'nl');
    assert.match(await page.locator('h1').innerText(), /2 bomen voor jou/);

    // Nothing typed: the switch is not stopped by the field being required.
    await page.goto(`${app.baseUrl}/gift?lang=nl`);
    await page.click('nav.lang button[value="en"]');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await page.context().close();
  });

  test('the claim form keeps what was typed through a switch, and Enter then claims', async () => {
    const gift = (await app.request('POST', '/v2/gift-codes', { token, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 3 } })).body;
    const page = await phone('nl-NL');
    await page.goto(`${app.baseUrl}/gift/${gift.code}?lang=en`);
    await page.fill('#first_name', 'Anna');
    await page.fill('#last_name', 'Schimmelpenninck-van der Oldenbarnevelt');
    await page.fill('#email', 'anna@example.nl');
    await page.click('nav.lang button[value="nl"]');
    assert.equal(await page.getAttribute('html', 'lang'), 'nl');
    assert.equal(await page.inputValue('#first_name'), 'Anna');
    assert.equal(await page.inputValue('#last_name'), 'Schimmelpenninck-van der Oldenbarnevelt');
    assert.equal(await page.inputValue('#email'), 'anna@example.nl');
    assert.equal(await page.inputValue('#language'), 'nl', 'the certificate language follows the page');
    assert.equal((await app.get(`/v2/gift-codes/${gift.id}`, token)).body.status, 'open', 'a switch claims nothing');
    assert.ok(!new URL(page.url()).search.includes('anna'), 'what was typed is never in an address');
    await page.press('#email', 'Enter');
    assert.equal(await page.locator('h1').innerText(), 'Je cadeau is geclaimd');
    assert.equal((await app.get(`/v2/gift-codes/${gift.id}`, token)).body.status, 'claimed');
    await page.context().close();
  });

  test('the certificate page: shared with its button, then stopped, without any script', async () => {
    const page = await phone();
    await page.goto(`${app.baseUrl}/certificates/${certificateId}`);
    assert.equal(await page.getAttribute('html', 'lang'), 'nl');
    assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
    await page.click('nav.lang a[hreflang="en"]');
    await page.click('#share button');
    assert.equal(new URL(page.url()).hash, '#share');
    assert.equal(await page.getAttribute('html', 'lang'), 'en', 'back in the language the page was in');
    assert.equal(await page.locator('meta[name="robots"]').count(), 0, 'indexable once shared');
    assert.equal(await page.locator('#share-url').innerText(), `http://placeholder.invalid/certificates/${certificateId}`);
    assert.deepEqual(await page.locator('ul.share-links a').allInnerTexts(), ['Email', 'WhatsApp', 'LinkedIn']);
    await page.click('#share button');
    assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
    assert.equal(await page.locator('ul.share-links').count(), 0);
    await page.context().close();
  });
});
