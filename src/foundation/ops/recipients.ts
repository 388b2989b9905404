import { CanopyError, errors } from '../../core/errors.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { addRecipient } from '../../modules/recipients/service.ts';
import { changed, type OperationResult, unchanged } from '../results.ts';
import type { CreateRecipientInput } from '../schemas.ts';

/**
 * A recipient the foundation created for a company (source `foundation`, or `legacy`
 * for the old shop's gift recipients), through the same service as POST /recipients. A
 * known ref is a replay. Its trees, company, mode and project are fixed; the foundation
 * corrects personal data through the company's own API, not here.
 */
export async function createFoundationRecipient(uow: UnitOfWork, sent: CreateRecipientInput): Promise<OperationResult> {
  const { db } = uow;
  const company = await db.selectFrom('companies').select('id').where('id', '=', sent.company_id).executeTakeFirst();
  if (!company) throw errors.referenceNotFound('company_id', 'company', sent.company_id);
  let projectId: string | null = null;
  if (sent.project_ref) {
    const project = await db.selectFrom('projects').select('id').where('foundation_ref', '=', sent.project_ref).executeTakeFirst();
    if (!project) throw errors.referenceNotFound('project_ref', 'project', sent.project_ref);
    projectId = project.id;
  }

  const existing = await db.selectFrom('recipients').selectAll().where('foundation_ref', '=', sent.ref).executeTakeFirst();
  if (existing) {
    if (existing.company_id !== sent.company_id || existing.livemode !== sent.livemode || existing.trees !== sent.trees || existing.project_id !== projectId) {
      throw new CanopyError('reference_conflict', `Recipient "${sent.ref}" was created with other trees, company, mode or project; that cannot change.`, ['ref']);
    }
    return unchanged(existing.id);
  }

  const { id } = await addRecipient({ companyId: sent.company_id, livemode: sent.livemode }, uow, {
    trees: sent.trees,
    projectId,
    projectName: sent.project_ref,
    firstName: sent.first_name,
    lastName: sent.last_name,
    email: sent.email,
    language: sent.language,
    externalReference: sent.external_reference,
    message: sent.message,
    source: sent.source ?? 'foundation',
    foundationRef: sent.ref,
  });
  return changed(id);
}
