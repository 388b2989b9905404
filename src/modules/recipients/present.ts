import type { ReadContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import { allocationIdsOfRecipients, findRecipientsByIds, type RecipientRow } from './queries.ts';

/**
 * Recipients by id, as API objects. Names and email are personal data: they are left
 * out unless the token has recipients:read (spec section 2). Deleted recipients are
 * left out. The certificate object is filled in by the certificates issue; until a
 * certificate exists it is null.
 */
export async function loadRecipients(ctx: ReadContext, ids: readonly string[]) {
  const result = new Map<string, ReturnType<typeof presentRecipient>>();
  if (ids.length === 0) return result;
  const rows = await findRecipientsByIds(ctx, ids);
  const allocations = await allocationIdsOfRecipients(ctx, ids);
  const showPersonal = ctx.scopes.includes('recipients:read');
  for (const row of rows) {
    const allocationIds = allocations.filter((a) => a.recipient_id === row.id).map((a) => a.id);
    result.set(row.id, presentRecipient(row, allocationIds, showPersonal));
  }
  return result;
}

/** The fields of a recipient that are personal data (spec section 2). */
export const PERSONAL_FIELDS = ['first_name', 'last_name', 'email'] as const;

/**
 * A recipient object as a token without recipients:read may see it: the personal
 * fields left out. Used for recipients read now and for those stored inside events.
 */
export function withoutPersonalData<T extends object>(recipient: T): Omit<T, (typeof PERSONAL_FIELDS)[number]> {
  const copy = { ...recipient } as Record<string, unknown>;
  for (const field of PERSONAL_FIELDS) delete copy[field];
  return copy as Omit<T, (typeof PERSONAL_FIELDS)[number]>;
}

export function presentRecipient(row: RecipientRow, allocationIds: string[], showPersonal: boolean) {
  const recipient = {
    id: row.id,
    object: 'recipient' as const,
    livemode: row.livemode,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    language: row.language,
    external_reference: row.external_reference,
    trees: row.trees,
    project: row.project_id,
    message: row.message,
    source: row.source,
    certificate: null,
    allocations: allocationIds,
    email_sent_at: iso(row.email_sent_at),
    claimed_at: iso(row.claimed_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
  return showPersonal ? recipient : withoutPersonalData(recipient);
}
