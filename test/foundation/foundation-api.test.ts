import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { createFoundationKey, revokeFoundationKey } from '../../src/operator/foundation-keys.ts';
import { randomAlphanumeric } from '../../src/core/ids.ts';
import { startTestApp, type TestResponse } from '../helpers/app.ts';
import { companyWithTokens, SQUARE, type TestCompany } from '../helpers/factories.ts';

/**
 * The foundation API over real HTTP: its keys, every operation and the events each
 * causes in the company's log, replays, all-or-nothing batches, error statuses, and
 * operations that arrive out of order.
 */

const app = await startTestApp();
const foundationKey = (await createFoundationKey(app.db, 'Foundation test key')).key;

interface Envelope {
  op: string;
  input: Record<string, unknown>;
  message_id?: string;
}

interface EventObject {
  id: string;
  type: string;
  livemode: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: events carry arbitrary API objects
  data: { object: any; previous?: Record<string, unknown> };
}

const send = (operation: Envelope, key = foundationKey) => app.request('POST', '/foundation/v1/operations', { token: key, body: operation });
const sendBatch = (operations: Envelope[], key = foundationKey) => app.request('POST', '/foundation/v1/batch', { token: key, body: { operations } });

/** Sends one operation and expects it applied. */
async function apply(op: string, input: Record<string, unknown>, message_id?: string) {
  const response = await send({ op, input, ...(message_id ? { message_id } : {}) });
  assert.equal(response.status, 200, `${op}: ${response.text}`);
  return response.body as { op: string; id: string; unchanged: boolean; events: string[] };
}

function expectError(response: TestResponse, status: number, code: string, param: string | null) {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.error.code, code, response.text);
  assert.equal(response.body.error.param, param, response.text);
}

/** Every event of the company in one mode, newest first, through GET /v2/events. */
async function eventsOf(token: string, type?: string): Promise<EventObject[]> {
  const events: EventObject[] = [];
  let after: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: '100', ...(type ? { type } : {}), ...(after ? { starting_after: after } : {}) });
    const page = await app.get(`/v2/events?${query}`, token);
    assert.equal(page.status, 200, page.text);
    events.push(...page.body.data);
    if (!page.body.has_more) return events;
    after = events.at(-1)?.id;
  }
}

const typesOf = (events: EventObject[]) => events.map((event) => event.type).sort();

async function getObject(path: string, token: string) {
  const response = await app.get(path, token);
  assert.equal(response.status, 200, response.text);
  return response.body;
}

/** The events written since `before` (a list of the same log read earlier). */
async function newEvents(token: string, before: EventObject[]) {
  const seen = new Set(before.map((event) => event.id));
  return (await eventsOf(token)).filter((event) => !seen.has(event.id));
}

const DOSSIER = {
  planted_at: '2025-04-15',
  geometry: SQUARE,
  species: [
    { name_latin: 'Prunus africana', name_common: { en: 'African cherry', nl: 'Afrikaanse kers' }, trees: 600 },
    { name_latin: 'Podocarpus falcatus', name_common: { en: 'East African yellowwood', nl: 'Oost-Afrikaans geelhout' }, trees: 400 },
  ],
};

/** Fresh refs, a company, and the operations that give it a partner, a project and a planting. */
/** A realistic project, with texts in en and nl. */
function projectInput(refs: { project: string; partner: string }) {
  return {
    ref: refs.project, partner_ref: refs.partner,
    name: { en: 'Mount Kenya Forest Restoration', nl: 'Bosherstel op Mount Kenya' },
    description: { en: 'Restoring indigenous forest on the southern slopes.', nl: 'Herstel van inheems bos op de zuidelijke hellingen.' },
    country: 'KE', region: 'Nyeri', status: 'active', ecosystem_type: 'tropical_montane_forest', started_at: '2024-03-01', geometry: SQUARE,
    photos: [{ url: 'https://images.example.org/nursery.jpg', caption: { en: 'The nursery', nl: 'De kwekerij' }, taken_at: '2024-03-10', credit: 'Green Belt' }],
    default_species: [{ name_latin: 'Prunus africana', name_common: { en: 'African cherry', nl: 'Afrikaanse kers' } }],
    sdg_goals: [15, 13], foundation_url: 'https://foundation.example.org/projects/mount-kenya',
  };
}

async function newWorld(planting: Record<string, unknown> = DOSSIER) {
  const tag = randomAlphanumeric(8);
  const refs = { partner: `ptn-${tag}`, project: `prj-${tag}`, planting: `plt-${tag}`, testPlanting: `plt-test-${tag}` };
  const company = await companyWithTokens(app.db);
  const setup: Envelope[] = [
    { op: 'upsert_partner', input: { ref: refs.partner, name: 'Green Belt Restoration Trust', country: 'KE', website_url: 'https://greenbelt.example.org' } },
    { op: 'upsert_project', input: projectInput(refs) },
    { op: 'upsert_planting', input: { ref: refs.planting, project_ref: refs.project, trees: 1000, ...planting } },
  ];
  return { refs, company, setup };
}

async function applyAll(operations: Envelope[]) {
  for (const operation of operations) await apply(operation.op, operation.input, operation.message_id);
}

const measurement = (refs: { project: string; planting: string }, extra: Record<string, unknown> = {}) => ({
  ref: `mon-${randomAlphanumeric(8)}`, project_ref: refs.project, planting_ref: refs.planting, recorded_at: '2025-10-01',
  survival_rate: 0.92, trees_alive: 920, method: 'sample_plot_count', ...extra,
});

describe('authentication', () => {
  const ping: Envelope = { op: 'complete_planting', input: { ref: 'no-such-planting' } };

  test('no key is 401 token_missing, on both calls', async () => {
    for (const path of ['/foundation/v1/operations', '/foundation/v1/batch']) {
      const response = await app.request('POST', path, { body: { operations: [ping] } });
      expectError(response, 401, 'token_missing', null);
    }
  });

  test('a company token, an unknown key or a revoked key is 401 token_invalid', async () => {
    const company = await companyWithTokens(app.db);
    const revoked = await createFoundationKey(app.db, 'Old key');
    await revokeFoundationKey(app.db, revoked.id);
    for (const key of [company.live, company.test, `canopy_fdn_${randomAlphanumeric(32)}`, revoked.key, 'garbage']) {
      expectError(await send(ping, key), 401, 'token_invalid', null);
      expectError(await sendBatch([ping], key), 401, 'token_invalid', null);
    }
  });

  test('a valid key reaches the operation', async () => {
    expectError(await send(ping), 404, 'reference_not_found', 'input[ref]');
  });
});

describe('every operation, its events, and replays', () => {
  const tag = randomAlphanumeric(8);
  const refs = {
    partner: `ptn-${tag}`, project: `prj-${tag}`, planting: `plt-${tag}`, testPlanting: `plt-test-${tag}`,
    allocation: `don-${tag}`, testAllocation: `don-test-${tag}`, legacy: `legacy-${tag}`,
  };
  let company: TestCompany;
  /** Every call made, in order, to replay them afterwards. */
  const calls: Envelope[] = [];
  const ids: Record<string, string> = {};

  /** Applies the operation, records it for the replays, and returns the events it wrote (live and test). */
  async function step(op: string, input: Record<string, unknown>) {
    const [liveBefore, testBefore] = [await eventsOf(company.live), await eventsOf(company.test)];
    // A tree count needs the sender's message id; the other operations are replays by content.
    const message_id = op === 'change_allocation_trees' ? `msg-${tag}-${calls.length}` : undefined;
    const result = await apply(op, input, message_id);
    calls.push({ op, input, message_id });
    assert.equal(result.op, op);
    assert.equal(result.unchanged, false, `${op} is new`);
    const live = await newEvents(company.live, liveBefore);
    const testMode = await newEvents(company.test, testBefore);
    assert.deepEqual([...live, ...testMode].map((event) => event.id).sort(), [...result.events].sort(), 'the response names the events written');
    return { result, live, test: testMode };
  }

  test('setup: a company with live and test tokens', async () => {
    company = await companyWithTokens(app.db);
  });

  test('upsert_partner and upsert_project (en and nl) tell nobody', async () => {
    const partner = await step('upsert_partner', { ref: refs.partner, name: 'Green Belt Restoration Trust', country: 'KE', website_url: 'https://greenbelt.example.org' });
    assert.match(partner.result.id, /^ptn_[A-Za-z0-9]{24}$/);
    assert.deepEqual([partner.live, partner.test], [[], []]);
    const project = await step('upsert_project', projectInput(refs));
    assert.match(project.result.id, /^prj_/);
    assert.deepEqual([project.live, project.test], [[], []]);
    ids.project = project.result.id;
  });

  test('upsert_planting with its dossier, live and test, tells nobody yet', async () => {
    const live = await step('upsert_planting', {
      ref: refs.planting, project_ref: refs.project, trees: 1000, ...DOSSIER, planting_method: 'seedlings',
      photos: [{ url: 'https://images.example.org/planting-day.jpg', caption: { en: 'Planting day', nl: 'Plantdag' }, taken_at: '2025-04-15' }],
      notes: { en: 'Planted before the long rains.', nl: 'Geplant voor de lange regens.' },
    });
    assert.match(live.result.id, /^plt_/);
    ids.planting = live.result.id;
    const testPlanting = await step('upsert_planting', { ref: refs.testPlanting, project_ref: refs.project, trees: 100, livemode: false, ...DOSSIER });
    assert.deepEqual([live.live, live.test, testPlanting.live, testPlanting.test], [[], [], [], []]);
  });

  test('record_allocation (live): allocation.created with the object as GET returns it', async () => {
    const { result, live, test: testMode } = await step('record_allocation', {
      ref: refs.allocation, company_id: company.id, livemode: true, planting_ref: refs.planting, trees: 120, allocated_at: '2025-05-01T09:30:00Z',
    });
    assert.match(result.id, /^alloc_/);
    ids.allocation = result.id;
    assert.deepEqual(typesOf(live), ['allocation.created']);
    assert.deepEqual(testMode, []);
    const allocation = await getObject(`/v2/allocations/${result.id}`, company.live);
    assert.deepEqual(live[0]?.data.object, allocation);
    assert.equal(allocation.status, 'pledged', 'the planting is not reported done yet');
    assert.equal(allocation.source, 'foundation');
    assert.deepEqual((await getObject('/v2/company', company.live)).trees, { total: 120, pledged: 120, planted: 0, monitored: 0 });

    const project = await app.get(`/v2/projects/${ids.project}`, company.live, { 'accept-language': 'nl' });
    assert.equal(project.body.name, 'Bosherstel op Mount Kenya', 'the Dutch text');
  });

  test('record_allocation (test): allocation.created in test mode only', async () => {
    const { result, live, test: testMode } = await step('record_allocation', {
      ref: refs.testAllocation, company_id: company.id, livemode: false, planting_ref: refs.testPlanting, trees: 30,
    });
    ids.testAllocation = result.id;
    assert.deepEqual(live, []);
    assert.deepEqual(typesOf(testMode), ['allocation.created']);
    assert.equal(testMode[0]?.livemode, false);
    assert.deepEqual(testMode[0]?.data.object, await getObject(`/v2/allocations/${result.id}`, company.test));
    assert.equal((await app.get(`/v2/allocations/${result.id}`, company.live)).status, 404, 'a live token never sees it');
  });

  test('complete_planting: allocation.planted', async () => {
    const { live, test: testMode } = await step('complete_planting', { ref: refs.planting });
    assert.deepEqual(typesOf(live), ['allocation.planted']);
    assert.deepEqual(testMode, [], 'the test planting is not done');
    const allocation = await getObject(`/v2/allocations/${ids.allocation}`, company.live);
    assert.equal(allocation.status, 'planted');
    assert.deepEqual(live[0]?.data.object, allocation);
  });

  test('record_monitoring of the planting: planting.updated and allocation.monitored', async () => {
    const { result, live, test: testMode } = await step('record_monitoring', measurement(refs, {
      photos: [{ url: 'https://images.example.org/one-year.jpg', caption: { en: 'One year on', nl: 'Een jaar later' }, taken_at: '2025-10-01', credit: 'Green Belt' }],
      notes: { en: 'Good survival after the dry season.', nl: 'Goede overleving na het droge seizoen.' },
    }));
    assert.match(result.id, /^mon_/);
    assert.deepEqual(typesOf(live), ['allocation.monitored', 'planting.updated']);
    assert.deepEqual(testMode, []);
    const byType = Object.fromEntries(live.map((event) => [event.type, event.data.object]));
    assert.deepEqual(byType['allocation.monitored'], await getObject(`/v2/allocations/${ids.allocation}`, company.live));
    const planting = await getObject(`/v2/plantings/${ids.planting}`, company.live);
    assert.deepEqual(byType['planting.updated'], planting);
    assert.equal(planting.latest_monitoring.id, result.id);
  });

  test('record_monitoring of the whole project tells nobody', async () => {
    const { result, live, test: testMode } = await step('record_monitoring', {
      ref: `mon-project-${tag}`, project_ref: refs.project, recorded_at: '2025-11-01', survival_rate: 0.88, trees_alive: 9_100, method: 'drone_survey',
    });
    assert.match(result.id, /^mon_/);
    assert.deepEqual([live, testMode], [[], []]);
  });

  test('publish_verification: verification.published in each mode the company has trees in the project', async () => {
    const { result, live, test: testMode } = await step('publish_verification', {
      ref: `ver-${tag}`, project_ref: refs.project, period_start: '2025-01-01', period_end: '2025-06-30', verifier_name: 'Forest Audit Bureau',
      verifier_website_url: 'https://audit.example.org', document_url: 'https://audit.example.org/reports/2025-h1.pdf',
      summary: { en: 'Planting counts and survival confirmed.', nl: 'Aantallen en overleving bevestigd.' }, trees_verified: 950, published_at: '2025-07-15T10:00:00Z',
    });
    assert.match(result.id, /^ver_/);
    assert.deepEqual(typesOf(live), ['verification.published']);
    assert.deepEqual(typesOf(testMode), ['verification.published']);
    const listed = await getObject(`/v2/projects/${ids.project}/verifications`, company.live);
    assert.deepEqual(live[0]?.data.object, listed.data.find((v: { id: string }) => v.id === result.id));
  });

  test('change_allocation_trees (a refund): allocation.updated with data.previous, and the totals follow', async () => {
    const { live } = await step('change_allocation_trees', { ref: refs.allocation, trees: 100 });
    assert.deepEqual(typesOf(live), ['allocation.updated']);
    assert.deepEqual(live[0]?.data.previous, { trees: 120 });
    const allocation = await getObject(`/v2/allocations/${ids.allocation}`, company.live);
    assert.deepEqual(live[0]?.data.object, allocation);
    assert.equal(allocation.trees, 100);
    assert.equal(allocation.status, 'monitored', 'a changed count keeps the status');
    const companyNow = await getObject('/v2/company', company.live);
    assert.deepEqual(companyNow.trees, { total: 100, pledged: 0, planted: 0, monitored: 100 });
    assert.equal(companyNow.trees_unassigned, 100);
  });

  test('create_recipient: recipient.created, trees leave the unassigned trees', async () => {
    const { result, live } = await step('create_recipient', {
      ref: `rcp-${tag}`, company_id: company.id, livemode: true, trees: 25, project_ref: refs.project,
      first_name: 'Sanne', last_name: 'de Vries', email: 'sanne@example.org', language: 'nl', external_reference: `crm-${tag}`,
      message: 'Bedankt voor je steun!',
    });
    assert.match(result.id, /^rcp_/);
    // The donation of 100 is split: 75 stay unassigned, 25 become the recipient's own allocation.
    assert.deepEqual(typesOf(live), ['allocation.created', 'allocation.updated', 'recipient.created']);
    const recipient = live.find((event) => event.type === 'recipient.created')?.data.object;
    assert.equal(recipient.id, result.id);
    assert.equal(recipient.source, 'foundation');
    assert.equal(recipient.trees, 25);
    assert.equal(recipient.language, 'nl');
    const shrunk = live.find((event) => event.type === 'allocation.updated');
    assert.deepEqual(shrunk?.data.previous, { trees: 100 });
    assert.equal(shrunk?.data.object.trees, 75);
    assert.equal(shrunk?.data.object.recipient, null);
    const part = live.find((event) => event.type === 'allocation.created')?.data.object;
    assert.equal(part.trees, 25);
    assert.equal(part.recipient, result.id);
    assert.deepEqual(recipient.allocations, [part.id]);
    const companyNow = await getObject('/v2/company', company.live);
    assert.equal(companyNow.trees_unassigned, 75);
    assert.equal(companyNow.counts.recipients, 1);
    assert.equal(companyNow.trees.total, 100, 'assigning trees does not change the total');
  });

  test('a legacy import: record_allocation with source legacy, legacy tree ids and order id', async () => {
    const { result, live } = await step('record_allocation', {
      ref: refs.legacy, company_id: company.id, livemode: true, planting_ref: refs.planting, trees: 3, allocated_at: '2019-04-12T10:00:00Z',
      source: 'legacy', legacy_tree_ids: ['T-1001', 'T-1002', 'T-1003'], legacy_order_id: 'WC-20190412-77',
    });
    assert.deepEqual(typesOf(live), ['allocation.created'], 'starts monitored with allocation.created only');
    const allocation = await getObject(`/v2/allocations/${result.id}`, company.live);
    assert.deepEqual(live[0]?.data.object, allocation);
    assert.equal(allocation.source, 'legacy');
    assert.equal(allocation.status, 'monitored');
    assert.deepEqual(allocation.legacy_tree_ids, ['T-1001', 'T-1002', 'T-1003']);
    assert.equal(allocation.legacy_order_id, 'WC-20190412-77');
    assert.equal((await getObject('/v2/company', company.live)).first_contribution_at, '2019-04-12T10:00:00.000Z');
  });

  test('replaying every call, one by one and then as one batch, changes nothing and writes no event', async () => {
    const snapshot = async () => ({
      live: await getObject('/v2/company', company.live),
      test: await getObject('/v2/company', company.test),
      liveEvents: (await eventsOf(company.live)).length,
      testEvents: (await eventsOf(company.test)).length,
      allocations: (await getObject('/v2/allocations?limit=100', company.live)).data,
    });
    const before = await snapshot();
    assert.equal(calls.length, 13);
    for (const call of calls) {
      const replay = await send(call);
      assert.equal(replay.status, 200, replay.text);
      assert.equal(replay.body.unchanged, true, call.op);
      assert.deepEqual(replay.body.events, [], call.op);
    }
    assert.deepEqual(await snapshot(), before);

    const batch = await sendBatch(calls);
    assert.equal(batch.status, 200, batch.text);
    assert.deepEqual(batch.body.data.map((r: { unchanged: boolean }) => r.unchanged), calls.map(() => true));
    assert.deepEqual(batch.body.data.flatMap((r: { events: string[] }) => r.events), []);
    assert.deepEqual(await snapshot(), before);
  });
});

describe('batch', () => {
  test('applies many operations in one call; replaying the whole batch changes nothing', async () => {
    const { refs, company, setup } = await newWorld();
    const operations: Envelope[] = [
      ...setup,
      { op: 'record_allocation', input: { ref: `don-${refs.planting}`, company_id: company.id, livemode: true, planting_ref: refs.planting, trees: 40 } },
      { op: 'complete_planting', input: { ref: refs.planting } },
      { op: 'record_monitoring', input: measurement(refs) },
      { op: 'create_recipient', input: { ref: `rcp-${refs.planting}`, company_id: company.id, livemode: true, trees: 10 } },
    ];
    const first = await sendBatch(operations);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.object, 'list');
    assert.deepEqual(first.body.data.map((r: { op: string }) => r.op), operations.map((o) => o.op));
    assert.ok(first.body.data.every((r: { unchanged: boolean }) => !r.unchanged));
    const events = await eventsOf(company.live);
    // The recipient's 10 trees split off the donation of 40: allocation.updated and a second allocation.created.
    assert.deepEqual(typesOf(events), ['allocation.created', 'allocation.created', 'allocation.monitored', 'allocation.planted', 'allocation.updated', 'planting.updated', 'recipient.created']);
    const companyBefore = await getObject('/v2/company', company.live);
    assert.deepEqual(companyBefore.trees, { total: 40, pledged: 0, planted: 0, monitored: 40 });

    const again = await sendBatch(operations);
    assert.equal(again.status, 200, again.text);
    assert.ok(again.body.data.every((r: { unchanged: boolean; events: string[] }) => r.unchanged && r.events.length === 0));
    assert.equal((await eventsOf(company.live)).length, events.length);
    assert.deepEqual(await getObject('/v2/company', company.live), companyBefore);
  });

  test('is all or nothing: a refusal at index 3 names it, and nothing of operations 0-2 exists', async () => {
    const { refs, company, setup } = await newWorld();
    const allocation = { ref: `don-${refs.planting}`, company_id: company.id, livemode: true, planting_ref: refs.planting };
    const refused = await sendBatch([...setup, { op: 'record_allocation', input: { ...allocation, trees: 1001 } }]);
    expectError(refused, 422, 'planting_over_allocated', 'operations[3][input][trees]');
    assert.equal(refused.body.error.operation_index, 3);
    assert.match(refused.body.error.message, /^Operation 3: /);

    const invalid = await sendBatch([...setup, { op: 'record_allocation', input: { ...allocation, trees: 0 } }]);
    expectError(invalid, 400, 'parameter_invalid', 'operations[3][input][trees]');
    assert.equal(invalid.body.error.operation_index, 3);

    const unknownOp = await sendBatch([...setup, { op: 'plant_everything', input: {} }]);
    expectError(unknownOp, 400, 'parameter_invalid', 'operations[3][op]');
    assert.equal(unknownOp.body.error.operation_index, 3);

    const unknownField = await sendBatch([...setup, { op: 'complete_planting', input: { ref: refs.planting }, colour: 'green' } as Envelope]);
    expectError(unknownField, 400, 'parameter_unknown', 'operations[3][colour]');
    assert.equal(unknownField.body.error.operation_index, 3);

    for (const table of ['partners', 'projects', 'plantings'] as const) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where foundation_ref = any(${Object.values(refs)})`.execute(app.db);
      assert.equal(rows[0]?.n, 0, `no ${table} row survives the refused batch`);
    }
    expectError(await send({ op: 'record_allocation', input: { ...allocation, trees: 10 } }), 404, 'reference_not_found', 'input[planting_ref]');
    assert.deepEqual(await eventsOf(company.live), []);

    const corrected = await sendBatch([...setup, { op: 'record_allocation', input: { ...allocation, trees: 1000 } }]);
    assert.equal(corrected.status, 200, corrected.text);
    assert.ok(corrected.body.data.every((r: { unchanged: boolean }) => !r.unchanged), 'the refused batches left no receipts behind');
    assert.equal((await getObject('/v2/company', company.live)).trees.total, 1000);
  });

  test('takes 1 to 200 operations', async () => {
    expectError(await sendBatch([]), 400, 'parameter_invalid', 'operations');
    const most = Array.from({ length: 200 }, () => ({ op: 'complete_planting', input: { ref: 'x' } }));
    expectError(await sendBatch(most), 404, 'reference_not_found', 'operations[0][input][ref]'); // past the size check
    expectError(await sendBatch([...most, most[0]!]), 400, 'parameter_invalid', 'operations');
  });
});

describe('errors', () => {
  test('each refusal has its status, code and param, and changes nothing', async () => {
    const { refs, company, setup } = await newWorld();
    const other = await companyWithTokens(app.db);
    await applyAll([
      ...setup,
      { op: 'upsert_project', input: { ref: `${refs.project}-b`, partner_ref: refs.partner, name: { en: 'Second' }, description: { en: 'Second.' }, country: 'KE', region: 'Meru', ecosystem_type: 'dry_forest', legacy_id: 700_000 + Math.floor(Math.random() * 1e6) } },
      { op: 'upsert_planting', input: { ref: refs.testPlanting, project_ref: refs.project, trees: 50, livemode: false } },
      { op: 'record_allocation', input: { ref: `don-${refs.planting}`, company_id: company.id, livemode: true, planting_ref: refs.planting, trees: 60 } },
      { op: 'create_recipient', input: { ref: `rcp-${refs.planting}`, company_id: company.id, livemode: true, trees: 50, external_reference: 'crm-1' } },
    ]);
    const takenLegacyId = (await app.db.selectFrom('projects').select('legacy_id').where('foundation_ref', '=', `${refs.project}-b`).executeTakeFirstOrThrow()).legacy_id;
    const allocation = { ref: `don2-${refs.planting}`, company_id: company.id, livemode: true, planting_ref: refs.planting, trees: 5 };
    const cases: [string, Envelope, number, string, string | null][] = [
      ['unknown operation', { op: 'plant_everything', input: {} }, 400, 'parameter_invalid', 'op'],
      ['unknown field', { op: 'record_allocation', input: { ...allocation, colour: 'green' } }, 400, 'parameter_unknown', 'input[colour]'],
      ['unknown envelope field', { op: 'record_allocation', input: allocation, priority: 1 } as Envelope, 400, 'parameter_unknown', 'priority'],
      ['missing field', { op: 'record_allocation', input: { ...allocation, trees: undefined } }, 400, 'parameter_missing', 'input[trees]'],
      ['invalid nested field', { op: 'upsert_planting', input: { ref: refs.planting, project_ref: refs.project, trees: 1000, photos: [{ url: 'ftp://x', taken_at: '2025-01-01' }] } }, 400, 'parameter_invalid', 'input[photos][0][url]'],
      ['unknown planting_ref', { op: 'record_allocation', input: { ...allocation, planting_ref: 'no-such-planting' } }, 404, 'reference_not_found', 'input[planting_ref]'],
      ['unknown company', { op: 'record_allocation', input: { ...allocation, company_id: 'cmp_000000000000000000000000' } }, 404, 'reference_not_found', 'input[company_id]'],
      ['a known ref for another company', { op: 'record_allocation', input: { ...allocation, ref: `don-${refs.planting}`, company_id: other.id, trees: 60 } }, 409, 'reference_conflict', 'input[company_id]'],
      ['a live allocation on a test planting', { op: 'record_allocation', input: { ...allocation, planting_ref: refs.testPlanting } }, 409, 'planting_mode_mismatch', 'input[livemode]'],
      ['a measurement of a planting of another project', { op: 'record_monitoring', input: measurement({ project: `${refs.project}-b`, planting: refs.planting }) }, 409, 'planting_not_in_project', 'input[planting_ref]'],
      ['a legacy id that is taken', { op: 'upsert_project', input: { ...setup[1]!.input, legacy_id: takenLegacyId } }, 409, 'legacy_id_taken', 'input[legacy_id]'],
      ['an external_reference that is taken', { op: 'create_recipient', input: { ref: `rcp2-${refs.planting}`, company_id: company.id, livemode: true, trees: 1, external_reference: 'crm-1' } }, 409, 'external_reference_taken', 'input[external_reference]'],
      ['more trees than the planting has', { op: 'record_allocation', input: { ...allocation, trees: 941 } }, 422, 'planting_over_allocated', 'input[trees]'],
      ['a refund of more than the unassigned trees', { op: 'change_allocation_trees', input: { ref: `don-${refs.planting}`, trees: 40 }, message_id: `too-much-${refs.planting}` }, 422, 'refund_exceeds_unassigned_trees', 'input[trees]'],
      ['a tree count without a message_id', { op: 'change_allocation_trees', input: { ref: `don-${refs.planting}`, trees: 45 } }, 400, 'parameter_missing', 'message_id'],
      ['a recipient with too few trees', { op: 'create_recipient', input: { ref: `rcp3-${refs.planting}`, company_id: company.id, livemode: true, trees: 11 } }, 422, 'no_trees_available', 'input[trees]'],
    ];

    const before = { company: await getObject('/v2/company', company.live), events: (await eventsOf(company.live)).length };
    for (const [what, operation, status, code, param] of cases) {
      const response = await send(operation);
      assert.equal(response.status, status, `${what}: ${response.text}`);
      assert.equal(response.body.error.code, code, what);
      assert.equal(response.body.error.param, param, what);
      assert.equal(response.body.error.type, 'invalid_request_error', what);
      assert.equal(response.body.error.operation_index, undefined, `${what}: a single operation has no index`);
    }
    assert.deepEqual({ company: await getObject('/v2/company', company.live), events: (await eventsOf(company.live)).length }, before);

    // A refusal leaves no receipt: the same operation is refused again, not taken for a replay.
    const refund = cases.find(([what]) => what.startsWith('a refund'))![1];
    expectError(await send(refund), 422, 'refund_exceeds_unassigned_trees', 'input[trees]');
    assert.equal((await apply('change_allocation_trees', { ref: `don-${refs.planting}`, trees: 50 }, `down-${refs.planting}`)).events.length, 1, 'down to the assigned trees is allowed');
  });
});

describe('out-of-order arrival', () => {
  /** The allocation's events by type, through GET /v2/events. */
  async function eventCounts(company: TestCompany, allocationId: string) {
    const counts: Record<string, number> = {};
    for (const event of await eventsOf(company.live)) {
      if (event.data.object?.id === allocationId) counts[event.type] = (counts[event.type] ?? 0) + 1;
    }
    return counts;
  }
  const statusOf = async (company: TestCompany, id: string) => (await getObject(`/v2/allocations/${id}`, company.live)).status;

  test('(a) a measurement before completion: completion moves pledged -> planted -> monitored, one event each', async () => {
    const { refs, company, setup } = await newWorld();
    await applyAll(setup);
    const { id } = await apply('record_allocation', { ref: `don-${refs.planting}`, company_id: company.id, livemode: true, planting_ref: refs.planting, trees: 50 });
    const measured = measurement(refs);
    const early = await apply('record_monitoring', measured);
    assert.equal(early.events.length, 1, 'planting.updated only');
    assert.equal(await statusOf(company, id), 'pledged', 'a measurement alone does not plant');

    const done = await apply('complete_planting', { ref: refs.planting });
    assert.equal(done.events.length, 2);
    const allocation = await getObject(`/v2/allocations/${id}`, company.live);
    assert.equal(allocation.status, 'monitored');
    assert.deepEqual(await eventCounts(company, id), { 'allocation.created': 1, 'allocation.planted': 1, 'allocation.monitored': 1 });
    const moves = await eventsOf(company.live);
    assert.deepEqual(moves.find((e) => e.type === 'allocation.monitored')?.data.object, allocation);
    assert.equal((await getObject('/v2/company', company.live)).trees.monitored, 50);

    await apply('record_monitoring', measured);
    await apply('complete_planting', { ref: refs.planting });
    assert.deepEqual(await eventCounts(company, id), { 'allocation.created': 1, 'allocation.planted': 1, 'allocation.monitored': 1 }, 'replays add nothing');
  });

  test('(b) allocation before the dossier, completion before the dossier: it moves when the dossier completes', async () => {
    const { refs, company, setup } = await newWorld({});
    await applyAll(setup);
    const { id } = await apply('record_allocation', { ref: `don-${refs.planting}`, company_id: company.id, livemode: true, planting_ref: refs.planting, trees: 50 });
    assert.deepEqual((await apply('complete_planting', { ref: refs.planting })).events, []);
    assert.equal(await statusOf(company, id), 'pledged');

    const partial = await apply('upsert_planting', { ref: refs.planting, project_ref: refs.project, trees: 1000, planted_at: DOSSIER.planted_at, geometry: SQUARE });
    assert.equal(partial.events.length, 1, 'planting.updated: the dossier grew');
    assert.equal(await statusOf(company, id), 'pledged', 'no species yet');

    const complete = await apply('upsert_planting', { ref: refs.planting, project_ref: refs.project, trees: 1000, species: DOSSIER.species });
    assert.equal(complete.events.length, 2);
    assert.equal(await statusOf(company, id), 'planted');
    assert.deepEqual(await eventCounts(company, id), { 'allocation.created': 1, 'allocation.planted': 1 });
    const types = typesOf(await eventsOf(company.live));
    assert.deepEqual(types, ['allocation.created', 'allocation.planted', 'planting.updated', 'planting.updated']);
    assert.deepEqual((await getObject('/v2/company', company.live)).trees, { total: 50, pledged: 0, planted: 50, monitored: 0 });
  });

  test('(c) an allocation after the planting is done and measured starts monitored, with allocation.created only', async () => {
    const { refs, company, setup } = await newWorld();
    await applyAll([...setup, { op: 'complete_planting', input: { ref: refs.planting } }, { op: 'record_monitoring', input: measurement(refs) }]);
    const { id, events } = await apply('record_allocation', { ref: `don-${refs.planting}`, company_id: company.id, livemode: true, planting_ref: refs.planting, trees: 50 });
    assert.equal(events.length, 1);
    assert.equal(await statusOf(company, id), 'monitored');
    assert.deepEqual(await eventCounts(company, id), { 'allocation.created': 1 });
    assert.deepEqual((await getObject('/v2/company', company.live)).trees, { total: 50, pledged: 0, planted: 0, monitored: 50 });
  });
});

describe('message_id', () => {
  test('a new message_id applies earlier content again; the same message_id twice is a replay, or refused if the content differs', async () => {
    const { refs, company, setup } = await newWorld();
    await applyAll(setup);
    const { id: allocationId } = await apply('record_allocation', { ref: `don-${refs.planting}`, company_id: company.id, livemode: true, planting_ref: refs.planting, trees: 20 });
    const plantingId = (await getObject(`/v2/allocations/${allocationId}`, company.live)).planting;
    const notes = (en: string) => ({ ref: refs.planting, project_ref: refs.project, trees: 1000, notes: { en } });
    const notesNow = async () => (await getObject(`/v2/plantings/${plantingId}`, company.live)).notes;
    const plantingEvents = async () => (await eventsOf(company.live, 'planting.updated')).length;

    assert.equal((await apply('upsert_planting', notes('Dry start.'), 'msg-1')).unchanged, false);
    assert.equal((await apply('upsert_planting', notes('Rains came early.'), 'msg-2')).unchanged, false);
    assert.equal(await notesNow(), 'Rains came early.');

    const restored = await apply('upsert_planting', notes('Dry start.'), 'msg-3');
    assert.equal(restored.unchanged, false, 'earlier content under a new message_id is applied');
    assert.equal(restored.events.length, 1);
    assert.equal(await notesNow(), 'Dry start.');
    const eventsBefore = await plantingEvents();

    const replay = await apply('upsert_planting', notes('Dry start.'), 'msg-3');
    assert.deepEqual([replay.unchanged, replay.events], [true, []]);
    const sameIdOtherContent = await send({ op: 'upsert_planting', input: notes('Rains came early.'), message_id: 'msg-3' });
    expectError(sameIdOtherContent, 422, 'message_id_reused', 'message_id');
    assert.equal(await notesNow(), 'Dry start.');
    assert.equal(await plantingEvents(), eventsBefore);
  });

  test('tree counts go by message_id: the same count twice on purpose is applied, a replay is not, a reused id is refused', async () => {
    const { refs, company, setup } = await newWorld();
    await applyAll(setup);
    const { id: allocationId } = await apply('record_allocation', { ref: `don-${refs.planting}`, company_id: company.id, livemode: true, planting_ref: refs.planting, trees: 20 });
    const refund = (trees: number, id: string) => apply('change_allocation_trees', { ref: `don-${refs.planting}`, trees }, `${id}-${refs.planting}`);
    assert.equal((await refund(15, 'r1')).unchanged, false);
    assert.equal((await refund(18, 'r2')).unchanged, false);
    assert.equal((await refund(15, 'r3')).unchanged, false, 'back to 15 on purpose, with a new id');
    assert.equal((await getObject(`/v2/allocations/${allocationId}`, company.live)).trees, 15);
    const replay = await refund(15, 'r3');
    assert.deepEqual([replay.unchanged, replay.events], [true, []]);
    assert.equal((await refund(18, 'r2')).unchanged, true, 'an old message replayed changes nothing');
    assert.equal((await getObject(`/v2/allocations/${allocationId}`, company.live)).trees, 15);
    const updates = await eventsOf(company.live, 'allocation.updated');
    assert.deepEqual(updates.map((e) => e.data.previous).reverse(), [{ trees: 20 }, { trees: 15 }, { trees: 18 }]);

    const reused = await send({ op: 'change_allocation_trees', input: { ref: `don-${refs.planting}`, trees: 16 }, message_id: `r3-${refs.planting}` });
    expectError(reused, 422, 'message_id_reused', 'message_id');
    const missing = await send({ op: 'change_allocation_trees', input: { ref: `don-${refs.planting}`, trees: 16 } });
    expectError(missing, 400, 'parameter_missing', 'message_id');
    assert.equal((await getObject(`/v2/allocations/${allocationId}`, company.live)).trees, 15);
  });

  test('without message_id, other operations are replays by content, even after a later change', async () => {
    const { refs, setup } = await newWorld();
    await applyAll(setup);
    const partner = (name: string) => apply('upsert_partner', { ref: `${refs.planting}-ptn`, name });
    assert.equal((await partner('First name')).unchanged, false);
    assert.equal((await partner('Second name')).unchanged, false);
    assert.equal((await partner('First name')).unchanged, true, 'documented: send a message_id to restore earlier content');
    assert.equal((await apply('upsert_partner', { ref: `${refs.planting}-ptn`, name: 'First name' }, `restore-${refs.planting}`)).unchanged, false);
  });
});

describe('fan-out', () => {
  test('planting.updated tells each company with trees in the planting what its own GET shows', async () => {
    const { refs, company, setup } = await newWorld();
    const second = await companyWithTokens(app.db);
    await applyAll([
      ...setup,
      { op: 'upsert_planting', input: { ref: refs.testPlanting, project_ref: refs.project, trees: 100, livemode: false } },
      { op: 'record_allocation', input: { ref: `a-${refs.planting}`, company_id: company.id, livemode: true, planting_ref: refs.planting, trees: 30 } },
      { op: 'record_allocation', input: { ref: `b-${refs.planting}`, company_id: second.id, livemode: true, planting_ref: refs.planting, trees: 70 } },
    ]);
    const { events } = await apply('upsert_planting', { ref: refs.planting, project_ref: refs.project, trees: 1000, notes: { en: 'Second watering round done.' } });
    assert.equal(events.length, 2, 'one event per company');
    for (const [holder, trees] of [[company, 30], [second, 70]] as const) {
      const [event] = await eventsOf(holder.live, 'planting.updated');
      const current = await getObject(`/v2/plantings/${event?.data.object.id}`, holder.live);
      assert.equal(current.trees_for_company, trees);
      assert.deepEqual(event?.data.object, current);
    }
  });
});
