import { type Static, type TSchema, Type } from '@sinclair/typebox';

/**
 * The inputs of the foundation operations: plain JSON, so the foundation HTTP API, the
 * NDJSON import and the demo seed validate with the same schemas. Unknown fields are
 * refused. In an upsert a field left out keeps its stored value; `null` clears a field
 * that may be empty.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Ref = (description: string) => Type.String({ minLength: 1, maxLength: 255, description });
const Text = (maxLength = 10_000) => Type.String({ minLength: 1, maxLength });
const DateOnly = (description?: string) => Type.String({ format: 'date', description });
const Timestamp = (description?: string) => Type.String({ format: 'date-time', description });
const Url = () => Type.String({ format: 'uri', maxLength: 2048 });
const Country = () => Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 code, upper case' });
const TreeCount = (minimum: number) => Type.Integer({ minimum, maximum: 1_000_000_000 });

export const TranslatedSchema = Type.Object(
  { en: Text(), nl: Type.Optional(Text()) },
  { additionalProperties: false, description: 'A text in English and optionally Dutch' },
);

export const PhotoSchema = Type.Object(
  {
    url: Url(),
    caption: Type.Optional(Nullable(TranslatedSchema)),
    taken_at: DateOnly(),
    credit: Type.Optional(Nullable(Text(255))),
  },
  { additionalProperties: false },
);

const speciesFields = { name_latin: Text(255), name_common: TranslatedSchema };
/** A planting says how many trees of each species it has. */
export const PlantingSpeciesSchema = Type.Object({ ...speciesFields, trees: TreeCount(0) }, { additionalProperties: false });
/** A project's default species may leave the count open. */
export const ProjectSpeciesSchema = Type.Object(
  { ...speciesFields, trees: Type.Optional(Nullable(TreeCount(0))) },
  { additionalProperties: false },
);

export const PolygonSchema = Type.Object(
  {
    type: Type.Literal('Polygon'),
    coordinates: Type.Array(
      Type.Array(Type.Array(Type.Number(), { minItems: 2, maxItems: 3 }), { minItems: 4, maxItems: 10_000 }),
      { minItems: 1, maxItems: 100, description: 'GeoJSON rings of [longitude, latitude]; the first ring is the outline, each ring closed' },
    ),
  },
  { additionalProperties: false },
);

export const LocationSchema = Type.Object(
  { latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) },
  { additionalProperties: false },
);

export const UpsertPartnerSchema = Type.Object(
  {
    ref: Ref("The foundation's reference of the planting partner"),
    name: Text(255),
    country: Type.Optional(Nullable(Country())),
    website_url: Type.Optional(Nullable(Url())),
  },
  { additionalProperties: false },
);

export const UpsertProjectSchema = Type.Object(
  {
    ref: Ref("The foundation's reference of the project"),
    partner_ref: Ref('The planting partner running the project'),
    name: TranslatedSchema,
    description: TranslatedSchema,
    country: Country(),
    region: Type.Union([Text(255), TranslatedSchema], { description: 'The region: a plain text (English) or a text in English and optionally Dutch, as names are' }),
    status: Type.Optional(Type.Union([Type.Literal('planned'), Type.Literal('active'), Type.Literal('completed')])),
    ecosystem_type: Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$', description: 'snake_case, e.g. tropical_montane_forest' }),
    started_at: Type.Optional(Nullable(DateOnly())),
    location: Type.Optional(LocationSchema),
    geometry: Type.Optional(PolygonSchema),
    photos: Type.Optional(Type.Array(PhotoSchema, { maxItems: 200 })),
    default_species: Type.Optional(Type.Array(ProjectSpeciesSchema, { maxItems: 200 })),
    sdg_goals: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 17 }), { uniqueItems: true, maxItems: 17 })),
    foundation_url: Type.Optional(Nullable(Url())),
    legacy_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))),
  },
  { additionalProperties: false },
);

export const UpsertPlantingSchema = Type.Object(
  {
    ref: Ref("The foundation's reference of the planting"),
    project_ref: Ref('The project the planting belongs to; fixed once the planting exists'),
    trees: TreeCount(0),
    planted_at: Type.Optional(DateOnly('Part of the dossier; cannot be removed once sent')),
    species: Type.Optional(Type.Array(PlantingSpeciesSchema, { minItems: 1, maxItems: 200 })),
    geometry: Type.Optional(PolygonSchema),
    photos: Type.Optional(Type.Array(PhotoSchema, { maxItems: 500 })),
    planting_method: Type.Optional(Nullable(Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }))),
    notes: Type.Optional(Nullable(TranslatedSchema)),
    source: Type.Optional(Type.Union([Type.Literal('foundation'), Type.Literal('legacy')])),
    livemode: Type.Optional(Type.Boolean({ description: 'false for a test planting; fixed once the planting exists' })),
  },
  { additionalProperties: false },
);

export const CompletePlantingSchema = Type.Object(
  { ref: Ref('The planting the foundation reports done') },
  { additionalProperties: false },
);

export const RecordMonitoringSchema = Type.Object(
  {
    ref: Ref("The foundation's reference of the measurement"),
    project_ref: Ref('The project measured'),
    planting_ref: Type.Optional(Ref('The planting measured; left out for a measurement of the whole project')),
    recorded_at: DateOnly(),
    survival_rate: Type.Number({ minimum: 0, maximum: 1 }),
    trees_alive: TreeCount(0),
    method: Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }),
    photos: Type.Optional(Type.Array(PhotoSchema, { maxItems: 200 })),
    notes: Type.Optional(Nullable(TranslatedSchema)),
    livemode: Type.Optional(Type.Boolean({ description: "false for test-mode proof; a planting's measurement takes the planting's mode; fixed once recorded" })),
  },
  { additionalProperties: false },
);

export const PublishVerificationSchema = Type.Object(
  {
    ref: Ref("The foundation's reference of the verification statement"),
    project_ref: Ref('The project verified'),
    period_start: DateOnly(),
    period_end: DateOnly(),
    verifier_name: Text(255),
    verifier_website_url: Type.Optional(Nullable(Url())),
    document_url: Type.Optional(Nullable(Url())),
    summary: TranslatedSchema,
    trees_verified: TreeCount(0),
    published_at: Timestamp(),
    livemode: Type.Optional(Type.Boolean({ description: 'false for a test-mode statement, seen and announced in test mode only; fixed once published' })),
  },
  { additionalProperties: false },
);

export const RecordAllocationSchema = Type.Object(
  {
    ref: Ref("The foundation's reference of the donation"),
    company_id: Type.String({ pattern: '^cmp_[A-Za-z0-9]{24}$' }),
    livemode: Type.Boolean(),
    planting_ref: Ref('The planting whose trees are pledged'),
    trees: TreeCount(1),
    allocated_at: Type.Optional(Timestamp()),
    source: Type.Optional(Type.Union([Type.Literal('foundation'), Type.Literal('legacy')])),
    legacy_tree_ids: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { uniqueItems: true, maxItems: 100_000 })),
    legacy_order_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 255 }))),
  },
  { additionalProperties: false },
);

export const ChangeAllocationTreesSchema = Type.Object(
  {
    ref: Ref('The donation whose tree count changes'),
    trees: Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'The new number of trees of the whole donation' }),
  },
  { additionalProperties: false },
);

export const CreateRecipientSchema = Type.Object(
  {
    ref: Ref("The foundation's reference of the recipient"),
    company_id: Type.String({ pattern: '^cmp_[A-Za-z0-9]{24}$' }),
    livemode: Type.Boolean(),
    trees: TreeCount(1),
    project_ref: Type.Optional(Ref('Take the trees from this project only')),
    first_name: Type.Optional(Nullable(Text(255))),
    last_name: Type.Optional(Nullable(Text(255))),
    email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 320 }))),
    language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('nl')])),
    external_reference: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 255 }))),
    message: Type.Optional(Nullable(Text(2000))),
    source: Type.Optional(Type.Union([Type.Literal('foundation'), Type.Literal('legacy')])),
  },
  { additionalProperties: false },
);

export type UpsertPartnerInput = Static<typeof UpsertPartnerSchema>;
export type UpsertProjectInput = Static<typeof UpsertProjectSchema>;
export type UpsertPlantingInput = Static<typeof UpsertPlantingSchema>;
export type CompletePlantingInput = Static<typeof CompletePlantingSchema>;
export type RecordMonitoringInput = Static<typeof RecordMonitoringSchema>;
export type PublishVerificationInput = Static<typeof PublishVerificationSchema>;
export type RecordAllocationInput = Static<typeof RecordAllocationSchema>;
export type ChangeAllocationTreesInput = Static<typeof ChangeAllocationTreesSchema>;
export type PhotoInput = Static<typeof PhotoSchema>;
export type PolygonInput = Static<typeof PolygonSchema>;
export type CreateRecipientInput = Static<typeof CreateRecipientSchema>;
