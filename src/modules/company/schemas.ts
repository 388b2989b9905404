import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../../core/schema.ts';
import { NoQuery } from '../../http/params.ts';

const TreeCounts = Type.Object({
  total: Type.Integer(),
  pledged: Type.Integer(),
  planted: Type.Integer(),
  monitored: Type.Integer(),
});

export const CompanySchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('company'),
    livemode: Type.Boolean(),
    name: Type.String(),
    slug: Type.String(),
    status: Type.String({ description: 'active, suspended or closed' }),
    plan: Type.String({ description: 'starter, grow or automate' }),
    country: Nullable(Type.String()),
    website_url: Nullable(Type.String()),
    logo_url: Nullable(Type.String()),
    public_page_url: Type.String(),
    trees: TreeCounts,
    trees_unassigned: Type.Integer(),
    counts: Type.Object({
      projects: Type.Integer(),
      plantings: Type.Integer(),
      recipients: Type.Integer(),
      certificates: Type.Integer(),
    }),
    first_contribution_at: Nullable(Timestamp()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Company' },
);

export const CompanyQuery = NoQuery;
