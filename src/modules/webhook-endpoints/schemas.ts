import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum, Timestamp } from '../../core/schema.ts';
import { listSchema, pageParams } from '../../http/params.ts';

export const WebhookEndpointSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('webhook_endpoint'),
    livemode: Type.Boolean(),
    url: Type.String(),
    description: Nullable(Type.String()),
    enabled_events: Type.Array(Type.String(), { description: 'Event types sent to this endpoint; ["*"] for all.' }),
    include_personal_data: Type.Boolean({ description: "Whether recipients' names and email are included in payloads." }),
    status: StringEnum(['enabled', 'disabled']),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'WebhookEndpoint', description: 'Where events are sent. The signing secret is never listed.' },
);

export const WebhookEndpointListQuery = Type.Object({ ...pageParams }, { additionalProperties: false });
export const WebhookEndpointList = listSchema(Type.Ref(WebhookEndpointSchema), 'Webhook endpoints, newest first.');
