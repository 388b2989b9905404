import { Type } from '@sinclair/typebox';
import type { ReadContext } from '../../http/auth.ts';
import { idString, iso, Nullable, Timestamp } from '../../http/common-schemas.ts';

export const RecipientSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('recipient'),
    livemode: Type.Boolean(),
    first_name: Type.Optional(Nullable(Type.String({ description: 'Personal data: omitted without recipients:read.' }))),
    last_name: Type.Optional(Nullable(Type.String({ description: 'Personal data: omitted without recipients:read.' }))),
    email: Type.Optional(Nullable(Type.String({ description: 'Personal data: omitted without recipients:read.' }))),
    language: Type.String(),
    external_reference: Nullable(Type.String({ maxLength: 255 })),
    trees: Type.Integer(),
    project: Nullable(idString('project')),
    message: Nullable(Type.String()),
    source: Type.String({ description: 'api, dashboard, gift_code, foundation or legacy' }),
    certificate: Nullable(Type.Unknown({ description: 'The certificate object; null until generated.' })),
    allocations: Type.Array(Type.String()),
    email_sent_at: Nullable(Timestamp()),
    claimed_at: Nullable(Timestamp()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Recipient', description: 'A person or customer trees were assigned to.' },
);

/**
 * Recipients by id, as API objects. Names and email are personal data: they are left
 * out unless the token has recipients:read (spec section 2). Deleted recipients are
 * left out. The certificate object is filled in by the certificates issue; until a
 * certificate exists it is null.
 */
export async function loadRecipients(ctx: ReadContext, ids: readonly string[]) {
  const result = new Map<string, ReturnType<typeof presentRecipient>>();
  if (ids.length === 0) return result;
  const rows = await ctx.db
    .selectFrom('recipients')
    .selectAll()
    .where('id', 'in', ids)
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .where('deleted_at', 'is', null)
    .execute();
  const allocations = await ctx.db
    .selectFrom('allocations')
    .select(['id', 'recipient_id'])
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .where('recipient_id', 'in', ids)
    .orderBy('created_at', 'asc')
    .execute();
  const showPersonal = ctx.scopes.includes('recipients:read');
  for (const row of rows) {
    const allocationIds = allocations.filter((a) => a.recipient_id === row.id).map((a) => a.id);
    result.set(row.id, presentRecipient(row, allocationIds, showPersonal));
  }
  return result;
}

type RecipientRow = {
  id: string; livemode: boolean; first_name: string | null; last_name: string | null; email: string | null; language: string;
  external_reference: string | null; trees: number; project_id: string | null; message: string | null; source: string;
  email_sent_at: Date | null; claimed_at: Date | null; created_at: Date; updated_at: Date;
};

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
