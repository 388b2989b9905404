import { Type } from '@sinclair/typebox';
import { idString, Nullable, StringEnum, Timestamp } from '../../core/schema.ts';
import { SCOPES } from '../../core/scopes.ts';
import { NoQuery } from '../../platform/http/params.ts';

export const TokenSchema = Type.Object(
  {
    object: Type.Literal('token'),
    name: Type.String(),
    livemode: Type.Boolean(),
    scopes: Type.Array(StringEnum(SCOPES)),
    expires_at: Nullable(Timestamp()),
    ip_allowlist: Type.Array(Type.String()),
    company: Type.Object({ id: idString('company'), object: Type.Literal('company'), name: Type.String(), slug: Type.String() }),
    owner: Type.Object({ object: Type.Literal('user'), name: Type.String(), email: Type.String() }),
    rate_limits: Type.Object({
      per_token_per_minute: Type.Integer(),
      per_company_per_minute: Type.Integer(),
      writes_per_company_per_minute: Type.Integer(),
    }),
  },
  { $id: 'Token', description: 'The token making the request.' },
);

export const MeQuery = NoQuery;
