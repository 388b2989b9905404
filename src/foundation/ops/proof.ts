import type { Selectable } from 'kysely';
import { CanopyError, errors } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { MonitoringsTable, VerificationsTable } from '../../db/schema.ts';
import { advanceAllocations, companiesInProject, lockPlanting, plantingUpdated } from '../../domain/lifecycle.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { changed, type OperationResult, unchanged } from '../results.ts';
import type { PublishVerificationInput, RecordMonitoringInput } from '../schemas.ts';
import { changedFields, findOrInsert, mergeSent, pick } from '../upsert.ts';
import { storedPhoto } from './catalog.ts';

/** The proof that comes after planting: survival measurements and external verification statements. */

type MonitoringRow = Selectable<MonitoringsTable>;
const MONITORING_FIELDS = ['recorded_at', 'survival_rate', 'trees_alive', 'method', 'photos', 'notes'] as const satisfies readonly (keyof MonitoringRow)[];
type MonitoringContent = Pick<MonitoringRow, (typeof MONITORING_FIELDS)[number]>;

/**
 * A measurement of one planting, or of a whole project when planting_ref is left out.
 * A planting's measurement grows its dossier and, once the planting is planted, makes
 * its allocations monitored; one that arrives before the planting is done is kept
 * and takes effect at completion.
 */
export async function recordMonitoring(uow: UnitOfWork, sent: RecordMonitoringInput): Promise<OperationResult> {
  const { db, now } = uow;
  const project = await db.selectFrom('projects').select('id').where('foundation_ref', '=', sent.project_ref).executeTakeFirst();
  if (!project) throw errors.referenceNotFound('project_ref', 'project', sent.project_ref);
  const planting = sent.planting_ref === undefined ? null : await lockPlanting(db, { ref: sent.planting_ref });
  if (planting === undefined) throw errors.referenceNotFound('planting_ref', 'planting', sent.planting_ref ?? '');
  if (planting && planting.project_id !== project.id) {
    throw new CanopyError('planting_not_in_project', `Planting "${sent.planting_ref}" is not part of project "${sent.project_ref}".`, ['planting_ref']);
  }
  // Proof made in test mode must never reach live readers (migration 0003).
  const livemode = planting ? planting.livemode : (sent.livemode ?? true);
  if (sent.livemode !== undefined && sent.livemode !== livemode) {
    throw new CanopyError('planting_mode_mismatch', `Planting "${sent.planting_ref}" is ${livemode ? 'live' : 'a test planting'}; its measurements take its mode.`, ['livemode']);
  }

  const content: MonitoringContent = {
    recorded_at: sent.recorded_at,
    survival_rate: sent.survival_rate,
    trees_alive: sent.trees_alive,
    method: sent.method,
    photos: (sent.photos ?? []).map(storedPhoto),
    notes: sent.notes ?? null,
  };
  const { row, created } = await findOrInsert(
    () => db.selectFrom('monitorings').selectAll().where('foundation_ref', '=', sent.ref).forUpdate().executeTakeFirst(),
    () =>
      db
        .insertInto('monitorings')
        .values({ id: newId('monitoring'), foundation_ref: sent.ref, project_id: project.id, planting_id: planting?.id ?? null, livemode, ...monitoringColumns(content), created_at: now })
        .onConflict((oc) => oc.column('foundation_ref').doNothing())
        .returningAll()
        .executeTakeFirst(),
  );

  if (!created) {
    if (row.livemode !== livemode) {
      throw new CanopyError('reference_conflict', `Measurement "${sent.ref}" was recorded in ${row.livemode ? 'live' : 'test'} mode; that cannot change.`, ['livemode']);
    }
    if (row.project_id !== project.id || row.planting_id !== (planting?.id ?? null)) {
      const field = row.project_id !== project.id ? 'project_ref' : 'planting_ref';
      throw new CanopyError('reference_conflict', `Measurement "${sent.ref}" was recorded for another ${field === 'project_ref' ? 'project' : 'planting'}; that cannot change.`, [field]);
    }
    // Left-out photos and notes keep what is stored, as in every upsert.
    const stored = pick(row, MONITORING_FIELDS);
    const next = mergeSent(stored, { ...content, photos: sent.photos && content.photos, notes: sent.notes === undefined ? undefined : content.notes });
    if (changedFields(stored, next).length === 0) return unchanged(row.id);
    await db.updateTable('monitorings').set(monitoringColumns(next)).where('id', '=', row.id).execute();
  }
  if (!planting) return changed(row.id);

  uow.record(await plantingUpdated(db, planting.id, now));
  if (created) uow.record(...(await advanceAllocations(db, planting, now)));
  return changed(row.id);
}

function monitoringColumns(content: MonitoringContent) {
  return { ...content, photos: JSON.stringify(content.photos), notes: content.notes ? JSON.stringify(content.notes) : null };
}

type VerificationRow = Selectable<VerificationsTable>;
const VERIFICATION_FIELDS = [
  'period_start', 'period_end', 'verifier_name', 'verifier_website_url', 'document_url', 'summary', 'trees_verified', 'published_at',
] as const satisfies readonly (keyof VerificationRow)[];
type VerificationContent = Pick<VerificationRow, (typeof VERIFICATION_FIELDS)[number]>;

/**
 * A verification statement of a project. Publishing tells every company with trees in
 * the project; a later correction of the same statement is stored without telling
 * anyone again, as the spec knows only `verification.published`.
 */
export async function publishVerification(uow: UnitOfWork, sent: PublishVerificationInput): Promise<OperationResult> {
  const { db, now } = uow;
  if (sent.period_end < sent.period_start) throw errors.parameterInvalid(['period_end'], 'period_end lies before period_start.');
  const project = await db.selectFrom('projects').select('id').where('foundation_ref', '=', sent.project_ref).executeTakeFirst();
  if (!project) throw errors.referenceNotFound('project_ref', 'project', sent.project_ref);
  const livemode = sent.livemode ?? true;

  const content: VerificationContent = {
    period_start: sent.period_start,
    period_end: sent.period_end,
    verifier_name: sent.verifier_name,
    verifier_website_url: sent.verifier_website_url ?? null,
    document_url: sent.document_url ?? null,
    summary: sent.summary,
    trees_verified: sent.trees_verified,
    published_at: new Date(sent.published_at),
  };
  const { row, created } = await findOrInsert(
    () => db.selectFrom('verifications').selectAll().where('foundation_ref', '=', sent.ref).forUpdate().executeTakeFirst(),
    () =>
      db
        .insertInto('verifications')
        .values({ id: newId('verification'), foundation_ref: sent.ref, project_id: project.id, livemode, ...content, summary: JSON.stringify(content.summary), created_at: now })
        .onConflict((oc) => oc.column('foundation_ref').doNothing())
        .returningAll()
        .executeTakeFirst(),
  );
  if (created) {
    // A test-mode statement is announced in test mode only.
    const companies = (await companiesInProject(db, project.id)).filter((company) => livemode || !company.livemode);
    uow.record({ kind: 'verification.published', verification_id: row.id, project_id: project.id, companies });
    return changed(row.id);
  }

  if (row.project_id !== project.id) {
    throw new CanopyError('reference_conflict', `Verification "${sent.ref}" belongs to another project; that cannot change.`, ['project_ref']);
  }
  if (row.livemode !== livemode) {
    throw new CanopyError('reference_conflict', `Verification "${sent.ref}" was published in ${row.livemode ? 'live' : 'test'} mode; that cannot change.`, ['livemode']);
  }
  const stored = pick(row, VERIFICATION_FIELDS);
  const next = mergeSent(stored, {
    ...content,
    verifier_website_url: sent.verifier_website_url === undefined ? undefined : content.verifier_website_url,
    document_url: sent.document_url === undefined ? undefined : content.document_url,
  });
  if (changedFields(stored, next).length === 0) return unchanged(row.id);
  await db.updateTable('verifications').set({ ...next, summary: JSON.stringify(next.summary) }).where('id', '=', row.id).execute();
  return changed(row.id);
}
