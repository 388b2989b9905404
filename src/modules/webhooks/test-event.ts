import { randomAlphanumeric } from '../../core/ids.ts';
import { errors } from '../../core/errors.ts';
import { SCOPES } from '../../core/scopes.ts';
import { recordChange } from '../../platform/dashboard/audit.ts';
import { EVENT_TYPES, type EventType } from '../../platform/events/record.ts';
import { asReaderSees } from '../../platform/events/renderers.ts';
import { openApiExamples } from '../../platform/http/openapi-examples.ts';
import { attemptRow } from '../../platform/webhooks/attempts.ts';
import { secretsInForce } from '../../platform/webhooks/deliveries.ts';
import { sendSigned } from '../../platform/webhooks/attempts.ts';
import type { WebhookContext } from './context.ts';
import { presentAttempt } from './present.ts';
import { findWebhookEndpoint } from './queries.ts';
import { variantId } from './schemas.ts';
import type { UrlPolicy } from './service.ts';

/**
 * A test event: what an admin sends from the dashboard to see an endpoint receive, check
 * its signature and answer. It has the shape of every event (spec section 6), its id says
 * it is a test (`evt_TESTEVENT` and 15 random characters: never a real event's, whose 24
 * are random), and its `data.object` is the API reference's example object of that type
 * (Fairbrook Coffee Roasters' world, made-up ids that name nothing in Canopy), as the
 * endpoint may see it (personal data only with include_personal_data) and in its mode.
 * It is sent at once, once: not stored in the event log, never retried, and it changes
 * nothing of the endpoint's state (its run of failures, its deliveries). The attempt is in
 * the delivery log, marked as a test.
 */

export const TEST_EVENT_ID_PREFIX = 'evt_TESTEVENT';

/** Whether an event id is a test event's. */
export const isTestEventId = (id: string) => id.startsWith(TEST_EVENT_ID_PREFIX);

/** Every `livemode` in an example object set to the endpoint's mode. */
export function inMode(value: unknown, livemode: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => inMode(item, livemode));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, key === 'livemode' ? livemode : inMode(item, livemode)]));
}

/** The body of a test event of `type` to an endpoint, as it will be sent. */
export function testEventPayload(ctx: WebhookContext, type: EventType, endpoint: { livemode: boolean; include_personal_data: boolean }, now = new Date()) {
  const example = openApiExamples(ctx.publicBaseUrl).components[variantId(type)] as { data: { object: unknown; previous?: unknown } };
  const reader = { ...ctx, livemode: endpoint.livemode, scopes: endpoint.include_personal_data ? SCOPES : SCOPES.filter((scope) => scope !== 'recipients:read') };
  return {
    id: `${TEST_EVENT_ID_PREFIX}${randomAlphanumeric(15)}`,
    object: 'event' as const,
    type,
    created: now.toISOString(),
    livemode: endpoint.livemode,
    data: { ...example.data, object: asReaderSees(reader, type, inMode(example.data.object, endpoint.livemode)) },
  };
}

/** Sends a test event of `type` to one endpoint of the caller's company and mode now, and answers with the attempt. */
export async function sendTestEvent(ctx: WebhookContext, endpointId: string, type: string, policy: UrlPolicy) {
  if (!(EVENT_TYPES as readonly string[]).includes(type)) throw errors.parameterInvalid(['type'], `Unknown event type "${type}"; one of ${EVENT_TYPES.join(', ')}.`);
  const endpoint = await findWebhookEndpoint(ctx, endpointId);
  const attemptedAt = new Date();
  const payload = testEventPayload(ctx, type as EventType, endpoint, attemptedAt);
  const body = JSON.stringify(payload);
  const result = await sendSigned(endpoint.url, secretsInForce(ctx.secretKey, endpoint, attemptedAt), payload.id, body, {
    allowPrivateUrls: policy.allowPrivateUrls, publicBaseUrl: ctx.publicBaseUrl,
  });
  const row = attemptRow({ endpoint, event: payload, test: true, attemptedAt }, result);
  const attempt = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto('webhook_attempts').values(row).returningAll().executeTakeFirstOrThrow();
    if (ctx.actor) await recordChange(trx, ctx.actor, 'webhook_endpoint.test_sent', endpoint.id, { livemode: endpoint.livemode, event_type: type, outcome: inserted.outcome });
    return inserted;
  });
  return presentAttempt(attempt);
}
