import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { startTestApp, } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { pdfText } from '../../helpers/pdf.ts';

/** The public certificate page and the PDF behind its signed link, as a person reaches them: no login. */

const app = await startTestApp();
const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
const project = await make.project(app.db, { name: 'Mount Kenya Forest', nameNl: 'Bergbos Mount Kenya', country: 'KE' });
const planting = await make.planting(app.db, project, { trees: 10_000, done: true });
await make.allocation(app.db, company, planting, { trees: 50, status: 'planted' });
await make.verification(app.db, project);
const testPlanting = await make.planting(app.db, project, { trees: 100, livemode: false });
await make.allocation(app.db, company, testPlanting, { trees: 5, livemode: false });

async function recipientWithCertificate(body: Record<string, unknown>, token = company.live) {
  const created = await app.request('POST', '/v2/recipients', { token, body, headers: { 'idempotency-key': randomAlphanumeric(16) } });
  assert.equal(created.status, 200, created.text);
  await app.runJobs();
  const recipient = (await app.get(`/v2/recipients/${created.body.id}`, token)).body;
  return { recipient, certificate: recipient.certificate };
}

/** The path and query of a link the API gives under PUBLIC_BASE_URL, to fetch from the test server. */
const local = (url: string) => url.replace('http://canopy.test', '');

async function download(url: string) {
  const response = await fetch(`${app.baseUrl}${local(url)}`);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('the public certificate page', () => {
  test('shows the certificate and the proof, in English or Dutch, with a switch', async () => {
    const { certificate } = await recipientWithCertificate({ trees: 5, first_name: 'Zoë', last_name: 'Ærø', message: 'For the planet <3', language: 'nl' });
    const english = await app.get(`/certificates/${certificate.id}?lang=en`);
    assert.equal(english.status, 200);
    assert.match(english.headers.get('content-type') ?? '', /^text\/html/);
    for (const expected of [certificate.number, 'Zoë Ærø', '5 trees', 'Fairbrook Coffee Roasters', 'For the planet &lt;3', 'Mount Kenya Forest', 'Kenya', 'Forest Audit Bureau', 'class="place-map place-locator', 'openstreetmap.org', '/download?expires=']) {
      assert.ok(english.text.includes(expected), `the page shows ${expected}`);
    }
    assert.ok(!english.text.includes('For the planet <3'), 'the message is escaped');
    assert.match(english.text, /href="\?lang=nl"/);

    const dutch = await app.get(`/certificates/${certificate.id}`, undefined, { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.5' });
    assert.ok(dutch.text.includes('5 bomen') && dutch.text.includes('Bergbos Mount Kenya') && dutch.text.includes('<html lang="nl">'));
    assert.equal(dutch.headers.get('content-language'), 'nl');
  });

  test('a test-mode certificate says so; an unknown or malformed id is a 404 page, not JSON', async () => {
    const { certificate } = await recipientWithCertificate({ trees: 1, first_name: 'Tess' }, company.test);
    assert.match((await app.get(`/certificates/${certificate.id}`)).text, /Test certificate: made in test mode, it certifies no real trees/);
    for (const id of ['cert_000000000000000000000000', 'not-an-id']) {
      const missing = await app.get(`/certificates/${id}`);
      assert.equal(missing.status, 404);
      assert.match(missing.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(missing.text, /No such certificate/);
    }
  });

  test('after the recipient is deleted: 410 withdrawn, no personal data, and no PDF', async () => {
    const { recipient, certificate } = await recipientWithCertificate({ trees: 1, first_name: 'Wilhelmina', last_name: 'Withdrawn' });
    const link = (await app.get(`/v2/certificates/${certificate.id}`, company.live)).body.download_url;
    await app.request('DELETE', `/v2/recipients/${recipient.id}`, { token: company.live });
    const page = await app.get(`/certificates/${certificate.id}`);
    assert.equal(page.status, 410);
    assert.match(page.text, /This certificate was withdrawn/);
    assert.ok(!page.text.includes('Wilhelmina') && !page.text.includes('Withdrawn</'), 'no personal data');
    const pdf = await download(link);
    assert.equal(pdf.status, 410, 'a withdrawn certificate is never served');
  });
});

describe('the PDF behind the signed link', () => {
  test('an A4 PDF in the certificate language, with the name in any script, the trees and the project', async () => {
    const { certificate } = await recipientWithCertificate({ trees: 7, first_name: 'Ελένη', last_name: 'Кузнецова-Łukasiewicz', language: 'en' });
    const pdf = await download(certificate.download_url);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(pdf.headers.get('content-disposition'), `attachment; filename="certificate-${certificate.number}.pdf"`);
    const text = (await pdfText(pdf.bytes)).join('\f');
    for (const expected of [certificate.number, 'Ελένη Кузнецова-Łukasiewicz', '7 trees', 'Mount Kenya Forest', 'Fairbrook Coffee Roasters', `/certificates/${certificate.id}`]) {
      assert.ok(text.includes(expected), `the PDF says ${expected}:\n${text}`);
    }
  });

  test('a changed link is 403, an expired one 410, each a page that leads back', async () => {
    const { certificate } = await recipientWithCertificate({ trees: 1, first_name: 'Ada' });
    const url = new URL(certificate.download_url);
    const tampered = await download(`${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${'0'.repeat(64)}`);
    assert.equal(tampered.status, 403);
    assert.match(tampered.bytes.toString(), /This download link is not valid/);
    const { signedDownloadUrl } = await import('../../../src/modules/certificates/links.ts');
    const secret = process.env.CANOPY_SECRET_KEY ?? (await import('../../helpers/app.ts')).TEST_SECRET_KEY;
    const old = signedDownloadUrl('http://canopy.test', secret, certificate.id, new Date(Date.now() - 2 * 3_600_000));
    const expired = await download(old);
    assert.equal(expired.status, 410);
    assert.match(expired.bytes.toString(), new RegExp(`This download link has expired.*href="http://canopy.test/certificates/${certificate.id}"`, 's'));
    const other = await download(certificate.download_url.replace(certificate.id, 'cert_000000000000000000000000'));
    assert.equal(other.status, 403, 'a signature is for its own certificate only');
  });

  test('trees that are all still pledged are certified as pledged, not as growing', async () => {
    const pledging = await make.companyWithTokens(app.db, { name: 'Pledge Co' });
    await make.allocation(app.db, pledging, await make.planting(app.db, project, { trees: 100, done: false }), { trees: 10, status: 'pledged' });
    const { certificate } = await recipientWithCertificate({ trees: 3, first_name: 'Pia' }, pledging.live);
    const page = (await app.get(`/certificates/${certificate.id}?lang=en`)).text;
    assert.match(page, /This certifies that 3 trees are pledged to Pia, to be planted in the next planting season\./);
    assert.doesNotMatch(page, /grow/, 'pledged trees never grow');
    assert.match(page, /Pledged: these trees are to be planted/);
    assert.match((await pdfText((await download(certificate.download_url)).bytes)).join('\f'), /3 trees are pledged to\s+Pia, to be planted/);
  });

  test('a new name shows at once on the page and in the PDF', async () => {
    const { recipient, certificate } = await recipientWithCertificate({ trees: 2, first_name: 'Old' });
    await app.request('PATCH', `/v2/recipients/${recipient.id}`, { token: company.live, body: { first_name: 'Renée' } });
    await app.runJobs();
    assert.match((await app.get(`/certificates/${certificate.id}`)).text, /Renée/);
    const fresh = (await app.get(`/v2/certificates/${certificate.id}`, company.live)).body.download_url;
    assert.ok((await pdfText((await download(fresh)).bytes)).join('\f').includes('Renée'));
  });
});
