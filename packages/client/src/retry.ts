/**
 * The fetch every call of a Canopy client goes through: it gives each POST an
 * Idempotency-Key (unless the caller chose one), made once per call, so that the retries of
 * that call are the same request to Canopy and can never give trees twice; and it retries
 * what is safe to retry, a bounded number of times with exponential backoff and jitter:
 *
 * - a request that got no answer (the connection failed or was dropped);
 * - 409 request_in_progress (the same key is still being processed: its result follows);
 * - 429 (after Retry-After, when that is within the longest delay), and 500, 502, 503, 504.
 *
 * Only GET, HEAD and POST (which always carries a key) are retried. PATCH and DELETE are
 * not: run twice, a PATCH can make its events twice and a DELETE answers 404 the second time.
 */

export interface RetryOptions {
  /** Retries after the first attempt (default 2; 0 turns them off). */
  maxRetries: number;
  /** The first delay; each retry waits twice as long, with jitter (default 500 ms). */
  initialDelayMs: number;
  /** The longest delay, and the longest Retry-After worth waiting for (default 8000 ms). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8000 };

const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);
const RETRIED_METHODS = new Set(['GET', 'HEAD', 'POST']);

/** A key that is unique per call: what Stripe's libraries send. */
export const newIdempotencyKey = () => `canopy-client-${crypto.randomUUID()}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a 409 is request_in_progress (and not another conflict, which a retry cannot fix). */
async function isRequestInProgress(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: string } };
    return body.error?.code === 'request_in_progress';
  } catch {
    return false;
  }
}

/** How long to wait before retry number `retry` (0-based), or null when this answer is not retried. */
async function delayFor(response: Response | null, retry: number, options: RetryOptions): Promise<number | null> {
  const backoff = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** retry) * (0.5 + Math.random() / 2);
  if (response === null) return backoff;
  if (response.status === 409) return (await isRequestInProgress(response)) ? backoff : null;
  if (!RETRIED_STATUSES.has(response.status)) return null;
  const retryAfter = Number(response.headers.get('retry-after'));
  if (response.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0) {
    return retryAfter * 1000 <= options.maxDelayMs ? retryAfter * 1000 : null;
  }
  return backoff;
}

export function retryingFetch(inner: typeof fetch, options: RetryOptions) {
  return async (request: Request): Promise<Response> => {
    const headers = new Headers(request.headers);
    if (request.method === 'POST' && !headers.has('idempotency-key')) headers.set('idempotency-key', newIdempotencyKey());
    // Read once: a Request's body is a stream that one attempt uses up.
    const body = request.body ? await request.arrayBuffer() : undefined;
    const retries = RETRIED_METHODS.has(request.method) ? options.maxRetries : 0;
    for (let retry = 0; ; retry++) {
      const attempt = new Request(request.url, { method: request.method, headers, body, signal: request.signal, redirect: request.redirect });
      let response: Response | null = null;
      try {
        response = await inner(attempt);
      } catch (error) {
        if (request.signal.aborted || retry >= retries) throw error;
      }
      if (response && retry >= retries) return response;
      const delay = await delayFor(response, retry, options);
      if (delay === null) return response as Response;
      await response?.body?.cancel();
      await sleep(delay);
    }
  };
}
