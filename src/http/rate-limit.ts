import { CompiledQuery, type Kysely } from 'kysely';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DB } from '../db/schema.ts';

/**
 * Counters of how often something happened per key (a client address, a token) in a
 * fixed window, from rate-limiter-flexible: in the `rate_limits` table on PostgreSQL, so
 * that every process counts together, and in memory on the embedded database, where one
 * process holds the folder (its lock) and a round trip through PGlite's one connection
 * would cost every other request.
 */
export interface WindowLimiter {
  /** How many may happen per window. */
  readonly points: number;
  /** Seconds until `key` may go on, or 0 when it is under its limit now; counts nothing. */
  waitFor(key: string): Promise<number>;
  /** Counts one for `key`; returns the seconds until it may go on again (0 while under the limit). */
  hit(key: string): Promise<number>;
}

export interface LimiterOptions {
  /** Keeps this limiter's keys apart from the others' in the shared table. */
  name: string;
  points: number;
  windowSeconds: number;
  /** Count in PostgreSQL (shared by every process) rather than in this process's memory. */
  shared: boolean;
}

export function createLimiter(db: Kysely<DB>, options: LimiterOptions): WindowLimiter {
  const common = { keyPrefix: options.name, points: options.points, duration: options.windowSeconds };
  const limiter: RateLimiterAbstract = options.shared
    ? new RateLimiterPostgres({ ...common, storeClient: kyselyClient(db), storeType: 'client', tableName: 'rate_limits', tableCreated: true })
    : new RateLimiterMemory(common);
  const secondsOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    points: options.points,
    async waitFor(key) {
      const res = await limiter.get(key);
      return res && res.consumedPoints >= options.points ? secondsOf(res) : 0;
    },
    async hit(key) {
      try {
        const res = await limiter.consume(key);
        return res.remainingPoints > 0 ? 0 : secondsOf(res);
      } catch (rejection) {
        // Over the limit: the library rejects with the counter's state (any other error is real).
        if (rejection instanceof RateLimiterRes) return secondsOf(rejection);
        throw rejection;
      }
    },
  };
}

/**
 * The library's PostgreSQL store speaks to a `pg` client (`query({text, values})` giving
 * `{rows, rowCount}`); this one runs its statements through Kysely, on the app's pool.
 */
function kyselyClient(db: Kysely<DB>) {
  return {
    async query({ text, values }: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows, rowCount: result.rows.length };
    },
  };
}
