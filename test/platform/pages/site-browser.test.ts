import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { startTestApp } from '../../helpers/app.ts';

/**
 * The home page and the guides in a real browser (Debian's Chromium): they load nothing from
 * another origin and break no rule of their policies, the browser finds the icon, a phone
 * needs no sideways scrolling, and an error's doc_url scrolls to its row. Screenshots go to
 * tmp/screenshots/ (site-*.png), to be looked at.
 */

const app = await startTestApp();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe('the site in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  /** Opens a page, recording what the browser complains of and every icon it fetches. */
  async function open(url: string, viewport: { width: number; height: number }, locale = 'en-GB') {
    const context = await browser.newContext({ viewport, locale });
    const page = await context.newPage();
    const origin = new URL(app.baseUrl).origin;
    const problems: string[] = [];
    const icons: { url: string; status: number }[] = [];
    await page.route('**', (route) => {
      if (new URL(route.request().url()).origin === origin) return route.continue();
      problems.push(`left the origin: ${route.request().url()}`);
      return route.abort('blockedbyclient');
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => {
      if (/\/favicon\.(ico|svg)$/.test(response.url())) icons.push({ url: new URL(response.url()).pathname, status: response.status() });
    });
    await page.goto(`${app.baseUrl}${url}`, { waitUntil: 'load' });
    return { page, problems, icons, close: () => context.close() };
  }

  const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  /** Waits for the browser to fetch the page's icon (it does so after load). */
  async function waitForIcon(icons: { url: string; status: number }[]) {
    for (let i = 0; i < 50 && icons.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    test(`the home page in English and Dutch on a ${name}`, async () => {
      for (const [language, locale] of [['en', 'en-GB'], ['nl', 'nl-NL']] as const) {
        const { page, problems, icons, close } = await open('/', viewport, locale);
        await page.screenshot({ path: path.join(SCREENSHOTS, `site-home-${language}-${viewport.width}.png`), fullPage: true });
        assert.equal(await page.getAttribute('html', 'lang'), language, 'the language from Accept-Language');
        const heading = await page.getByRole('heading', { level: 1 }).innerText();
        assert.equal(heading, language === 'en' ? 'Trees you can follow' : 'Bomen die je kunt volgen');
        for (const link of language === 'en' ? ['Claim a gift code', 'API reference', 'Errors'] : ['Cadeaucode verzilveren', 'API-naslag', 'Foutcodes']) {
          assert.ok(await page.getByRole('link', { name: link, exact: true }).isVisible(), link);
        }
        assert.equal(await sidewaysScroll(page), 0, 'no sideways scrolling');
        await waitForIcon(icons);
        assert.ok(icons.length > 0 && icons.every((icon) => icon.status === 200), `the icon is found: ${JSON.stringify(icons)}`);
        assert.deepEqual(problems, []);
        await close();
      }
    });

    test(`/docs/errors on a ${name}: an error's doc_url lands on its row`, async () => {
      const { page, problems, close } = await open('/docs/errors', viewport);
      await page.screenshot({ path: path.join(SCREENSHOTS, `site-docs-errors-${viewport.width}.png`) });
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Canopy API errors#');
      assert.equal(await sidewaysScroll(page), 0, 'the tables scroll inside their box, not the page');
      await close();

      const landed = await open('/docs/errors#webhook_url_refused', viewport);
      await landed.page.screenshot({ path: path.join(SCREENSHOTS, `site-docs-errors-doc-url-${viewport.width}.png`) });
      const row = landed.page.locator('tr[id="webhook_url_refused"]');
      const box = await row.boundingBox();
      assert.ok(box && box.y >= 0 && box.y < 40, `the row is at the top of the window (${JSON.stringify(box)})`);
      const background = await row.evaluate((element) => getComputedStyle(element).backgroundColor);
      assert.equal(background, 'rgb(255, 247, 224)', 'and marked');
      assert.deepEqual([...problems, ...landed.problems], []);
      await landed.close();
    });
  }

  test('the guides in Dutch around them, and the contents beside them on a desktop', async () => {
    const { page, problems, close } = await open('/docs/webhooks?lang=nl', DESKTOP);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'site-docs-webhooks-nl-1280.png') });
    const contents = page.locator('nav.docs ul.contents');
    assert.ok(await contents.isVisible());
    await contents.getByRole('link', { name: 'Check the signature' }).click();
    await page.waitForFunction(() => location.hash === '#check-the-signature');
    const box = await page.locator('#check-the-signature').boundingBox();
    assert.ok(box && box.y < 100, 'the heading is at the top');
    assert.ok(await page.getByText('Deze handleiding is in het Engels.').isVisible());
    assert.deepEqual(problems, []);
    await close();
  });

  // On a desktop only: api-reference-browser.test.ts reads the reference on a phone.
  test('the API reference opens with authentication and the quick start, first in its menu', async () => {
    for (const viewport of [DESKTOP]) {
      const { page, close } = await open('/docs', viewport);
      await page.getByRole('heading', { name: /Give trees to a person/ }).waitFor({ timeout: 30_000 });
      const sections = await page.evaluate(() => Array.from(document.querySelectorAll('[data-section-id^="section/"]'), (element) => element.getAttribute('data-section-id')));
      assert.deepEqual(sections.slice(0, 2), ['section/Authentication', 'section/Quick-start']);
      await page.screenshot({ path: path.join(SCREENSHOTS, `site-api-reference-${viewport.width}.png`) });
      await page.locator('[id="section/Quick-start"]').evaluate((element) => element.scrollIntoView());
      await page.screenshot({ path: path.join(SCREENSHOTS, `site-api-reference-quick-start-${viewport.width}.png`) });
      assert.match(await page.locator('[data-section-id="section/Quick-start"]').innerText(), /curl http:\/\/canopy\.test\/v2\/me/);
      await close();
    }
  });
});
