import type { Static } from '@sinclair/typebox';
import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ReadContext } from '../../http/auth.ts';
import { errors } from '../../http/errors.ts';
import { cursorAfter, keysetPage } from '../../http/pagination.ts';
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

export async function findProjectsByIds(ctx: ReadContext, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return projectsOf(ctx).where('p.id', 'in', ids).execute();
}

export async function listProjects(ctx: ReadContext, query: Static<typeof ProjectListQuery>) {
  let q = projectsOf(ctx);
  if (query.country) q = q.where('p.country', '=', query.country);
  if (query.created_since) q = q.where('cp.project_created_at', '>=', new Date(query.created_since));
  if (query.updated_since) q = q.where('p.updated_at', '>=', new Date(query.updated_since));
  const after = await cursorAfter(query.starting_after, async (id) => {
    const row = await projectsOf(ctx).select('cp.project_created_at').where('p.id', '=', id).executeTakeFirst();
    return row && { sortValue: row.project_created_at, id: row.id };
  });
  return keysetPage(q, { sortColumn: 'cp.project_created_at', idColumn: 'cp.project_id', limit: query.limit, after });
}

/** Verification statements of a visible project, newest published first. */
export async function listVerifications(ctx: ReadContext, projectId: string, query: Static<typeof ProjectSubListQuery>) {
  await findProject(ctx, projectId);
  const q = visibleProof(ctx, ctx.db.selectFrom('verifications').selectAll().where('project_id', '=', projectId));
  const after = await cursorAfter(query.starting_after, async (id) => {
    const row = await q.where('id', '=', id).executeTakeFirst();
    return row && { sortValue: row.published_at, id: row.id };
  });
  return keysetPage(q, { sortColumn: 'published_at', idColumn: 'id', limit: query.limit, after });
}

/** Measurements of a visible project, project-wide and of its plantings, newest recorded first. */
export async function listMonitoring(ctx: ReadContext, projectId: string, query: Static<typeof ProjectSubListQuery>) {
  await findProject(ctx, projectId);
  const q = visibleProof(ctx, ctx.db.selectFrom('monitorings').selectAll().where('project_id', '=', projectId));
  const after = await cursorAfter(query.starting_after, async (id) => {
    const row = await q.where('id', '=', id).executeTakeFirst();
    return row && { sortValue: row.recorded_at, id: row.id };
  });
  return keysetPage(q, { sortColumn: 'recorded_at', idColumn: 'id', limit: query.limit, after });
}

/** The newest verification of each project, for `verification.latest`. */
export async function latestVerifications(ctx: ReadContext, projectIds: readonly string[]) {
  if (projectIds.length === 0) return [];
  return visibleProof(ctx, ctx.db.selectFrom('verifications').selectAll())
    .distinctOn('project_id')
    .where('project_id', 'in', projectIds)
    .orderBy('project_id')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Proof made in test mode is seen by test-mode readers only; live readers see live
 * proof. Test readers see live proof too (test trees sit in real projects), the
 * foundation's test proof, and what their own test helpers made, never another
 * company's.
 */
export function visibleProof<QB extends SelectQueryBuilder<DB, 'monitorings' | 'verifications', object>>(ctx: ReadContext, query: QB): QB {
  if (ctx.livemode) return query.where('livemode', '=', true) as QB;
  return query.where((eb) => eb.or([eb('owner_company_id', 'is', null), eb('owner_company_id', '=', ctx.companyId)])) as QB;
}
