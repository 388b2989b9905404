import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { randomAlphanumeric } from './ids.ts';

/**
 * Secrets that are shown once and stored only as a hash: API tokens
 * (`canopy_live_...`, `canopy_test_...`) and foundation keys (`canopy_fdn_...`), each a
 * prefix and 32 random base62 characters (about 190 bits). A fast hash is enough for a
 * long random secret, and it lets every request find its token by index.
 */
export const TOKEN_PREFIX = { live: 'canopy_live_', test: 'canopy_test_' } as const;
export const TOKEN_PATTERN = /^canopy_(live|test)_[A-Za-z0-9]{32}$/;
/** Tokens of the legacy v1 API, made by the operator for old integrations (v1 has no test mode). */
export const V1_TOKEN_PREFIX = 'canopy_v1_';
export const V1_TOKEN_PATTERN = /^canopy_v1_[A-Za-z0-9]{32}$/;
export const FOUNDATION_KEY_PREFIX = 'canopy_fdn_';
export const FOUNDATION_KEY_PATTERN = /^canopy_fdn_[A-Za-z0-9]{32}$/;

const SECRET_LENGTH = 32;
/** How much of a secret is kept for display: its prefix and a few random characters, and the last four. */
const SHOWN_AFTER_PREFIX = 4;

export interface NewSecret {
  /** The whole secret: shown to its owner once, never stored. */
  value: string;
  hash: string;
  /** Kept for display, as `<displayPrefix>...<last4>`. */
  displayPrefix: string;
  last4: string;
}

export function newSecret(prefix: string): NewSecret {
  const value = `${prefix}${randomAlphanumeric(SECRET_LENGTH)}`;
  return { value, hash: hashSecret(value), displayPrefix: value.slice(0, prefix.length + SHOWN_AFTER_PREFIX), last4: value.slice(-4) };
}

export function newToken(livemode: boolean): NewSecret {
  return newSecret(livemode ? TOKEN_PREFIX.live : TOKEN_PREFIX.test);
}

export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** How a stored secret is shown to the operator: `canopy_live_AbCd...wxyz`. */
export function maskedSecret(row: { displayPrefix: string; last4: string }): string {
  return `${row.displayPrefix}...${row.last4}`;
}

/**
 * A key for one purpose, derived from the server secret (HKDF-SHA256), so that a link
 * signature can never be replayed as another kind of signature and the secret itself is
 * used for nothing directly.
 */
export function derivedKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'canopy', purpose, 32));
}

/** Hex HMAC-SHA256 of `message` under a derived key. */
export function hmacHex(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

/** Compares two hex signatures in constant time. */
export function signaturesEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/**
 * Secrets Canopy must use again, not just recognise (webhook signing secrets), are kept
 * encrypted: AES-256-GCM under a key derived from the server secret for that purpose, a
 * fresh 12-byte nonce each time. Stored as `v1.<base64url nonce|tag|ciphertext>`; the tag
 * makes a changed or truncated value fail to open instead of yielding a wrong secret.
 */
const SEALED_PREFIX = 'v1.';

export function sealSecret(serverSecret: string, purpose: string, plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(serverSecret, purpose), nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** The plaintext of a sealed secret; throws when it was sealed under another key or purpose, or changed. */
export function openSecret(serverSecret: string, purpose: string, sealed: string): string {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('Not a sealed secret.');
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (raw.length < 28) throw new Error('A sealed secret too short to open.');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(serverSecret, purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
