import { Type } from '@sinclair/typebox';
import { DateString, Expandable, idString, Nullable, StringEnum, Timestamp } from '../../core/schema.ts';
import { createdSinceParam, expandParam, idParams, listSchema, pageParams, updatedSinceParam } from '../../platform/http/params.ts';
import { LIVEMODE, LocationSchema, MonitoringSchema, PhotoSchema, PolygonSchema, SpeciesSchema, VerificationSummarySchema } from '../proof/schemas.ts';

export const PLANTING_EXPANDS = ['project', 'partner'] as const;

export const PlantingSchema = Type.Object(
  {
    id: idString('planting'),
    object: Type.Literal('planting'),
    livemode: Type.Boolean({ description: LIVEMODE }),
    project: Expandable('project', 'Project'),
    partner: Expandable('partner', 'PlantingPartner'),
    source: StringEnum(['foundation', 'legacy']),
    planted_at: Nullable(DateString()),
    trees: Type.Integer({ description: 'All trees of the planting.' }),
    trees_for_company: Type.Integer({ description: "The calling company's trees in this planting." }),
    species: Type.Array(SpeciesSchema),
    location: Nullable(LocationSchema),
    geometry: Nullable(PolygonSchema),
    photos: Type.Array(PhotoSchema),
    planting_method: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    latest_monitoring: Nullable(Type.Ref(MonitoringSchema)),
    verification: VerificationSummarySchema,
    created_at: Timestamp(),
    updated_at: Timestamp('Also moves when the dossier grows.'),
  },
  { $id: 'Planting', description: 'A batch of trees planted by a planting partner, with its proof dossier.' },
);

export const PlantingListQuery = Type.Object(
  {
    source: Type.Optional(StringEnum(['foundation', 'legacy'])),
    project: Type.Optional(idString('project')),
    ...updatedSinceParam,
    ...createdSinceParam,
    ...pageParams,
    ...expandParam([...PLANTING_EXPANDS]),
  },
  { additionalProperties: false },
);
export const PlantingRetrieveQuery = Type.Object(expandParam([...PLANTING_EXPANDS]), { additionalProperties: false });
export const PlantingParams = idParams('planting');
export const PlantingList = listSchema(Type.Ref(PlantingSchema), 'A page of plantings that hold the company\'s trees, newest first.');
