import type { Selectable } from 'kysely';
import { iso } from '../../core/formats.ts';
import type { WebhookEndpointsTable } from '../../db/schema.ts';

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
