import { sql } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import type { Language } from '../../core/i18n.ts';
import type { Db } from '../../db/schema.ts';
import { PLANTING_DONE_SQL } from '../../domain/lifecycle.ts';
import { type CompanySummary, companySummary, type ProjectSummary } from '../certificates/view.ts';

/**
 * What a company's public impact page, its badge, its share image and its JSON say, and
 * nothing more: each figure is an API field of the company's live data, or a sum of them,
 * read from the per-company aggregates (company_totals, company_projects,
 * company_plantings), never from a scan of its allocations. Test mode is never public.
 * docs/decisions.md, "What the impact page claims", names the field behind each figure.
 */

/** The company behind a public address, and whether it shows its page. */
export interface ImpactCompany {
  id: string;
  name: string;
  slug: string;
  public: boolean;
  about: Record<Language, string | null>;
  /**
   * What changes whenever the company or its live trees do: its row's updated_at and its
   * live totals. What the pages read of it is kept while this holds (cache.ts).
   */
  stamp: string;
}

/** The company at `slug` with its stamp, in one statement (its totals are 16 rows on their primary key). */
export async function findImpactCompany(db: Db, slug: string): Promise<ImpactCompany | null> {
  const row = await db
    .selectFrom('companies as c')
    .leftJoin('company_totals as t', (join) => join.onRef('t.company_id', '=', 'c.id').on('t.livemode', '=', true))
    .select(['c.id', 'c.name', 'c.slug', 'c.impact_page_public', 'c.about_en', 'c.about_nl', 'c.updated_at'])
    .select(['t.trees_pledged', 't.trees_planted', 't.trees_monitored', 't.trees_unassigned', 't.plantings', 't.projects'])
    .where('c.slug', '=', slug)
    .executeTakeFirst();
  if (!row) return null;
  const stamp = [
    row.updated_at.toISOString(), row.trees_pledged, row.trees_planted, row.trees_monitored, row.trees_unassigned, row.plantings, row.projects,
  ].join('|');
  return { id: row.id, name: row.name, slug: row.slug, public: row.impact_page_public, about: { en: row.about_en, nl: row.about_nl }, stamp };
}

/** A survival measurement (an API monitoring object's fields) as the page shows it. */
export interface ShownMeasurement {
  id: string;
  recorded_at: string;
  survival_rate: number;
  method: string;
  /** The planting it measured (monitoring.planting), or null for a measurement of the whole project. */
  planting: string | null;
}

/** One project of the company's, with its own trees, its statement and the measurements that may speak of its trees. */
export interface ImpactProject extends ProjectSummary {
  /** The newest measurement shown (of the whole project, or of one of the company's plantings), or null. */
  latestSurvival: ShownMeasurement | null;
  /** Measurements shown, oldest first: the project's own series when it has one, else its plantings' (at most MAX_HISTORY). */
  history: ShownMeasurement[];
}

export interface ImpactFigures {
  /** company.trees of the live company: planted counts trees with status planted and monitored. */
  trees: { total: number; pledged: number; planted: number; monitored: number };
  /** company.trees.total - company.trees_unassigned: trees given to recipients or reserved behind gift codes. */
  passedOn: number;
  /** company.first_contribution_at, or null before any. */
  firstContributionAt: Date | null;
  /**
   * The company's planted trees in plantings with a survival measurement of their own taken
   * since planting (proof.ts survivalOf), and the share alive at those latest counts,
   * weighted by the company's trees in each: null while none is measured.
   */
  survival: { treesMeasured: number; rate: number; latestAt: string } | null;
  projects: ImpactProject[];
}

/** How many measurements a project's history shows: a chart, not a log (the API lists them all). */
export const MAX_HISTORY = 24;

/**
 * The figures of a company's trees in the context's mode, in the reader's language (project
 * names, regions, statements). `summary` is the company's companySummary when the caller has
 * read it already (the page's proofBehind has).
 */
export async function impactFigures(ctx: ReadContext, summary?: CompanySummary): Promise<ImpactFigures> {
  const counts = await impactCounts(ctx);
  const byProject = summary ?? (await companySummary(ctx, new Map()));
  const measurements = await measurementsShown(ctx);
  return {
    ...counts,
    projects: byProject.projects.map((project) => {
      const shown = measurements.get(project.project.id) ?? [];
      const ownSeries = shown.filter((measurement) => measurement.planting === null);
      const history = (ownSeries.length > 0 ? ownSeries : shown).slice(0, MAX_HISTORY).reverse();
      return { ...project, latestSurvival: shown[0] ?? null, history };
    }),
  };
}

/** The company-wide figures without the projects: what the badge and the widget say, in two reads. */
export type ImpactCounts = Omit<ImpactFigures, 'projects'>;

export async function impactCounts(ctx: ReadContext): Promise<ImpactCounts> {
  const totals = await ctx.db
    .selectFrom('company_totals')
    .select(['trees_pledged', 'trees_planted', 'trees_monitored', 'trees_unassigned', 'first_contribution_at'])
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .executeTakeFirst();
  const pledged = Number(totals?.trees_pledged ?? 0);
  const planted = Number(totals?.trees_planted ?? 0);
  const monitored = Number(totals?.trees_monitored ?? 0);
  const total = pledged + planted + monitored;
  return {
    trees: { total, pledged, planted: planted + monitored, monitored },
    passedOn: total - Number(totals?.trees_unassigned ?? 0),
    firstContributionAt: totals?.first_contribution_at ?? null,
    survival: total > 0 ? await weightedSurvival(ctx) : null,
  };
}

/**
 * The company's plantings whose trees are planted: the foundation reported the planting
 * done (its allocations' status is planted or monitored) with its date (planting.planted_at);
 * each with the company's trees there (planting.trees_for_company).
 */
function plantedPlantings(ctx: ReadContext) {
  return sql`
    SELECT cp.planting_id, cp.project_id, cp.trees, p.planted_at
    FROM company_plantings cp JOIN plantings p ON p.id = cp.planting_id
    WHERE cp.company_id = ${ctx.companyId} AND cp.livemode = ${ctx.livemode} AND cp.trees > 0
      AND ${sql.raw(PLANTING_DONE_SQL)}`;
}

/** Live proof for a live reader; a test reader also sees the foundation's test proof (proof/queries.ts visibleProof). */
function visible(ctx: ReadContext) {
  return ctx.livemode ? sql`m.livemode` : sql`(m.owner_company_id IS NULL OR m.owner_company_id = ${ctx.companyId})`;
}

/** Each planted planting's latest own measurement, if taken since planting (survivalOf), weighted by the company's trees there. */
async function weightedSurvival(ctx: ReadContext): Promise<ImpactFigures['survival']> {
  const { rows } = await sql<{ measured: string | null; alive: number | null; latest: string | null }>`
    WITH mine AS (${plantedPlantings(ctx)})
    SELECT sum(mine.trees) AS measured, sum(mine.trees * latest.survival_rate) AS alive, max(latest.recorded_at)::text AS latest
    FROM mine
    CROSS JOIN LATERAL (
      SELECT m.survival_rate, m.recorded_at FROM monitorings m
      WHERE m.planting_id = mine.planting_id AND ${visible(ctx)}
      ORDER BY m.recorded_at DESC, m.id DESC LIMIT 1
    ) latest
    WHERE latest.recorded_at >= mine.planted_at`.execute(ctx.db);
  const row = rows[0];
  const measured = Number(row?.measured ?? 0);
  if (!row || measured === 0 || row.latest === null) return null;
  return { treesMeasured: measured, rate: Number(row.alive) / measured, latestAt: row.latest };
}

/**
 * The measurements that may speak of the company's trees, by project, newest first (at
 * most MAX_HISTORY of each kind): a planting's own, taken since it was planted, for the
 * company's planted plantings; and the project's whole-project ones taken since the
 * company's first trees there were planted. A project where the company has only pledged
 * trees has none: nothing measured them.
 */
async function measurementsShown(ctx: ReadContext): Promise<Map<string, ShownMeasurement[]>> {
  const { rows } = await sql<ShownMeasurement & { project_id: string }>`
    WITH mine AS (${plantedPlantings(ctx)}),
    first_planted AS (SELECT project_id, min(planted_at) AS first FROM mine GROUP BY project_id)
    SELECT id, project_id, planting, recorded_at, survival_rate, method FROM (
      SELECT m.id, m.project_id, m.planting_id AS planting, m.recorded_at::text AS recorded_at, m.survival_rate, m.method,
             row_number() OVER (PARTITION BY m.project_id, m.planting_id IS NULL ORDER BY m.recorded_at DESC, m.id DESC) AS n
      FROM monitorings m
      JOIN first_planted f ON f.project_id = m.project_id
      LEFT JOIN mine ON mine.planting_id = m.planting_id
      WHERE ${visible(ctx)}
        AND ((m.planting_id IS NULL AND m.recorded_at >= f.first) OR (mine.planting_id IS NOT NULL AND m.recorded_at >= mine.planted_at))
    ) shown
    WHERE n <= ${MAX_HISTORY}
    ORDER BY recorded_at DESC, id DESC`.execute(ctx.db);
  const byProject = new Map<string, ShownMeasurement[]>();
  for (const { project_id, ...measurement } of rows) {
    const list = byProject.get(project_id) ?? [];
    list.push({ ...measurement, survival_rate: Number(measurement.survival_rate) });
    byProject.set(project_id, list);
  }
  return byProject;
}
