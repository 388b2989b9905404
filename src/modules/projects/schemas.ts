import { Type } from '@sinclair/typebox';
import { DateString, Expandable, expandParam, idParams, Nullable, StringEnum, Timestamp } from '../../http/common-schemas.ts';
import { createdSinceParam, listSchema, pageParams, updatedSinceParam } from '../../http/pagination.ts';
import { LocationSchema, PhotoSchema, PolygonSchema, SpeciesSchema } from '../dossier/present.ts';

export const PROJECT_EXPANDS = ['partner'] as const;

export const MonitoringSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('monitoring'),
    planting: Nullable(Type.String({ description: 'plt_ id for a planting-level measurement; null for a project-wide one.' })),
    project: Type.String(),
    recorded_at: DateString(),
    survival_rate: Type.Number({ minimum: 0, maximum: 1, description: 'Fraction of trees alive.' }),
    trees_alive: Type.Integer(),
    method: Type.String(),
    photos: Type.Array(PhotoSchema),
    notes: Nullable(Type.String()),
  },
  { $id: 'Monitoring', description: 'A survival measurement of a planting or of a whole project.' },
);

export const VerificationSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('verification'),
    project: Type.String(),
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

export const ProjectSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('project'),
    name: Type.String(),
    description: Type.String(),
    country: Type.String({ description: 'ISO 3166-1 alpha-2' }),
    region: Type.String(),
    status: Type.String({ description: 'planned, active or completed' }),
    ecosystem_type: Type.String(),
    partner: Expandable('ptn_', 'PlantingPartner'),
    started_at: Nullable(DateString()),
    location: Nullable(LocationSchema),
    geometry: Nullable(PolygonSchema),
    photos: Type.Array(PhotoSchema),
    default_species: Type.Array(SpeciesSchema),
    sdg_goals: Type.Array(Type.Integer()),
    trees: Type.Object(
      { total: Type.Integer(), pledged: Type.Integer(), planted: Type.Integer(), monitored: Type.Integer() },
      { description: "The calling company's own trees in the project." },
    ),
    verification: VerificationSummarySchema,
    foundation_url: Nullable(Type.String()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Project' },
);

export const ProjectListQuery = Type.Object(
  {
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', description: 'Only projects in this country (ISO code).' })),
    ...updatedSinceParam,
    ...createdSinceParam,
    ...pageParams,
    ...expandParam([...PROJECT_EXPANDS]),
  },
  { additionalProperties: false },
);
export const ProjectRetrieveQuery = Type.Object(expandParam([...PROJECT_EXPANDS]), { additionalProperties: false });
export const ProjectParams = idParams('project');
export const ProjectSubListQuery = Type.Object({ ...pageParams }, { additionalProperties: false });
export const ProjectList = listSchema(Type.Ref(ProjectSchema), "A page of the projects that hold the company's trees, newest first.");
export const VerificationList = listSchema(Type.Ref(VerificationSchema), 'Verification statements of the project, newest first.');
export const MonitoringList = listSchema(Type.Ref(MonitoringSchema), 'Measurements of the project and its plantings, newest first.');
