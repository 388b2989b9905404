import type { Static } from '@sinclair/typebox';
import type { ReadContext } from '../../http/auth.ts';
import { errors } from '../../http/errors.ts';
import { cursorAfter, keysetPage } from '../../http/pagination.ts';
import { visibleProof } from '../projects/queries.ts';
import type { PlantingListQuery } from './schemas.ts';

/**
 * A company sees the plantings that hold its trees in the token's mode
 * (company_plantings), with its own tree count. Any other planting answers 404.
 */
function plantingsOf(ctx: ReadContext) {
  return ctx.db
    .selectFrom('company_plantings as cp')
    .innerJoin('plantings as p', 'p.id', 'cp.planting_id')
    .selectAll('p')
    .select('cp.trees as trees_for_company')
    .where('cp.company_id', '=', ctx.companyId)
    .where('cp.livemode', '=', ctx.livemode);
}

export type PlantingWithCompanyTrees = Awaited<ReturnType<ReturnType<typeof plantingsOf>['executeTakeFirstOrThrow']>>;

export async function findPlanting(ctx: ReadContext, id: string) {
  const row = await plantingsOf(ctx).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound('planting', id);
  return row;
}

export async function findPlantingsByIds(ctx: ReadContext, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return plantingsOf(ctx).where('p.id', 'in', ids).execute();
}

export async function listPlantings(ctx: ReadContext, query: Static<typeof PlantingListQuery>) {
  let q = plantingsOf(ctx);
  if (query.project) q = q.where('cp.project_id', '=', query.project);
  if (query.source) q = q.where('p.source', '=', query.source);
  if (query.created_since) q = q.where('cp.planting_created_at', '>=', new Date(query.created_since));
  if (query.updated_since) q = q.where('p.updated_at', '>=', new Date(query.updated_since));
  const after = await cursorAfter(query.starting_after, async (id) => {
    const row = await plantingsOf(ctx).select('cp.planting_created_at').where('p.id', '=', id).executeTakeFirst();
    return row && { sortValue: row.planting_created_at, id: row.id };
  });
  return keysetPage(q, { sortColumn: 'cp.planting_created_at', idColumn: 'cp.planting_id', limit: query.limit, after });
}

/** The newest measurement of each planting, for `latest_monitoring`. */
export async function latestMonitorings(ctx: ReadContext, plantingIds: readonly string[]) {
  if (plantingIds.length === 0) return [];
  return visibleProof(ctx, ctx.db.selectFrom('monitorings').selectAll())
    .distinctOn('planting_id')
    .where('planting_id', 'in', plantingIds)
    .orderBy('planting_id')
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
