import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';

/**
 * What of the configuration the HTTP app uses; the secret key resolved (see main.ts).
 * `databaseUrl` only tells where rate limit counters live (PostgreSQL, or memory on PGlite).
 */
export type AppConfig = Pick<
  Config,
  | 'publicBaseUrl' | 'trustedProxies' | 'logLevel' | 'rateLimits' | 'giftLookupsPerMinute' | 'publicPageRequestsPerMinute' | 'databaseUrl'
  | 'webhookAllowPrivateUrls' | 'v1DeprecatedAt' | 'v1SunsetAt' | 'timeouts' | 'metricsToken' | 'mapTiles'
> & {
  secretKey: string;
  /**
   * Benchmarks only (bench/rate-limit-cost.ts): the v2 API without its rate limits, to
   * measure what they cost. No environment variable sets it.
   */
  withoutApiRateLimits?: boolean;
};

/** What every surface's and module's routes are registered with. */
export interface ModuleOptions {
  config: AppConfig;
  db: Kysely<DB>;
}
