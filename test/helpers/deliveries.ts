import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';

/** The one delivery of an endpoint (tests that send one event to it). */
export function deliveryOf(db: Kysely<DB>, endpointId: string) {
  return db.selectFrom('event_deliveries').selectAll().where('endpoint_id', '=', endpointId).executeTakeFirstOrThrow();
}

/** Waits until the endpoint's delivery has made `attempts` attempts and the worker has recorded the outcome (its lease is off). */
export async function attemptsReach(db: Kysely<DB>, endpointId: string, attempts: number, ms = 5000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const delivery = await deliveryOf(db, endpointId);
    if (delivery.attempts >= attempts && delivery.locked_until === null) return delivery;
    if (Date.now() > deadline) throw new Error(`delivery stuck at ${delivery.attempts} attempts (${delivery.status})`);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}
