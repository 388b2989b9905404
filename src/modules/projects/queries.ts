import type { Static } from '@sinclair/typebox';
import type { ReadContext } from '../../core/context.ts';
import { errors } from '../../core/errors.ts';
import { keysetPage } from '../../db/keyset.ts';
import { monitoringsOfProject, verificationsOfProject } from '../proof/queries.ts';
import type { ProjectListQuery, ProjectSubListQuery } from './schemas.ts';

/**
 * A company sees the projects it has trees in, in the token's mode (company_projects),
 * with its own per-status tree counts. Any other project answers 404.
 */
export function projectsOf(ctx: ReadContext) {
  return ctx.db
    .selectFrom('company_projects as cp')
    .innerJoin('projects as p', 'p.id', 'cp.project_id')
    .selectAll('p')
    .select(['cp.trees_pledged', 'cp.trees_planted', 'cp.trees_monitored'])
    .where('cp.company_id', '=', ctx.companyId)
    .where('cp.livemode', '=', ctx.livemode);
}

export type ProjectWithTrees = Awaited<ReturnType<ReturnType<typeof projectsOf>['executeTakeFirstOrThrow']>>;

export async function findProject(ctx: ReadContext, id: string) {
  const row = await projectsOf(ctx).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound('project', id);
  return row;
}

/**
 * Refuses a project the company has no trees in, in this mode (404 naming `param`): the
 * only projects a recipient or gift code can take trees from.
 */
export async function requireCompanyProject(ctx: ReadContext, projectId: string, param = 'project'): Promise<void> {
  const member = await ctx.db
    .selectFrom('company_projects')
    .select('project_id')
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!member) throw errors.notFound('project', projectId, param);
}

export async function findProjectsByIds(ctx: ReadContext, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return projectsOf(ctx).where('p.id', 'in', ids).execute();
}

export async function listProjects(ctx: ReadContext, query: Static<typeof ProjectListQuery>) {
  const scope = projectsOf(ctx);
  let q = scope;
  if (query.country) q = q.where('p.country', '=', query.country);
  if (query.created_since) q = q.where('cp.project_created_at', '>=', new Date(query.created_since));
  if (query.updated_since) q = q.where('p.updated_at', '>=', new Date(query.updated_since));
  return keysetPage(scope, q, {
    sortColumn: 'cp.project_created_at', tiebreakColumn: 'cp.project_id', idColumn: 'p.id', limit: query.limit, startingAfter: query.starting_after,
  });
}

/** Verification statements of a visible project, newest published first. */
export async function listVerifications(ctx: ReadContext, projectId: string, query: Static<typeof ProjectSubListQuery>) {
  await findProject(ctx, projectId);
  const scope = verificationsOfProject(ctx, projectId);
  return keysetPage(scope, scope, {
    sortColumn: 'published_at', tiebreakColumn: 'id', idColumn: 'id', limit: query.limit, startingAfter: query.starting_after,
  });
}

/** Measurements of a visible project, project-wide and of its plantings, newest recorded first. */
export async function listMonitoring(ctx: ReadContext, projectId: string, query: Static<typeof ProjectSubListQuery>) {
  await findProject(ctx, projectId);
  const scope = monitoringsOfProject(ctx, projectId);
  return keysetPage(scope, scope, {
    sortColumn: 'recorded_at', tiebreakColumn: 'id', idColumn: 'id', limit: query.limit, startingAfter: query.starting_after,
  });
}
