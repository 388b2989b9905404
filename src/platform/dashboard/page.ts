import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../core/i18n.ts';
import { chosenLanguage, page, type PagePolicyExtension } from '../pages/page.ts';
import { negotiateLanguage } from '../../core/i18n.ts';
import type { DashboardSession } from './sessions.ts';
import { DASHBOARD_TEXTS } from './texts.ts';

/**
 * What a dashboard page knows of its request, and the one way to answer with a page: the
 * dashboard's layout (menu, who is signed in, sign out, the language switch), no caching,
 * never indexed.
 */

/** One entry of the dashboard's menu, as a feature names it (Feature.dashboardMenu). */
export interface DashboardMenuItem {
  path: string;
  label: Record<Language, string>;
  /** Who sees it: every signed-in person, or admins only. */
  access: 'member' | 'admin';
}

/** A signed-in request's person, company, language and menu (request.dashboard). */
export interface DashboardRequest extends DashboardSession {
  language: Language;
  menu: readonly DashboardMenuItem[];
  /** Who made a change, for the audit log (audit.ts). */
  actor: { companyId: string; userId: string; email: string; ip: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person behind a dashboard request; null on the pages for signing in. */
    dashboard: DashboardRequest | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may open a dashboard route: `public` (signing in), any signed-in person
     * (`member`, the default), or admins only (`admin`: a member gets the 403 page, and a
     * form sent directly is refused the same way).
     */
    dashboardAccess?: 'public' | 'member' | 'admin';
  }
}

/** The signed-in request of a route that is not `public` (the surface answered already when there is none). */
export function signedIn(request: FastifyRequest): DashboardRequest {
  if (!request.dashboard) throw new Error(`${request.url} is a public dashboard route: it has no signed-in person`);
  return request.dashboard;
}

/** `?lang=` first, then the person's own choice, then the browser's. */
export function dashboardLanguage(request: FastifyRequest, chosen: Language | null): Language {
  return chosenLanguage(request) ?? chosen ?? negotiateLanguage(request.headers['accept-language']);
}

const LAYOUT_TEMPLATE = '/platform/dashboard/templates/layout';
const MESSAGE_TEMPLATE = new URL('./templates/message.eta', import.meta.url);

/**
 * Answers with a dashboard template (which extends `layout('/platform/dashboard/templates/layout')`).
 * `data.t` is the feature's texts (dashboardTexts); `data.heading` titles the page. Never
 * cached: every page may hold a form's token, and what a person may see changes with their role.
 */
export function dashboardPage(request: FastifyRequest, reply: FastifyReply, status: number, template: URL, data: Record<string, unknown>, policy: PagePolicyExtension = {}) {
  const session = request.dashboard;
  const language = session?.language ?? dashboardLanguage(request, null);
  const path = request.url.split('?')[0] ?? request.url;
  const menu = session ? session.menu.filter((item) => item.access === 'member' || session.user.role === 'admin') : [];
  reply.header('Cache-Control', 'no-store');
  return page(reply, status, language, template, {
    t: DASHBOARD_TEXTS[language],
    ...data,
    layoutTemplate: LAYOUT_TEMPLATE,
    session,
    menu: menu.map((item) => ({ href: item.path, label: item.label[language], current: item === currentItem(menu, path) })),
    csrfToken: data.csrfToken ?? reply.generateCsrf(),
    path,
  }, policy);
}

/** The menu entry a page is under: the one whose path is the longest that begins the page's (Overview, /dashboard, begins them all). */
function currentItem(menu: readonly DashboardMenuItem[], path: string): DashboardMenuItem | undefined {
  // The dashboard's home is under no other entry: only itself is it.
  const under = menu.filter((item) => path === item.path || (item.path !== '/dashboard' && path.startsWith(`${item.path}/`)));
  return under.sort((a, b) => b.path.length - a.path.length)[0];
}

/** The dashboard's page that says one thing, with a way back. */
export function dashboardMessage(request: FastifyRequest, reply: FastifyReply, status: number, message: { heading: string; text: string; linkUrl?: string; linkText?: string }) {
  const language = request.dashboard?.language ?? dashboardLanguage(request, null);
  const t = DASHBOARD_TEXTS[language];
  const link = message.linkUrl ? {} : request.dashboard ? { linkUrl: '/dashboard', linkText: t.back } : { linkUrl: '/dashboard/sign-in', linkText: t.signIn };
  return dashboardPage(request, reply, status, MESSAGE_TEMPLATE, { ...message, ...link });
}
