import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { MAX_ATTEMPTS } from '../../src/platform/jobs/queue.ts';
import { verifyWebhook } from '../../src/platform/webhooks/signature.ts';
import type { ReceivedWebhook, SunkEmail } from './sinks.ts';
import type { SeededWorld } from './seed.ts';
import type { Verdicts } from './verdict.ts';

/**
 * What the workers owed after the load: every event delivered at least once to the
 * receiver (signed with its endpoint's secret), no job stuck or given up, and every live
 * recipient who asked for it emailed, with duplicates only where a killed worker had
 * sent before dying.
 */

export interface Endpoint {
  id: string;
  company: number;
  livemode: boolean;
  path: string;
  secret: string;
}

/** A start of a worker that was SIGKILLed, and when. */
export interface Killed {
  incarnation: string;
  at: number;
}

/**
 * A copy sent twice is explained when every copy but the last came from a killed start: it
 * had the work in hand (the SMTP server or the receiver had accepted it) when it died, and
 * another worker did it again once the lease ran out. Two live workers never do one thing twice.
 */
function explainedByKill(copies: readonly { sender: string }[], killed: readonly Killed[]): boolean {
  return copies.slice(0, -1).every((copy) => killed.some((k) => k.incarnation === copy.sender));
}

export interface DeliveryFigures {
  /** Webhook requests and emails by the process start that sent them ('?' when it could not be told). */
  webhooksBySender: Record<string, number>;
  emailsBySender: Record<string, number>;
  events: number;
  requests: number;
  duplicateEvents: number;
  emails: number;
  emailedRecipients: number;
  duplicateEmails: number;
  retriedJobs: number;
}

/** Waits until no job is due or running and no delivery is pending; returns how long it took, or null when `ms` ran out. */
export async function waitForDrain(db: Kysely<DB>, ms: number, onTick?: (state: QueueState) => void): Promise<number | null> {
  const started = Date.now();
  for (;;) {
    const state = await queueState(db);
    onTick?.(state);
    if (state.due + state.running + state.pendingDeliveries === 0) return Date.now() - started;
    if (Date.now() - started > ms) return null;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export interface QueueState {
  due: number;
  running: number;
  pendingDeliveries: number;
}

export async function queueState(db: Kysely<DB>): Promise<QueueState> {
  const { rows } = await sql<QueueState>`
    select
      -- Due now, or failed and to be tried again within two minutes (a photo copy's backoff): not drained yet.
      (select count(*) from jobs where attempts < ${MAX_ATTEMPTS} and (locked_until is null or locked_until < now())
         and (run_at <= now() or (last_error is not null and run_at <= now() + interval '2 minutes')))::int as due,
      (select count(*) from jobs where locked_until >= now())::int as running,
      (select count(*) from event_deliveries where status = 'pending')::int as "pendingDeliveries"`.execute(db);
  return rows[0]!;
}

export async function checkEvents(
  db: Kysely<DB>,
  world: SeededWorld,
  webhooks: { endpoints: readonly Endpoint[]; received: readonly ReceivedWebhook[]; killed: readonly Killed[] },
  verdicts: Verdicts,
): Promise<Pick<DeliveryFigures, 'events' | 'requests' | 'duplicateEvents' | 'webhooksBySender'>> {
  const { endpoints, received, killed } = webhooks;
  const companyIds = world.companies.map((company) => company.id);
  const events = await db.selectFrom('events').select(['id', 'company_id', 'livemode', 'type']).where('company_id', 'in', companyIds).execute();
  const deliveries = await db.selectFrom('event_deliveries').select(['event_id', 'endpoint_id', 'status', 'attempts', 'last_error'])
    .where('endpoint_id', 'in', endpoints.map((endpoint) => endpoint.id)).execute();
  const deliveryOf = new Map(deliveries.map((row) => [`${row.event_id}|${row.endpoint_id}`, row]));
  const arrivals = new Map<string, ReceivedWebhook[]>();
  for (const entry of received) arrivals.set(`${entry.eventId}|${entry.path}`, [...(arrivals.get(`${entry.eventId}|${entry.path}`) ?? []), entry]);

  const undelivered: string[] = [];
  const badSignatures: string[] = [];
  for (const event of events) {
    const endpoint = endpoints.find((e) => world.companies[e.company]!.id === event.company_id && e.livemode === event.livemode)!;
    const delivery = deliveryOf.get(`${event.id}|${endpoint.id}`);
    const got = arrivals.get(`${event.id}|${endpoint.path}`) ?? [];
    if (delivery?.status !== 'delivered' || got.length === 0) {
      undelivered.push(`${event.id} (${event.type}): delivery ${delivery ? `${delivery.status} after ${delivery.attempts} attempts` : 'never queued'}, received ${got.length} times`);
    }
  }
  const known = new Set(events.map((event) => event.id));
  for (const entry of received) {
    const endpoint = endpoints.find((e) => e.path === entry.path);
    if (!endpoint || !known.has(entry.eventId)) {
      badSignatures.push(`${entry.eventId} at ${entry.path}: not an event of the log`);
      continue;
    }
    try {
      const event = verifyWebhook(entry.body, entry.signature, endpoint.secret, 300, new Date(entry.at)) as { id?: string };
      if (event.id !== entry.eventId) badSignatures.push(`${entry.eventId}: the body carries event ${event.id}`);
    } catch (error) {
      badSignatures.push(`${entry.eventId}: ${(error as Error).message}`);
    }
  }
  // Two live workers never send one delivery twice; a killed worker's attempts in flight are sent again after its lease.
  const duplicates = [...arrivals.entries()].filter(([, list]) => list.length > 1);
  const unexplained = duplicates.filter(([, list]) => !explainedByKill(list, killed));
  verdicts.add('every event in the log of those companies was delivered at least once to the receiver', `${events.length} events, ${received.length} requests`, undelivered);
  verdicts.add("every request the receiver got is an event of the log, signed with its endpoint's secret", `${received.length} requests`, badSignatures);
  verdicts.add('an event arrived twice only when the killed worker had it in flight', `${duplicates.length} events arrived more than once`,
    unexplained.map(([key, list]) => {
      const delivery = deliveries.find((row) => row.event_id === key.split('|')[0]);
      const copies = list.map((entry) => `${entry.sender} at ${((entry.at - (killed[0]?.at ?? 0)) / 1000).toFixed(1)} s`).join(', ');
      return `${key.replace('|', ' at ')}: sent by ${copies} (from the kill), ${delivery?.attempts} attempts recorded, last error ${delivery?.last_error ?? 'none'}`;
    }));
  return { events: events.length, requests: received.length, duplicateEvents: duplicates.length, webhooksBySender: tally(received.map((entry) => entry.sender)) };
}

export async function checkJobs(db: Kysely<DB>, verdicts: Verdicts): Promise<number> {
  const { rows } = await sql<{ id: number; kind: string; attempts: number; locked_until: Date | null; run_at: Date; last_error: string | null }>`
    select id, kind, attempts, locked_until, run_at, last_error from jobs
    where attempts >= ${MAX_ATTEMPTS}
       or (locked_until is not null and locked_until < now())
       or (run_at <= now() and locked_until is null)`.execute(db);
  const stuck = rows.map((job) => `job ${job.id} ${job.kind}: ${job.attempts} attempts, lease ${job.locked_until?.toISOString() ?? 'none'}, run_at ${job.run_at.toISOString()}, last error ${job.last_error ?? 'none'}`);
  const failedDeliveries = await db.selectFrom('event_deliveries').select(['event_id', 'attempts', 'last_error']).where('status', '=', 'failed').execute();
  verdicts.add('no job stuck: none due, none with an expired lease, none given up (parked); no delivery failed', 'jobs and deliveries', [
    ...stuck,
    ...failedDeliveries.map((row) => `delivery of ${row.event_id} failed after ${row.attempts} attempts: ${row.last_error}`),
  ]);
  const retried = await sql<{ n: number }>`select count(*)::int as n from jobs where last_error is not null`.execute(db);
  return retried.rows[0]?.n ?? 0;
}

export async function checkEmails(
  db: Kysely<DB>,
  world: SeededWorld,
  emails: { messages: readonly SunkEmail[]; testModeAddresses: ReadonlySet<string>; killed: readonly Killed[] },
  verdicts: Verdicts,
): Promise<Pick<DeliveryFigures, 'emails' | 'emailedRecipients' | 'duplicateEmails' | 'emailsBySender'>> {
  const recipients = await db.selectFrom('recipients').select(['id', 'livemode', 'email', 'send_email', 'email_sent_at', 'deleted_at'])
    .where('company_id', 'in', world.companies.map((company) => company.id)).execute();
  const { messages, testModeAddresses, killed } = emails;
  const byAddress = new Map<string, SunkEmail[]>();
  for (const message of messages) for (const to of message.to) byAddress.set(to, [...(byAddress.get(to) ?? []), message]);

  const unsent: string[] = [];
  const unwanted: string[] = [];
  for (const recipient of recipients) {
    const got = recipient.email ? (byAddress.get(recipient.email.toLowerCase()) ?? []) : [];
    const wanted = recipient.livemode && recipient.send_email && recipient.deleted_at === null;
    if (wanted && (got.length === 0 || recipient.email_sent_at === null)) unsent.push(`${recipient.id}: ${got.length} emails, email_sent_at ${recipient.email_sent_at?.toISOString() ?? 'null'}`);
  }
  // Addresses of test-mode writes, from the load's own record: a deleted recipient's email is erased.
  for (const address of testModeAddresses) {
    const got = byAddress.get(address.toLowerCase())?.length ?? 0;
    if (got > 0) unwanted.push(`${address} (test mode): ${got} emails`);
  }

  // A duplicate is allowed only for the job a killed worker had in hand (a worker runs one job at a time).
  const duplicates = [...byAddress.entries()].filter(([, list]) => list.length > 1);
  const unexplained = duplicates.filter(([, list]) => !explainedByKill(list, killed));
  verdicts.add('each live recipient with send_email (not deleted) got its certificate email; test mode never emails', `${recipients.filter((r) => r.livemode && r.send_email).length} live recipients asked`, [...unsent, ...unwanted]);
  verdicts.add(`duplicate emails only for the killed worker's job in hand (at most ${killed.length})`, `${duplicates.length} duplicated`, [
    ...unexplained.map(([address, list]) => `${address}: sent by ${list.map((message) => message.sender).join(', ')}`),
    ...(duplicates.length > killed.length ? [`${duplicates.length} addresses got duplicates; a worker runs one job at a time, so at most ${killed.length}`] : []),
  ]);
  return { emails: messages.length, emailedRecipients: byAddress.size, duplicateEmails: duplicates.length, emailsBySender: tally(messages.map((message) => message.sender)) };
}

function tally(names: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of [...names].sort()) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}
