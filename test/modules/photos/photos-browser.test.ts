import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { startTestApp } from '../../helpers/app.ts';
import { cliWorkspace, type Serve } from '../../helpers/cli.ts';
import * as make from '../../helpers/factories.ts';

/**
 * `npm start` shows no broken picture: the demo's certificate page in a real browser (Debian's
 * Chromium), on a phone and on a desktop, with no network but Canopy. Every image on the page
 * loads (naturalWidth > 0), the photos come from Canopy's own copies, and the browser asks no
 * other host for anything (the demo's photo URLs name a media host that does not exist).
 */

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A port nobody listens on now, so that PUBLIC_BASE_URL is the address the browser opens, as with `npm start`. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the demo certificate\'s photos in a browser', { skip: withoutChromium }, () => {
  const ws = cliWorkspace('canopy-photos-demo');
  let serve: Serve | undefined;
  let dropDatabase = async () => {};
  let browser: Browser;
  let baseUrl = '';
  let certificatePath = '';

  before(async () => {
    browser = await launchChromium();
    ws.env.CANOPY_SECRET_KEY ??= randomBytes(32).toString('hex');
    if (onPostgres) dropDatabase = await ws.useFreshPostgresDatabase();
    // What `npm start` runs, on a fresh data folder.
    serve = await ws.startServe({ args: ['--seed-demo'], env: { PORT: String(await freePort()) } });
    baseUrl = serve.url;
    const started = JSON.parse(serve.stdout().split('\n').find((line) => line.startsWith('{"url"'))!);
    const recipients = await (await fetch(`${baseUrl}/v2/recipients?limit=100`, { headers: { authorization: `Bearer ${started.demo.tokens.live}` } })).json();
    for (const recipient of recipients.data) {
      if (!recipient.certificate) continue;
      const html = await (await fetch(`${baseUrl}/certificates/${recipient.certificate.id}`)).text();
      if ([...html.matchAll(/class="photo-link"/g)].length >= 2) {
        certificatePath = `/certificates/${recipient.certificate.id}`;
        break;
      }
    }
    assert.ok(certificatePath, 'a demo certificate with two photos or more');
  });

  after(async () => {
    await browser?.close();
    if (serve && serve.child.exitCode === null) serve.child.kill('SIGTERM');
    await serve?.exited;
    await dropDatabase();
  });

  /** A page whose requests go to Canopy only: anything else is refused and noted. */
  async function openPage(viewport: { width: number; height: number }, locale: string) {
    const page = await browser.newPage({ viewport, locale });
    const elsewhere: string[] = [];
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === baseUrl) return route.continue();
      elsewhere.push(url.toString());
      return route.abort();
    });
    return { page, elsewhere };
  }

  /** Scrolls to the end, so that every lazy image is asked for, and waits until each has loaded or failed. */
  async function loadEveryImage(page: Page) {
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    });
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, { timeout: 15_000 });
    return page.evaluate(() => Array.from(document.images).map((image) => ({ src: image.currentSrc || image.src, naturalWidth: image.naturalWidth, inPhotos: image.closest('.photos') !== null })));
  }

  for (const [label, viewport, locale, language] of [
    ['on a phone, in English', { width: 390, height: 844 }, 'en-GB', 'en'],
    ['on a desktop, in Dutch', { width: 1280, height: 900 }, 'nl-NL', 'nl'],
  ] as const) {
    test(`every picture loads ${label}, from Canopy, and the browser asks no other host`, async () => {
      const { page, elsewhere } = await openPage(viewport, locale);
      const response = await page.goto(`${baseUrl}${certificatePath}?lang=${language}`);
      assert.equal(response?.status(), 200);
      assert.equal(await page.getAttribute('html', 'lang'), language);
      const images = await loadEveryImage(page);
      const photos = images.filter((image) => image.inPhotos);
      assert.ok(photos.length >= 2, `the demo planting's photos are shown: ${JSON.stringify(images)}`);
      for (const image of images) assert.ok(image.naturalWidth > 0, `broken image: ${image.src}`);
      for (const photo of photos) assert.match(photo.src, new RegExp(`^${baseUrl}/photos/[0-9a-f]{32}/(phone|desktop)\\.webp$`));
      assert.equal(await page.locator('.photo-placeholder').count(), 0, 'the demo\'s photos are ready at start');
      assert.deepEqual(elsewhere, [], 'no request leaves Canopy');
      const captions = await page.locator('.photos figcaption').allInnerTexts();
      assert.ok(captions.every((caption) => /\d{4}/.test(caption)), `each caption has the photo's date: ${captions.join(' | ')}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `no sideways scrolling (${width}px)`);
      await page.locator('.photos').first().screenshot({ path: path.join(SCREENSHOTS, `photos-demo-${viewport.width}-${language}.png`) });
      await page.close();
    });
  }
});

describe('a photo without a copy, in a browser', { skip: withoutChromium }, () => {
  test('shows the placeholder in the photos\' 4:3, never a broken image', async () => {
    const app = await startTestApp();
    const company = await make.companyWithTokens(app.db);
    const project = await make.project(app.db);
    // The factory's photo is on the foundation's host (images.example.org): no copy exists.
    await make.allocation(app.db, company, await make.planting(app.db, project), { trees: 5 });
    const created = await app.request('POST', '/v2/recipients', { token: company.live, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 5 } });
    await app.runJobs();
    const certificate = (await app.get(`/v2/recipients/${created.body.id}`, company.live)).body.certificate;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
      const elsewhere: string[] = [];
      await page.route('**/*', (route) => {
        if (route.request().url().startsWith(app.baseUrl)) return route.continue();
        elsewhere.push(route.request().url());
        return route.abort();
      });
      await page.goto(`${app.baseUrl}/certificates/${certificate.id}?lang=nl`);
      assert.equal(await page.locator('.photos img').count(), 0);
      const placeholder = page.locator('.photo-placeholder');
      assert.equal(await placeholder.getAttribute('aria-label'), 'Foto nog niet beschikbaar');
      assert.equal(await placeholder.innerText(), 'Foto nog niet beschikbaar');
      const box = await placeholder.boundingBox();
      assert.ok(box && Math.abs(box.width / box.height - 4 / 3) < 0.05, `4:3: ${JSON.stringify(box)}`);
      assert.ok(!elsewhere.some((url) => url.includes('images.example.org')), `the browser never asks the foundation's host: ${elsewhere.join(', ')}`);
      await page.locator('.photos').screenshot({ path: path.join(SCREENSHOTS, 'photos-placeholder-390-nl.png') });
    } finally {
      await browser.close();
    }
  });
});
