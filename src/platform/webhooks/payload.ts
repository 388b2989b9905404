import type { ReadContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import type { EventType } from '../events/record.ts';
import { asReaderSees } from '../events/renderers.ts';

/** What of a stored event a delivery sends. */
export interface StoredEvent {
  id: string;
  type: string;
  created_at: Date;
  livemode: boolean;
  data: { object: unknown } & Record<string, unknown>;
}

/**
 * The body of a webhook delivery: the event as `GET /v2/events/{id}` shows it, without the
 * delivery state, to an endpoint that sees personal data only when it was set up to
 * (`include_personal_data`), with a certificate's download link signed at this attempt.
 */
export function webhookPayload(ctx: ReadContext, row: StoredEvent) {
  return {
    id: row.id,
    object: 'event' as const,
    type: row.type as EventType,
    created: iso(row.created_at),
    livemode: row.livemode,
    data: { ...row.data, object: asReaderSees(ctx, row.type as EventType, row.data.object) },
  };
}
