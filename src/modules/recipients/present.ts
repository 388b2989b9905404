import type { ReadContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import { presentCertificates } from '../certificates/present.ts';
import { allocationIdsByRecipient, certificatesOfRecipients } from '../certificates/queries.ts';
import { findRecipientsByIds, giftCodesOfRecipients, type RecipientRow } from './queries.ts';

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

/** What a recipient object shows besides its own row. */
export interface RecipientRelations {
  /** Ids of the allocations holding its trees, oldest first (allocated_at, the donation, then id). */
  allocations: string[];
  certificate: Awaited<ReturnType<typeof presentCertificates>>[number] | null;
  giftCode: string | null;
}

/** One recipient as the API shows it to a reader with recipients:read (withoutPersonalData for the others). */
export function recipientObject(row: RecipientRow, related: RecipientRelations) {
  return {
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
    send_email: row.send_email,
    gift_code: related.giftCode,
    certificate: related.certificate,
    allocations: related.allocations,
    email_sent_at: iso(row.email_sent_at),
    claimed_at: iso(row.claimed_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export type RecipientObject = ReturnType<typeof recipientObject>;

/**
 * Recipient rows to API objects, each with its certificate (null until generated) and
 * the allocations holding its trees, loaded for the whole page at once. Names and email
 * are personal data: left out unless the reader has recipients:read (spec section 2).
 */
export async function presentRecipients(ctx: ReadContext, rows: readonly RecipientRow[]) {
  const ids = rows.map((row) => row.id);
  const claimed = rows.filter((row) => row.source === 'gift_code').map((row) => row.id);
  const [allocations, certificates, giftCodes] = await Promise.all([
    allocationIdsByRecipient(ctx, ids),
    certificatesOfRecipients(ctx, ids).then((found) => presentCertificates(ctx, found)),
    giftCodesOfRecipients(ctx, claimed),
  ]);
  const certificateOf = new Map(certificates.map((certificate) => [certificate.recipient, certificate]));
  return rows.map((row) =>
    forReader(ctx, recipientObject(row, {
      allocations: allocations.get(row.id) ?? [],
      certificate: certificateOf.get(row.id) ?? null,
      giftCode: giftCodes.get(row.id) ?? null,
    })),
  );
}

/** The recipient as this reader may see it: without names and email unless it has recipients:read. */
export function forReader(ctx: Pick<ReadContext, 'scopes'>, recipient: RecipientObject) {
  return ctx.scopes.includes('recipients:read') ? recipient : withoutPersonalData(recipient);
}

/** Recipients by id, as API objects, for `expand[]=recipient` and events. */
export async function loadRecipients(ctx: ReadContext, ids: readonly string[]) {
  const objects = await presentRecipients(ctx, await findRecipientsByIds(ctx, ids));
  return new Map(objects.map((object) => [object.id, object]));
}
