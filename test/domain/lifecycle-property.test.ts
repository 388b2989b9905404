import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { CanopyError, type ErrorCode } from '../../src/core/errors.ts';
import { type AppliedOperation, applyBatch, type OperationData } from '../../src/foundation/apply.ts';
import { randomAlphanumeric } from '../../src/core/ids.ts';
import { startTestApp } from '../helpers/app.ts';
import { companyWithTokens, SQUARE, type TestCompany } from '../helpers/factories.ts';

/**
 * A property of the allocation lifecycle: whatever order the foundation's operations
 * arrive in, and however often they are replayed, the company's totals equal what its
 * allocations add up to, every allocation has the status its planting implies, and
 * every state change left exactly one event (a replay or a refusal none).
 *
 * Each run builds a small world of its own (two companies, two projects, four
 * plantings, three live and one test) and applies a random sequence of operations one
 * by one, checking the events each one wrote against the state it changed.
 */

const app = await startTestApp();
const BASE_URL = 'http://canopy.test';

/** Refusals a random sequence is expected to run into; anything else fails the property. */
const EXPECTED_REFUSALS: readonly ErrorCode[] = [
  'planting_over_allocated', 'planting_mode_mismatch', 'planting_not_in_project', 'refund_exceeds_unassigned_trees', 'no_trees_available',
  'reference_not_found',
];

const PLANTINGS = [
  { project: 0, livemode: true },
  { project: 0, livemode: true },
  { project: 1, livemode: true },
  { project: 1, livemode: false },
] as const;
const PLANTING_TREES = 120;

type Command =
  | { kind: 'dossier'; planting: number; level: 'none' | 'partial' | 'full'; notes: 0 | 1 | 2; trees: number; species: number }
  | { kind: 'complete'; planting: number }
  | { kind: 'measure'; planting: number | null; project: number; wrongProject: boolean; survival: number }
  | { kind: 'allocate'; company: number; planting: number; trees: number; wrongMode: boolean }
  | { kind: 'change'; donation: number; trees: number }
  /** `all`: every unassigned tree the company has in that mode (and project), as a foundation that knows them would send. */
  | { kind: 'recipient'; company: number; livemode: boolean; trees: number | 'all'; project: number | null }
  | { kind: 'replay'; of: number };

const plantingIndex = fc.integer({ min: 0, max: PLANTINGS.length - 1 });
const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
/** True about one time in eight: a mistake the foundation might make. */
const rarely = fc.integer({ min: 0, max: 7 }).map((n) => n === 0);
const commandArb: fc.Arbitrary<{ command: Command; messageId: boolean }> = fc.record({
  command: fc.oneof(
    weighted(4, fc.record({
      kind: fc.constant('dossier' as const), planting: plantingIndex, level: fc.constantFrom('none' as const, 'partial' as const, 'full' as const, 'full' as const, 'full' as const),
      notes: fc.constantFrom(0 as const, 1 as const, 2 as const), trees: fc.constantFrom(PLANTING_TREES, PLANTING_TREES, 60), species: fc.integer({ min: 0, max: 1 }),
    })),
    weighted(3, fc.record({ kind: fc.constant('complete' as const), planting: plantingIndex })),
    weighted(2, fc.record({
      kind: fc.constant('measure' as const), planting: fc.option(plantingIndex, { freq: 4 }), project: fc.integer({ min: 0, max: 1 }), wrongProject: rarely,
      survival: fc.constantFrom(0.8, 0.9),
    })),
    weighted(4, fc.record({ kind: fc.constant('allocate' as const), company: fc.integer({ min: 0, max: 1 }), planting: plantingIndex, trees: fc.integer({ min: 1, max: 30 }), wrongMode: rarely })),
    weighted(3, fc.record({ kind: fc.constant('change' as const), donation: fc.nat(), trees: fc.integer({ min: 0, max: 60 }) })),
    weighted(3, fc.record({
      kind: fc.constant('recipient' as const), company: fc.integer({ min: 0, max: 1 }), livemode: rarely.map((test) => !test), trees: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constant('all' as const)),
      project: fc.option(fc.integer({ min: 0, max: 1 })),
    })),
    weighted(2, fc.record({ kind: fc.constant('replay' as const), of: fc.nat() })),
  ),
  messageId: fc.boolean(),
});

interface World {
  tag: string;
  companies: [TestCompany, TestCompany];
  projectRefs: string[];
  plantingRefs: string[];
}

async function buildWorld(): Promise<World> {
  const tag = randomAlphanumeric(8);
  const world: World = {
    tag,
    companies: [await companyWithTokens(app.db), await companyWithTokens(app.db)],
    projectRefs: [0, 1].map((i) => `prj-${tag}-${i}`),
    plantingRefs: PLANTINGS.map((_, i) => `plt-${tag}-${i}`),
  };
  const partnerRef = `ptn-${tag}`;
  await applyBatch(app.db, [
    { op: 'upsert_partner', input: { ref: partnerRef, name: 'Yayasan Pesisir Lestari', country: 'ID' } },
    ...world.projectRefs.map((ref, i) => ({
      op: 'upsert_project',
      input: { ref, partner_ref: partnerRef, name: { en: `Project ${i}`, nl: `Project ${i}` }, description: { en: 'Coast.' }, country: 'ID', region: 'Central Java', ecosystem_type: 'mangrove' },
    })),
    ...PLANTINGS.map((planting, i) => ({
      op: 'upsert_planting',
      input: { ref: world.plantingRefs[i], project_ref: world.projectRefs[planting.project], trees: PLANTING_TREES, livemode: planting.livemode },
    })),
  ], BASE_URL);
  return world;
}

const SPECIES = [
  [{ name_latin: 'Avicennia marina', name_common: { en: 'Grey mangrove', nl: 'Grijze mangrove' }, trees: 120 }],
  [{ name_latin: 'Rhizophora mucronata', name_common: { en: 'Loop-root mangrove', nl: 'Lusworteldmangrove' }, trees: 100 }],
];

/** The operation a command stands for; replays are resolved by the caller. */
function toOperation(world: World, command: Exclude<Command, { kind: 'replay' }>, step: number, donations: string[], now: Snapshot): OperationData {
  const { tag } = world;
  switch (command.kind) {
    case 'dossier': {
      const input: Record<string, unknown> = { ref: world.plantingRefs[command.planting], project_ref: world.projectRefs[PLANTINGS[command.planting]!.project], trees: command.trees };
      if (command.level !== 'none') Object.assign(input, { planted_at: '2025-03-01', geometry: SQUARE });
      if (command.level === 'full') input.species = SPECIES[command.species];
      if (command.notes > 0) input.notes = { en: `Notes ${command.notes}.` };
      return { op: 'upsert_planting', input };
    }
    case 'complete':
      return { op: 'complete_planting', input: { ref: world.plantingRefs[command.planting] } };
    case 'measure': {
      const planting = command.planting === null ? {} : { planting_ref: world.plantingRefs[command.planting] };
      const project = command.planting === null || command.wrongProject ? command.project : PLANTINGS[command.planting]!.project;
      return {
        op: 'record_monitoring',
        input: { ref: `mon-${tag}-${step}`, project_ref: world.projectRefs[project], ...planting, recorded_at: '2025-09-01', survival_rate: command.survival, trees_alive: 100, method: 'full_count' },
      };
    }
    case 'allocate': {
      const ref = `don-${tag}-${step}`;
      donations.push(ref);
      const livemode = command.wrongMode !== PLANTINGS[command.planting]!.livemode;
      return { op: 'record_allocation', input: { ref, company_id: world.companies[command.company]!.id, livemode, planting_ref: world.plantingRefs[command.planting], trees: command.trees } };
    }
    case 'change':
      return {
        op: 'change_allocation_trees',
        input: { ref: donations[command.donation % donations.length] ?? `don-${tag}-none`, trees: command.trees },
        message_id: `chg-${tag}-${step}`,
      };
    case 'recipient': {
      const project = command.project === null ? {} : { project_ref: world.projectRefs[command.project] };
      const company = world.companies[command.company]!;
      const trees = command.trees === 'all' ? Math.max(1, unassignedTrees(now, company.id, command.livemode, command.project === null ? null : PROJECT_PLANTINGS[command.project]!)) : command.trees;
      return { op: 'create_recipient', input: { ref: `rcp-${tag}-${step}`, company_id: company.id, livemode: command.livemode, trees, ...project } };
    }
  }
}

/** Which plantings (by index) belong to each project. */
const PROJECT_PLANTINGS = [0, 1].map((project) => PLANTINGS.flatMap((planting, i) => (planting.project === project ? [i] : [])));

function unassignedTrees(now: Snapshot, companyId: string, livemode: boolean, plantings: number[] | null): number {
  const ids = plantings === null ? null : new Set(plantings.map((i) => now.plantings.find((p) => p.index === i)?.id));
  return now.allocations
    .filter((a) => a.company_id === companyId && a.livemode === livemode && !a.assigned && (ids === null || ids.has(a.planting_id)))
    .reduce((sum, a) => sum + a.trees, 0);
}

interface AllocationState {
  id: string;
  company_id: string;
  livemode: boolean;
  planting_id: string;
  trees: number;
  status: 'pledged' | 'planted' | 'monitored';
  assigned: boolean;
  split_from_id: string | null;
  implied: 'pledged' | 'planted' | 'monitored';
}

/** Everything of the world a foundation operation may touch, to compare before and after. */
async function snapshot(world: World) {
  const companyIds = world.companies.map((c) => c.id);
  const allocations = await sql<AllocationState>`
    select a.id, a.company_id, a.livemode, a.planting_id, a.trees, a.status, a.split_from_id,
      (a.recipient_id is not null or a.gift_code_id is not null) as assigned,
      case when p.completed_at is null or p.planted_at is null or p.geometry is null or jsonb_array_length(p.species) = 0 then 'pledged'
           when exists (select 1 from monitorings m where m.planting_id = p.id) then 'monitored'
           else 'planted' end as implied
    from allocations a join plantings p on p.id = a.planting_id
    where a.company_id = any(${companyIds}) order by a.id`.execute(app.db);
  const events = await sql<{ type: string; n: number }>`
    select type, count(*)::int as n from events where company_id = any(${companyIds}) group by type order by type`.execute(app.db);
  const recipients = await sql<{ id: string }>`select id from recipients where company_id = any(${companyIds}) order by id`.execute(app.db);
  const totals = await app.db.selectFrom('company_totals').selectAll().where('company_id', 'in', companyIds).orderBy('company_id').orderBy('livemode').execute();
  const plantings = await app.db
    .selectFrom('plantings')
    .select(['id', 'foundation_ref', 'trees', 'planted_at', 'completed_at', 'updated_at', 'species', 'notes'])
    .where('foundation_ref', 'in', world.plantingRefs)
    .orderBy('foundation_ref')
    .execute();
  const measurements = await sql<{ n: number }>`
    select count(*)::int as n from monitorings m join projects p on p.id = m.project_id where p.foundation_ref = any(${world.projectRefs})`.execute(app.db);
  return {
    allocations: allocations.rows,
    events: Object.fromEntries(events.rows.map((row) => [row.type, row.n])) as Record<string, number>,
    recipients: recipients.rows.map((row) => row.id),
    totals,
    plantings: plantings.map((planting) => ({ ...planting, index: world.plantingRefs.indexOf(planting.foundation_ref) })),
    measurements: measurements.rows[0]?.n,
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

const RANK = { pledged: 0, planted: 1, monitored: 2 } as const;

/** What the test knows of each allocation since it appeared. */
interface Tracked {
  initial: AllocationState['status'];
  /**
   * data.previous.trees of each allocation.updated it should have: the old count when its
   * trees changed (a refund, a split for a recipient), null when given whole to a recipient.
   */
  previous: (number | null)[];
}

/** The events an applied operation must have written, from the state it changed. */
function checkStep(op: string, result: AppliedOperation, touchedPlanting: string | null, before: Snapshot, after: Snapshot, tracked: Map<string, Tracked>) {
  const earlier = new Map(before.allocations.map((a) => [a.id, a]));
  const expected: Record<string, number> = {};
  const add = (type: string, n: number) => {
    if (n > 0) expected[type] = (expected[type] ?? 0) + n;
  };

  for (const allocation of after.allocations) {
    assert.equal(allocation.status, allocation.implied, `${op}: allocation ${allocation.id} has the status its planting implies`);
    const old = earlier.get(allocation.id);
    if (!old) {
      // Born in this operation (a donation, a refund's new part, a recipient's split part): announced once.
      assert.equal(allocation.split_from_id === null, op === 'record_allocation', `${op}: only a donation is not a split part`);
      tracked.set(allocation.id, { initial: allocation.status, previous: [] });
      add('allocation.created', 1);
      continue;
    }
    assert.ok(RANK[allocation.status] >= RANK[old.status], `${op}: allocation ${allocation.id} went back from ${old.status} to ${allocation.status}`);
    add('allocation.planted', old.status === 'pledged' && allocation.status !== 'pledged' ? 1 : 0);
    add('allocation.monitored', old.status !== 'monitored' && allocation.status === 'monitored' ? 1 : 0);
    if (old.assigned) assert.ok(allocation.trees >= old.trees || op !== 'change_allocation_trees', `${op}: a refund took trees of a recipient (${allocation.id})`);
    if (old.trees !== allocation.trees) {
      tracked.get(allocation.id)!.previous.push(old.trees);
      add('allocation.updated', 1);
    } else if (!old.assigned && allocation.assigned) {
      tracked.get(allocation.id)!.previous.push(null);
      add('allocation.updated', 1);
    }
  }
  add('recipient.created', after.recipients.length - before.recipients.length);

  // A changed dossier or a new measurement of a planting tells each company and mode with trees in it.
  if (touchedPlanting && !result.unchanged) {
    const holders = new Set(after.allocations.filter((a) => a.planting_id === touchedPlanting && a.trees > 0).map((a) => `${a.company_id}:${a.livemode}`));
    add('planting.updated', holders.size);
  }

  const written: Record<string, number> = {};
  for (const [type, n] of Object.entries(after.events)) {
    const delta = n - (before.events[type] ?? 0);
    if (delta !== 0) written[type] = delta;
  }
  assert.deepEqual(written, expected, `${op}: the events written`);
  assert.equal(result.events.length, Object.values(expected).reduce((sum, n) => sum + n, 0), `${op}: the events the result names`);
}

/** The planting whose dossier an operation may grow: the one it upserts, or the one it measures (a project-wide measurement has none). */
function plantingTouched(operation: OperationData, after: Snapshot): string | null {
  const input = operation.input as { ref: string; planting_ref?: string };
  const ref = operation.op === 'upsert_planting' ? input.ref : operation.op === 'record_monitoring' ? input.planting_ref : undefined;
  return after.plantings.find((planting) => planting.foundation_ref === ref)?.id ?? null;
}

/** After a sequence: GET /v2/company of each company and mode against SQL over its allocations and recipients, and each allocation's events. */
async function checkWorld(world: World, tracked: Map<string, Tracked>) {
  for (const company of world.companies) {
    for (const [livemode, token] of [[true, company.live], [false, company.test]] as const) {
      const response = await app.get('/v2/company', token);
      assert.equal(response.status, 200, response.text);
      const { rows } = await sql<{ pledged: number; planted: number; monitored: number; unassigned: number; projects: number; plantings: number }>`
        select coalesce(sum(trees) filter (where status = 'pledged'), 0)::int as pledged,
          coalesce(sum(trees) filter (where status = 'planted'), 0)::int as planted,
          coalesce(sum(trees) filter (where status = 'monitored'), 0)::int as monitored,
          coalesce(sum(trees) filter (where recipient_id is null and gift_code_id is null), 0)::int as unassigned,
          count(distinct project_id)::int as projects, count(distinct planting_id)::int as plantings
        from allocations where company_id = ${company.id} and livemode = ${livemode}`.execute(app.db);
      const want = rows[0]!;
      const recipients = await sql<{ n: number }>`
        select count(*)::int as n from recipients where company_id = ${company.id} and livemode = ${livemode} and deleted_at is null`.execute(app.db);
      const got = response.body;
      assert.deepEqual(got.trees, { total: want.pledged + want.planted + want.monitored, pledged: want.pledged, planted: want.planted, monitored: want.monitored });
      assert.equal(got.trees_unassigned, want.unassigned);
      assert.deepEqual(
        { projects: got.counts.projects, plantings: got.counts.plantings, recipients: got.counts.recipients },
        { projects: want.projects, plantings: want.plantings, recipients: recipients.rows[0]?.n },
      );
    }
  }

  const allocatedDrift = await sql`
    select p.id, p.trees_allocated, coalesce(sum(a.trees), 0)::int as want from plantings p
    left join allocations a on a.planting_id = p.id
    where p.foundation_ref = any(${world.plantingRefs}) group by p.id having p.trees_allocated <> coalesce(sum(a.trees), 0)`.execute(app.db);
  assert.deepEqual(allocatedDrift.rows, [], "each planting's trees_allocated is what its allocations add up to");

  const companyIds = world.companies.map((c) => c.id);
  const events = await sql<{ id: string; type: string; previous: number | null }>`
    select data->'object'->>'id' as id, type, (data->'previous'->>'trees')::int as previous
    from events where company_id = any(${companyIds})`.execute(app.db);
  const allocations = await app.db.selectFrom('allocations').select(['id', 'status', 'split_from_id']).where('company_id', 'in', companyIds).execute();
  for (const allocation of allocations) {
    const mine = events.rows.filter((event) => event.id === allocation.id);
    const count = (type: string) => mine.filter((event) => event.type === type).length;
    const known = tracked.get(allocation.id);
    assert.ok(known, `allocation ${allocation.id} was seen appearing`);
    const { initial, previous } = known;
    assert.equal(count('allocation.created'), 1, `allocation.created of ${allocation.id}`);
    assert.equal(count('allocation.planted'), initial === 'pledged' && allocation.status !== 'pledged' ? 1 : 0, `allocation.planted of ${allocation.id}`);
    assert.equal(count('allocation.monitored'), initial !== 'monitored' && allocation.status === 'monitored' ? 1 : 0, `allocation.monitored of ${allocation.id}`);
    const olds = mine.filter((event) => event.type === 'allocation.updated').map((event) => event.previous);
    const byCount = (a: number | null, b: number | null) => (a ?? -1) - (b ?? -1);
    assert.deepEqual(olds.sort(byCount), [...previous].sort(byCount), `data.previous of ${allocation.id}`);
  }
  const recipients = await app.db.selectFrom('recipients').select(['id', 'trees']).where('company_id', 'in', companyIds).execute();
  for (const { id, trees } of recipients) {
    assert.equal(events.rows.filter((event) => event.type === 'recipient.created' && event.id === id).length, 1, `recipient.created of ${id}`);
    const held = await app.db.selectFrom('allocations').select(sql<number>`coalesce(sum(trees), 0)::int`.as('trees')).where('recipient_id', '=', id).executeTakeFirstOrThrow();
    assert.equal(held.trees, trees, `the allocations of recipient ${id} hold its trees`);
  }
  const accounted = events.rows.filter((event) => event.type === 'planting.updated' || allocations.some((a) => a.id === event.id) || recipients.some((r) => r.id === event.id));
  assert.equal(accounted.length, events.rows.length, 'no event about anything else');
}

test('random foundation operations keep totals, statuses and events consistent', { timeout: 120_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(commandArb, { minLength: 15, maxLength: 40, size: 'max' }), async (commands) => {
      const world = await buildWorld();
      const sent: { operation: OperationData; applied: boolean }[] = [];
      const donations: string[] = [];
      const tracked = new Map<string, Tracked>();
      let before = await snapshot(world);

      for (const [step, { command, messageId }] of commands.entries()) {
        let operation: OperationData;
        let replayOfApplied = false;
        if (command.kind === 'replay') {
          const earlier = sent[command.of % Math.max(sent.length, 1)];
          if (!earlier) continue;
          operation = earlier.operation;
          replayOfApplied = earlier.applied;
        } else {
          operation = toOperation(world, command, step, donations, before);
          if (messageId) operation.message_id = `msg-${world.tag}-${step}`;
        }

        let result: AppliedOperation | null = null;
        try {
          result = (await applyBatch(app.db, [operation], BASE_URL))[0] ?? null;
        } catch (error) {
          if (!(error instanceof CanopyError)) throw error;
          assert.ok(EXPECTED_REFUSALS.includes(error.code), `${operation.op} refused unexpectedly: ${error.code} ${error.message}`);
        }
        sent.push({ operation, applied: result !== null });
        const after = await snapshot(world);

        if (!result || result.unchanged || replayOfApplied) {
          assert.deepEqual(after, before, `${operation.op}: a refusal or a replay changes nothing`);
          if (replayOfApplied) assert.ok(result?.unchanged, `${operation.op}: a replay is reported unchanged`);
        }
        if (result) checkStep(operation.op, result, plantingTouched(operation, after), before, after, tracked);
        before = after;
      }
      await checkWorld(world, tracked);
    }),
    { numRuns: 25 },
  );
});
