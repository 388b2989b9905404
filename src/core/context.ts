import type { Kysely, OperationNodeSource } from 'kysely';
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
 * A write a unit of work leaves to its end, where it goes out in one statement with the
 * work's last events (events/record.ts) instead of a round trip of its own: a company's
 * totals, a job, an idempotent response. Only for a write whose result the work does not
 * need, to rows nothing else in that statement writes: the statement's parts all see the
 * same snapshot, not each other's changes.
 */
export interface ClosingWrite {
  /** An insert or update (a Kysely builder or `sql` template); with `mustWrite`, returning one row per row written. */
  query: OperationNodeSource;
  /** It must write exactly one row, or the work fails with this error (and is rolled back). */
  mustWrite?: () => Error;
}

/**
 * The Idempotency-Key a request holds (http/idempotency.ts), claimed and answered in the
 * request's own transaction (events/unit-of-work.ts, inRequestUnitOfWork).
 */
export interface IdempotencyClaim {
  /**
   * Takes the key in the caller's transaction, before the work: it is held until that
   * transaction ends. Throws instead when the request is not to run: the stored response
   * of the same request (IdempotentReplay), 409 request_in_progress, or 422
   * idempotency_key_reused.
   */
  claim(db: Db): Promise<void>;
  /**
   * For a write that checks something outside its transaction before it starts (a DNS
   * lookup): throws the stored response when this request was answered already, so that a
   * retry gets that answer whatever the check would say now. One read, no lock.
   */
  replayIfAnswered(db: Db): Promise<void>;
  /** The write that stores the response, for the end of the request's unit of work. */
  responseWrite(status: number, body: unknown): ClosingWrite;
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
