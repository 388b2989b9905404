import { sql } from 'kysely';
import type { Db, SpeciesJson } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { storedPhoto } from './catalog.ts';
import { changedFields, findOrInsert, mergeSent, pick } from './content.ts';
import { FoundationError, notFound } from './errors.ts';
import { checkPolygon, polygonCentroid } from './geometry.ts';
import { advanceAllocations, lockPlanting, type PlantingRow, plantingUpdated } from './lifecycle.ts';
import { type FoundationResult, type OperationOptions, changed, unchanged } from './results.ts';
import { type CompletePlantingInput, CompletePlantingSchema, type UpsertPlantingInput, UpsertPlantingSchema } from './schemas.ts';
import { parseInput } from './validate.ts';

/**
 * A planting and its proof dossier. The dossier only grows towards complete: date,
 * polygon and species can be replaced but not removed, so a planted allocation always
 * has them to show.
 */

const PLANTING_FIELDS = [
  'source', 'planted_at', 'trees', 'species', 'latitude', 'longitude', 'geometry', 'photos', 'planting_method', 'notes',
] as const satisfies readonly (keyof PlantingRow)[];
type PlantingContent = Pick<PlantingRow, (typeof PLANTING_FIELDS)[number]>;

export async function upsertPlanting(db: Db, input: UpsertPlantingInput, options: OperationOptions = {}): Promise<FoundationResult> {
  const sent = parseInput(UpsertPlantingSchema, input);
  const now = options.now ?? new Date();
  const geometry = sent.geometry ? checkPolygon(sent.geometry) : undefined;
  const centroid = geometry ? polygonCentroid(geometry) : undefined;
  const project = await db.selectFrom('projects').select(['id', 'partner_id']).where('foundation_ref', '=', sent.project_ref).executeTakeFirst();
  if (!project) throw notFound('project_ref', 'project', sent.project_ref);

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
    throw new FoundationError('reference_conflict', `Planting "${sent.ref}" belongs to another project; a planting cannot move between projects.`, 'project_ref');
  }
  if (sent.livemode !== undefined && sent.livemode !== row.livemode) {
    throw new FoundationError('reference_conflict', `Planting "${sent.ref}" is a ${row.livemode ? 'live' : 'test'} planting; that cannot change.`, 'livemode');
  }
  const stored = pick(row, PLANTING_FIELDS);
  const next = mergeSent(stored, content);
  if (changedFields(stored, next).length === 0) return unchanged(row.id);
  await ensureTreesCoverAllocations(db, row.id, next.trees);

  const updated = await db
    .updateTable('plantings')
    .set({ ...plantingColumns(next), updated_at: now })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const dossierChange = await plantingUpdated(db, row.id, now);
  return changed(row.id, [dossierChange, ...(await advanceAllocations(db, updated, now))]);
}

/**
 * The foundation reports the planting done. Its allocations move on as far as the
 * dossier and the measurements already received allow; if the dossier is still
 * incomplete, they move when it completes.
 */
export async function completePlanting(db: Db, input: CompletePlantingInput, options: OperationOptions = {}): Promise<FoundationResult> {
  const sent = parseInput(CompletePlantingSchema, input);
  const now = options.now ?? new Date();
  const planting = await lockPlanting(db, { ref: sent.ref });
  if (!planting) throw notFound('ref', 'planting', sent.ref);
  if (planting.completed_at !== null) return unchanged(planting.id);
  const completed = await db
    .updateTable('plantings')
    .set({ completed_at: now })
    .where('id', '=', planting.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return changed(planting.id, await advanceAllocations(db, completed, now));
}

/** Trees allocated from a planting, in the planting's own mode (every allocation of a planting shares its mode). */
export async function allocatedTrees(db: Db, plantingId: string): Promise<number> {
  const { total } = await db
    .selectFrom('allocations')
    .select(sql<number>`coalesce(sum(trees), 0)`.as('total'))
    .where('planting_id', '=', plantingId)
    .executeTakeFirstOrThrow();
  return total;
}

async function ensureTreesCoverAllocations(db: Db, plantingId: string, trees: number): Promise<void> {
  const allocated = await allocatedTrees(db, plantingId);
  if (trees < allocated) {
    throw new FoundationError('planting_over_allocated', `${allocated} trees of this planting are allocated to companies; its trees cannot go below that.`, 'trees');
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
