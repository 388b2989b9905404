import type { Kysely } from 'kysely';
// The database's table types are the one thing core/ names from outside: type-only, no code.
import type { DB, Db } from '../db/schema.ts';
import type { Language } from './i18n.ts';
import type { RateLimitOverrides } from './rate-limits.ts';
import { type Scope, SCOPES } from './scopes.ts';

/**
 * What reading and presenting a company's objects needs: whose objects, which mode,
 * which language, and which scopes (personal data needs recipients:read). Events and
 * the worker build one without a request; see systemReadContext.
 */
export interface ReadContext {
  db: Db;
  companyId: string;
  livemode: boolean;
  language: Language;
  scopes: readonly Scope[];
  publicBaseUrl: string;
  /**
   * Signs download links. Null for the service's own renderings (the event log), which
   * store no expiring link: a certificate's download_url is signed when it is read.
   */
  secretKey: string | null;
}

/** A read context for the service itself: English, every scope (events hold the full object), no signed links. */
export function systemReadContext(db: Db, companyId: string, livemode: boolean, publicBaseUrl: string): ReadContext {
  return { db, companyId, livemode, language: 'en', scopes: SCOPES, publicBaseUrl, secretKey: null };
}

/**
 * The Idempotency-Key a request holds (http/idempotency.ts). A write stores its response
 * through it in its own transaction (events/unit-of-work.ts, inRequestUnitOfWork).
 */
export interface IdempotencyClaim {
  storeResponse(db: Db, status: number, body: unknown): Promise<void>;
}

/** Who is calling and on whose behalf: what every v2 request carries, and every service verb takes first. */
export interface ApiContext extends ReadContext {
  db: Kysely<DB>;
  secretKey: string;
  token: {
    id: string;
    name: string;
    scopes: Scope[];
    expiresAt: Date | null;
    ipAllowlist: string[];
  };
  /** `rateLimits`: the company's own rate limits, where the operator set any (see core/rate-limits.ts). */
  company: { id: string; name: string; slug: string; rateLimits: RateLimitOverrides };
  owner: { name: string; email: string; role: 'admin' | 'member' };
  /** Set when the request holds an Idempotency-Key. */
  idempotency?: IdempotencyClaim;
}
