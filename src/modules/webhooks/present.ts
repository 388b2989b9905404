import type { Selectable } from 'kysely';
import { iso } from '../../core/formats.ts';
import type { WebhookEndpointsTable } from '../../db/schema.ts';
import type { EventType } from '../../platform/events/record.ts';
import type { ReadContext } from '../../core/context.ts';
import { refreshDownloadUrl } from '../certificates/present.ts';
import { withoutPersonalData } from '../recipients/present.ts';
import { deliveriesOf, type EventRow } from './queries.ts';

/** The secret is left out on purpose: it is shown only when an endpoint is created. */
export function presentWebhookEndpoint(row: Selectable<WebhookEndpointsTable>) {
  return {
    id: row.id,
    object: 'webhook_endpoint' as const,
    livemode: row.livemode,
    url: row.url,
    description: row.description,
    enabled_events: row.enabled_events,
    include_personal_data: row.include_personal_data,
    status: row.status,
    disabled_reason: row.status === 'disabled' ? ((row.disabled_reason ?? 'manual') as 'gone' | 'failing' | 'manual') : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const isObjectOf = <T extends string>(value: unknown, type: T): value is { object: T; id: string } =>
  typeof value === 'object' && value !== null && (value as { object?: unknown }).object === type;

/**
 * Events hold the full object (the service's copy), shown as a GET would show it to this
 * reader: a token without recipients:read sees a recipient without names and email, and a
 * certificate (alone or on its recipient) comes with a download link signed now.
 */
function asReaderSees(ctx: ReadContext, object: unknown): unknown {
  if (isObjectOf(object, 'certificate')) return refreshDownloadUrl(ctx, object);
  if (!isObjectOf(object, 'recipient')) return object;
  const { certificate } = object as { certificate?: unknown };
  const recipient = isObjectOf(certificate, 'certificate') ? { ...object, certificate: refreshDownloadUrl(ctx, certificate) } : object;
  return ctx.scopes.includes('recipients:read') ? recipient : withoutPersonalData(recipient);
}

/** Event rows to API objects, each with its per-endpoint delivery state. */
export async function presentEvents(ctx: ReadContext, rows: EventRow[]) {
  const deliveries = await deliveriesOf(ctx, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    object: 'event' as const,
    livemode: row.livemode,
    type: row.type as EventType,
    created: iso(row.created_at),
    data: { ...row.data, object: asReaderSees(ctx, row.data.object) },
    deliveries: deliveries
      .filter((delivery) => delivery.event_id === row.id)
      .map((delivery) => ({
        endpoint: delivery.endpoint_id,
        status: delivery.status,
        attempts: delivery.attempts,
        // The worker sends only pending deliveries of enabled endpoints; the column keeps its last value after that.
        next_attempt_at: delivery.status === 'pending' && delivery.endpoint_status === 'enabled' ? iso(delivery.next_attempt_at) : null,
        last_attempt_at: iso(delivery.last_attempt_at),
        last_status_code: delivery.last_status_code,
      })),
  }));
}

/**
 * The body of a webhook delivery: the event as `GET /v2/events/{id}` shows it, without the
 * delivery state, to an endpoint that sees personal data only when it was set up to
 * (`include_personal_data`), with a certificate's download link signed at this attempt.
 */
export function webhookPayload(ctx: ReadContext, row: EventRow) {
  return {
    id: row.id,
    object: 'event' as const,
    type: row.type as EventType,
    created: iso(row.created_at),
    livemode: row.livemode,
    data: { ...row.data, object: asReaderSees(ctx, row.data.object) },
  };
}
