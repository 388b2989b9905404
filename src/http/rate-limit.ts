import { CompiledQuery, type Kysely, sql } from 'kysely';
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
  /** Counts one for `key`; 0 when this one is within the limit, else the seconds until the window ends. */
  take(key: string): Promise<number>;
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
    async take(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (rejection) {
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

/** A counter a request counts against: its key in the store, and how many it may hold per window. */
export interface Quota {
  key: string;
  limit: number;
}

/** A counter as it stands after a request: how many it holds, and the milliseconds until its window ends. */
export interface CounterState {
  used: number;
  msLeft: number;
}

/**
 * Several fixed-window counters checked and counted together, for the API's limits: a
 * request counts one against each of its quotas only when every one of them is under its
 * limit; a refused request counts nothing, so a token past its own limit does not use up
 * its company's. A counter's window opens with the first request counted after the last
 * one ended. On PostgreSQL one function call does it all (the `rate_limits` table, one row
 * per counter, reset in place when its window has ended, so rows never pile up); on the
 * embedded database a map in this process's memory.
 *
 * rate-limiter-flexible (createLimiter above) counts one key per call, a round trip each
 * on PostgreSQL, and cannot leave the others alone when one is over: hence this.
 */
export interface RequestCounters {
  countIfAllowed(quotas: readonly Quota[]): Promise<{ allowed: boolean; states: CounterState[] }>;
}

export function createRequestCounters(db: Kysely<DB>, options: { windowSeconds: number; shared: boolean }): RequestCounters {
  return options.shared ? sharedCounters(db, options.windowSeconds * 1000) : memoryCounters(options.windowSeconds * 1000);
}

function memoryCounters(windowMs: number): RequestCounters {
  const counters = new Map<string, { points: number; expire: number }>();
  let nextSweep = 0;
  return {
    async countIfAllowed(quotas) {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [key, counter] of counters) if (counter.expire <= now) counters.delete(key);
        nextSweep = now + windowMs;
      }
      const current = quotas.map(({ key }) => {
        const counter = counters.get(key);
        return counter && counter.expire > now ? counter : null;
      });
      const allowed = quotas.every((quota, i) => (current[i]?.points ?? 0) < quota.limit);
      const states = quotas.map((quota, i) => {
        let counter = current[i] ?? null;
        if (allowed) {
          if (!counter) {
            counter = { points: 0, expire: now + windowMs };
            counters.set(quota.key, counter);
          }
          counter.points += 1;
        }
        return counter ? { used: counter.points, msLeft: counter.expire - now } : { used: 0, msLeft: windowMs };
      });
      return { allowed, states };
    },
  };
}

/**
 * On PostgreSQL, one call of `count_api_request` (migration 0015) whatever the number of
 * counters: it reads them, decides and counts in one statement, on the database's clock.
 * Requests running at the same moment decide on what each read before the others counted,
 * so a burst can pass a limit by as many requests as run at once; every one of them is
 * still counted.
 */
function sharedCounters(db: Kysely<DB>, windowMs: number): RequestCounters {
  return {
    async countIfAllowed(quotas) {
      const keys = quotas.map((quota) => quota.key);
      const limits = quotas.map((quota) => quota.limit);
      const { rows } = await sql<{ counter_key: string; used: number; ms_left: number; allowed: boolean }>`
        SELECT counter_key, used, ms_left, allowed FROM count_api_request(${keys}::text[], ${limits}::integer[], ${windowMs}::bigint)`.execute(db);
      const byKey = new Map(rows.map((row) => [row.counter_key, row]));
      const states = keys.map((key) => {
        const row = byKey.get(key);
        return { used: Number(row?.used ?? 0), msLeft: Number(row?.ms_left ?? windowMs) };
      });
      return { allowed: rows[0]?.allowed ?? true, states };
    },
  };
}
