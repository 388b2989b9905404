import type { Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import { CanopyError, errors } from '../../core/errors.ts';
import { iso } from '../../core/formats.ts';
import { newId } from '../../core/ids.ts';
import { openSecret, sealSecret } from '../../core/secrets.ts';
import { recordChange } from '../../platform/dashboard/audit.ts';
import { EVENT_RETENTION_DAYS } from '../../platform/events/record.ts';
import { inUnitOfWork, type UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { noteDeliveriesQueued } from '../../platform/events/wake.ts';
import { notePause, noteResume, SIGNING_SECRET_PURPOSE } from '../../platform/webhooks/deliveries.ts';
import { newSigningSecret } from '../../platform/webhooks/signature.ts';
import { checkWebhookUrl, UnsafeWebhookUrl } from '../../platform/webhooks/url-guard.ts';
import type { WebhookContext } from './context.ts';
import { presentAttempt, presentEvents, presentWebhookEndpoint } from './present.ts';
import { type AttemptFilters, attemptsOfEvents, findEvent, findWebhookEndpoint, listEvents, listWebhookAttempts } from './queries.ts';
import type { CreateWebhookEndpointBody, EventListQuery, RecoverBody, RedeliverBody, RotateSecretBody, UpdateWebhookEndpointBody } from './schemas.ts';

export type { WebhookContext } from './context.ts';

/** Whether endpoints may be http or private addresses (WEBHOOK_ALLOW_PRIVATE_URLS). */
export interface UrlPolicy {
  allowPrivateUrls: boolean;
}

/** How long a rotated-out secret keeps signing beside the new one, unless the caller says. */
const DEFAULT_ROTATION_SECONDS = 86_400;

/**
 * Runs a webhook verb's write: the request's Idempotency-Key (API) claimed first in the
 * work's transaction, the dashboard's audit entry (`ctx.actor`) written in it, and the
 * answer stored for the key in it. `uow.ctx` is the caller's context on the transaction.
 */
async function inWebhookWork<T>(
  ctx: WebhookContext,
  work: (uow: UnitOfWork & { ctx: WebhookContext }) => Promise<T>,
  audit: (result: T) => { action: string; target: string | null; details?: Record<string, unknown> },
): Promise<T> {
  return inUnitOfWork(ctx.db, { publicBaseUrl: ctx.publicBaseUrl }, async (uow) => {
    await ctx.idempotency?.claim(uow.db);
    const result = await work(Object.assign(uow, { ctx: { ...ctx, db: uow.db } }));
    if (ctx.actor) {
      const entry = audit(result);
      await recordChange(uow.db, ctx.actor, entry.action, entry.target, { livemode: ctx.livemode, ...entry.details });
    }
    if (ctx.idempotency) uow.atEnd(ctx.idempotency.responseWrite(200, result));
    return result;
  });
}

/** The URL as endpoints need it, checked now (its host resolved); 400 webhook_url_refused naming `url` otherwise. */
async function acceptableUrl(url: string, policy: UrlPolicy): Promise<string> {
  try {
    return (await checkWebhookUrl(url, { allowPrivate: policy.allowPrivateUrls })).url.toString();
  } catch (error) {
    if (error instanceof UnsafeWebhookUrl) throw new CanopyError('webhook_url_refused', error.message, ['url']);
    throw error;
  }
}

/** POST /v2/webhook-endpoints: the endpoint, and its signing secret shown this once. */
export async function createWebhookEndpoint(ctx: WebhookContext, body: Static<typeof CreateWebhookEndpointBody>, policy: UrlPolicy) {
  // A retry of a create already answered gets that answer, not a DNS lookup that may fail now.
  await ctx.idempotency?.replayIfAnswered(ctx.db);
  const url = await acceptableUrl(body.url, policy);
  const secret = newSigningSecret();
  const audit = (created: { id: string; url: string; enabled_events: string[]; include_personal_data: boolean }) => ({
    action: 'webhook_endpoint.created', target: created.id,
    details: { url: created.url, enabled_events: created.enabled_events, include_personal_data: created.include_personal_data },
  });
  return inWebhookWork(ctx, async (uow) => {
    const row = await uow.db
      .insertInto('webhook_endpoints')
      .values({
        id: newId('webhook_endpoint'),
        company_id: ctx.companyId,
        livemode: ctx.livemode,
        url,
        description: body.description ?? null,
        secret_encrypted: sealSecret(ctx.secretKey, SIGNING_SECRET_PURPOSE, secret),
        enabled_events: normalizeEvents(body.enabled_events),
        include_personal_data: body.include_personal_data ?? false,
        created_at: uow.now,
        updated_at: uow.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...presentWebhookEndpoint(row), secret };
  }, audit);
}

/**
 * PATCH /v2/webhook-endpoints/{id}: only the given fields change; a new url is checked
 * again. `status: enabled` switches a disabled endpoint on: its pending deliveries are sent
 * again and new events reach it; with `recover_since` it is also sent, as
 * recoverWebhookEndpoint does, what failed or it missed while off since that time.
 * `status: disabled` switches it off: its pending deliveries wait.
 */
export async function updateWebhookEndpoint(ctx: WebhookContext, id: string, body: Static<typeof UpdateWebhookEndpointBody>, policy: UrlPolicy) {
  return (await changeWebhookEndpoint(ctx, id, body, policy)).endpoint;
}

/** updateWebhookEndpoint, with what `recover_since` queued (null without it): what the dashboard shows. */
export async function changeWebhookEndpoint(ctx: WebhookContext, id: string, body: Static<typeof UpdateWebhookEndpointBody>, policy: UrlPolicy) {
  if (body.recover_since !== undefined && body.status !== 'enabled') {
    throw errors.parameterInvalid(['recover_since'], 'recover_since goes with status: enabled; to resend what failed to an endpoint that is on, use POST /v2/webhook-endpoints/{id}/recover.');
  }
  const since = body.recover_since === undefined ? null : sinceWithinLog(body.recover_since, 'recover_since');
  const url = body.url === undefined ? undefined : await acceptableUrl(body.url, policy);
  const changed = Object.keys(body).filter((key) => key !== 'recover_since');
  return inWebhookWork(ctx, async (uow) => {
    const current = await findWebhookEndpoint(uow.ctx, id, { forUpdate: true });
    const switching = body.status !== undefined && body.status !== current.status;
    const row = await uow.db
      .updateTable('webhook_endpoints')
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(body.enabled_events !== undefined ? { enabled_events: normalizeEvents(body.enabled_events) } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.include_personal_data !== undefined ? { include_personal_data: body.include_personal_data } : {}),
        ...(switching && body.status === 'enabled'
          ? { status: 'enabled' as const, disabled_at: null, disabled_reason: null, failing_since: null, failing_warned_at: null }
          : {}),
        ...(switching && body.status === 'disabled' ? { status: 'disabled' as const, disabled_at: uow.now, disabled_reason: 'manual' } : {}),
        updated_at: uow.now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (switching && body.status === 'disabled') await notePause(uow.db, id, uow.now);
    if (switching && body.status === 'enabled') {
      await noteResume(uow.db, id, uow.now);
      // Its pending deliveries are due again: wake the workers rather than wait for a poll.
      noteDeliveriesQueued(uow.db, 1);
    }
    const recovery = since ? await recoverDeliveries(uow, row, since) : null;
    return { endpoint: presentWebhookEndpoint(row), recovery };
  }, (result) => ({ action: 'webhook_endpoint.updated', target: id, details: { changed, ...(result.recovery ? { recovered: result.recovery } : {}) } }));
}

/** DELETE /v2/webhook-endpoints/{id}: gone with its deliveries and its log; answered as Stripe does. */
export async function deleteWebhookEndpoint(ctx: WebhookContext, id: string) {
  return inWebhookWork(ctx, async (uow) => {
    await findWebhookEndpoint(uow.ctx, id, { forUpdate: true });
    await uow.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    return { id, object: 'webhook_endpoint' as const, deleted: true as const };
  }, () => ({ action: 'webhook_endpoint.deleted', target: id }));
}

/**
 * POST /v2/webhook-endpoints/{id}/rotate-secret: a new signing secret, shown this once.
 * The old one keeps signing beside it (a second `v1=`) for `expires_in` seconds, a day
 * unless asked otherwise, so a receiver can switch without missing a delivery.
 */
export async function rotateWebhookSecret(ctx: WebhookContext, id: string, body: Static<typeof RotateSecretBody>) {
  const secret = newSigningSecret();
  const seconds = body.expires_in ?? DEFAULT_ROTATION_SECONDS;
  return inWebhookWork(ctx, async (uow) => {
    const current = await findWebhookEndpoint(uow.ctx, id, { forUpdate: true });
    const row = await uow.db
      .updateTable('webhook_endpoints')
      .set({
        secret_encrypted: sealSecret(ctx.secretKey, SIGNING_SECRET_PURPOSE, secret),
        previous_secret_encrypted: seconds > 0 ? current.secret_encrypted : null,
        previous_secret_expires_at: seconds > 0 ? new Date(uow.now.getTime() + seconds * 1000) : null,
        updated_at: uow.now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...presentWebhookEndpoint(row), secret };
  }, () => ({ action: 'webhook_endpoint.secret_rotated', target: id, details: { overlap_seconds: seconds } }));
}

/**
 * The endpoint's current signing secret, opened: for an admin in the dashboard, who asked
 * for it (a POST). The audit log says who saw it and when, never the value.
 */
export async function revealWebhookSecret(ctx: WebhookContext, id: string) {
  return inWebhookWork(ctx, async (uow) => {
    const row = await findWebhookEndpoint(uow.ctx, id);
    return {
      secret: openSecret(ctx.secretKey, SIGNING_SECRET_PURPOSE, row.secret_encrypted),
      previous_secret_expires_at: row.previous_secret_expires_at && row.previous_secret_expires_at > uow.now ? iso(row.previous_secret_expires_at) : null,
    };
  }, () => ({ action: 'webhook_endpoint.secret_revealed', target: id }));
}

/** `["*"]` stands alone: a list with it and named types means every type. */
function normalizeEvents(events: readonly string[] | undefined): string[] {
  if (!events || events.includes('*')) return ['*'];
  return [...events];
}

/** A `since` as a time, refused (400 parameter_invalid) when it lies before the event log's window: those events are gone. */
function sinceWithinLog(value: string, param: string): Date {
  const since = new Date(value);
  const oldest = Date.now() - EVENT_RETENTION_DAYS * 86_400_000;
  if (since.getTime() < oldest) {
    throw errors.parameterInvalid([param], `${param} must be within the event log's ${EVENT_RETENTION_DAYS} days: at or after ${new Date(oldest).toISOString()} (got ${value}).`);
  }
  return since;
}

/**
 * POST /v2/webhook-endpoints/{id}/recover: queues again, due now, every delivery to this
 * endpoint of an event since `since` (the whole 30-day log without it) that failed (for good, or when the endpoint was
 * switched off), and queues the events since then that it never got because it was switched
 * off (of the types it takes now). A delivery already pending is left as it is, so a second
 * call queues nothing the first did. A disabled endpoint is refused: switch it on first,
 * with `recover_since` to do both at once.
 */
export async function recoverWebhookEndpoint(ctx: WebhookContext, id: string, body: Static<typeof RecoverBody>) {
  const since = body.since === undefined ? new Date(Date.now() - EVENT_RETENTION_DAYS * 86_400_000) : sinceWithinLog(body.since, 'since');
  return inWebhookWork(ctx, async (uow) => {
    const endpoint = await findWebhookEndpoint(uow.ctx, id, { forUpdate: true });
    if (endpoint.status !== 'enabled') {
      throw new CanopyError('webhook_endpoint_disabled', `Webhook endpoint ${id} is disabled; switch it on (PATCH status: enabled, with recover_since to send what it missed) before recovering it.`);
    }
    return recoverDeliveries(uow, endpoint, since);
  }, (result) => ({ action: 'webhook_endpoint.recovered', target: id, details: { since: result.since, queued: result.queued } }));
}

/** What a recovery queued: the answer of POST /v2/webhook-endpoints/{id}/recover. */
export interface WebhookRecovery {
  object: 'webhook_endpoint_recovery';
  endpoint: string;
  livemode: boolean;
  since: string;
  created: string;
  queued: number;
  queued_failed: number;
  queued_missed: number;
  already_pending: number;
}

async function recoverDeliveries(
  uow: UnitOfWork,
  endpoint: { id: string; company_id: string; livemode: boolean; enabled_events: string[] },
  since: Date,
): Promise<WebhookRecovery> {
  const now = uow.now;
  const inLog = sql<boolean>`e.created_at >= ${since} AND e.created_at >= now() - make_interval(days => ${EVENT_RETENTION_DAYS})`;
  const { rows: [pending] } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM event_deliveries d JOIN events e ON e.id = d.event_id
    WHERE d.endpoint_id = ${endpoint.id} AND d.status = 'pending' AND ${inLog}`.execute(uow.db);
  const failed = await sql<{ event_id: string }>`
    UPDATE event_deliveries d
    SET status = 'pending', attempts = 0, next_attempt_at = ${now}, locked_until = NULL, delivered_at = NULL, last_error = NULL
    FROM events e
    WHERE d.endpoint_id = ${endpoint.id} AND d.status = 'failed' AND e.id = d.event_id AND ${inLog}
    RETURNING d.event_id`.execute(uow.db);
  // Per time it was off, the company's events of those times (one index range each) that it has no delivery of.
  const missed = await sql<{ event_id: string }>`
    INSERT INTO event_deliveries (event_id, endpoint_id, next_attempt_at, created_at)
    SELECT e.id, ${endpoint.id}, ${now}, ${now}
    FROM webhook_endpoint_pauses p
    CROSS JOIN LATERAL (
      SELECT e.id FROM events e
      WHERE e.company_id = ${endpoint.company_id} AND e.livemode = ${endpoint.livemode}
        AND e.created_at >= p.paused_at AND (p.resumed_at IS NULL OR e.created_at < p.resumed_at) AND ${inLog}
        AND ('*' = ANY(${sql.val(endpoint.enabled_events)}::text[]) OR e.type = ANY(${sql.val(endpoint.enabled_events)}::text[]))
    ) e
    WHERE p.endpoint_id = ${endpoint.id}
    ON CONFLICT (event_id, endpoint_id) DO NOTHING
    RETURNING event_id`.execute(uow.db);
  const queued = failed.rows.length + missed.rows.length;
  noteDeliveriesQueued(uow.db, queued);
  return {
    object: 'webhook_endpoint_recovery',
    endpoint: endpoint.id,
    livemode: endpoint.livemode,
    since: since.toISOString(),
    created: now.toISOString(),
    queued,
    queued_failed: failed.rows.length,
    queued_missed: missed.rows.length,
    already_pending: pending?.n ?? 0,
  };
}

/**
 * POST /v2/events/{id}/redeliver: sends the event again, now: to the endpoint named, or to
 * every enabled endpoint of the company and mode that takes this event type. Each gets a
 * fresh delivery (pending, due now, its attempts and retry schedule started over),
 * replacing the one it had. Answers with the event and its deliveries.
 */
export async function redeliverEvent(ctx: WebhookContext, id: string, body: Static<typeof RedeliverBody>) {
  return inWebhookWork(ctx, async (uow) => {
    const event = await findEvent(uow.ctx, id);
    let endpoints = uow.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'status'])
      .where('company_id', '=', ctx.companyId)
      .where('livemode', '=', ctx.livemode);
    if (body.endpoint) endpoints = endpoints.where('id', '=', body.endpoint);
    else endpoints = endpoints.where('status', '=', 'enabled').where(sql<boolean>`('*' = ANY(enabled_events) OR ${event.type} = ANY(enabled_events))`);
    const targets = await endpoints.execute();
    if (body.endpoint) {
      const [target] = targets;
      if (!target) throw errors.notFound('webhook_endpoint', body.endpoint, 'endpoint');
      if (target.status !== 'enabled') {
        throw new CanopyError('webhook_endpoint_disabled', `Webhook endpoint ${target.id} is disabled; switch it on (PATCH status: enabled) before redelivering to it.`, ['endpoint']);
      }
    }
    for (const target of targets) {
      await uow.db
        .insertInto('event_deliveries')
        .values({ event_id: event.id, endpoint_id: target.id, next_attempt_at: uow.now, created_at: uow.now })
        .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doUpdateSet({
          status: 'pending', attempts: 0, next_attempt_at: uow.now, locked_until: null, delivered_at: null, last_error: null,
        }))
        .execute();
    }
    noteDeliveriesQueued(uow.db, targets.length);
    const [presented] = await presentEvents(uow.ctx, [event]);
    return presented!;
  }, () => ({ action: 'event.redelivered', target: id, details: { endpoint: body.endpoint ?? null } }));
}

/** The delivery log of one endpoint, filtered, a page at a time (what the dashboard shows). */
export async function listDeliveryAttempts(ctx: WebhookContext, endpointId: string, filters: AttemptFilters) {
  const { rows, hasMore } = await listWebhookAttempts(ctx, endpointId, filters);
  return { data: rows.map(presentAttempt), hasMore };
}

/** The company's events of the last 30 days in this mode, filtered, each as GET /v2/events shows it (its deliveries too). */
export async function listEventLog(ctx: WebhookContext, query: Static<typeof EventListQuery>) {
  const { rows, hasMore } = await listEvents(ctx, query);
  return { data: await presentEvents(ctx, rows), hasMore };
}

/** One event as GET /v2/events/{id} shows it, with every attempt to send it (newest first). */
export async function eventWithAttempts(ctx: WebhookContext, id: string) {
  const [event] = await presentEvents(ctx, [await findEvent(ctx, id)]);
  return { event: event!, attempts: (await attemptsOfEvents(ctx, [id])).map(presentAttempt) };
}

export { sendTestEvent } from './test-event.ts';
