import { createHash } from 'node:crypto';
import { randomAlphanumeric } from '../ids.ts';

/**
 * API tokens: `canopy_live_` or `canopy_test_` followed by 32 random alphanumerics
 * (about 190 bits). Only a SHA-256 hash is stored; a fast hash is enough because the
 * secret is long and random, and it lets every request find its token by index.
 */
export const TOKEN_PREFIX = { live: 'canopy_live_', test: 'canopy_test_' } as const;
export const TOKEN_PATTERN = /^canopy_(live|test)_[A-Za-z0-9]{32}$/;

export interface NewToken {
  value: string;
  hash: string;
  displayPrefix: string;
  last4: string;
}

export function generateToken(livemode: boolean): NewToken {
  const value = `${livemode ? TOKEN_PREFIX.live : TOKEN_PREFIX.test}${randomAlphanumeric(32)}`;
  return { value, hash: hashSecret(value), displayPrefix: value.slice(0, 16), last4: value.slice(-4) };
}

export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
