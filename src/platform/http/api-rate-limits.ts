import type { FastifyInstance, FastifyReply } from 'fastify';
import { errors } from '../../core/errors.ts';
import { RATE_LIMIT_API_NAMES, type RateLimitApiName, type RateLimitName, rateLimitsInForce } from '../../core/rate-limits.ts';
import { countRateLimited } from '../counters.ts';
import type { ModuleOptions } from './module.ts';
import { createRequestCounters, type Quota } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the rate limits said of this request, for its response headers. */
    rateLimit?: RateLimitReport;
  }
}

const WINDOW_SECONDS = 60;
const WRITE_METHODS = new Set(['POST', 'PATCH', 'DELETE']);

/** What the rate limits said of a request, for the headers of its answer. */
interface RateLimitReport {
  /** `RateLimit-Policy`: every limit in force for the token, the same on each of its answers. */
  policy: string;
  /** Every limit the request was counted against, as it now stands. */
  standing: Standing[];
  /** The one the `X-RateLimit-*` fields describe: the closest to running out, or the one that refused. */
  closest: Standing;
  /** Set when the request was refused. */
  retryAfter?: number;
}

interface Standing {
  name: RateLimitApiName;
  limit: number;
  remaining: number;
  resetSeconds: number;
  /** When its window ends, in Unix seconds (X-RateLimit-Reset, as GitHub writes it). */
  resetAt: number;
}

/**
 * The API's rate limits (spec section 8): every authenticated v2 request counts against
 * its token's and its company's limit, and a write (POST, PATCH, DELETE) against the
 * company's writes limit too, in fixed one-minute windows. Past any of them the answer is
 * 429 `rate_limited` naming the limit, with `Retry-After`, and nothing is counted. Every
 * response to an authenticated request carries the IETF draft's `RateLimit-Policy` and
 * `RateLimit` and the common `X-RateLimit-*` fields.
 *
 * Register after authentication (the hook needs request.ctx) and before idempotency, so
 * that a 429 is never stored under an Idempotency-Key.
 */
export function registerApiRateLimits(app: FastifyInstance, { db, config }: ModuleOptions): void {
  if (config.withoutApiRateLimits) return;
  const counters = createRequestCounters(db, { windowSeconds: WINDOW_SECONDS, shared: config.databaseUrl !== null });

  app.addHook('onRequest', async (request) => {
    const ctx = request.ctx;
    if (!ctx) return; // not an authenticated v2 request (no such route)
    const limits = rateLimitsInForce(config.rateLimits, ctx.company.rateLimits);
    const counted: { name: RateLimitName; quota: Quota }[] = [
      { name: 'perTokenPerMinute', quota: { key: `api_token:${ctx.token.id}`, limit: limits.perTokenPerMinute } },
      { name: 'perCompanyPerMinute', quota: { key: `api_company:${ctx.companyId}`, limit: limits.perCompanyPerMinute } },
    ];
    if (WRITE_METHODS.has(request.method)) {
      counted.push({ name: 'writesPerCompanyPerMinute', quota: { key: `api_writes:${ctx.companyId}`, limit: limits.writesPerCompanyPerMinute } });
    }
    const { allowed, states } = await counters.countIfAllowed(counted.map((c) => c.quota));

    const now = Date.now();
    const standing: Standing[] = counted.map(({ name, quota }, i) => {
      const state = states[i] ?? { used: 0, msLeft: WINDOW_SECONDS * 1000 };
      return {
        name: RATE_LIMIT_API_NAMES[name],
        limit: quota.limit,
        remaining: Math.max(0, quota.limit - state.used),
        resetSeconds: Math.max(1, Math.ceil(state.msLeft / 1000)),
        resetAt: Math.ceil((now + state.msLeft) / 1000),
      };
    });
    const closest = limitToReport(standing, allowed);
    request.rateLimit = { policy: policyField(limits), standing, closest, retryAfter: allowed ? undefined : closest.resetSeconds };
    if (!allowed) {
      countRateLimited(closest.name);
      throw errors.rateLimited(closest.name, closest.limit, closest.resetSeconds);
    }
  });

  // On every answer to a counted request, errors and the 429 included.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.rateLimit) setRateLimitHeaders(reply, request.rateLimit);
    return payload;
  });
}

/**
 * Refused: of the limits used up, the one that keeps the client waiting longest (its reset
 * is the Retry-After). Else the one with the fewest requests left; of two alike, the one
 * that resets later.
 */
function limitToReport(standing: readonly Standing[], allowed: boolean): Standing {
  const usedUp = standing.filter((s) => s.remaining === 0);
  if (!allowed && usedUp.length > 0) return usedUp.reduce((a, b) => (b.resetSeconds > a.resetSeconds ? b : a));
  return standing.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.resetSeconds > a.resetSeconds) ? b : a));
}

/** `"per_token_per_minute";q=600;w=60, ...`: a List of Structured Fields (draft-ietf-httpapi-ratelimit-headers). */
function policyField(limits: Record<RateLimitName, number>): string {
  return (Object.keys(RATE_LIMIT_API_NAMES) as RateLimitName[])
    .map((name) => `"${RATE_LIMIT_API_NAMES[name]}";q=${limits[name]};w=${WINDOW_SECONDS}`)
    .join(', ');
}

/** The headers as the OpenAPI document describes them (http/openapi.ts puts them on every v2 answer). */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description:
      'Every rate limit in force for the token, as draft-ietf-httpapi-ratelimit-headers writes them: `"per_token_per_minute";q=600;w=60, "per_company_per_minute";q=1200;w=60, "writes_per_company_per_minute";q=120;w=60` (q requests per w seconds). On every answer to an authenticated request.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'Each limit this request was counted against (a write also counts against `writes_per_company_per_minute`): the requests it has left (r) and the seconds until its window ends and it is full again (t), e.g. `"per_token_per_minute";r=597;t=42, "per_company_per_minute";r=1180;t=42`.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description: 'Requests a minute of the limit closest to running out (on a 429: of the limit that refused the request).',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests it has left in this window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': {
    description: 'When the window of that limit ends and it is full again, in Unix seconds (as GitHub writes it); RateLimit\'s `t` and Retry-After say the same in seconds from now.',
    schema: { type: 'integer' },
  },
} as const;

export const RETRY_AFTER_HEADER = {
  description: 'Whole seconds to wait before the limit that refused the request has room again.',
  schema: { type: 'integer' },
} as const;

function setRateLimitHeaders(reply: FastifyReply, report: RateLimitReport): void {
  const { closest } = report;
  reply
    .header('RateLimit-Policy', report.policy)
    .header('RateLimit', report.standing.map((s) => `"${s.name}";r=${s.remaining};t=${s.resetSeconds}`).join(', '))
    .header('X-RateLimit-Limit', String(closest.limit))
    .header('X-RateLimit-Remaining', String(closest.remaining))
    .header('X-RateLimit-Reset', String(closest.resetAt));
  if (report.retryAfter !== undefined) reply.header('Retry-After', String(report.retryAfter));
}
