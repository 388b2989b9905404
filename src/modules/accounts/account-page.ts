import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordChange } from '../../platform/dashboard/audit.ts';
import { dashboardMessage, dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import { hashPassword, PASSWORD_MAX_LENGTH, passwordMatches, passwordProblem } from '../../platform/dashboard/passwords.ts';
import { endSession, endSessionsOf, SESSION_IDLE_MS } from '../../platform/dashboard/sessions.ts';
import { describeBrowser } from './browsers.ts';
import { spendLinksOf } from './links.ts';
import { dateTime, field, type PageDeps, TABLE_STYLE } from './page-deps.ts';
import { clearSessionCookie } from './session-start.ts';
import { TEXTS } from './texts.ts';

const ACCOUNT_TEMPLATE = new URL('./templates/account.eta', import.meta.url);

/**
 * A person's own account (every signed-in person): who they are, changing their password
 * (the current one first, throttled like signing in), the browsers they are signed in
 * with, each with a way to sign it out, and signing out everywhere.
 */
export function registerAccountPage({ app, db, cookie, throttle }: PageDeps): void {
  async function accountPage(request: FastifyRequest, reply: FastifyReply, status: number, form: { problem?: string } = {}) {
    const session = signedIn(request);
    const t = TEXTS[session.language];
    const now = Date.now();
    const sessions = await db
      .selectFrom('dashboard_sessions')
      .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
      .where('user_id', '=', session.user.id)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', new Date(now))
      .where('last_seen_at', '>', new Date(now - SESSION_IDLE_MS))
      .orderBy('last_seen_at', 'desc')
      .orderBy('id')
      .execute();
    const done = (request.query as Record<string, unknown>).done;
    const notice = done === 'password' ? t.passwordChanged : done === 'password_reset' ? t.passwordReset : done === 'session_ended' ? t.sessionEnded : null;
    return dashboardPage(request, reply, status, ACCOUNT_TEMPLATE, {
      t, heading: t.accountTitle, notice, ...form, headStyle: TABLE_STYLE,
      sessions: sessions.map((row) => ({
        id: row.id,
        current: row.id === session.sessionId,
        started: dateTime(row.created_at, session.language),
        lastSeen: dateTime(row.last_seen_at, session.language),
        ip: row.ip ?? '',
        browser: describeBrowser(row.user_agent, t),
      })),
    });
  }

  app.get('/account', { schema: { hide: true } }, (request, reply) => accountPage(request, reply, 200));

  app.post('/account/password', { schema: { hide: true } }, async (request, reply) => {
    const session = signedIn(request);
    const t = TEXTS[session.language];
    const current = field(request.body, 'current_password', PASSWORD_MAX_LENGTH + 1);
    const chosen = field(request.body, 'password', PASSWORD_MAX_LENGTH + 1);
    // The current password is guessed no faster here than on the sign-in page.
    const wait = await throttle.wait(session.user.email, request.ip);
    if (wait > 0) return accountPage(request, reply.header('Retry-After', String(wait)), 429, { problem: t.signInThrottled(t.minutes(Math.ceil(wait / 60))) });
    const stored = await db.selectFrom('users').select('password_hash').where('id', '=', session.user.id).executeTakeFirstOrThrow();
    if (!stored.password_hash || !(await passwordMatches(current, stored.password_hash))) {
      await throttle.failed(session.user.email, request.ip);
      return accountPage(request, reply, 400, { problem: t.currentPasswordWrong });
    }
    const problem = passwordProblem(chosen, session.user);
    if (problem) return accountPage(request, reply, 400, { problem: t.passwordProblems[problem] });
    const hash = await hashPassword(chosen);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash, updated_at: new Date() }).where('id', '=', session.user.id).execute();
      const ended = await endSessionsOf(trx, session.user.id, session.sessionId);
      await spendLinksOf(trx, session.user.id, ['reset']);
      await recordChange(trx, session.actor, 'user.password_changed', session.user.id, { sessions_ended: ended });
    });
    return reply.redirect('/dashboard/account?done=password', 303);
  });

  app.post<{ Params: { id: string } }>('/account/sessions/:id/end', { schema: { hide: true } }, async (request, reply) => {
    const session = signedIn(request);
    const t = TEXTS[session.language];
    const own = await db.selectFrom('dashboard_sessions').select('id').where('id', '=', request.params.id).where('user_id', '=', session.user.id).where('ended_at', 'is', null).executeTakeFirst();
    if (!own) return dashboardMessage(request, reply, 404, { heading: t.notFoundTitle, text: t.notFoundBody });
    await db.transaction().execute(async (trx) => {
      await endSession(trx, own.id);
      await recordChange(trx, session.actor, 'user.session_ended', session.user.id, { session: own.id });
    });
    if (own.id !== session.sessionId) return reply.redirect('/dashboard/account?done=session_ended', 303);
    clearSessionCookie(cookie, reply);
    return reply.redirect(`/dashboard/sign-in?signed_out=1&lang=${session.language}`, 303);
  });

  app.post('/account/sign-out-everywhere', { schema: { hide: true } }, async (request, reply) => {
    const session = signedIn(request);
    await db.transaction().execute(async (trx) => {
      const ended = await endSessionsOf(trx, session.user.id);
      await recordChange(trx, session.actor, 'user.signed_out_everywhere', session.user.id, { sessions: ended });
    });
    clearSessionCookie(cookie, reply);
    return reply.redirect(`/dashboard/sign-in?signed_out=everywhere&lang=${session.language}`, 303);
  });
}
