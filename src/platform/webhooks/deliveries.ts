import { type Insertable, type Kysely, sql } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import { SCOPES } from '../../core/scopes.ts';
import { openSecret } from '../../core/secrets.ts';
import type { DB, Db, WebhookAttemptsTable } from '../../db/schema.ts';
import { webhookPayload } from './payload.ts';
import { type DeliveryOutcome, webhookDeliveries } from '../counters.ts';
import { attemptRow, insertAttempt, sendSigned } from './attempts.ts';
import type { AttemptResult } from './send.ts';
import { DISABLE_AFTER_FAILING_MS, nextRetryDelaySeconds, WARN_AFTER_FAILING_MS } from './schedule.ts';

/** The purpose signing secrets are sealed under (core/secrets.ts). */
export const SIGNING_SECRET_PURPOSE = 'webhook-signing-secret';

export interface ClaimedDelivery {
  event_id: string;
  endpoint_id: string;
  attempts: number;
  /** The claim's lease: what the attempt's record checks it still holds. */
  locked_until: Date;
}

/**
 * Claims due deliveries for one worker: pending, due by `now`, not leased by another
 * worker, of an enabled endpoint, and no more of one endpoint than leave this worker with
 * `perEndpoint` in flight to it, counting those it has in flight already (`inFlight`). The
 * claim is a lease (`locked_until`) and counts the attempt, in one short transaction
 * (FOR UPDATE SKIP LOCKED), so workers on one PostgreSQL never claim the same delivery and
 * one killed mid-attempt leaves it to be sent again when its lease runs out.
 */
export async function claimDueDeliveries(
  db: Kysely<DB>,
  options: { limit: number; perEndpoint: number; inFlight: ReadonlyMap<string, number>; leaseSeconds: number; now: Date },
): Promise<ClaimedDelivery[]> {
  const { limit, perEndpoint, inFlight, leaseSeconds, now } = options;
  const leaseUntil = new Date(now.getTime() + leaseSeconds * 1000);
  const full = [...inFlight].filter(([, n]) => n >= perEndpoint).map(([id]) => id);
  const { rows } = await sql<ClaimedDelivery>`
    WITH due AS (
      SELECT d.event_id, d.endpoint_id, d.next_attempt_at
      FROM event_deliveries d
      JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.status = 'enabled'
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${now}
        AND (d.locked_until IS NULL OR d.locked_until < ${now})
        AND NOT (d.endpoint_id = ANY(${sql.val(full)}::text[]))
      ORDER BY d.next_attempt_at
      LIMIT ${limit * 4}
      FOR UPDATE OF d SKIP LOCKED
    ), fair AS (
      SELECT event_id, endpoint_id, row_number() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at) AS n, next_attempt_at FROM due
    ), busy AS (
      SELECT * FROM unnest(${sql.val([...inFlight.keys()])}::text[], ${sql.val([...inFlight.values()])}::int[]) AS busy(endpoint_id, n)
    ), chosen AS (
      SELECT fair.event_id, fair.endpoint_id FROM fair LEFT JOIN busy ON busy.endpoint_id = fair.endpoint_id
      WHERE fair.n <= ${perEndpoint} - coalesce(busy.n, 0) ORDER BY fair.next_attempt_at LIMIT ${limit}
    )
    UPDATE event_deliveries d SET locked_until = ${leaseUntil}, attempts = d.attempts + 1
    FROM chosen WHERE d.event_id = chosen.event_id AND d.endpoint_id = chosen.endpoint_id
    RETURNING d.event_id, d.endpoint_id, d.attempts, d.locked_until`.execute(db);
  return rows;
}

export interface DeliveryServices {
  secretKey: string;
  publicBaseUrl: string;
  allowPrivateUrls: boolean;
  /** The clock of retries and leases; tests move it forward instead of waiting a day. */
  now: () => Date;
  /**
   * Called in the transaction that switches an endpoint off after it failed for days or
   * answered 410 Gone: the webhooks feature queues the email to the company's admins
   * (modules/webhooks/jobs.ts, endpointDisabled).
   */
  whenEndpointDisabled: EndpointDisabled;
  /**
   * Called, once per run of failures, in the transaction of the failed attempt that finds an
   * endpoint failing for a day (WARN_AFTER_FAILING_MS): the webhooks feature queues the
   * warning to the company's admins (modules/webhooks/jobs.ts, endpointFailing).
   */
  whenEndpointFailing: EndpointFailing;
}

/** What happens, in the disabling transaction, when the worker switches an endpoint off. */
export type EndpointDisabled = (db: Db, endpointId: string) => Promise<void>;

/** What happens, in the transaction of a failed attempt, when an endpoint has been failing for a day. */
export type EndpointFailing = (db: Db, endpointId: string) => Promise<void>;

/**
 * Makes one attempt of a claimed delivery and records what came of it: the event as the
 * endpoint may see it, signed at this moment over the exact bytes sent, to the address
 * the URL check approved.
 */
export async function attemptDelivery(db: Kysely<DB>, claimed: ClaimedDelivery, services: DeliveryServices): Promise<AttemptResult> {
  const { event, endpoint } = await loadEventAndEndpoint(db, claimed);
  if (!endpoint || !event || endpoint.status !== 'enabled') {
    // No attempt is made, so none is logged: the delivery's own last_error says why.
    const result = { delivered: false, statusCode: null, error: 'the endpoint or the event is gone or disabled', retryAfterSeconds: null, ms: 0, responseBody: null };
    await stillLeased(db, claimed).set({ status: 'failed', locked_until: null, last_error: result.error }).execute();
    webhookDeliveries.inc({ outcome: 'failed' });
    return result;
  }
  const attemptAt = services.now();
  const ctx: ReadContext = {
    db, companyId: event.company_id, livemode: event.livemode, language: 'en', publicBaseUrl: services.publicBaseUrl, secretKey: services.secretKey,
    scopes: endpoint.include_personal_data ? SCOPES : SCOPES.filter((scope) => scope !== 'recipients:read'),
  };
  const body = JSON.stringify(webhookPayload(ctx, event));
  const secrets = secretsInForce(services.secretKey, endpoint, attemptAt);
  const result = await sendSigned(endpoint.url, secrets, event.id, body, services);
  const logged = attemptRow({ endpoint: { ...endpoint, livemode: event.livemode }, event, attemptedAt: attemptAt }, result);
  webhookDeliveries.inc({ outcome: await recordAttempt(db, claimed, endpoint, result, logged, services) });
  return result;
}

/** An endpoint's signing secrets in force at `at`, opened: the current one, and the one it replaced while that still signs beside it. */
export function secretsInForce(
  secretKey: string,
  endpoint: { secret_encrypted: string; previous_secret_encrypted: string | null; previous_secret_expires_at: Date | null },
  at: Date,
): string[] {
  const secrets = [openSigningSecret(secretKey, endpoint.secret_encrypted)];
  if (endpoint.previous_secret_encrypted && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > at) {
    secrets.push(openSigningSecret(secretKey, endpoint.previous_secret_encrypted));
  }
  return secrets;
}

/**
 * The claimed delivery, to update, if the claim's lease is still on it. An attempt that
 * outlived its lease (a stalled process, a slow DNS answer) may find it taken over by
 * another worker, which has counted a new attempt and may be sending it now, or reset by
 * a redelivery: its result is then stale, and writing it would release the other
 * worker's lease (a third could send the delivery while the second still is) or put an
 * old outcome over a newer one. The receiver may have got the stale attempt: at least once.
 */
/**
 * Gives a claimed delivery back without an outcome, so that another worker sends it at once
 * rather than when the lease runs out: what a worker that is shutting down does with the
 * attempts its grace period cut short. The attempt stays counted: the receiver may have
 * got it. False when the lease was no longer this claim's.
 */
export async function releaseDeliveryLease(db: Db, claimed: ClaimedDelivery): Promise<boolean> {
  const result = await stillLeased(db, claimed).set({ locked_until: null }).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

function stillLeased(db: Db, claimed: ClaimedDelivery) {
  return db.updateTable('event_deliveries')
    .where('event_id', '=', claimed.event_id).where('endpoint_id', '=', claimed.endpoint_id).where('locked_until', '=', claimed.locked_until);
}

/**
 * Signing secrets already opened, by their sealed form. Opening one (an HKDF key
 * derivation and AES-GCM) cost more CPU than anything else of an attempt outside the
 * database and HTTP, and an endpoint sends many deliveries with the same secret. A new or
 * rotated secret is a new sealed value, so nothing here goes stale; a sealed value opens
 * under the server secret it was opened with only. Cleared when it holds MAX_OPENED.
 */
const opened = new Map<string, { secretKey: string; secret: string }>();
const MAX_OPENED = 1000;

function openSigningSecret(secretKey: string, sealed: string): string {
  const known = opened.get(sealed);
  if (known && known.secretKey === secretKey) return known.secret;
  const secret = openSecret(secretKey, SIGNING_SECRET_PURPOSE, sealed);
  if (opened.size >= MAX_OPENED) opened.clear();
  opened.set(sealed, { secretKey, secret });
  return secret;
}

/**
 * The event and the endpoint of a delivery, in one round trip (a row of each, side by
 * side; the endpoint's columns prefixed); either is undefined when it is gone.
 */
async function loadEventAndEndpoint(db: Kysely<DB>, claimed: ClaimedDelivery) {
  const row = await db
    .selectFrom(['events as ev', 'webhook_endpoints as ep'])
    .selectAll('ev')
    .select([
      'ep.id as ep_id', 'ep.company_id as ep_company_id', 'ep.url as ep_url', 'ep.status as ep_status', 'ep.include_personal_data as ep_include_personal_data',
      'ep.secret_encrypted as ep_secret_encrypted', 'ep.previous_secret_encrypted as ep_previous_secret_encrypted',
      'ep.previous_secret_expires_at as ep_previous_secret_expires_at', 'ep.failing_since as ep_failing_since', 'ep.failing_warned_at as ep_failing_warned_at',
    ])
    .where('ev.id', '=', claimed.event_id)
    .where('ep.id', '=', claimed.endpoint_id)
    .executeTakeFirst();
  if (!row) return { event: undefined, endpoint: undefined };
  const {
    ep_id, ep_company_id, ep_url, ep_status, ep_include_personal_data, ep_secret_encrypted, ep_previous_secret_encrypted, ep_previous_secret_expires_at, ep_failing_since,
    ep_failing_warned_at, ...event
  } = row;
  const endpoint = {
    id: ep_id, company_id: ep_company_id, url: ep_url, status: ep_status, include_personal_data: ep_include_personal_data, secret_encrypted: ep_secret_encrypted,
    previous_secret_encrypted: ep_previous_secret_encrypted, previous_secret_expires_at: ep_previous_secret_expires_at, failing_since: ep_failing_since,
    failing_warned_at: ep_failing_warned_at,
  };
  return { event, endpoint };
}

/**
 * What an attempt leaves behind, atomically: its line in the delivery log; a delivered
 * delivery, or the next attempt on the schedule (or `failed` after the last); and the
 * endpoint's run of failures, which after a day warns its admins and after three days
 * disables it (they are emailed, by a job queued in the same transaction). A 410 Gone
 * disables the endpoint at once. Only the log line, when the claim's lease is no longer on
 * the delivery (stillLeased): the attempt was made all the same. Returns what came of it.
 */
async function recordAttempt(
  db: Kysely<DB>,
  claimed: ClaimedDelivery,
  endpoint: { id: string; company_id: string; failing_since: Date | null; failing_warned_at: Date | null },
  result: AttemptResult,
  logged: Insertable<WebhookAttemptsTable>,
  services: Pick<DeliveryServices, 'now' | 'whenEndpointDisabled' | 'whenEndpointFailing'>,
): Promise<DeliveryOutcome> {
  const now = services.now();
  const attempt = { last_attempt_at: now, last_status_code: result.statusCode, locked_until: null };
  if (result.delivered) {
    // The common case in one statement (so one round trip, no BEGIN and COMMIT): the
    // attempt is logged, the delivery is delivered, and the endpoint's run of failures,
    // if any, is over (and with it the warning it earned).
    await db
      .with('logged', (w) => w.insertInto('webhook_attempts').values(logged))
      .with('delivered', (w) =>
        w
          .updateTable('event_deliveries')
          .set({ ...attempt, status: 'delivered', delivered_at: now, last_error: null })
          .where('event_id', '=', claimed.event_id)
          .where('endpoint_id', '=', claimed.endpoint_id)
          .where('locked_until', '=', claimed.locked_until)
          .returning('event_id'),
      )
      .updateTable('webhook_endpoints')
      .set({ failing_since: null, failing_warned_at: null })
      .where('id', '=', endpoint.id)
      .where('failing_since', 'is not', null)
      // Only when this attempt's lease was still on the delivery (stillLeased).
      .where((eb) => eb.exists(eb.selectFrom('delivered').select('event_id')))
      .execute();
    return 'delivered';
  }
  return db.transaction().execute(async (trx): Promise<DeliveryOutcome> => {
    await insertAttempt(trx, logged);
    const delivery = stillLeased(trx, claimed);
    const recorded = (update: { numUpdatedRows: bigint }) => update.numUpdatedRows > 0n;
    if (result.statusCode === 410) {
      if (!recorded(await delivery.set({ ...attempt, status: 'failed', last_error: result.error }).executeTakeFirst())) return 'stale';
      await disableEndpoint(trx, endpoint, 'gone', now, services.whenEndpointDisabled);
      return 'failed';
    }
    const delay = nextRetryDelaySeconds(claimed.attempts, result.retryAfterSeconds);
    const retry = delay === null ? { status: 'failed' as const } : { next_attempt_at: new Date(now.getTime() + delay * 1000) };
    if (!recorded(await delivery.set({ ...attempt, last_error: result.error, ...retry }).executeTakeFirst())) return 'stale';
    const failingSince = endpoint.failing_since ?? now;
    if (!endpoint.failing_since) await trx.updateTable('webhook_endpoints').set({ failing_since: now }).where('id', '=', endpoint.id).where('failing_since', 'is', null).execute();
    const failingFor = now.getTime() - failingSince.getTime();
    if (failingFor >= DISABLE_AFTER_FAILING_MS) {
      await disableEndpoint(trx, endpoint, 'failing', now, services.whenEndpointDisabled);
      return 'failed';
    }
    if (failingFor >= WARN_AFTER_FAILING_MS && !endpoint.failing_warned_at) {
      // Once per run of failures: the column is cleared by the delivery that ends the run.
      const warned = await trx.updateTable('webhook_endpoints').set({ failing_warned_at: now })
        .where('id', '=', endpoint.id).where('failing_warned_at', 'is', null).where('failing_since', 'is not', null).returning('id').executeTakeFirst();
      if (warned) await services.whenEndpointFailing(trx, endpoint.id);
    }
    return delay === null ? 'failed' : 'retrying';
  });
}

/**
 * Switches an endpoint off: its pending deliveries fail (a receiver that comes back gets
 * new events, and redelivers old ones from the event log), and its company's admins are
 * told by email. `status: enabled` through the API switches it on again.
 */
async function disableEndpoint(db: Db, endpoint: { id: string; company_id: string }, reason: 'gone' | 'failing', now: Date, whenDisabled: EndpointDisabled): Promise<void> {
  const disabled = await db
    .updateTable('webhook_endpoints')
    .set({ status: 'disabled', disabled_at: now, disabled_reason: reason, updated_at: now })
    .where('id', '=', endpoint.id)
    .where('status', '=', 'enabled')
    .returning('id')
    .executeTakeFirst();
  if (!disabled) return;
  await db.updateTable('event_deliveries').set({ status: 'failed', locked_until: null, last_error: 'the endpoint was disabled' })
    .where('endpoint_id', '=', endpoint.id).where('status', '=', 'pending').execute();
  await notePause(db, endpoint.id, now);
  await whenDisabled(db, endpoint.id);
}

/**
 * Notes that an endpoint was switched off at `at` (webhook_endpoint_pauses): the events of
 * the time it stays off get no delivery to it, and recovering it finds them by this.
 */
export async function notePause(db: Db, endpointId: string, at: Date): Promise<void> {
  await db.insertInto('webhook_endpoint_pauses').values({ endpoint_id: endpointId, paused_at: at }).onConflict((oc) => oc.doNothing()).execute();
}

/** Notes that an endpoint switched off was switched on again at `at`. */
export async function noteResume(db: Db, endpointId: string, at: Date): Promise<void> {
  await db.updateTable('webhook_endpoint_pauses').set({ resumed_at: at }).where('endpoint_id', '=', endpointId).where('resumed_at', 'is', null).execute();
}
