import type { SelectQueryBuilder } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import type { DB } from '../../db/schema.ts';

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

/** The newest measurement of each planting, for `latest_monitoring`. */
export async function latestMonitorings(ctx: ReadContext, plantingIds: readonly string[]) {
  if (plantingIds.length === 0) return [];
  return visibleProof(ctx, ctx.db.selectFrom('monitorings').selectAll())
    .distinctOn('planting_id')
    .where('planting_id', 'in', plantingIds)
    .orderBy('planting_id')
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A project's verification statements and measurements (project-wide and of its plantings), as the reader may see them. */
export function verificationsOfProject(ctx: ReadContext, projectId: string) {
  return visibleProof(ctx, ctx.db.selectFrom('verifications').selectAll().where('project_id', '=', projectId));
}

export function monitoringsOfProject(ctx: ReadContext, projectId: string) {
  return visibleProof(ctx, ctx.db.selectFrom('monitorings').selectAll().where('project_id', '=', projectId));
}
