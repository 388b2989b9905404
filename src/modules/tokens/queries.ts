import type { Db } from '../../db/schema.ts';

/** A company's tokens with their owner's name, email and current role: what a list shows. */
function tokensOf(db: Db, companyId: string) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.owner_user_id')
    .select([
      't.id', 't.company_id', 't.name', 't.api_version', 't.livemode', 't.scopes', 't.token_prefix', 't.token_last4',
      't.expires_at', 't.ip_allowlist', 't.revoked_at', 't.last_used_at', 't.last_used_ip', 't.rolled_from_token_id',
      't.rolled_to_token_id', 't.created_at',
      'u.id as owner_id', 'u.name as owner_name', 'u.email as owner_email', 'u.role as owner_role', 'u.removed_at as owner_removed_at',
    ])
    .where('t.company_id', '=', companyId);
}

/** One token of the company, or undefined (another company's token is not found); `forUpdate` locks it. */
export function findCompanyToken(db: Db, companyId: string, tokenId: string, options: { forUpdate?: boolean } = {}) {
  const query = tokensOf(db, companyId).where('t.id', '=', tokenId);
  return (options.forUpdate ? query.forUpdate('t') : query).executeTakeFirst();
}

/** Newest first. A company has tens of tokens, not thousands: one page. */
export function listCompanyTokens(db: Db, companyId: string) {
  return tokensOf(db, companyId).orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').execute();
}
