import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import type { Language } from '../../../src/core/i18n.ts';
import { findCompanyBrand } from '../../../src/modules/company/brand.ts';
import { BADGE, BADGE_COLOURS } from '../../../src/modules/impact/badge.ts';
import { impactEmbedPages } from '../../../src/modules/impact/embed-pages.ts';
import { findImpactCompany, impactFigures } from '../../../src/modules/impact/figures.ts';
import { insertStoredCopies } from '../../../src/modules/photos/copies.ts';
import { resizePhoto } from '../../../src/modules/photos/resize.ts';
import { impactCardOf, impactCardSvg } from '../../../src/modules/impact/share-image.ts';
import type { AppConfig } from '../../../src/platform/http/module.ts';
import { startTestApp, TEST_SECRET_KEY } from '../../helpers/app.ts';
import { launchChromium, withoutChromium } from '../../helpers/browser.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The impact page's embeddables as another website meets them: the badge (an SVG for an
 * <img>), the widget (a page for an iframe) and the share image, through real HTTP on a
 * real database, then in Chromium inside a host page of another origin. They state facts
 * of the company's live trees and nothing else: no label words, no survival figure that
 * speaks for fewer than half of the planted trees, nothing personal.
 */

const app = await startTestApp();
const secretKey = process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY;

/**
 * Where the embeddables answer: the app itself once the impact feature mounts
 * impactEmbedPages (src/modules/impact/index.ts); until then a server of the plugin alone
 * on the same database.
 */
const embedBase = await (async () => {
  const probe = await fetch(`${app.baseUrl}/impact/no-such-company/badge.svg`);
  if (probe.headers.get('content-type')?.startsWith('image/svg+xml')) return app.baseUrl;
  const alone = Fastify();
  const config = { publicBaseUrl: 'http://canopy.test', secretKey } as AppConfig;
  await alone.register(impactEmbedPages, { db: app.db, config });
  await alone.listen({ host: '127.0.0.1', port: 0 });
  after(() => alone.close());
  return `http://127.0.0.1:${(alone.server.address() as AddressInfo).port}`;
})();

const project = await make.project(app.db, { name: 'Mount Kenya Forest', nameNl: 'Bergbos Mount Kenya', country: 'KE' });
const dutchProject = await make.project(app.db, { name: 'Veluwe Heath Edge', nameNl: 'Veluwerand', country: 'NL' });
await make.verification(app.db, project);

const PERSON = { first: 'Zebediah', last: 'Quillfeatherington', email: 'zebediah.quill@personal-mail.example' };
const GIFTEE = { name: 'Philomena Brightwater-Osei', email: 'philomena.osei@private-inbox.example' };

async function slugOf(companyId: string): Promise<string> {
  return (await app.db.selectFrom('companies').select('slug').where('id', '=', companyId).executeTakeFirstOrThrow()).slug;
}

/** A company with `planted` trees in a planting measured at `rate` after planting, `unmeasured` planted in another, and `pledged` to be planted. */
async function companyWith(options: { name?: string; planted?: number; unmeasured?: number; pledged?: number; rate?: number }) {
  const company = await make.companyWithTokens(app.db, { name: options.name ?? `Fairbrook ${randomAlphanumeric(5)}` });
  if (options.planted) {
    const measured = await make.planting(app.db, project, { trees: 100_000 });
    await make.allocation(app.db, company, measured, { trees: options.planted, status: 'planted', createdAt: new Date('2025-01-01T00:00:00Z') });
    if (options.rate !== undefined) await make.monitoring(app.db, project, { plantingId: measured.id, recordedAt: '2025-05-01', survivalRate: options.rate });
  }
  if (options.unmeasured) {
    const other = await make.planting(app.db, dutchProject, { trees: 100_000 });
    await make.allocation(app.db, company, other, { trees: options.unmeasured, status: 'planted', createdAt: new Date('2025-01-02T00:00:00Z') });
  }
  if (options.pledged) {
    const waiting = await make.planting(app.db, project, { trees: 100_000, done: false });
    await make.allocation(app.db, company, waiting, { trees: options.pledged, status: 'pledged', createdAt: new Date('2025-02-01T00:00:00Z') });
  }
  return { ...company, slug: await slugOf(company.id) };
}

// The company of most tests: 1,234 planted (all measured, 87.5% alive), 200 pledged, in two
// projects; a named recipient and a gift code handed to someone hold some of its trees.
const full = await companyWith({ name: 'Fairbrook <Coffee> & "Co"', planted: 1_234, pledged: 200, rate: 0.875 });
const person = await app.request('POST', '/v2/recipients', {
  token: full.live, headers: { 'idempotency-key': randomAlphanumeric(16) },
  body: { trees: 10, first_name: PERSON.first, last_name: PERSON.last, email: PERSON.email, language: 'nl' },
});
assert.equal(person.status, 200, person.text);
const gift = await app.request('POST', '/v2/gift-codes', {
  token: full.live, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 5, sent_to: GIFTEE },
});
assert.equal(gift.status, 200, gift.text);
await app.runJobs();

// Survival on either side of "measured at least half of the planted trees".
const halfMeasured = await companyWith({ planted: 1_000, unmeasured: 1_000, rate: 0.9 });
const underHalf = await companyWith({ planted: 1_000, unmeasured: 1_001, rate: 0.9 });
const noTrees = await companyWith({});
const onlyPledged = await companyWith({ pledged: 200 });
const hidden = await companyWith({ name: 'Hidden Orchard', planted: 4_321, rate: 0.8 });
await app.db.updateTable('companies').set({ impact_page_public: false }).where('id', '=', hidden.id).execute();

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${embedBase}${path}`, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

const titleOf = (svg: string) => decode(/<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? '');
/** The words drawn: each outlined line carries them as its aria-label. */
const drawnLines = (svg: string) => [...svg.matchAll(/aria-label="([^"]*)"/g)].map((match) => decode(match[1]!));
const decode = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&#39;/g, "'").replace(/&amp;/g, '&');
/** The visible text of the widget's HTML. */
const widgetText = (html: string) => decode(html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();

/** Words a badge must never use: labels and general environmental claims (directive (EU) 2024/825). */
const FORBIDDEN = /climate[ -]?neutral|klimaatneutraal|co2|co₂|carbon|koolstof|verified|geverifieerd|certified|gecertificeerd|certificaat|certificate|offset|compens/i;

describe('GET /impact/{slug}/badge.svg', () => {
  const cases: { language: Language; theme: 'light' | 'dark'; title: string; lines: string[] }[] = [
    {
      language: 'en', theme: 'light',
      title: 'Fairbrook <Coffee> & "Co": 1,234 trees planted, 200 pledged, 88% alive at last count. See the trees and the proof on Canopy.',
      lines: ['1,234 trees planted', '200 pledged · 88% alive at last count', 'Canopy · see the proof'],
    },
    {
      language: 'nl', theme: 'dark',
      title: 'Fairbrook <Coffee> & "Co": 1.234 bomen geplant, 200 toegezegd, 88% in leven bij de laatste telling. Bekijk de bomen en het bewijs op Canopy.',
      lines: ['1.234 bomen geplant', '200 toegezegd', '88% in leven bij de laatste telling', 'Canopy · bekijk het bewijs'],
    },
  ];
  for (const { language, theme, title, lines } of cases) {
    test(`a counter of planted, pledged and surviving trees (${language}, ${theme})`, async () => {
      const badge = await get(`/impact/${full.slug}/badge.svg?theme=${theme}&lang=${language}`);
      assert.equal(badge.status, 200);
      assert.equal(badge.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
      assert.equal(titleOf(badge.text), title);
      assert.deepEqual(drawnLines(badge.text), lines);
      assert.match(badge.text, /^<svg [^>]*role="img"/);
      assert.match(badge.text, new RegExp(`<svg [^>]*xml:lang="${language}"`));
      assert.ok(badge.text.includes(`fill="${BADGE_COLOURS[theme].background}"`), `the ${theme} background`);
      assert.equal(badge.headers.get('content-language'), language);
      // No text element: every word is an outline, drawn the same with or without fonts.
      assert.doesNotMatch(badge.text, /<text|font-family|<script|<foreignObject|<image/);
      const metadata = await sharp(badge.bytes).metadata();
      assert.deepEqual([metadata.format, metadata.width, metadata.height], ['svg', BADGE.width, BADGE.height]);
    });
  }

  test('the rendered badge differs between light and dark and draws its text', async () => {
    const stats = async (theme: string) => sharp((await get(`/impact/${full.slug}/badge.svg?theme=${theme}`)).bytes).stats();
    const [light, dark] = [await stats('light'), await stats('dark')];
    assert.ok(light.channels[0]!.mean > 200, 'mostly white');
    assert.ok(dark.channels[0]!.mean < 80, 'mostly dark');
    assert.ok(light.channels[0]!.min < 60 && dark.channels[0]!.max > 200, 'text in contrast drawn on each');
  });

  test('survival only when measured trees are at least half of the planted ones', async () => {
    const shown = await get(`/impact/${halfMeasured.slug}/badge.svg?lang=en`);
    assert.match(titleOf(shown.text), /: 2,000 trees planted, 90% alive at last count\. /);
    const left = await get(`/impact/${underHalf.slug}/badge.svg?lang=en`);
    assert.match(titleOf(left.text), /: 2,001 trees planted\. See the trees and the proof on Canopy\.$/);
    assert.doesNotMatch(left.text, /alive|%/);
    const leftNl = await get(`/impact/${underHalf.slug}/badge.svg?lang=nl`);
    assert.match(titleOf(leftNl.text), /: 2\.001 bomen geplant\. Bekijk/);
    assert.doesNotMatch(leftNl.text, /in leven|%/);
  });

  test('a company without trees: "No trees yet"; with pledged trees only: pledged, to be planted', async () => {
    const none = await get(`/impact/${noTrees.slug}/badge.svg?lang=en`);
    assert.equal(none.status, 200);
    assert.equal(titleOf(none.text), `${await nameOf(noTrees.id)}: no trees yet. See the page on Canopy.`);
    assert.deepEqual(drawnLines(none.text), ['No trees yet', 'Canopy · see the page']);
    const noneNl = await get(`/impact/${noTrees.slug}/badge.svg?lang=nl&theme=dark`);
    assert.deepEqual(drawnLines(noneNl.text), ['Nog geen bomen', 'Canopy · bekijk de pagina']);
    const pledged = await get(`/impact/${onlyPledged.slug}/badge.svg?lang=en`);
    assert.deepEqual(drawnLines(pledged.text), ['200 trees pledged', 'to be planted', 'Canopy · see the proof']);
    const pledgedNl = await get(`/impact/${onlyPledged.slug}/badge.svg?lang=nl`);
    assert.deepEqual(drawnLines(pledgedNl.text), ['200 bomen toegezegd', 'nog te planten', 'Canopy · bekijk het bewijs']);
  });

  test('a hidden page: 404 and a neutral "not public" badge without figures or name', async () => {
    for (const language of ['en', 'nl'] as const) {
      const badge = await get(`/impact/${hidden.slug}/badge.svg?lang=${language}`);
      assert.equal(badge.status, 404);
      assert.equal(badge.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
      assert.equal(titleOf(badge.text), language === 'en' ? 'Impact page not public' : 'Impactpagina niet openbaar');
      assert.doesNotMatch(badge.text, /4[.,]?321|Hidden Orchard|%/);
      assert.equal(badge.headers.get('etag'), null);
    }
  });

  test('an unknown or malformed slug: 404 and a "not found" badge', async () => {
    for (const slug of ['no-such-company', 'Not_A_Slug', '%3Cscript%3E']) {
      const badge = await get(`/impact/${slug}/badge.svg`);
      assert.equal(badge.status, 404, slug);
      assert.equal(titleOf(badge.text), 'Impact page not found');
      assert.doesNotMatch(badge.text, /script/);
    }
    assert.equal(titleOf((await get('/impact/no-such-company/badge.svg', { 'accept-language': 'nl-NL,nl;q=0.9' })).text), 'Impactpagina niet gevonden');
  });

  test('no label words, in any language, theme or case', async () => {
    for (const company of [full, halfMeasured, underHalf, noTrees, onlyPledged, hidden]) {
      for (const query of ['lang=en', 'lang=nl', 'lang=en&theme=dark', 'lang=nl&theme=dark']) {
        const badge = await get(`/impact/${company.slug}/badge.svg?${query}`);
        const words = [titleOf(badge.text), ...drawnLines(badge.text)].join(' | ');
        assert.doesNotMatch(words, FORBIDDEN, `${company.slug}?${query}: ${words}`);
      }
    }
  });

  test('language from Accept-Language when no ?lang=, and a cache key on it', async () => {
    const badge = await get(`/impact/${full.slug}/badge.svg`, { 'accept-language': 'nl-BE, nl;q=0.9, en;q=0.5' });
    assert.match(titleOf(badge.text), /1\.234 bomen geplant/);
    assert.match(badge.headers.get('vary') ?? '', /Accept-Language/i);
    const asked = await get(`/impact/${full.slug}/badge.svg?lang=en`, { 'accept-language': 'nl' });
    assert.match(titleOf(asked.text), /1,234 trees planted/, '?lang= wins');
  });

  test('cached five minutes under a strong ETag: 304 when unchanged, a new tag when the trees change', async () => {
    const company = await companyWith({ planted: 300 });
    const first = await get(`/impact/${company.slug}/badge.svg?lang=en`);
    assert.equal(first.headers.get('cache-control'), 'public, max-age=300');
    assert.equal(first.headers.get('content-security-policy'), "default-src 'none'; base-uri 'none'; form-action 'none'; sandbox");
    assert.equal(first.headers.get('x-content-type-options'), 'nosniff');
    const tag = first.headers.get('etag') ?? '';
    assert.match(tag, /^"[^"]+"$/, 'a strong ETag');
    const again = await get(`/impact/${company.slug}/badge.svg?lang=en`, { 'if-none-match': `"other", ${tag}` });
    assert.equal(again.status, 304);
    assert.equal(again.bytes.length, 0);
    const dark = await get(`/impact/${company.slug}/badge.svg?lang=en&theme=dark`, { 'if-none-match': tag });
    assert.equal(dark.status, 200, 'another theme is another badge');
    assert.notEqual(dark.headers.get('etag'), tag);

    const more = await make.planting(app.db, project, { trees: 1_000 });
    await make.allocation(app.db, company, more, { trees: 5, status: 'planted' });
    const changed = await get(`/impact/${company.slug}/badge.svg?lang=en`, { 'if-none-match': tag });
    assert.equal(changed.status, 200);
    assert.match(titleOf(changed.text), /: 305 trees planted\./);
    assert.notEqual(changed.headers.get('etag'), tag);
  });

  test('each text colour has 4.5:1 contrast or more against its background (WCAG AA)', () => {
    for (const [theme, colours] of Object.entries(BADGE_COLOURS)) {
      for (const name of ['ink', 'accent', 'muted'] as const) {
        const ratio = contrast(colours[name], colours.background);
        assert.ok(ratio >= 4.5, `${theme} ${name} ${colours[name]} on ${colours.background}: ${ratio.toFixed(2)}`);
      }
    }
  });
});

describe('GET /impact/{slug}/widget', () => {
  test('the facts as text, the company, and a link to the page in a new tab; framable, no script, under 10 KB', async () => {
    const widget = await get(`/impact/${full.slug}/widget?lang=en`);
    assert.equal(widget.status, 200);
    assert.equal(widget.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.ok(widget.bytes.length < 10 * 1024, `${widget.bytes.length} bytes`);
    const text = widgetText(widget.text);
    assert.match(text, /Fairbrook <Coffee> & "Co" 1,234 trees planted 200 pledged 88% alive at last count See the trees and the proof \(opens in a new tab\)/);
    assert.match(widget.text, /<a href="http:\/\/canopy\.test\/impact\/[a-z0-9-]+\?lang=en" target="_blank" rel="noopener">/);
    assert.ok(widget.text.includes('Fairbrook &lt;Coffee&gt; &amp; &quot;Co&quot;'), 'the name escaped');
    assert.doesNotMatch(widget.text, /<script|<svg|<img|<iframe|\son[a-z]+=/i);
    const policy = widget.headers.get('content-security-policy') ?? '';
    assert.match(policy, /(^|; )frame-ancestors \*(;|$)/);
    assert.match(policy, /(^|; )default-src 'none'(;|$)/);
    assert.doesNotMatch(policy, /script-src/);
    assert.equal(widget.headers.get('x-frame-options'), null);
    assert.equal(widget.headers.get('cache-control'), 'public, max-age=300');
    assert.match(widget.headers.get('vary') ?? '', /Accept-Language/i);
    const tag = widget.headers.get('etag') ?? '';
    assert.equal((await get(`/impact/${full.slug}/widget?lang=en`, { 'if-none-match': tag })).status, 304);
    assert.doesNotMatch(text, FORBIDDEN);
  });

  test('in Dutch and dark', async () => {
    const widget = await get(`/impact/${full.slug}/widget?lang=nl&theme=dark`);
    assert.match(widgetText(widget.text), /1\.234 bomen geplant 200 toegezegd 88% in leven bij de laatste telling Bekijk de bomen en het bewijs \(opent in een nieuw tabblad\)/);
    assert.match(widget.text, /<html lang="nl" class="dark">/);
  });

  test('no survival under half measured, no trees, hidden, unknown', async () => {
    assert.doesNotMatch(widgetText((await get(`/impact/${underHalf.slug}/widget?lang=en`)).text), /alive|%/);
    assert.match(widgetText((await get(`/impact/${noTrees.slug}/widget?lang=en`)).text), /No trees yet See the page/);
    const hiddenWidget = await get(`/impact/${hidden.slug}/widget?lang=en`);
    assert.equal(hiddenWidget.status, 404);
    assert.equal(widgetText(hiddenWidget.text), 'Impact page not public This company’s impact page is not public.');
    const unknown = await get('/impact/no-such-company/widget?lang=nl');
    assert.equal(unknown.status, 404);
    assert.equal(widgetText(unknown.text), 'Impactpagina niet gevonden Op dit adres staat geen impactpagina.');
    assert.match(unknown.headers.get('content-security-policy') ?? '', /frame-ancestors \*/);
  });
});

describe('GET /impact/{slug}/share.png', () => {
  test('a 1200 x 630 PNG under a strong ETag, public for an hour', async () => {
    const image = await get(`/impact/${full.slug}/share.png?lang=en`);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.equal(image.headers.get('cache-control'), 'public, max-age=3600');
    const metadata = await sharp(image.bytes).metadata();
    assert.deepEqual([metadata.format, metadata.width, metadata.height], ['png', 1200, 630]);
    const tag = image.headers.get('etag') ?? '';
    assert.match(tag, /^"[^"]+"$/);
    assert.equal((await get(`/impact/${full.slug}/share.png?lang=en`, { 'if-none-match': tag })).status, 304);
    const crawler = await get(`/impact/${full.slug}/share.png`, { 'accept-language': 'nl' });
    assert.equal(crawler.headers.get('etag'), tag, "English without ?lang=: a crawler's language says nothing of the readers'");
    const dutch = await get(`/impact/${full.slug}/share.png?lang=nl`);
    assert.notEqual(dutch.headers.get('etag'), tag, 'Dutch is another picture');
    assert.ok(!dutch.bytes.equals(image.bytes));
    mkdirSync(SHOTS, { recursive: true });
    await sharp(image.bytes).toFile(`${SHOTS}share-en.png`);
    await sharp(dutch.bytes).toFile(`${SHOTS}share-nl.png`);
  });

  test('what the card draws: the counts, survival under the same rule, projects and countries', async () => {
    const drawn = async (company: { id: string; slug: string }, language: Language) => drawnLines(impactCardSvg(await cardOf(company, language)));
    assert.deepEqual(await drawn(full, 'en'), [
      'FC', 'Fairbrook <Coffee> & "Co"', 'Trees and their proof on Canopy', '1,234', 'trees planted',
      '200', 'pledged, to be planted', '88%', 'alive at last count', '1', 'project in 1 country', 'canopy',
    ]);
    assert.deepEqual((await drawn(underHalf, 'nl')).slice(3), ['2.001', 'bomen geplant', '2', 'projecten in 2 landen', 'canopy']);
    assert.deepEqual((await drawn(noTrees, 'en')).slice(2), ['Impact page on Canopy', 'No trees yet', 'canopy']);
  });

  test("the company's own logo, once copied, in place of its initials", async () => {
    const company = await companyWith({ planted: 50 });
    const initials = await get(`/impact/${company.slug}/share.png?lang=en`);
    const logoUrl = `https://images.example.org/logo-${randomAlphanumeric(6)}.png`;
    const red = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#d01010' } }).png().toBuffer();
    await insertStoredCopies(app.db, [{ sourceUrl: logoUrl, resized: await resizePhoto(red) }]);
    await app.db.updateTable('companies').set({ logo_url: logoUrl }).where('id', '=', company.id).execute();
    const logo = await get(`/impact/${company.slug}/share.png?lang=en`);
    assert.notEqual(logo.headers.get('etag'), initials.headers.get('etag'));
    const pixel = async (png: Buffer) => [...(await sharp(png).extract({ left: 116, top: 116, width: 1, height: 1 }).raw().toBuffer())];
    const [r, g, b] = await pixel(logo.bytes);
    assert.ok(r! > 180 && g! < 60 && b! < 60, `the logo's red in the mark: ${[r, g, b]}`);
    assert.notDeepEqual(await pixel(initials.bytes), [r, g, b]);
  });

  test('404 for a hidden page and an unknown one', async () => {
    assert.equal((await get(`/impact/${hidden.slug}/share.png`)).status, 404);
    assert.equal((await get('/impact/no-such-company/share.png')).status, 404);
  });
});

describe('nothing personal in any embeddable', () => {
  test("a recipient's name and email and a gift code's sent_to appear in no badge, widget or share card", async () => {
    const owned = await app.db.selectFrom('allocations').select(['recipient_id', 'gift_code_id']).where('company_id', '=', full.id).execute();
    assert.ok(owned.some((row) => row.recipient_id) && owned.some((row) => row.gift_code_id), 'the company has trees with a recipient and behind a gift code');
    const outputs: [string, string][] = [];
    for (const language of ['en', 'nl'] as const) {
      for (const theme of ['light', 'dark']) {
        const badge = (await get(`/impact/${full.slug}/badge.svg?lang=${language}&theme=${theme}`)).text;
        outputs.push([`badge ${language} ${theme}`, [badge, titleOf(badge), ...drawnLines(badge)].join('\n')]);
        outputs.push([`widget ${language} ${theme}`, (await get(`/impact/${full.slug}/widget?lang=${language}&theme=${theme}`)).text]);
      }
      const card = impactCardSvg(await cardOf(full, language));
      outputs.push([`share card ${language}`, [card, ...drawnLines(card)].join('\n')]);
    }
    const personal = [PERSON.first, PERSON.last, PERSON.email, GIFTEE.name, GIFTEE.email, 'Philomena', 'Quillfeatherington', 'personal-mail', 'private-inbox', gift.body.code];
    for (const [name, output] of outputs) {
      for (const value of personal) assert.ok(!output.toLowerCase().includes(String(value).toLowerCase()), `${name} holds ${value}`);
    }
  });
});

describe('the badge and the widget in a host page, in Chromium', { skip: withoutChromium }, () => {
  let browser: Browser;
  let hostUrl = '';
  const host = createServer((request, response) => {
    const lang = new URL(request.url ?? '/', 'http://host.invalid').searchParams.get('lang') === 'nl' ? 'nl' : 'en';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(embedBase, full.slug, lang));
  });
  before(async () => {
    browser = await launchChromium();
    await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
    hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => host.close(resolve));
  });

  for (const width of [390, 1280]) {
    for (const language of ['en', 'nl'] as const) {
      test(`${width} px, ${language}: the badges load and the widgets show the trees`, async () => {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const failures: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') failures.push(message.text());
        });
        await page.goto(`${hostUrl}?lang=${language}`);
        for (const theme of ['light', 'dark']) {
          const badge = page.locator(`#badge-${theme}`);
          await badge.scrollIntoViewIfNeeded();
          await page.waitForFunction((id) => (document.getElementById(id) as HTMLImageElement).complete, `badge-${theme}`);
          const size = await badge.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
          assert.deepEqual(size, [BADGE.width, BADGE.height], `${theme} badge loaded`);

          const frameElement = page.locator(`#widget-${theme}`);
          await frameElement.scrollIntoViewIfNeeded();
          const frame = await (await frameElement.elementHandle())!.contentFrame();
          assert.ok(frame, 'the widget is framed');
          await frame.waitForSelector('.headline');
          const headline = await frame.locator('.headline').textContent();
          assert.equal(headline, language === 'en' ? '1,234 trees planted' : '1.234 bomen geplant');
          const link = frame.locator('a');
          assert.equal(await link.getAttribute('target'), '_blank');
          // The widget fits its frame: nothing cut off at the bottom or the side.
          const fits = await frame.evaluate(() => {
            const main = document.querySelector('main')!;
            return main.scrollHeight <= main.clientHeight + 1 && document.documentElement.scrollWidth <= window.innerWidth;
          });
          assert.ok(fits, `${theme} widget fits its frame`);
        }
        assert.deepEqual(failures, []);
        await page.screenshot({ path: `${SHOTS}host-${width}-${language}.png`, fullPage: true });
        await page.close();
      });
    }
  }
});

const SHOTS = fileURLToPath(new URL('../../../tmp/embed/', import.meta.url));

/** A company's website as the snippets of docs/impact-page.md put the badge and the widget on it. */
function hostPage(base: string, slug: string, lang: 'en' | 'nl') {
  const page = `http://canopy.test/impact/${slug}?lang=${lang}`;
  const badge = (theme: string) =>
    `<a href="${page}"><img id="badge-${theme}" src="${base}/impact/${slug}/badge.svg?theme=${theme}&amp;lang=${lang}" width="300" height="88" alt="Our trees on Canopy"></a>`;
  const widget = (theme: string) =>
    `<iframe id="widget-${theme}" src="${base}/impact/${slug}/widget?theme=${theme}&amp;lang=${lang}" width="320" height="150" title="Our trees on Canopy" loading="lazy" style="border:0;max-width:100%"></iframe>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Host</title>
<style>body{font-family:sans-serif;margin:16px} section{padding:16px;margin:0 0 16px} .dark{background:#0e1511;color:#eee}</style></head>
<body><h1>A company website</h1>
<section class="light"><p>Badge, light:</p>${badge('light')}<p>Widget, light:</p>${widget('light')}</section>
<section class="dark"><p>Badge, dark:</p>${badge('dark')}<p>Widget, dark:</p>${widget('dark')}</section>
</body></html>`;
}

async function nameOf(companyId: string) {
  return (await app.db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow()).name;
}

/** The share card the route draws, from the same reads. */
async function cardOf(company: { id: string; slug: string }, language: Language) {
  const found = await findImpactCompany(app.db, company.slug);
  assert.ok(found);
  const ctx = { db: app.db, companyId: company.id, livemode: true, language, scopes: [], publicBaseUrl: 'http://canopy.test', secretKey };
  const brand = await findCompanyBrand(app.db, 'http://canopy.test', company.id);
  return impactCardOf(await impactFigures(ctx), found, brand.logoCopyKey, language);
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
