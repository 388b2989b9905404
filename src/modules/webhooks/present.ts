import { asReaderSees } from '../../platform/events/renderers.ts';
import type { Selectable } from 'kysely';
import { iso } from '../../core/formats.ts';
import type { WebhookAttemptsTable, WebhookEndpointsTable } from '../../db/schema.ts';
import type { EventType } from '../../platform/events/record.ts';
import type { ReadContext } from '../../core/context.ts';
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

/** Event rows to API objects, each with its per-endpoint delivery state. */
export async function presentEvents(ctx: ReadContext, rows: EventRow[]) {
  const deliveries = await deliveriesOf(ctx, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    object: 'event' as const,
    livemode: row.livemode,
    type: row.type as EventType,
    created: iso(row.created_at),
    data: { ...row.data, object: asReaderSees(ctx, row.type as EventType, row.data.object) },
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

/** One line of the delivery log: an attempt, what it met and how long it took. */
export function presentAttempt(row: Selectable<WebhookAttemptsTable>) {
  return {
    id: row.id,
    object: 'webhook_attempt' as const,
    livemode: row.livemode,
    endpoint: row.endpoint_id,
    event: row.event_id,
    event_type: row.event_type as EventType,
    test: row.test,
    attempted_at: iso(row.attempted_at),
    outcome: row.outcome,
    status_code: row.status_code,
    latency_ms: row.latency_ms,
    response_body: row.response_body,
    error: row.error,
  };
}

export type PresentedAttempt = ReturnType<typeof presentAttempt>;
