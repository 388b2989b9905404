import { type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { componentRef, idString, Nullable, StoredEnum, StringEnum, Timestamp, Url, withDocumentedForm } from '../../core/schema.ts';
import { EVENT_TYPES, type EventType } from '../../platform/events/record.ts';
import { createdSinceParam, idParams, listSchema, pageParams } from '../../platform/http/params.ts';
import { AllocationSchema } from '../allocations/schemas.ts';
import { EmbeddedCertificateSchema } from '../certificates/schemas.ts';
import { PlantingSchema } from '../plantings/schemas.ts';
import { VerificationSchema } from '../proof/schemas.ts';
import { RecipientSchema } from '../recipients/schemas.ts';

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
    recover_since: Type.Optional(Timestamp(
      'With status enabled: also send, due now, what failed or the endpoint missed while it was off, of events since this time (within the event log\'s 30 days), as POST /v2/webhook-endpoints/{id}/recover does.',
    )),
  },
  { additionalProperties: false },
);

export const RecoverBody = Type.Object(
  { since: Type.Optional(Timestamp('Events created at or after this time, within the event log\'s 30 days; the whole log (30 days back) when left out.')) },
  { additionalProperties: false },
);

/** The answer to POST /v2/webhook-endpoints/{id}/recover: what it queued. */
export const WebhookEndpointRecoverySchema = Type.Object(
  {
    object: Type.Literal('webhook_endpoint_recovery'),
    endpoint: idString('webhook_endpoint', 'whe_ id'),
    livemode: Type.Boolean(),
    since: Timestamp('The since asked for, or the start of the event log\'s 30 days when none was.'),
    created: Timestamp('When the deliveries were queued: they are due from then.'),
    queued: Type.Integer({ description: 'Deliveries queued by this call: queued_failed plus queued_missed.' }),
    queued_failed: Type.Integer({ description: 'Deliveries that had failed (for good, or when the endpoint was switched off), queued again with their attempts started over.' }),
    queued_missed: Type.Integer({ description: 'Events the endpoint never got because it was switched off when they happened (of the types it takes now), queued for it.' }),
    already_pending: Type.Integer({ description: 'Deliveries of events since `since` that were pending already, left as they are.' }),
  },
  {
    $id: 'WebhookEndpointRecovery',
    description: 'What POST /v2/webhook-endpoints/{id}/recover queued. A second call queues only what failed again since the first.',
  },
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

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** The object each event type carries in `data.object` (spec section 6). */
const EVENT_OBJECTS: Record<EventType, TSchema> = {
  'allocation.created': AllocationSchema,
  'allocation.planted': AllocationSchema,
  'allocation.monitored': AllocationSchema,
  'allocation.updated': AllocationSchema,
  'planting.updated': PlantingSchema,
  'verification.published': VerificationSchema,
  'recipient.created': RecipientSchema,
  'recipient.claimed': RecipientSchema,
  'certificate.created': EmbeddedCertificateSchema,
};

const OBJECT = 'The object exactly as its GET endpoint returned it when the event happened, in English.';
const PREVIOUS = Type.Record(Type.String(), Type.Unknown(), { description: 'Old values of the changed fields (allocation.updated).' });

/** The fields of an event, with its type and its data as given. */
function eventFields<T extends TSchema, D extends TProperties>(type: T, data: D) {
  return {
    id: idString('event', 'Treat as an opaque string.'),
    object: Type.Literal('event'),
    livemode: Type.Boolean(),
    type,
    created: Timestamp(),
    data: Type.Object(data, { additionalProperties: false }),
    deliveries: Type.Array(
      Type.Object({
        endpoint: idString('webhook_endpoint', 'whe_ id'),
        status: StringEnum(DELIVERY_STATUSES),
        attempts: Type.Integer(),
        next_attempt_at: Nullable(Timestamp('When the delivery is next tried: a past time means it is due now or being sent. Null once it is delivered or failed for good, and while its endpoint is switched off.')),
        last_attempt_at: Nullable(Timestamp()),
        last_status_code: Nullable(Type.Integer()),
      }),
    ),
  };
}

/** What an object schema's `object` field says it is: `allocation`. */
const objectName = (schema: TSchema) => (schema.properties as { object: { const: string } }).object.const;

/** `allocation.created` is documented as AllocationCreatedEvent. */
export const variantId = (type: EventType) => `${type.split(/[._]/).map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')}Event`;

/** One event type, its data.object typed: only the OpenAPI document has these (see EventSchema). */
const EVENT_VARIANTS = EVENT_TYPES.map((type) =>
  Type.Object(eventFields(Type.Literal(type), {
    object: Type.Ref(EVENT_OBJECTS[type].$id as string),
    ...(type === 'allocation.updated' ? { previous: Type.Optional(PREVIOUS) } : {}),
  }), {
    $id: variantId(type),
    description: `The event ${type}: data.object is the ${objectName(EVENT_OBJECTS[type])}.`,
  }),
);

const DESCRIPTION = "Something that happened to one of the company's objects.";

/**
 * At run time `data.object` is serialised as stored: an event keeps the object as it was
 * rendered when the event happened, which may predate fields added since, and a union of
 * the objects would make the serialiser check each against its schema. The OpenAPI
 * document shows the event as a union keyed on `type`, each variant with its object's
 * schema, so that a typed client needs no cast.
 */
export const EventSchema = withDocumentedForm(Type.Object(
  eventFields(StringEnum(EVENT_TYPES), { object: Type.Unknown({ description: OBJECT }), previous: Type.Optional(PREVIOUS) }),
  { $id: 'Event', description: DESCRIPTION },
), {
  components: EVENT_VARIANTS,
  document: () => ({
    description: `${DESCRIPTION} Which object data.object holds depends on type.`,
    oneOf: EVENT_VARIANTS.map((variant) => componentRef(variant.$id as string)),
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(EVENT_TYPES.map((type) => [type, componentRef(variantId(type)).$ref])),
    },
  }),
});

export const EventListQuery = Type.Object(
  {
    type: Type.Optional(StringEnum(EVENT_TYPES)),
    delivery_status: Type.Optional(StringEnum(DELIVERY_STATUSES, { description: 'Events with at least one delivery in this state.' })),
    ...createdSinceParam,
    ...pageParams,
  },
  { additionalProperties: false },
);
export const EventParams = idParams('event');
export const EventList = listSchema(Type.Ref(EventSchema), 'Events of the last 30 days, newest first.');

export const RedeliverBody = Type.Object(
  { endpoint: Type.Optional(Type.String({ pattern: '^whe_[A-Za-z0-9]{24}$', description: 'Send to this endpoint only; every enabled endpoint that takes this event type when left out.' })) },
  { additionalProperties: false },
);

/** One entry of the catalogue of event types (GET /v2/event-types). */
export const EventTypeSchema = Type.Object(
  {
    object: Type.Literal('event_type'),
    type: StringEnum(EVENT_TYPES),
    description: Type.String({ description: 'When it is sent, in the language of Accept-Language.' }),
    data_object: StringEnum(['allocation', 'planting', 'verification', 'recipient', 'certificate'], { description: 'The `object` of what data.object holds.' }),
    personal_data: Type.Boolean({ description: "Whether data.object is a recipient with their names and email (sent only to endpoints with include_personal_data, shown only to tokens with recipients:read)." }),
    sample: Type.Ref(EventSchema, { description: 'An example event of this type, in the shape GET /v2/events/{id} answers, in the mode of the token and as it may read it. Made-up ids: it names nothing in Canopy.' }),
  },
  { $id: 'EventType', description: 'An event type Canopy sends: when, what it carries, and a sample.' },
);
export const EventTypeList = listSchema(Type.Ref(EventTypeSchema), 'The nine event types, in the order of the spec; one page.');
