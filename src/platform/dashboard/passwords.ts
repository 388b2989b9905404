import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * People's passwords, hashed with scrypt (node:crypto, memory-hard; RFC 7914), never a fast
 * hash. The parameters travel in the stored value, `scrypt$<N>$<r>$<p>$<salt>$<hash>`
 * (base64url), so that raising them later leaves older hashes checkable. N = 2^15, r = 8,
 * p = 3 is one of OWASP's equivalent minimums (Password Storage Cheat Sheet): 32 MiB a
 * check, rather than the 128 MiB of N = 2^17 with p = 1, so that sign-ins at once do not
 * exhaust a small server's memory. A check runs on libuv's thread pool, not the event loop.
 */
const PARAMETERS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
/** The passwords a person may choose: long enough to resist guessing, short enough not to be a cost. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * The stored value of a new password. `parameters` only for tests' fixtures, which may
 * hash with less work: the value says what it was made with, so it is checked as made.
 */
export async function hashPassword(password: string, parameters: { N: number; r: number; p: number } = PARAMETERS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, parameters);
  return ['scrypt', parameters.N, parameters.r, parameters.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; false for a malformed stored value. */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || ![n, r, p].every((value) => /^[1-9][0-9]{0,6}$/.test(value ?? ''))) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no password matches, checked when the address is unknown, so that the answer takes as long either way. */
let decoy: Promise<string> | null = null;
export async function checkDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await passwordMatches(password, await decoy);
  return false;
}

/** What is wrong with a chosen password, or null. The person's own address and name are not passwords. */
export function passwordProblem(password: string, person: { email: string }): 'too_short' | 'too_long' | 'is_email' | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (password.trim().toLowerCase() === person.email.trim().toLowerCase()) return 'is_email';
  return null;
}
