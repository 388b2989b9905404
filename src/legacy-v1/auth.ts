import { TOKEN_PATTERN, V1_TOKEN_PATTERN } from '../core/secrets.ts';
import type { TokenRefusal } from '../core/token-refusal.ts';

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

/**
 * The v1 token sent as `Authorization: Bearer ...`, when it has a v1 token's form
 * (`canopy_v1_...`); a v2 token is refused with a message that says it belongs to v2.
 * The token is then checked by the same rules as v2 (http/token-verifier.ts, spec section 5):
 * v1 has no scopes and no test mode.
 */
export function v1TokenOf(header: string | string[] | undefined): string {
  const token = typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : '';
  if (!token) throw new V1Error(401, 'Unauthenticated: send the v1 token as Authorization: Bearer <token>.');
  if (TOKEN_PATTERN.test(token)) {
    throw new V1Error(401, 'This is a v2 token (canopy_live_/canopy_test_), which works on /v2 only. Call /v2, or use a v1 token here; see the migration guide.');
  }
  if (!V1_TOKEN_PATTERN.test(token)) throw new V1Error(401, 'Unauthenticated: the token is not a valid v1 token.');
  return token;
}

/** A refused token in v1's words. */
export function v1Refusal(refusal: TokenRefusal): V1Error {
  switch (refusal.reason) {
    case 'unknown': return new V1Error(401, 'Unauthenticated: the token is not a valid v1 token.');
    case 'owner_removed': return new V1Error(401, 'Unauthenticated: the person who made this token is no longer a member of the company.');
    case 'revoked': return new V1Error(401, 'Unauthenticated: this token was revoked.');
    case 'expired': return new V1Error(401, `Unauthenticated: this token expired at ${refusal.expiresAt.toISOString()}.`);
    case 'plan': return new V1Error(403, `The API is part of the automate package; this company is on ${refusal.plan}.`);
    case 'company_inactive': return new V1Error(403, `The company is ${refusal.status}.`);
    case 'address': return new V1Error(403, `Requests from ${refusal.ip} are not allowed for this token.`);
  }
}

/** The caller, from the verified token's row. */
export function v1Caller(token: {
  id: string; company_id: string; company_name: string; company_slug: string; company_country: string | null; company_website_url: string | null;
  plan: string; company_created_at: Date; owner_id: string; owner_name: string; owner_email: string;
}): V1Caller {
  return {
    tokenId: token.id,
    company: {
      id: token.company_id, name: token.company_name, slug: token.company_slug, country: token.company_country, websiteUrl: token.company_website_url,
      plan: token.plan, createdAt: token.company_created_at,
    },
    owner: { id: token.owner_id, name: token.owner_name, email: token.owner_email },
  };
}
