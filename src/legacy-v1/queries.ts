import { type Kysely, sql } from 'kysely';
import type { DB, Translated } from '../db/schema.ts';
import { pageWindow } from './pages.ts';

/**
 * The rows of v1's lists, live data only (v1 has no test mode). Each page reads at most
 * 100 rows by index: legacy trees by their position (migration 0014), planted foundation
 * allocations by a partial index, skipping the rows of earlier pages.
 */

/** Where a v1 tree row's place, project and supplier come from: its planting. */
export interface V1TreeSource {
  id: string;
  trees: number;
  projectName: Translated;
  country: string;
  supplier: string;
  latitude: number | null;
  longitude: number | null;
  plantedAt: string | null;
}

/** Planted (or measured) foundation allocations: the second part of v1's tree list. */
const plantedFoundation = sql<boolean>`a.source = 'foundation' AND a.status IN ('planted', 'monitored')`;

/**
 * Page `page` of GET /v1/get-trees: one row per legacy tree, then one row per planted
 * foundation allocation, oldest first.
 */
export async function v1TreesPage(db: Kysely<DB>, companyId: string, page: number): Promise<{ rows: V1TreeSource[]; total: number }> {
  const [legacy, planted] = await Promise.all([
    db.selectFrom('legacy_trees').select((eb) => eb.fn.max('position').as('last')).where('company_id', '=', companyId).where('livemode', '=', true).executeTakeFirst(),
    db.selectFrom('allocations as a').select((eb) => eb.fn.countAll<string>().as('count')).where('a.company_id', '=', companyId).where('a.livemode', '=', true).where(plantedFoundation).executeTakeFirstOrThrow(),
  ]);
  const legacyTotal = Number(legacy?.last ?? 0);
  const total = legacyTotal + Number(planted.count);
  const window = pageWindow(page, total);
  if (!window) return { rows: [], total };

  const rows: V1TreeSource[] = [];
  if (window.from <= legacyTotal) {
    const trees = await db
      .selectFrom('legacy_trees as lt')
      .innerJoin('plantings as p', 'p.id', 'lt.planting_id')
      .innerJoin('projects as pr', 'pr.id', 'p.project_id')
      .innerJoin('partners as pa', 'pa.id', 'p.partner_id')
      .select(['lt.tree_id as id', 'pr.name as projectName', 'pr.country', 'pa.name as supplier', 'p.latitude', 'p.longitude', 'p.planted_at as plantedAt'])
      .where('lt.company_id', '=', companyId)
      .where('lt.livemode', '=', true)
      .where('lt.position', '>=', window.from)
      .where('lt.position', '<=', Math.min(window.to, legacyTotal))
      .orderBy('lt.position')
      .execute();
    rows.push(...trees.map((tree) => ({ ...tree, trees: 1 })));
  }
  if (window.to > legacyTotal) {
    const first = Math.max(window.from, legacyTotal + 1);
    const allocations = await db
      .selectFrom('allocations as a')
      .innerJoin('plantings as p', 'p.id', 'a.planting_id')
      .innerJoin('projects as pr', 'pr.id', 'a.project_id')
      .innerJoin('partners as pa', 'pa.id', 'p.partner_id')
      .select(['a.id', 'a.trees', 'pr.name as projectName', 'pr.country', 'pa.name as supplier', 'p.latitude', 'p.longitude', 'p.planted_at as plantedAt'])
      .where('a.company_id', '=', companyId)
      .where('a.livemode', '=', true)
      .where(plantedFoundation)
      .orderBy('a.allocated_at')
      .orderBy('a.id')
      .offset(first - legacyTotal - 1)
      .limit(window.to - first + 1)
      .execute();
    rows.push(...allocations);
  }
  return { rows, total };
}

/**
 * Page `page` of GET /v1/get-projects: the projects the company has live trees in (as
 * GET /v2/projects lists them), by legacy project id; projects that came after v1 have
 * none and follow, oldest first.
 */
export async function v1ProjectsPage(db: Kysely<DB>, companyId: string, page: number) {
  const scope = db.selectFrom('company_projects as cp').innerJoin('projects as p', 'p.id', 'cp.project_id').where('cp.company_id', '=', companyId).where('cp.livemode', '=', true);
  const { count } = await scope.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const total = Number(count);
  const window = pageWindow(page, total);
  if (!window) return { rows: [], total };
  const rows = await scope
    .select(['p.id', 'p.legacy_id', 'p.name', 'p.description', 'p.country', 'p.region', 'p.latitude', 'p.longitude', 'p.photos', 'p.started_at'])
    .orderBy(sql`p.legacy_id NULLS LAST`)
    .orderBy('cp.project_created_at')
    .orderBy('p.id')
    .offset(window.from - 1)
    .limit(window.to - window.from + 1)
    .execute();
  return { rows, total };
}

export type V1ProjectSource = Awaited<ReturnType<typeof v1ProjectsPage>>['rows'][number];
