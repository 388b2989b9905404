import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { startTestApp } from '../../helpers/app.ts';
import { COMPANY, FIRST, MESSAGE, LAST, makeRecipientPages, openPhone, PICTURE, type Visit } from '../../helpers/recipient-pages.ts';

/**
 * Every page a recipient or a gift code's holder meets holds the longest content on the
 * narrowest phone: 320, 390 and 1280 px wide, in English and Dutch, with a 200-character
 * company name, a recipient of 100 + 100 characters, a 500-character message without a
 * space, a word of 40 characters and more, long project, partner, species and verifier
 * names. Nothing scrolls sideways, nothing sticks out of the page, and no element with
 * hidden overflow cuts its text. Screenshots go to tmp/screenshots/narrow/ (PAGE_SHOTS
 * names another folder).
 */

const app = await startTestApp({ PUBLIC_BASE_URL: 'http://placeholder.invalid' });
const SHOTS = process.env.PAGE_SHOTS ?? path.join(SCREENSHOTS, 'narrow');

const visits: Visit[] = [];

describe('the pages a recipient meets fit any phone, whatever their names', { skip: withoutChromium }, () => {
  let browser: Browser;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchChromium();
    visits.push(...(await makeRecipientPages(app, browser)).visits);
  });

  after(async () => {
    await browser?.close();
  });

  const phone = (width: number, language: 'en' | 'nl') => openPhone(browser, width, language);

  /**
   * What sticks out: the page's width past the viewport, elements past its right edge, and
   * elements whose hidden overflow cuts their content. A script as text: tsx would name its
   * functions with a helper the page does not have.
   */
  async function overflows(page: Page): Promise<{ scrollWidth: number; innerWidth: number; outside: string[]; clipped: string[] }> {
    return page.evaluate(`(() => {
      const label = (element) => element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + (typeof element.className === 'string' && element.className.trim() ? '.' + element.className.trim().split(/\\s+/).join('.') : '');
      const viewport = document.documentElement.clientWidth;
      const outside = [];
      const clipped = [];
      for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (element.closest('svg') && element.tagName.toLowerCase() !== 'svg') continue;
        if (box.right > viewport + 0.5 || box.left < -0.5) outside.push(label(element) + ' (' + Math.round(box.left) + '..' + Math.round(box.right) + ')');
        const style = getComputedStyle(element);
        // A field being typed in scrolls its text by nature; a field that is only read must not.
        const editable = (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA') && !element.readOnly;
        const hides = !editable && (['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis');
        if (hides && element.tagName.toLowerCase() !== 'img' && element.scrollWidth > element.clientWidth + 1) clipped.push(label(element) + ' (' + element.scrollWidth + ' > ' + element.clientWidth + ')');
      }
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, outside, clipped };
    })()`);
  }

  for (const width of [320, 390, 1280]) {
    for (const language of ['en', 'nl'] as const) {
      test(`${width} px, ${language}: every page fits`, async () => {
        const problems: string[] = [];
        // One phone (openPhone's viewport, locale and stand-in pictures) and one tab for the
        // width and language: a fresh browser context per page cost half a second each, half
        // the file's time. No cookie passes from one page to the next: the claimer's only to
        // the confirmation.
        const context = await browser.newContext({ viewport: { width, height: 800 }, locale: language === 'en' ? 'en-GB' : 'nl-NL' });
        await context.route('https://images.example.org/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: PICTURE }).catch(() => {}));
        const page = await context.newPage();
        for (const visit of visits) {
          await context.clearCookies();
          if (visit.claimedBy) await context.addCookies(await visit.claimedBy.context().cookies());
          const separator = visit.path.includes('?') ? '&' : '?';
          const response = await page.goto(`${app.baseUrl}${visit.path}${separator}lang=${language}`);
          assert.equal(response?.status(), visit.status, `${visit.name} answers ${visit.status}`);
          assert.equal(await page.getAttribute('html', 'lang'), language);
          const found = await overflows(page);
          if (found.scrollWidth > found.innerWidth) problems.push(`${visit.name}: the page is ${found.scrollWidth}px wide in ${found.innerWidth}px`);
          if (found.outside.length > 0) problems.push(`${visit.name}: past the edge: ${found.outside.slice(0, 5).join(', ')}`);
          if (found.clipped.length > 0) problems.push(`${visit.name}: text cut: ${found.clipped.slice(0, 5).join(', ')}`);
          await page.screenshot({ path: path.join(SHOTS, `${visit.name}-${width}-${language}.png`), fullPage: true });
        }
        await context.close();
        assert.deepEqual(problems, []);
      });
    }
  }

  test('the longest names are on the pages, whole', async () => {
    const page = await phone(320, 'en');
    await page.goto(`${app.baseUrl}${visits.find((visit) => visit.name === 'certificate-personal')!.path}?lang=en`);
    assert.equal(await page.locator('h1').textContent(), `${FIRST} ${LAST}`);
    assert.equal(await page.locator('blockquote').textContent(), MESSAGE);
    assert.ok((await page.locator('main').textContent())!.replace(/\s+/g, ' ').includes(COMPANY.replace(/\s+/g, ' ')), 'the company name whole');
    await page.close();
  });
});
