import type { Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { ApiContext } from '../../core/context.ts';
import { CanopyError, errors } from '../../core/errors.ts';
import { inRequestUnitOfWork } from '../../events/unit-of-work.ts';
import { noteDeliveriesQueued } from '../../events/wake.ts';
import { presentEvents } from './present.ts';
import { findEvent } from './queries.ts';
import type { RedeliverBody } from './schemas.ts';

/**
 * POST /v2/events/{id}/redeliver: sends the event again, now: to the endpoint named, or to
 * every enabled endpoint of the company and mode that takes this event type. Each gets a
 * fresh delivery (pending, due now, its attempts and retry schedule started over),
 * replacing the one it had. Answers with the event and its deliveries.
 */
export async function redeliverEvent(ctx: ApiContext, id: string, body: Static<typeof RedeliverBody>) {
  return inRequestUnitOfWork(ctx, {}, async (uow) => {
    const event = await findEvent(uow.ctx, id);
    let endpoints = uow.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'status'])
      .where('company_id', '=', ctx.companyId)
      .where('livemode', '=', ctx.livemode);
    if (body.endpoint) endpoints = endpoints.where('id', '=', body.endpoint);
    else endpoints = endpoints.where('status', '=', 'enabled').where(sql<boolean>`('*' = ANY(enabled_events) OR ${event.type} = ANY(enabled_events))`);
    const targets = await endpoints.execute();
    if (body.endpoint) {
      const [target] = targets;
      if (!target) throw errors.notFound('webhook_endpoint', body.endpoint, 'endpoint');
      if (target.status !== 'enabled') {
        throw new CanopyError('webhook_endpoint_disabled', `Webhook endpoint ${target.id} is disabled; switch it on (PATCH status: enabled) before redelivering to it.`, ['endpoint']);
      }
    }
    for (const target of targets) {
      await uow.db
        .insertInto('event_deliveries')
        .values({ event_id: event.id, endpoint_id: target.id, next_attempt_at: uow.now, created_at: uow.now })
        .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doUpdateSet({
          status: 'pending', attempts: 0, next_attempt_at: uow.now, locked_until: null, delivered_at: null, last_error: null,
        }))
        .execute();
    }
    noteDeliveriesQueued(uow.db, targets.length);
    const [presented] = await presentEvents(uow.ctx, [event]);
    return presented!;
  });
}
