import type { Static } from '@sinclair/typebox';
import type { ReadContext } from '../../core/context.ts';
import { errors } from '../../core/errors.ts';
import { keysetPage } from '../../db/keyset.ts';
import type { AllocationListQuery } from './schemas.ts';

function allocationsOf(ctx: ReadContext) {
  return ctx.db
    .selectFrom('allocations as a')
    .innerJoin('plantings as p', 'p.id', 'a.planting_id')
    .selectAll('a')
    .select('p.planted_at as planting_planted_at')
    .where('a.company_id', '=', ctx.companyId)
    .where('a.livemode', '=', ctx.livemode);
}

export type AllocationWithPlanting = Awaited<ReturnType<ReturnType<typeof allocationsOf>['executeTakeFirstOrThrow']>>;

export async function findAllocation(ctx: ReadContext, id: string) {
  const row = await allocationsOf(ctx).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound('allocation', id);
  return row;
}

export async function listAllocations(ctx: ReadContext, query: Static<typeof AllocationListQuery>) {
  const scope = allocationsOf(ctx);
  let q = scope;
  if (query.status) q = q.where('a.status', '=', query.status);
  if (query.source) q = q.where('a.source', '=', query.source);
  if (query.project) q = q.where('a.project_id', '=', query.project);
  if (query.planting) q = q.where('a.planting_id', '=', query.planting);
  if (query.recipient === 'none') q = q.where('a.recipient_id', 'is', null).where('a.gift_code_id', 'is', null);
  else if (query.recipient) q = q.where('a.recipient_id', '=', query.recipient);
  if (query.created_since) q = q.where('a.created_at', '>=', new Date(query.created_since));
  if (query.updated_since) q = q.where('a.updated_at', '>=', new Date(query.updated_since));
  return keysetPage(scope, q, {
    sortColumn: 'a.created_at', tiebreakColumn: 'a.id', idColumn: 'a.id', limit: query.limit, startingAfter: query.starting_after,
  });
}

export async function findAllocationsByIds(ctx: ReadContext, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return allocationsOf(ctx).where('a.id', 'in', ids).execute();
}
