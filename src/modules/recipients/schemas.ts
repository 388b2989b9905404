import { Type } from '@sinclair/typebox';
import { idString, Nullable, Timestamp } from '../../core/schema.ts';

export const RecipientSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('recipient'),
    livemode: Type.Boolean(),
    first_name: Type.Optional(Nullable(Type.String({ description: 'Personal data: omitted without recipients:read.' }))),
    last_name: Type.Optional(Nullable(Type.String({ description: 'Personal data: omitted without recipients:read.' }))),
    email: Type.Optional(Nullable(Type.String({ description: 'Personal data: omitted without recipients:read.' }))),
    language: Type.String(),
    external_reference: Nullable(Type.String({ maxLength: 255 })),
    trees: Type.Integer(),
    project: Nullable(idString('project')),
    message: Nullable(Type.String()),
    source: Type.String({ description: 'api, dashboard, gift_code, foundation or legacy' }),
    certificate: Nullable(Type.Unknown({ description: 'The certificate object; null until generated.' })),
    allocations: Type.Array(Type.String()),
    email_sent_at: Nullable(Timestamp()),
    claimed_at: Nullable(Timestamp()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Recipient', description: 'A person or customer trees were assigned to.' },
);
