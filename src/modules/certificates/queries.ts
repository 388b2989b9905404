import type { Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import { errors } from '../../core/errors.ts';
import { keysetPage } from '../../db/keyset.ts';
import type { CertificateListQuery } from './schemas.ts';

/** The company's certificates in the reader's mode; a withdrawn one (its recipient deleted) is gone from the API. */
function certificatesOf(ctx: ReadContext) {
  return ctx.db
    .selectFrom('certificates')
    .selectAll()
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .where('withdrawn_at', 'is', null);
}

export type CertificateRow = Awaited<ReturnType<ReturnType<typeof certificatesOf>['executeTakeFirstOrThrow']>>;

export async function findCertificate(ctx: ReadContext, id: string) {
  const row = await certificatesOf(ctx).where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound('certificate', id);
  return row;
}

export async function findCertificatesByIds(ctx: ReadContext, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return certificatesOf(ctx).where('id', 'in', ids).execute();
}

/** The current certificate of each recipient that has one. */
export async function certificatesOfRecipients(ctx: ReadContext, recipientIds: readonly string[]) {
  if (recipientIds.length === 0) return [];
  return certificatesOf(ctx).where('recipient_id', 'in', recipientIds).execute();
}

export async function listCertificates(ctx: ReadContext, query: Static<typeof CertificateListQuery>) {
  const scope = certificatesOf(ctx);
  let q = scope;
  if (query.type) q = q.where('type', '=', query.type);
  if (query.recipient) q = q.where('recipient_id', '=', query.recipient);
  if (query.project) q = q.where('project_id', '=', query.project);
  if (query.created_since) q = q.where('created_at', '>=', new Date(query.created_since));
  if (query.updated_since) q = q.where('updated_at', '>=', new Date(query.updated_since));
  return keysetPage(scope, q, {
    sortColumn: 'created_at', tiebreakColumn: 'id', idColumn: 'id', limit: query.limit, startingAfter: query.starting_after,
  });
}

/** The allocations holding each recipient's trees, by recipient, oldest first. */
export async function allocationIdsByRecipient(ctx: ReadContext, recipientIds: readonly string[]) {
  const byRecipient = new Map<string, string[]>();
  if (recipientIds.length === 0) return byRecipient;
  const rows = await ctx.db
    .selectFrom('allocations')
    .select(['id', 'recipient_id'])
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .where('recipient_id', 'in', recipientIds)
    // Oldest first as the trees were taken (domain/assignment.ts), ids by code unit whatever the database's collation.
    .orderBy('allocated_at', 'asc')
    .orderBy(sql`coalesce(split_from_id, id) collate "C"`)
    .orderBy(sql`id collate "C"`)
    .execute();
  for (const row of rows) {
    const ids = byRecipient.get(row.recipient_id!) ?? [];
    ids.push(row.id);
    byRecipient.set(row.recipient_id!, ids);
  }
  return byRecipient;
}
