import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { checkDecoy, passwordMatches } from '../../platform/dashboard/passwords.ts';
import { createLimiter, type WindowLimiter } from '../../platform/http/rate-limit.ts';

/**
 * Checking an email address and password. An address may belong to people of several
 * companies (one user row each, each with its own password): the password picks the one,
 * the most recently signed-in first. Attempts are throttled per account and per client
 * address, counting failures only, in PostgreSQL when there is one (every process counts
 * together), so that guessing one person's password, or many people's from one place, is slow.
 */

/** Failed attempts allowed in THROTTLE_WINDOW_SECONDS: per address signing in, and per client address. */
export const FAILURES_PER_ACCOUNT = 10;
export const FAILURES_PER_ADDRESS = 50;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

export interface SignInThrottle {
  /** Seconds until this email address and client address may try again; 0: now. */
  wait(email: string, ip: string): Promise<number>;
  failed(email: string, ip: string): Promise<void>;
}

export function signInThrottle(db: Kysely<DB>, shared: boolean): SignInThrottle {
  const perAccount: WindowLimiter = createLimiter(db, { name: 'sign_in_account', points: FAILURES_PER_ACCOUNT, windowSeconds: THROTTLE_WINDOW_SECONDS, shared });
  const perAddress: WindowLimiter = createLimiter(db, { name: 'sign_in_address', points: FAILURES_PER_ADDRESS, windowSeconds: THROTTLE_WINDOW_SECONDS, shared });
  const account = (email: string) => email.trim().toLowerCase();
  return {
    async wait(email, ip) {
      return Math.max(await perAccount.waitFor(account(email)), await perAddress.waitFor(ip));
    },
    async failed(email, ip) {
      await perAccount.hit(account(email));
      await perAddress.hit(ip);
    },
  };
}

/** Links asked for by email in LINK_WINDOW_SECONDS: per email address, and per client address. */
export const LINKS_PER_EMAIL = 5;
export const LINKS_PER_ADDRESS = 30;
export const LINK_WINDOW_SECONDS = 60 * 60;

/**
 * Requests for a sign-in or reset link, counted per email address typed (known or not, so
 * that the limit says nothing about whether it has an account) and per client address: an
 * inbox cannot be flooded with Canopy's emails, nor many addresses tried from one place.
 */
export function linkRequestThrottle(db: Kysely<DB>, shared: boolean): { take(email: string, ip: string): Promise<number> } {
  const perEmail = createLimiter(db, { name: 'link_email', points: LINKS_PER_EMAIL, windowSeconds: LINK_WINDOW_SECONDS, shared });
  const perAddress = createLimiter(db, { name: 'link_address', points: LINKS_PER_ADDRESS, windowSeconds: LINK_WINDOW_SECONDS, shared });
  return {
    async take(email, ip) {
      const fromAddress = await perAddress.take(ip);
      if (fromAddress > 0) return fromAddress;
      return perEmail.take(email.trim().toLowerCase());
    },
  };
}

/** The person an email address and password sign in, or null. Takes a password check's time either way. */
export async function personOf(db: Kysely<DB>, email: string, password: string) {
  const people = await db
    .selectFrom('users')
    .select(['id', 'company_id', 'email', 'role', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where('removed_at', 'is', null)
    .where('password_hash', 'is not', null)
    .orderBy('signed_in_at', (ob) => ob.desc().nullsLast())
    .limit(5)
    .execute();
  if (people.length === 0) return checkDecoy(password).then(() => null);
  for (const person of people) if (await passwordMatches(password, person.password_hash ?? '')) return person;
  return null;
}
