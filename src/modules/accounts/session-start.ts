import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { recordChange } from '../../platform/dashboard/audit.ts';
import { endSessionOfValue, startSession } from '../../platform/dashboard/sessions.ts';

/** How a person proved who they are, as the audit log says it. */
export type SignInMethod = 'password' | 'link';

export interface SessionCookie {
  name: string;
  secure: boolean;
}

/**
 * Starts a session for a person and sends the browser on to `next`: a new cookie value,
 * and the session the browser brought ended (no session is carried over, whoever it was
 * of). The sign-in is written to the company's audit log, with how and from where, unless
 * `method` is null: the caller wrote what brought it (a password chosen with a link).
 */
export async function signInAs(db: Kysely<DB>, cookie: SessionCookie, reply: FastifyReply, person: { id: string; company_id: string; email: string }, next: string, method: SignInMethod | null) {
  const request = reply.request;
  const brought = request.cookies[cookie.name];
  if (brought) await endSessionOfValue(db, brought);
  const session = await startSession(db, person, { ip: request.ip, userAgent: request.headers['user-agent'] });
  if (method) await recordChange(db, { companyId: person.company_id, userId: person.id, email: person.email, ip: request.ip }, 'user.signed_in', person.id, { method });
  reply.setCookie(cookie.name, session.value, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure, expires: session.expiresAt });
  return reply.header('Cache-Control', 'no-store').redirect(next, 303);
}

/** Takes the cookie away (signed out, here or everywhere). */
export function clearSessionCookie(cookie: SessionCookie, reply: FastifyReply): void {
  reply.clearCookie(cookie.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure });
}
