import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { startTestApp, } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The certificate page in a real browser (Debian's Chromium, driven by playwright-core),
 * as a person opens it on a phone: in English and in Dutch, with its map and photos,
 * following the download link to the PDF. Screenshots go to tmp/screenshots/.
 */

const app = await startTestApp({ PUBLIC_BASE_URL: 'http://placeholder.invalid' });

describe('the certificate page in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;
  let certificateId = '';
  let recipientId = '';
  const company = { live: '' };

  before(async () => {
    browser = await launchChromium();
    const owner = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
    company.live = owner.live;
    const project = await make.project(app.db, { name: 'Mount Kenya Forest', nameNl: 'Bergbos Mount Kenya' });
    await make.allocation(app.db, owner, await make.planting(app.db, project, { trees: 1000 }), { trees: 20 });
    await make.verification(app.db, project);
    const created = await app.request('POST', '/v2/recipients', {
      token: owner.live, headers: { 'idempotency-key': randomAlphanumeric(16) },
      body: { trees: 4, first_name: 'Zoë', last_name: 'Ærø', message: 'Thank you!', language: 'nl' },
    });
    recipientId = created.body.id;
    await app.runJobs();
    certificateId = (await app.get(`/v2/recipients/${recipientId}`, owner.live)).body.certificate.id;
  });

  after(async () => {
    await browser?.close();
  });

  for (const language of ['en', 'nl'] as const) {
    test(`opens on a phone in ${language === 'en' ? 'English' : 'Dutch'}, with its map and photos`, async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: language === 'en' ? 'en-GB' : 'nl-NL' });
      // The certificate is in Dutch: the English page is the reader's choice (?lang=).
      const response = await page.goto(`${app.baseUrl}/certificates/${certificateId}?lang=${language}`);
      assert.equal(response?.status(), 200);
      assert.equal(await page.getAttribute('html', 'lang'), language);
      assert.match(await page.locator('h1').innerText(), /Zoë Ærø/);
      assert.match(await page.locator('.trees').innerText(), language === 'en' ? /4 trees/ : /4 bomen/);
      const map = await page.locator('svg.place-planting .place-planting-area').boundingBox();
      assert.ok(map && map.width > 20 && map.height > 20, `the polygon is drawn to scale: ${JSON.stringify(map)}`);
      const site = await page.locator('svg.place-locator .place-site').boundingBox();
      assert.ok(site && site.width > 0, `the locator marks the site: ${JSON.stringify(site)}`);
      assert.ok((await page.locator('.photos figure').count()) > 0, 'photos are shown with their captions');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `no sideways scrolling on a phone (${width}px)`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `browser-certificate-${language}.png`), fullPage: true });
      await page.close();
    });
  }

  test('the switch changes the language, and the download link gives the PDF', async () => {
    const page = await browser.newPage({ locale: 'en-GB' });
    await page.goto(`${app.baseUrl}/certificates/${certificateId}`);
    assert.equal(await page.getAttribute('html', 'lang'), 'nl', "the certificate's language, not the browser's");
    await page.click('nav.lang a[hreflang="en"]');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    // The link is signed under PUBLIC_BASE_URL; a browser on this test server follows its path.
    const href = await page.getAttribute('a.button', 'href');
    const download = new URL(href!);
    const pdf = await page.request.get(`${app.baseUrl}${download.pathname}${download.search}`);
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-');
    await page.close();
  });

  test('a withdrawn certificate shows the notice', async () => {
    await app.request('DELETE', `/v2/recipients/${recipientId}`, { token: company.live });
    const page = await browser.newPage({ locale: 'en-GB' });
    const response = await page.goto(`${app.baseUrl}/certificates/${certificateId}?lang=en`);
    assert.equal(response?.status(), 410);
    assert.match(await page.locator('h1').innerText(), /This certificate was withdrawn/);
    assert.equal(await page.locator('text=Zoë').count(), 0, 'no personal data');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'browser-certificate-withdrawn.png') });
    await page.close();
  });
});
