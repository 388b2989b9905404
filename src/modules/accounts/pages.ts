import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import { endSession } from '../../platform/dashboard/sessions.ts';
import { safeNext, sessionCookie } from '../../platform/dashboard/surface.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { registerAccountPage } from './account-page.ts';
import { registerAuditLogPage } from './audit-page.ts';
import { registerLinkPages } from './link-pages.ts';
import { languageOf, type PageDeps } from './page-deps.ts';
import { clearSessionCookie, signInAs } from './session-start.ts';
import { personOf, signInThrottle } from './sign-in.ts';
import { registerTeamPages } from './team-pages.ts';
import { TEXTS } from './texts.ts';

const SIGN_IN_TEMPLATE = new URL('./templates/sign-in.eta', import.meta.url);

interface SignInForm {
  email?: unknown;
  password?: unknown;
  next?: unknown;
}

/**
 * The accounts feature's dashboard pages: signing in with a password or a link by email,
 * choosing a password (invitation, reset), signing out; a person's account page; the team
 * and the audit log (admins).
 */
export const accountPages: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  const cookie = sessionCookie(config.publicBaseUrl);
  const throttle = signInThrottle(db, config.databaseUrl !== null);

  app.get<{ Querystring: Record<string, string> }>('/sign-in', { config: { dashboardAccess: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const t = TEXTS[languageOf(request)];
    const notice = request.query.signed_out === '1' ? t.signedOut : request.query.signed_out === 'everywhere' ? t.signedOutEverywhere : null;
    return dashboardPage(request, reply, 200, SIGN_IN_TEMPLATE, { t, heading: t.signInTitle, next: safeNext(request.query.next), email: '', notice });
  });

  app.post<{ Body: SignInForm }>('/sign-in', { config: { dashboardAccess: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const t = TEXTS[languageOf(request)];
    const email = typeof request.body?.email === 'string' ? request.body.email.slice(0, 320) : '';
    const password = typeof request.body?.password === 'string' ? request.body.password : '';
    const next = safeNext(request.body?.next);
    const again = (status: number, problem: string) => dashboardPage(request, reply, status, SIGN_IN_TEMPLATE, { t, heading: t.signInTitle, next, email, problem });
    const wait = await throttle.wait(email, request.ip);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      return again(429, t.signInThrottled(t.minutes(Math.ceil(wait / 60))));
    }
    const person = email && password.length <= 256 ? await personOf(db, email, password) : null;
    if (!person) {
      await throttle.failed(email, request.ip);
      return again(401, t.signInFailed);
    }
    return signInAs(db, cookie, reply, person, next, 'password');
  });

  app.post('/sign-out', { schema: { hide: true } }, async (request, reply) => {
    const session = signedIn(request);
    await endSession(db, session.sessionId);
    clearSessionCookie(cookie, reply);
    return reply.redirect(`/dashboard/sign-in?signed_out=1&lang=${session.language}`, 303);
  });

  const deps: PageDeps = { app, db, config, cookie, throttle };
  registerLinkPages(deps);
  registerAccountPage(deps);
  registerTeamPages(deps);
  registerAuditLogPage(deps);
};
