import { Agent as HttpAgent, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { EVENT_TYPES, type EventType } from '../platform/events/record.ts';
import { newSigningSecret, signatureHeaders } from '../platform/webhooks/signature.ts';
import { fail, type ParsedInput, type ProcessCommand, printResult, UsageError } from './command.ts';

/**
 * `canopy listen`: Stripe's `stripe listen` for Canopy. Follows a company's event log through
 * the public API (`GET /v2/events`, with the key given; never the database, so it works from a
 * laptop against a remote Canopy) and POSTs each new event to a local URL, signed as a real
 * delivery is signed, with a secret made at start and printed.
 *
 * Following a log that is listed newest first by `created` needs care: an event's `created` is
 * when its transaction began, so a slow transaction can make an event visible after newer ones
 * were already read. Each poll therefore reads every event created since a moment a little
 * before the previous poll (server time, from its `Date` header, less OVERLAP_MS), page by page
 * with `starting_after`, and forwards those it has not seen, oldest first.
 */

/** How far back each poll looks before the previous one: longer than a transaction that writes events lasts, plus clock skew between servers. */
const OVERLAP_MS = 10_000;
/** A receiver has as long as it has for a real delivery (webhooks/send.ts). */
const FORWARD_TIMEOUT_MS = 10_000;
const API_TIMEOUT_MS = 30_000;
const PAGE_SIZE = 100;
const DEFAULT_INTERVAL_MS = 1000;
/** Between attempts to read the log after a failure: doubling from the interval up to this. */
const MAX_BACKOFF_MS = 30_000;
/** Names Canopy to the receiver, as a real delivery does (without its link to the docs). */
const USER_AGENT = 'Canopy-Webhooks/1.0 (canopy listen)';
const API_USER_AGENT = 'Canopy-CLI (canopy listen)';

interface ListenOptions {
  apiKey: string;
  /** Without a trailing slash; the API is `${apiBase}/v2`. */
  apiBase: string;
  forwardTo: string;
  /** Only these types, or every type when null. */
  types: readonly EventType[] | null;
  intervalMs: number;
  json: boolean;
}

/** An event as `GET /v2/events` shows it. */
interface ApiEvent {
  id: string;
  object: 'event';
  type: EventType;
  created: string;
  livemode: boolean;
  data: unknown;
  deliveries?: unknown;
}

interface Me {
  livemode: boolean;
  scopes: string[];
  company: { id: string; name: string };
}

export const listenCommand: ProcessCommand = {
  path: ['listen'],
  summary: "Forwards a company's new events to a local URL, signed, like `stripe listen` (over the API, from anywhere).",
  usage: [
    '--api-key canopy_test_... --forward-to URL [--events TYPE,TYPE] [--api-base URL] [--json]',
    '',
    'Follows the event log of the key\'s company and mode through GET /v2/events and POSTs each event',
    'created after it starts to --forward-to (http://localhost:4242/hooks, or localhost:4242/hooks),',
    'signed with a whsec_ secret it prints at start: check it exactly as a real delivery.',
    '',
    '  --api-key    a v2 API key with events:read (or CANOPY_API_KEY in the environment)',
    '  --events     only these event types; every type when left out',
    '  --api-base   where Canopy answers; default PUBLIC_BASE_URL, else http://HOST:PORT',
    '  --json       one JSON line at start (with the secret) and one per forwarded event',
    '',
    `Event types: ${EVENT_TYPES.join(', ')}`,
    'Ctrl-C stops it.',
  ].join('\n'),
  options: {
    'api-key': { type: 'string' },
    'forward-to': { type: 'string' },
    events: { type: 'string' },
    'api-base': { type: 'string' },
    // Not in --help: how often to read the log (tests make it short).
    'interval-ms': { type: 'string' },
  },
  async runInProcess(config, input) {
    let options: ListenOptions;
    try {
      options = readOptions(input, config.publicBaseUrl);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      return printResult(fail(input.json, `${error.message}\nSee: canopy listen --help`));
    }
    return listen(options);
  },
};

function readOptions(input: ParsedInput, publicBaseUrl: string): ListenOptions {
  const text = (name: string) => {
    const value = input.values[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const apiKey = text('api-key') ?? process.env.CANOPY_API_KEY?.trim();
  if (!apiKey) throw new UsageError('--api-key is required (a v2 API key such as canopy_test_...; or set CANOPY_API_KEY).');
  const forwardText = text('forward-to');
  if (!forwardText) throw new UsageError('--forward-to is required, e.g. --forward-to http://localhost:4242/hooks.');
  const forwardTo = httpUrl('--forward-to', /^[a-z][a-z0-9+.-]*:\/\//i.test(forwardText) ? forwardText : `http://${forwardText}`);
  const apiBase = httpUrl('--api-base', text('api-base') ?? publicBaseUrl).replace(/\/+$/, '').replace(/\/v2$/, '');

  const listed = (text('events') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = listed.filter((type) => type !== '*' && !(EVENT_TYPES as readonly string[]).includes(type));
  if (unknown.length > 0) throw new UsageError(`--events: ${unknown.map((type) => `"${type}"`).join(', ')} is not an event type; use ${EVENT_TYPES.join(', ')}.`);
  const types = listed.length === 0 || listed.includes('*') ? null : [...new Set(listed)] as EventType[];

  const intervalText = text('interval-ms') ?? String(DEFAULT_INTERVAL_MS);
  const intervalMs = /^\d+$/.test(intervalText) ? Number(intervalText) : Number.NaN;
  if (!(intervalMs >= 10 && intervalMs <= 60_000)) throw new UsageError('--interval-ms must be a whole number from 10 to 60000.');
  return { apiKey, apiBase, forwardTo, types, intervalMs, json: input.json };
}

function httpUrl(option: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${option} "${value}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${option} must be an http:// or https:// URL, not "${value}".`);
  return url.href;
}

/** A failed API call: what to print, and whether waiting could help. */
class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or null when the API never answered. */
    readonly status: number | null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }

  /** A key that is refused (revoked, expired, lacking a scope) stays refused: stop rather than retry. */
  get permanent(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** Runs until SIGINT or SIGTERM (exit 0), or until the key is refused (exit 1). */
async function listen(options: ListenOptions): Promise<number> {
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) process.exit(1); // a second Ctrl-C: now
    if (!options.json) process.stdout.write(`\n${signal}: stopping.\n`);
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Kept-alive connections to the API (one request a second); a fresh one to the receiver for each event.
  const http = { api: new HttpClient(true), receiver: new HttpClient(false) };
  try {
    return await follow(options, http, stop.signal);
  } catch (error) {
    if (stop.signal.aborted) return 0;
    if (error instanceof ApiError) return printResult(fail(options.json, error.message));
    throw error;
  } finally {
    // Connections left open would hold the process for seconds after Ctrl-C.
    http.api.close();
    http.receiver.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function follow(options: ListenOptions, http: Clients, signal: AbortSignal): Promise<number> {
  const api = (path: string, query: Record<string, string | undefined> = {}) => apiGet(options, http.api, path, query, signal);
  const starting = <T>(step: Promise<T>) =>
    step.catch((error: unknown) => {
      throw error instanceof ApiError ? new ApiError(`Cannot start: ${error.message}`, error.status) : error;
    });

  const { body: me, serverTime } = await starting(api('/me'));
  const { company, livemode, scopes } = me as Me;
  if (!scopes.includes('events:read')) {
    throw new ApiError('Cannot start: this API key lacks the scope events:read, which canopy listen needs to read the event log.', 403);
  }
  // Whatever is in the log now is not forwarded: read it only to remember it, then follow what comes after.
  const log = new LogFollower(api, options.types, serverTime - OVERLAP_MS);
  await starting(log.poll());

  const secret = newSigningSecret();
  if (options.json) {
    const ready = { object: 'listen', secret, company: { id: company.id, name: company.name }, livemode, forward_to: options.forwardTo, events: options.types ?? ['*'], api_base: options.apiBase };
    process.stdout.write(`${JSON.stringify(ready)}\n`);
  } else {
    process.stdout.write([
      `Your webhook signing secret is ${secret} (a new one every time canopy listen starts)`,
      `Ready! Forwarding events of ${company.name} (${company.id}, ${livemode ? 'live' : 'test'} mode) to ${options.forwardTo}`,
      ...(options.types ? [`Only ${options.types.join(', ')}`] : []),
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'));
  }

  let failures = 0;
  let wait = options.intervalMs;
  for (;;) {
    await sleep(wait, signal);
    if (signal.aborted) return 0;
    let fresh: ApiEvent[];
    try {
      fresh = await log.poll();
    } catch (error) {
      if (signal.aborted) return 0;
      // A key refused now (revoked, expired) stays refused: stop. Anything else may pass: wait and read again.
      if (!(error instanceof ApiError) || error.permanent) throw error;
      failures++;
      wait = Math.max(error.retryAfterMs ?? 0, Math.min(MAX_BACKOFF_MS, options.intervalMs * 2 ** failures));
      if (failures === 1) process.stderr.write(`${stamp()}  Cannot read the event log: ${error.message} Trying again, every ${Math.ceil(wait / 1000)} s or less often.\n`);
      continue;
    }
    if (failures > 0) process.stderr.write(`${stamp()}  Reading the event log again.\n`);
    failures = 0;
    wait = options.intervalMs;
    for (const event of fresh) {
      if (signal.aborted) return 0;
      await forward(options, http.receiver, secret, event, signal);
    }
  }
}

/**
 * What is new in the log at each poll. `since` is where the next poll starts reading: the
 * server's time at the start of the previous poll less OVERLAP_MS, never moving back. The ids
 * read since then are remembered, so an event is forwarded once however often it is read.
 */
class LogFollower {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly api: (path: string, query?: Record<string, string | undefined>) => Promise<{ body: unknown; serverTime: number }>,
    private readonly types: readonly EventType[] | null,
    private since: number,
  ) {}

  /** The events not seen before, of the types followed, oldest first. */
  async poll(): Promise<ApiEvent[]> {
    // One type is filtered by the API; several are filtered here (the API takes one).
    const type = this.types?.length === 1 ? this.types[0] : undefined;
    const newestFirst: ApiEvent[] = [];
    let startedAt: number | null = null;
    let startingAfter: string | undefined;
    for (;;) {
      const { body, serverTime } = await this.api('/events', {
        limit: String(PAGE_SIZE), created_since: new Date(this.since).toISOString(), type, starting_after: startingAfter,
      });
      startedAt ??= serverTime;
      const page = body as { data: ApiEvent[]; has_more: boolean };
      newestFirst.push(...page.data);
      const last = page.data.at(-1);
      if (!page.has_more || !last) break;
      startingAfter = last.id;
    }
    const fresh = newestFirst.filter((event) => !this.seen.has(event.id) && (this.types === null || this.types.includes(event.type)));
    for (const event of newestFirst) this.seen.set(event.id, Date.parse(event.created));
    this.since = Math.max(this.since, (startedAt ?? this.since) - OVERLAP_MS);
    for (const [id, created] of this.seen) if (created < this.since) this.seen.delete(id);
    // The API lists newest first (by created, then write order): reversed, the order they happened in.
    return fresh.reverse();
  }
}

async function apiGet(options: ListenOptions, http: HttpClient, path: string, query: Record<string, string | undefined>, signal: AbortSignal) {
  const url = new URL(`${options.apiBase}/v2${path}`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  const get = () => http.request(url, {
    method: 'GET',
    headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json', 'User-Agent': API_USER_AGENT },
    timeoutMs: API_TIMEOUT_MS,
    signal,
  });
  let response: HttpResponse;
  try {
    // Once more at once when the connection was reset: a kept-alive one the server had just closed.
    response = await get().catch((error: NodeJS.ErrnoException) => {
      if (signal.aborted || (error.code !== 'ECONNRESET' && error.code !== 'EPIPE')) throw error;
      return get();
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(`the Canopy API at ${options.apiBase}/v2 did not answer (${(error as Error).message}); check --api-base.`, null);
  }
  let body: unknown = null;
  try {
    body = JSON.parse(response.text);
  } catch {
    // not JSON: not Canopy's API, said below
  }
  const apiError = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (response.status < 200 || response.status > 299) {
    const retryAfter = Number(response.headers['retry-after']);
    const retryAfterMs = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null;
    if (typeof apiError?.message === 'string') {
      const hint = apiError.code === 'route_not_found' ? '; check --api-base' : '';
      throw new ApiError(`${apiError.message} (GET ${url.pathname}: ${response.status} ${String(apiError.code)})${hint}`, response.status, retryAfterMs);
    }
    throw new ApiError(`GET ${url.origin}${url.pathname} answered ${response.status}, not as Canopy's API does; check --api-base.`, response.status, retryAfterMs);
  }
  if (body === null || typeof body !== 'object') {
    throw new ApiError(`GET ${url.origin}${url.pathname} answered without JSON, not as Canopy's API does; check --api-base.`, response.status);
  }
  // The server's clock (to the second), which `created` is on; this machine's when there is no Date header.
  const date = Date.parse(response.headers.date ?? '');
  return { body, serverTime: Number.isNaN(date) ? Date.now() : date };
}

/**
 * POSTs one event as a delivery carries it (no `deliveries`), signed now over the exact bytes
 * sent, and prints what happened. Redirects are not followed, as for a real delivery. A
 * receiver that fails or does not answer is printed, never fatal.
 */
async function forward(options: ListenOptions, http: HttpClient, secret: string, event: ApiEvent, signal: AbortSignal): Promise<void> {
  const body = JSON.stringify({ id: event.id, object: event.object, type: event.type, created: event.created, livemode: event.livemode, data: event.data });
  if (!options.json) process.stdout.write(`${stamp()}  --> ${event.type} [${event.id}]\n`);
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const headers = { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT, ...signatureHeaders([secret], event.id, body, new Date()) };
    status = (await http.request(new URL(options.forwardTo), { method: 'POST', headers, body, timeoutMs: FORWARD_TIMEOUT_MS, signal, maxBytes: 65_536 })).status;
  } catch (caught) {
    if (signal.aborted) return;
    error = (caught as Error).message;
  }
  const ms = Math.round(performance.now() - started);
  if (options.json) {
    const line = { event: event.id, type: event.type, created: event.created, forwarded_at: new Date().toISOString(), url: options.forwardTo, status, error, ms };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } else if (status !== null) {
    process.stdout.write(`${stamp()}  <-- [${status}] POST ${options.forwardTo} [${event.id}]\n`);
  } else {
    process.stdout.write(`${stamp()}  <-- [ERROR] POST ${options.forwardTo} [${event.id}]: ${error}\n`);
  }
}

interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

interface Clients {
  api: HttpClient;
  receiver: HttpClient;
}

/**
 * HTTP/1.1 over node:http with connections of its own, so that `close()` ends them when the
 * listener stops (fetch's shared pool would keep the process alive for seconds).
 */
class HttpClient {
  private readonly agents: { 'http:': HttpAgent; 'https:': HttpsAgent };

  constructor(keepAlive: boolean) {
    this.agents = { 'http:': new HttpAgent({ keepAlive }), 'https:': new HttpsAgent({ keepAlive }) };
  }

  /**
   * Sends one request and reads the answer; rejects with a readable message when there is
   * none (refused, DNS, TLS, no answer within `timeoutMs`). Past `maxBytes` the answer is
   * cut off there.
   */
  request(
    url: URL,
    options: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number; signal: AbortSignal; maxBytes?: number },
  ): Promise<HttpResponse> {
    const protocol = url.protocol as 'http:' | 'https:';
    const send = protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = options.body === undefined ? options.headers : { ...options.headers, 'Content-Length': String(Buffer.byteLength(options.body)) };
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const failWith = (error: Error) => settle(() => reject(Object.assign(error, { message: reasonOf(error) })));
      const request = send(url, { method: options.method, headers, agent: this.agents[protocol], signal: options.signal }, (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const answer = () => ({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') });
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (options.maxBytes === undefined || read <= options.maxBytes) return void chunks.push(chunk);
          settle(() => resolve(answer()));
          response.destroy();
        });
        response.on('end', () => settle(() => resolve(answer())));
        response.on('error', failWith);
        response.on('close', () => failWith(new Error('the connection closed before the answer ended')));
      });
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
      request.on('error', failWith);
      request.end(options.body);
    });
  }

  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}

/** A connection error's message; one that tried several addresses (localhost as ::1 and 127.0.0.1) has an empty one. */
function reasonOf(error: Error): string {
  if (error.message) return error.message;
  const each = (error as Partial<AggregateError>).errors?.map((inner: Error) => inner.message).filter(Boolean) ?? [];
  return each.length > 0 ? each.join('; ') : ((error as NodeJS.ErrnoException).code ?? String(error));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/** Local time as `2026-11-23 10:15:02`, as `stripe listen` prints it. */
function stamp(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
}
