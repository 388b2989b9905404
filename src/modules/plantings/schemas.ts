import { Type } from '@sinclair/typebox';

// TEMPORARY placeholder, replaced by the plantings module in this same change.
export const PlantingSchema = Type.Object({ id: Type.String() }, { $id: 'Planting', additionalProperties: true });
