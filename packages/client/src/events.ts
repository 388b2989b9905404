import type { components } from './schema.js';

/** An event as GET /v2/events/{id} answers it: a union keyed by `type`, each with its `data.object` typed. */
export type CanopyEvent = components['schemas']['Event'];

/** The nine event types (spec section 6). */
export type EventType = CanopyEvent['type'];

/** The event of one type: `EventOf<'recipient.created'>['data']['object']` is a Recipient. */
export type EventOf<T extends EventType> = Extract<CanopyEvent, { type: T }>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event as a webhook delivery carries it: the event without its delivery state. */
export type WebhookEvent = DistributiveOmit<CanopyEvent, 'deliveries'>;

/** The delivered event of one type. */
export type WebhookEventOf<T extends EventType> = Extract<WebhookEvent, { type: T }>;

/** An entry of GET /v2/event-types: when a type is sent, what it carries, and a sample. */
export type EventTypeInfo = components['schemas']['EventType'];

/** The objects of the API, by their schema name: `CanopyObject<'Recipient'>`. */
export type CanopyObject<Name extends keyof components['schemas']> = components['schemas'][Name];
