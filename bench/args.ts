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
