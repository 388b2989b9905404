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

/** Events written by one statement at most: 6 parameters each, well under PostgreSQL's 65,535. */
const EVENTS_PER_STATEMENT = 500;

/**
 * Writes events into the log, in the caller's transaction, so there is no change without
 * its event and no event without its change (the log is the outbox). A pending delivery is
 * queued at once for every enabled endpoint of the event's company and mode that wants its
 * type. One statement writes the events and their deliveries (up to 500 events); the
 * events are numbered (`seq`) in the order given. Returns their ids, in that order.
 */
export async function recordEvents(db: Db, events: readonly NewEvent[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < events.length; start += EVENTS_PER_STATEMENT) {
    const rows = events.slice(start, start + EVENTS_PER_STATEMENT).map((event) => ({
      id: newId('event'),
      company_id: event.companyId,
      livemode: event.livemode,
      type: event.type,
      data: JSON.stringify(event.previous ? { object: event.object, previous: event.previous } : { object: event.object }),
      created_at: event.createdAt ?? new Date(),
    }));
    const written = await db
      .with('event', (w) => w.insertInto('events').values(rows).returning(['id', 'company_id', 'livemode', 'type']))
      .insertInto('event_deliveries')
      .columns(['event_id', 'endpoint_id', 'next_attempt_at'])
      .expression((eb) =>
        eb
          .selectFrom(['event', 'webhook_endpoints'])
          .select(['event.id', 'webhook_endpoints.id', sql<Date>`now()`.as('next_attempt_at')])
          .whereRef('webhook_endpoints.company_id', '=', 'event.company_id')
          .whereRef('webhook_endpoints.livemode', '=', 'event.livemode')
          .where('webhook_endpoints.status', '=', 'enabled')
          .where(sql<boolean>`('*' = ANY(webhook_endpoints.enabled_events) OR event.type = ANY(webhook_endpoints.enabled_events))`),
      )
      .executeTakeFirst();
    noteDeliveriesQueued(db, Number(written.numInsertedOrUpdatedRows ?? 0));
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Writes one event (recordEvents). */
export async function recordEvent(db: Db, event: NewEvent): Promise<string> {
  const [id] = await recordEvents(db, [event]);
  return id!;
}
