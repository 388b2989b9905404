import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { signedDownloadUrl } from '../../../src/modules/certificates/links.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { startTestApp, TEST_SECRET_KEY, testWorkerServices } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

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

/** A text of exactly `length` characters made of the seed's words. */
function words(length: number, seed: string) {
  let text = '';
  while (text.length < length) text += (text ? ' ' : '') + seed;
  return text.slice(0, length).trimEnd().padEnd(length, 'x');
}

const COMPANY = words(200, 'Koninklijke Koffiebranderijgroothandelsonderneming Schimmelpenninck-van der Oldenbarnevelt');
const FIRST = words(100, 'Schimmelpenninck-van der Oldenbarnevelt Koffiebranderij');
const LAST = 'Rijksoverheidsbosherstelfinancieringsregelingscommissielid'.padEnd(100, 'x');
const MESSAGE = 'Bedankt'.repeat(72).slice(0, 500);
const PROJECT = words(300, 'Herstel van het Stroomgebiedsbeschermingsprogrammagebied van de Bovenloop van de Tana');
const PARTNER = words(200, 'Natuurbeschermingsorganisatiesamenwerkingsverband Oost-Afrika');
const VERIFIER = words(255, 'Internationaal Bosbouwcertificeringsinstituut en Auditbureau');
const SPECIES = 'Afrikaansebergkersenboomondersoortvariëteit'.padEnd(60, 'x');

/** The project photos' and logo's host is unreachable here: the browser gets a stand-in picture. */
const PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#9cc7e4"/><rect y="550" width="1600" height="350" fill="#6f9a4f"/></svg>';

interface Visit {
  name: string;
  path: string;
  /** Status the page answers with. */
  status: number;
  /** A browser holding the claim cookie of that code (the confirmation). */
  claimedBy?: Page;
}

const visits: Visit[] = [];

describe('the pages a recipient meets fit any phone, whatever their names', { skip: withoutChromium }, () => {
  let browser: Browser;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchChromium();
    const owner = await make.companyWithTokens(app.db, { name: COMPANY });
    await app.db
      .updateTable('companies')
      .set({ website_url: 'https://www.koninklijke-koffiebranderijgroothandelsonderneming-schimmelpenninck.example/', logo_url: 'https://images.example.org/logo.svg' })
      .where('id', '=', owner.id)
      .execute();
    const partner = await make.partner(app.db, PARTNER);
    const project = await make.project(app.db, { partnerId: partner.id, name: PROJECT, nameNl: PROJECT });
    const planted = await make.planting(app.db, project, { trees: 100_000 });
    const pledged = await make.planting(app.db, project, { trees: 100_000, done: false });
    const species = JSON.stringify([{ name_latin: `${SPECIES} africana`, name_common: { en: SPECIES, nl: SPECIES }, trees: 600 }]);
    await app.db.updateTable('plantings').set({ species }).where('id', 'in', [planted.id, pledged.id]).execute();
    await make.allocation(app.db, owner, planted, { trees: 123_456 - 1 });
    await make.allocation(app.db, owner, pledged, { trees: 400, status: 'pledged' });
    await make.monitoring(app.db, project, { plantingId: planted.id });
    const verification = await make.verification(app.db, project);
    await app.db.updateTable('verifications').set({ verifier_name: VERIFIER }).where('id', '=', verification.id).execute();

    const person = await app.request('POST', '/v2/recipients', {
      token: owner.live, headers: { 'idempotency-key': randomAlphanumeric(16) },
      body: { trees: 123_456, first_name: FIRST, last_name: LAST, message: MESSAGE, language: 'nl' },
    });
    assert.equal(person.status, 200, person.text);
    const withdrawn = await app.request('POST', '/v2/recipients', {
      token: owner.live, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 1, first_name: FIRST },
    });
    await app.runJobs();
    const { refreshCompanyCertificates } = await import('../../../src/modules/certificates/jobs.ts');
    await refreshCompanyCertificates.handle(app.db, {}, { ...testWorkerServices(), jobId: 0, attempts: 1 });
    const personal = (await app.get(`/v2/recipients/${person.body.id}`, owner.live)).body.certificate.id as string;
    const gone = (await app.get(`/v2/recipients/${withdrawn.body.id}`, owner.live)).body.certificate.id as string;
    await app.request('DELETE', `/v2/recipients/${withdrawn.body.id}`, { token: owner.live });
    const [company] = (await app.get('/v2/certificates?type=company', owner.live)).body.data;
    assert.ok(company, 'the company certificate was issued');
    // The personal certificate shared: its page shows the address to copy and the share links.
    const shared = await app.request('POST', '/v2/recipients', {
      token: owner.live, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 1, first_name: FIRST, last_name: LAST, message: MESSAGE },
    });
    await app.runJobs();
    const sharedId = (await app.get(`/v2/recipients/${shared.body.id}`, owner.live)).body.certificate.id as string;
    await app.db.updateTable('certificates').set({ shared_at: new Date() }).where('id', '=', sharedId).execute();

    const expired = new URL(signedDownloadUrl('http://placeholder.invalid', TEST_SECRET_KEY, personal, new Date(Date.now() - 2 * 3_600_000)));
    const newCode = async (trees: number) =>
      (await app.request('POST', '/v2/gift-codes', { token: owner.live, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees, project: project.id } })).body as { id: string; code: string };
    const open = await newCode(7);
    const revoked = await newCode(1);
    assert.equal((await app.request('POST', `/v2/gift-codes/${revoked.id}/revoke`, { token: owner.live })).status, 200);
    const expiredCode = await newCode(1);
    await app.db.updateTable('gift_codes').set({ valid_until: new Date(Date.now() - 86_400_000), status: 'expired', expired_at: new Date() }).where('id', '=', expiredCode.id).execute();
    const claimed = await newCode(2);

    visits.push(
      { name: 'home', path: '/', status: 200 },
      { name: 'certificate-personal', path: `/certificates/${personal}`, status: 200 },
      { name: 'certificate-shared', path: `/certificates/${sharedId}`, status: 200 },
      { name: 'certificate-company', path: `/certificates/${company.id}`, status: 200 },
      { name: 'certificate-404', path: '/certificates/cert_000000000000000000000000', status: 404 },
      { name: 'certificate-withdrawn', path: `/certificates/${gone}`, status: 410 },
      { name: 'download-invalid', path: `/certificates/${personal}/download?expires=${expired.searchParams.get('expires')}&signature=${'0'.repeat(64)}`, status: 403 },
      { name: 'download-expired', path: `${expired.pathname}${expired.search}`, status: 410 },
      { name: 'gift-enter', path: '/gift', status: 200 },
      { name: 'gift-enter-malformed', path: `/gift?code=${'Koffiebranderijgroothandelsonderneming12'.slice(0, 40)}`, status: 400 },
      { name: 'gift-claim', path: `/gift/${open.code}`, status: 200 },
      { name: 'gift-unknown', path: '/gift/2222-3333-4444', status: 404 },
      { name: 'gift-revoked', path: `/gift/${revoked.code}`, status: 410 },
      { name: 'gift-expired', path: `/gift/${expiredCode.code}`, status: 410 },
    );

    // Claimed in a browser: that browser sees the confirmation, any other that it was claimed.
    const claimer = await phone(390, 'en');
    await claimer.goto(`${app.baseUrl}/gift/${claimed.code}?lang=en`);
    await claimer.fill('#first_name', FIRST);
    await claimer.fill('#last_name', LAST);
    await claimer.fill('#email', `${'schimmelpenninck.van.der.oldenbarnevelt'.repeat(2)}@koffiebranderijgroothandelsonderneming.example`);
    await claimer.click('form.claim button[type=submit]');
    assert.match((await claimer.locator('h1').textContent()) ?? '', /Your gift is claimed/);
    visits.push(
      { name: 'gift-claimed-confirmation', path: `/gift/${claimed.code}`, status: 200, claimedBy: claimer },
      { name: 'gift-claimed-stranger', path: `/gift/${claimed.code}`, status: 200 },
    );
  });

  after(async () => {
    await browser?.close();
  });

  async function phone(width: number, language: 'en' | 'nl'): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 800 }, locale: language === 'en' ? 'en-GB' : 'nl-NL' });
    await page.route('https://images.example.org/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: PICTURE }).catch(() => {}));
    return page;
  }

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
        for (const visit of visits) {
          const page = await phone(width, language);
          if (visit.claimedBy) await page.context().addCookies(await visit.claimedBy.context().cookies());
          const separator = visit.path.includes('?') ? '&' : '?';
          const response = await page.goto(`${app.baseUrl}${visit.path}${separator}lang=${language}`);
          assert.equal(response?.status(), visit.status, `${visit.name} answers ${visit.status}`);
          assert.equal(await page.getAttribute('html', 'lang'), language);
          const found = await overflows(page);
          if (found.scrollWidth > found.innerWidth) problems.push(`${visit.name}: the page is ${found.scrollWidth}px wide in ${found.innerWidth}px`);
          if (found.outside.length > 0) problems.push(`${visit.name}: past the edge: ${found.outside.slice(0, 5).join(', ')}`);
          if (found.clipped.length > 0) problems.push(`${visit.name}: text cut: ${found.clipped.slice(0, 5).join(', ')}`);
          await page.screenshot({ path: path.join(SHOTS, `${visit.name}-${width}-${language}.png`), fullPage: true });
          await page.close();
        }
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
