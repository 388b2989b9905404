import type { Static } from '@sinclair/typebox';
import type { ApiContext } from '../../core/context.ts';
import { CanopyError, errors } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { sealSecret } from '../../core/secrets.ts';
import { inRequestUnitOfWork } from '../../platform/events/unit-of-work.ts';
import { SIGNING_SECRET_PURPOSE } from '../../platform/webhooks/deliveries.ts';
import { newSigningSecret } from '../../platform/webhooks/signature.ts';
import { checkWebhookUrl, UnsafeWebhookUrl } from '../../platform/webhooks/url-guard.ts';
import { presentEvents, presentWebhookEndpoint } from './present.ts';
import { findEvent, findWebhookEndpoint } from './queries.ts';
import type { CreateWebhookEndpointBody, RedeliverBody, RotateSecretBody, UpdateWebhookEndpointBody } from './schemas.ts';
import { sql } from 'kysely';
import { noteDeliveriesQueued } from '../../platform/events/wake.ts';

/** Whether endpoints may be http or private addresses (WEBHOOK_ALLOW_PRIVATE_URLS). */
export interface UrlPolicy {
  allowPrivateUrls: boolean;
}

/** How long a rotated-out secret keeps signing beside the new one, unless the caller says. */
const DEFAULT_ROTATION_SECONDS = 86_400;

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
export async function createWebhookEndpoint(ctx: ApiContext, body: Static<typeof CreateWebhookEndpointBody>, policy: UrlPolicy) {
  // A retry of a create already answered gets that answer, not a DNS lookup that may fail now.
  await ctx.idempotency?.replayIfAnswered(ctx.db);
  const url = await acceptableUrl(body.url, policy);
  const secret = newSigningSecret();
  return inRequestUnitOfWork(ctx, {}, async (uow) => {
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
  });
}

/**
 * PATCH /v2/webhook-endpoints/{id}: only the given fields change; a new url is checked
 * again; `status: enabled` switches a disabled endpoint on (new events reach it again).
 */
export async function updateWebhookEndpoint(ctx: ApiContext, id: string, body: Static<typeof UpdateWebhookEndpointBody>, policy: UrlPolicy) {
  const url = body.url === undefined ? undefined : await acceptableUrl(body.url, policy);
  return inRequestUnitOfWork(ctx, {}, async (uow) => {
    const current = await findWebhookEndpoint(uow.ctx, id, { forUpdate: true });
    const switching = body.status !== undefined && body.status !== current.status;
    const row = await uow.db
      .updateTable('webhook_endpoints')
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(body.enabled_events !== undefined ? { enabled_events: normalizeEvents(body.enabled_events) } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.include_personal_data !== undefined ? { include_personal_data: body.include_personal_data } : {}),
        ...(switching && body.status === 'enabled' ? { status: 'enabled' as const, disabled_at: null, disabled_reason: null, failing_since: null } : {}),
        ...(switching && body.status === 'disabled' ? { status: 'disabled' as const, disabled_at: uow.now, disabled_reason: 'manual' } : {}),
        updated_at: uow.now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentWebhookEndpoint(row);
  });
}

/** DELETE /v2/webhook-endpoints/{id}: gone with its deliveries; answered as Stripe does. */
export async function deleteWebhookEndpoint(ctx: ApiContext, id: string) {
  return inRequestUnitOfWork(ctx, {}, async (uow) => {
    await findWebhookEndpoint(uow.ctx, id, { forUpdate: true });
    await uow.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    return { id, object: 'webhook_endpoint' as const, deleted: true as const };
  });
}

/**
 * POST /v2/webhook-endpoints/{id}/rotate-secret: a new signing secret, shown this once.
 * The old one keeps signing beside it (a second `v1=`) for `expires_in` seconds, a day
 * unless asked otherwise, so a receiver can switch without missing a delivery.
 */
export async function rotateWebhookSecret(ctx: ApiContext, id: string, body: Static<typeof RotateSecretBody>) {
  const secret = newSigningSecret();
  return inRequestUnitOfWork(ctx, {}, async (uow) => {
    const current = await findWebhookEndpoint(uow.ctx, id, { forUpdate: true });
    const seconds = body.expires_in ?? DEFAULT_ROTATION_SECONDS;
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
  });
}

/** `["*"]` stands alone: a list with it and named types means every type. */
function normalizeEvents(events: readonly string[] | undefined): string[] {
  if (!events || events.includes('*')) return ['*'];
  return [...events];
}

/**
 * POST /v2/events/{id}/redeliver: sends the event again, now: to the endpoint named, or to
 * every enabled endpoint of the company and mode that takes this event type. Each gets a
 * fresh delivery (pending, due now, its attempts and retry schedule started over),
 * replacing the one it had. Answers with the event and its deliveries.
 */
export async function redeliverEvent(ctx: ApiContext, id: string, body: Static<typeof RedeliverBody>) {
  return inRequestUnitOfWork(ctx, {}, async (uow) => {
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
  });
}
