import { CanopyError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Language } from '../../core/i18n.ts';
import { assignTrees } from '../../domain/assignment.ts';
import { adjustCompanyCount } from '../../domain/counters.ts';
import type { UnitOfWork } from '../../events/unit-of-work.ts';

/** Whose recipient: a company in one mode. An API request's context is one; so is a foundation operation's company. */
export interface CompanyScope {
  companyId: string;
  livemode: boolean;
}

export interface NewRecipient {
  trees: number;
  /** Take the trees from this project only. */
  projectId: string | null;
  /** How the caller names that project in errors (the foundation's ref); the id when left out. */
  projectName?: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  language?: Language;
  externalReference?: string | null;
  message?: string | null;
  source: 'api' | 'dashboard' | 'gift_code' | 'foundation' | 'legacy';
  /** The foundation's reference, for a recipient the foundation created. */
  foundationRef?: string | null;
}

/**
 * Creates a recipient of the company and gives it trees from the company's unassigned
 * trees, oldest allocation first (spec section 4, POST /recipients), in the unit of work:
 * `recipient.created` and the allocation events of the split are recorded. Refuses with
 * `external_reference_taken` or `no_trees_available`, changing nothing.
 */
export async function createRecipient(scope: CompanyScope, uow: UnitOfWork, input: NewRecipient): Promise<string> {
  const { db, now } = uow;
  if (input.externalReference) {
    const taken = await db
      .selectFrom('recipients')
      .select('id')
      .where('company_id', '=', scope.companyId)
      .where('livemode', '=', scope.livemode)
      .where('external_reference', '=', input.externalReference)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (taken) {
      throw new CanopyError('external_reference_taken', `Recipient ${taken.id} already has external_reference "${input.externalReference}".`, ['external_reference']);
    }
  }

  const id = newId('recipient');
  await db
    .insertInto('recipients')
    .values({
      id,
      company_id: scope.companyId,
      livemode: scope.livemode,
      first_name: input.firstName ?? null,
      last_name: input.lastName ?? null,
      email: input.email ?? null,
      language: input.language ?? 'en',
      external_reference: input.externalReference ?? null,
      trees: input.trees,
      project_id: input.projectId,
      message: input.message ?? null,
      source: input.source,
      certificate_id: null,
      foundation_ref: input.foundationRef ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const assigned = await assignTrees(db, {
    companyId: scope.companyId,
    livemode: scope.livemode,
    trees: input.trees,
    projectId: input.projectId,
    projectName: input.projectName,
    recipientId: id,
    now,
  });
  await adjustCompanyCount(db, scope.companyId, scope.livemode, 'recipients', 1);
  uow.record({ kind: 'recipient.created', recipient_id: id, company_id: scope.companyId, livemode: scope.livemode }, ...assigned.changes);
  return id;
}
