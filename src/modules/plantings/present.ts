import type { ReadContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import { translate } from '../../core/i18n.ts';
import { wants } from '../../core/schema.ts';
import { loadPartners } from '../partners/present.ts';
import { loadProjects } from '../projects/present.ts';
import {
  latestVerificationByProject, presentGeometry, presentLocation, presentMonitoring, presentPhotos, presentSpecies, verificationSummary,
} from '../proof/present.ts';
import { latestMonitorings } from '../proof/queries.ts';
import { findPlantingsByIds, type PlantingWithCompanyTrees } from './queries.ts';

/**
 * Planting rows to API objects, with the proof dossier. Latest measurements,
 * verifications and expanded relations are loaded once for the whole page.
 */
export async function presentPlantings(ctx: ReadContext, rows: PlantingWithCompanyTrees[], expand: readonly string[] = []) {
  const unique = (values: string[]) => [...new Set(values)];
  const projectIds = unique(rows.map((row) => row.project_id));
  const [monitorings, verifications, projects, partners] = await Promise.all([
    latestMonitorings(ctx, rows.map((row) => row.id)),
    latestVerificationByProject(ctx, projectIds),
    wants(expand, 'project') ? loadProjects(ctx, projectIds) : null,
    wants(expand, 'partner') ? loadPartners(ctx.db, unique(rows.map((row) => row.partner_id))) : null,
  ]);
  const latestMonitoring = new Map(monitorings.map((row) => [row.planting_id, presentMonitoring(row, ctx)]));

  return rows.map((row) => ({
    id: row.id,
    object: 'planting' as const,
    // The reader's mode, which a planting shares: a test token sees test plantings only.
    livemode: ctx.livemode,
    project: projects?.get(row.project_id) ?? row.project_id,
    partner: partners?.get(row.partner_id) ?? row.partner_id,
    source: row.source,
    planted_at: row.planted_at,
    trees: row.trees,
    trees_for_company: row.trees_for_company,
    species: presentSpecies(row.species, ctx.language),
    location: presentLocation(row.latitude, row.longitude),
    geometry: presentGeometry(row.geometry),
    photos: presentPhotos(row.photos, ctx.language),
    planting_method: row.planting_method,
    notes: translate(row.notes, ctx.language),
    latest_monitoring: latestMonitoring.get(row.id) ?? null,
    verification: verificationSummary(verifications.get(row.project_id)),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }));
}

/** Visible plantings by id, as API objects, for `expand[]=planting`. */
export async function loadPlantings(ctx: ReadContext, ids: readonly string[], expand: readonly string[] = []) {
  const objects = await presentPlantings(ctx, await findPlantingsByIds(ctx, ids), expand);
  return new Map(objects.map((object) => [object.id, object]));
}
