import { Type } from '@sinclair/typebox';
import { DateString, Expandable, idString, Nullable, StoredEnum, Timestamp } from '../../core/schema.ts';
import { createdSinceParam, expandParam, idParams, listSchema, pageParams, updatedSinceParam } from '../../platform/http/params.ts';
import {
  LIVEMODE, LocationSchema, MonitoringSchema, PhotoSchema, PolygonSchema, SpeciesSchema, VerificationSchema, VerificationSummarySchema,
} from '../proof/schemas.ts';

export const PROJECT_EXPANDS = ['partner'] as const;
/** docs/decisions.md, "Allowed values"; the foundation sets them. */
export const PROJECT_STATUSES = ['planned', 'active', 'completed'] as const;

export const ProjectSchema = Type.Object(
  {
    id: idString('project'),
    object: Type.Literal('project'),
    livemode: Type.Boolean({ description: LIVEMODE }),
    name: Type.String(),
    description: Type.String(),
    country: Type.String({ description: 'ISO 3166-1 alpha-2' }),
    region: Type.String(),
    status: StoredEnum(PROJECT_STATUSES, { description: 'planned, active or completed' }),
    ecosystem_type: Type.String(),
    partner: Expandable('partner', 'PlantingPartner'),
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
