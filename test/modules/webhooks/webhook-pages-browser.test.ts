import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { DELIVERY_HOOKS } from '../../../src/features.ts';
import { recordEvent } from '../../../src/platform/events/record.ts';
import { verifyWebhook } from '../../../src/platform/webhooks/signature.ts';
import { startDeliveryWorker } from '../../../src/platform/webhooks/worker.ts';
import { startTestApp, TEST_SECRET_KEY } from '../../helpers/app.ts';
import { axeViolations } from '../../helpers/axe.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';
import { startReceiver } from '../../helpers/receiver.ts';

/**
 * The webhook pages in a real browser: the whole journey (add an endpoint, a signed delivery
 * reaches a local receiver, its attempt in the log, the receiver fails, redeliver from the
 * page), and every page in English and Dutch at phone and desktop width, with axe-core's
 * serious and critical violations at zero. The screenshots are for looking at.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const receiver = await startReceiver();
const secretKey = process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY;
const worker = startDeliveryWorker(app.db, { ...DELIVERY_HOOKS, secretKey, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, pollIntervalMs: 50 });
after(() => worker.stop());

const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });

describe('the webhook pages in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;
  let context: BrowserContext;

  before(async () => {
    browser = await launchChromium();
    const { browser: signedIn } = await signedInBrowser(app, company.id, { role: 'admin' });
    context = await browser.newContext();
    await context.addCookies([...signedIn.cookies].map(([name, value]) => ({ name, value, url: app.baseUrl })));
  });
  after(async () => {
    await browser?.close();
  });

  test('add an endpoint, get a signed delivery, see the attempt, fail, redeliver from the page', async () => {
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/dashboard/webhooks?mode=test`);
    await page.getByRole('link', { name: 'Add an endpoint' }).click();
    await page.getByLabel('URL').fill(`${receiver.base}/browser`);
    await page.getByLabel('Description').fill('Order system');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByLabel('Signing secret').inputValue();
    assert.match(secret, /^whsec_/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'webhooks-secret-en-1280.png'), fullPage: true });
    await page.getByRole('link', { name: 'Back to the endpoint' }).click();
    const endpointUrl = page.url();

    const object = { id: 'alloc_000000000000000000000000', object: 'allocation', trees: 3 };
    const first = await recordEvent(app.db, { companyId: company.id, livemode: false, type: 'allocation.created', object });
    const [delivery] = await receiver.waitFor('/browser', 1);
    assert.equal((verifyWebhook(delivery!.body, String(delivery!.headers['canopy-signature']), secret) as { id: string }).id, first);
    await page.reload();
    await page.getByRole('link', { name: first }).waitFor();

    receiver.behave('/browser', () => ({ status: 500 }));
    const second = await recordEvent(app.db, { companyId: company.id, livemode: false, type: 'allocation.planted', object });
    await receiver.waitFor('/browser', 2);
    await page.waitForTimeout(200);
    await page.goto(`${endpointUrl}?outcome=failed`);
    await page.getByRole('link', { name: second }).waitFor();
    receiver.behave('/browser', () => ({ status: 200 }));
    await page.getByRole('button', { name: `Redeliver ${second}` }).click();
    await page.getByText(`Event ${second} is queued to be sent again now.`).waitFor();
    const [, , again] = await receiver.waitFor('/browser', 3);
    assert.equal(JSON.parse(again!.body).id, second);
    await page.close();
  });

  test('every page in English and Dutch, at 390 and 1280 px, without serious accessibility problems', async () => {
    // An endpoint failing for a day (its log with failures and a success), one switched off, events.
    const failing = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${receiver.base}/failing`, description: 'Warehouse', enabled_events: ['allocation.created', 'recipient.created'] } });
    const off = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${receiver.base}/gone` } });
    receiver.behave('/failing', () => ({ status: 503, headers: { 'retry-after': '3600' } }));
    receiver.behave('/gone', () => ({ status: 410 }));
    const object = { id: 'alloc_000000000000000000000000', object: 'allocation', trees: 3 };
    const eventId = await recordEvent(app.db, { companyId: company.id, livemode: false, type: 'allocation.created', object });
    await receiver.waitFor('/failing', 1);
    await receiver.waitFor('/gone', 1);
    await app.db.updateTable('webhook_endpoints').set({ failing_since: new Date(Date.now() - 26 * 3600_000), failing_warned_at: new Date(Date.now() - 3600_000) }).where('id', '=', failing.body.id).execute();
    await new Promise((resolve) => setTimeout(resolve, 300));

    const pages = [
      ['endpoints', '/dashboard/webhooks?mode=test'],
      ['new', '/dashboard/webhooks/new?mode=test'],
      ['failing', `/dashboard/webhooks/${failing.body.id}`],
      ['disabled', `/dashboard/webhooks/${off.body.id}`],
      ['edit', `/dashboard/webhooks/${failing.body.id}/edit`],
      ['events', '/dashboard/events?mode=test'],
      ['event', `/dashboard/events/${eventId}`],
    ] as const;
    const problems: string[] = [];
    // Every dashboard page is screened in both languages at both widths by test/dashboard/screens-browser.test.ts;
    // here this feature's own pages (those it has beyond the common ones) in the two pairs that differ most.
    for (const [language, width] of [['nl', 390], ['en', 1280]] as const) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      for (const [name, url] of pages) {
        const response = await page.goto(`${app.baseUrl}${url}${url.includes('?') ? '&' : '?'}lang=${language}`);
        assert.equal(response?.status(), 200, `${name} ${language}`);
        const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
        if ((overflow as number) > 0) problems.push(`${name} ${language} ${width}: ${overflow} px wider than the window`);
        for (const violation of await axeViolations(page)) problems.push(`${name} ${language} ${width}: ${violation.rule} (${violation.impact}) ${violation.targets.join(' ')}`);
        await page.screenshot({ path: path.join(SCREENSHOTS, `webhooks-${name}-${language}-${width}.png`), fullPage: true });
      }
      await page.close();
    }
    assert.deepEqual(problems, []);
  });
});
