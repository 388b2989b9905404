import { CompiledQuery, type Kysely, sql } from 'kysely';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DB } from '../../db/schema.ts';

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

/** Drops the entries whose window has ended, at most once a window, so that a map of counters does not keep every key it ever saw. */
function expiredSweeper(windowMs: number) {
  let nextSweep = 0;
  return (entries: Map<string, { expire: number }>, now: number) => {
    if (now < nextSweep) return;
    for (const [key, entry] of entries) if (entry.expire <= now) entries.delete(key);
    nextSweep = now + windowMs;
  };
}

function memoryCounters(windowMs: number): RequestCounters {
  const counters = new Map<string, { points: number; expire: number }>();
  const sweep = expiredSweeper(windowMs);
  return {
    async countIfAllowed(quotas) {
      const now = Date.now();
      sweep(counters, now);
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

/** The most requests a process asks a counter for in one round trip; the database gives at most an eighth of what is left. */
const MAX_LEASE = 16;

/** Requests this process has taken from a counter and not used yet, in the counter's current window. */
interface Lease {
  units: number;
  /** The counter as the database had it after this process's last reservation (its own unused units included). */
  used: number;
  /** When the window ends, on this process's clock. */
  expire: number;
}

/** A counter as reserve_api_requests left it, and how many requests it gave this call (0: refused). */
interface Reserved {
  used: number;
  msLeft: number;
  granted: number;
}

/**
 * On PostgreSQL: the counters are rows shared by every process, but a process takes
 * requests from them in small blocks (leases) and hands them out from memory, so that
 * most requests need no round trip. One call of `reserve_api_requests` (migration 0019)
 * locks the counters that need a new lease, decides and counts, on the database's clock:
 * all or none, as the in-memory counters. A lease is at most MAX_LEASE requests and an
 * eighth of what is left of the limit, decided on the locked row, so concurrent
 * reservations from every process are counted one after the other, never together past
 * the limit, and near it each request is counted on its own.
 *
 * In a process, one reservation per counter runs at a time; a request that needs a counter
 * being reserved waits for that reservation and looks again, so a process holds at most
 * MAX_LEASE - 1 unused requests of a counter. What it leased and did not use before the
 * window ended is counted all the same: other processes see that many fewer left. The
 * state reported is the database's count less this process's unused units.
 */
function sharedCounters(db: Kysely<DB>, windowMs: number): RequestCounters {
  const leases = new Map<string, Lease>();
  const reserving = new Map<string, Promise<unknown>>();
  const sweep = expiredSweeper(windowMs);

  /** Takes one request from every counter whose lease has one, at once (no await: no other request can take the same); the rest are needed. */
  function takeFromLeases(quotas: readonly Quota[], now: number) {
    const taken: Lease[] = [];
    const needed: Quota[] = [];
    for (const quota of quotas) {
      const lease = leases.get(quota.key);
      if (lease && lease.units > 0 && lease.expire > now) {
        lease.units -= 1;
        taken.push(lease);
      } else {
        needed.push(quota);
      }
    }
    return { taken, needed };
  }

  async function reserve(needed: readonly Quota[]): Promise<Map<string, Reserved>> {
    const keys = needed.map((quota) => quota.key);
    const limits = needed.map((quota) => quota.limit);
    const wants = needed.map(() => MAX_LEASE);
    const { rows } = await sql<{ counter_key: string; used: number; ms_left: number; granted: number }>`
      SELECT counter_key, used, ms_left, granted FROM reserve_api_requests(${keys}::text[], ${limits}::integer[], ${wants}::integer[], ${windowMs}::bigint)`.execute(db);
    const reserved = new Map(rows.map((row) => [row.counter_key, { used: Number(row.used), msLeft: Number(row.ms_left), granted: Number(row.granted) }]));
    const now = Date.now();
    for (const quota of needed) {
      const counter = reserved.get(quota.key);
      if (!counter || counter.granted === 0) continue;
      // This request uses one of the granted requests; the lease keeps the rest.
      const lease = leases.get(quota.key);
      const expire = now + counter.msLeft;
      if (lease && lease.expire > now && Math.abs(lease.expire - expire) < windowMs / 2) {
        lease.units += counter.granted - 1;
        lease.used = counter.used;
      } else {
        leases.set(quota.key, { units: counter.granted - 1, used: counter.used, expire });
      }
    }
    return reserved;
  }

  return {
    async countIfAllowed(quotas) {
      for (;;) {
        const now = Date.now();
        sweep(leases, now);
        const { taken, needed } = takeFromLeases(quotas, now);
        const busy = needed.flatMap((quota) => reserving.get(quota.key) ?? []);
        if (busy.length > 0) {
          // Another request of this process is reserving a counter this one needs: wait for it, then look again.
          for (const lease of taken) lease.units += 1;
          await Promise.allSettled(busy);
          continue;
        }
        let reserved = new Map<string, Reserved>();
        if (needed.length > 0) {
          const reservation = reserve(needed);
          for (const quota of needed) reserving.set(quota.key, reservation);
          try {
            reserved = await reservation;
          } finally {
            for (const quota of needed) if (reserving.get(quota.key) === reservation) reserving.delete(quota.key);
          }
        }
        const allowed = needed.every((quota) => (reserved.get(quota.key)?.granted ?? 0) > 0);
        if (!allowed) for (const lease of taken) lease.units += 1; // a refused request counts nothing
        const after = Date.now();
        const states = quotas.map((quota): CounterState => {
          const counter = reserved.get(quota.key);
          if (counter && counter.granted === 0) return { used: counter.used, msLeft: counter.msLeft };
          const lease = leases.get(quota.key);
          return lease ? { used: lease.used - lease.units, msLeft: Math.max(0, lease.expire - after) } : { used: 0, msLeft: windowMs };
        });
        return { allowed, states };
      }
    },
  };
}
