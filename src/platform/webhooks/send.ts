import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedTarget } from './url-guard.ts';

/** One attempt to deliver: what the receiver answered, or why there was no answer. */
export interface AttemptResult {
  delivered: boolean;
  /** The receiver's HTTP status; null when it never answered (timeout, refused, TLS). */
  statusCode: number | null;
  /** Why a failed attempt failed, for the delivery's record. */
  error: string | null;
  /** A Retry-After the receiver sent with its failure, in seconds. */
  retryAfterSeconds: number | null;
  ms: number;
  /** The first RESPONSE_EXCERPT_BYTES of the receiver's answer, as text; null when it never answered. */
  responseBody: string | null;
}

/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 2048;

/** The start of an answer as text: cut at a byte count (a character cut in two becomes U+FFFD), without NUL, which PostgreSQL text cannot hold. */
export function responseExcerpt(chunks: readonly Buffer[]): string {
  const bytes = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES);
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replaceAll('\u0000', '');
}

/** A receiver has this long to answer with a 2xx (spec section 8). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Kept-alive connections, so that a busy endpoint is not a TLS handshake per event. */
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }) };

/**
 * POSTs `body` to the checked target, connecting to the address that was checked (the
 * `lookup` below answers with it, never asking DNS again), with SNI and Host from the URL.
 * Redirects are not followed: a 3xx is a failed attempt. The answer's body is read (up to
 * 64 KiB, so the connection can be reused) and its first 2 KB kept for the delivery log.
 */
export function postWebhook(target: CheckedTarget, body: string, headers: Record<string, string>, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<AttemptResult> {
  const started = performance.now();
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'ms' | 'responseBody'>, responseBody: string | null = null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, ms: Math.round(performance.now() - started), responseBody });
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        agent: agents[target.url.protocol as 'http:' | 'https:'],
        lookup: pinned,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        const kept: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (read < RESPONSE_EXCERPT_BYTES) kept.push(chunk);
          read += chunk.length;
          if (read > 65_536) response.destroy();
        });
        const done = () => {
          const delivered = status >= 200 && status < 300;
          finish({
            delivered,
            statusCode: status,
            error: delivered ? null : status >= 300 && status < 400 ? `redirect ${status} (not followed)` : `HTTP ${status}`,
            retryAfterSeconds: delivered ? null : parseRetryAfter(response.headers['retry-after']),
          }, responseExcerpt(kept));
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (error) => finish({ delivered: false, statusCode: null, error: error.message, retryAfterSeconds: null }));
    request.end(body);
  });
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - now) / 1000));
}
