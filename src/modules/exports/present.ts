import type { Language } from '../../core/i18n.ts';
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

function latestMonitoring(row: ExportPlantingRow) {
  if (row.monitoring_id === null) return null;
  return {
    id: row.monitoring_id,
    recorded_at: row.monitoring_recorded_at,
    method: row.monitoring_method,
    survival_rate: row.monitoring_survival_rate,
    trees_alive: row.monitoring_trees_alive,
  };
}

function verification(row: ExportPlantingRow) {
  if (row.verification_id === null) return { status: 'unverified' as const, latest: null };
  return {
    status: 'verified' as const,
    latest: {
      id: row.verification_id,
      verifier_name: row.verification_verifier_name,
      verifier_website_url: row.verification_verifier_website_url,
      period_start: row.verification_period_start,
      period_end: row.verification_period_end,
      document_url: row.verification_document_url,
      published_at: row.verification_published_at?.toISOString() ?? null,
    },
  };
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
 * `geometry`, exact); photo URLs are separated by spaces, which a URL never holds.
 */
export function plantingCsvRow(row: ExportPlantingRow, asOf: string, language: Language): string[] {
  const byStatus = treesByStatus(row);
  const geometry = presentGeometry(row.geometry);
  const { latest } = verification(row);
  return [
    asOf, row.id, row.project_id, row.partner_id, row.source, text(row.planted_at), text(row.trees), text(row.trees_for_company),
    text(byStatus.pledged), text(byStatus.planted), text(byStatus.monitored),
    JSON.stringify(presentSpecies(row.species, language)), text(row.latitude), text(row.longitude), geometry ? JSON.stringify(geometry) : '',
    text(row.monitoring_recorded_at), text(row.monitoring_method), text(row.monitoring_survival_rate), text(row.monitoring_trees_alive), text(row.monitoring_id),
    latest ? 'verified' : 'unverified', text(latest?.id), text(latest?.verifier_name), text(latest?.period_start), text(latest?.period_end),
    text(latest?.document_url), row.photos.map((photo) => photo.url).join(' '),
  ];
}
