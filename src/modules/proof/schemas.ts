import { Type } from '@sinclair/typebox';
import { DateString, idString, Nullable, StringEnum, Timestamp } from '../../core/schema.ts';

/**
 * The proof behind trees, shared by plantings, projects and (soon) certificates and
 * pages: photos, species, the polygon and its centroid, survival measurements and
 * verification statements.
 */

/** `livemode` of a planting, project, measurement or verification: docs/decisions.md, "The OpenAPI document, from outside". */
export const LIVEMODE =
  'The mode of the token that reads it. A project, and live proof, belong to both modes: a test token sees them with livemode false.';

export const PhotoSchema = Type.Object({
  url: Type.String(),
  caption: Nullable(Type.String()),
  taken_at: DateString(),
  credit: Nullable(Type.String()),
});

export const SpeciesSchema = Type.Object({
  name_latin: Type.String(),
  name_common: Type.String(),
  trees: Nullable(Type.Integer()),
});

export const LocationSchema = Type.Object({ latitude: Type.Number(), longitude: Type.Number() });

export const PolygonSchema = Type.Object({
  type: Type.Literal('Polygon'),
  coordinates: Type.Array(Type.Array(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 })), {
    description: 'Rings of [longitude, latitude] positions (GeoJSON).',
  }),
});

export const MonitoringSchema = Type.Object(
  {
    id: idString('monitoring'),
    object: Type.Literal('monitoring'),
    livemode: Type.Boolean({ description: LIVEMODE }),
    planting: Nullable(idString('planting', 'plt_ id for a planting-level measurement; null for a project-wide one.')),
    project: idString('project'),
    recorded_at: DateString(),
    survival_rate: Type.Number({ minimum: 0, maximum: 1, description: 'Fraction of trees alive.' }),
    trees_alive: Type.Integer(),
    method: Type.String(),
    photos: Type.Array(PhotoSchema),
    notes: Type.String({ description: 'Translated; empty when the measurement has no notes.' }),
  },
  { $id: 'Monitoring', description: 'A survival measurement of a planting or of a whole project.' },
);

export const VerificationSchema = Type.Object(
  {
    id: idString('verification'),
    object: Type.Literal('verification'),
    livemode: Type.Boolean({ description: LIVEMODE }),
    project: idString('project'),
    period_start: DateString(),
    period_end: DateString(),
    verifier_name: Type.String(),
    verifier_website_url: Nullable(Type.String()),
    document_url: Nullable(Type.String()),
    summary: Type.String(),
    trees_verified: Type.Integer(),
    published_at: Timestamp(),
  },
  { $id: 'Verification', description: 'An external verification statement of a project.' },
);

/** `verification` of a project and of its plantings: verified once a statement is published. */
export const VerificationSummarySchema = Type.Object({
  status: StringEnum(['verified', 'unverified'], { description: 'verified once the project has a published verification statement' }),
  latest: Nullable(Type.Ref(VerificationSchema)),
});
