import { Type } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../events/record.ts';
import { Nullable, StringEnum, Timestamp } from '../../core/schema.ts';
import { createdSinceParam, idParams, listSchema, pageParams } from '../../http/params.ts';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const EventSchema = Type.Object(
  {
    id: Type.String({ description: 'Treat as an opaque string.' }),
    object: Type.Literal('event'),
    livemode: Type.Boolean(),
    type: StringEnum(EVENT_TYPES),
    created: Timestamp(),
    data: Type.Object(
      {
        object: Type.Unknown({ description: 'The object exactly as its GET endpoint returned it when the event happened, in English.' }),
        previous: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Old values of the changed fields (allocation.updated).' })),
      },
      { additionalProperties: false },
    ),
    deliveries: Type.Array(
      Type.Object({
        endpoint: Type.String({ description: 'whe_ id' }),
        status: StringEnum(DELIVERY_STATUSES),
        attempts: Type.Integer(),
        next_attempt_at: Nullable(Timestamp('When the delivery is next tried: a past time means it is due now or being sent. Null once it is delivered or failed for good, and while its endpoint is switched off.')),
        last_attempt_at: Nullable(Timestamp()),
        last_status_code: Nullable(Type.Integer()),
      }),
    ),
  },
  { $id: 'Event', description: 'Something that happened to one of the company\'s objects.' },
);

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
