import assert from 'node:assert/strict';
import { randomAlphanumeric } from '../../src/core/ids.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { applyBatch, type OperationData } from '../../src/foundation/apply.ts';
import { updateCompany } from '../../src/operator/companies.ts';
import type { TestApp } from './app.ts';
import { SQUARE, companyWithTokens, type TestCompany } from './factories.ts';

/**
 * The companies behind the public impact page tests (impact-page, impact-browser): each
 * built as the foundation would send it, through its operations (foundation/apply.ts),
 * so the per-company aggregates the page reads come out as real traffic leaves them.
 * Personal data goes in where a company or the foundation would put it (recipients, a gift
 * code's sent_to), so that a test can prove none of it reaches the page.
 */

export interface ImpactCompany extends TestCompany {
  slug: string;
  name: string;
}

/** What the main company's recipients and gift code hold: none of it may be on the page, the JSON or the badge. */
export const PERSONAL = {
  first: 'Zebulon',
  last: 'Quartermaine',
  email: 'zebulon@example.org',
  reference: 'crm-zq-004217',
  message: 'Voor Zebulon, bedankt voor je bestelling',
  giftName: 'Philippa Nightingale-Osei',
  giftEmail: 'philippa.osei@private-inbox.example',
  giftReference: 'order-PN-778199',
  foundationFirst: 'Ottoline',
  foundationLast: 'Vandersteen',
  foundationEmail: 'ottoline.vandersteen@example.net',
} as const;

export const ref = (kind: string) => `${kind}-${randomAlphanumeric(10)}`;

/** Runs foundation operations in one unit of work, as the foundation API's batch does. */
export async function foundation(app: TestApp, publicBaseUrl: string, operations: OperationData[]) {
  return applyBatch(app.db, operations, publicBaseUrl);
}

export async function newCompany(app: TestApp, name: string): Promise<ImpactCompany> {
  const company = await companyWithTokens(app.db, { name });
  const row = await app.db.selectFrom('companies').select(['slug', 'name']).where('id', '=', company.id).executeTakeFirstOrThrow();
  return { ...company, slug: row.slug, name: row.name };
}

const SPECIES = [{ name_latin: 'Prunus africana', name_common: { en: 'African cherry', nl: 'Afrikaanse kers' }, trees: 600 }];

/** A square of about a kilometre at a place. */
function squareAt(latitude: number, longitude: number) {
  const d = 0.005;
  return {
    type: 'Polygon' as const,
    coordinates: [[[longitude, latitude], [longitude + d, latitude], [longitude + d, latitude + d], [longitude, latitude + d], [longitude, latitude]]],
  };
}

export function partnerOp(partnerRef: string, name = 'Green Belt Restoration Trust', country = 'KE'): OperationData {
  return { op: 'upsert_partner', input: { ref: partnerRef, name, country } };
}

export function projectOp(projectRef: string, partnerRef: string, options: { name: string; nameNl?: string; country: string; region?: string; description?: string }): OperationData {
  return {
    op: 'upsert_project',
    input: {
      ref: projectRef, partner_ref: partnerRef,
      name: { en: options.name, nl: options.nameNl ?? options.name },
      description: { en: options.description ?? 'Restoring forest with the farmers who live beside it.', nl: 'Bosherstel samen met de boeren die ernaast wonen.' },
      country: options.country, region: options.region ?? 'Central', ecosystem_type: 'tropical_montane_forest', geometry: SQUARE,
      photos: [{ url: 'https://images.example.org/nursery.jpg', caption: { en: 'The nursery', nl: 'De kwekerij' }, taken_at: '2024-03-01', credit: 'Green Belt' }],
      foundation_url: 'https://foundation.example.org/projects/one',
    },
  };
}

/** A planting: with `plantedAt`, a complete dossier; `done` reports it done (its trees become planted). */
export function plantingOps(plantingRef: string, projectRef: string, options: { trees?: number; plantedAt?: string; done?: boolean; at?: [number, number]; livemode?: boolean } = {}): OperationData[] {
  const [latitude, longitude] = options.at ?? [-0.4, 36.95];
  const dossier = options.plantedAt ? { planted_at: options.plantedAt, geometry: squareAt(latitude, longitude), species: SPECIES } : {};
  const upsert: OperationData = {
    op: 'upsert_planting',
    input: { ref: plantingRef, project_ref: projectRef, trees: options.trees ?? 10_000, planting_method: 'seedlings', ...dossier, ...(options.livemode === false ? { livemode: false } : {}) },
  };
  return options.done ? [upsert, { op: 'complete_planting', input: { ref: plantingRef } }] : [upsert];
}

export function allocationOp(companyId: string, plantingRef: string, trees: number, options: { livemode?: boolean; at?: string } = {}): OperationData {
  return {
    op: 'record_allocation',
    input: { ref: ref('alloc'), company_id: companyId, livemode: options.livemode ?? true, planting_ref: plantingRef, trees, ...(options.at ? { allocated_at: options.at } : {}) },
  };
}

export function monitoringOp(projectRef: string, plantingRef: string | null, recordedAt: string, survivalRate: number, options: { livemode?: boolean } = {}): OperationData {
  return {
    op: 'record_monitoring',
    input: {
      ref: ref('mon'), project_ref: projectRef, ...(plantingRef ? { planting_ref: plantingRef } : {}), recorded_at: recordedAt, survival_rate: survivalRate,
      trees_alive: Math.round(survivalRate * 1000), method: 'field_count', ...(options.livemode === false ? { livemode: false } : {}),
    },
  };
}

export function verificationOp(projectRef: string, periodStart: string, periodEnd: string, verifier = 'Forest Audit Bureau'): OperationData {
  return {
    op: 'publish_verification',
    input: {
      ref: ref('ver'), project_ref: projectRef, period_start: periodStart, period_end: periodEnd, verifier_name: verifier,
      document_url: 'https://audit.example.org/reports/2024.pdf', summary: { en: 'Planting counts confirmed.', nl: 'Aantallen bevestigd.' },
      trees_verified: 900, published_at: '2025-02-01T10:00:00Z',
    },
  };
}

/**
 * The fixtures of the main company, "Fairbrook Impact Roasters", as numbers a test can
 * recompute the page's figures from.
 *
 * - Kabaru (KE, verified for 2024): A1 300 trees planted 2024-04-15, counted 90% on
 *   2025-05-01; A2 200 trees planted 2025-03-01 (after the statement's period), whose only
 *   count (11%, 2025-01-15) is dated before it was planted; A3 100 trees pledged. A count
 *   of the whole project on 2024-01-10 (55%) predates every planting of the company there.
 * - Veluwe (NL): B1 500 trees planted 2024-10-01, counted 80% on 2025-06-01, and the
 *   whole project counted 75% on 2025-09-01.
 * - Usambara (TZ): C1 50 trees pledged; the project was counted 66% as a whole.
 * - In test mode: 70 trees of a test planting, counted 12%.
 * - Passed on: 40 trees to Zebulon (API), 10 behind a gift code sent to Philippa, 5 to
 *   Ottoline by the foundation.
 */
export const MAIN = {
  name: 'Fairbrook Impact Roasters',
  a1: { trees: 300, plantedAt: '2024-04-15', count: { at: '2025-05-01', rate: 0.9 } },
  a2: { trees: 200, plantedAt: '2025-03-01', countBefore: { at: '2025-01-15', rate: 0.11 } },
  a3: { trees: 100 },
  aWholeBefore: { at: '2024-01-10', rate: 0.55 },
  aStatement: { start: '2024-01-01', end: '2024-12-31', verifier: 'Kilimanjaro Forest Audit Bureau' },
  b1: { trees: 500, plantedAt: '2024-10-01', count: { at: '2025-06-01', rate: 0.8 } },
  bWhole: { at: '2025-09-01', rate: 0.75 },
  c1: { trees: 50 },
  cWhole: { at: '2025-01-01', rate: 0.66 },
  testTrees: 70,
  testCount: { at: '2025-05-02', rate: 0.12 },
  passedOn: { api: 40, gift: 10, foundation: 5 },
} as const;

/** The main company and its projects' ids, with the foundation refs a test that adds more needs. */
export async function makeMainCompany(app: TestApp, publicBaseUrl: string) {
  const company = await newCompany(app, MAIN.name);
  const r = { partner: ref('ptn'), a: ref('prj'), b: ref('prj'), c: ref('prj'), a1: ref('plt'), a2: ref('plt'), a3: ref('plt'), b1: ref('plt'), c1: ref('plt'), t1: ref('plt') };
  await foundation(app, publicBaseUrl, [
    partnerOp(r.partner),
    projectOp(r.a, r.partner, { name: 'Kabaru Forest Restoration', nameNl: 'Bosherstel Kabaru', country: 'KE', region: 'Nyeri' }),
    projectOp(r.b, r.partner, { name: 'Veluwe Heath Edge', nameNl: 'Veluwerand', country: 'NL', region: 'Gelderland' }),
    projectOp(r.c, r.partner, { name: 'Usambara Mountains', nameNl: 'Usambarabergen', country: 'TZ', region: 'Tanga' }),
    ...plantingOps(r.a1, r.a, { plantedAt: MAIN.a1.plantedAt, done: true, at: [-0.41, 36.9] }),
    ...plantingOps(r.a2, r.a, { plantedAt: MAIN.a2.plantedAt, done: true, at: [-0.43, 36.93] }),
    ...plantingOps(r.a3, r.a),
    ...plantingOps(r.b1, r.b, { plantedAt: MAIN.b1.plantedAt, done: true, at: [52.1, 5.8] }),
    ...plantingOps(r.c1, r.c),
    ...plantingOps(r.t1, r.a, { plantedAt: '2024-04-20', done: true, livemode: false }),
    allocationOp(company.id, r.a1, MAIN.a1.trees, { at: '2024-03-01T09:00:00Z' }),
    allocationOp(company.id, r.a2, MAIN.a2.trees, { at: '2024-06-01T09:00:00Z' }),
    allocationOp(company.id, r.a3, MAIN.a3.trees, { at: '2025-02-01T09:00:00Z' }),
    allocationOp(company.id, r.b1, MAIN.b1.trees, { at: '2024-07-01T09:00:00Z' }),
    allocationOp(company.id, r.c1, MAIN.c1.trees, { at: '2025-03-01T09:00:00Z' }),
    allocationOp(company.id, r.t1, MAIN.testTrees, { livemode: false, at: '2023-01-01T09:00:00Z' }),
    monitoringOp(r.a, r.a1, MAIN.a1.count.at, MAIN.a1.count.rate),
    monitoringOp(r.a, r.a2, MAIN.a2.countBefore.at, MAIN.a2.countBefore.rate),
    monitoringOp(r.a, null, MAIN.aWholeBefore.at, MAIN.aWholeBefore.rate),
    monitoringOp(r.b, r.b1, MAIN.b1.count.at, MAIN.b1.count.rate),
    monitoringOp(r.b, null, MAIN.bWhole.at, MAIN.bWhole.rate),
    monitoringOp(r.c, null, MAIN.cWhole.at, MAIN.cWhole.rate),
    monitoringOp(r.a, r.t1, MAIN.testCount.at, MAIN.testCount.rate),
    verificationOp(r.a, MAIN.aStatement.start, MAIN.aStatement.end, MAIN.aStatement.verifier),
  ]);
  await updateCompany(app.db, company.id, {
    aboutEn: 'We roast coffee in Utrecht and pay for one tree per bag.\n\nThis page shows where they are.',
    aboutNl: 'We branden koffie in Utrecht en betalen één boom per zak.\n\nDeze pagina laat zien waar ze staan.',
  });

  const key = () => ({ 'idempotency-key': randomAlphanumeric(16) });
  const person = await app.request('POST', '/v2/recipients', {
    token: company.live, headers: key(),
    body: { trees: MAIN.passedOn.api, first_name: PERSONAL.first, last_name: PERSONAL.last, email: PERSONAL.email, external_reference: PERSONAL.reference, message: PERSONAL.message, language: 'nl' },
  });
  assert.equal(person.status, 200, person.text);
  const gift = await app.request('POST', '/v2/gift-codes', {
    token: company.live, headers: key(),
    body: { trees: MAIN.passedOn.gift, sent_to: { name: PERSONAL.giftName, email: PERSONAL.giftEmail }, external_reference: PERSONAL.giftReference },
  });
  assert.equal(gift.status, 200, gift.text);
  await foundation(app, publicBaseUrl, [{
    op: 'create_recipient',
    input: { ref: ref('rcp'), company_id: company.id, livemode: true, trees: MAIN.passedOn.foundation, first_name: PERSONAL.foundationFirst, last_name: PERSONAL.foundationLast, email: PERSONAL.foundationEmail },
  }]);
  await app.runJobs();
  const projectIds = async (...refs: string[]): Promise<Record<string, string>> =>
    Object.fromEntries((await app.db.selectFrom('projects').select(['id', 'foundation_ref']).where('foundation_ref', 'in', refs).execute()).map((row) => [row.foundation_ref, row.id]));
  const ids = await projectIds(r.a, r.b, r.c);
  return { company, refs: r, projects: { a: ids[r.a]!, b: ids[r.b]!, c: ids[r.c]! }, giftCode: gift.body.code as string };
}

/** A company whose every tree is pledged: its plantings have no dossier yet, though their project was counted. */
export async function makePledgedOnly(app: TestApp, publicBaseUrl: string, name = 'Pledge Only Tea Company') {
  const company = await newCompany(app, name);
  const r = { partner: ref('ptn'), project: ref('prj'), planting: ref('plt') };
  await foundation(app, publicBaseUrl, [
    partnerOp(r.partner),
    projectOp(r.project, r.partner, { name: 'Mau Forest Edge', nameNl: 'Rand van het Mau-woud', country: 'KE' }),
    ...plantingOps(r.planting, r.project),
    allocationOp(company.id, r.planting, 250, { at: '2025-04-01T09:00:00Z' }),
    monitoringOp(r.project, null, '2025-06-01', 0.7),
    verificationOp(r.project, '2024-01-01', '2025-12-31'),
  ]);
  return company;
}

/** A company with trees in test mode only: a planted, counted test planting. */
export async function makeTestOnly(app: TestApp, publicBaseUrl: string, name = 'Test Mode Only Bakery') {
  const company = await newCompany(app, name);
  const r = { partner: ref('ptn'), project: ref('prj'), planting: ref('plt') };
  await foundation(app, publicBaseUrl, [
    partnerOp(r.partner),
    projectOp(r.project, r.partner, { name: 'Sandbox Grove', country: 'KE' }),
    ...plantingOps(r.planting, r.project, { plantedAt: '2024-04-15', done: true, livemode: false }),
    allocationOp(company.id, r.planting, 80, { livemode: false }),
    monitoringOp(r.project, r.planting, '2025-05-01', 0.5, { livemode: false }),
  ]);
  return company;
}

/** The demo company (demo/seed.ts): photos Canopy holds, measurements, statements, recipients and gift codes. */
export async function makeDemo(app: TestApp, publicBaseUrl: string): Promise<{ id: string; slug: string }> {
  const demo = await seedDemo(app.db, publicBaseUrl);
  const row = await app.db.selectFrom('companies').select('slug').where('id', '=', demo.companyId).executeTakeFirstOrThrow();
  return { id: demo.companyId, slug: row.slug };
}

/** A text of exactly `length` characters made of the seed's words. */
export function words(length: number, seed: string) {
  let text = '';
  while (text.length < length) text += (text ? ' ' : '') + seed;
  return text.slice(0, length).trimEnd().padEnd(length, 'x');
}

export const LARGE = { projects: 12, plantingsPerProject: 10 } as const;

/**
 * A large company: 12 projects in 12 countries, 120 plantings (most planted, some
 * pledged), counts of the plantings and of the projects, a statement for each project.
 * `long`: the longest names and texts a company, project, partner and verifier may have
 * (what a page must hold without breaking); otherwise names as real ones are.
 */
export async function makeLarge(app: TestApp, publicBaseUrl: string, options: { long?: boolean; name?: string } = {}) {
  const long = options.long ?? true;
  const name = options.name ?? (long ? words(200, 'Koninklijke Koffiebranderijgroothandelsonderneming Schimmelpenninck-van der Oldenbarnevelt') : 'Northwind Outdoor Gear');
  const company = await newCompany(app, name);
  const places: [string, number, number][] = [
    ['KE', -0.4, 36.9], ['TZ', -4.8, 38.3], ['UG', 0.3, 32.6], ['ET', 9.0, 38.7], ['ID', -6.9, 110.6], ['BR', -14, -51],
    ['PE', -9.2, -75], ['PT', 38.6, -8.0], ['ES', 40.4, -3.7], ['NL', 52.1, 5.8], ['IN', 20.6, 78.9], ['MG', -19, 46.9],
  ];
  const partnerRef = ref('ptn');
  const operations: OperationData[] = [partnerOp(partnerRef, long ? words(200, 'Natuurbeschermingsorganisatiesamenwerkingsverband Oost-Afrika') : 'Green Belt Restoration Trust')];
  for (let p = 0; p < LARGE.projects; p++) {
    const projectRef = ref('prj');
    operations.push(projectOp(projectRef, partnerRef, long
      ? {
          name: words(120, `Herstel van het Stroomgebiedsbeschermingsprogrammagebied ${p + 1}`), nameNl: words(120, `Stroomgebiedsbeschermingsprogrammagebiedherstel nummer ${p + 1}`),
          country: places[p]![0], region: words(80, 'Provinciale Waterschapsbeheersgebieden'),
          description: words(500, 'Boeren en kwekerijen herstellen het bos op de hellingen boven de rivier'),
        }
      : {
          name: `Watershed Forest Restoration ${p + 1}`, nameNl: `Bosherstel stroomgebied ${p + 1}`, country: places[p]![0], region: 'Highlands',
          description: 'Farmers and community nurseries restore forest on the slopes above the river, reconnecting fragments that protect the water supply.',
        }));
    for (let i = 0; i < LARGE.plantingsPerProject; i++) {
      const plantingRef = ref('plt');
      const planted = i < 8;
      const year = 2023 + (i % 3);
      operations.push(
        ...plantingOps(plantingRef, projectRef, { plantedAt: planted ? `${year}-0${1 + (i % 9)}-15` : undefined, done: planted, at: [places[p]![1] + i * 0.03, places[p]![2] + i * 0.03] }),
        allocationOp(company.id, plantingRef, 100 + p * 37 + i * 11, { at: `2023-01-${String(1 + i).padStart(2, '0')}T09:00:00Z` }),
      );
      if (planted && i % 2 === 0) operations.push(monitoringOp(projectRef, plantingRef, `${year + 1}-06-01`, 0.6 + (i % 4) * 0.1));
    }
    for (let year = 2024; year <= 2026; year++) operations.push(monitoringOp(projectRef, null, `${year}-02-01`, 0.7 + (year - 2024) * 0.05));
    operations.push(verificationOp(projectRef, '2023-01-01', '2024-06-30', long ? words(255, 'Internationaal Bosbouwcertificeringsinstituut en Auditbureau') : 'Forest Audit Bureau'));
  }
  await foundation(app, publicBaseUrl, operations);
  await updateCompany(app.db, company.id, long
    ? {
        websiteUrl: 'https://www.koninklijke-koffiebranderijgroothandelsonderneming-schimmelpenninck.example/',
        aboutEn: words(600, 'We roast coffee and pay for trees with the communities we buy from'),
        aboutNl: words(600, 'Wij branden koffie en betalen bomen met de gemeenschappen waar we van kopen'),
      }
    : { websiteUrl: 'https://northwind.example/', aboutEn: 'Every jacket we sell pays for two trees.', aboutNl: 'Elke jas die we verkopen betaalt twee bomen.' });
  return company;
}

/** A company that hid its page, though it has trees. */
export async function makeHidden(app: TestApp, publicBaseUrl: string, name = 'Quiet Hidden Roasters') {
  const company = await makePledgedOnly(app, publicBaseUrl, name);
  await updateCompany(app.db, company.id, { impactPage: 'hidden' });
  return company;
}
