import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { startTestApp } from '../../helpers/app.ts';
import { launchChromium, withoutChromium } from '../../helpers/browser.ts';
import { SCREENS, screenProblems, signedInPage } from '../../helpers/dashboard-browser.ts';
import * as make from '../../helpers/factories.ts';
import { tempDir } from '../../helpers/temp.ts';

/**
 * Reporting export in Chromium: the page in English and Dutch on a phone and a desktop
 * (axe-core 0 serious or critical, no sideways scrolling; tmp/screenshots/dashboard-exports-*.png),
 * and the download a member starts with the button arrives as a zip that opens.
 */
const app = await startTestApp();
const company = await make.companyWithTrees(app.db, { allocations: 3, name: 'Fairbrook Coffee Roasters' });

describe('the export page in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  test('every screen passes, en and nl, 390 and 1280 px', async () => {
    const problems: string[] = [];
    for (const screen of SCREENS) {
      const { page } = await signedInPage(browser, app, company.company.id, { role: 'member', language: screen.language, width: screen.width });
      await page.goto(`/dashboard/exports?lang=${screen.language}`);
      assert.equal(await page.locator('h1').textContent(), screen.language === 'en' ? 'Reporting export' : 'Rapportage-export');
      problems.push(...(await screenProblems(page, `exports-${screen.language}-${screen.width}`)).problems);
      await page.context().close();
    }
    assert.deepEqual(problems, []);
  });

  test('the button downloads the zip, which opens and whose sums hold', async () => {
    const { page } = await signedInPage(browser, app, company.company.id, { role: 'member', width: 1280 });
    await page.goto('/dashboard/exports');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('a[data-download=zip]').click()]);
    assert.match(download.suggestedFilename(), /^canopy-plantings-\d{4}-\d\d-\d\d\.zip$/);
    const file = path.join(tempDir('canopy-export-download'), download.suggestedFilename());
    await download.saveAs(file);
    const files = unzipSync(new Uint8Array(readFileSync(file)));
    assert.deepEqual(Object.keys(files).sort(), ['README.md', 'SHA256SUMS', 'plantings.csv', 'plantings.geojson']);
    for (const line of new TextDecoder().decode(files.SHA256SUMS).trim().split('\n')) {
      const [sum, name] = line.split('  ');
      assert.equal(createHash('sha256').update(files[name!]!).digest('hex'), sum, name);
    }
    const geojson = JSON.parse(new TextDecoder().decode(files['plantings.geojson']));
    assert.deepEqual(geojson.features.map((f: { id: string }) => f.id), [company.planting.id]);
    assert.equal(geojson.features[0].properties.trees_for_company, 30);
    await page.context().close();
  });
});
