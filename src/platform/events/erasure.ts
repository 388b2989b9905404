import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { PERSONAL_EVENT_TYPES } from './record.ts';

/**
 * Stored copies of API objects: the event log (each event's `data.object`, as its GET
 * returned it) and the responses kept for Idempotency-Key replays. When a person's data is
 * erased, every copy of an object that held it is scrubbed in place: the personal fields
 * become null and the event or response stays, with its id, type and the rest of its
 * fields, so deliveries, redeliveries, the event log and replays go on answering, with
 * nothing personal left. Both are found on an index (migration 0020), never by reading a
 * company's log.
 */

/** What erasure does to one kind of object: its copies are rewritten by `scrub`. */
export interface ErasedObject {
  id: string;
  /** The object as it is to read once erased (a copy; the stored one is left alone). */
  scrub(object: Record<string, unknown>): Record<string, unknown>;
}

/** A company in one mode: whose stored responses to look in. */
export interface ErasureScope {
  companyId: string;
  livemode: boolean;
}

/** Scrubs every stored copy of the objects, in the caller's transaction; returns how many events and responses changed. */
export async function scrubStoredCopies(db: Db, scope: ErasureScope, objects: readonly ErasedObject[]): Promise<{ events: number; responses: number }> {
  if (objects.length === 0) return { events: 0, responses: 0 };
  const ids = objects.map((object) => object.id);
  const byId = new Map(objects.map((object) => [object.id, object]));

  const events = await sql<{ id: string; data: unknown }>`
    SELECT id, data FROM events
    WHERE type IN (${sql.join(PERSONAL_EVENT_TYPES)}) AND (data -> 'object' ->> 'id') IN (${sql.join(ids)})
      AND company_id = ${scope.companyId} AND livemode = ${scope.livemode}
    FOR UPDATE`.execute(db);
  let eventsChanged = 0;
  for (const row of events.rows) {
    const scrubbed = scrubCopies(parsed(row.data), byId);
    if (!scrubbed.changed) continue;
    // events.data is json, not jsonb: written back as text, its keys keep their order.
    await sql`UPDATE events SET data = ${JSON.stringify(scrubbed.value)}::json WHERE id = ${row.id}`.execute(db);
    eventsChanged++;
  }

  const responses = await sql<{ key: string; response_body: unknown }>`
    SELECT key, response_body FROM idempotency_keys
    WHERE company_id = ${scope.companyId} AND livemode = ${scope.livemode}
      AND response_body IS NOT NULL AND (response_body ->> 'id') IN (${sql.join(ids)})
    FOR UPDATE`.execute(db);
  let responsesChanged = 0;
  for (const row of responses.rows) {
    const scrubbed = scrubCopies(parsed(row.response_body), byId);
    if (!scrubbed.changed) continue;
    await sql`UPDATE idempotency_keys SET response_body = ${JSON.stringify(scrubbed.value)}::jsonb
      WHERE company_id = ${scope.companyId} AND livemode = ${scope.livemode} AND key = ${row.key}`.execute(db);
    responsesChanged++;
  }
  return { events: eventsChanged, responses: responsesChanged };
}

/** PGlite hands json back parsed, pg as parsed too for json and jsonb; a string is parsed here so both read the same. */
function parsed(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/**
 * The value with every object named in `objects` scrubbed, wherever it sits (a recipient
 * at the top of an event, or expanded inside a gift code), keys in their order.
 */
export function scrubCopies(value: unknown, objects: ReadonlyMap<string, ErasedObject>): { value: unknown; changed: boolean } {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const result = scrubCopies(item, objects);
      changed ||= result.changed;
      return result.value;
    });
    return { value: changed ? items : value, changed };
  }
  if (typeof value !== 'object' || value === null) return { value, changed: false };
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const result = scrubCopies(field, objects);
    changed ||= result.changed;
    copy[key] = result.value;
  }
  const erased = typeof copy.id === 'string' ? objects.get(copy.id) : undefined;
  if (erased) return { value: erased.scrub(copy), changed: true };
  return { value: changed ? copy : value, changed };
}
