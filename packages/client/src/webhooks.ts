import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from './events.js';

/**
 * Checks a webhook delivery from Canopy and returns the event it carries, typed by its
 * `type`. Canopy signs every delivery twice (docs/webhooks.md), and either is accepted:
 *
 * - `Canopy-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with
 *   the whole `whsec_...` secret (Stripe's scheme; one v1 per secret during a rotation);
 * - the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and
 *   `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with
 *   the base64 bytes after `whsec_`.
 *
 * Signatures are compared in constant time, and a timestamp more than `toleranceSeconds`
 * (300) from now is refused: that stops a replay of an old delivery. Pass the body exactly
 * as received (a string, Buffer or Uint8Array), before any JSON parsing: parsing and
 * serializing again changes it. Throws WebhookVerificationError, with a `reason`.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyOptions = {}): WebhookEvent {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const tolerance = options.toleranceSeconds ?? 300;
  const now = (options.now ?? new Date()).getTime() / 1000;
  const canopySignature = header(headers, 'canopy-signature');
  const standardSignature = header(headers, 'webhook-signature');
  if (canopySignature !== undefined) verifyCanopySignature(body, canopySignature, secret, now, tolerance);
  else if (standardSignature !== undefined) verifyStandardSignature(body, headers, standardSignature, secret, now, tolerance);
  else throw new WebhookVerificationError('signature_missing', 'Neither a Canopy-Signature nor a webhook-signature header: this did not come from Canopy.');
  try {
    return JSON.parse(body.toString('utf8')) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('body_invalid', 'The signed body is not JSON.');
  }
}

export interface VerifyOptions {
  /** How far the signature's time may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The time to check against (default now): for tests. */
  now?: Date;
}

/** Request headers as node:http, the Fetch API or a framework gives them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type WebhookVerificationReason = 'signature_missing' | 'header_malformed' | 'timestamp_outside_tolerance' | 'signature_mismatch' | 'body_invalid';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(',') : value;
}

function checkTimestamp(timestamp: number, now: number, tolerance: number) {
  if (Math.abs(now - timestamp) > tolerance) {
    throw new WebhookVerificationError('timestamp_outside_tolerance', `The signature's time is more than ${tolerance} s from now: a replayed delivery, or a clock far off.`);
  }
}

function anyMatches(given: readonly Buffer[], expected: Buffer): boolean {
  // Every candidate is compared, in constant time each.
  let matched = false;
  for (const candidate of given) if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
  return matched;
}

function verifyCanopySignature(body: Buffer, value: string, secret: string, now: number, tolerance: number) {
  const parts = value.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const timestamp = t !== undefined && /^\d+$/.test(t) ? Number(t) : Number.NaN;
  const signatures = parts.filter(([key, hex]) => key === 'v1' && hex !== undefined && /^[0-9a-f]+$/i.test(hex)).map(([, hex]) => Buffer.from(hex as string, 'hex'));
  if (Number.isNaN(timestamp) || signatures.length === 0) throw new WebhookVerificationError('header_malformed', 'Canopy-Signature needs t=<unix seconds> and at least one v1=<hex>.');
  checkTimestamp(timestamp, now, tolerance);
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
  if (!anyMatches(signatures, expected)) throw new WebhookVerificationError('signature_mismatch', 'No signature matches the body: a wrong secret, or a changed body.');
}

function verifyStandardSignature(body: Buffer, headers: WebhookHeaders, value: string, secret: string, now: number, tolerance: number) {
  const id = header(headers, 'webhook-id');
  const t = header(headers, 'webhook-timestamp');
  if (!id || !t || !/^\d+$/.test(t)) throw new WebhookVerificationError('header_malformed', 'webhook-signature needs webhook-id and webhook-timestamp beside it.');
  checkTimestamp(Number(t), now, tolerance);
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${t}.`).update(body).digest();
  const signatures = value.split(' ').filter((entry) => entry.startsWith('v1,')).map((entry) => Buffer.from(entry.slice(3), 'base64'));
  if (signatures.length === 0) throw new WebhookVerificationError('header_malformed', 'webhook-signature holds no v1,<base64> signature.');
  if (!anyMatches(signatures, expected)) throw new WebhookVerificationError('signature_mismatch', 'No signature matches the body: a wrong secret, or a changed body.');
}
