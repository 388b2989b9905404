import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startTestApp } from '../../helpers/app.ts';
import { launchChromium, withoutChromium } from '../../helpers/browser.ts';
import { clickAndLoad, SCREENS, screenProblems, signedInPage } from '../../helpers/dashboard-browser.ts';
import * as make from '../../helpers/factories.ts';

/**
 * Recipients in the dashboard in Chromium, as a person uses them (issue 26): give trees
 * with the form, find the person in the list, change them, delete them after the
 * confirmation; the same with JavaScript off; and every page in English and Dutch on a
 * phone and a desktop, with axe-core's serious and critical findings at zero and no
 * sideways scrolling (tmp/screenshots/dashboard-recipients-*.png, to be looked at).
 */
const app = await startTestApp();

const recipientIdOf = (page: Page) => /\/dashboard\/recipients\/(rcp_[A-Za-z0-9]{24})/.exec(page.url())?.[1] ?? null;

describe('recipients in a browser', { skip: withoutChromium }, () => {
  let chromium: Browser;
  before(async () => {
    chromium = await launchChromium();
  });
  after(async () => {
    await chromium?.close();
  });

  async function journey(javaScript: boolean, width: 390 | 1280) {
    const w = await make.companyWithTrees(app.db, { allocations: 2, trees: 10 });
    const { page } = await signedInPage(chromium, app, w.company.id, { role: 'member', width, javaScript });
    await page.goto('/dashboard/recipients');
    await clickAndLoad(page, page.getByRole('link', { name: 'Give trees to a person' }));
    await page.getByLabel('Trees').fill('12');
    await page.getByLabel('First name').fill('Noor');
    await page.getByLabel('Last name').fill('van Dijk');
    await page.locator('#email').fill('noor@example.nl');
    await page.getByLabel('Dutch').check();
    await page.getByLabel('Your reference').fill('WEB-1');
    await clickAndLoad(page, page.getByRole('button', { name: 'Give trees' }));
    const id = recipientIdOf(page);
    assert.ok(id, page.url());
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Noor van Dijk');
    const api = await app.get(`/v2/recipients/${id}`, w.token);
    assert.deepEqual([api.body.trees, api.body.source, api.body.language, api.body.external_reference], [12, 'dashboard', 'nl', 'WEB-1']);

    await clickAndLoad(page, page.getByRole('link', { name: 'All recipients' }));
    await page.getByLabel('Search').fill('web-');
    await clickAndLoad(page, page.getByRole('button', { name: 'Search' }));
    await clickAndLoad(page, page.getByRole('link', { name: 'Noor van Dijk' }));
    await clickAndLoad(page, page.getByRole('link', { name: 'Change' }));
    await page.getByLabel('First name').fill('Noortje');
    await clickAndLoad(page, page.getByRole('button', { name: 'Save' }));
    assert.equal((await app.get(`/v2/recipients/${id}`, w.token)).body.first_name, 'Noortje');

    await clickAndLoad(page, page.getByRole('link', { name: 'Delete' }));
    assert.match(await page.getByRole('heading', { level: 1 }).innerText(), /Delete Noortje van Dijk\?/);
    await clickAndLoad(page, page.getByRole('button', { name: 'Delete recipient' }));
    assert.match(await page.locator('.notice').innerText(), /personal data is gone/);
    assert.equal((await app.get(`/v2/recipients/${id}`, w.token)).status, 404);
    await page.context().close();
  }

  test('give, find, change and delete with JavaScript', () => journey(true, 1280));
  test('the same with JavaScript off, on a phone', () => journey(false, 390));

  test('every page in English and Dutch at 390 and 1280 px: axe 0 serious or critical, no sideways scrolling', async () => {
    const w = await make.companyWithTrees(app.db, { allocations: 1, trees: 100, name: 'Fairbrook Coffee Roasters' });
    const people = [
      { trees: 3, first_name: 'Marieke', last_name: 'de Vries-van den Heuvel', email: 'marieke.devries-vandenheuvel@example.nl', external_reference: 'ORDER-2026-000123', message: 'Bedankt voor je bestelling!', language: 'nl', send_email: true },
      { trees: 1, first_name: 'Sam', email: 'sam@example.com' },
      { trees: 25, external_reference: 'B2B-7' },
    ];
    const ids: string[] = [];
    for (const body of people) {
      const created = await app.request('POST', '/v2/recipients', { token: w.token, body, headers: { 'idempotency-key': `screens-${ids.length}-${w.company.id}` } });
      assert.equal(created.status, 200, created.text);
      ids.push(created.body.id);
    }
    await app.runJobs();
    const starter = await make.companyWithTokens(app.db, { plan: 'starter' });

    const problems: string[] = [];
    for (const screen of SCREENS) {
      const name = (page: string) => `recipients-${page}-${screen.language}-${screen.width}`;
      const { page } = await signedInPage(chromium, app, w.company.id, { role: 'member', width: screen.width, language: screen.language });
      const look = async (path: string, shot: string) => {
        await page.goto(path.includes('?') ? `${path}&lang=${screen.language}` : `${path}?lang=${screen.language}`);
        problems.push(...(await screenProblems(page, name(shot))).problems);
      };
      await look('/dashboard/recipients', 'list');
      await look('/dashboard/recipients?q=mar', 'search');
      await look('/dashboard/recipients/new', 'new');
      await page.getByLabel(screen.language === 'en' ? 'Trees' : 'Bomen').fill('1000');
      await page.locator('input[name=email]').fill('not an address');
      await clickAndLoad(page, page.locator('main button[type=submit]'));
      problems.push(...(await screenProblems(page, name('new-problems'))).problems);
      await look(`/dashboard/recipients/${ids[0]}`, 'show');
      await look(`/dashboard/recipients/${ids[0]}/edit`, 'edit');
      await look(`/dashboard/recipients/${ids[0]}/delete`, 'delete');
      await look('/dashboard/recipients/new?mode=test', 'new-test');
      await page.context().close();

      const plan = await signedInPage(chromium, app, starter.id, { role: 'admin', width: screen.width, language: screen.language });
      await plan.page.goto(`/dashboard/recipients?lang=${screen.language}`);
      problems.push(...(await screenProblems(plan.page, name('plan'))).problems);
      await plan.page.context().close();
    }
    assert.deepEqual(problems, []);
  });
});
