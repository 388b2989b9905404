import type { Db } from '../db/schema.ts';
import { assignTrees, NotEnoughTreesError } from '../domain/assignment.ts';
import { adjustCompanyCount } from '../domain/counters.ts';
import { newId } from '../ids.ts';
import { FoundationError, notFound } from './errors.ts';
import { changed, type FoundationResult, type OperationOptions, unchanged } from './results.ts';
import { type CreateRecipientInput, CreateRecipientSchema } from './schemas.ts';
import { parseInput } from './validate.ts';

/**
 * A recipient the foundation created for a company (source `foundation`, or `legacy`
 * for the old shop's gift recipients): trees leave the company's unassigned trees,
 * oldest allocation first, and the company hears `recipient.created`. A known ref is a
 * replay. Its trees, company, mode and project are fixed; the foundation corrects
 * personal data through the company's own API, not here.
 */
export async function createRecipient(db: Db, input: CreateRecipientInput, options: OperationOptions = {}): Promise<FoundationResult> {
  const sent = parseInput(CreateRecipientSchema, input);
  const now = options.now ?? new Date();
  const company = await db.selectFrom('companies').select('id').where('id', '=', sent.company_id).executeTakeFirst();
  if (!company) throw notFound('company_id', 'company', sent.company_id);
  let projectId: string | null = null;
  if (sent.project_ref) {
    const project = await db.selectFrom('projects').select('id').where('foundation_ref', '=', sent.project_ref).executeTakeFirst();
    if (!project) throw notFound('project_ref', 'project', sent.project_ref);
    projectId = project.id;
  }

  const existing = await db.selectFrom('recipients').selectAll().where('foundation_ref', '=', sent.ref).executeTakeFirst();
  if (existing) {
    if (existing.company_id !== sent.company_id || existing.livemode !== sent.livemode || existing.trees !== sent.trees || existing.project_id !== projectId) {
      throw new FoundationError('reference_conflict', `Recipient "${sent.ref}" was created with other trees, company, mode or project; that cannot change.`, 'ref');
    }
    return unchanged(existing.id);
  }

  if (sent.external_reference) {
    const taken = await db
      .selectFrom('recipients')
      .select('id')
      .where('company_id', '=', sent.company_id)
      .where('livemode', '=', sent.livemode)
      .where('external_reference', '=', sent.external_reference)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (taken) throw new FoundationError('external_reference_taken', `Recipient ${taken.id} already has external_reference "${sent.external_reference}".`, 'external_reference');
  }

  const id = newId('recipient');
  await db
    .insertInto('recipients')
    .values({
      id,
      company_id: sent.company_id,
      livemode: sent.livemode,
      first_name: sent.first_name ?? null,
      last_name: sent.last_name ?? null,
      email: sent.email ?? null,
      language: sent.language ?? 'en',
      external_reference: sent.external_reference ?? null,
      trees: sent.trees,
      project_id: projectId,
      message: sent.message ?? null,
      source: sent.source ?? 'foundation',
      certificate_id: null,
      foundation_ref: sent.ref,
      created_at: now,
      updated_at: now,
    })
    .execute();
  let assigned: Awaited<ReturnType<typeof assignTrees>>;
  try {
    assigned = await assignTrees(db, { companyId: sent.company_id, livemode: sent.livemode, trees: sent.trees, projectId, recipientId: id, now });
  } catch (error) {
    if (error instanceof NotEnoughTreesError) {
      throw new FoundationError('no_trees_available', `${error.message} (company ${sent.company_id}${sent.project_ref ? `, project "${sent.project_ref}"` : ''}).`, 'trees');
    }
    throw error;
  }
  await adjustCompanyCount(db, sent.company_id, sent.livemode, 'recipients', 1);
  return changed(id, [{ kind: 'recipient.created', recipient_id: id, company_id: sent.company_id, livemode: sent.livemode }, ...assigned.changes]);
}
