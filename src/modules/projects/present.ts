import type { Selectable } from 'kysely';
import type { Language, MonitoringsTable, VerificationsTable } from '../../db/schema.ts';
import type { ReadContext } from '../../http/auth.ts';
import { iso, wants } from '../../http/common-schemas.ts';
import { translate } from '../../http/i18n.ts';
import { presentGeometry, presentLocation, presentPhotos, presentSpecies } from '../dossier/present.ts';
import { loadPartners } from '../partners/present.ts';
import { findProjectsByIds, latestVerifications, type ProjectWithTrees } from './queries.ts';

export function presentVerification(row: Selectable<VerificationsTable>, language: Language) {
  return {
    id: row.id,
    object: 'verification' as const,
    project: row.project_id,
    period_start: row.period_start,
    period_end: row.period_end,
    verifier_name: row.verifier_name,
    verifier_website_url: row.verifier_website_url,
    document_url: row.document_url,
    summary: translate(row.summary, language),
    trees_verified: row.trees_verified,
    published_at: iso(row.published_at),
  };
}

export function presentMonitoring(row: Selectable<MonitoringsTable>, language: Language) {
  return {
    id: row.id,
    object: 'monitoring' as const,
    planting: row.planting_id,
    project: row.project_id,
    recorded_at: row.recorded_at,
    survival_rate: row.survival_rate,
    trees_alive: row.trees_alive,
    method: row.method,
    photos: presentPhotos(row.photos, language),
    notes: translate(row.notes, language),
  };
}

export type VerificationObject = ReturnType<typeof presentVerification>;

/** `verification` of a project or planting: verified once any statement is published. */
export function verificationSummary(latest: VerificationObject | undefined) {
  return { status: latest ? ('verified' as const) : ('unverified' as const), latest: latest ?? null };
}

/** The latest verification of each project, presented, keyed by project id. */
export async function latestVerificationByProject(ctx: ReadContext, projectIds: readonly string[]) {
  const rows = await latestVerifications(ctx, projectIds);
  return new Map(rows.map((row) => [row.project_id, presentVerification(row, ctx.language)]));
}

export async function presentProjects(ctx: ReadContext, rows: ProjectWithTrees[], expand: readonly string[] = []) {
  const projectIds = rows.map((row) => row.id);
  const [verifications, partners] = await Promise.all([
    latestVerificationByProject(ctx, projectIds),
    wants(expand, 'partner') ? loadPartners(ctx.db, [...new Set(rows.map((row) => row.partner_id))]) : null,
  ]);
  return rows.map((row) => ({
    id: row.id,
    object: 'project' as const,
    name: translate(row.name, ctx.language),
    description: translate(row.description, ctx.language),
    country: row.country,
    region: row.region,
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

export type ProjectObject = Awaited<ReturnType<typeof presentProjects>>[number];

/** Visible projects by id, as API objects, for `expand[]=project`. */
export async function loadProjects(ctx: ReadContext, ids: readonly string[], expand: readonly string[] = []) {
  const objects = await presentProjects(ctx, await findProjectsByIds(ctx, ids), expand);
  return new Map(objects.map((object) => [object.id, object]));
}
