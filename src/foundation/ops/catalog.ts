import type { Selectable } from 'kysely';
import { CanopyError, errors } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Db, PhotoJson, ProjectsTable, SpeciesJson, Translated } from '../../db/schema.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { checkPolygon, polygonCentroid } from '../geometry.ts';
import { changed, type OperationResult, unchanged } from '../results.ts';
import type { PhotoInput, UpsertPartnerInput, UpsertProjectInput } from '../schemas.ts';
import { changedFields, findOrInsert, mergeSent, pick } from '../upsert.ts';

/** Planting partners and projects: the catalogue plantings hang on. No company is told about changes here. */

const PARTNER_FIELDS = ['name', 'country', 'website_url'] as const;
type PartnerContent = { name: string; country: string | null; website_url: string | null };

export async function upsertPartner(uow: UnitOfWork, sent: UpsertPartnerInput): Promise<OperationResult> {
  const { db, now } = uow;
  const content = { name: sent.name, country: sent.country, website_url: sent.website_url };
  const { row, created } = await findOrInsert(
    () => db.selectFrom('partners').selectAll().where('foundation_ref', '=', sent.ref).forUpdate().executeTakeFirst(),
    () =>
      db
        .insertInto('partners')
        .values({ id: newId('partner'), foundation_ref: sent.ref, ...mergeSent<PartnerContent>({ name: sent.name, country: null, website_url: null }, content), created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('foundation_ref').doNothing())
        .returningAll()
        .executeTakeFirst(),
  );
  if (created) return changed(row.id);

  const stored = pick(row, PARTNER_FIELDS);
  const next = mergeSent(stored, content);
  if (changedFields(stored, next).length === 0) return unchanged(row.id);
  await db.updateTable('partners').set({ ...next, updated_at: now }).where('id', '=', row.id).execute();
  return changed(row.id);
}

type ProjectRow = Selectable<ProjectsTable>;
const PROJECT_FIELDS = [
  'partner_id', 'name', 'description', 'country', 'region', 'status', 'ecosystem_type', 'started_at', 'latitude',
  'longitude', 'geometry', 'photos', 'default_species', 'sdg_goals', 'foundation_url', 'legacy_id',
] as const satisfies readonly (keyof ProjectRow)[];
type ProjectContent = Pick<ProjectRow, (typeof PROJECT_FIELDS)[number]>;

export async function upsertProject(uow: UnitOfWork, sent: UpsertProjectInput): Promise<OperationResult> {
  const { db, now } = uow;
  const geometry = sent.geometry ? checkPolygon(sent.geometry) : undefined;
  const location = sent.location ?? (geometry ? polygonCentroid(geometry) : undefined);
  const partner = await db.selectFrom('partners').select('id').where('foundation_ref', '=', sent.partner_ref).executeTakeFirst();
  if (!partner) throw errors.referenceNotFound('partner_ref', 'planting partner', sent.partner_ref);

  const content: { [K in keyof ProjectContent]?: ProjectContent[K] } = {
    partner_id: partner.id,
    name: sent.name,
    description: sent.description,
    country: sent.country,
    region: translatedRegion(sent.region),
    status: sent.status,
    ecosystem_type: sent.ecosystem_type,
    started_at: sent.started_at,
    latitude: location?.latitude,
    longitude: location?.longitude,
    geometry,
    photos: sent.photos?.map(storedPhoto),
    default_species: sent.default_species?.map((species): SpeciesJson => ({ ...species, trees: species.trees ?? null })),
    sdg_goals: sent.sdg_goals ? [...sent.sdg_goals].sort((a, b) => a - b) : undefined,
    foundation_url: sent.foundation_url,
    legacy_id: sent.legacy_id,
  };
  const defaults: ProjectContent = {
    partner_id: partner.id, name: sent.name, description: sent.description, country: sent.country, region: translatedRegion(sent.region),
    status: 'active', ecosystem_type: sent.ecosystem_type, started_at: null, latitude: null, longitude: null,
    geometry: null, photos: [], default_species: [], sdg_goals: [], foundation_url: null, legacy_id: null,
  };

  const { row, created } = await findOrInsert(
    () => db.selectFrom('projects').selectAll().where('foundation_ref', '=', sent.ref).forUpdate().executeTakeFirst(),
    async () => {
      const fresh = mergeSent(defaults, content);
      await ensureLegacyIdFree(db, fresh.legacy_id, sent.ref);
      return db
        .insertInto('projects')
        .values({ id: newId('project'), foundation_ref: sent.ref, ...projectColumns(fresh), created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('foundation_ref').doNothing())
        .returningAll()
        .executeTakeFirst();
    },
  );
  if (created) return changed(row.id);

  const stored = pick(row, PROJECT_FIELDS);
  const next = mergeSent(stored, content);
  if (changedFields(stored, next).length === 0) return unchanged(row.id);
  await ensureLegacyIdFree(db, next.legacy_id, sent.ref);
  await db.updateTable('projects').set({ ...projectColumns(next), updated_at: now }).where('id', '=', row.id).execute();
  return changed(row.id);
}

async function ensureLegacyIdFree(db: Db, legacyId: number | null, ref: string): Promise<void> {
  if (legacyId === null) return;
  const holder = await db.selectFrom('projects').select('foundation_ref').where('legacy_id', '=', legacyId).where('foundation_ref', '<>', ref).executeTakeFirst();
  if (holder) throw new CanopyError('legacy_id_taken', `Legacy id ${legacyId} already belongs to project "${holder.foundation_ref}".`, ['legacy_id']);
}

function projectColumns(content: ProjectContent) {
  return {
    ...content,
    name: JSON.stringify(content.name),
    description: JSON.stringify(content.description),
    region: JSON.stringify(content.region),
    geometry: content.geometry ? JSON.stringify(content.geometry) : null,
    photos: JSON.stringify(content.photos),
    default_species: JSON.stringify(content.default_species),
  };
}

/** A region sent as a plain string is English; one sent translated is kept as names are. */
function translatedRegion(region: UpsertProjectInput['region']): Translated {
  return typeof region === 'string' ? { en: region } : region;
}

export function storedPhoto(photo: PhotoInput): PhotoJson {
  return { url: photo.url, caption: photo.caption ?? null, taken_at: photo.taken_at, credit: photo.credit ?? null };
}
