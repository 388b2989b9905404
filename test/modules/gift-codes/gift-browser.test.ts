import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The gift claim pages in a real browser (Debian's Chromium, driven by playwright-core),
 * as a person uses them on a phone without any script: type a code, fill in the form,
 * land on the certificate; in English and in Dutch; and the page of a revoked code.
 * Screenshots go to tmp/screenshots/.
 */

const app = await startTestApp({ PUBLIC_BASE_URL: 'http://placeholder.invalid' });

/** The project photo's host is the foundation's, unreachable here: the browser gets a stand-in landscape. */
const PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 160 90">
<rect width="160" height="90" fill="#9cc7e4"/><rect y="55" width="160" height="35" fill="#6f9a4f"/>
${[20, 45, 70, 95, 120, 145].map((x, i) => `<rect x="${x - 1}" y="${52 - (i % 3) * 3}" width="2" height="10" fill="#5b4332"/><circle cx="${x}" cy="${48 - (i % 3) * 3}" r="${7 + (i % 2) * 2}" fill="#2f6b45"/>`).join('')}
</svg>`;

describe('the gift claim pages in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;
  let token = '';
  const newCode = async (trees: number, livemode = true) => {
    const created = await app.request('POST', '/v2/gift-codes', {
      token: livemode ? token : testToken, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees, sent_to: { name: 'Not shown on the page' } },
    });
    assert.equal(created.status, 200, created.text);
    return created.body as { id: string; code: string };
  };
  let testToken = '';
  let logo = '';

  before(async () => {
    browser = await launchChromium();
    const owner = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
    token = owner.live;
    // The logo on a host of its own, as a company's is: PUBLIC_BASE_URL is a placeholder here.
    const { slug } = await app.db.updateTable('companies').set({ logo_url: 'https://images.example.org/logo.svg' }).where('id', '=', owner.id).returning('slug').executeTakeFirstOrThrow();
    logo = await (await fetch(`${app.baseUrl}/impact/${slug}/logo.svg`)).text();
    testToken = owner.test;
    const project = await make.project(app.db, { name: 'Mount Kenya Forest', nameNl: 'Bergbos Mount Kenya' });
    await make.allocation(app.db, owner, await make.planting(app.db, project, { trees: 1000 }), { trees: 40 });
    await make.allocation(app.db, owner, await make.planting(app.db, project, { trees: 1000, livemode: false }), { trees: 10, livemode: false });
  });

  after(async () => {
    await browser?.close();
  });

  async function phone(language: 'en' | 'nl'): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: language === 'en' ? 'en-GB' : 'nl-NL' });
    // A request still pending when its page closes cannot be fulfilled any more: that is no failure.
    await page.route('https://images.example.org/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: PHOTO }).catch(() => {}));
    // The company's logo is the one Canopy generates (routes registered last are tried first).
    await page.route('https://images.example.org/logo.svg', (route) => route.fulfill({ contentType: 'image/svg+xml', body: logo }).catch(() => {}));
    return page;
  }

  const noSidewaysScrolling = async (page: Page) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling on a phone (${width}px)`);
  };

  test('in English: type the code as written on a card, fix a mistake in the form, land on the certificate', async () => {
    const gift = await newCode(4);
    const page = await phone('en');
    await page.goto(`${app.baseUrl}/gift`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-enter-en.png') });
    // Lower case and spaces, as people type from a card.
    await page.fill('#code', gift.code.toLowerCase().replace(/-/g, ' '));
    await page.click('button[type=submit]');
    assert.equal(new URL(page.url()).pathname, `/gift/${gift.code}`);
    assert.match(await page.locator('h1').innerText(), /4 trees for you/);
    assert.match(await page.locator('main').innerText(), /A gift from Fairbrook Coffee Roasters/);
    assert.match(await page.locator('main').innerText(), /Mount Kenya Forest \(Kenya\)/);
    assert.equal(await page.locator('text=Not shown on the page').count(), 0, 'whom the code was sent to is not on the page');
    for (const image of ['figure.photo img', 'img.logo']) {
      assert.ok(await page.locator(image).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), `${image} is shown`);
    }
    await noSidewaysScrolling(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-claim-en.png'), fullPage: true });

    await page.fill('#email', 'not an address');
    await page.click('button[type=submit]');
    assert.match(await page.locator('.problems').innerText(), /Fill in your first name[\s\S]*valid email address/);
    assert.equal(await page.inputValue('#email'), 'not an address', 'what was typed stays');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-claim-problems-en.png'), fullPage: true });

    await page.fill('#first_name', 'Zoë');
    await page.fill('#last_name', 'Ærø');
    await page.fill('#email', 'zoe@example.com');
    await page.click('button[type=submit]');
    assert.match(new URL(page.url()).pathname, /^\/certificates\/cert_[A-Za-z0-9]{24}$/);
    assert.match(await page.locator('h1').innerText(), /Zoë Ærø/);
    assert.match(await page.locator('main').innerText(), /Gift certificate of trees/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-claimed-certificate-en.png'), fullPage: true });

    // Back on the code's page: it was claimed, and the certificate is one click away.
    await page.goto(`${app.baseUrl}/gift/${gift.code}`);
    assert.match(await page.locator('h1').innerText(), /already been claimed/);
    await page.click('a.button');
    assert.match(new URL(page.url()).pathname, /^\/certificates\/cert_/);
    const claimed = await app.get(`/v2/gift-codes/${gift.id}?expand[]=recipient`, token);
    assert.equal(claimed.body.status, 'claimed');
    assert.equal(claimed.body.recipient.first_name, 'Zoë');
    await page.close();
  });

  test('in Dutch: the page, the form and the certificate speak Dutch', async () => {
    const gift = await newCode(3);
    const page = await phone('nl');
    await page.goto(`${app.baseUrl}/gift/${gift.code}`);
    assert.equal(await page.getAttribute('html', 'lang'), 'nl');
    assert.match(await page.locator('h1').innerText(), /3 bomen voor jou/);
    assert.match(await page.locator('main').innerText(), /Bergbos Mount Kenya \(Kenia\)/);
    assert.equal(await page.inputValue('#language'), 'nl', 'the certificate language follows the page');
    await noSidewaysScrolling(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-claim-nl.png'), fullPage: true });
    await page.fill('#first_name', 'Femke');
    await page.fill('#email', 'femke@example.nl');
    await page.click('button[type=submit]');
    assert.match(await page.locator('main').innerText(), /Cadeaucertificaat van bomen/);
    assert.match(await page.locator('h1').innerText(), /Femke/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-claimed-certificate-nl.png'), fullPage: true });
    await page.close();
  });

  test("a revoked code's page says so, in either language; a test code shows the test banner", async () => {
    const gift = await newCode(2);
    assert.equal((await app.request('POST', `/v2/gift-codes/${gift.id}/revoke`, { token })).status, 200);
    for (const language of ['en', 'nl'] as const) {
      const page = await phone(language);
      const response = await page.goto(`${app.baseUrl}/gift/${gift.code}`);
      assert.equal(response?.status(), 410);
      assert.match(await page.locator('h1').innerText(), language === 'en' ? /This gift code was withdrawn/ : /Deze cadeaucode is ingetrokken/);
      assert.equal(await page.locator('form').count(), 0, 'no form to claim with');
      await page.screenshot({ path: path.join(SCREENSHOTS, `gift-revoked-${language}.png`) });
      await page.close();
    }
    const testGift = await newCode(2, false);
    const page = await phone('en');
    await page.goto(`${app.baseUrl}/gift/${testGift.code}`);
    assert.match(await page.locator('.banner').innerText(), /Test gift code/);
    assert.match(await page.locator('.hint').first().innerText(), /no email is sent/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-claim-test-en.png'), fullPage: true });
    await page.close();
  });
});
