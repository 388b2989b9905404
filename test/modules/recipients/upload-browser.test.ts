import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startTestApp } from '../../helpers/app.ts';
import { launchChromium, withoutChromium } from '../../helpers/browser.ts';
import { clickAndLoad, SCREENS, screenProblems, signedInPage } from '../../helpers/dashboard-browser.ts';
import * as make from '../../helpers/factories.ts';
import { csvOfRows, parseResult } from './upload-helpers.ts';

/**
 * A CSV upload in Chromium, as a person does it: a file of 1,000 rows, 20 of them bad, chosen
 * in the file input; the preview names the 20; the giving runs while the progress page
 * refreshes itself (no script) until it is done; the result file downloaded says what
 * became of each row; the same file again gives nothing. Then every upload page in English
 * and Dutch at 390 and 1280 px, with axe-core's serious and critical findings at zero
 * (tmp/screenshots/dashboard-upload-*.png, to be looked at).
 */

const app = await startTestApp();
const ROWS = 1000;
const BAD = new Set(Array.from({ length: 20 }, (_, i) => 7 + i * 50));
const FILE = Buffer.from(csvOfRows(ROWS, 'browser', { bad: BAD }), 'utf8');

const recipientCount = async (companyId: string) =>
  Number((await app.db.selectFrom('recipients').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n);

async function chooseAndCheck(page: Page, file: Buffer) {
  await page.goto('/dashboard/recipients/upload');
  await page.locator('input[type=file]').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: file });
  await clickAndLoad(page, page.locator('main form button[type=submit]'));
  assert.match(new URL(page.url()).pathname, /^\/dashboard\/uploads\/upl_/);
}

describe('CSV uploads in a browser', { skip: withoutChromium }, () => {
  let chromium: Browser;
  before(async () => {
    chromium = await launchChromium();
  });
  after(async () => {
    await chromium?.close();
  });

  const made = make.companyWithTrees(app.db, { allocations: 110, trees: 10, name: 'Fairbrook Coffee Roasters' });

  test('1,000 rows with 20 bad: the preview shows the 20, the giving reaches done, the result file is right; the same file again gives nothing', async () => {
    const { company } = await made;
    const { page } = await signedInPage(chromium, app, company.id, { role: 'member', width: 1280 });
    await chooseAndCheck(page, FILE);
    const problemRows = await page.locator('#problems tbody tr td:first-child').allTextContents();
    assert.deepEqual(problemRows.map(Number), [...BAD].map((n) => n + 1), "spreadsheet rows: the header is row 1");
    assert.ok(await page.getByText('email is not a valid email address.').first().isVisible());
    const previewUrl = page.url();

    await clickAndLoad(page, page.getByRole('button', { name: 'Give trees to 980 recipients' }));
    assert.equal(page.url(), previewUrl, 'the same address shows the progress');
    assert.ok(await page.locator('progress#upload-progress').isVisible());
    // The worker gives while the page reloads itself (the Refresh header) until done.
    const worker = app.runJobs();
    await page.getByRole('heading', { name: 'Upload done' }).waitFor({ timeout: 120_000 });
    await worker;
    assert.equal(await page.locator('#rows-given').textContent(), '980');
    assert.equal(await page.locator('progress#upload-progress').getAttribute('value'), '980');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the result file (CSV)' }).click()]);
    const result = parseResult(readFileSync((await download.path())!, 'utf8'));
    assert.equal(result.length, ROWS);
    for (const row of result) {
      const n = Number(row.row) - 1;
      if (BAD.has(n)) assert.deepEqual([row.outcome, row.reason_code, row.recipient], ['refused', 'parameter_invalid', ''], `row ${row.row}`);
      else assert.ok(row.outcome === 'created' && /^rcp_/.test(row.recipient!), `row ${row.row}: ${JSON.stringify(row)}`);
      assert.equal(row.external_reference, `ORDER-browser-${n}`);
    }
    assert.equal(await recipientCount(company.id), 980);

    await chooseAndCheck(page, FILE);
    assert.equal(await page.locator('#problems tbody tr').count(), 20);
    assert.ok(await page.getByText('No row of this file is left to give.').isVisible());
    assert.equal(await page.getByRole('button', { name: /Give trees/ }).count(), 0);
    await app.runJobs();
    assert.equal(await recipientCount(company.id), 980, 'nothing given twice');
    await page.context().close();
  });

  test('every upload page in English and Dutch, at 390 and 1280 px, without serious accessibility problems', async () => {
    const { company } = await made;
    const problems: string[] = [];
    // A small upload started and not yet given: its progress page (refreshing: the header is dropped here so that axe reads a still page).
    const { page: setup } = await signedInPage(chromium, app, company.id, { width: 1280 });
    await chooseAndCheck(setup, Buffer.from(csvOfRows(8, 'waiting', { bad: new Set([3]) })));
    const waitingUrl = setup.url();
    await clickAndLoad(setup, setup.getByRole('button', { name: /Give trees/ }));
    await setup.context().close();
    const done = await app.db.selectFrom('recipient_uploads').select('id').where('company_id', '=', company.id).where('status', '=', 'done').executeTakeFirstOrThrow();

    for (const screen of SCREENS) {
      const { page } = await signedInPage(chromium, app, company.id, { language: screen.language, width: screen.width });
      await page.route('**/dashboard/uploads/*', async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers.refresh;
        await route.fulfill({ response, headers });
      });
      const name = (what: string) => `upload-${what}-${screen.language}-${screen.width}`;
      await page.goto('/dashboard/recipients/upload');
      problems.push(...(await screenProblems(page, name('form'))).problems);
      await chooseAndCheck(page, Buffer.from(csvOfRows(6, `screen-${screen.language}-${screen.width}`, { bad: new Set([2]) })));
      problems.push(...(await screenProblems(page, name('preview'))).problems);
      await chooseAndCheck(page, FILE);
      problems.push(...(await screenProblems(page, name('again'))).problems);
      await page.goto(waitingUrl);
      problems.push(...(await screenProblems(page, name('progress'))).problems);
      await page.goto(`/dashboard/uploads/${done.id}`);
      problems.push(...(await screenProblems(page, name('done'))).problems);
      await page.context().close();
    }
    assert.deepEqual(problems, []);
  });
});
