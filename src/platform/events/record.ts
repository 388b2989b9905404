import { type RawBuilder, sql } from 'kysely';
import type { ClosingWrite } from '../../core/context.ts';
import type { Db } from '../../db/schema.ts';
import { newId } from '../../core/ids.ts';
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

/**
 * The event types whose `data.object` is a recipient, with its names, email and message:
 * the only events that hold personal data, and the ones erasing a person rewrites
 * (events/erasure.ts). Migration 0020 indexes exactly these types.
 */
export const PERSONAL_EVENT_TYPES = ['recipient.created', 'recipient.claimed'] as const satisfies readonly EventType[];

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

/**
 * One statement: the events, their deliveries, and the closing writes; returns how many
 * deliveries it queued. Written as SQL rather than built: it ends every write request, and
 * building it with Kysely's builders cost more of the API process than sending it did.
 */
async function writeStatement(db: Db, rows: EventRow[], closing: readonly ClosingWrite[]): Promise<number> {
  // Without events (a unit of work that only closes), the statement is the closing writes alone.
  const parts = [...(rows.length > 0 ? withEvents(rows) : []), ...closing.map((write, i) => sql`${sql.id(`closing_${i}`)} AS (${write.query})`)];
  const checked = closing.flatMap((write, i) => (write.mustWrite ? [{ name: `closing_${i}`, failure: write.mustWrite }] : []));
  const counts = [
    rows.length > 0 ? sql`(SELECT count(*) FROM delivery)::int AS deliveries` : sql`0 AS deliveries`,
    ...checked.map(({ name }) => sql`(SELECT count(*) FROM ${sql.id(name)})::int AS ${sql.id(name)}`),
  ];
  const { rows: [written] } = await sql<Record<string, number>>`WITH ${sql.join(parts)} SELECT ${sql.join(counts)}`.execute(db);
  // A part that must write a row and wrote none fails the work: the throw rolls it back.
  for (const { name, failure } of checked) if (written?.[name] !== 1) throw failure();
  return written?.deliveries ?? 0;
}

/** The events, and a pending delivery of each to every enabled endpoint of its company and mode that wants its type. */
function withEvents(rows: EventRow[]): RawBuilder<unknown>[] {
  const values = rows.map((row) => sql`(${row.id}, ${row.company_id}, ${row.livemode}, ${row.type}, ${row.data}, ${row.created_at})`);
  return [
    sql`event AS (INSERT INTO events (id, company_id, livemode, type, data, created_at) VALUES ${sql.join(values)} RETURNING id, company_id, livemode, type)`,
    sql`delivery AS (
      INSERT INTO event_deliveries (event_id, endpoint_id, next_attempt_at)
      SELECT event.id, endpoint.id, now() FROM event JOIN webhook_endpoints AS endpoint
        ON endpoint.company_id = event.company_id AND endpoint.livemode = event.livemode AND endpoint.status = 'enabled'
          AND ('*' = ANY(endpoint.enabled_events) OR event.type = ANY(endpoint.enabled_events))
      RETURNING event_id)`,
  ];
}

/** Writes one event (recordEvents). */
export async function recordEvent(db: Db, event: NewEvent): Promise<string> {
  const [id] = await recordEvents(db, [event]);
  return id!;
}
