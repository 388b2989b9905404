import type { ReadContext } from '../../core/context.ts';

/** One row read, from the counters kept in company_totals: never a scan of allocations. */
export async function retrieveCompany(ctx: ReadContext) {
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

export type CompanyRow = Awaited<ReturnType<typeof retrieveCompany>>;
