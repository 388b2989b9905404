import assert from 'node:assert/strict';
import http from 'node:http';
import { PassThrough } from 'node:stream';
import { before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { applySingle } from '../../../src/foundation/apply.ts';
import { ExportSlots, exportSlotsFor } from '../../../src/modules/exports/limits.ts';
import { exportStream } from '../../../src/modules/exports/stream.ts';
import { TEXTS } from '../../../src/modules/exports/texts.ts';
import { exportZip } from '../../../src/modules/exports/zip.ts';
import { startTestApp } from '../../helpers/app.ts';
import { signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The audit export claims no more than the proof rules allow (certificates/proof.ts), writes
 * no cell a spreadsheet would run, and runs one at a time per company, each within its deadline.
 */

const app = await startTestApp();
const foundation = (op: string, input: unknown) => applySingle(app.db, { op, input }, 'http://canopy.test');
const ref = (kind: string) => `${kind}-${randomAlphanumeric(8)}`;
const company = await make.companyWithTokens(app.db);
const bulk = await make.companyWithTokens(app.db);
// biome-ignore lint/suspicious/noExplicitAny: API JSON
type Json = any;
const FORMULA = '=HYPERLINK("https://evil.example","audit")';
const SPECIES = [{ name_latin: 'Prunus africana', name_common: { en: 'African cherry' }, trees: 100 }];
const world = { pledged: '', lateAndEarlyCount: '', covered: '', projectRef: '' };

/** A planting of the company's trees, planted on `plantedAt`, done unless pledged, with measurements on the given dates. */
async function planting(owner: { id: string }, plantedAt: string, done: boolean, measuredOn: string[] = []) {
  const plantingRef = ref('plt');
  const made = await foundation('upsert_planting', { ref: plantingRef, project_ref: world.projectRef, trees: 100, planted_at: plantedAt, geometry: make.SQUARE, species: SPECIES });
  await foundation('record_allocation', { ref: ref('alloc'), company_id: owner.id, livemode: true, planting_ref: plantingRef, trees: 10 });
  if (done) await foundation('complete_planting', { ref: plantingRef });
  for (const recorded_at of measuredOn) {
    await foundation('record_monitoring', { ref: ref('mon'), project_ref: world.projectRef, planting_ref: plantingRef, recorded_at, survival_rate: 0.9, trees_alive: 90, method: 'field_count' });
  }
  return made.id as string;
}

before(async () => {
  const partnerRef = ref('ptn');
  await foundation('upsert_partner', { ref: partnerRef, name: 'Green Belt Restoration Trust', country: 'KE' });
  world.projectRef = ref('prj');
  await foundation('upsert_project', {
    ref: world.projectRef, partner_ref: partnerRef, name: { en: 'Mount Kenya' }, description: { en: 'Forest.' }, country: 'KE', region: 'Nyeri',
    ecosystem_type: 'tropical_montane_forest', geometry: make.SQUARE,
  });
  world.pledged = await planting(company, '2025-04-15', false);
  world.lateAndEarlyCount = await planting(company, '2026-03-01', true, ['2026-02-01']);
  world.covered = await planting(company, '2025-04-15', true, ['2025-10-01']);
  await foundation('publish_verification', {
    ref: ref('ver'), project_ref: world.projectRef, period_start: '2025-01-01', period_end: '2025-12-31', verifier_name: FORMULA,
    verifier_website_url: 'https://ecoaudit.example.org', document_url: 'https://ecoaudit.example.org/2025.pdf', summary: { en: 'Confirmed.' },
    trees_verified: 10, published_at: '2026-01-10T00:00:00.000Z',
  });
});

describe('what the export may claim', () => {
  test('a statement shows only under the plantings it covers, and survival only when measured since planting', async () => {
    const geojson = await app.get('/v2/exports/plantings.geojson', company.live);
    assert.equal(geojson.status, 200, geojson.text);
    const doc = typeof geojson.body === 'object' && geojson.body !== null ? geojson.body : JSON.parse(geojson.text);
    const props = (id: string) => doc.features.find((f: Json) => f.id === id).properties;
    assert.deepEqual(props(world.pledged).verification, { status: 'not_covered', latest: null }, 'pledged trees are never verified');
    assert.deepEqual(props(world.lateAndEarlyCount).verification, { status: 'not_covered', latest: null }, 'planted after the period');
    assert.equal(props(world.covered).verification.status, 'verified');
    assert.equal(props(world.covered).verification.latest.verifier_name, FORMULA, 'JSON keeps the name as typed');
    assert.equal(props(world.lateAndEarlyCount).latest_monitoring, null, 'a measurement before planting is not of these trees');
    assert.equal(props(world.covered).latest_monitoring.recorded_at, '2025-10-01');

    const csv = await app.get('/v2/exports/plantings.csv', company.live);
    const rows: Record<string, string>[] = parse(csv.text, { columns: true });
    const row = (id: string) => rows.find((r) => r.planting === id)!;
    for (const id of [world.pledged, world.lateAndEarlyCount]) {
      const r = row(id);
      assert.deepEqual([r.verification_status, r.verification, r.verifier_name, r.verification_period_end, r.verification_document_url], ['not_covered', '', '', '', '']);
    }
    assert.deepEqual([row(world.lateAndEarlyCount).survival_recorded_at, row(world.lateAndEarlyCount).survival_rate], ['', '']);
    assert.equal(row(world.covered).verification_status, 'verified');
    assert.equal(row(world.covered).verification_document_url, 'https://ecoaudit.example.org/2025.pdf');
    assert.equal(row(world.covered).verifier_name, `'${FORMULA}`, 'a typed cell that starts with = is made text');
    for (const r of rows) {
      for (const column of ['source', 'survival_method', 'verifier_name', 'verification_document_url', 'photo_urls']) assert.doesNotMatch(r[column]!, /^[=+\-@\t\r]/, `${column} could run as a formula`);
      assert.match(r.longitude!, /^-?\d/, 'numbers stay numbers');
      assert.deepEqual(JSON.parse(r.species!).map((s: Json) => s.name_latin), ['Prunus africana'], 'JSON columns stay exact');
    }
  });
});

/** Plantings of the bulk company inserted in one statement, each with long photo URLs: an export of several MB, which a client that does not read holds. */
async function bulkPlantings(count: number) {
  const project = await sql<{ id: string; partner_id: string }>`SELECT id, partner_id FROM projects ORDER BY created_at LIMIT 1`.execute(app.db);
  const { id: projectId, partner_id: partnerId } = project.rows[0]!;
  const photos = JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ url: `https://images.example.org/${'p'.repeat(200)}-${i}.jpg` })));
  await sql`INSERT INTO plantings (id, foundation_ref, livemode, project_id, partner_id, trees, photos)
    SELECT 'plt_bulk' || i, 'bulk-' || i, true, ${projectId}, ${partnerId}, 10, ${photos}::jsonb FROM generate_series(1, ${count}) AS i`.execute(app.db);
  await sql`INSERT INTO company_plantings (company_id, livemode, planting_id, project_id, planting_created_at, trees)
    SELECT ${bulk.id}, true, 'plt_bulk' || i, ${projectId}, now() - i * interval '1 second', 10 FROM generate_series(1, ${count}) AS i`.execute(app.db);
}

describe('how many exports run at once', () => {
  test('one per company: a second export while the first is being downloaded is refused with 429 and Retry-After, API and dashboard', async () => {
    await bulkPlantings(3000);
    const slots = exportSlotsFor(app.db);
    // The first export: its answer starts, and its body is never read.
    const held = await new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve, reject) => {
      const req = http.get(`${app.baseUrl}/v2/exports/plantings.geojson`, { headers: { authorization: `Bearer ${bulk.live}` } }, (res) => {
        res.pause();
        resolve({ req, res });
      });
      req.on('error', reject);
    });
    assert.equal(held.res.statusCode, 200);
    assert.ok(slots.isRunning(bulk.id), 'the first export is still running');

    const second = await app.get('/v2/exports/plantings.csv', bulk.test);
    assert.equal(second.status, 429, second.text);
    assert.deepEqual([second.body.error.type, second.body.error.code, second.body.error.limit], ['rate_limit_error', 'export_in_progress', 'exports_per_company']);
    assert.match(second.headers.get?.('retry-after') ?? (second.headers as Json)['retry-after'], /^\d+$/);

    const { browser } = await signedInBrowser(app, bulk.id, { role: 'member' });
    const page = await browser.get('/dashboard/exports/plantings.zip');
    assert.equal(page.status, 429);
    assert.match(page.text, /An export is being made/);

    const otherCompany = await app.get('/v2/exports/plantings.csv', company.live);
    assert.equal(otherCompany.status, 200, 'another company exports meanwhile');

    held.req.destroy();
    for (let i = 0; i < 2000 && slots.isRunning(bulk.id); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.ok(!slots.isRunning(bulk.id), 'a reader that goes away frees its company\'s slot');
  });

  test('at most a few per process, whichever companies', () => {
    const slots = new ExportSlots(2);
    const a = slots.take('cmp_a');
    assert.ok('release' in a);
    assert.ok('release' in slots.take('cmp_b'));
    assert.deepEqual(slots.take('cmp_c'), { refused: 'exports_per_process' });
    assert.deepEqual(slots.take('cmp_a'), { refused: 'exports_per_company' });
    a.release();
    a.release();
    assert.ok('release' in slots.take('cmp_c'), 'a released slot is free again, once');
    assert.deepEqual(slots.take('cmp_d'), { refused: 'exports_per_process' });
  });
});

describe('the deadline', () => {
  const reader = () => ({ db: app.db, companyId: company.id, livemode: true, language: 'en' as const, scopes: ['plantings:read' as const], publicBaseUrl: 'http://canopy.test', secretKey: null });
  const kind = process.env.DATABASE_URL ? 'postgres' as const : 'pglite' as const;

  test('cuts an API export as a failure does: no closing digest, and its slot is released', async () => {
    const deadline = new AbortController();
    let ended = 0;
    const logged: unknown[] = [];
    const { body, digest } = exportStream(reader(), kind, 'geojson', (error) => logged.push(error), { deadline: deadline.signal, onEnd: () => ended++ });
    const chunks: Buffer[] = [];
    body.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((resolve) => body.on('close', resolve));
    body.on('error', () => {});
    deadline.abort();
    assert.equal(await digest, null);
    await closed;
    assert.ok(body.destroyed);
    assert.doesNotMatch(Buffer.concat(chunks).toString('utf8'), /"sha256"/, 'no digest: the answer is visibly cut');
    assert.equal(ended, 1);
    assert.match(String(logged[0]), /deadline/);
  });

  test('cuts the dashboard\'s zip: no SHA256SUMS, and its slot is released', async () => {
    const deadline = new AbortController();
    let ended = 0;
    const { archive, done } = exportZip(reader(), kind, TEXTS.en, 'Co', () => {}, { deadline: deadline.signal, onEnd: () => ended++ });
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.on('error', () => {});
    archive.pipe(out);
    deadline.abort();
    await done;
    assert.ok(archive.destroyed);
    assert.ok(!Buffer.concat(chunks).includes('SHA256SUMS'), 'the zip ends unfinished');
    assert.equal(ended, 1);
  });
});
