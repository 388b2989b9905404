import { Type } from '@sinclair/typebox';
import { idString, Nullable } from '../../core/schema.ts';

export const PartnerSchema = Type.Object(
  {
    id: idString('partner'),
    object: Type.Literal('planting_partner'),
    name: Type.String(),
    country: Nullable(Type.String()),
    website_url: Nullable(Type.String()),
  },
  { $id: 'PlantingPartner', description: 'The organisation that plants the trees.' },
);
