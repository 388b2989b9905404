import type { Static } from '@sinclair/typebox';
import type { ReadContext } from '../../core/context.ts';
import { errors } from '../../core/errors.ts';
import { keysetPage } from '../../db/keyset.ts';
import type { EventListQuery, WebhookEndpointListQuery } from './schemas.ts';
import { sql } from 'kysely';
import { EVENT_RETENTION_DAYS, type EventType } from '../../platform/events/record.ts';

function endpointsOf(ctx: ReadContext) {
  return ctx.db.selectFrom('webhook_endpoints').selectAll().where('company_id', '=', ctx.companyId).where('livemode', '=', ctx.livemode);
}

/** One endpoint of the reader's company and mode, or 404; `forUpdate` locks it. */
export async function findWebhookEndpoint(ctx: ReadContext, id: string, options: { forUpdate?: boolean } = {}) {
  const query = endpointsOf(ctx).where('id', '=', id);
  const row = await (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw errors.notFound('webhook_endpoint', id);
  return row;
}

export async function listWebhookEndpoints(ctx: ReadContext, query: Static<typeof WebhookEndpointListQuery>) {
  const scope = endpointsOf(ctx);
  return keysetPage(scope, scope, {
    sortColumn: 'created_at', tiebreakColumn: 'id', idColumn: 'id', limit: query.limit, startingAfter: query.starting_after,
  });
}

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
  const scope = eventsOf(ctx);
  let q = scope;
  if (query.type) q = q.where('type', '=', query.type);
  if (query.created_since) q = q.where('created_at', '>=', new Date(query.created_since));
  if (query.delivery_status) {
    const status = query.delivery_status;
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('event_deliveries as d').select('d.event_id').whereRef('d.event_id', '=', 'events.id').where('d.status', '=', status)),
    );
  }
  // seq, not the random id, breaks ties: events of one operation share a millisecond.
  return keysetPage(scope, q, {
    sortColumn: 'created_at', tiebreakColumn: 'seq', idColumn: 'id', limit: query.limit, startingAfter: query.starting_after,
  });
}

/** The events' deliveries, each with its endpoint's status: a switched-off endpoint's pending deliveries wait, unscheduled. */
export async function deliveriesOf(ctx: ReadContext, eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  return ctx.db
    .selectFrom('event_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.event_id', 'd.endpoint_id', 'd.status', 'd.attempts', 'd.next_attempt_at', 'd.last_attempt_at', 'd.last_status_code',
      'e.status as endpoint_status',
    ])
    .where('d.event_id', 'in', eventIds)
    .orderBy('d.endpoint_id')
    .execute();
}

/** The delivery log's filters: outcome, event type, an event, a time range (attempted_at, from inclusive, until exclusive). */
export interface AttemptFilters {
  outcome?: 'succeeded' | 'failed';
  event_type?: EventType;
  event?: string;
  from?: Date;
  until?: Date;
  limit?: number;
  starting_after?: string;
}

/**
 * A page of an endpoint's attempts, newest first, by keyset on (attempted_at, id): each
 * filter has an index that starts with the endpoint (migration 0028), so a page reads that
 * endpoint's rows only, never the company's.
 */
export async function listWebhookAttempts(ctx: ReadContext, endpointId: string, filters: AttemptFilters) {
  await findWebhookEndpoint(ctx, endpointId);
  const scope = ctx.db.selectFrom('webhook_attempts').selectAll().where('endpoint_id', '=', endpointId);
  let q = scope;
  if (filters.outcome) q = q.where('outcome', '=', filters.outcome);
  if (filters.event_type) q = q.where('event_type', '=', filters.event_type);
  if (filters.event) q = q.where('event_id', '=', filters.event);
  if (filters.from) q = q.where('attempted_at', '>=', filters.from);
  if (filters.until) q = q.where('attempted_at', '<', filters.until);
  return keysetPage(scope, q, {
    sortColumn: 'attempted_at', tiebreakColumn: 'id', idColumn: 'id', limit: filters.limit, startingAfter: filters.starting_after,
  });
}

/** The attempts of some events of the reader's company and mode, newest first (an event's page in the event log). */
export async function attemptsOfEvents(ctx: ReadContext, eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  return ctx.db.selectFrom('webhook_attempts').selectAll()
    .where('event_id', 'in', eventIds).where('company_id', '=', ctx.companyId).where('livemode', '=', ctx.livemode)
    .orderBy('attempted_at', 'desc').orderBy('id', 'desc').limit(500).execute();
}
