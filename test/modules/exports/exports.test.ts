import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { PassThrough, Writable } from 'node:stream';
import { before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { applySingle } from '../../../src/foundation/apply.ts';
import { geojsonDigestOf, writeExport } from '../../../src/modules/exports/stream.ts';
import { startTestApp } from '../../helpers/app.ts';
import { signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The audit export over real HTTP: every number equals what the API gives for the same
 * planting (GET /v2/plantings, statuses summed from GET /v2/allocations), another
 * company's plantings and the other mode's are absent, the digest recomputes, the CSV
 * parses, and the dashboard's zip opens with the files SHA256SUMS names.
 */

const app = await startTestApp();
const foundation = (op: string, input: unknown) => applySingle(app.db, { op, input }, 'http://canopy.test');
const ref = (kind: string) => `${kind}-${randomAlphanumeric(8)}`;
const company = await make.companyWithTokens(app.db, { name: 'Northwind Export Co.' });
const other = await make.companyWithTokens(app.db);
// biome-ignore lint/suspicious/noExplicitAny: API JSON
type Json = any;

const SPECIES = [{ name_latin: 'Prunus africana', name_common: { en: 'African cherry', nl: 'Afrikaanse kers' }, trees: 700 }];
const PHOTOS = [{ url: 'https://images.example.org/a.jpg', caption: { en: 'Planting day' }, taken_at: '2025-04-15' }, { url: 'https://images.example.org/b.jpg', taken_at: '2025-10-01' }];

/** A planting through the foundation: pledged (not done), planted (done) or monitored (done and measured). */
async function planting(projectRef: string, state: 'pledged' | 'planted' | 'monitored', allocations: [{ id: string }, number][]) {
  const plantingRef = ref('plt');
  const done = state !== 'pledged';
  const made = await foundation('upsert_planting', {
    ref: plantingRef, project_ref: projectRef, trees: 1000, ...(done ? { planted_at: '2025-04-15', geometry: make.SQUARE, species: SPECIES, photos: PHOTOS } : {}),
  });
  for (const [owner, trees] of allocations) await foundation('record_allocation', { ref: ref('alloc'), company_id: owner.id, livemode: true, planting_ref: plantingRef, trees });
  if (done) await foundation('complete_planting', { ref: plantingRef });
  if (state === 'monitored') {
    for (const [recorded_at, survival_rate] of [['2025-06-01', 0.95], ['2025-10-01', 0.88]] as const) {
      await foundation('record_monitoring', {
        ref: ref('mon'), project_ref: projectRef, planting_ref: plantingRef, recorded_at, survival_rate, trees_alive: Math.round(1000 * survival_rate), method: 'field_count',
      });
    }
  }
  return made.id as string;
}

const world = { plantings: [] as string[], othersOnly: '', testPlanting: '' };

before(async () => {
  const partnerRef = ref('ptn');
  await foundation('upsert_partner', { ref: partnerRef, name: 'Green Belt Restoration Trust', country: 'KE' });
  const projectRefs = [ref('prj'), ref('prj')];
  for (const projectRef of projectRefs) {
    await foundation('upsert_project', {
      ref: projectRef, partner_ref: partnerRef, name: { en: 'Mount Kenya' }, description: { en: 'Forest.' }, country: 'KE', region: 'Nyeri',
      ecosystem_type: 'tropical_montane_forest', geometry: make.SQUARE,
    });
  }
  world.plantings.push(await planting(projectRefs[0]!, 'pledged', [[company, 30], [company, 12]]));
  world.plantings.push(await planting(projectRefs[0]!, 'planted', [[company, 50], [other, 200]]));
  world.plantings.push(await planting(projectRefs[1]!, 'monitored', [[company, 25], [company, 5]]));
  world.othersOnly = await planting(projectRefs[1]!, 'monitored', [[other, 80]]);
  await foundation('publish_verification', {
    ref: ref('ver'), project_ref: projectRefs[1], period_start: '2025-01-01', period_end: '2025-12-31', verifier_name: 'EcoAudit',
    verifier_website_url: 'https://ecoaudit.example.org', document_url: 'https://ecoaudit.example.org/2025.pdf', summary: { en: 'Confirmed.' },
    trees_verified: 30, published_at: '2026-01-10T00:00:00.000Z',
  });
  // Test mode: a helper allocation, planted and measured.
  const helper = await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: 40 } });
  assert.equal(helper.status, 200, helper.text);
  for (const step of ['plant', 'monitor']) assert.equal((await app.request('POST', `/v2/test_helpers/allocations/${helper.body.id}/${step}`, { token: company.test })).status, 200);
  world.testPlanting = helper.body.planting;
});

/** All pages of a list. */
async function listAll(path: string, token: string): Promise<Json[]> {
  const items: Json[] = [];
  let after = '';
  for (;;) {
    const page = await app.get(`${path}${path.includes('?') ? '&' : '?'}limit=100${after}`, token);
    assert.equal(page.status, 200, page.text);
    items.push(...page.body.data);
    if (!page.body.has_more) return items;
    after = `&starting_after=${page.body.data.at(-1).id}`;
  }
}

/** What the API says of the company's plantings: each planting and its trees by allocation status. */
async function apiView(token: string) {
  const plantings = (await listAll('/v2/plantings', token)).filter((p) => p.trees_for_company > 0);
  const byStatus = new Map<string, Record<string, number>>();
  for (const allocation of await listAll('/v2/allocations', token)) {
    const counts = byStatus.get(allocation.planting) ?? { pledged: 0, planted: 0, monitored: 0 };
    counts[allocation.status] += allocation.trees;
    byStatus.set(allocation.planting, counts);
  }
  return { plantings, byStatus };
}

/** A Feature as RFC 7946 has it: a Polygon of closed rings of at least four [longitude, latitude] positions, and properties. */
function assertGeoJsonFeature(feature: Json) {
  assert.equal(feature.type, 'Feature');
  assert.equal(typeof feature.properties, 'object');
  if (feature.geometry === null) return;
  assert.equal(feature.geometry.type, 'Polygon');
  for (const ring of feature.geometry.coordinates) {
    assert.ok(ring.length >= 4, 'a ring has four positions or more');
    assert.deepEqual(ring[0], ring.at(-1), 'a ring is closed');
    for (const [longitude, latitude] of ring) assert.ok(Math.abs(longitude) <= 180 && Math.abs(latitude) <= 90, `${longitude}, ${latitude}`);
  }
}

/** A GET whose raw bytes and trailers are kept (fetch shows no trailers). */
function rawGet(path: string, token: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; trailers: NodeJS.Dict<string> }> {
  return new Promise((resolve, reject) => {
    http.get(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), trailers: res.trailers }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('GET /v2/exports/plantings.geojson', () => {
  test('one feature per planting holding the company\'s trees, every number as the API gives it, and a digest that recomputes', async () => {
    const answer = await rawGet('/v2/exports/plantings.geojson', company.live);
    assert.equal(answer.status, 200, answer.body.toString());
    assert.match(answer.headers['content-type'] ?? '', /^application\/geo\+json/);
    const doc = JSON.parse(answer.body.toString('utf8'));
    assert.equal(doc.type, 'FeatureCollection');
    assert.equal(doc.livemode, true);
    assert.equal(doc.company, company.id);
    assert.ok(Math.abs(Date.parse(doc.as_of) - Date.now()) < 60_000, doc.as_of);
    assert.equal(doc.sha256, geojsonDigestOf(answer.body));
    assert.equal(answer.trailers['canopy-export-sha256'], createHash('sha256').update(answer.body).digest('hex'));
    assert.equal(Object.keys(doc).at(-1), 'sha256', 'the digest is the last member');

    const { plantings, byStatus } = await apiView(company.live);
    assert.deepEqual(doc.features.map((f: Json) => f.id), plantings.map((p) => p.id), 'the plantings of GET /v2/plantings, in its order');
    assert.deepEqual([...doc.features.map((f: Json) => f.id)].sort(), [...world.plantings].sort());
    assert.ok(!doc.features.some((f: Json) => f.id === world.othersOnly || f.id === world.testPlanting), 'another company\'s and test plantings are absent');
    for (const feature of doc.features) assertGeoJsonFeature(feature);
    for (const planting of plantings) {
      const feature = doc.features.find((f: Json) => f.id === planting.id);
      const p = feature.properties;
      assert.deepEqual(feature.geometry, planting.geometry, 'coordinates as the API gives them');
      assert.equal(p.trees_for_company, planting.trees_for_company);
      assert.deepEqual(p.trees_by_status, byStatus.get(planting.id));
      assert.equal(p.trees_by_status.pledged + p.trees_by_status.planted + p.trees_by_status.monitored, planting.trees_for_company);
      assert.deepEqual([p.planted_at, p.trees, p.project, p.partner, p.source], [planting.planted_at, planting.trees, planting.project, planting.partner, planting.source]);
      assert.deepEqual(p.species, planting.species);
      assert.deepEqual(p.location, planting.location);
      assert.deepEqual(p.photo_urls, planting.photos.map((photo: Json) => photo.url));
      const m = planting.latest_monitoring;
      assert.deepEqual(p.latest_monitoring, m && { id: m.id, recorded_at: m.recorded_at, method: m.method, survival_rate: m.survival_rate, trees_alive: m.trees_alive });
      const v = planting.verification.latest;
      assert.equal(p.verification.status, planting.verification.status);
      assert.deepEqual(p.verification.latest, v && {
        id: v.id, verifier_name: v.verifier_name, verifier_website_url: v.verifier_website_url, period_start: v.period_start,
        period_end: v.period_end, document_url: v.document_url, published_at: v.published_at,
      });
    }
    // The world has each status, so a wrong one cannot pass unseen.
    assert.deepEqual(doc.features.map((f: Json) => Object.entries(f.properties.trees_by_status).find(([, n]) => n)![0]).sort(), ['monitored', 'planted', 'pledged']);
    assert.equal(doc.features.find((f: Json) => f.properties.latest_monitoring)?.properties.latest_monitoring.survival_rate, 0.88, 'the latest of two measurements');
  });

  test('a test token exports its test plantings only', async () => {
    const answer = await rawGet('/v2/exports/plantings.geojson', company.test);
    const doc = JSON.parse(answer.body.toString('utf8'));
    assert.equal(doc.livemode, false);
    assert.deepEqual(doc.features.map((f: Json) => f.id), [world.testPlanting]);
    const { byStatus } = await apiView(company.test);
    assert.deepEqual(doc.features[0].properties.trees_by_status, byStatus.get(world.testPlanting));
    assert.equal(doc.sha256, geojsonDigestOf(answer.body));
  });

  test('refused without plantings:read, naming it; an unknown parameter is refused', async () => {
    const { token } = await make.tokenFor(app.db, company, { scopes: ['allocations:read', 'projects:read'] });
    for (const format of ['geojson', 'csv']) {
      const refused = await app.get(`/v2/exports/plantings.${format}`, token);
      assert.deepEqual([refused.status, refused.body.error.code, refused.body.error.required_scope], [403, 'scope_missing', 'plantings:read']);
    }
    const unknown = await app.get('/v2/exports/plantings.csv?since=2025-01-01', company.live);
    assert.deepEqual([unknown.status, unknown.body.error.code], [400, 'parameter_unknown']);
  });

  test('the same data at the same as_of give the same bytes', async () => {
    const asOf = '2026-12-01T00:00:00.000Z';
    const reader = { db: app.db, companyId: company.id, livemode: true, language: 'en' as const, scopes: ['plantings:read' as const], publicBaseUrl: 'http://canopy.test', secretKey: null };
    for (const format of ['geojson', 'csv'] as const) {
      const bodies: Buffer[] = [];
      for (const batchSize of [1, 500]) {
        const out = new PassThrough();
        const chunks: Buffer[] = [];
        out.on('data', (chunk: Buffer) => chunks.push(chunk));
        const digest = await writeExport(reader, asOf, format, out, batchSize);
        bodies.push(Buffer.concat(chunks));
        assert.equal(digest.plantings, 3);
        assert.equal(digest.bytes, bodies.at(-1)!.length);
      }
      assert.ok(bodies[0]!.equals(bodies[1]!), `${format}: batches of 1 and of 500 write the same bytes`);
    }
  });
});

test('a reader that stops reading and goes away ends the export, instead of leaving it waiting', async () => {
  const reader = { db: app.db, companyId: company.id, livemode: true, language: 'en' as const, scopes: ['plantings:read' as const], publicBaseUrl: 'http://canopy.test', secretKey: null };
  // Takes the first chunk and never asks for more, as a client that stopped reading.
  const stalled = new Writable({ highWaterMark: 1, write() {} });
  const writing = writeExport(reader, '2026-12-01T00:00:00.000Z', 'geojson', stalled, 1);
  setTimeout(() => stalled.destroy(), 50);
  await assert.rejects(writing, /went away/);
});

test('plantings made in the same microsecond are each exported once, whatever the batch', async () => {
  await sql`UPDATE company_plantings SET planting_created_at = '2025-01-01 00:00:00.123456+00' WHERE company_id = ${other.id}`.execute(app.db);
  const reader = { db: app.db, companyId: other.id, livemode: true, language: 'en' as const, scopes: ['plantings:read' as const], publicBaseUrl: 'http://canopy.test', secretKey: null };
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const digest = await writeExport(reader, '2026-12-01T00:00:00.000Z', 'geojson', out, 1);
  const ids = JSON.parse(Buffer.concat(chunks).toString('utf8')).features.map((f: Json) => f.id);
  assert.equal(digest.plantings, 2);
  assert.deepEqual([...ids].sort(), [world.plantings[1], world.othersOnly].sort());
});

describe('GET /v2/exports/plantings.csv', () => {
  test('parses, one row per planting with the GeoJSON\'s numbers, and its digest follows as a trailer', async () => {
    const answer = await rawGet('/v2/exports/plantings.csv', company.live, { 'accept-language': 'nl' });
    assert.equal(answer.status, 200);
    assert.match(answer.headers['content-type'] ?? '', /^text\/csv/);
    assert.equal(answer.trailers['canopy-export-sha256'], createHash('sha256').update(answer.body).digest('hex'));
    const rows: Record<string, string>[] = parse(answer.body, { columns: true });
    const { plantings, byStatus } = await apiView(company.live);
    assert.deepEqual(rows.map((row) => row.planting), plantings.map((p) => p.id));
    const nl = (await listAll('/v2/plantings', company.live).then(() => app.get('/v2/plantings?limit=100', company.live, { 'accept-language': 'nl' }))).body.data;
    for (const row of rows) {
      const planting = plantings.find((p) => p.id === row.planting)!;
      const counts = byStatus.get(planting.id)!;
      assert.deepEqual([row.trees_pledged, row.trees_planted, row.trees_monitored].map(Number), [counts.pledged, counts.planted, counts.monitored]);
      assert.equal(Number(row.trees_for_company), planting.trees_for_company);
      assert.deepEqual(row.geometry ? JSON.parse(row.geometry) : null, planting.geometry);
      assert.deepEqual(JSON.parse(row.species!), nl.find((p: Json) => p.id === planting.id).species, 'species in the reader\'s language');
      assert.equal(row.survival_rate, planting.latest_monitoring ? String(planting.latest_monitoring.survival_rate) : '');
      assert.equal(row.verification_document_url, planting.verification.latest?.document_url ?? '');
      assert.equal(row.photo_urls, planting.photos.map((photo: Json) => photo.url).join(' '));
      assert.match(row.as_of!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });
});

describe('the dashboard\'s zip', () => {
  test('a member downloads it; it opens, holds the two exports, a README and SHA256SUMS that match', async () => {
    const { browser } = await signedInBrowser(app, company.id, { role: 'member' });
    const page = await browser.get('/dashboard/exports');
    assert.equal(page.status, 200);
    assert.match(page.text, /href="\/dashboard\/exports\/plantings\.zip"/);
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await fetch(`${app.baseUrl}/dashboard/exports/plantings.zip`, { headers: { cookie } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'application/zip');
    assert.match(answer.headers.get('content-disposition') ?? '', /attachment; filename="canopy-plantings-\d{4}-\d\d-\d\d\.zip"/);
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    assert.deepEqual(Object.keys(files), ['plantings.geojson', 'plantings.csv', 'README.md', 'SHA256SUMS']);
    const sums = new TextDecoder().decode(files.SHA256SUMS).trim().split('\n').map((line) => line.split('  '));
    assert.deepEqual(sums.map(([, name]) => name), ['plantings.geojson', 'plantings.csv', 'README.md']);
    for (const [sum, name] of sums) assert.equal(createHash('sha256').update(files[name!]!).digest('hex'), sum, name);
    const geojson = JSON.parse(new TextDecoder().decode(files['plantings.geojson']));
    assert.equal(geojson.sha256, geojsonDigestOf(Buffer.from(files['plantings.geojson']!)));
    assert.deepEqual([...geojson.features.map((f: Json) => f.id)].sort(), [...world.plantings].sort());
    const csv: Record<string, string>[] = parse(Buffer.from(files['plantings.csv']!), { columns: true });
    assert.deepEqual(csv.map((row) => row.planting), geojson.features.map((f: Json) => f.id));
    assert.ok(csv.every((row) => row.as_of === geojson.as_of), 'both files of one moment');
    const readme = new TextDecoder().decode(files['README.md']);
    for (const phrase of ['Northwind Export Co.', geojson.as_of, 'E4-3', 'E1-7', 'not tonnes of CO₂', 'trees_monitored']) assert.ok(readme.includes(phrase), phrase);
  });

  test('test data only on automate and when asked; a company below automate still downloads its live export', async () => {
    const { browser } = await signedInBrowser(app, company.id, { role: 'admin' });
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const files = unzipSync(new Uint8Array(await (await fetch(`${app.baseUrl}/dashboard/exports/plantings.zip?mode=test`, { headers: { cookie } })).arrayBuffer()));
    assert.deepEqual(JSON.parse(new TextDecoder().decode(files['plantings.geojson'])).features.map((f: Json) => f.id), [world.testPlanting]);

    const small = await make.companyWithTokens(app.db, { plan: 'grow' });
    const { browser: smallBrowser } = await signedInBrowser(app, small.id, { role: 'member' });
    const page = await smallBrowser.get('/dashboard/exports?mode=test');
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.text, /class="modes"/, "no test data below automate");
    const smallCookie = [...smallBrowser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const zip = unzipSync(new Uint8Array(await (await fetch(`${app.baseUrl}/dashboard/exports/plantings.zip?mode=test`, { headers: { cookie: smallCookie } })).arrayBuffer()));
    const empty = JSON.parse(new TextDecoder().decode(zip['plantings.geojson']));
    assert.deepEqual([empty.livemode, empty.features], [true, []]);
  });
});
