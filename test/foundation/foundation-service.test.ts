import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { assignTrees } from '../../src/domain/assignment.ts';
import { changeAllocationTrees, recordAllocation } from '../../src/foundation/ops/allocations.ts';
import { upsertPartner, upsertProject } from '../../src/foundation/ops/catalog.ts';
import { CanopyError } from '../../src/core/errors.ts';
import type { DomainChange } from '../../src/domain/changes.ts';
import { UnitOfWork } from '../../src/platform/events/unit-of-work.ts';
import { applyFoundationOperation, type FoundationOperation } from '../../src/foundation/operations.ts';
import { completePlanting, upsertPlanting } from '../../src/foundation/ops/plantings.ts';
import { publishVerification, recordMonitoring } from '../../src/foundation/ops/proof.ts';
import type { OperationResult } from '../../src/foundation/results.ts';
import { newId, randomAlphanumeric } from '../../src/core/ids.ts';
import { createCompany } from '../../src/operator/companies.ts';
import { startTestApp } from '../helpers/app.ts';
import { SQUARE } from '../helpers/factories.ts';

let db: Kysely<DB>;
before(async () => {
  db = (await startTestApp()).db;
});

type FoundationResult = OperationResult & { changes: DomainChange[] };

/** Runs work in a unit of work of its own, as the API and the import do, and returns what it recorded (no events are written). */
const inUnit = (work: (uow: UnitOfWork) => Promise<OperationResult>) =>
  db.transaction().execute(async (tx: Transaction<DB>): Promise<FoundationResult> => {
    const uow = UnitOfWork.on(tx, 'http://canopy.test');
    const result = await work(uow);
    await uow.applyTotals();
    return { ...result, changes: uow.changes };
  });
/** Runs a foundation operation with input the caller vouches for. */
const run = <I>(fn: (uow: UnitOfWork, input: I) => Promise<OperationResult>, input: I) => inUnit((uow) => fn(uow, input));
/** Runs an operation by name, its input validated first, as every way in for the foundation does. */
const runOp = (operation: { op: string; input: unknown }) => inUnit((uow) => applyFoundationOperation(uow, operation));
const ref = (kind: string) => `${kind}-${randomAlphanumeric(8)}`;
const DOSSIER = {
  planted_at: '2025-04-15',
  geometry: SQUARE,
  species: [{ name_latin: 'Prunus africana', name_common: { en: 'African cherry', nl: 'Afrikaanse kers' }, trees: 600 }],
};

async function newProject() {
  const partnerRef = ref('ptn');
  const projectRef = ref('prj');
  await run(upsertPartner, { ref: partnerRef, name: 'Green Belt Restoration Trust', country: 'KE' });
  await run(upsertProject, {
    ref: projectRef, partner_ref: partnerRef, name: { en: 'Mount Kenya', nl: 'Mount Kenya' }, description: { en: 'Forest.' },
    country: 'KE', region: 'Nyeri', ecosystem_type: 'tropical_montane_forest', geometry: SQUARE,
  });
  return projectRef;
}

async function newPlanting(extra: Record<string, unknown> = {}) {
  const projectRef = await newProject();
  const plantingRef = ref('plt');
  await run(upsertPlanting, { ref: plantingRef, project_ref: projectRef, trees: 1000, ...extra });
  return { projectRef, plantingRef };
}

const newCompany = async () => (await createCompany(db, { name: `Roaster ${randomAlphanumeric(6)}` })).id;
const allocate = (companyId: string, plantingRef: string, trees = 10, extra: Record<string, unknown> = {}) =>
  run(recordAllocation, { ref: ref('alloc'), company_id: companyId, livemode: true, planting_ref: plantingRef, trees, ...extra });
const statusOf = async (id: string) => (await db.selectFrom('allocations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const kinds = (result: FoundationResult) => result.changes.map((change) => change.kind);

async function expectFoundationError(promise: Promise<unknown>, code: string, field: string | null) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof CanopyError, `expected a CanopyError, got ${error}`);
    assert.equal(error.code, code, error.message);
    assert.equal(error.param, field, error.message);
    return true;
  });
}

describe('allocation lifecycle', () => {
  test('in order: pledged, planted when done with a complete dossier, monitored at the first measurement', async () => {
    const { projectRef, plantingRef } = await newPlanting();
    const companyId = await newCompany();
    const created = await allocate(companyId, plantingRef);
    assert.deepEqual(kinds(created), ['allocation.created']);
    assert.equal(await statusOf(created.id), 'pledged');

    const dossier = await run(upsertPlanting, { ref: plantingRef, project_ref: projectRef, trees: 1000, ...DOSSIER });
    assert.deepEqual(kinds(dossier), ['planting.updated'], 'not done yet, so still pledged');
    const done = await run(completePlanting, { ref: plantingRef });
    assert.deepEqual(done.changes, [{ kind: 'allocation.planted', allocation_id: created.id, company_id: companyId, livemode: true }]);
    assert.equal(await statusOf(created.id), 'planted');

    const measured = await run(recordMonitoring, {
      ref: ref('mon'), project_ref: projectRef, planting_ref: plantingRef, recorded_at: '2025-10-01', survival_rate: 0.92, trees_alive: 920, method: 'sample_plot_count',
    });
    assert.deepEqual(kinds(measured), ['planting.updated', 'allocation.monitored']);
    assert.deepEqual(measured.changes[0], { kind: 'planting.updated', planting_id: done.id, companies: [{ company_id: companyId, livemode: true }] });
    assert.equal(await statusOf(created.id), 'monitored');
  });

  test('a measurement before completion is kept; completion then moves through planted to monitored', async () => {
    const { projectRef, plantingRef } = await newPlanting(DOSSIER);
    const companyId = await newCompany();
    const { id } = await allocate(companyId, plantingRef);
    const measured = await run(recordMonitoring, {
      ref: ref('mon'), project_ref: projectRef, planting_ref: plantingRef, recorded_at: '2025-05-01', survival_rate: 0.97, trees_alive: 970, method: 'full_count',
    });
    assert.deepEqual(kinds(measured), ['planting.updated']);
    assert.equal(await statusOf(id), 'pledged');
    const done = await run(completePlanting, { ref: plantingRef });
    assert.deepEqual(kinds(done), ['allocation.planted', 'allocation.monitored']);
    assert.equal(await statusOf(id), 'monitored');
  });

  test('completion before the dossier is complete: the move happens when the dossier completes', async () => {
    const { projectRef, plantingRef } = await newPlanting({ planted_at: '2025-04-15', geometry: SQUARE });
    const companyId = await newCompany();
    const { id } = await allocate(companyId, plantingRef);
    assert.deepEqual(kinds(await run(completePlanting, { ref: plantingRef })), []);
    assert.equal(await statusOf(id), 'pledged', 'no species yet');
    const dossier = await run(upsertPlanting, { ref: plantingRef, project_ref: projectRef, trees: 1000, species: DOSSIER.species });
    assert.deepEqual(kinds(dossier), ['planting.updated', 'allocation.planted']);
    assert.equal(await statusOf(id), 'planted');
  });

  test('an allocation for a planting already done and measured starts monitored, and statuses never go back', async () => {
    const { projectRef, plantingRef } = await newPlanting(DOSSIER);
    await run(completePlanting, { ref: plantingRef });
    await run(recordMonitoring, { ref: ref('mon'), project_ref: projectRef, planting_ref: plantingRef, recorded_at: '2025-06-01', survival_rate: 0.9, trees_alive: 900, method: 'drone_survey' });
    const companyId = await newCompany();
    const created = await allocate(companyId, plantingRef);
    assert.deepEqual(kinds(created), ['allocation.created']);
    assert.equal(await statusOf(created.id), 'monitored');

    await run(upsertPlanting, { ref: plantingRef, project_ref: projectRef, trees: 1000, species: [{ ...DOSSIER.species[0]!, trees: 500 }] });
    assert.equal(await statusOf(created.id), 'monitored');
  });

  test('a project-level measurement touches no planting', async () => {
    const { projectRef, plantingRef } = await newPlanting(DOSSIER);
    await run(completePlanting, { ref: plantingRef });
    const { id } = await allocate(await newCompany(), plantingRef);
    const result = await run(recordMonitoring, { ref: ref('mon'), project_ref: projectRef, recorded_at: '2025-06-01', survival_rate: 0.9, trees_alive: 900, method: 'drone_survey' });
    assert.deepEqual(result.changes, []);
    assert.equal(await statusOf(id), 'planted');
  });

  test('dossier growth and status moves bump updated_at', async () => {
    const { projectRef, plantingRef } = await newPlanting();
    const { id } = await allocate(await newCompany(), plantingRef);
    const later = new Date(Date.now() + 60_000);
    const dossier = await inUnit((uow) => upsertPlanting(uow.at(later), { ref: plantingRef, project_ref: projectRef, trees: 1000, ...DOSSIER }));
    await inUnit((uow) => completePlanting(uow.at(later), { ref: plantingRef }));
    const planting = await db.selectFrom('plantings').select(['updated_at', 'latitude', 'longitude']).where('id', '=', dossier.id).executeTakeFirstOrThrow();
    assert.equal(planting.updated_at.getTime(), later.getTime());
    assert.deepEqual([planting.latitude, planting.longitude], [-1.295, 36.805], 'location is the centroid of the polygon');
    const allocation = await db.selectFrom('allocations').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(allocation.updated_at.getTime(), later.getTime());
  });

  test('a verification tells every company with trees in the project, in each mode', async () => {
    const { projectRef, plantingRef } = await newPlanting(DOSSIER);
    const companyId = await newCompany();
    await allocate(companyId, plantingRef);
    const result = await run(publishVerification, {
      ref: ref('ver'), project_ref: projectRef, period_start: '2025-01-01', period_end: '2025-06-30', verifier_name: 'EcoAudit',
      summary: { en: 'All good.', nl: 'Alles goed.' }, trees_verified: 900, published_at: '2025-07-15T10:00:00Z',
    });
    assert.equal(result.changes[0]?.kind, 'verification.published');
    assert.deepEqual((result.changes[0] as { companies: unknown }).companies, [{ company_id: companyId, livemode: true }]);
  });
});

describe('replays', () => {
  test('every operation sent twice changes nothing the second time and creates no rows', async () => {
    const companyId = await newCompany();
    const [partnerRef, projectRef, plantingRef, allocationRef] = [ref('ptn'), ref('prj'), ref('plt'), ref('alloc')];
    const operations: FoundationOperation[] = [
      { op: 'upsert_partner', input: { ref: partnerRef, name: 'Yayasan Pesisir Lestari', country: 'ID', website_url: 'https://pesisir.example.org' } },
      { op: 'upsert_project', input: {
        ref: projectRef, partner_ref: partnerRef, name: { en: 'Demak mangroves', nl: 'Mangroven van Demak' }, description: { en: 'Coast.', nl: 'Kust.' },
        country: 'ID', region: 'Central Java', ecosystem_type: 'mangrove', geometry: SQUARE, sdg_goals: [15, 13, 14], legacy_id: Math.floor(Math.random() * 1e9),
        photos: [{ url: 'https://images.example.org/a.jpg', caption: { en: 'Nursery', nl: 'Kwekerij' }, taken_at: '2024-01-02' }],
        default_species: [{ name_latin: 'Avicennia marina', name_common: { en: 'Grey mangrove', nl: 'Grijze mangrove' } }],
      } },
      { op: 'upsert_planting', input: { ref: plantingRef, project_ref: projectRef, trees: 500, ...DOSSIER, notes: { en: 'Low tide.', nl: 'Laagwater.' }, planting_method: 'seedlings' } },
      { op: 'record_allocation', input: { ref: allocationRef, company_id: companyId, livemode: true, planting_ref: plantingRef, trees: 40, source: 'legacy', legacy_tree_ids: ['T-1', 'T-2'], legacy_order_id: 'WC-1', allocated_at: '2024-05-01T12:00:00.123Z' } },
      { op: 'complete_planting', input: { ref: plantingRef } },
      { op: 'record_monitoring', input: { ref: ref('mon'), project_ref: projectRef, planting_ref: plantingRef, recorded_at: '2025-01-01', survival_rate: 0.8, trees_alive: 400, method: 'full_count', notes: { en: 'Dry season.' } } },
      { op: 'publish_verification', input: { ref: ref('ver'), project_ref: projectRef, period_start: '2024-01-01', period_end: '2024-12-31', verifier_name: 'EcoAudit', summary: { en: 'Fine.' }, trees_verified: 400, published_at: '2025-02-01T00:00:00Z', document_url: 'https://docs.example.org/v.pdf' } },
      { op: 'change_allocation_trees', input: { ref: allocationRef, trees: 30 } },
    ];
    const countRows = async () => {
      const tables = ['partners', 'projects', 'plantings', 'monitorings', 'verifications', 'allocations'] as const;
      return Promise.all(tables.map(async (table) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]?.n));
    };
    for (const operation of operations) {
      const first = await runOp(operation);
      assert.equal(first.unchanged, false, operation.op);
      const rowsBefore = await countRows();
      const totalsBefore = await db.selectFrom('company_totals').selectAll().where('company_id', '=', companyId).orderBy('livemode').execute();
      const replay = await runOp(operation);
      assert.deepEqual(replay, { id: first.id, unchanged: true, changes: [] }, operation.op);
      assert.deepEqual(await countRows(), rowsBefore, operation.op);
      assert.deepEqual(await db.selectFrom('company_totals').selectAll().where('company_id', '=', companyId).orderBy('livemode').execute(), totalsBefore);
    }
    // The original donation replayed after the refund does not undo it.
    assert.equal((await runOp(operations[3]!)).unchanged, true);
    await assertCountersMatchAllocations();
  });

  test('an upsert that leaves fields out keeps them; a changed field is a change', async () => {
    const { projectRef, plantingRef } = await newPlanting({ ...DOSSIER, notes: { en: 'Wet.' } });
    assert.equal((await run(upsertPlanting, { ref: plantingRef, project_ref: projectRef, trees: 1000 })).unchanged, true);
    assert.equal((await run(upsertPlanting, { ref: plantingRef, project_ref: projectRef, trees: 1000, notes: null })).unchanged, false);
  });
});

describe('refunds', () => {
  test('take unassigned trees first and refuse what would touch assigned trees', async () => {
    const { plantingRef } = await newPlanting(DOSSIER);
    const companyId = await newCompany();
    const allocationRef = ref('alloc');
    const { id } = await run(recordAllocation, { ref: allocationRef, company_id: companyId, livemode: true, planting_ref: plantingRef, trees: 100 });
    const recipientId = newId('recipient');
    await db.insertInto('recipients').values({ id: recipientId, company_id: companyId, livemode: true, trees: 30, source: 'api' }).execute();
    const [part] = (await db.transaction().execute((tx) => assignTrees(tx, { companyId, livemode: true, trees: 30, recipientId }))).parts;
    assert.ok(part);

    const refund = await run(changeAllocationTrees, { ref: allocationRef, trees: 50 });
    assert.deepEqual(refund.changes, [{ kind: 'allocation.updated', allocation_id: id, company_id: companyId, livemode: true, previous: { trees: 70 } }]);
    await expectFoundationError(run(changeAllocationTrees, { ref: allocationRef, trees: 29 }), 'refund_exceeds_unassigned_trees', 'trees');
    assert.equal((await run(changeAllocationTrees, { ref: allocationRef, trees: 30 })).changes.length, 1, 'down to the assigned trees is allowed');
    const assigned = await db.selectFrom('allocations').select('trees').where('id', '=', part.id).executeTakeFirstOrThrow();
    assert.equal(assigned.trees, 30, 'assigned trees are never refunded');

    const added = await run(changeAllocationTrees, { ref: allocationRef, trees: 45 });
    assert.deepEqual(kinds(added), ['allocation.updated'], 'added trees go to the unassigned part');
    await expectFoundationError(run(changeAllocationTrees, { ref: allocationRef, trees: 5000 }), 'planting_over_allocated', 'trees');
    await assertCountersMatchAllocations();
  });

  test('a donation assigned as a whole cannot be refunded; added trees become a new unassigned part', async () => {
    const { plantingRef } = await newPlanting(DOSSIER);
    const companyId = await newCompany();
    const allocationRef = ref('alloc');
    await run(recordAllocation, { ref: allocationRef, company_id: companyId, livemode: true, planting_ref: plantingRef, trees: 10 });
    const recipientId = newId('recipient');
    await db.insertInto('recipients').values({ id: recipientId, company_id: companyId, livemode: true, trees: 10, source: 'api' }).execute();
    await db.transaction().execute((tx) => assignTrees(tx, { companyId, livemode: true, trees: 10, recipientId }));
    await expectFoundationError(run(changeAllocationTrees, { ref: allocationRef, trees: 9 }), 'refund_exceeds_unassigned_trees', 'trees');
    const added = await run(changeAllocationTrees, { ref: allocationRef, trees: 15 });
    assert.deepEqual(kinds(added), ['allocation.created']);
    await assertCountersMatchAllocations();
  });
});

describe('validation', () => {
  test('errors carry a stable code and the field at fault', async () => {
    const { projectRef, plantingRef } = await newPlanting();
    const companyId = await newCompany();
    const base = { ref: ref('plt'), project_ref: projectRef, trees: 10 };
    const planting = (input: Record<string, unknown>) => runOp({ op: 'upsert_planting', input });
    await expectFoundationError(planting({ ref: base.ref, project_ref: projectRef }), 'parameter_missing', 'trees');
    await expectFoundationError(planting({ ...base, colour: 'green' }), 'parameter_unknown', 'colour');
    await expectFoundationError(planting({ ...base, planted_at: '2025-02-30' }), 'parameter_invalid', 'planted_at');
    await expectFoundationError(planting({ ...base, photos: [{ url: 'ftp://x', taken_at: '2025-01-01' }] }), 'parameter_invalid', 'photos[0][url]');
    const openRing = { type: 'Polygon' as const, coordinates: [[[36.8, -1.3], [36.81, -1.3], [36.81, -1.29], [36.8, -1.29]]] };
    await expectFoundationError(run(upsertPlanting, { ...base, geometry: openRing }), 'parameter_invalid', 'geometry[coordinates][0]');
    await expectFoundationError(run(upsertPlanting, { ...base, project_ref: 'nope' }), 'reference_not_found', 'project_ref');
    await expectFoundationError(run(upsertPlanting, { ...base, ref: plantingRef, project_ref: await newProject() }), 'reference_conflict', 'project_ref');
    await expectFoundationError(allocate(companyId, 'nope'), 'reference_not_found', 'planting_ref');
    await expectFoundationError(allocate('cmp_000000000000000000000000', plantingRef), 'reference_not_found', 'company_id');
    await expectFoundationError(allocate(companyId, plantingRef, 10, { livemode: false }), 'planting_mode_mismatch', 'livemode');
    await expectFoundationError(allocate(companyId, plantingRef, 1001), 'planting_over_allocated', 'trees');
    await expectFoundationError(run(completePlanting, { ref: 'nope' }), 'reference_not_found', 'ref');
    await expectFoundationError(run(changeAllocationTrees, { ref: 'nope', trees: 1 }), 'reference_not_found', 'ref');
    await expectFoundationError(run(recordMonitoring, {
      ref: ref('mon'), project_ref: await newProject(), planting_ref: plantingRef, recorded_at: '2025-01-01', survival_rate: 0.5, trees_alive: 1, method: 'full_count',
    }), 'planting_not_in_project', 'planting_ref');
    await expectFoundationError(runOp({ op: 'record_monitoring', input: {
      ref: ref('mon'), project_ref: projectRef, recorded_at: '2025-01-01', survival_rate: 1.5, trees_alive: 1, method: 'full_count',
    } }), 'parameter_invalid', 'survival_rate');
    await expectFoundationError(runOp({ op: 'plant_everything', input: {} }), 'parameter_invalid', 'op');
    const { id } = await allocate(companyId, plantingRef, 10, { ref: 'fixed-ref-1' });
    await expectFoundationError(allocate(await newCompany(), plantingRef, 10, { ref: 'fixed-ref-1' }), 'reference_conflict', 'company_id');
    assert.equal(await statusOf(id), 'pledged');
  });
});

describe('counters', () => {
  test('after a random sequence of operations, the counters equal what the allocations add up to', async () => {
    const companies = [await newCompany(), await newCompany()];
    const plantings = [await newPlanting(DOSSIER), await newPlanting(), await newPlanting({ ...DOSSIER, livemode: false })];
    const donations: string[] = [];
    let seed = 20260522;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let step = 0; step < 60; step++) {
      const planting = plantings[random(plantings.length)]!;
      const choice = random(5);
      try {
        if (choice === 0) await run(completePlanting, { ref: planting.plantingRef });
        else if (choice === 1) await run(upsertPlanting, { ref: planting.plantingRef, project_ref: planting.projectRef, trees: 1000, ...DOSSIER });
        else if (choice === 2) await run(recordMonitoring, { ref: ref('mon'), project_ref: planting.projectRef, planting_ref: planting.plantingRef, recorded_at: '2025-09-01', survival_rate: 0.9, trees_alive: 900, method: 'full_count' });
        else if (choice === 3 || donations.length === 0) {
          const allocationRef = ref('alloc');
          await run(recordAllocation, { ref: allocationRef, company_id: companies[random(2)]!, livemode: planting !== plantings[2], planting_ref: planting.plantingRef, trees: 1 + random(60) });
          donations.push(allocationRef);
        } else await run(changeAllocationTrees, { ref: donations[random(donations.length)]!, trees: random(80) });
      } catch (error) {
        if (!(error instanceof CanopyError && error.code === 'planting_over_allocated')) throw error;
      }
    }
    await assertCountersMatchAllocations();
  });
});

/** company_totals, company_projects and company_plantings against a SUM over allocations. */
async function assertCountersMatchAllocations() {
  const totals = await sql<Record<string, unknown>>`
    select c.company_id, c.livemode, c.trees_pledged, c.trees_planted, c.trees_monitored, c.trees_unassigned, c.projects, c.plantings,
      coalesce(a.pledged, 0) as want_pledged, coalesce(a.planted, 0) as want_planted, coalesce(a.monitored, 0) as want_monitored,
      coalesce(a.unassigned, 0) as want_unassigned, coalesce(a.projects, 0)::int as want_projects, coalesce(a.plantings, 0)::int as want_plantings
    from company_totals c left join (
      select company_id, livemode,
        sum(trees) filter (where status = 'pledged') as pledged, sum(trees) filter (where status = 'planted') as planted,
        sum(trees) filter (where status = 'monitored') as monitored,
        sum(trees) filter (where recipient_id is null and gift_code_id is null) as unassigned,
        count(distinct project_id) as projects, count(distinct planting_id) as plantings
      from allocations group by company_id, livemode
    ) a using (company_id, livemode)`.execute(db);
  for (const row of totals.rows) {
    for (const name of ['pledged', 'planted', 'monitored', 'unassigned']) assert.equal(Number(row[`trees_${name}`]), Number(row[`want_${name}`]), `${name} of ${row.company_id}`);
    assert.equal(row.projects, row.want_projects);
    assert.equal(row.plantings, row.want_plantings);
  }
  const projectDrift = await sql`
    select * from company_projects cp full join (
      select company_id, livemode, project_id, sum(trees) filter (where status = 'pledged') as p, sum(trees) filter (where status = 'planted') as d,
        sum(trees) filter (where status = 'monitored') as m from allocations group by 1, 2, 3
    ) a using (company_id, livemode, project_id)
    where cp.trees_pledged is distinct from coalesce(a.p, 0) or cp.trees_planted is distinct from coalesce(a.d, 0) or cp.trees_monitored is distinct from coalesce(a.m, 0)`.execute(db);
  assert.deepEqual(projectDrift.rows, []);
  const plantingDrift = await sql`
    select * from company_plantings cp full join (select company_id, livemode, planting_id, sum(trees) as t from allocations group by 1, 2, 3) a
      using (company_id, livemode, planting_id)
    where cp.trees is distinct from coalesce(a.t, 0)`.execute(db);
  assert.deepEqual(plantingDrift.rows, []);
  const allocatedDrift = await sql`
    select p.id, p.trees_allocated, coalesce(a.t, 0) as want from plantings p
    left join (select planting_id, sum(trees) as t from allocations group by 1) a on a.planting_id = p.id
    where p.trees_allocated is distinct from coalesce(a.t, 0)`.execute(db);
  assert.deepEqual(allocatedDrift.rows, [], "a planting's trees_allocated is what its allocations add up to");
}
