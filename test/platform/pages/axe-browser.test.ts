import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import sharp from 'sharp';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { insertStoredCopies } from '../../../src/modules/photos/copies.ts';
import { resizePhoto } from '../../../src/modules/photos/resize.ts';
import { startTestApp } from '../../helpers/app.ts';
import { axeViolations, formatViolations } from '../../helpers/axe.ts';
import { CHROMIUM, withoutChromium } from '../../helpers/browser.ts';
import * as make from '../../helpers/factories.ts';
import { makeRecipientPages, PICTURE, type Visit } from '../../helpers/recipient-pages.ts';

/**
 * Every page a recipient, a gift code's holder or a developer following a doc_url meets is
 * usable by everyone: in Chromium at 390 and 1280 px, in English and Dutch, axe-core finds no
 * serious or critical violation (contrast, names, landmarks, lists, ids...), the page does
 * not scroll sideways, and no image is broken. The pages are those of page-narrow (the
 * longest names), plus a certificate whose photos Canopy holds (beside the placeholders of
 * the others), the gift claim form showing its field errors, and the guides of docs/.
 */

const PUBLIC = 'http://placeholder.invalid';
const app = await startTestApp({ PUBLIC_BASE_URL: PUBLIC });

interface AxeVisit extends Visit {
  /** Opens the page another way than by its address (a form sent); answers the page's response. */
  open?: (page: Page, url: string) => Promise<Response | null>;
}

const visits: AxeVisit[] = [];

/** A photo as the foundation's host would serve it, in Canopy's two sizes. */
async function resizedPhoto(colour: string) {
  const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } }).jpeg({ quality: 70 }).toBuffer();
  return resizePhoto(jpeg);
}

describe('every page a recipient meets passes axe-core, at 390 and 1280 px, in English and Dutch', { skip: withoutChromium }, () => {
  let browser: Browser;

  before(async () => {
    // The pages name Canopy by its public address (the company's logo is at PUBLIC/impact/...,
    // and the pages allow images from 'self' only): the browser reaches the test app by that
    // name, so that it opens the pages at the address they were made for, as in production.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', `--host-resolver-rules=MAP ${new URL(PUBLIC).hostname}:80 127.0.0.1:${new URL(app.baseUrl).port}`],
    });
    const world = await makeRecipientPages(app, browser);
    visits.push(...world.visits);

    // Canopy holds copies of the project's photo (the gift pages show it) and of a planting's two photos.
    const stored = ['https://images.example.org/p.jpg', 'https://images.example.org/stored-1.jpg', 'https://images.example.org/stored-2.jpg'];
    // The gift pages were opened already, which asked for a copy of the project's photo: that copy is replaced by a stored one.
    await app.db.deleteFrom('photo_copies').where('source_url', 'in', stored).execute();
    await insertStoredCopies(app.db, await Promise.all(stored.map(async (sourceUrl, i) => ({ sourceUrl, resized: await resizedPhoto(['#3a7d44', '#6f9a4f', '#9cc7e4'][i]!) }))));
    const photographer = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
    const project = await make.project(app.db);
    const planting = await make.planting(app.db, project, { trees: 1000 });
    await app.db.updateTable('plantings').set({
      photos: JSON.stringify([
        { url: stored[1], caption: { en: 'Planting day at Kabaru', nl: 'Plantdag in Kabaru' }, taken_at: '2026-03-12', credit: 'Green Belt Trust' },
        { url: stored[2], caption: null, taken_at: '2026-04-02', credit: null },
      ]),
    }).where('id', '=', planting.id).execute();
    await make.allocation(app.db, photographer, planting, { trees: 5 });
    const created = await app.request('POST', '/v2/recipients', {
      token: photographer.live, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 5, first_name: 'Robin', language: 'en' },
    });
    assert.equal(created.status, 200, created.text);
    await app.runJobs();
    const certificate = (await app.get(`/v2/recipients/${created.body.id}`, photographer.live)).body.certificate.id as string;

    const errorsCode = await world.newCode(3);
    visits.push(
      { name: 'certificate-stored-photos', path: `/certificates/${certificate}`, status: 200 },
      {
        name: 'gift-claim-field-errors', path: `/gift/${errorsCode.code}`, status: 400,
        open: async (page, url) => {
          await page.goto(url);
          await page.fill('#email', 'not an address');
          const [response] = await Promise.all([page.waitForNavigation(), page.click('form.claim button[type=submit]')]);
          return response;
        },
      },
      ...['errors', 'webhooks', 'migrating-from-v1', 'legacy-v1'].map((guide) => ({ name: `docs-${guide}`, path: `/docs/${guide}`, status: 200 })),
    );
  });

  after(async () => {
    await browser?.close();
  });

  /** A browser of this width and language: one context for the pages, another holding the claim cookie. */
  async function contextFor(width: number, language: 'en' | 'nl'): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height: 800 }, locale: language === 'en' ? 'en-GB' : 'nl-NL' });
    await context.route('https://images.example.org/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: PICTURE }).catch(() => {}));
    return context;
  }

  /**
   * Scrolls to the end so that every lazy image is asked for, waits until each has loaded or
   * failed, and answers the page's width and its broken images. A script as text: tsx would
   * name its functions with a helper the page does not have.
   */
  async function layout(page: Page): Promise<{ scrollWidth: number; innerWidth: number; broken: string[] }> {
    await page.evaluate(`(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise((resolve) => setTimeout(resolve, 10)); }
      window.scrollTo(0, 0);
    })()`);
    await page.waitForFunction('Array.from(document.images).every((image) => image.complete)', undefined, { timeout: 10_000 });
    return page.evaluate(`({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      broken: Array.from(document.images).filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.currentSrc || image.src || image.outerHTML.slice(0, 80)),
    })`);
  }

  for (const width of [390, 1280]) {
    for (const language of ['en', 'nl'] as const) {
      test(`${width} px, ${language}: no serious or critical axe violation, no sideways scroll, no broken image`, async () => {
        const context = await contextFor(width, language);
        const page = await context.newPage();
        const problems: string[] = [];
        let checked = 0;
        for (const visit of visits) {
          let target = page;
          let own: BrowserContext | undefined;
          if (visit.claimedBy) {
            own = await contextFor(width, language);
            // The claim was made at the test app's own address: its cookie, for the public one.
            await own.addCookies((await visit.claimedBy.context().cookies()).map((cookie) => ({ ...cookie, domain: new URL(PUBLIC).hostname })));
            target = await own.newPage();
          }
          const separator = visit.path.includes('?') ? '&' : '?';
          const url = `${PUBLIC}${visit.path}${separator}lang=${language}`;
          const response = visit.open ? await visit.open(target, url) : await target.goto(url);
          if (response?.status() !== visit.status) problems.push(`${visit.name}: answers ${response?.status()}, not ${visit.status}`);
          const lang = await target.getAttribute('html', 'lang');
          if (lang !== language) problems.push(`${visit.name}: <html lang="${lang}">, not ${language}`);
          const found = await layout(target);
          if (found.scrollWidth > found.innerWidth) problems.push(`${visit.name}: the page is ${found.scrollWidth}px wide in ${found.innerWidth}px`);
          for (const image of found.broken) problems.push(`${visit.name}: broken image ${image}`);
          problems.push(...formatViolations(visit.name, await axeViolations(target)));
          checked++;
          await own?.close();
        }
        await context.close();
        assert.equal(checked, visits.length);
        assert.ok(checked >= 20, `the pages were visited (${checked})`);
        assert.deepEqual(problems, []);
      });
    }
  }

  test('the pages show what the test claims to look at', async () => {
    const context = await contextFor(390, 'en');
    const page = await context.newPage();
    const open = async (name: string) => {
      const visit = visits.find((v) => v.name === name)!;
      return visit.open ? visit.open(page, `${PUBLIC}${visit.path}?lang=en`) : page.goto(`${PUBLIC}${visit.path}?lang=en`);
    };
    await open('certificate-stored-photos');
    assert.equal(await page.locator('.photos img').count(), 2, 'two stored photos shown as images');
    await open('certificate-personal');
    assert.ok((await page.locator('.photo-placeholder').count()) >= 1, 'placeholders where Canopy has no copy');
    await open('gift-claim');
    assert.equal(await page.locator('figure.photo img').count(), 1, 'the project\'s stored photo on the gift page');
    await open('gift-claim-field-errors');
    assert.ok((await page.locator('.problems li').count()) >= 2, 'the form lists its problems');
    assert.equal(await page.locator('#email').getAttribute('aria-invalid'), 'true');
    await open('docs-errors');
    assert.ok((await page.locator('article.doc table').count()) >= 1, 'the guide is HTML');
    await context.close();
  });
});
