import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { axeViolations, formatViolations } from './axe.ts';
import { SCREENSHOTS } from './browser.ts';
import { personWithPassword, type TestPerson } from './dashboard.ts';

/**
 * The company dashboard in a real browser (Debian's Chromium through playwright-core), as a
 * person uses it: each person a browser context of their own (their own cookies), signed in
 * through the sign-in form, on a phone (390 px) or a desktop (1280 px), in English or Dutch,
 * with or without JavaScript. And what a page must be to pass: axe-core's serious and
 * critical findings, sideways scrolling on a phone, fields without a label, a visible focus.
 */

export type Language = 'en' | 'nl';

export interface Screen {
  language: Language;
  width: 390 | 1280;
}

/** The four screens every dashboard page is looked at on. */
export const SCREENS: readonly Screen[] = [
  { language: 'en', width: 390 },
  { language: 'en', width: 1280 },
  { language: 'nl', width: 390 },
  { language: 'nl', width: 1280 },
];

/** A new browser context (no cookies of another person) with one page; its relative URLs go to the app. */
export async function personPage(browser: Browser, baseUrl: string, options: { language?: Language; width?: number; javaScript?: boolean } = {}): Promise<Page> {
  const language = options.language ?? 'en';
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height: width < 640 ? 844 : 900 },
    locale: language === 'en' ? 'en-GB' : 'nl-NL',
    javaScriptEnabled: options.javaScript ?? true,
  });
  // Nothing a page asks for may leave the server: what it asks elsewhere is noted (and fails its screen).
  const origin = new URL(baseUrl).origin;
  const elsewhere: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
  });
  // Short enough that a missing element fails fast; a loaded machine needs more than Playwright's 30 s for nothing.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  (page as Page & { requestsElsewhere?: string[] }).requestsElsewhere = elsewhere;
  return page;
}

/** The URLs a page of personPage asked for outside the app (none is right). */
export function requestsElsewhere(page: Page): string[] {
  return (page as Page & { requestsElsewhere?: string[] }).requestsElsewhere ?? [];
}

/** Signs in through the sign-in form as a person would (typing, pressing the button); returns the path landed on. */
export async function signInThroughForm(page: Page, email: string, password: string, language: Language = 'en'): Promise<string> {
  await page.goto(`/dashboard/sign-in?lang=${language}`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await clickAndLoad(page, page.locator('form:has(input[name=password]) button[type=submit]'));
  return new URL(page.url()).pathname;
}

/** Clicks what sends a form or follows a link, and waits until the page it leads to has loaded. */
export async function clickAndLoad(page: Page, target: Locator): Promise<void> {
  await Promise.all([page.waitForEvent('load'), target.click()]);
}

/** A new person of the company (TEST_PASSWORD), signed in through the form in a browser context of their own. */
export async function signedInPage(
  browser: Browser,
  app: { baseUrl: string; db: Kysely<DB> },
  companyId: string,
  options: { role?: 'admin' | 'member'; language?: Language; width?: number; javaScript?: boolean; name?: string } = {},
): Promise<{ page: Page; person: TestPerson }> {
  const person = await personWithPassword(app.db, companyId, { role: options.role, name: options.name });
  const page = await personPage(browser, app.baseUrl, options);
  const landed = await signInThroughForm(page, person.email, person.password, options.language);
  assert.equal(landed, '/dashboard', `signing in lands on the dashboard (${page.url()})`);
  return { page, person };
}

/** Saves a screenshot of the whole page as tmp/screenshots/dashboard-<name>.png; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOTS, `dashboard-${name}.png`);
  await page.screenshot({ path: file, fullPage: true, timeout: 60_000 });
  return file;
}

/** Fields a person fills in (inputs, selects, text areas, not hidden) that no label, aria-label or aria-labelledby names. */
export async function unlabelledFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('input, select, textarea'))
      .filter((field) => !['hidden', 'submit', 'button', 'reset', 'image'].includes(field.type))
      .filter((field) => (field.labels?.length ?? 0) === 0 && !field.getAttribute('aria-label') && !field.getAttribute('aria-labelledby'))
      .map((field) => field.outerHTML.slice(0, 160)));
}

/** How much wider than the window the page is (0: no sideways scrolling). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * What is wrong with the page as it is now, as lines to read in an assertion: axe-core's
 * serious and critical findings, sideways scrolling (on a phone), unlabelled fields, and
 * requests that left the server. Takes its screenshot first, so a failure can be looked at.
 */
export async function screenProblems(page: Page, name: string): Promise<{ problems: string[]; file: string }> {
  const file = await screenshot(page, name);
  const problems = formatViolations(name, await axeViolations(page));
  const overflow = await sidewaysOverflow(page);
  if (overflow > 0) problems.push(`${name}: scrolls sideways by ${overflow} px`);
  for (const field of await unlabelledFields(page)) problems.push(`${name}: a field without a label: ${field}`);
  for (const url of requestsElsewhere(page)) problems.push(`${name}: asked for ${url}, outside the app`);
  return { problems, file };
}

/**
 * Tabs from the top of the page into its first form (in main) and through it: every
 * element of the form that takes the focus must show it (an outline or a box shadow
 * drawn for :focus-visible). Returns the elements reached in the form, each with whether its
 * focus shows; throws when the keyboard never reaches the form.
 */
export async function tabThroughFirstForm(page: Page, formSelector = 'main form'): Promise<{ element: string; visible: boolean }[]> {
  const form = page.locator(formSelector).first();
  assert.ok((await form.count()) > 0, `the page has a form (${formSelector})`);
  await form.evaluate((element) => element.setAttribute('data-tab-check', ''));
  // From the top of the page (or from an autofocused field), as a person using the keyboard only.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached: { element: string; visible: boolean }[] = [];
  let inside = false;
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      // A date field's calendar button, inside the field: Chromium draws its own ring round it (the field is not :focus-visible then).
      const picker = /^(date|datetime-local|time|month|week)$/.test((element as HTMLInputElement).type ?? '') && !element.matches(':focus-visible');
      return { inForm: element.closest('[data-tab-check]') !== null, element: element.outerHTML.slice(0, 100), visible: outline || style.boxShadow !== 'none' || picker };
    });
    if (!focused) continue;
    if (focused.inForm) {
      inside = true;
      reached.push({ element: focused.element, visible: focused.visible });
    } else if (inside) break;
  }
  assert.ok(inside, `the keyboard reaches the form (${formSelector})`);
  return reached;
}

/**
 * The path of the link (`/dashboard/invite/...`, `/dashboard/link/...`, `/dashboard/reset/...`)
 * in the newest email to `email` that a test worker wrote into `outbox` (the worker writes
 * PUBLIC_BASE_URL's links, http://canopy.test; the path is the app's).
 */
export function mailedLink(outbox: string, email: string, kind: 'invite' | 'link' | 'reset'): string {
  const mails = readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(path.join(outbox, name), 'utf8'))
    // Quoted-printable: soft line breaks and escaped bytes.
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))))
    .filter((text) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text));
  const url = new RegExp(`http://canopy\\.test(/dashboard/${kind}/[A-Za-z0-9_-]+)`).exec(mails.at(-1) ?? '');
  assert.ok(url, `an email to ${email} with a ${kind} link (${mails.length} emails to them)`);
  return url[1]!;
}
