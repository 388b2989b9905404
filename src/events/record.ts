import { type QueryCreator, sql } from 'kysely';
import type { ClosingWrite } from '../core/context.ts';
import type { DB, Db } from '../db/schema.ts';
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
 *
 * `closing` writes go out in the last of these statements (or in one of their own when
 * there are no events), each as a part of its WITH: one round trip for the end of a unit of
 * work instead of one per write (events/unit-of-work.ts).
 */
export async function recordEvents(db: Db, events: readonly NewEvent[], closing: readonly ClosingWrite[] = []): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < events.length || (start === 0 && closing.length > 0); start += EVENTS_PER_STATEMENT) {
    const rows = events.slice(start, start + EVENTS_PER_STATEMENT).map((event) => ({
      id: newId('event'),
      company_id: event.companyId,
      livemode: event.livemode,
      type: event.type,
      data: JSON.stringify(event.previous ? { object: event.object, previous: event.previous } : { object: event.object }),
      created_at: event.createdAt ?? new Date(),
    }));
    const last = start + EVENTS_PER_STATEMENT >= events.length;
    const deliveries = await writeStatement(db, rows, last ? closing : []);
    noteDeliveriesQueued(db, deliveries);
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

type EventRow = { id: string; company_id: string; livemode: boolean; type: EventType; data: string; created_at: Date };

/** One statement: the events, their deliveries, and the closing writes; returns how many deliveries it queued. */
async function writeStatement(db: Db, rows: EventRow[], closing: readonly ClosingWrite[]): Promise<number> {
  // Without events (a unit of work that only closes), the statement is the closing writes alone.
  let creator = rows.length > 0 ? (withEvents(db, rows) as unknown as QueryCreator<DB>) : db;
  closing.forEach((write, i) => {
    // Kysely puts a raw expression in a WITH without parentheses; a statement needs them.
    creator = creator.with(`closing_${i}`, () => sql`(${write.query})`) as unknown as QueryCreator<DB>;
  });
  const checked = closing.flatMap((write, i) => (write.mustWrite ? [{ name: `closing_${i}`, failure: write.mustWrite }] : []));
  const counts = await creator
    .selectNoFrom([
      (rows.length > 0 ? sql<number>`(SELECT count(*) FROM delivery)::int` : sql<number>`0`).as('deliveries'),
      ...checked.map(({ name }) => sql<number>`(SELECT count(*) FROM ${sql.table(name)})::int`.as(name)),
    ])
    .executeTakeFirstOrThrow();
  const written = counts as Record<string, number>;
  // A part that must write a row and wrote none fails the work: the throw rolls it back.
  for (const { name, failure } of checked) if (written[name] !== 1) throw failure();
  return written.deliveries ?? 0;
}

/** The events, and a pending delivery of each to every enabled endpoint of its company and mode that wants its type. */
function withEvents(db: Db, rows: EventRow[]) {
  return db
    .with('event', (w) => w.insertInto('events').values(rows).returning(['id', 'company_id', 'livemode', 'type']))
    .with('delivery', (w) =>
      w
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
        .returning('event_id'),
    );
}

/** Writes one event (recordEvents). */
export async function recordEvent(db: Db, event: NewEvent): Promise<string> {
  const [id] = await recordEvents(db, [event]);
  return id!;
}
