import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp, iso } from '../../http/common-schemas.ts';
import type { ApiContext } from '../../http/auth.ts';

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

/** One row read, from the counters kept in company_totals: never a scan of allocations. */
async function retrieveCompany(ctx: ApiContext) {
  return ctx.db
    .selectFrom('companies as c')
    .innerJoin('company_totals as t', (join) => join.onRef('t.company_id', '=', 'c.id').on('t.livemode', '=', ctx.livemode))
    .selectAll('c')
    .select([
      't.trees_pledged', 't.trees_planted', 't.trees_monitored', 't.trees_unassigned',
      't.projects', 't.plantings', 't.recipients', 't.certificates', 't.first_contribution_at',
    ])
    .where('c.id', '=', ctx.companyId)
    .executeTakeFirstOrThrow();
}

type CompanyRow = Awaited<ReturnType<typeof retrieveCompany>>;

function presentCompany(row: CompanyRow, ctx: ApiContext) {
  return {
    id: row.id,
    object: 'company' as const,
    livemode: ctx.livemode,
    name: row.name,
    slug: row.slug,
    status: row.status,
    plan: row.plan,
    country: row.country,
    website_url: row.website_url,
    logo_url: row.logo_url,
    public_page_url: `${ctx.publicBaseUrl}/impact/${row.slug}`,
    trees: {
      total: row.trees_pledged + row.trees_planted + row.trees_monitored,
      pledged: row.trees_pledged,
      planted: row.trees_planted,
      monitored: row.trees_monitored,
    },
    trees_unassigned: row.trees_unassigned,
    counts: { projects: row.projects, plantings: row.plantings, recipients: row.recipients, certificates: row.certificates },
    first_contribution_at: iso(row.first_contribution_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/company',
    {
      config: { scope: 'company:read' },
      schema: {
        operationId: 'getCompany',
        summary: 'Retrieve the company, its plan and its tree totals',
        tags: ['Company'],
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: Type.Ref(CompanySchema) },
      },
    },
    async (request) => presentCompany(await retrieveCompany(request.ctx), request.ctx),
  );
};
