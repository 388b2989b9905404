import { CanopyError, errors } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { SpeciesJson } from '../../db/schema.ts';
import { advanceAllocations, lockPlanting, type PlantingRow, plantingUpdated } from '../../domain/lifecycle.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { checkPolygon, polygonCentroid } from '../geometry.ts';
import { changed, type OperationResult, unchanged } from '../results.ts';
import type { CompletePlantingInput, UpsertPlantingInput } from '../schemas.ts';
import { changedFields, findOrInsert, mergeSent, pick } from '../upsert.ts';
import { storedPhoto } from './catalog.ts';

/**
 * A planting and its proof dossier. The dossier only grows towards complete: date,
 * polygon and species can be replaced but not removed, so a planted allocation always
 * has them to show.
 */

const PLANTING_FIELDS = [
  'source', 'planted_at', 'trees', 'species', 'latitude', 'longitude', 'geometry', 'photos', 'planting_method', 'notes',
] as const satisfies readonly (keyof PlantingRow)[];
type PlantingContent = Pick<PlantingRow, (typeof PLANTING_FIELDS)[number]>;

export async function upsertPlanting(uow: UnitOfWork, sent: UpsertPlantingInput): Promise<OperationResult> {
  const { db, now } = uow;
  const geometry = sent.geometry ? checkPolygon(sent.geometry) : undefined;
  const centroid = geometry ? polygonCentroid(geometry) : undefined;
  const project = await db.selectFrom('projects').select(['id', 'partner_id']).where('foundation_ref', '=', sent.project_ref).executeTakeFirst();
  if (!project) throw errors.referenceNotFound('project_ref', 'project', sent.project_ref);

  const content: { [K in keyof PlantingContent]?: PlantingContent[K] } = {
    source: sent.source,
    planted_at: sent.planted_at,
    trees: sent.trees,
    species: sent.species?.map((species): SpeciesJson => ({ ...species })),
    latitude: centroid?.latitude,
    longitude: centroid?.longitude,
    geometry,
    photos: sent.photos?.map(storedPhoto),
    planting_method: sent.planting_method,
    notes: sent.notes,
  };
  const defaults: PlantingContent = {
    source: 'foundation', planted_at: null, trees: sent.trees, species: [], latitude: null, longitude: null,
    geometry: null, photos: [], planting_method: null, notes: null,
  };

  const { row, created } = await findOrInsert(
    () => lockPlanting(db, { ref: sent.ref }),
    () =>
      db
        .insertInto('plantings')
        .values({
          id: newId('planting'),
          foundation_ref: sent.ref,
          livemode: sent.livemode ?? true,
          project_id: project.id,
          // The project's partner plants it; the foundation sends no partner of its own for a planting.
          partner_id: project.partner_id,
          ...plantingColumns(mergeSent(defaults, content)),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('foundation_ref').doNothing())
        .returningAll()
        .executeTakeFirst(),
  );
  // A new planting has no allocations or measurements yet, so nobody to tell and nothing to move.
  if (created) return changed(row.id);

  if (row.project_id !== project.id) {
    throw new CanopyError('reference_conflict', `Planting "${sent.ref}" belongs to another project; a planting cannot move between projects.`, ['project_ref']);
  }
  if (sent.livemode !== undefined && sent.livemode !== row.livemode) {
    throw new CanopyError('reference_conflict', `Planting "${sent.ref}" is a ${row.livemode ? 'live' : 'test'} planting; that cannot change.`, ['livemode']);
  }
  const stored = pick(row, PLANTING_FIELDS);
  const next = mergeSent(stored, content);
  if (changedFields(stored, next).length === 0) return unchanged(row.id);
  ensureTreesCoverAllocations(row, next.trees);

  const updated = await db
    .updateTable('plantings')
    .set({ ...plantingColumns(next), updated_at: now })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  uow.record(await plantingUpdated(db, row.id, now));
  uow.record(...(await advanceAllocations(db, updated, now)));
  return changed(row.id);
}

/**
 * The foundation reports the planting done. Its allocations move on as far as the
 * dossier and the measurements already received allow; if the dossier is still
 * incomplete, they move when it completes.
 */
export async function completePlanting(uow: UnitOfWork, sent: CompletePlantingInput): Promise<OperationResult> {
  const { db, now } = uow;
  const planting = await lockPlanting(db, { ref: sent.ref });
  if (!planting) throw errors.referenceNotFound('ref', 'planting', sent.ref);
  if (planting.completed_at !== null) return unchanged(planting.id);
  const completed = await db
    .updateTable('plantings')
    .set({ completed_at: now })
    .where('id', '=', planting.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  uow.record(...(await advanceAllocations(db, completed, now)));
  return changed(planting.id);
}

function ensureTreesCoverAllocations(planting: PlantingRow, trees: number): void {
  const allocated = planting.trees_allocated;
  if (trees < allocated) {
    throw new CanopyError('planting_over_allocated', `${allocated} trees of this planting are allocated to companies; its trees cannot go below that.`, ['trees']);
  }
}

function plantingColumns(content: PlantingContent) {
  return {
    ...content,
    species: JSON.stringify(content.species),
    geometry: content.geometry ? JSON.stringify(content.geometry) : null,
    photos: JSON.stringify(content.photos),
    notes: content.notes ? JSON.stringify(content.notes) : null,
  };
}
