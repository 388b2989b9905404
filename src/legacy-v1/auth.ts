import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { addressAllowed } from '../core/ip.ts';
import { hashSecret, TOKEN_PATTERN, V1_TOKEN_PATTERN } from '../core/secrets.ts';
import type { DB } from '../db/schema.ts';

/** Who a v1 request comes from: the token's company and the person who made it. */
export interface V1Caller {
  tokenId: string;
  company: { id: string; name: string; slug: string; country: string | null; websiteUrl: string | null; plan: string; createdAt: Date };
  owner: { id: string; name: string; email: string };
}

/** A v1 refusal: its status and the message the v1 error shape (`{"message"}`) carries. */
export class V1Error extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const LAST_USED_PRECISION_MS = 60_000;

/**
 * The v1 token check: the same owner, plan and revocation rules as v2 (spec section 5), for
 * tokens made for v1 (`canopy_v1_...`). A v2 token is refused with a message that says it
 * belongs to v2. v1 has no scopes and no test mode.
 */
export async function authenticateV1(db: Kysely<DB>, request: FastifyRequest): Promise<V1Caller> {
  const header = request.headers.authorization;
  const token = typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : '';
  if (!token) throw new V1Error(401, 'Unauthenticated: send the v1 token as Authorization: Bearer <token>.');
  if (TOKEN_PATTERN.test(token)) {
    throw new V1Error(401, 'This is a v2 token (canopy_live_/canopy_test_), which works on /v2 only. Call /v2, or use a v1 token here; see the migration guide.');
  }
  if (!V1_TOKEN_PATTERN.test(token)) throw new V1Error(401, 'Unauthenticated: the token is not a valid v1 token.');

  const row = await db
    .selectFrom('api_tokens as t')
    .innerJoin('companies as c', 'c.id', 't.company_id')
    .innerJoin('users as u', 'u.id', 't.owner_user_id')
    .select([
      't.id', 't.expires_at', 't.ip_allowlist', 't.revoked_at', 't.last_used_at',
      'c.id as company_id', 'c.name as company_name', 'c.slug', 'c.country', 'c.website_url', 'c.plan', 'c.status as company_status', 'c.created_at as company_created_at',
      'u.id as owner_id', 'u.name as owner_name', 'u.email as owner_email', 'u.removed_at as owner_removed_at', 'u.company_id as owner_company_id',
    ])
    .where('t.token_hash', '=', hashSecret(token))
    .where('t.api_version', '=', 'v1')
    .executeTakeFirst();
  if (!row) throw new V1Error(401, 'Unauthenticated: the token is not a valid v1 token.');
  if (row.owner_removed_at || row.owner_company_id !== row.company_id) throw new V1Error(401, 'Unauthenticated: the person who made this token is no longer a member of the company.');
  if (row.revoked_at) throw new V1Error(401, 'Unauthenticated: this token was revoked.');
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw new V1Error(401, `Unauthenticated: this token expired at ${row.expires_at.toISOString()}.`);
  if (row.plan !== 'automate') throw new V1Error(403, `The API is part of the automate package; this company is on ${row.plan}.`);
  if (row.company_status !== 'active') throw new V1Error(403, `The company is ${row.company_status}.`);
  if (!addressAllowed(request.ip, row.ip_allowlist)) throw new V1Error(403, `Requests from ${request.ip} are not allowed for this token.`);
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_PRECISION_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: new Date() }).where('id', '=', row.id).execute();
  }
  return {
    tokenId: row.id,
    company: {
      id: row.company_id, name: row.company_name, slug: row.slug, country: row.country, websiteUrl: row.website_url, plan: row.plan, createdAt: row.company_created_at,
    },
    owner: { id: row.owner_id, name: row.owner_name, email: row.owner_email },
  };
}
