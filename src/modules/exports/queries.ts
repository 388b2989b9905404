import { sql } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import type { PhotoJson, PolygonJson, SpeciesJson } from '../../db/schema.ts';
import { PLANTING_DONE_SQL } from '../../domain/lifecycle.ts';

/**
 * What the audit export reads: a company's plantings in batches, each batch one statement
 * (so a batch is consistent in itself even where the export cannot hold one snapshot), on
 * the index GET /v2/plantings pages on (company_plantings_page), in its order: newest
 * planting first. Never the allocations: the company's trees in a planting are
 * company_plantings.trees (planting.trees_for_company), and their status follows from the
 * planting alone (domain/lifecycle.ts statusForPlanting), as the impact page reads it.
 */

/** One planting of the export as read, before it is written out. */
export interface ExportPlantingRow {
  id: string;
  project_id: string;
  partner_id: string;
  source: string;
  planted_at: string | null;
  trees: number;
  trees_for_company: number;
  /** planting_created_at as the database writes it, to the microsecond: the keyset cursor (a Date would round it to the millisecond). */
  cursor_created_at: string;
  species: SpeciesJson[];
  latitude: number | null;
  longitude: number | null;
  geometry: PolygonJson | null;
  photos: PhotoJson[];
  /** The status every allocation of the planting has (statusForPlanting). */
  status: 'pledged' | 'planted' | 'monitored';
  monitoring_id: string | null;
  monitoring_recorded_at: string | null;
  monitoring_method: string | null;
  monitoring_survival_rate: number | null;
  monitoring_trees_alive: number | null;
  verification_id: string | null;
  verification_verifier_name: string | null;
  verification_verifier_website_url: string | null;
  verification_period_start: string | null;
  verification_period_end: string | null;
  verification_document_url: string | null;
  verification_published_at: Date | null;
}

/** Where the previous batch ended: its last planting, in the order of company_plantings_page. */
export interface ExportCursor {
  createdAt: string;
  plantingId: string;
}

/** Live proof for a live reader; a test reader also sees the foundation's test proof and its own (proof/queries.ts visibleProof). */
function visible(ctx: ReadContext, alias: 'm' | 'v') {
  const table = sql.table(alias);
  return ctx.livemode
    ? sql`${table}.livemode`
    : sql`(${table}.owner_company_id IS NULL OR ${table}.owner_company_id = ${ctx.companyId})`;
}

/**
 * The next `limit` plantings holding the company's trees (trees_for_company above zero)
 * after `cursor`, each with its latest visible measurement (latest_monitoring) and its
 * project's latest visible statement (verification.latest), as GET /v2/plantings presents them.
 * Whether that statement covers the planting, and that measurement is of its trees, is decided
 * in present.ts by the certificates' rules (certificates/proof.ts), not here.
 */
export async function exportPlantingsBatch(ctx: ReadContext, cursor: ExportCursor | null, limit: number): Promise<ExportPlantingRow[]> {
  const after = cursor ? sql`AND (cp.planting_created_at, cp.planting_id) < (${cursor.createdAt}::timestamptz, ${cursor.plantingId})` : sql``;
  const { rows } = await sql<ExportPlantingRow>`
    SELECT p.id, p.project_id, p.partner_id, p.source, p.planted_at, p.trees, cp.trees AS trees_for_company, cp.planting_created_at::text AS cursor_created_at,
           p.species, p.latitude, p.longitude, p.geometry, p.photos,
           CASE WHEN NOT (${sql.raw(PLANTING_DONE_SQL)}) THEN 'pledged'
                WHEN EXISTS (SELECT 1 FROM monitorings any_m WHERE any_m.planting_id = p.id) THEN 'monitored'
                ELSE 'planted' END AS status,
           m.id AS monitoring_id, m.recorded_at AS monitoring_recorded_at, m.method AS monitoring_method,
           m.survival_rate AS monitoring_survival_rate, m.trees_alive AS monitoring_trees_alive,
           v.id AS verification_id, v.verifier_name AS verification_verifier_name,
           v.verifier_website_url AS verification_verifier_website_url, v.period_start AS verification_period_start,
           v.period_end AS verification_period_end, v.document_url AS verification_document_url,
           v.published_at AS verification_published_at
    FROM company_plantings cp
    JOIN plantings p ON p.id = cp.planting_id
    LEFT JOIN LATERAL (
      SELECT m.id, m.recorded_at, m.method, m.survival_rate, m.trees_alive FROM monitorings m
      WHERE m.planting_id = p.id AND ${visible(ctx, 'm')}
      ORDER BY m.recorded_at DESC, m.id DESC LIMIT 1
    ) m ON true
    LEFT JOIN LATERAL (
      SELECT v.id, v.verifier_name, v.verifier_website_url, v.period_start, v.period_end, v.document_url, v.published_at FROM verifications v
      WHERE v.project_id = p.project_id AND ${visible(ctx, 'v')}
      ORDER BY v.published_at DESC, v.id DESC LIMIT 1
    ) v ON true
    WHERE cp.company_id = ${ctx.companyId} AND cp.livemode = ${ctx.livemode} AND cp.trees > 0 ${after}
    ORDER BY cp.planting_created_at DESC, cp.planting_id DESC
    LIMIT ${limit}`.execute(ctx.db);
  return rows.map((row) => ({
    ...row,
    trees: Number(row.trees),
    trees_for_company: Number(row.trees_for_company),
    monitoring_survival_rate: row.monitoring_survival_rate === null ? null : Number(row.monitoring_survival_rate),
    monitoring_trees_alive: row.monitoring_trees_alive === null ? null : Number(row.monitoring_trees_alive),
    verification_published_at: row.verification_published_at === null ? null : new Date(row.verification_published_at),
  }));
}
