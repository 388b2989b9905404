import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How Canopy signs a webhook delivery, and how a receiver checks it.
 *
 * `Canopy-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the
 * endpoint's `whsec_...` secret as a string: the scheme Stripe uses, so its libraries
 * check ours. During a secret rotation the header carries one `v1=` per secret.
 *
 * Beside it the Standard Webhooks headers (standardwebhooks.com): `webhook-id` (the event
 * id), `webhook-timestamp`, and `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>">`, keyed with the base64 bytes after `whsec_` as that standard
 * defines, so receivers in any language can use its libraries.
 */

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 32 random bytes in base64 (what Standard Webhooks expects). */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

function canopySignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

function standardSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/**
 * The signature headers of one attempt, made at the moment of sending over the exact bytes
 * sent, with every secret in force (the current one first).
 */
export function signatureHeaders(secrets: readonly string[], eventId: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'Canopy-Signature': [`t=${timestamp}`, ...secrets.map((secret) => `v1=${canopySignature(secret, timestamp, body)}`)].join(','),
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => `v1,${standardSignature(secret, eventId, timestamp, body)}`).join(' '),
  };
}

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/**
 * Checks a delivery as a receiver should, and returns the event it carries: the
 * `Canopy-Signature` header must hold a `v1` that matches the raw body (compared in constant
 * time) and a `t` within `toleranceSeconds` (300) of now. Throws WebhookSignatureError
 * otherwise. `rawBody` is the body exactly as received, before any JSON parsing.
 *
 *   const event = verifyWebhook(rawBody, request.headers['canopy-signature'], process.env.CANOPY_WEBHOOK_SECRET);
 */
export function verifyWebhook(rawBody: string | Buffer, header: string | undefined, secret: string, toleranceSeconds = 300, now = new Date()): unknown {
  if (!header) throw new WebhookSignatureError('No Canopy-Signature header.');
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) throw new WebhookSignatureError('Canopy-Signature has no t= or no v1=.');
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) throw new WebhookSignatureError('The timestamp is outside the tolerance: a replay, or a clock far off.');
  const expected = Buffer.from(canopySignature(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('No signature matches the body: a wrong secret, or a changed body.');
  return JSON.parse(body);
}
