/**
 * When a failed delivery is tried again: after 1 minute, 5 minutes, 30 minutes, 2 hours, 5
 * hours, 10 hours and 10 hours, each with up to 10% of random jitter either way, so that
 * an endpoint that was down does not get every retry at the same moment. Eight attempts in
 * all over about 27.6 hours ("about a day", spec section 8); after the eighth failure the
 * delivery is `failed`. docs/webhooks.md shows the same table.
 */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** A receiver's Retry-After is honoured between these bounds. */
export const RETRY_AFTER_MIN_SECONDS = 10;
export const RETRY_AFTER_MAX_SECONDS = 3600;

/** An endpoint whose every attempt has failed for this long is disabled (spec section 6). */
export const DISABLE_AFTER_FAILING_MS = 3 * 86_400_000;

/** An endpoint whose every attempt has failed for this long gets its admins one warning, naming when it will be disabled. */
export const WARN_AFTER_FAILING_MS = 86_400_000;

/**
 * Seconds until the next attempt after `attempts` failed ones, or null when that was the
 * last. A Retry-After from the receiver replaces the schedule's delay, held between 10
 * seconds and an hour.
 */
export function nextRetryDelaySeconds(attempts: number, retryAfterSeconds: number | null, random = Math.random): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  if (retryAfterSeconds !== null) return Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(RETRY_AFTER_MIN_SECONDS, retryAfterSeconds));
  const base = RETRY_DELAYS_SECONDS[Math.max(0, attempts - 1)]!;
  return Math.round(base * (0.9 + 0.2 * random()));
}
