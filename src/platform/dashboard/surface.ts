import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { derivedKey } from '../../core/secrets.ts';
import type { Feature } from '../feature.ts';
import type { ModuleOptions } from '../http/module.ts';
import { chosenLanguage, clientErrorStatus } from '../pages/page.ts';
import { dashboardLanguage, dashboardMessage, type DashboardMenuItem } from './page.ts';
import { readSession } from './sessions.ts';
import { DASHBOARD_TEXTS } from './texts.ts';

/** Where a person signs in (modules/accounts); the surface sends everyone not signed in there. */
export const SIGN_IN_PATH = '/dashboard/sign-in';

/**
 * The cookie of a session: `__Host-` behind https (the browser then holds it only for this
 * host, over https, for every path, and no subdomain can set it), HttpOnly, SameSite=Lax.
 */
export function sessionCookie(publicBaseUrl: string): { name: string; secure: boolean } {
  const secure = publicBaseUrl.startsWith('https://');
  return { name: secure ? '__Host-canopy_session' : 'canopy_session', secure };
}

/**
 * The company dashboard, /dashboard: every feature's dashboard pages (Feature.dashboard)
 * behind a signed-in person. Before any route: the session is read (sessions.ts), the
 * person's live role is held against the route's `dashboardAccess`, and every request but
 * GET and HEAD must carry the CSRF token of a form this surface rendered (@fastify/csrf-protection:
 * a signed secret in a cookie, the token in the form's `_csrf` field). Forms are
 * urlencoded; nothing is cached; errors are pages, never JSON.
 */
export function dashboardSurface(features: readonly Feature[]): FastifyPluginAsyncTypebox<ModuleOptions> {
  const menu: DashboardMenuItem[] = features.flatMap((feature) => feature.dashboardMenu ?? []);
  return async (app, options) => {
    const { db, config } = options;
    const cookie = sessionCookie(config.publicBaseUrl);
    await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
    await app.register(fastifyCookie, { secret: derivedKey(config.secretKey, 'dashboard-form-cookie').toString('hex') });
    await app.register(fastifyCsrf, {
      cookieKey: cookie.secure ? '__Host-canopy_dashboard_csrf' : 'canopy_dashboard_csrf',
      cookieOpts: { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure, signed: true },
      getToken: (request) => (request.body as Record<string, unknown> | undefined)?._csrf as string | undefined,
    });
    app.decorateRequest('dashboard', null);

    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config.dashboardAccess ?? 'member';
      if (access === 'public') return;
      const session = await readSession(db, request.cookies[cookie.name] ?? '');
      if (!session) return toSignIn(request, reply);
      request.dashboard = {
        ...session,
        language: dashboardLanguage(request, session.user.language),
        menu,
        actor: { companyId: session.company.id, userId: session.user.id, email: session.user.email, ip: request.ip },
      };
      // A language chosen with the switch (`?lang=`) is the person's from now on, in the dashboard and its emails.
      const chosen = chosenLanguage(request);
      if (chosen && chosen !== session.user.language) await db.updateTable('users').set({ language: chosen }).where('id', '=', session.user.id).execute();
      const t = DASHBOARD_TEXTS[request.dashboard.language];
      if (session.company.status !== 'active') return dashboardMessage(request, reply, 403, { heading: t.companyInactiveTitle, text: t.companyInactiveBody });
      if (access === 'admin' && session.user.role !== 'admin') return dashboardMessage(request, reply, 403, { heading: t.notAllowedTitle, text: t.notAllowedBody });
    });
    // After the body is parsed (the token is a form field), before any handler.
    app.addHook('preHandler', (request, reply, done) => {
      if (request.method === 'GET' || request.method === 'HEAD') return done();
      app.csrfProtection(request, reply, done);
    });

    app.setErrorHandler((error, request, reply) => {
      const t = DASHBOARD_TEXTS[request.dashboard?.language ?? dashboardLanguage(request, null)];
      const status = clientErrorStatus(error);
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_CSRF_INVALID_TOKEN' || code === 'FST_CSRF_MISSING_SECRET') return dashboardMessage(request, reply, 403, { heading: t.formExpiredTitle, text: t.formExpiredBody });
      if (status === 404 || (status !== null && request.method === 'GET')) return dashboardMessage(request, reply, 404, { heading: t.notFoundTitle, text: t.notFoundBody });
      if (status !== null) return dashboardMessage(request, reply, status, { heading: t.badRequestTitle, text: t.badRequestBody });
      request.log.error({ err: error }, 'dashboard page failed');
      return dashboardMessage(request, reply, 500, { heading: t.somethingWrongTitle, text: t.somethingWrongBody });
    });
    app.setNotFoundHandler(async (request, reply) => {
      const t = DASHBOARD_TEXTS[dashboardLanguage(request, null)];
      return dashboardMessage(request, reply, 404, { heading: t.notFoundTitle, text: t.notFoundBody });
    });

    // Not `options`: it holds this surface's prefix, which a feature's routes would get twice.
    for (const feature of features) if (feature.dashboard) await app.register(feature.dashboard, { db, config });
  };
}

/** Not signed in: a page asked for is asked for again after signing in (a local dashboard path only); a form sent is not. */
function toSignIn(request: FastifyRequest, reply: FastifyReply) {
  const next = request.method === 'GET' ? request.url : '/dashboard';
  return reply.header('Cache-Control', 'no-store').redirect(`${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`, 303);
}

/** A `next` a sign-in may go on to: a path of the dashboard on this host, never another site. */
export function safeNext(next: unknown): string {
  // Printable ASCII only (a browser sends the rest percent-encoded), no backslash (some read it as a slash).
  if (typeof next !== 'string' || !/^\/dashboard(?:[/?][!-~]*)?$/.test(next) || next.includes('\\')) return '/dashboard';
  return next;
}
