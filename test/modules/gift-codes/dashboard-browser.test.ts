import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { startTestApp } from '../../helpers/app.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { clickAndLoad, SCREENS, screenProblems, signedInPage } from '../../helpers/dashboard-browser.ts';
import * as make from '../../helpers/factories.ts';
import { pdfText } from '../../helpers/pdf.ts';
import { tempDir } from '../../helpers/temp.ts';

/**
 * Gift codes and certificates in Chromium, as a person uses them (issue 26): a batch made
 * from the form, its cards downloaded in Dutch and read back (every code on them), and
 * every page of both on the four screens (English and Dutch, 390 and 1280 px) with
 * axe-core's serious and critical findings, sideways scrolling and unlabelled fields
 * checked. Screenshots in tmp/screenshots/dashboard-gift-*.png, and the first page of the
 * cards as gift-cards-nl.png where pdftoppm is installed, to be looked at.
 */
const app = await startTestApp();
const POPPLER = ['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'].find((file) => existsSync(file));

describe('gift codes and certificates in a browser', { skip: withoutChromium }, () => {
  let chromium: Browser;
  before(async () => {
    chromium = await launchChromium();
  });
  after(async () => {
    await chromium?.close();
  });

  test('make a batch of 12 from the form and download its cards in Dutch', async () => {
    const { company } = await make.companyWithTrees(app.db, { trees: 100, name: 'Groen & Co' });
    const { page } = await signedInPage(chromium, app, company.id, { width: 1280 });
    await page.goto('/dashboard/gift-codes');
    await clickAndLoad(page, page.locator('main a.button', { hasText: 'Make gift codes' }));
    await page.locator('#batch-codes').fill('12');
    await page.locator('#batch-trees').fill('2');
    await page.locator('#batch-valid-until').fill('2027-06-30');
    await clickAndLoad(page, page.locator('main form button[type=submit]'));
    assert.match(await page.locator('.notice').innerText(), /12 gift codes were made/);
    assert.equal(await page.locator('tr[id^=gift_]').count(), 12);

    await page.locator('input[name=language][value=nl]').check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#batch button[type=submit]').click()]);
    const folder = tempDir('gift-browser');
    const file = path.join(folder, download.suggestedFilename());
    await download.saveAs(file);
    assert.match(download.suggestedFilename(), /^gift-cards-gcb_\w+-nl\.pdf$/);
    const text = (await pdfText(readFileSync(file))).join('\n');
    const codes = await app.db.selectFrom('gift_codes').select('code').where('company_id', '=', company.id).execute();
    for (const { code } of codes) assert.ok(text.includes(code), `${code} is on the cards`);
    assert.match(text, /Een cadeau van 2 bomen/);
    assert.match(text, /30 juni 2027/);
    if (POPPLER) {
      execFileSync(POPPLER, ['-png', '-r', '80', '-f', '1', '-l', '1', file, path.join(folder, 'cards')]);
      copyFileSync(path.join(folder, 'cards-1.png'), path.join(SCREENSHOTS, 'gift-cards-nl.png'));
    }
    await page.context().close();
  });

  for (const screen of SCREENS) {
    test(`every gift code and certificate page in ${screen.language} at ${screen.width} px`, async () => {
      const { company, token } = await make.companyWithTrees(app.db, { trees: 40, name: 'Fairbrook Coffee Roasters' });
      const recipient = await app.request('POST', '/v2/recipients', {
        token, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 2, first_name: 'Zoë', last_name: 'Jansen', email: 'zoe@example.nl' },
      });
      assert.equal(recipient.status, 200, recipient.text);
      await app.runJobs();
      const { page } = await signedInPage(chromium, app, company.id, { language: screen.language, width: screen.width });
      const problems: string[] = [];
      const at = (name: string) => `gift-${name}-${screen.language}-${screen.width}`;
      const look = async (name: string) => problems.push(...(await screenProblems(page, at(name))).problems);

      await page.goto('/dashboard/gift-codes/new');
      await look('new');
      await page.locator('#batch-codes').fill('9');
      await page.locator('#batch-trees').fill('10');
      await clickAndLoad(page, page.locator('main form button[type=submit]'));
      assert.equal(await page.locator('.problems').count(), 1, 'too few trees: the form again');
      await look('new-problem');
      await page.locator('#batch-codes').fill('3');
      await page.locator('#batch-trees').fill('4');
      await clickAndLoad(page, page.locator('main form button[type=submit]'));
      await look('batch');
      await clickAndLoad(page, page.locator('a[href$="/revoke"]').first());
      await look('revoke');
      await clickAndLoad(page, page.locator('main button.danger'));
      await look('revoked');
      await page.goto('/dashboard/gift-codes?status=open');
      await look('filtered');
      await page.goto('/dashboard/certificates');
      assert.equal(await page.locator('tr[id^=cert_]').count(), 1);
      await look('certificates');

      const starter = await make.companyWithTrees(app.db, { trees: 10, name: 'Klein BV' });
      await app.db.updateTable('companies').set({ plan: 'starter' }).where('id', '=', starter.company.id).execute();
      const { page: starterPage } = await signedInPage(chromium, app, starter.company.id, { language: screen.language, width: screen.width, role: 'member' });
      await starterPage.goto('/dashboard/gift-codes');
      problems.push(...(await screenProblems(starterPage, at('plan'))).problems);
      await starterPage.context().close();
      await page.context().close();
      assert.deepEqual(problems, []);
    });
  }
});

