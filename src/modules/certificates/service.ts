import { sql } from 'kysely';
import { newId } from '../../core/ids.ts';
import type { Db } from '../../db/schema.ts';
import { adjustCompanyCount } from '../../domain/counters.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';

/**
 * Certificates are records: a number, what they certify and when. A recipient has one
 * personal certificate, reissued in place when what it prints changes (same id, number
 * and public page; a new issued_at); a company has one company certificate per mode.
 * Every issue and reissue records certificate.created.
 */

/** The next certificate number: CNP-<year>-<six digits>, counting across all companies. */
async function nextCertificateNumber(db: Db, now: Date): Promise<string> {
  const { rows } = await sql<{ n: number }>`SELECT nextval('certificate_numbers')::int AS n`.execute(db);
  return `CNP-${now.getUTCFullYear()}-${String(rows[0]!.n).padStart(6, '0')}`;
}

/**
 * Issues or reissues a recipient's personal certificate from what the recipient is now:
 * trees, project, language. Does nothing for a deleted recipient (its job may run after
 * the deletion). The recipient's allocations point at it.
 */
export async function issuePersonalCertificate(uow: UnitOfWork, recipientId: string): Promise<string | null> {
  const { db, now } = uow;
  const recipient = await db
    .selectFrom('recipients')
    .select(['id', 'company_id', 'livemode', 'trees', 'project_id', 'language', 'source', 'updated_at'])
    .where('id', '=', recipientId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!recipient) return null;
  const projectId = recipient.project_id ?? (await mainProjectOf(db, recipient.id));
  const type = recipient.source === 'gift_code' ? 'gift' : 'personal';

  const existing = await db.selectFrom('certificates').select(['id', 'issued_at', 'withdrawn_at']).where('recipient_id', '=', recipient.id).executeTakeFirst();
  // Issued since the recipient last changed: nothing to print anew (a retried job, or one the demo seed ran ahead of).
  if (existing && !existing.withdrawn_at && existing.issued_at.getTime() >= recipient.updated_at.getTime()) return existing.id;
  let certificateId: string;
  if (existing) {
    certificateId = existing.id;
    await db
      .updateTable('certificates')
      .set({ trees: recipient.trees, project_id: projectId, language: recipient.language, type, issued_at: now, updated_at: now, withdrawn_at: null })
      .where('id', '=', certificateId)
      .execute();
  } else {
    certificateId = newId('certificate');
    await db
      .insertInto('certificates')
      .values({
        id: certificateId, company_id: recipient.company_id, livemode: recipient.livemode, type, number: await nextCertificateNumber(db, now),
        trees: recipient.trees, project_id: projectId, recipient_id: recipient.id, language: recipient.language, issued_at: now,
        created_at: now, updated_at: now,
      })
      .execute();
    await adjustCompanyCount(db, recipient.company_id, recipient.livemode, 'certificates', 1);
  }
  await db.updateTable('recipients').set({ certificate_id: certificateId, updated_at: now }).where('id', '=', recipient.id).execute();
  await db.updateTable('allocations').set({ certificate_id: certificateId }).where('recipient_id', '=', recipient.id)
    .where('company_id', '=', recipient.company_id).where('livemode', '=', recipient.livemode).execute();
  uow.record({ kind: 'certificate.created', certificate_id: certificateId, company_id: recipient.company_id, livemode: recipient.livemode });
  return certificateId;
}

/** The project holding most of a recipient's trees, for a recipient created without one. */
async function mainProjectOf(db: Db, recipientId: string): Promise<string | null> {
  const row = await db
    .selectFrom('allocations')
    .select(['project_id', sql<number>`sum(trees)`.as('trees')])
    .where('recipient_id', '=', recipientId)
    .groupBy('project_id')
    .orderBy('trees', 'desc')
    .orderBy('project_id')
    .limit(1)
    .executeTakeFirst();
  return row?.project_id ?? null;
}

/**
 * The certificate of a deleted recipient: withdrawn (its public page says so), gone from
 * the API and from the company's count, and no allocation points at it any more.
 */
export async function withdrawPersonalCertificate(uow: UnitOfWork, recipientId: string): Promise<void> {
  const { db, now } = uow;
  const withdrawn = await db
    .updateTable('certificates')
    // A withdrawn certificate is no longer shared: were it issued again, it would come back unshared.
    .set({ withdrawn_at: now, shared_at: null, updated_at: now })
    .where('recipient_id', '=', recipientId)
    .where('withdrawn_at', 'is', null)
    .returning(['id', 'company_id', 'livemode'])
    .executeTakeFirst();
  if (!withdrawn) return;
  await db.updateTable('allocations').set({ certificate_id: null }).where('certificate_id', '=', withdrawn.id).execute();
  await adjustCompanyCount(db, withdrawn.company_id, withdrawn.livemode, 'certificates', -1);
}

/**
 * Issues or reissues the company certificate of one mode, covering the company's trees
 * now; none while the company has no trees in that mode. Returns whether it changed.
 */
export async function issueCompanyCertificate(uow: UnitOfWork, companyId: string, livemode: boolean): Promise<boolean> {
  const { db, now } = uow;
  // The first of the company's totals parts stands for its totals: holding it, two
  // workers refreshing at once issue the certificate once, the second seeing the first's.
  await db.selectFrom('company_total_parts').select('part').where('company_id', '=', companyId).where('livemode', '=', livemode).where('part', '=', 0).forUpdate().execute();
  const totals = await db
    .selectFrom('company_totals')
    .select(sql<number>`trees_pledged + trees_planted + trees_monitored`.as('trees'))
    .where('company_id', '=', companyId)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  if (!totals || totals.trees === 0) return false;
  const existing = await db
    .selectFrom('certificates')
    .select(['id', 'trees'])
    .where('company_id', '=', companyId)
    .where('livemode', '=', livemode)
    .where('type', '=', 'company')
    .executeTakeFirst();
  if (existing?.trees === totals.trees) return false;
  let certificateId: string;
  if (existing) {
    certificateId = existing.id;
    await db.updateTable('certificates').set({ trees: totals.trees, issued_at: now, updated_at: now }).where('id', '=', existing.id).execute();
  } else {
    certificateId = newId('certificate');
    await db
      .insertInto('certificates')
      .values({
        id: certificateId, company_id: companyId, livemode, type: 'company', number: await nextCertificateNumber(db, now), trees: totals.trees,
        project_id: null, recipient_id: null, language: 'en', issued_at: now, created_at: now, updated_at: now,
      })
      .execute();
    // On part 0, which this holds: the transaction touches one totals row, as every write does.
    await adjustCompanyCount(db, companyId, livemode, 'certificates', 1, 0);
  }
  uow.record({ kind: 'certificate.created', certificate_id: certificateId, company_id: companyId, livemode });
  return true;
}

/** Companies and modes whose company certificate is missing or no longer covers their trees. */
export async function companyCertificatesDue(db: Db) {
  return db
    .selectFrom('company_totals as t')
    .leftJoin('certificates as c', (join) =>
      join.onRef('c.company_id', '=', 't.company_id').onRef('c.livemode', '=', 't.livemode').on('c.type', '=', 'company'))
    .select(['t.company_id', 't.livemode'])
    .where(sql<boolean>`t.trees_pledged + t.trees_planted + t.trees_monitored > 0`)
    .where(sql<boolean>`c.trees IS DISTINCT FROM t.trees_pledged + t.trees_planted + t.trees_monitored`)
    .execute();
}
