import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import { noteDeliveriesQueued } from './wake.ts';

/** The nine event types of spec section 6. */
export const EVENT_TYPES = [
  'allocation.created',
  'allocation.planted',
  'allocation.monitored',
  'allocation.updated',
  'planting.updated',
  'verification.published',
  'recipient.created',
  'recipient.claimed',
  'certificate.created',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** How long the event log keeps events (spec section 8); the worker deletes older ones with their deliveries. */
export const EVENT_RETENTION_DAYS = 30;

export interface NewEvent {
  companyId: string;
  livemode: boolean;
  type: EventType;
  /** The object exactly as its GET endpoint returns it now, in English. */
  object: unknown;
  /** For `*.updated`: the changed fields' old values. */
  previous?: Record<string, unknown>;
  /** When it happened; now unless the change is replayed history (the demo seed). */
  createdAt?: Date;
}

/**
 * Writes an event into the log, in the caller's transaction, so there is no change
 * without its event and no event without its change (the log is the outbox). A pending
 * delivery is queued at once for every enabled endpoint of the company and mode that
 * wants this type.
 */
export async function recordEvent(db: Db, event: NewEvent): Promise<string> {
  const id = newId('event');
  const data = event.previous ? { object: event.object, previous: event.previous } : { object: event.object };
  // One statement: the event, and its deliveries from it.
  const written = await db
    .with('event', (w) =>
      w
        .insertInto('events')
        .values({ id, company_id: event.companyId, livemode: event.livemode, type: event.type, data: JSON.stringify(data), created_at: event.createdAt ?? new Date() })
        .returning('id'),
    )
    .insertInto('event_deliveries')
    .columns(['event_id', 'endpoint_id', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom(['event', 'webhook_endpoints'])
        .select(['event.id', 'webhook_endpoints.id', sql<Date>`now()`.as('next_attempt_at')])
        .where('webhook_endpoints.company_id', '=', event.companyId)
        .where('webhook_endpoints.livemode', '=', event.livemode)
        .where('webhook_endpoints.status', '=', 'enabled')
        .where(sql<boolean>`('*' = ANY(webhook_endpoints.enabled_events) OR ${event.type} = ANY(webhook_endpoints.enabled_events))`),
    )
    .executeTakeFirst();
  noteDeliveriesQueued(db, Number(written.numInsertedOrUpdatedRows ?? 0));
  return id;
}
