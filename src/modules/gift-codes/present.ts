import type { ReadContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import { wants } from '../../core/schema.ts';
import { loadRecipients } from '../recipients/present.ts';
import type { GiftCodeRow } from './queries.ts';
import type { GiftCodeStatus } from './schemas.ts';

/** The public page where a person claims a code: `{PUBLIC_BASE_URL}/gift/{code}`. */
export function claimUrl(publicBaseUrl: string, code: string): string {
  return `${publicBaseUrl}/gift/${code}`;
}

/**
 * The status a code shows: an open code past its valid_until is expired from that
 * moment, whether or not the worker has recorded it yet (it does within a minute and
 * returns the trees then).
 */
export function giftCodeStatus(row: Pick<GiftCodeRow, 'status' | 'valid_until'>, now = new Date()): GiftCodeStatus {
  return row.status === 'open' && row.valid_until.getTime() <= now.getTime() ? 'expired' : row.status;
}

/**
 * Gift code rows to API objects. `sent_to` is personal data: left out without
 * recipients:read, as a recipient's names and email are. `recipient` is the claiming
 * recipient's id, or the recipient itself with `expand[]=recipient`.
 */
export async function presentGiftCodes(ctx: ReadContext, rows: readonly GiftCodeRow[], expand: readonly string[] = []) {
  const recipientIds = rows.map((row) => row.recipient_id).filter((id): id is string => id !== null);
  const recipients = wants(expand, 'recipient') ? await loadRecipients(ctx, recipientIds) : null;
  const showPersonal = ctx.scopes.includes('recipients:read');
  const now = new Date();
  return rows.map((row) => {
    const giftCode = {
      id: row.id,
      object: 'gift_code' as const,
      livemode: row.livemode,
      code: row.code,
      claim_url: claimUrl(ctx.publicBaseUrl, row.code),
      status: giftCodeStatus(row, now),
      trees: row.trees,
      project: row.project_id,
      sent_to: { name: row.sent_to_name, email: row.sent_to_email },
      external_reference: row.external_reference,
      // A deleted recipient is gone from the API; the code keeps its id.
      recipient: row.recipient_id === null ? null : (recipients?.get(row.recipient_id) ?? row.recipient_id),
      valid_until: iso(row.valid_until),
      claimed_at: iso(row.claimed_at),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
    if (showPersonal) return giftCode;
    const { sent_to: _personal, ...withoutPersonal } = giftCode;
    return withoutPersonal;
  });
}
