import type { EventType } from '../../events/record.ts';
import type { ReadContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import { withoutPersonalData } from '../recipients/present.ts';
import { deliveriesOf, type EventRow } from './queries.ts';

/**
 * Events hold the full object (the service's copy); a token without recipients:read
 * sees it as a GET would show it to that token, without names and email.
 */
function withoutPersonalDataIn(object: unknown): unknown {
  const isRecipient = (value: unknown): value is { object: 'recipient' } =>
    typeof value === 'object' && value !== null && (value as { object?: unknown }).object === 'recipient';
  return isRecipient(object) ? withoutPersonalData(object) : object;
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
    data: ctx.scopes.includes('recipients:read') ? row.data : { ...row.data, object: withoutPersonalDataIn(row.data.object) },
    deliveries: deliveries
      .filter((delivery) => delivery.event_id === row.id)
      .map((delivery) => ({
        endpoint: delivery.endpoint_id,
        status: delivery.status,
        attempts: delivery.attempts,
        last_attempt_at: iso(delivery.last_attempt_at),
        last_status_code: delivery.last_status_code,
      })),
  }));
}
