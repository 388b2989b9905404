import type { Static } from '@sinclair/typebox';
import type { ReadContext } from '../../core/context.ts';
import { errors } from '../../core/errors.ts';
import { keysetPage } from '../../db/keyset.ts';
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
  const scope = plantingsOf(ctx);
  let q = scope;
  if (query.project) q = q.where('cp.project_id', '=', query.project);
  if (query.source) q = q.where('p.source', '=', query.source);
  if (query.created_since) q = q.where('cp.planting_created_at', '>=', new Date(query.created_since));
  if (query.updated_since) q = q.where('p.updated_at', '>=', new Date(query.updated_since));
  return keysetPage(scope, q, {
    sortColumn: 'cp.planting_created_at', tiebreakColumn: 'cp.planting_id', idColumn: 'p.id', limit: query.limit, startingAfter: query.starting_after,
  });
}
