import { Type } from '@sinclair/typebox';
import { idString, Nullable, StoredEnum, StringEnum, Timestamp, Url } from '../../core/schema.ts';
import { EVENT_TYPES } from '../../events/record.ts';
import { idParams, listSchema, pageParams } from '../../http/params.ts';

const ENDPOINT_FIELDS = {
  id: idString('webhook_endpoint'),
  object: Type.Literal('webhook_endpoint'),
  livemode: Type.Boolean(),
  url: Url('Where events are sent, as Canopy normalised it when it was set.'),
  description: Nullable(Type.String()),
  enabled_events: Type.Array(StoredEnum(['*', ...EVENT_TYPES]), { description: 'Event types sent to this endpoint; ["*"] for all.' }),
  include_personal_data: Type.Boolean({ description: "Whether recipients' names and email are included in payloads." }),
  status: StringEnum(['enabled', 'disabled']),
  disabled_reason: Nullable(StringEnum(['gone', 'failing', 'manual'], {
    description: 'Why a disabled endpoint is off: it answered 410 Gone, it failed every attempt for three days, or you switched it off.',
  })),
  created_at: Timestamp(),
  updated_at: Timestamp(),
};

export const WebhookEndpointSchema = Type.Object(ENDPOINT_FIELDS, {
  $id: 'WebhookEndpoint',
  description: 'Where events are sent. The signing secret is shown only when it is made (create, rotate-secret).',
});

/** The answer to create and rotate-secret: the endpoint with its signing secret, shown this once. */
export const WebhookEndpointWithSecretSchema = Type.Object(
  {
    ...ENDPOINT_FIELDS,
    secret: Type.String({ description: 'The signing secret (whsec_...): shown this once, store it now.' }),
  },
  { $id: 'WebhookEndpointWithSecret' },
);

const URL_FIELD = Type.String({ minLength: 1, maxLength: 2048, description: 'An https URL whose host resolves to public addresses only.' });
const EVENTS_FIELD = Type.Array(StringEnum(['*', ...EVENT_TYPES]), {
  minItems: 1,
  maxItems: EVENT_TYPES.length,
  uniqueItems: true,
  description: 'The event types to send, or ["*"] for every type.',
});
const DESCRIPTION_FIELD = Type.String({ maxLength: 500 });

export const CreateWebhookEndpointBody = Type.Object(
  {
    url: URL_FIELD,
    enabled_events: Type.Optional(EVENTS_FIELD),
    description: Type.Optional(DESCRIPTION_FIELD),
    include_personal_data: Type.Optional(Type.Boolean({ description: "Include recipients' names and email in payloads (default false)." })),
  },
  { additionalProperties: false },
);

export const UpdateWebhookEndpointBody = Type.Object(
  {
    url: Type.Optional(URL_FIELD),
    enabled_events: Type.Optional(EVENTS_FIELD),
    description: Type.Optional(Nullable(DESCRIPTION_FIELD)),
    include_personal_data: Type.Optional(Type.Boolean()),
    status: Type.Optional(StringEnum(['enabled', 'disabled'], { description: 'enabled switches a disabled endpoint on again.' })),
  },
  { additionalProperties: false },
);

export const RotateSecretBody = Type.Object(
  {
    expires_in: Type.Optional(Type.Integer({
      minimum: 0,
      maximum: 7 * 86_400,
      description: 'Seconds the old secret keeps signing beside the new one (default 86400, at most 7 days; 0 ends it now).',
    })),
  },
  { additionalProperties: false },
);

export const DeletedWebhookEndpointSchema = Type.Object({
  id: idString('webhook_endpoint'),
  object: Type.Literal('webhook_endpoint'),
  deleted: Type.Literal(true),
});

export const WebhookEndpointParams = idParams('webhook_endpoint');
export const WebhookEndpointListQuery = Type.Object({ ...pageParams }, { additionalProperties: false });
export const WebhookEndpointList = listSchema(Type.Ref(WebhookEndpointSchema), 'Webhook endpoints, newest first.');
