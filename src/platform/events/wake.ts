import { EventEmitter } from 'node:events';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * How the webhook worker hears that there is something to deliver the moment it is
 * committed, instead of finding it on its next poll. recordEvent notes, per transaction,
 * that it queued deliveries; the unit of work then sends a PostgreSQL NOTIFY in the
 * transaction (delivered at commit, to workers of every process that LISTEN) and, after
 * the commit, wakes this process's worker directly (the embedded database has one process).
 */
export const DELIVERIES_CHANNEL = 'canopy_deliveries';

const queuedIn = new WeakMap<object, number>();
const local = new EventEmitter();
local.setMaxListeners(0);

/** recordEvent: this transaction queued deliveries. */
export function noteDeliveriesQueued(trx: object, count: number): void {
  if (count > 0) queuedIn.set(trx, (queuedIn.get(trx) ?? 0) + count);
}

/** Before commit: tells other processes, through the commit itself, when the transaction queued deliveries. */
export async function notifyOnCommit(trx: Kysely<DB>): Promise<boolean> {
  if (!queuedIn.has(trx)) return false;
  await sql`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`.execute(trx);
  return true;
}

/** After commit: wakes this process's webhook worker. */
export function deliveriesCommitted(): void {
  local.emit('queued');
}

export function onDeliveriesCommitted(listener: () => void): () => void {
  local.on('queued', listener);
  return () => local.off('queued', listener);
}
