import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import type { Language } from '../../../src/core/i18n.ts';
import { type ShareCard, SHARE_IMAGE, shareCardOf, shareCardPng, shareCardSvg, statusLine } from '../../../src/modules/certificates/share-image.ts';
import { lookUpCertificate } from '../../../src/modules/certificates/view.ts';
import { startTestApp, TEST_SECRET_KEY } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The share image of a certificate (GET /certificates/{id}/share.png), as a crawler fetches
 * it: a real PNG from the real data, cached by ETag, never a picture of a withdrawn
 * certificate, and never the recipient's name unless they shared their certificate.
 */

const app = await startTestApp();
const links = { publicBaseUrl: 'http://canopy.test', secretKey: process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY };
const project = await make.project(app.db, { name: 'Mount Kenya Forest', nameNl: 'Bergbos Mount Kenya', country: 'KE' });

/** A company whose unassigned trees are `planted` planted ones, then (newer) `pledged` pledged ones. */
async function companyWith(planted: number, pledged: number, name = `Fairbrook ${randomAlphanumeric(4)}`) {
  const company = await make.companyWithTokens(app.db, { name });
  if (planted > 0) {
    const done = await make.planting(app.db, project, { trees: 10_000, done: true });
    await make.allocation(app.db, company, done, { trees: planted, status: 'planted', createdAt: new Date('2025-01-01T00:00:00Z') });
  }
  if (pledged > 0) {
    const waiting = await make.planting(app.db, project, { trees: 10_000, done: false });
    await make.allocation(app.db, company, waiting, { trees: pledged, status: 'pledged', createdAt: new Date('2025-02-01T00:00:00Z') });
  }
  return company;
}

async function certificateFor(company: { live: string }, body: Record<string, unknown>) {
  const created = await app.request('POST', '/v2/recipients', { token: company.live, body, headers: { 'idempotency-key': randomAlphanumeric(16) } });
  assert.equal(created.status, 200, created.text);
  await app.runJobs();
  const recipient = (await app.get(`/v2/recipients/${created.body.id}`, company.live)).body;
  return { recipientId: recipient.id as string, id: recipient.certificate.id as string };
}

async function fetchImage(id: string, headers: Record<string, string> = {}, query = '') {
  const response = await fetch(`${app.baseUrl}/certificates/${id}/share.png${query}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The card as the route draws it, from the same view, with or without the recipient's name. */
async function cardOf(id: string, language: Language, sharedName: string | null): Promise<ShareCard> {
  const found = await lookUpCertificate(app.db, links, id, language);
  assert.equal(found.found, 'certificate');
  if (found.found !== 'certificate') throw new Error('unreachable');
  const row = await app.db.selectFrom('certificates').innerJoin('companies', 'companies.id', 'certificates.company_id').select('companies.slug').where('certificates.id', '=', id).executeTakeFirstOrThrow();
  return shareCardOf(found.view, { slug: row.slug }, sharedName);
}

/** The texts drawn in a card's SVG: each outlined line carries what it draws as its aria-label. */
function drawnTexts(svg: string): string[] {
  return [...svg.matchAll(/<path aria-label="([^"]*)"/g)].map((match) => match[1]!.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

const pixels = async (png: Buffer) => (await sharp(png).raw().toBuffer()).toString('base64');

describe('GET /certificates/{id}/share.png', () => {
  test('a 1200 x 630 PNG, cached by ETag: 304 when unchanged, public for an hour', async () => {
    const company = await companyWith(5, 0, 'Fairbrook Coffee Roasters');
    const { id } = await certificateFor(company, { trees: 5, first_name: 'Zoë', last_name: 'Ærø', language: 'nl' });
    const first = await fetchImage(id);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-type'), 'image/png');
    assert.equal(first.headers.get('cache-control'), 'public, max-age=3600');
    const metadata = await sharp(first.bytes).metadata();
    assert.deepEqual([metadata.format, metadata.width, metadata.height], ['png', SHARE_IMAGE.width, SHARE_IMAGE.height]);

    const tag = first.headers.get('etag');
    assert.match(tag ?? '', /^"[^"]+"$/, 'a strong ETag');
    const again = await fetchImage(id);
    assert.equal(again.headers.get('etag'), tag, 'the same certificate gives the same tag');
    assert.ok(again.bytes.equals(first.bytes));
    const revalidated = await fetchImage(id, { 'if-none-match': `"other", ${tag}` });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.bytes.length, 0);
    assert.equal(revalidated.headers.get('etag'), tag);
    assert.equal((await fetchImage(id, { 'if-none-match': '"other"' })).status, 200);

    // In the certificate's language (Dutch here), or ?lang=
    const english = await fetchImage(id, {}, '?lang=en');
    assert.notEqual(english.headers.get('etag'), tag);
    assert.equal(await pixels(first.bytes), await pixels(await shareCardPng(shareCardSvg(await cardOf(id, 'nl', null)))));
    assert.equal(await pixels(english.bytes), await pixels(await shareCardPng(shareCardSvg(await cardOf(id, 'en', null)))));

    // A change to what the card shows is a new tag: the company's new name.
    await app.db.updateTable('companies').set({ name: 'Fairbrook Roasters' }).where('id', '=', company.id).execute();
    const renamed = await fetchImage(id, { 'if-none-match': tag ?? '' });
    assert.equal(renamed.status, 200);
    assert.notEqual(renamed.headers.get('etag'), tag);
  });

  test('an unknown, malformed or withdrawn certificate is a 404 page, never an image', async () => {
    const company = await companyWith(3, 0);
    const { id, recipientId } = await certificateFor(company, { trees: 1, first_name: 'Wilhelmina', last_name: 'Withdrawn' });
    assert.equal((await fetchImage(id)).status, 200);
    await app.request('DELETE', `/v2/recipients/${recipientId}`, { token: company.live });
    for (const missing of [id, 'cert_000000000000000000000000', 'not-an-id']) {
      const response = await fetchImage(missing);
      assert.equal(response.status, 404, missing);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(response.headers.get('etag'), null);
      const text = response.bytes.toString();
      assert.ok(!text.includes('Wilhelmina') && !text.includes('Withdrawn'), 'no personal data');
    }
  });

  test("the recipient's name is in the image only after they shared their certificate", async () => {
    const company = await companyWith(4, 0);
    const name = 'Ελένη Кузнецова';
    const { id } = await certificateFor(company, { trees: 4, first_name: 'Ελένη', last_name: 'Кузнецова', language: 'en' });
    const nameless = await cardOf(id, 'en', null);
    const named = await cardOf(id, 'en', name);
    const namelessPixels = await pixels(await shareCardPng(shareCardSvg(nameless)));
    const namedPixels = await pixels(await shareCardPng(shareCardSvg(named)));
    assert.notEqual(namedPixels, namelessPixels, 'a name in the card changes the picture');

    const before = await fetchImage(id);
    assert.equal(await pixels(before.bytes), namelessPixels, 'not shared: the served picture is the card without a name');
    assert.ok(!drawnTexts(shareCardSvg(nameless)).some((line) => line.includes('Ελένη') || line.includes('Кузнецова')));

    await app.db.updateTable('certificates').set({ shared_at: new Date() }).where('id', '=', id).execute();
    const after = await fetchImage(id, { 'if-none-match': before.headers.get('etag') ?? '' });
    assert.equal(after.status, 200, 'sharing changes the picture, so the old tag no longer matches');
    assert.equal(await pixels(after.bytes), namedPixels, 'shared: the picture names them');
    assert.ok(drawnTexts(shareCardSvg(named)).some((line) => line.includes('Ελένη Кузнецова')));

    await app.db.updateTable('certificates').set({ shared_at: null }).where('id', '=', id).execute();
    assert.equal(await pixels((await fetchImage(id)).bytes), namelessPixels, 'sharing stopped: the name is gone again');
  });
});

describe('the card drawn (its SVG, before it becomes a PNG)', () => {
  const cases = [
    { planted: 5, pledged: 0, en: /^planted$/, nl: /^geplant$/ },
    { planted: 0, pledged: 5, en: /^pledged, to be planted in the next planting season$/, nl: /^toegezegd, om in het volgende plantseizoen te planten$/ },
    { planted: 2, pledged: 3, en: /^2 trees planted, 3 trees to be planted in the next planting season$/, nl: /^2 bomen geplant, 3 bomen nog te planten in het volgende plantseizoen$/ },
  ];
  for (const { planted, pledged, en, nl } of cases) {
    test(`${planted} planted and ${pledged} pledged: says so, in English and Dutch, and never that they grow`, async () => {
      const company = await companyWith(planted, pledged, 'Fairbrook Coffee Roasters');
      const { id } = await certificateFor(company, { trees: 5, first_name: 'Pia', last_name: 'Pledge' });
      for (const [language, wording, trees] of [['en', en, '5 trees'], ['nl', nl, '5 bomen']] as const) {
        const card = await cardOf(id, language, null);
        assert.match(statusLine(card), wording);
        const svg = shareCardSvg(card);
        const drawn = drawnTexts(svg);
        assert.ok(drawn.includes(trees), `${trees} in ${drawn.join(' | ')}`);
        assert.match(drawn.join(' '), new RegExp(wording.source.slice(1, -1).split(' ').join('\\s+')), 'the status, drawn whole');
        for (const expected of ['Fairbrook Coffee Roasters', language === 'en' ? 'Mount Kenya Forest' : 'Bergbos Mount Kenya', language === 'en' ? 'Central, Kenya' : 'Central, Kenia']) {
          assert.ok(drawn.includes(expected), `${expected} in ${drawn.join(' | ')}`);
        }
        assert.doesNotMatch(svg, /grow|groei/i, 'pledged trees never grow');
        assert.doesNotMatch(svg, /Pia|Pledge/, 'no name while not shared');
        assert.doesNotMatch(svg, /<text\b|<image\b|href=/, 'outlines only: no font to find, nothing to fetch');
      }
    });
  }

  test('long names, a big number and test mode still fit the canvas, the status whole', () => {
    const card: ShareCard = {
      language: 'nl',
      livemode: false,
      heading: 'Boomcertificaat',
      company: { name: 'Koninklijke Nederlandsche Stoomboot-Maatschappij voor Duurzame Koffiebranderijen', slug: 'knsm' },
      trees: 1_234_567,
      byStatus: { planted: 1_000_000, pledged: 234_567 },
      sharedName: 'Maximiliana Wilhelmina Theodora von Hohenzollern-Sigmaringen',
      project: { name: 'Herstel van het montane regenwoud op de zuidelijke hellingen van Mount Kenya', place: 'district Nyeri, Kenia' },
      moreProjects: 4,
      locator: { country: 'KE', latitude: -0.4, longitude: 36.9 },
    };
    const svg = shareCardSvg(card);
    const drawn = drawnTexts(svg);
    assert.match(drawn.join(' '), /1\.000\.000 bomen geplant, 234\.567 bomen nog te planten in het volgende plantseizoen/, drawn.join(' | '));
    assert.ok(drawn.includes('1.234.567 bomen'));
    assert.ok(drawn.some((line) => line.startsWith('Testcertificaat')));
    // Every outline lies on the canvas, left of the map (the banner across the top aside).
    const mapLeft = SHARE_IMAGE.width - 64 - 432;
    const lines = [...svg.matchAll(/<path aria-label="([^"]*)" fill="[^"]*" d="([^"]*)"/g)];
    assert.ok(lines.length > 8);
    for (const [, label, d] of lines) {
      const right = label!.startsWith('Testcertificaat') ? SHARE_IMAGE.width : mapLeft;
      const numbers = d!.match(/-?\d+(\.\d+)?/g)!.map(Number);
      for (let i = 0; i + 1 < numbers.length; i += 2) {
        const [x, y] = [numbers[i]!, numbers[i + 1]!];
        assert.ok(x >= 0 && x <= right && y >= 0 && y <= SHARE_IMAGE.height, `${label}: (${x}, ${y}) on the canvas, left of the map`);
      }
    }
  });
});
