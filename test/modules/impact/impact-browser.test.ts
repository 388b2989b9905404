import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { Language } from '../../../src/core/i18n.ts';
import { startTestApp } from '../../helpers/app.ts';
import { axeViolations, formatViolations } from '../../helpers/axe.ts';
import { CHROMIUM, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { makeDemo, makeHidden, makeLarge, makePledgedOnly, newCompany } from '../../helpers/impact-world.ts';
import { PICTURE } from '../../helpers/recipient-pages.ts';

/**
 * The public impact page as people meet it, in Chromium at 390 and 1280 px, in English and
 * Dutch: a company with no trees yet, one with only pledged trees, the demo (photos Canopy
 * holds, counts, statements), a large one with the longest names, and a hidden one. Each
 * passes axe-core (no serious or critical violation), does not scroll sideways, has no
 * broken image, shows the same figures with JavaScript off, and every in-page link (the
 * map's dots, the counts' plantings) lands on an element that exists. Screenshots, whole
 * and the top 1000 px, go to tmp/screenshots/impact/ (PAGE_SHOTS names another folder).
 */

const PUBLIC = 'http://placeholder.invalid';
const app = await startTestApp({ PUBLIC_BASE_URL: PUBLIC });
const SHOTS = process.env.PAGE_SHOTS ?? path.join(SCREENSHOTS, 'impact');

interface Case {
  name: string;
  slug: string;
  status: number;
}

const cases: Case[] = [];

describe('the impact page in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // The page names Canopy by its public address (logo, photos, the JSON link): the browser
    // reaches the test app by that name, so it opens the page at the address it was made for.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', `--host-resolver-rules=MAP ${new URL(PUBLIC).hostname}:80 127.0.0.1:${new URL(app.baseUrl).port}`],
    });
    const empty = await newCompany(app, 'Brand New Bicycles');
    const pledged = await makePledgedOnly(app, PUBLIC);
    const demo = await makeDemo(app, PUBLIC);
    const large = await makeLarge(app, PUBLIC, { long: true });
    const hidden = await makeHidden(app, PUBLIC);
    cases.push(
      { name: 'no-trees', slug: empty.slug, status: 200 },
      { name: 'pledged-only', slug: pledged.slug, status: 200 },
      { name: 'demo', slug: demo.slug, status: 200 },
      { name: 'large', slug: large.slug, status: 200 },
      { name: 'hidden', slug: hidden.slug, status: 404 },
    );
  });

  after(async () => {
    await browser?.close();
  });

  async function contextFor(width: number, language: Language, javaScriptEnabled = true): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height: 800 }, locale: language === 'en' ? 'en-GB' : 'nl-NL', javaScriptEnabled });
    // Photos Canopy holds no copy of are placeholders; should the page ever link the foundation's host, it gets a picture.
    await context.route('https://images.example.org/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: PICTURE }).catch(() => {}));
    return context;
  }

  /**
   * Brings every lazy image into view so that it is asked for, waits until each has loaded or
   * failed, and answers the page's width, its broken and unfinished images and its in-page
   * links that land nowhere. Scripts as text: tsx would name their functions with a helper the
   * page does not have.
   */
  async function layout(page: Page): Promise<{ scrollWidth: number; innerWidth: number; broken: string[]; pending: string[]; links: number; plantingPages: number; dangling: string[] }> {
    // Each lazy image brought into view long enough to be asked for, then waited for (in a script of the
    // test's own: the page's policy forbids the eval a waitForFunction polls with).
    const pending = (await page.evaluate(`(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
      for (const image of Array.from(document.images)) { image.scrollIntoView({ block: 'center' }); await frame(); }
      window.scrollTo(0, 0);
      const deadline = Date.now() + 10000;
      while (!Array.from(document.images).every((image) => image.complete) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      return Array.from(document.images).filter((image) => !image.complete).map((image) => image.currentSrc || image.src);
    })()`)) as string[];
    const found = (await page.evaluate(`(() => {
      const hrefs = Array.from(document.querySelectorAll('a')).map((a) => a.getAttribute('href') || a.getAttribute('xlink:href') || '');
      const anchors = hrefs.filter((href) => href.startsWith('#'));
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        broken: Array.from(document.images).filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src || image.outerHTML.slice(0, 80)),
        links: anchors.length,
        plantingPages: hrefs.filter((href) => href.startsWith('/impact/') && href.includes('/plantings/plt_')).length,
        dangling: anchors.filter((href) => href.length < 2 || !document.getElementById(decodeURIComponent(href.slice(1)))),
      };
    })()`)) as { scrollWidth: number; innerWidth: number; broken: string[]; links: number; plantingPages: number; dangling: string[] };
    return { ...found, pending };
  }

  /** What the page says of the company's trees: the headline and the figures, as text. */
  async function figures(page: Page): Promise<string> {
    const parts = await page.locator('main .trees, main dl.facts').allTextContents();
    return parts.join(' | ').replace(/\s+/g, ' ').trim();
  }

  const urlOf = (visit: Case, language: Language) => `${PUBLIC}/impact/${visit.slug}?lang=${language}`;

  for (const width of [390, 1280]) {
    for (const language of ['en', 'nl'] as const) {
      test(`${width} px, ${language}: axe finds nothing serious, nothing scrolls sideways, no broken image, every in-page link lands`, async () => {
        const context = await contextFor(width, language);
        const page = await context.newPage();
        const problems: string[] = [];
        for (const visit of cases) {
          const response = await page.goto(urlOf(visit, language));
          if (response?.status() !== visit.status) problems.push(`${visit.name}: answers ${response?.status()}, not ${visit.status}`);
          const lang = await page.getAttribute('html', 'lang');
          if (lang !== language) problems.push(`${visit.name}: <html lang="${lang}">, not ${language}`);
          const found = await layout(page);
          if (found.scrollWidth > found.innerWidth) problems.push(`${visit.name}: the page is ${found.scrollWidth}px wide in ${found.innerWidth}px`);
          for (const image of found.broken) problems.push(`${visit.name}: broken image ${image}`);
          for (const image of found.pending) problems.push(`${visit.name}: image still loading after 10 s ${image}`);
          for (const href of found.dangling) problems.push(`${visit.name}: the link ${href} lands nowhere`);
          problems.push(...formatViolations(visit.name, await axeViolations(page)));
          const shot = path.join(SHOTS, `${visit.name}-${language}-${width}`);
          await page.screenshot({ path: `${shot}-full.png`, fullPage: true });
          const height = Math.min(1000, (await page.evaluate('document.documentElement.scrollHeight')) as number);
          await page.screenshot({ path: `${shot}-top.png`, fullPage: true, clip: { x: 0, y: 0, width, height } });
          // The map's dots and the counts link to the proof: a section of the page, or a planting's own page.
          // (The demo's 9 plantings lie in 3 places: 3 dots, and its counts' table links the described ones.)
          if (visit.name === 'demo' || visit.name === 'large') {
            assert.ok(found.links + found.plantingPages >= (visit.name === 'demo' ? 3 : 5), `${visit.name}: the map and the counts link to the proof (${found.links} in the page, ${found.plantingPages} to planting pages)`);
          }
        }
        await context.close();
        assert.deepEqual(problems, []);
      });
    }
  }

  test('with JavaScript off, each page shows the same figures, map and sections', async () => {
    for (const language of ['en', 'nl'] as const) {
      const on = await (await contextFor(390, language)).newPage();
      const offContext = await contextFor(390, language, false);
      const off = await offContext.newPage();
      for (const visit of cases) {
        await on.goto(urlOf(visit, language));
        const response = await off.goto(urlOf(visit, language));
        assert.equal(response?.status(), visit.status, `${visit.name} without JavaScript`);
        assert.equal(await off.evaluate(`matchMedia('(scripting: none)').matches`), true, 'scripts are off');
        const shown = await figures(off);
        assert.equal(shown, await figures(on), `${visit.name} ${language}: the same figures`);
        if (visit.status === 200 && visit.name !== 'no-trees') assert.ok(shown.length > 20, `${visit.name}: figures are shown (${shown})`);
        for (const selector of ['h1', 'svg.place-sites-map', 'section.project-card', 'article']) {
          assert.equal(await off.locator(selector).count(), await on.locator(selector).count(), `${visit.name} ${language}: ${selector}`);
        }
      }
      await on.context().close();
      await offContext.close();
    }
  });

  test('a dot on the map takes the reader to its planting\'s proof', async () => {
    const context = await contextFor(390, 'en');
    const page = await context.newPage();
    await page.goto(urlOf(cases.find((visit) => visit.name === 'demo')!, 'en'));
    const dot = page.locator('svg.place-sites-map a').first();
    const href = (await dot.getAttribute('href')) ?? (await dot.getAttribute('xlink:href'));
    assert.ok(href?.startsWith('#'), `a dot links into the page (${href})`);
    await dot.click();
    await page.waitForFunction(`location.hash === ${JSON.stringify(href)}`);
    const top = (await page.evaluate(`document.getElementById(${JSON.stringify(href!.slice(1))}).getBoundingClientRect().top`)) as number;
    assert.ok(top >= -2 && top < 800, `the target is in view (top ${top})`);
    await context.close();
  });
});
