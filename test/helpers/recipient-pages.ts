import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { randomAlphanumeric } from '../../src/core/ids.ts';
import { signedDownloadUrl } from '../../src/modules/certificates/links.ts';
import { type TestApp, TEST_SECRET_KEY, testWorkerServices } from './app.ts';
import * as make from './factories.ts';

/**
 * Every page a recipient or a gift code's holder meets, with the longest content: a
 * 200-character company name, a recipient of 100 + 100 characters, a 500-character message
 * without a space, a word of 40 characters and more, long project, partner, species and
 * verifier names. The browser tests of the pages (page-narrow, axe-browser) open each of
 * them; the app must be started with PUBLIC_BASE_URL http://placeholder.invalid.
 */

/** A text of exactly `length` characters made of the seed's words. */
function words(length: number, seed: string) {
  let text = '';
  while (text.length < length) text += (text ? ' ' : '') + seed;
  return text.slice(0, length).trimEnd().padEnd(length, 'x');
}

export const COMPANY = words(200, 'Koninklijke Koffiebranderijgroothandelsonderneming Schimmelpenninck-van der Oldenbarnevelt');
export const FIRST = words(100, 'Schimmelpenninck-van der Oldenbarnevelt Koffiebranderij');
export const LAST = 'Rijksoverheidsbosherstelfinancieringsregelingscommissielid'.padEnd(100, 'x');
export const MESSAGE = 'Bedankt'.repeat(72).slice(0, 500);
const PROJECT = words(300, 'Herstel van het Stroomgebiedsbeschermingsprogrammagebied van de Bovenloop van de Tana');
const PARTNER = words(200, 'Natuurbeschermingsorganisatiesamenwerkingsverband Oost-Afrika');
const VERIFIER = words(255, 'Internationaal Bosbouwcertificeringsinstituut en Auditbureau');
const SPECIES = 'Afrikaansebergkersenboomondersoortvariëteit'.padEnd(60, 'x');
export const LONG_EMAIL = `${'schimmelpenninck.van.der.oldenbarnevelt'.repeat(2)}@koffiebranderijgroothandelsonderneming.example`;

/** The project photos' and logo's host is unreachable here: the browser gets a stand-in picture. */
export const PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#9cc7e4"/><rect y="550" width="1600" height="350" fill="#6f9a4f"/></svg>';

export interface Visit {
  name: string;
  path: string;
  /** Status the page answers with. */
  status: number;
  /** A browser holding the claim cookie of that code (the confirmation). */
  claimedBy?: Page;
}

/** A page of the browser at this width and language, whose requests to the photos' and logo's host get PICTURE. */
export async function openPhone(browser: Browser, width: number, language: 'en' | 'nl'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 }, locale: language === 'en' ? 'en-GB' : 'nl-NL' });
  await page.route('https://images.example.org/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: PICTURE }).catch(() => {}));
  return page;
}

/**
 * Makes the world behind the pages (a company of the longest name, its certificates, gift
 * codes in every state, one claimed in a browser of `browser`) and returns the pages to visit,
 * with the company and its project for a test that adds more.
 */
export async function makeRecipientPages(app: TestApp, browser: Browser) {
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
  const { refreshCompanyCertificates } = await import('../../src/modules/certificates/jobs.ts');
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

  const expired = new URL(signedDownloadUrl('http://placeholder.invalid', process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY, personal, new Date(Date.now() - 2 * 3_600_000)));
  const newCode = async (trees: number) =>
    (await app.request('POST', '/v2/gift-codes', { token: owner.live, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees, project: project.id } })).body as { id: string; code: string };
  const open = await newCode(7);
  const revoked = await newCode(1);
  assert.equal((await app.request('POST', `/v2/gift-codes/${revoked.id}/revoke`, { token: owner.live })).status, 200);
  const expiredCode = await newCode(1);
  await app.db.updateTable('gift_codes').set({ valid_until: new Date(Date.now() - 86_400_000), status: 'expired', expired_at: new Date() }).where('id', '=', expiredCode.id).execute();
  const claimed = await newCode(2);

  const visits: Visit[] = [
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
  ];

  // Claimed in a browser: that browser sees the confirmation, any other that it was claimed.
  const claimer = await openPhone(browser, 390, 'en');
  await claimer.goto(`${app.baseUrl}/gift/${claimed.code}?lang=en`);
  await claimer.fill('#first_name', FIRST);
  await claimer.fill('#last_name', LAST);
  await claimer.fill('#email', LONG_EMAIL);
  await claimer.click('form.claim button[type=submit]');
  assert.match((await claimer.locator('h1').textContent()) ?? '', /Your gift is claimed/);
  visits.push(
    { name: 'gift-claimed-confirmation', path: `/gift/${claimed.code}`, status: 200, claimedBy: claimer },
    { name: 'gift-claimed-stranger', path: `/gift/${claimed.code}`, status: 200 },
  );
  return { visits, owner, project, partner, newCode };
}
