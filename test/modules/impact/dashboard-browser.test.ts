import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startTestApp } from '../../helpers/app.ts';
import { axeViolations, formatViolations } from '../../helpers/axe.ts';
import { CHROMIUM, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { personWithPassword, TEST_PASSWORD } from '../../helpers/dashboard.ts';
import { makeDemo, makeLarge, newCompany } from '../../helpers/impact-world.ts';

/**
 * The dashboard's overview and public profile as people meet them, in Chromium at 390 and
 * 1280 px, in English and Dutch: the demo company (live and test data), a large one with the
 * longest names and texts a company may have, one with no trees yet; the profile as an admin
 * (its form, and the form refused) and as a member (read only). Each passes axe-core (no
 * serious or critical violation), does not scroll sideways and has no broken image; the
 * profile form works by keyboard alone. Screenshots go to tmp/screenshots/dashboard-overview/.
 */

const PUBLIC = 'http://placeholder.invalid';
const app = await startTestApp({ PUBLIC_BASE_URL: PUBLIC });
const SHOTS = path.join(SCREENSHOTS, 'dashboard-overview');

interface Visit {
  name: string;
  email: string;
  path: string;
  /** Fills the form and sends it before the page is checked. */
  refuse?: boolean;
}

const visits: Visit[] = [];

describe('the overview and the public profile in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', `--host-resolver-rules=MAP ${new URL(PUBLIC).hostname}:80 127.0.0.1:${new URL(app.baseUrl).port}`],
    });
    const demo = await makeDemo(app, PUBLIC);
    const large = await makeLarge(app, PUBLIC, { long: true });
    const empty = await newCompany(app, 'Brand New Bicycles');
    const demoAdmin = await personWithPassword(app.db, demo.id, { role: 'admin' });
    const demoMember = await personWithPassword(app.db, demo.id, { role: 'member' });
    const largeAdmin = await personWithPassword(app.db, large.id, { role: 'admin', name: 'Wilhelmina van Oldenbarnevelt-Schimmelpenninck' });
    const emptyAdmin = await personWithPassword(app.db, empty.id, { role: 'admin' });
    visits.push(
      { name: 'overview-demo', email: demoAdmin.email, path: '/dashboard' },
      { name: 'overview-demo-test', email: demoAdmin.email, path: '/dashboard?mode=test' },
      { name: 'overview-large', email: largeAdmin.email, path: '/dashboard' },
      { name: 'overview-empty', email: emptyAdmin.email, path: '/dashboard' },
      { name: 'profile-admin', email: largeAdmin.email, path: '/dashboard/profile' },
      { name: 'profile-refused', email: demoAdmin.email, path: '/dashboard/profile', refuse: true },
      { name: 'profile-member', email: demoMember.email, path: '/dashboard/profile' },
    );
  });

  after(async () => {
    await browser?.close();
  });

  async function signIn(page: Page, email: string) {
    await page.goto(`${PUBLIC}/dashboard/sign-in`);
    await page.fill('#email', email);
    await page.fill('#password', TEST_PASSWORD);
    await Promise.all([page.waitForURL(`${PUBLIC}/dashboard`), page.click('form button[type=submit]')]);
  }

  /** The page's width, and its images that did not load. */
  async function layout(page: Page): Promise<{ scrollWidth: number; innerWidth: number; broken: string[] }> {
    return (await page.evaluate(`(async () => {
      const deadline = Date.now() + 10000;
      while (!Array.from(document.images).every((image) => image.complete) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        broken: Array.from(document.images).filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src),
      };
    })()`)) as { scrollWidth: number; innerWidth: number; broken: string[] };
  }

  for (const width of [390, 1280]) {
    for (const language of ['en', 'nl'] as const) {
      test(`${width} px, ${language}: axe finds nothing serious, nothing scrolls sideways, no broken image`, async () => {
        const problems: string[] = [];
        for (const visit of visits) {
          const context = await browser.newContext({ viewport: { width, height: 800 }, locale: language === 'en' ? 'en-GB' : 'nl-NL' });
          const page = await context.newPage();
          await signIn(page, visit.email);
          const response = await page.goto(`${PUBLIC}${visit.path}${visit.path.includes('?') ? '&' : '?'}lang=${language}`);
          if (response?.status() !== 200) problems.push(`${visit.name}: answers ${response?.status()}`);
          if (visit.refuse) {
            await page.fill('#about_en', 'x'.repeat(601));
            await page.fill('#website_url', 'http://example.com/');
            await page.fill('#contact_email', 'not an address');
            const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.click('form.stack button[type=submit]')]);
            if (answer.status() !== 422) problems.push(`${visit.name}: the refused form answers ${answer.status()}`);
            await page.waitForLoadState();
            if ((await page.locator('.field-error').count()) !== 3) problems.push(`${visit.name}: ${await page.locator('.field-error').count()} field errors, not 3`);
          }
          if ((await page.getAttribute('html', 'lang')) !== language) problems.push(`${visit.name}: not in ${language}`);
          const found = await layout(page);
          if (found.scrollWidth > found.innerWidth) problems.push(`${visit.name}: the page is ${found.scrollWidth}px wide in ${found.innerWidth}px`);
          for (const image of found.broken) problems.push(`${visit.name}: broken image ${image}`);
          problems.push(...formatViolations(`${visit.name} ${language} ${width}`, await axeViolations(page)));
          await page.screenshot({ path: path.join(SHOTS, `${visit.name}-${language}-${width}.png`), fullPage: true });
          await context.close();
        }
        assert.deepEqual(problems, []);
      });
    }
  }

  test('the profile form works by keyboard alone: hide the page, save with Enter, the overview says hidden', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const admin = visits.find((visit) => visit.name === 'overview-empty')!;
    await signIn(page, admin.email);
    await page.goto(`${PUBLIC}/dashboard/profile?lang=en`);
    // Tab to the public switch, move to "hidden" with the arrow key, then Tab to the website and send with Enter.
    for (let i = 0; i < 40 && (await page.evaluate('document.activeElement && document.activeElement.name')) !== 'impact_page'; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.value'), 'public');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate('document.activeElement.value'), 'hidden');
    for (let i = 0; i < 10 && (await page.evaluate('document.activeElement.name')) !== 'website_url'; i++) await page.keyboard.press('Tab');
    await page.keyboard.type('https://bicycles.example/');
    await Promise.all([page.waitForURL(/done=saved/), page.keyboard.press('Enter')]);
    assert.match((await page.locator('.notice').textContent()) ?? '', /Saved: Your impact page, Website\./);
    await page.goto(`${PUBLIC}/dashboard?lang=en`);
    assert.equal(await page.locator('[data-field="impact_page_public"]').textContent(), 'Hidden');
    await context.close();
  });
});
