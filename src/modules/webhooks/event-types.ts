import type { ReadContext } from '../../core/context.ts';
import { type Language, translate, type Translated } from '../../core/i18n.ts';
import { EVENT_TYPES, type EventType, PERSONAL_EVENT_TYPES } from '../../platform/events/record.ts';
import { asReaderSees } from '../../platform/events/renderers.ts';
import { openApiExamples } from '../../platform/http/openapi-examples.ts';
import { listEnvelope } from '../../platform/http/params.ts';
import { variantId } from './schemas.ts';
import { inMode } from './test-event.ts';

/**
 * The catalogue of event types (GET /v2/event-types), as Svix and Stripe publish theirs:
 * for each of the nine types of spec section 6, when it is sent, what its data.object is,
 * and a sample event in exactly the shape GET /v2/events/{id} answers. The samples are the
 * API reference's example events (the same ones the dashboard's test events carry), in the
 * token's mode and as the token may read them: a token without recipients:read sees a
 * recipient sample without names and email, as it would see a real event.
 */

const DESCRIPTIONS: Record<EventType, Translated> = {
  'allocation.created': {
    en: 'A new allocation of trees: trees pledged to the company, or a part split off an allocation when some of its trees were given to a recipient or reserved for a gift code. Its status says where its trees are: pledged trees are not planted yet.',
    nl: 'Een nieuwe toewijzing van bomen: bomen toegezegd aan het bedrijf, of een deel van een toewijzing dat is afgesplitst toen een deel van de bomen aan een ontvanger werd gegeven of voor een cadeaucode werd gereserveerd. De status zegt waar de bomen zijn: toegezegde bomen zijn nog niet geplant.',
  },
  'allocation.planted': {
    en: 'The planting behind an allocation was done: its trees are in the ground.',
    nl: 'De aanplant achter een toewijzing is gedaan: de bomen staan in de grond.',
  },
  'allocation.monitored': {
    en: 'A first monitoring measurement was recorded for the planting of an allocation.',
    nl: 'Voor de aanplant van een toewijzing is een eerste monitoringmeting vastgelegd.',
  },
  'allocation.updated': {
    en: 'An allocation changed: its number of trees (a refund, or a part split off it for a recipient), or it was given whole to a recipient. data.previous holds the old values.',
    nl: 'Een toewijzing is veranderd: het aantal bomen (een terugbetaling, of een deel afgesplitst voor een ontvanger), of ze is in zijn geheel aan een ontvanger gegeven. data.previous bevat de oude waarden.',
  },
  'planting.updated': {
    en: 'The proof of a planting was extended: photos, species, notes or another monitoring measurement.',
    nl: 'Het bewijs van een aanplant is aangevuld: foto\'s, soorten, notities of een nieuwe monitoringmeting.',
  },
  'verification.published': {
    en: 'A verification statement was published for a project of the company.',
    nl: 'Voor een project van het bedrijf is een verificatieverklaring gepubliceerd.',
  },
  'recipient.created': {
    en: 'A recipient was created: through the API, in the dashboard, by a gift code or by the foundation.',
    nl: 'Er is een ontvanger aangemaakt: via de API, in het dashboard, met een cadeaucode of door de stichting.',
  },
  'recipient.claimed': {
    en: 'A person claimed one of the company\'s gift codes and became a recipient.',
    nl: 'Iemand heeft een cadeaucode van het bedrijf ingewisseld en is ontvanger geworden.',
  },
  'certificate.created': {
    en: 'A certificate was generated, or generated again after a recipient\'s name, language or message changed.',
    nl: 'Er is een certificaat gemaakt, of opnieuw gemaakt nadat naam, taal of bericht van een ontvanger veranderde.',
  },
};

/** What data.object holds for each type: the `object` value of the object it carries. */
const DATA_OBJECTS: Record<EventType, 'allocation' | 'planting' | 'verification' | 'recipient' | 'certificate'> = {
  'allocation.created': 'allocation',
  'allocation.planted': 'allocation',
  'allocation.monitored': 'allocation',
  'allocation.updated': 'allocation',
  'planting.updated': 'planting',
  'verification.published': 'verification',
  'recipient.created': 'recipient',
  'recipient.claimed': 'recipient',
  'certificate.created': 'certificate',
};

const PERSONAL = new Set<string>(PERSONAL_EVENT_TYPES);

/** The example world is built once per public base URL (there is one), not on every request. */
const examplesByBase = new Map<string, ReturnType<typeof openApiExamples>>();
function examplesFor(publicBaseUrl: string) {
  const known = examplesByBase.get(publicBaseUrl);
  if (known) return known;
  const examples = openApiExamples(publicBaseUrl);
  examplesByBase.set(publicBaseUrl, examples);
  return examples;
}

/** The sample event of one type, as GET /v2/events/{id} would answer it to this reader: never delivered. */
function sampleEvent(ctx: ReadContext, type: EventType) {
  const example = examplesFor(ctx.publicBaseUrl).components[variantId(type)] as { id: string; created: string; data: { object: unknown; previous?: Record<string, unknown> } };
  return {
    id: example.id,
    object: 'event' as const,
    livemode: ctx.livemode,
    type,
    created: example.created,
    data: { ...example.data, object: asReaderSees(ctx, type, inMode(example.data.object, ctx.livemode)) },
    deliveries: [],
  };
}

export function presentEventType(ctx: ReadContext, type: EventType, language: Language = ctx.language) {
  return {
    object: 'event_type' as const,
    type,
    description: translate(DESCRIPTIONS[type], language),
    data_object: DATA_OBJECTS[type],
    personal_data: PERSONAL.has(type),
    sample: sampleEvent(ctx, type),
  };
}

/** Every event type, in the order of spec section 6: one page, as there are nine. */
export function listEventTypes(ctx: ReadContext) {
  return listEnvelope('/v2/event-types', EVENT_TYPES.map((type) => presentEventType(ctx, type)), false);
}
