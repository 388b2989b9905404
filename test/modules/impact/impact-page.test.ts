import assert from 'node:assert/strict';
import http from 'node:http';
import { after, describe, test } from 'node:test';
import { CompiledQuery, type CompiledQuery as Compiled } from 'kysely';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import type { Language } from '../../../src/core/i18n.ts';
import { forgetImpactReads } from '../../../src/modules/impact/cache.ts';
import { TEXTS } from '../../../src/modules/impact/texts.ts';
import { updateCompany } from '../../../src/operator/companies.ts';
import { longDate, percent } from '../../../src/platform/pages/texts.ts';
import { QueryCapture } from '../../../bench/query-capture.ts';
import { startTestApp, TEST_SECRET_KEY } from '../../helpers/app.ts';
import {
  allocationOp, foundation, LARGE, MAIN, makeDemo, makeHidden, makeLarge, makeMainCompany, makePledgedOnly, makeTestOnly, monitoringOp, newCompany,
  PERSONAL, partnerOp, plantingOps, projectOp, ref, verificationOp,
} from '../../helpers/impact-world.ts';
import { GENEROUS_RATE_LIMITS } from '../../helpers/limits.ts';

/**
 * The public impact page `GET /impact/{slug}` and its JSON as a reader gets them, through
 * real HTTP on a real database, for companies built through the foundation's operations:
 * every figure is the API's own field (or a sum of them) and can be recomputed from the
 * fixtures; pledged trees are never planted; test mode is never public; a hidden page hides;
 * nothing personal shows; the page is small, cached by its bytes, and never scans allocations.
 */

const PUBLIC = 'http://canopy.test';
const app = await startTestApp();
const main = await makeMainCompany(app, PUBLIC);
const pledgedOnly = await makePledgedOnly(app, PUBLIC);
const testOnly = await makeTestOnly(app, PUBLIC);
const hidden = await makeHidden(app, PUBLIC);
const empty = await newCompany(app, 'Brand New Bicycles');

const page = (slug: string, language: Language = 'en', headers: Record<string, string> = {}) => app.get(`/impact/${slug}?lang=${language}`, undefined, headers);
const json = (slug: string, headers: Record<string, string> = {}) => app.get(`/impact/${slug}.json`, undefined, headers);
/** The page's words as a reader reads them: no tags, no styles, no inline drawings. */
function readable(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
/** The part of a page between an element with this id and the next section. */
function sectionOf(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  assert.ok(start >= 0, `the page has #${id}`);
  const end = html.indexOf('<section', start + 1);
  return html.slice(start, end === -1 ? undefined : end);
}
// biome-ignore lint/suspicious/noExplicitAny: JSON read back in a test
const byId = (list: { id: string }[], id: string): any => {
  const found = list.find((entry) => entry.id === id);
  assert.ok(found, `${id} is listed`);
  return found;
};

describe('the figures are the API fields, and traceable to the fixtures', () => {
  test('trees are GET /v2/company trees; passed on is total minus unassigned; test mode left out', async () => {
    const company = (await app.get('/v2/company', main.company.live)).body;
    const figures = (await json(main.company.slug)).body;
    assert.equal(figures.trees.total, company.trees.total);
    assert.equal(figures.trees.pledged, company.trees.pledged);
    assert.equal(figures.trees_passed_on, company.trees.total - company.trees_unassigned);
    // Recomputed from the fixtures: live trees only, the 70 test trees left out.
    const total = MAIN.a1.trees + MAIN.a2.trees + MAIN.a3.trees + MAIN.b1.trees + MAIN.c1.trees;
    assert.equal(figures.trees.total, total);
    assert.equal(figures.trees.pledged, MAIN.a3.trees + MAIN.c1.trees);
    assert.equal(figures.trees_passed_on, MAIN.passedOn.api + MAIN.passedOn.gift + MAIN.passedOn.foundation);
    assert.equal(figures.first_contribution_at, company.first_contribution_at);
  });

  test('the JSON trees object is GET /v2/company trees, field for field (same names, same numbers)', async () => {
    const company = (await app.get('/v2/company', main.company.live)).body;
    const figures = (await json(main.company.slug)).body;
    // A site that reads both, or adds pledged + planted + monitored, must not get two answers.
    assert.deepEqual(figures.trees, company.trees);
  });

  test('each project\'s trees are GET /v2/projects trees, field for field', async () => {
    const projects = (await app.get('/v2/projects?limit=100', main.company.live)).body.data as { id: string; trees: Record<string, number> }[];
    const figures = (await json(main.company.slug)).body;
    assert.equal(figures.projects.length, projects.length);
    for (const project of figures.projects) {
      const api = byId(projects, project.id);
      assert.equal(project.trees.total, api.trees.total, project.name);
      assert.equal(project.trees.pledged, api.trees.pledged, project.name);
      assert.deepEqual(project.trees, api.trees, `${project.name}: the same fields as project.trees`);
    }
  });

  test('a statement covers only the trees planted by its period_end, and only in its project', async () => {
    const figures = (await json(main.company.slug)).body;
    const kabaru = byId(figures.projects, main.projects.a);
    assert.equal(kabaru.verification.verifier_name, MAIN.aStatement.verifier);
    assert.equal(kabaru.verification.period_end, MAIN.aStatement.end);
    // A1 was planted within the period; A2 after it; A3 is pledged.
    assert.ok(MAIN.a1.plantedAt <= MAIN.aStatement.end && MAIN.a2.plantedAt > MAIN.aStatement.end);
    assert.equal(kabaru.verification.trees_covered, MAIN.a1.trees);
    assert.equal(byId(figures.projects, main.projects.b).verification, null, 'no statement');
    assert.equal(byId(figures.projects, main.projects.c).verification, null, 'no statement');

    const html = (await page(main.company.slug)).text;
    const section = readable(sectionOf(html, `project-${main.projects.a}`));
    assert.match(section, new RegExp(`It covers ${MAIN.a1.trees} of these ${MAIN.a1.trees + MAIN.a2.trees + MAIN.a3.trees} trees`));
  });

  test('survival is weighted by trees, from each planting\'s latest measurement taken since it was planted', async () => {
    // Recomputed from the fixtures: A2's only count predates its planting, so it does not speak of its trees.
    const counted = [MAIN.a1, MAIN.b1].map((planting) => ({ trees: planting.trees, ...planting.count }));
    const trees = counted.reduce((sum, entry) => sum + entry.trees, 0);
    const rate = counted.reduce((sum, entry) => sum + entry.trees * entry.rate, 0) / trees;
    const latest = counted.map((entry) => entry.at).sort().at(-1)!;
    const figures = (await json(main.company.slug)).body;
    assert.deepEqual(figures.survival, { trees_measured: trees, survival_rate: Math.round(rate * 10_000) / 10_000, latest_recorded_at: latest });

    for (const language of ['en', 'nl'] as const) {
      const t = TEXTS[language];
      const text = readable((await page(main.company.slug, language)).text);
      const sentence = t.figSurvivalValue(percent(rate, language), t.trees(trees), longDate(latest, language));
      assert.ok(text.includes(sentence), `${language}: the page says "${sentence}"`);
    }
  });

  test('survival is null while no planting was measured after it was planted', async () => {
    const company = await newCompany(app, 'Counted Too Early Co');
    const r = { partner: ref('ptn'), project: ref('prj'), planting: ref('plt') };
    await foundation(app, PUBLIC, [
      partnerOp(r.partner),
      projectOp(r.project, r.partner, { name: 'Early Count Ridge', country: 'KE' }),
      ...plantingOps(r.planting, r.project, { plantedAt: '2025-03-01', done: true }),
      allocationOp(company.id, r.planting, 40),
      monitoringOp(r.project, r.planting, '2025-01-01', 0.42),
    ]);
    const figures = (await json(company.slug)).body;
    assert.equal(figures.trees.total, 40);
    assert.equal(figures.survival, null);
    assert.equal(figures.projects[0].latest_monitoring, null, 'the count before planting is not of these trees');
    const text = readable((await page(company.slug)).text);
    assert.ok(text.includes(TEXTS.en.figSurvivalNone));
    assert.doesNotMatch(text, /42\s?%/);
  });

  test('a count dated before its planting\'s planted_at, or a project count before the company\'s first planting, is never shown', async () => {
    const body = (await json(main.company.slug)).text;
    for (const date of [MAIN.a2.countBefore.at, MAIN.aWholeBefore.at]) assert.ok(!body.includes(date), `the JSON has no count of ${date}`);
    const kabaru = byId(JSON.parse(body).projects, main.projects.a);
    assert.equal(kabaru.latest_monitoring.recorded_at, MAIN.a1.count.at);
    assert.equal(kabaru.latest_monitoring.survival_rate, MAIN.a1.count.rate);
    for (const language of ['en', 'nl'] as const) {
      const text = readable((await page(main.company.slug, language)).text);
      for (const count of [MAIN.a2.countBefore, MAIN.aWholeBefore]) {
        assert.ok(!text.includes(longDate(count.at, language)), `${language}: no count of ${count.at}`);
        assert.ok(!text.includes(percent(count.rate, language)), `${language}: no ${percent(count.rate, language)}`);
      }
    }
  });

  test('the planted trees said to be measured since planting are those the survival figure counts', async () => {
    // A2's trees are `monitored` in the API (a count of their planting exists) but that count predates their planting.
    const t = TEXTS.en;
    const text = readable((await page(main.company.slug)).text);
    const counted = MAIN.a1.trees + MAIN.b1.trees;
    const planted = MAIN.a1.trees + MAIN.a2.trees + MAIN.b1.trees;
    assert.ok(text.includes(t.figPlantedValue(t.trees(planted), counted.toLocaleString('en'))), `"${t.figPlantedValue(t.trees(planted), counted.toLocaleString('en'))}" is on the page`);
  });

  test('a project where the company has only pledged trees shows no survival and no history', async () => {
    const figures = (await json(main.company.slug)).body;
    const usambara = byId(figures.projects, main.projects.c);
    assert.deepEqual(usambara.trees, { total: MAIN.c1.trees, pledged: MAIN.c1.trees, planted: 0, monitored: 0 });
    assert.equal(usambara.latest_monitoring, null);
    for (const language of ['en', 'nl'] as const) {
      const section = sectionOf((await page(main.company.slug, language)).text, `project-${main.projects.c}`);
      assert.ok(readable(section).includes(TEXTS[language].noSurvivalPledged));
      assert.doesNotMatch(section, /<svg|<details|<table/, 'no chart, no table of counts');
      assert.ok(!readable(section).includes(percent(MAIN.cWhole.rate, language)), 'the project count is not of these trees');
    }
  });

  test('pledged trees never appear as planted or growing: a company with only pledged trees', async () => {
    const figures = (await json(pledgedOnly.slug)).body;
    assert.deepEqual({ ...figures.trees, survival: figures.survival }, { total: 250, pledged: 250, planted: 0, monitored: 0, survival: null });
    assert.equal(figures.projects[0].latest_monitoring, null);
    assert.equal(figures.projects[0].verification, null, 'a statement covers no pledged tree');
    for (const language of ['en', 'nl'] as const) {
      const t = TEXTS[language];
      const html = (await page(pledgedOnly.slug, language)).text;
      // What the page says of these trees; the "how to read this page" list explains every status to everyone.
      const text = readable(html.slice(0, html.indexOf('id="reading-heading"')));
      assert.ok(text.includes(t.pledgedOnly(t.trees(250))), `${language}: "${t.pledgedOnly(t.trees(250))}"`);
      assert.doesNotMatch(text, language === 'en' ? /\bgrow|\balive\b/i : /\bgroei|\bleefde\b|\bleven\b/i);
      assert.doesNotMatch(text, /\d\s?%/, `${language}: no survival share`);
      assert.doesNotMatch(text, language === 'en' ? /250 trees,? (were )?planted|planted on/i : /250 bomen,? (zijn )?geplant|geplant op/i);
      // The planting's method, said of trees still to be planted, must not say they were planted.
      assert.doesNotMatch(text, language === 'en' ? /\bwere planted\b|\bplanted as\b/i : /\bzijn geplant\b|\bgeplant als\b/i, `${language}: pledged trees described as planted`);
      const figuresSection = readable(sectionOf(html, 'figures-heading'));
      assert.ok(figuresSection.includes(t.figPlantedValue(t.trees(0), null)), `${language}: planted is zero`);
      assert.ok(!text.includes('Forest Audit Bureau'), `${language}: no statement over pledged trees`);
    }
  });

  test('trees the API calls pledged (a planting dated but not reported done) are not planted, measured or covered on the page', async () => {
    const company = await newCompany(app, 'Halfway There Juices');
    const r = { partner: ref('ptn'), project: ref('prj'), planting: ref('plt') };
    await foundation(app, PUBLIC, [
      partnerOp(r.partner),
      projectOp(r.project, r.partner, { name: 'Halfway Hill', country: 'UG' }),
      // The dossier is complete, but the foundation has not reported the planting done.
      ...plantingOps(r.planting, r.project, { plantedAt: '2024-05-01', done: false }),
      allocationOp(company.id, r.planting, 60),
      monitoringOp(r.project, r.planting, '2025-05-01', 0.93),
      verificationOp(r.project, '2024-01-01', '2024-12-31'),
    ]);
    const api = (await app.get('/v2/company', company.live)).body;
    assert.deepEqual(api.trees, { total: 60, pledged: 60, planted: 0, monitored: 0 }, 'the API: pledged');
    const figures = (await json(company.slug)).body;
    assert.equal(figures.trees.planted, 0);
    assert.equal(figures.survival, null, 'no survival of trees the API calls pledged');
    assert.equal(figures.projects[0].verification, null, 'no statement over trees the API calls pledged');
    assert.doesNotMatch(readable((await page(company.slug)).text), /93\s?%/);
  });
});

describe('test mode is never public', () => {
  test('a company with test-mode trees only has no trees yet, on the page and in the JSON, as one without any', async () => {
    const figures = (await json(testOnly.slug)).body;
    const none = (await json(empty.slug)).body;
    assert.deepEqual({ ...figures, company: null }, { ...none, company: null }, 'the same as a company without trees');
    assert.deepEqual(figures.trees, { total: 0, pledged: 0, planted: 0, monitored: 0 });
    assert.equal(figures.trees_passed_on, 0);
    assert.equal(figures.survival, null);
    assert.deepEqual(figures.projects, []);
    for (const language of ['en', 'nl'] as const) {
      const response = await page(testOnly.slug, language);
      assert.equal(response.status, 200);
      const text = readable(response.text);
      assert.ok(text.includes(TEXTS[language].noTreesYet));
      assert.ok(!text.includes('Sandbox Grove') && !text.includes('80'), 'nothing of the test trees');
    }
    // The main company's 70 test trees and their 12% count are left out too.
    const mainText = readable((await page(main.company.slug)).text);
    assert.ok(!mainText.includes(percent(MAIN.testCount.rate, 'en')));
  });
});

/** A GET with the path sent as written: fetch would resolve `..` before sending it. */
function rawGet(path: string): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    http.get({ hostname, port, path, headers: { accept: 'text/html' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body }));
    }).on('error', reject);
  });
}

describe('a hidden, unknown or malformed address', () => {
  test('a hidden page is a 404 "not public" page, never indexed, in either language', async () => {
    for (const language of ['en', 'nl'] as const) {
      const response = await page(hidden.slug, language);
      assert.equal(response.status, 404);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
      assert.ok(response.text.includes(`<h1>${TEXTS[language].hiddenTitle}</h1>`) || readable(response.text).includes(TEXTS[language].hiddenTitle));
      assert.match(response.text, /<meta name="robots" content="noindex">/);
      assert.equal(response.headers.get('x-robots-tag'), 'noindex');
      assert.ok(!response.text.includes('Mau Forest') && !response.text.includes('250'), 'nothing of its trees');
      assert.doesNotMatch(readable(response.text), /certificate|certificaat/i, `${language}: an impact page does not speak of a certificate`);
    }
  });

  test('its JSON is a 404 impact_page_not_public in the API\'s error shape', async () => {
    const response = await json(hidden.slug);
    assert.equal(response.status, 404);
    assert.equal(response.body.error.code, 'impact_page_not_public');
    assert.equal(response.body.error.type, 'invalid_request_error');
    assert.equal(response.body.error.param, 'slug');
    assert.match(response.body.error.doc_url, /\/docs\/errors#impact_page_not_public$/);
    assert.match(response.body.error.request_id, /^req_/);
    assert.deepEqual(Object.keys(response.body), ['error']);
  });

  test('an unknown slug: a 404 page, and resource_missing as JSON', async () => {
    const missing = await page('no-such-company-anywhere');
    assert.equal(missing.status, 404);
    assert.ok(readable(missing.text).includes(TEXTS.en.notFoundTitle));
    const body = await json('no-such-company-anywhere');
    assert.equal(body.status, 404);
    assert.equal(body.body.error.code, 'resource_missing');
    assert.equal(body.body.error.param, 'slug');
  });

  test('a malformed slug (upper case, dots, encoded slashes, NUL) is a 404, 200 characters a 400, never a 500', async () => {
    const upper = main.company.slug.toUpperCase();
    const long = 'a'.repeat(200);
    const wrong: string[] = [];
    const pages = [`/impact/${upper}`, `/impact/${long}`, '/impact/..', '/impact/%2E%2E', '/impact/..%2F..%2Fetc%2Fpasswd', '/impact/a..b', '/impact/%00'];
    const jsons = [`/impact/${upper}.json`, `/impact/${long}.json`, '/impact/...json', '/impact/%2E%2E.json'];
    for (const path of [...pages, ...jsons]) {
      const response = await rawGet(path);
      const said = `${path.slice(0, 40)}: ${response.status} ${response.type} ${response.body.replace(/\s+/g, ' ').slice(0, 90)}`;
      // Longer than any route parameter may be (100 characters): refused before routing, in the API's error shape.
      if (path.includes(long)) {
        if (response.status !== 400 || JSON.parse(response.body).error.code !== 'parameter_invalid') wrong.push(said);
        continue;
      }
      if (response.status !== 404) wrong.push(said);
      else if (jsons.includes(path) && JSON.parse(response.body).error.code !== 'resource_missing') wrong.push(said);
      else if (pages.includes(path) && !response.type.startsWith('text/html')) wrong.push(`${said}: not a page`);
    }
    assert.deepEqual(wrong, []);
  });
});

describe('cached by its bytes', () => {
  test('the same tag twice, 304 to a reader who has it, a new tag when the trees or the text change', async () => {
    const company = await makePledgedOnly(app, PUBLIC, 'Etag Espresso Bar');
    const first = await page(company.slug);
    const again = await page(company.slug);
    const tag = first.headers.get('etag');
    assert.ok(tag, 'the page has a tag');
    assert.equal(again.headers.get('etag'), tag, 'the same bytes, the same tag');
    assert.match(first.headers.get('cache-control') ?? '', /no-cache/);
    const kept = await page(company.slug, 'en', { 'if-none-match': tag });
    assert.equal(kept.status, 304);
    assert.equal(kept.text, '');
    const jsonTag = (await json(company.slug)).headers.get('etag');
    assert.ok(jsonTag);
    assert.equal((await json(company.slug, { 'if-none-match': jsonTag })).status, 304);

    const plantingRef = ref('plt');
    const projectRef = ref('prj');
    const partnerRef = ref('ptn');
    await foundation(app, PUBLIC, [
      partnerOp(partnerRef), projectOp(projectRef, partnerRef, { name: 'New Grove', country: 'KE' }), ...plantingOps(plantingRef, projectRef), allocationOp(company.id, plantingRef, 5),
    ]);
    const grown = await page(company.slug, 'en', { 'if-none-match': tag });
    assert.equal(grown.status, 200, 'new trees: the whole page again');
    assert.notEqual(grown.headers.get('etag'), tag);
    const grownJson = await json(company.slug, { 'if-none-match': jsonTag });
    assert.equal(grownJson.status, 200);
    assert.equal(grownJson.body.trees.total, 255);

    const before = grown.headers.get('etag')!;
    await updateCompany(app.db, company.id, { aboutEn: 'We serve espresso from a bike.' });
    const written = await page(company.slug, 'en', { 'if-none-match': before });
    assert.equal(written.status, 200, 'a new text: the whole page again');
    assert.notEqual(written.headers.get('etag'), before);
    assert.ok(written.text.includes('We serve espresso from a bike.'));
  });
});

describe('no personal data', () => {
  test('no recipient name, email, reference, message or gift code on the page (en, nl) or in the JSON', async () => {
    const code = main.giftCode;
    const bodies = {
      'page en': (await page(main.company.slug, 'en')).text,
      'page nl': (await page(main.company.slug, 'nl')).text,
      json: (await json(main.company.slug)).text,
    };
    for (const [name, body] of Object.entries(bodies)) {
      for (const value of [...Object.values(PERSONAL), code, code.replace(/-/g, '')]) {
        assert.ok(!body.toLowerCase().includes(value.toLowerCase()), `${name} holds ${value}`);
      }
      assert.doesNotMatch(body, /rcp_|gift_|alloc_|@example\.(org|net)|private-inbox/, `${name}: no recipient, gift code, allocation or address`);
    }
  });
});

describe('small', () => {
  test('the page (HTML with its CSS) is under 100 KB for the demo and for a large company', async () => {
    const demo = await makeDemo(app, PUBLIC);
    const large = await makeLarge(app, PUBLIC, { long: false });
    const longest = await makeLarge(app, PUBLIC, { long: true });
    const sizes: string[] = [];
    const over: string[] = [];
    const sizeOf = async (slug: string, language: Language) => {
      const response = await page(slug, language);
      assert.equal(response.status, 200);
      assert.ok(!/<link[^>]+stylesheet/.test(response.text), 'no style sheet to fetch besides');
      return Buffer.byteLength(response.text);
    };
    for (const [name, slug] of [['demo', demo.slug], [`large (${LARGE.projects} projects, ${LARGE.projects * LARGE.plantingsPerProject} plantings)`, large.slug]] as const) {
      for (const language of ['en', 'nl'] as const) {
        const bytes = await sizeOf(slug, language);
        sizes.push(`${name} ${language}: ${bytes} bytes`);
        if (bytes >= 100_000) over.push(`${name} ${language}: ${bytes} bytes`);
      }
    }
    // Every name and text at its longest: reported, as no real company has them all at once.
    for (const language of ['en', 'nl'] as const) sizes.push(`large with the longest names ${language}: ${await sizeOf(longest.slug, language)} bytes`);
    assert.equal((await json(large.slug)).body.projects.length, LARGE.projects);
    console.log(`# impact page sizes: ${sizes.join('; ')}`);
    assert.deepEqual(over, [], `over 100 KB (${sizes.join('; ')})`);
  });
});

describe('no scan of allocations', () => {
  const capture = new QueryCapture();
  let captured: Awaited<ReturnType<typeof buildApp>> | undefined;
  after(async () => {
    await captured?.close();
  });

  test('the page and the JSON run no statement that reads allocations, by its text or its plan', async () => {
    const config = loadConfig({ ...process.env, PUBLIC_BASE_URL: PUBLIC, ...GENEROUS_RATE_LIMITS });
    captured = await buildApp({ config: { ...config, secretKey: config.secretKey ?? TEST_SECRET_KEY }, db: app.db.withPlugin(capture), logger: false });
    await captured.ready();
    const statements: Compiled[] = [];
    // Read afresh, not from what earlier tests' requests left in this process (cache.ts).
    forgetImpactReads();
    for (const url of [`/impact/${main.company.slug}?lang=en`, `/impact/${main.company.slug}?lang=nl`, `/impact/${main.company.slug}.json`, `/impact/${hidden.slug}`]) {
      capture.recording = true;
      const response = await captured.inject({ method: 'GET', url });
      capture.recording = false;
      assert.ok(response.statusCode === 200 || response.statusCode === 404, `${url}: ${response.statusCode}`);
      statements.push(...capture.take(app.db));
    }
    assert.ok(statements.length >= 5, `the statements were captured (${statements.length})`);
    for (const statement of statements) {
      assert.doesNotMatch(statement.sql, /\ballocations\b/i, statement.sql);
      if (!/^\s*(select|with)\b/i.test(statement.sql)) continue;
      const plan = await app.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${statement.sql}`, [...statement.parameters]));
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      assert.doesNotMatch(text, /\ballocations\b/i, `${statement.sql}\n${text}`);
    }
  });
});

describe('a page for every planting', () => {
  test('each of the company\'s live plantings has one, with its proof and timeline; the map links those the page does not describe to it', async () => {
    const rows = await app.db.selectFrom('company_plantings').select(['planting_id', 'livemode']).where('company_id', '=', main.company.id).where('trees', '>', 0).execute();
    const live = rows.filter((row) => row.livemode).map((row) => row.planting_id);
    assert.ok(live.length >= 4);
    for (const id of live) {
      const response = await app.get(`/impact/${main.company.slug}/plantings/${id}?lang=nl`);
      assert.equal(response.status, 200, id);
      assert.match(response.text, new RegExp(`<section class="card" id="planting-${id}">`));
      assert.ok(readable(response.text).includes(TEXTS.nl.timeline), 'its timeline');
      assert.ok(response.text.includes(`href="/impact/${main.company.slug}?lang=nl"`), 'a way back to the impact page');
    }
    const html = (await page(main.company.slug)).text;
    const described = [...html.matchAll(/<section class="card" id="planting-(plt_\w+)">/g)].map((match) => match[1]);
    for (const id of live.filter((planting) => !described.includes(planting))) {
      assert.ok(!html.includes(`href="#planting-${id}"`), `${id} is not described here`);
    }
  });

  test('a planting in test mode, of another company, unknown or malformed: 404, saying so', async () => {
    const test = await app.db.selectFrom('company_plantings').select('planting_id').where('company_id', '=', main.company.id).where('livemode', '=', false).executeTakeFirst();
    const other = await app.db.selectFrom('company_plantings').select('planting_id').where('company_id', '=', pledgedOnly.id).where('livemode', '=', true).executeTakeFirstOrThrow();
    for (const id of [test?.planting_id, other.planting_id, 'plt_000000000000000000000000', 'nonsense'].filter(Boolean)) {
      const response = await app.get(`/impact/${main.company.slug}/plantings/${id}`);
      assert.equal(response.status, 404, String(id));
      assert.ok(readable(response.text).includes(TEXTS.en.noPlantingTitle), String(id));
    }
    const onHidden = await app.get(`/impact/${hidden.slug}/plantings/${other.planting_id}`);
    assert.equal(onHidden.status, 404);
    assert.ok(readable(onHidden.text).includes(TEXTS.en.hiddenTitle));
  });
});
