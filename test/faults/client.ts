/**
 * A client as a careful integrator writes one (as Stripe's libraries behave): a write whose
 * connection is lost, or that times out, is sent again with the SAME Idempotency-Key, to the
 * other API process; `409 request_in_progress` (the first attempt is still running, or died
 * holding the key) is retried after a pause. Every attempt is recorded, so that the report
 * can say what the faults did and the checks can tell a lost answer from a refusal.
 */

export interface Attempt {
  api: number;
  /**
   * The HTTP status, or what went wrong before one arrived: `refused` (no process listened:
   * nothing was sent), `lost` (the connection broke with the request sent or on its way),
   * `timeout` (no answer in time).
   */
  status: number | 'refused' | 'lost' | 'timeout';
  /** The error code of a JSON error answer. */
  code?: string;
  replayed: boolean;
  ms: number;
}

export interface Answer {
  /** The final status, or 'gave_up' when no final answer came before the deadline. */
  status: number | 'gave_up';
  // biome-ignore lint/suspicious/noExplicitAny: API objects of several kinds
  body: any;
  attempts: Attempt[];
}

export interface RequestSpec {
  method: 'POST' | 'DELETE' | 'GET';
  path: string;
  token: string;
  body?: unknown;
  idempotencyKey?: string;
}

export interface ClientOptions {
  apis: readonly string[];
  /** Per attempt. */
  attemptTimeoutMs: number;
  /** Per write, all attempts together. */
  deadlineMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether an attempt's answer is final, or the write must be sent again. */
function retryable(attempt: Attempt): boolean {
  if (typeof attempt.status === 'string') return true;
  if (attempt.status === 409 && attempt.code === 'request_in_progress') return true;
  // A Stripe client retries 5xx with the same key too; the checks count every 5xx as a failure.
  return typeof attempt.status === 'number' && attempt.status >= 500;
}

/** Sends one write until it has a final answer, starting at API `first` and moving to the other on a lost connection. */
export async function sendWrite(options: ClientOptions, spec: RequestSpec, first: number): Promise<Answer> {
  const attempts: Attempt[] = [];
  const deadline = Date.now() + options.deadlineMs;
  let api = first % options.apis.length;
  for (let n = 0; ; n++) {
    const { attempt, body } = await attemptOnce(options, spec, api);
    attempts.push(attempt);
    if (!retryable(attempt)) return { status: attempt.status as number, body, attempts };
    if (Date.now() > deadline) return { status: 'gave_up', body, attempts };
    if (typeof attempt.status === 'string') api = (api + 1) % options.apis.length;
    // No answer: at once on the other process (a little later from the second time on). In progress: wait for the first attempt, or for its key's lock to go stale.
    await sleep(typeof attempt.status === 'string' && n === 0 ? 0 : Math.min(250 * 2 ** Math.min(n, 3), 2000));
  }
}

async function attemptOnce(options: ClientOptions, spec: RequestSpec, api: number): Promise<{ attempt: Attempt; body: unknown }> {
  const headers: Record<string, string> = { authorization: `Bearer ${spec.token}`, accept: 'application/json' };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  if (spec.idempotencyKey) headers['idempotency-key'] = spec.idempotencyKey;
  const started = Date.now();
  try {
    const response = await fetch(`${options.apis[api]}${spec.path}`, {
      method: spec.method,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal: AbortSignal.timeout(options.attemptTimeoutMs),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    const code = (body as { error?: { code?: string } } | null)?.error?.code;
    return {
      attempt: { api, status: response.status, code, replayed: response.headers.get('idempotent-replayed') === 'true', ms: Date.now() - started },
      body,
    };
  } catch (error) {
    return { attempt: { api, status: failure(error), replayed: false, ms: Date.now() - started }, body: null };
  }
}

/** What kept an answer from arriving (fetch wraps the socket's error in `cause`). */
function failure(error: unknown): 'refused' | 'lost' | 'timeout' {
  if ((error as Error).name === 'TimeoutError') return 'timeout';
  return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED' ? 'refused' : 'lost';
}

/**
 * A person claiming a live gift code on the public claim page: GET the form (it sets the
 * CSRF cookie and carries the token), POST it. A lost connection starts again on the other
 * process. 303 (to the confirmation page) is a claim; 409 means the code was claimed already,
 * which after a lost attempt is that attempt's claim.
 */
export async function claimOnPage(options: ClientOptions, code: string, claimant: { firstName: string; email: string }, first: number): Promise<Answer> {
  const attempts: Attempt[] = [];
  const deadline = Date.now() + options.deadlineMs;
  let api = first % options.apis.length;
  for (let n = 0; ; n++) {
    const started = Date.now();
    let status: Attempt['status'];
    let location: string | null = null;
    try {
      const signal = AbortSignal.timeout(options.attemptTimeoutMs);
      const form = await fetch(`${options.apis[api]}/gift/${code}?lang=en`, { signal });
      const html = await form.text();
      const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
      const cookie = (form.headers.getSetCookie?.() ?? []).map((line) => line.split(';')[0]).join('; ');
      if (form.status === 200 && !token) {
        status = 409; // the page shows the code claimed already: what the POST answers for it
      } else if (form.status !== 200 || !token) {
        status = form.status;
      } else {
        const posted = await fetch(`${options.apis[api]}/gift/${code}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
          body: new URLSearchParams({ _csrf: token, first_name: claimant.firstName, email: claimant.email, language: 'en' }).toString(),
          signal,
        });
        await posted.arrayBuffer();
        status = posted.status;
        location = posted.headers.get('location');
      }
    } catch (error) {
      status = failure(error);
    }
    const attempt: Attempt = { api, status, replayed: false, ms: Date.now() - started };
    attempts.push(attempt);
    const again = typeof status === 'string' || status >= 500;
    if (!again) return { status: status as number, body: { location }, attempts };
    if (Date.now() > deadline) return { status: 'gave_up', body: null, attempts };
    if (typeof status === 'string') api = (api + 1) % options.apis.length;
    await sleep(Math.min(250 * 2 ** Math.min(n, 3), 2000));
  }
}
