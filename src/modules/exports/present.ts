import { csvCell } from '../../core/csv-cell.ts';
import type { Language } from '../../core/i18n.ts';
import { coveringStatement, survivalOf } from '../certificates/proof.ts';
import { presentGeometry, presentLocation, presentSpecies } from '../proof/present.ts';
import type { ExportPlantingRow } from './queries.ts';

/**
 * One planting of the audit export, as a GeoJSON feature and as a CSV row. Every value is
 * a field of the API's planting (GET /v2/plantings), of its latest_monitoring or of its
 * verification.latest, or a count of the company's trees by allocation status (GET
 * /v2/allocations?planting=...&status=...): docs/reporting.md names the field behind each.
 */

/** The company's trees in the planting by allocation status; the three add up to trees_for_company. */
export function treesByStatus(row: ExportPlantingRow) {
  return {
    pledged: row.status === 'pledged' ? row.trees_for_company : 0,
    planted: row.status === 'planted' ? row.trees_for_company : 0,
    monitored: row.status === 'monitored' ? row.trees_for_company : 0,
  };
}

/**
 * The planting as the proof rules read it (certificates/proof.ts): its trees count as planted
 * only once the planting is done (status not pledged), whatever planted_at it was given.
 */
function proven(row: ExportPlantingRow) {
  const plantedAt = row.status === 'pledged' ? null : row.planted_at;
  const measurement = row.monitoring_id === null ? null : {
    id: row.monitoring_id,
    recorded_at: row.monitoring_recorded_at!,
    method: row.monitoring_method!,
    survival_rate: row.monitoring_survival_rate!,
    trees_alive: row.monitoring_trees_alive!,
  };
  const statement = row.verification_id === null ? null : {
    id: row.verification_id,
    verifier_name: row.verification_verifier_name,
    verifier_website_url: row.verification_verifier_website_url,
    period_start: row.verification_period_start!,
    period_end: row.verification_period_end!,
    document_url: row.verification_document_url,
    published_at: row.verification_published_at?.toISOString() ?? null,
  };
  return { planted_at: plantedAt, latest_monitoring: measurement, verification: { latest: statement } };
}

/** The latest measurement of the planting's own trees (survivalOf): none while pledged, none dated before planting. */
function latestMonitoring(row: ExportPlantingRow) {
  return survivalOf(proven(row));
}

/**
 * What verifies this planting's trees: `verified` with the statement that covers them
 * (coveringStatement); `not_covered` when the project has a statement that does not cover
 * them (pledged, or planted after its period_end), then no statement is shown; `unverified`
 * when the project has none.
 */
export function verification(row: ExportPlantingRow) {
  const planting = proven(row);
  const covering = coveringStatement(planting);
  if (covering) return { status: 'verified' as const, latest: covering };
  return { status: planting.verification.latest ? ('not_covered' as const) : ('unverified' as const), latest: null };
}

/** The planting as a GeoJSON Feature: its polygon as GET /v2/plantings gives `geometry`, the rest as properties. */
export function plantingFeature(row: ExportPlantingRow, language: Language) {
  return {
    type: 'Feature' as const,
    id: row.id,
    geometry: presentGeometry(row.geometry),
    properties: {
      planting: row.id,
      project: row.project_id,
      partner: row.partner_id,
      source: row.source,
      planted_at: row.planted_at,
      trees: row.trees,
      trees_for_company: row.trees_for_company,
      trees_by_status: treesByStatus(row),
      species: presentSpecies(row.species, language),
      location: presentLocation(row.latitude, row.longitude),
      latest_monitoring: latestMonitoring(row),
      verification: verification(row),
      photo_urls: row.photos.map((photo) => photo.url),
    },
  };
}

/** The CSV's columns, in order (docs/reporting.md: the API field behind each). */
export const CSV_COLUMNS = [
  'as_of', 'planting', 'project', 'partner', 'source', 'planted_at', 'trees', 'trees_for_company',
  'trees_pledged', 'trees_planted', 'trees_monitored', 'species', 'latitude', 'longitude', 'geometry',
  'survival_recorded_at', 'survival_method', 'survival_rate', 'survival_trees_alive', 'monitoring',
  'verification_status', 'verification', 'verifier_name', 'verification_period_start', 'verification_period_end',
  'verification_document_url', 'photo_urls',
] as const;

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * The planting as a CSV row. Species and the polygon are JSON (the API's `species` and
 * `geometry`, exact); photo URLs are separated by spaces, which a URL never holds. Every
 * cell someone typed (the verifier's name, the method, URLs) goes through csvCell, so a
 * spreadsheet never runs it as a formula; ids, numbers, dates and the service's JSON cannot
 * begin with a formula character and stay exact.
 */
export function plantingCsvRow(row: ExportPlantingRow, asOf: string, language: Language): string[] {
  const byStatus = treesByStatus(row);
  const geometry = presentGeometry(row.geometry);
  const measurement = latestMonitoring(row);
  const { status, latest } = verification(row);
  const typed = (value: string | null | undefined) => csvCell(text(value));
  return [
    asOf, row.id, row.project_id, row.partner_id, typed(row.source), text(row.planted_at), text(row.trees), text(row.trees_for_company),
    text(byStatus.pledged), text(byStatus.planted), text(byStatus.monitored),
    JSON.stringify(presentSpecies(row.species, language)), text(row.latitude), text(row.longitude), geometry ? JSON.stringify(geometry) : '',
    text(measurement?.recorded_at), typed(measurement?.method), text(measurement?.survival_rate), text(measurement?.trees_alive), text(measurement?.id),
    status, text(latest?.id), typed(latest?.verifier_name), text(latest?.period_start), text(latest?.period_end),
    typed(latest?.document_url), row.photos.map((photo) => csvCell(photo.url)).join(' '),
  ];
}
