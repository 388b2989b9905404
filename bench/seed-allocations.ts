import { type Insertable, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB, ProjectsTable } from '../src/db/schema.ts';
import { newId, randomAlphanumeric } from '../src/core/ids.ts';
import { createCompany } from '../src/operator/companies.ts';
import { createToken } from '../src/operator/tokens.ts';
import { createUser } from '../src/operator/users.ts';

/** A partner and its project, "Bench Forest"; `extra` sets more of the project's columns. */
export async function insertBenchProject(db: Kysely<DB>, extra: Partial<Insertable<ProjectsTable>> = {}) {
  const partnerId = newId('partner');
  const projectId = newId('project');
  await db.insertInto('partners').values({ id: partnerId, foundation_ref: `bench-${partnerId}`, name: 'Bench Partners', country: 'KE' }).execute();
  await db
    .insertInto('projects')
    .values({
      id: projectId, foundation_ref: `bench-${projectId}`, partner_id: partnerId,
      name: JSON.stringify({ en: 'Bench Forest', nl: 'Bankbos' }), description: JSON.stringify({ en: 'Benchmark data.', nl: 'Benchmarkgegevens.' }),
      country: 'KE', region: JSON.stringify({ en: 'Central' }), ecosystem_type: 'tropical_montane_forest',
      ...extra,
    })
    .execute();
  return { partnerId, projectId };
}

export interface SeededCompany {
  companyId: string;
  token: string;
  rows: number;
  seedSeconds: number;
}

const PLANTINGS = 20;
/** Allocations are one minute apart, newest now: 1,000,000 rows span about two years. */
const SPACING_SECONDS = 60;

/**
 * A company on `automate` with an admin, a live token that may read allocations, one
 * project with PLANTINGS plantings, and `rows` live allocations spread over them.
 *
 * The allocations are written by INSERT ... SELECT over generate_series, in batches, not
 * through insertAllocation one by one (that would take hours at this size); the counters
 * that insertAllocation keeps are then set from one aggregate statement, so GET /company
 * and the list endpoints see the same state the application would have built.
 */
export async function seedCompanyWithAllocations(
  db: Kysely<DB>,
  rows: number,
  options: {
    batchSize?: number;
    onProgress?: (done: number) => void;
    /** Every allocation this many trees and `pledged`; by default sizes (1-25) and statuses cycle. */
    treesPerRow?: number;
    /** The token's scopes; by default allocations:read and company:read. */
    scopes?: readonly string[] | 'all';
  } = {},
): Promise<SeededCompany> {
  const started = performance.now();
  const company = await createCompany(db, { name: `Bench Company ${randomAlphanumeric(6)}`, plan: 'automate', country: 'NL' });
  const email = `bench-${randomAlphanumeric(6).toLowerCase()}@example.com`;
  await createUser(db, { companyId: company.id, email, name: 'Bench Admin', role: 'admin' });
  const scopes = options.scopes ?? ['allocations:read', 'company:read'];
  const token = await createToken(db, { companyId: company.id, ownerEmail: email, scopes, livemode: true, name: 'bench' });

  const { partnerId, projectId } = await insertBenchProject(db);
  const plantingIds: string[] = [];
  for (let i = 0; i < PLANTINGS; i++) {
    const id = newId('planting');
    plantingIds.push(id);
    await db
      .insertInto('plantings')
      .values({
        id, foundation_ref: `bench-${id}`, livemode: true, project_id: projectId, partner_id: partnerId,
        planted_at: '2024-04-15', trees: 1_000_000, completed_at: new Date(),
      })
      .execute();
  }

  await insertAllocationRows(db, {
    companyId: company.id, projectId, plantingIds, rows, treesPerRow: options.treesPerRow,
    batchSize: options.batchSize, onProgress: options.onProgress,
  });

  await setCountersFromAllocations(db, company.id);
  await sql`ANALYZE allocations`.execute(db);
  return { companyId: company.id, token: token.token, rows, seedSeconds: (performance.now() - started) / 1000 };
}

/**
 * Writes `rows` live allocations of one company spread over `plantingIds`, one minute
 * apart, the newest about now, by INSERT ... SELECT over generate_series in batches (not
 * through insertAllocation one by one: that would take hours at this size). Counters are
 * not touched: call setCountersFromAllocations afterwards.
 *
 * Row n (1 = oldest) is created n minutes after `origin`. Ids are unique by construction
 * (the row number in hex, then md5 hex), 24 characters after the prefix like real ids.
 * Without `treesPerRow`, statuses and sizes cycle so filters have work to do; with it,
 * every row has that many trees and the status `status` (default pledged).
 */
export async function insertAllocationRows(
  db: Kysely<DB>,
  target: {
    companyId: string;
    projectId: string;
    plantingIds: readonly string[];
    rows: number;
    treesPerRow?: number;
    status?: 'pledged' | 'planted' | 'monitored';
    batchSize?: number;
    onProgress?: (done: number) => void;
  },
): Promise<void> {
  const { companyId, projectId, plantingIds, rows } = target;
  const origin = new Date(Date.now() - rows * SPACING_SECONDS * 1000);
  origin.setUTCMilliseconds(0);
  const fixedTrees = target.treesPerRow ?? null;
  const fixedStatus = fixedTrees === null ? null : (target.status ?? 'pledged');
  const batchSize = target.batchSize ?? 50_000;
  for (let from = 1; from <= rows; from += batchSize) {
    const to = Math.min(rows, from + batchSize - 1);
    await sql`
      INSERT INTO allocations (id, company_id, livemode, planting_id, project_id, trees, status, source,
                               legacy_tree_ids, allocated_at, created_at, updated_at)
      SELECT 'alloc_' || lpad(to_hex(n), 8, '0') || substr(md5(n::text), 1, 16),
             ${companyId}, true,
             (${[...plantingIds]}::text[])[1 + n % ${plantingIds.length}],
             ${projectId},
             coalesce(${fixedTrees}::int, 1 + n % 25),
             coalesce(${fixedStatus}::text, (ARRAY['pledged', 'planted', 'planted', 'monitored'])[1 + n % 4]),
             CASE WHEN n % 50 = 0 THEN 'legacy' ELSE 'foundation' END,
             '{}',
             t, t, t
      FROM generate_series(${from}::int, ${to}::int) AS n,
           LATERAL (SELECT ${origin}::timestamptz + n * ${SPACING_SECONDS} * interval '1 second' AS t) AS at
    `.execute(db);
    target.onProgress?.(to);
  }
}

/**
 * Sets company_totals, company_projects and company_plantings for one company from what
 * its allocations add up to (one statement, one scan of the allocations), and, where the
 * column exists, plantings.trees_allocated of its plantings.
 */
export async function setCountersFromAllocations(db: Kysely<DB>, companyId: string): Promise<void> {
  // Since migration 0017 the totals are 16 parts: part 0 gets the sums and the others zero
  // (they may hold what writes through the app added before); before, one row.
  const parts = await tableExists(db, 'company_total_parts');
  const totals = parts ? 'company_total_parts' : 'company_totals';
  const onPartZero = (value: RawBuilder<unknown>, otherwise: RawBuilder<unknown>) => (parts ? sql`CASE WHEN t.part = 0 THEN ${value} ELSE ${otherwise} END` : value);
  const zero = sql`0`;
  await sql`
    WITH per_planting AS (
      SELECT a.livemode, a.project_id, a.planting_id,
             sum(a.trees) FILTER (WHERE a.status = 'pledged') AS pledged,
             sum(a.trees) FILTER (WHERE a.status = 'planted') AS planted,
             sum(a.trees) FILTER (WHERE a.status = 'monitored') AS monitored,
             sum(a.trees) FILTER (WHERE a.recipient_id IS NULL AND a.gift_code_id IS NULL) AS unassigned,
             sum(a.trees) AS trees,
             min(a.allocated_at) AS first_at
      FROM allocations a
      WHERE a.company_id = ${companyId}
      GROUP BY a.livemode, a.project_id, a.planting_id
    ),
    projects_upsert AS (
      INSERT INTO company_projects (company_id, livemode, project_id, project_created_at, trees_pledged, trees_planted, trees_monitored)
      SELECT ${companyId}, pp.livemode, pp.project_id, p.created_at,
             coalesce(sum(pp.pledged), 0), coalesce(sum(pp.planted), 0), coalesce(sum(pp.monitored), 0)
      FROM per_planting pp JOIN projects p ON p.id = pp.project_id
      GROUP BY pp.livemode, pp.project_id, p.created_at
      ON CONFLICT (company_id, livemode, project_id) DO UPDATE
        SET trees_pledged = excluded.trees_pledged, trees_planted = excluded.trees_planted, trees_monitored = excluded.trees_monitored
    ),
    plantings_upsert AS (
      INSERT INTO company_plantings (company_id, livemode, planting_id, project_id, planting_created_at, trees)
      SELECT ${companyId}, pp.livemode, pp.planting_id, pp.project_id, pl.created_at, pp.trees
      FROM per_planting pp JOIN plantings pl ON pl.id = pp.planting_id
      ON CONFLICT (company_id, livemode, planting_id) DO UPDATE SET trees = excluded.trees
    )
    UPDATE ${sql.table(totals)} t
    SET trees_pledged = ${onPartZero(sql`coalesce(s.pledged, 0)`, zero)}, trees_planted = ${onPartZero(sql`coalesce(s.planted, 0)`, zero)},
        trees_monitored = ${onPartZero(sql`coalesce(s.monitored, 0)`, zero)}, trees_unassigned = ${onPartZero(sql`coalesce(s.unassigned, 0)`, zero)},
        projects = ${onPartZero(sql`s.projects`, zero)}, plantings = ${onPartZero(sql`s.plantings`, zero)},
        first_contribution_at = ${onPartZero(sql`s.first_at`, sql`NULL`)}
    FROM (
      SELECT livemode, sum(pledged) AS pledged, sum(planted) AS planted, sum(monitored) AS monitored,
             sum(unassigned) AS unassigned, count(DISTINCT project_id)::int AS projects,
             count(*)::int AS plantings, min(first_at) AS first_at
      FROM per_planting GROUP BY livemode
    ) s
    WHERE t.company_id = ${companyId} AND t.livemode = s.livemode
  `.execute(db);

  // plantings.trees_allocated (migration 0009) counts every company's allocations of the
  // planting; older schemas sum the allocations at each donation instead.
  if (await columnExists(db, 'plantings', 'trees_allocated')) {
    await sql`
      UPDATE plantings p SET trees_allocated = s.total
      FROM (
        SELECT planting_id, sum(trees) AS total FROM allocations
        WHERE planting_id IN (SELECT planting_id FROM company_plantings WHERE company_id = ${companyId})
        GROUP BY planting_id
      ) s
      WHERE p.id = s.planting_id
    `.execute(db);
  }
}

/** What the allocations add up to, straight from the table, to check the counters against. */
export async function expectedTotals(db: Kysely<DB>, companyId: string) {
  const { rows } = await sql<{ pledged: number; planted: number; monitored: number; count: number }>`
    SELECT coalesce(sum(trees) FILTER (WHERE status = 'pledged'), 0)::int AS pledged,
           coalesce(sum(trees) FILTER (WHERE status = 'planted'), 0)::int AS planted,
           coalesce(sum(trees) FILTER (WHERE status = 'monitored'), 0)::int AS monitored,
           count(*)::int AS count
    FROM allocations WHERE company_id = ${companyId} AND livemode`.execute(db);
  return rows[0]!;
}

async function tableExists(db: Kysely<DB>, table: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ${table}`.execute(db);
  return rows.length > 0;
}

async function columnExists(db: Kysely<DB>, table: string, column: string): Promise<boolean> {
  const { rows } = await sql`
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND column_name = ${column}`.execute(db);
  return rows.length > 0;
}
