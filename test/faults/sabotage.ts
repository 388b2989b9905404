import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import type { WriteRecord } from './load.ts';
import type { SeededWorld } from './seed.ts';
import type { ReceivedWebhook, SunkEmail } from './sinks.ts';

/**
 * FAULTS_SABOTAGE=1: after the drain and before the checks, breaks one thing of each kind
 * the checks watch, as a bug would, so that a run shows they catch it (most invariants
 * then fail, each naming the row). A check of the checks; never on in CI.
 */
export async function sabotage(db: Kysely<DB>, world: SeededWorld, seen: { records: WriteRecord[]; received: ReceivedWebhook[]; messages: SunkEmail[] }): Promise<void> {
  const company = world.companies[0]!.id;
  // A counter off by one, a planting counter off by one, an allocation with two owners.
  await sql`update company_total_parts set trees_unassigned = trees_unassigned + 1 where company_id = ${company} and livemode and part = 0`.execute(db);
  await sql`update plantings set trees_allocated = trees_allocated - 1 where id = ${world.plantingIds[0]!}`.execute(db);
  await sql`update allocations set gift_code_id = (select id from gift_codes where company_id = ${company} limit 1)
    where id = (select id from allocations where company_id = ${company} and recipient_id is not null limit 1)`.execute(db);
  // A committed write lost: a recipient the load made and never deleted, deleted.
  await sql`update recipients set deleted_at = now() where id = (select id from recipients where deleted_at is null and source = 'api' limit 1)`.execute(db);
  // A refused create that made its object after all.
  const refused = seen.records.find((record) => record.kind === 'create_recipient' && record.answer.status === 422);
  if (refused) {
    await db.insertInto('recipients').values({
      id: `rcp_sabotage${Date.now()}`, company_id: world.companies[refused.company]!.id, livemode: refused.livemode, external_reference: refused.key!,
      trees: 1, source: 'api', first_name: null, last_name: null, email: null, project_id: null, message: null, certificate_id: null, foundation_ref: null,
      claimed_at: null, deleted_at: null,
    }).execute();
  }
  // A job stuck under an expired lease, an event never delivered.
  await sql`insert into jobs (kind, payload, run_at, attempts, locked_until) values ('issue_certificate', '{}', now(), 1, now() - interval '1 minute')`.execute(db);
  await sql`insert into events (id, company_id, livemode, type, data) values (${`evt_sabotage${Date.now()}`}, ${company}, true, 'recipient.created', '{}')`.execute(db);
  // A webhook request lost, one sent twice by a live worker, an email sent twice by a live worker, a 500.
  seen.received.splice(0, 1);
  const live = seen.received.find((entry) => entry.sender.startsWith('worker-1'));
  if (live) seen.received.push({ ...live, at: Date.now() });
  const email = seen.messages.find((message) => message.sender.startsWith('worker-1'));
  if (email) seen.messages.push({ ...email, at: Date.now() });
  seen.records[0]!.answer.attempts.push({ api: 0, status: 500, replayed: false, ms: 1 });
}
