import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { coveringStatement, statusWording, survivalOf, timelineOf, treesByStatus } from '../../../src/modules/certificates/proof.ts';
import { startTestApp, testWorkerServices } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { pdfText } from '../../helpers/pdf.ts';

/**
 * What a certificate claims, rule by rule (docs/decisions.md, "What a certificate claims"):
 * each rule meets a planting that breaks it, on the page, in the PDF, in English and Dutch.
 */

const app = await startTestApp();

const statement = { period_start: '2024-01-01', period_end: '2024-12-31' };
const measured = { recorded_at: '2025-05-01', survival_rate: 0.87, trees_alive: 870, method: 'field_count' };

describe('the proof rules', () => {
  test('a statement covers a planting planted within or before its period, never one planted after it or still pledged', () => {
    assert.equal(coveringStatement({ planted_at: '2024-04-15', verification: { latest: statement } }), statement, 'planted within the period');
    assert.equal(coveringStatement({ planted_at: '2023-10-01', verification: { latest: statement } }), statement, 'planted before the period');
    assert.equal(coveringStatement({ planted_at: '2024-12-31', verification: { latest: statement } }), statement, 'planted on its last day');
    assert.equal(coveringStatement({ planted_at: '2025-01-01', verification: { latest: statement } }), null, 'planted the day after it ends');
    assert.equal(coveringStatement({ planted_at: null, verification: { latest: statement } }), null, 'pledged trees');
    assert.equal(coveringStatement({ planted_at: '2024-04-15', verification: { latest: null } }), null, 'no statement');
  });

  test("a survival measurement counts for a planting only when it is the planting's and taken after planting", () => {
    assert.equal(survivalOf({ planted_at: '2024-04-15', latest_monitoring: measured }), measured);
    assert.equal(survivalOf({ planted_at: '2025-06-01', latest_monitoring: measured }), null, 'measured before these trees were planted');
    assert.equal(survivalOf({ planted_at: null, latest_monitoring: measured }), null, 'pledged trees are not measured');
  });

  test('the timeline shows a step only when its proof shows it, in the order of its dates', () => {
    const published = { ...statement, published_at: '2025-02-01T10:00:00.000Z' };
    const story = (planting: Parameters<typeof timelineOf>[0]) => timelineOf(planting).map((step) => `${step.step}:${step.done ? step.date ?? 'undated' : 'not yet'}`);
    assert.deepEqual(
      story({ created_at: '2024-03-01T08:00:00.000Z', planted_at: '2024-04-15', latest_monitoring: measured, verification: { latest: published } }),
      ['pledged:2024-03-01', 'planted:2024-04-15', 'verified:2025-02-01', 'measured:2025-05-01'],
      'a statement published before the latest measurement comes before it',
    );
    assert.deepEqual(
      story({ created_at: '2024-03-01T08:00:00.000Z', planted_at: null, latest_monitoring: measured, verification: { latest: published } }),
      ['pledged:2024-03-01', 'planted:not yet', 'measured:not yet', 'verified:not yet'],
      'pledged trees are neither planted, measured nor verified, whatever the project holds',
    );
    assert.deepEqual(
      story({ created_at: '2024-03-01T08:00:00.000Z', planted_at: '2025-06-01', latest_monitoring: measured, verification: { latest: published } }),
      ['pledged:2024-03-01', 'planted:2025-06-01', 'measured:not yet', 'verified:not yet'],
      'a measurement and a statement from before planting are not of these trees',
    );
    assert.deepEqual(
      story({ created_at: '2026-11-01T08:00:00.000Z', planted_at: '2024-04-15', latest_monitoring: null, verification: { latest: null } }),
      ['pledged:undated', 'planted:2024-04-15', 'measured:not yet', 'verified:not yet'],
      'a planting recorded after it was planted has no pledge date to show',
    );
  });

  test('trees are counted by status, and the wording follows', () => {
    const counts = treesByStatus([{ planted_at: '2024-04-15', treesHere: 20 }, { planted_at: null, treesHere: 10 }]);
    assert.deepEqual(counts, { planted: 20, pledged: 10 });
    assert.equal(statusWording(counts), 'mixed');
    assert.equal(statusWording({ planted: 0, pledged: 4 }), 'pledged');
    assert.equal(statusWording({ planted: 4, pledged: 0 }), 'planted');
  });
});


describe('a certificate over plantings that break the rules', () => {
  let certificate: { id: string; download_url: string };
  let english = '';
  let dutch = '';
  let plantingSections: string[] = [];
  before(async () => {
    const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
    const verified = await make.project(app.db, { name: 'Verified Hills', country: 'KE' });
    await make.verification(app.db, verified);
    const covered = await make.planting(app.db, verified, { trees: 1000 });
    const late = await make.planting(app.db, verified, { trees: 1000 });
    await app.db.updateTable('plantings').set({ planted_at: '2025-03-01' }).where('id', '=', late.id).execute();
    const pledged = await make.planting(app.db, verified, { trees: 1000, done: false });
    await make.monitoring(app.db, verified, { plantingId: covered.id, recordedAt: '2025-05-01', survivalRate: 0.87 });
    await make.monitoring(app.db, verified, { plantingId: late.id, recordedAt: '2024-11-01', survivalRate: 0.99 });
    for (const [planting, day] of [[covered, 1], [late, 2], [pledged, 3]] as const) {
      await make.allocation(app.db, company, planting, { trees: 10, status: planting === pledged ? 'pledged' : 'planted', createdAt: new Date(Date.UTC(2025, 0, day)) });
    }
    const created = await app.request('POST', '/v2/recipients', {
      token: company.live, body: { trees: 30, first_name: 'Ada' }, headers: { 'idempotency-key': randomAlphanumeric(16) },
    });
    assert.equal(created.status, 200, created.text);
    await app.runJobs();
    certificate = (await app.get(`/v2/recipients/${created.body.id}`, company.live)).body.certificate;
    english = (await app.get(`/certificates/${certificate.id}?lang=en`)).text;
    dutch = (await app.get(`/certificates/${certificate.id}?lang=nl`)).text;
    plantingSections = english.split(/<section class="card"[^>]*>/).slice(1).filter((part) => part.includes('<div class="planting">'));
  });

  test('the main sentence says how many trees are planted and how many pledged', () => {
    assert.match(english, /This certifies 30 trees for Ada: 20 trees planted, and 10 trees pledged to be planted in the next planting season\./);
    assert.match(dutch, /Dit certificaat bevestigt 30 bomen voor Ada: 20 bomen geplant en 10 bomen toegezegd, die in het volgende plantseizoen worden geplant\./);
    assert.doesNotMatch(english, /\bgrow/, 'no tree of this certificate is said to grow');
  });

  test('the statement shows under the planting it covers only', () => {
    assert.equal(plantingSections.length, 3);
    const withStatement = plantingSections.filter((section) => /Verified by Forest Audit Bureau/.test(section));
    assert.equal(withStatement.length, 1, 'one planting of three is covered');
    assert.match(withStatement[0]!, /Planted on<\/dt><dd>15 April 2024/);
    const after = plantingSections.find((section) => /Planted on<\/dt><dd>1 March 2025/.test(section))!;
    assert.match(after, /The project&#39;s latest statement covers plantings up to 31 December 2024; these trees were planted after it\./);
    const pledgedSection = plantingSections.find((section) => /Pledged: these trees are to be planted/.test(section))!;
    assert.doesNotMatch(pledgedSection, /Verified by|Verification/, 'nothing about verification under pledged trees');
  });

  test('the project summary says how many of its trees the statement covers', () => {
    assert.match(english, /The trees by status/);
    assert.match(english, /Verified by Forest Audit Bureau for the period 1 January 2024 – 31 December 2024\.\s*It covers 10 of these 30 trees: those planted by the end of its period\./);
  });

  test('survival shows with its date, translated method and the trees it counted, and never before planting', () => {
    const first = plantingSections.find((section) => /Planted on<\/dt><dd>15 April 2024/.test(section))!;
    assert.match(first, /87% of this planting(?:'|&#39;)s trees were alive on 1 May 2025: 870 trees counted alive \(field count\)\./);
    const after = plantingSections.find((section) => /Planted on<\/dt><dd>1 March 2025/.test(section))!;
    assert.doesNotMatch(after, /99%/, 'a measurement from before planting is not of these trees');
    assert.match(after, /Not measured yet/);
    assert.match(dutch, /Op 1 mei 2025 leefde 87% van de bomen van deze aanplant: 870 bomen levend geteld \(telling in het veld\)\./);
  });

  test('each planting tells its story from pledge to proof, with the dates its proof gives', () => {
    const steps = (section: string) => [...section.matchAll(/<li class="(?:done|waiting)">\s*<span class="step">([^<]+)<\/span>\s*<span class="when">([^<]+)<\/span>/g)].map(([, step, when]) => `${step}: ${when}`);
    const covered = plantingSections.find((section) => /Planted on<\/dt><dd>15 April 2024/.test(section))!;
    assert.deepEqual(steps(covered), ['Pledged: date not reported', 'Planted: 15 April 2024', 'Verified: 1 February 2025', 'Survival measured: 1 May 2025']);
    const after = plantingSections.find((section) => /Planted on<\/dt><dd>1 March 2025/.test(section))!;
    assert.deepEqual(steps(after), ['Pledged: date not reported', 'Planted: 1 March 2025', 'Survival measured: not yet', 'Verified: not yet']);
    const pledgedSection = plantingSections.find((section) => /Pledged: these trees are to be planted/.test(section))!;
    assert.deepEqual(steps(pledgedSection).slice(1), ['Planted: not yet', 'Survival measured: not yet', 'Verified: not yet']);
    assert.match(covered, /How they were planted<\/dt><dd>planted as nursery seedlings/);
    assert.match(covered, /Planted before the long rains\./);
    assert.match(dutch, /Hoe ze zijn geplant<\/dt><dd>geplant als zaailingen uit de kwekerij/);
  });

  test('the PDF says the same, project by project', async () => {
    const response = await fetch(`${app.baseUrl}${new URL(certificate.download_url).pathname}${new URL(certificate.download_url).search}`);
    const text = (await pdfText(Buffer.from(await response.arrayBuffer()))).join('\n').replace(/\s+/g, ' ');
    assert.match(text, /This certifies 30 trees for Ada: 20 trees planted, and 10 trees pledged/);
    assert.match(text, /Verified Hills, Kenya: 30 trees: 20 planted, 10 to be planted in the next planting season/);
    assert.match(text, /It covers 10 of these 30 trees/);
    assert.doesNotMatch(text, /\bgrow/);
  });
});

describe('a company certificate over a verified and an unverified project', () => {
  let certificate: { id: string; download_url: string };
  let page = '';
  before(async () => {
    const company = await make.companyWithTokens(app.db, { name: 'Two Projects Co' });
    const verified = await make.project(app.db, { name: 'Audited Ridge' });
    await make.verification(app.db, verified);
    const unverified = await make.project(app.db, { name: 'Young Delta', country: 'BR' });
    await make.allocation(app.db, company, await make.planting(app.db, verified, { trees: 5000 }), { trees: 40 });
    await make.allocation(app.db, company, await make.planting(app.db, unverified, { trees: 5000 }), { trees: 60 });
    const { refreshCompanyCertificates } = await import('../../../src/modules/certificates/jobs.ts');
    await refreshCompanyCertificates.handle(app.db, {}, { ...testWorkerServices(), jobId: 0, attempts: 1 });
    [certificate] = (await app.get('/v2/certificates?type=company', company.live)).body.data;
    page = (await app.get(`/certificates/${certificate.id}?lang=en`)).text;
  });

  test('it summarises by status and by project first, each project with its own verification', () => {
    const summary = page.slice(page.indexOf('The trees by status'), page.indexOf('The plantings'));
    assert.ok(summary.length > 0 && page.indexOf('The trees by status') < page.indexOf('The plantings'), 'the summary comes before the list');
    const ridge = summary.slice(summary.indexOf('Audited Ridge'), summary.indexOf('Young Delta') > summary.indexOf('Audited Ridge') ? summary.indexOf('Young Delta') : undefined);
    const delta = summary.slice(summary.indexOf('Young Delta'), summary.indexOf('Audited Ridge') > summary.indexOf('Young Delta') ? summary.indexOf('Audited Ridge') : undefined);
    assert.match(ridge, /40 trees/);
    assert.match(ridge, /Verified by Forest Audit Bureau/);
    assert.match(delta, /60 trees/);
    assert.match(delta, /The project has no published verification statement yet\./);
    assert.doesNotMatch(delta, /Verified by/, "one project's statement never shows under another's trees");
  });

  test('its PDF prints each project with its own verification', async () => {
    const response = await fetch(`${app.baseUrl}${new URL(certificate.download_url).pathname}${new URL(certificate.download_url).search}`);
    const text = (await pdfText(Buffer.from(await response.arrayBuffer()))).join('\n').replace(/\s+/g, ' ');
    assert.match(text, /Young Delta, Brazil: 60 trees, all planted The project has no published verification statement yet\./);
    assert.match(text, /Audited Ridge, Kenya: 40 trees, all planted Verified by Forest Audit Bureau/);
  });
});
