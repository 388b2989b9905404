import type { ReadContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import { translate } from '../../core/i18n.ts';
import { wants } from '../../core/schema.ts';
import { loadPartners } from '../partners/present.ts';
import {
  latestVerificationByProject, presentGeometry, presentLocation, presentPhotos, presentSpecies, verificationSummary,
} from '../proof/present.ts';
import { findProjectsByIds, type ProjectWithTrees } from './queries.ts';

/** Project rows to API objects, with the company's own tree counts and the latest verification. */
export async function presentProjects(ctx: ReadContext, rows: ProjectWithTrees[], expand: readonly string[] = []) {
  const projectIds = rows.map((row) => row.id);
  const [verifications, partners] = await Promise.all([
    latestVerificationByProject(ctx, projectIds),
    wants(expand, 'partner') ? loadPartners(ctx.db, [...new Set(rows.map((row) => row.partner_id))]) : null,
  ]);
  return rows.map((row) => ({
    id: row.id,
    object: 'project' as const,
    // A project belongs to both modes: it is in the mode of the token that reads it, as its trees are.
    livemode: ctx.livemode,
    name: translate(row.name, ctx.language),
    description: translate(row.description, ctx.language),
    country: row.country,
    region: translate(row.region, ctx.language),
    status: row.status,
    ecosystem_type: row.ecosystem_type,
    partner: partners?.get(row.partner_id) ?? row.partner_id,
    started_at: row.started_at,
    location: presentLocation(row.latitude, row.longitude),
    geometry: presentGeometry(row.geometry),
    photos: presentPhotos(row.photos, ctx.language),
    default_species: presentSpecies(row.default_species, ctx.language),
    sdg_goals: row.sdg_goals,
    trees: {
      total: row.trees_pledged + row.trees_planted + row.trees_monitored,
      pledged: row.trees_pledged,
      planted: row.trees_planted,
      monitored: row.trees_monitored,
    },
    verification: verificationSummary(verifications.get(row.id)),
    foundation_url: row.foundation_url,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }));
}

/** Visible projects by id, as API objects, for `expand[]=project`. */
export async function loadProjects(ctx: ReadContext, ids: readonly string[], expand: readonly string[] = []) {
  const objects = await presentProjects(ctx, await findProjectsByIds(ctx, ids), expand);
  return new Map(objects.map((object) => [object.id, object]));
}
