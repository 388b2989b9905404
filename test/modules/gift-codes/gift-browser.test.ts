import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { startTestApp } from '../../helpers/app.ts';
import { storePhotoCopies } from '../../helpers/photos.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The gift claim pages in a real browser (Debian's Chromium, driven by playwright-core),
 * as a person uses them on a phone without any script: type a code, fill in the form,
 * land on the confirmation and go on to the certificate; in English and in Dutch; what
 * another browser sees of the claimed code; and the pages of revoked and expired codes.
 * Every page fits a 320 px wide phone. Screenshots go to tmp/screenshots/.
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
    const { slug } = await app.db
      .updateTable('companies')
      .set({ logo_url: 'https://images.example.org/logo.svg', website_url: 'https://www.fairbrook-coffee-roasters.example/' })
      .where('id', '=', owner.id)
      .returning('slug')
      .executeTakeFirstOrThrow();
    logo = await (await fetch(`${app.baseUrl}/impact/${slug}/logo.svg`)).text();
    testToken = owner.test;
    const project = await make.project(app.db, { name: 'Mount Kenya Forest', nameNl: 'Bergbos Mount Kenya' });
    // Canopy's copy of the project's photo, as if fetched: the claim page shows a photo only once it is copied.
    await storePhotoCopies(app.db, ['https://images.example.org/p.jpg']);
    await make.allocation(app.db, owner, await make.planting(app.db, project, { trees: 1000 }), { trees: 40 });
    await make.allocation(app.db, owner, await make.planting(app.db, project, { trees: 1000, livemode: false }), { trees: 10, livemode: false });
  });

  after(async () => {
    await browser?.close();
  });

  /** A phone of its own (a new browser context: no cookies of another). */
  async function phone(language: 'en' | 'nl', width = 390): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 844 }, locale: language === 'en' ? 'en-GB' : 'nl-NL' });
    // A request still pending when its page closes cannot be fulfilled any more: that is no failure.
    await page.route('https://images.example.org/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: PHOTO }).catch(() => {}));
    // The company's logo is the one Canopy generates (routes registered last are tried first).
    await page.route('https://images.example.org/logo.svg', (route) => route.fulfill({ contentType: 'image/svg+xml', body: logo }).catch(() => {}));
    return page;
  }

  const noSidewaysScrolling = async (page: Page) => {
    const [width, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(width <= viewport, `no sideways scrolling on a phone (${width}px in ${viewport}px)`);
  };

  /** The page at `path` on the narrowest phone (320 px) as well, in the browser's cookies of `like` (none when null). */
  const fitsNarrowPhone = async (path: string, language: 'en' | 'nl', like: Page | null = null) => {
    const narrow = await phone(language, 320);
    if (like) await narrow.context().addCookies(await like.context().cookies());
    await narrow.goto(`${app.baseUrl}${path}`);
    await noSidewaysScrolling(narrow);
    await narrow.close();
  };

  test('in English: type the code as written on a card, fix mistakes told next to their fields, land on the confirmation, go on to the certificate; another browser is not led to it', async () => {
    const gift = await newCode(4);
    const page = await phone('en');
    await page.goto(`${app.baseUrl}/gift`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-enter-en.png') });
    // Lower case and spaces, as people type from a card.
    await page.fill('#code', gift.code.toLowerCase().replace(/-/g, ' '));
    await page.click('form.claim button[type=submit]');
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
    await page.click('form.claim button[type=submit]');
    assert.match(await page.locator('.problems').innerText(), /Fill in your first name[\s\S]*valid email address/);
    assert.equal(await page.inputValue('#email'), 'not an address', 'what was typed stays');
    // The focus is on the first field to fix, and each field says what is wrong with it.
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'first_name');
    assert.equal(await page.locator('#first_name').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('#first_name-error').innerText(), 'Fill in your first name.');
    assert.equal(await page.locator('#email').getAttribute('aria-describedby'), 'email-error email-hint');
    assert.equal(await page.locator('#last_name').getAttribute('aria-invalid'), null);
    await noSidewaysScrolling(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-claim-problems-en.png'), fullPage: true });

    await page.fill('#first_name', 'Zoë');
    await page.fill('#last_name', 'Ærø');
    await page.fill('#email', 'zoe@example.com');
    await page.click('form.claim button[type=submit]');
    // The confirmation: what was claimed, where the certificate went, and the way to it.
    assert.equal(new URL(page.url()).pathname, `/gift/${gift.code}`);
    assert.equal(await page.locator('h1').innerText(), 'Your gift is claimed');
    const confirmation = await page.locator('main').innerText();
    assert.match(confirmation, /4 trees in Mount Kenya Forest \(Kenya\) are now yours, a gift from Fairbrook Coffee Roasters\./);
    assert.match(confirmation, /We emailed your certificate to z•••@example\.com\./);
    assert.doesNotMatch(confirmation, /zoe@|Zoë/);
    await noSidewaysScrolling(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-confirmation-en.png'), fullPage: true });
    await fitsNarrowPhone(`/gift/${gift.code}?lang=en`, 'en', page);

    await page.click('text=See your certificate');
    assert.match(new URL(page.url()).pathname, /^\/certificates\/cert_[A-Za-z0-9]{24}$/);
    assert.match(await page.locator('h1').innerText(), /Zoë Ærø/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-claimed-certificate-en.png'), fullPage: true });

    // Back on the code's page in the same browser: the confirmation again.
    await page.goto(`${app.baseUrl}/gift/${gift.code}`);
    assert.equal(await page.locator('h1').innerText(), 'Your gift is claimed');
    await page.click('a.button');
    assert.match(new URL(page.url()).pathname, /^\/certificates\/cert_/);
    const claimed = await app.get(`/v2/gift-codes/${gift.id}?expand[]=recipient`, token);
    assert.equal(claimed.body.status, 'claimed');
    assert.equal(claimed.body.recipient.first_name, 'Zoë');
    await page.close();

    // Another browser with the same code: claimed, when, and nothing that leads to Zoë's certificate.
    for (const language of ['en', 'nl'] as const) {
      const stranger = await phone(language);
      await stranger.goto(`${app.baseUrl}/gift/${gift.code}`);
      assert.equal(await stranger.locator('h1').innerText(), language === 'en' ? 'This gift has already been claimed' : 'Dit cadeau is al geclaimd');
      assert.equal(await stranger.locator('a[href*="/certificates/"]').count(), 0);
      assert.doesNotMatch(await stranger.locator('main').innerText(), /Zoë|z•••/);
      assert.match(await stranger.locator('main').innerText(), /Fairbrook Coffee Roasters/);
      await noSidewaysScrolling(stranger);
      await stranger.screenshot({ path: path.join(SCREENSHOTS, `gift-claimed-stranger-${language}.png`), fullPage: true });
      await stranger.close();
      await fitsNarrowPhone(`/gift/${gift.code}?lang=${language}`, language);
    }
  });

  test('in Dutch: the page, the form, the confirmation and the certificate speak Dutch', async () => {
    const gift = await newCode(3);
    const page = await phone('nl');
    await page.goto(`${app.baseUrl}/gift/${gift.code}`);
    assert.equal(await page.getAttribute('html', 'lang'), 'nl');
    assert.match(await page.locator('h1').innerText(), /3 bomen voor jou/);
    assert.match(await page.locator('main').innerText(), /Bergbos Mount Kenya \(Kenia\)/);
    assert.equal(await page.inputValue('#language'), 'nl', 'the certificate language follows the page');
    await noSidewaysScrolling(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-claim-nl.png'), fullPage: true });
    await fitsNarrowPhone(`/gift/${gift.code}?lang=nl`, 'nl');
    await page.fill('#first_name', 'Femke');
    await page.fill('#email', 'femke@example.nl');
    await page.click('form.claim button[type=submit]');
    assert.equal(await page.locator('h1').innerText(), 'Je cadeau is geclaimd');
    const confirmation = await page.locator('main').innerText();
    assert.match(confirmation, /3 bomen in Bergbos Mount Kenya \(Kenia\) zijn nu van jou, een cadeau van Fairbrook Coffee Roasters\./);
    assert.match(confirmation, /We hebben je certificaat gemaild naar f•••@example\.nl\./);
    await noSidewaysScrolling(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-confirmation-nl.png'), fullPage: true });
    await fitsNarrowPhone(`/gift/${gift.code}?lang=nl`, 'nl', page);
    await page.click('text=Bekijk je certificaat');
    assert.match(await page.locator('main').innerText(), /Cadeaucertificaat/);
    assert.match(await page.locator('h1').innerText(), /Femke/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gift-claimed-certificate-nl.png'), fullPage: true });
    await page.close();
  });

  test("a revoked or expired code's page says so in either language, naming the company and linking its website; a test code shows the test banner", async () => {
    const gift = await newCode(2);
    assert.equal((await app.request('POST', `/v2/gift-codes/${gift.id}/revoke`, { token })).status, 200);
    const expired = await app.request('POST', '/v2/gift-codes', { token, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 1, valid_until: new Date(Date.now() + 500).toISOString() } });
    assert.equal(expired.status, 200, expired.text);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const deadEnds = [
      { name: 'revoked', code: gift.code, heading: { en: /This gift code was withdrawn/, nl: /Deze cadeaucode is ingetrokken/ } },
      { name: 'expired', code: expired.body.code as string, heading: { en: /This gift code has expired/, nl: /Deze cadeaucode is verlopen/ } },
    ];
    for (const deadEnd of deadEnds) {
      for (const language of ['en', 'nl'] as const) {
        const page = await phone(language);
        const response = await page.goto(`${app.baseUrl}/gift/${deadEnd.code}`);
        assert.equal(response?.status(), 410);
        assert.match(await page.locator('h1').innerText(), deadEnd.heading[language]);
        assert.equal(await page.locator('form').count(), 0, 'no form to claim with');
        assert.match(await page.locator('main').innerText(), language === 'en' ? /Get in touch with Fairbrook Coffee Roasters\./ : /Neem dan contact op met Fairbrook Coffee Roasters\./);
        const website = page.locator('a.button');
        assert.equal(await website.getAttribute('href'), 'https://www.fairbrook-coffee-roasters.example/');
        assert.equal(await website.innerText(), `${language === 'en' ? 'Visit' : 'Naar'} fairbrook-coffee-roasters.example`);
        await noSidewaysScrolling(page);
        await page.screenshot({ path: path.join(SCREENSHOTS, `gift-${deadEnd.name}-${language}.png`), fullPage: true });
        await page.close();
        await fitsNarrowPhone(`/gift/${deadEnd.code}?lang=${language}`, language);
      }
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
