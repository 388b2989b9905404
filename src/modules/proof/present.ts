import type { Selectable } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import { type Language, translate } from '../../core/i18n.ts';
import type { MonitoringsTable, PhotoJson, PolygonJson, SpeciesJson, VerificationsTable } from '../../db/schema.ts';
import { latestVerifications } from './queries.ts';

/**
 * The proof as API objects: photos, species, the polygon and its centroid,
 * measurements and verification statements. Translated texts come out in the reader's
 * language, and measurements and statements in the reader's mode: a test token sees live
 * proof too (test trees sit in real projects), as part of its test answers.
 */

/** Whom proof is presented to: the reader's language and mode. */
export type ProofReader = Pick<ReadContext, 'language' | 'livemode'>;

export function presentPhotos(photos: PhotoJson[], language: Language) {
  return photos.map((photo) => ({
    url: photo.url,
    caption: translate(photo.caption, language),
    taken_at: photo.taken_at,
    credit: photo.credit,
  }));
}

export function presentSpecies(species: SpeciesJson[], language: Language) {
  return species.map((entry) => ({
    name_latin: entry.name_latin,
    name_common: translate(entry.name_common, language),
    trees: entry.trees,
  }));
}

export function presentLocation(latitude: number | null, longitude: number | null) {
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

export function presentGeometry(geometry: PolygonJson | null) {
  return geometry ? { type: 'Polygon' as const, coordinates: geometry.coordinates } : null;
}

export function presentMonitoring(row: Selectable<MonitoringsTable>, { language, livemode }: ProofReader) {
  return {
    id: row.id,
    object: 'monitoring' as const,
    livemode,
    planting: row.planting_id,
    project: row.project_id,
    recorded_at: row.recorded_at,
    survival_rate: row.survival_rate,
    trees_alive: row.trees_alive,
    method: row.method,
    photos: presentPhotos(row.photos, language),
    // The spec declares notes a string: a measurement without notes has an empty one.
    notes: translate(row.notes, language) ?? '',
  };
}

export function presentVerification(row: Selectable<VerificationsTable>, { language, livemode }: ProofReader) {
  return {
    id: row.id,
    object: 'verification' as const,
    livemode,
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

export type VerificationObject = ReturnType<typeof presentVerification>;

/** `verification` of a project or planting: verified once any statement is published. */
export function verificationSummary(latest: VerificationObject | undefined) {
  return { status: latest ? ('verified' as const) : ('unverified' as const), latest: latest ?? null };
}

/** The latest verification of each project, presented, keyed by project id. */
export function latestVerificationByProject(ctx: ReadContext, projectIds: readonly string[]) {
  // A page of allocations with planting and project expanded asks for the same projects'
  // verifications twice, at the same moment: the second asker shares the first's query.
  const key = [...new Set(projectIds)].sort().join(',');
  const asked = verificationsAsked.get(ctx) ?? new Map<string, ReturnType<typeof loadLatestVerifications>>();
  verificationsAsked.set(ctx, asked);
  let loading = asked.get(key);
  if (!loading) {
    loading = loadLatestVerifications(ctx, projectIds);
    asked.set(key, loading);
  }
  return loading;
}

/** Per reader (a request's context): its verification queries under way or done, by project ids. */
const verificationsAsked = new WeakMap<ReadContext, Map<string, ReturnType<typeof loadLatestVerifications>>>();

async function loadLatestVerifications(ctx: ReadContext, projectIds: readonly string[]) {
  const rows = await latestVerifications(ctx, projectIds);
  return new Map(rows.map((row) => [row.project_id, presentVerification(row, ctx)]));
}
