/** Command-line helpers every benchmark shares. */

/** A whole number option (underscores allowed: 1_000_000), at least `minimum`; exits 2 otherwise. */
export function wholeNumber(name: string, value: string | undefined, minimum = 1): number {
  const n = Number(String(value).replaceAll('_', ''));
  if (!Number.isInteger(n) || n < minimum) fail(`--${name} must be a whole number of at least ${minimum}`);
  return n;
}

/** Stops the benchmark with a usage problem: one line on stderr, exit code 2. */
export function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

export type DatabaseTarget = 'pglite' | 'postgres';

/**
 * The databases a benchmark runs on: `--db` pglite, postgres or both (pglite,postgres); by
 * default both when a PostgreSQL server is named (`--database-url`, BENCH_DATABASE_URL or
 * DATABASE_URL), else PGlite alone. Exits 2 on another name, or postgres without a server.
 */
export function databaseTargets(opts: { db?: string; 'database-url'?: string }): { targets: DatabaseTarget[]; postgresUrl: string | null } {
  const postgresUrl = opts['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? null;
  const targets = (opts.db ?? (postgresUrl ? 'pglite,postgres' : 'pglite')).split(',').map((s) => s.trim());
  for (const target of targets) if (target !== 'pglite' && target !== 'postgres') fail(`--db takes pglite, postgres or both (pglite,postgres), not "${target}"`);
  if (targets.includes('postgres') && !postgresUrl) fail('--db postgres needs BENCH_DATABASE_URL, DATABASE_URL or --database-url (see bench/README.md)');
  return { targets: targets as DatabaseTarget[], postgresUrl };
}
