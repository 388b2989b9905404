import type { Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import { EVENT_RETENTION_DAYS } from '../../events/record.ts';
import type { ReadContext } from '../../http/auth.ts';
import { errors } from '../../http/errors.ts';
import { cursorAfter, keysetPage } from '../../http/pagination.ts';
import type { EventListQuery } from './schemas.ts';

/** The company's events in this mode within the retention window (older ones are purged by the worker). */
function eventsOf(ctx: ReadContext) {
  return ctx.db
    .selectFrom('events')
    .selectAll()
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .where('created_at', '>=', sql<Date>`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`);
}

export type EventRow = Awaited<ReturnType<ReturnType<typeof eventsOf>['executeTakeFirstOrThrow']>>;

export async function findEvent(ctx: ReadContext, id: string) {
  const row = await eventsOf(ctx).where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound('event', id);
  return row;
}

export async function listEvents(ctx: ReadContext, query: Static<typeof EventListQuery>) {
  let q = eventsOf(ctx);
  if (query.type) q = q.where('type', '=', query.type);
  if (query.created_since) q = q.where('created_at', '>=', new Date(query.created_since));
  if (query.delivery_status) {
    const status = query.delivery_status;
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('event_deliveries as d').select('d.event_id').whereRef('d.event_id', '=', 'events.id').where('d.status', '=', status)),
    );
  }
  const after = await cursorAfter(query.starting_after, async (id) => {
    const row = await eventsOf(ctx).where('id', '=', id).executeTakeFirst();
    return row && { sortValue: row.created_at, id: row.seq };
  });
  // seq, not the random id, breaks ties: events of one operation share a millisecond.
  return keysetPage(q, { sortColumn: 'created_at', idColumn: 'seq', limit: query.limit, after });
}

export async function deliveriesOf(ctx: ReadContext, eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  return ctx.db
    .selectFrom('event_deliveries')
    .selectAll()
    .where('event_id', 'in', eventIds)
    .orderBy('endpoint_id')
    .execute();
}
