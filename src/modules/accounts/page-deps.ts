import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Language } from '../../core/i18n.ts';
import type { DB } from '../../db/schema.ts';
import { dashboardLanguage } from '../../platform/dashboard/page.ts';
import type { AppConfig, ModuleOptions } from '../../platform/http/module.ts';
import type { SessionCookie } from './session-start.ts';
import type { SignInThrottle } from './sign-in.ts';

/** What each of the feature's page files registers its routes with (pages.ts hands it out). */
export interface PageDeps {
  app: Parameters<FastifyPluginAsyncTypebox<ModuleOptions>>[0];
  db: Kysely<DB>;
  config: AppConfig;
  cookie: SessionCookie;
  /** Failed password checks, per account and per client address (sign-in.ts). */
  throttle: SignInThrottle;
}

/** The language of a page before signing in: `?lang=`, else the person's own when known, else the browser's. */
export function languageOf(request: FastifyRequest, own: Language | null = null): Language {
  return dashboardLanguage(request, own);
}

/** A form field as a string ('' when absent or not one), at most `max` characters. */
export function field(body: unknown, name: string, max = 320): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** A moment as the page's language writes it, with the time, in UTC (which it says). */
export function dateTime(at: Date, language: Language): string {
  return `${DATE_TIMES[language].format(at)} UTC`;
}

const DATE_TIMES: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
  nl: new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
};

/**
 * The feature's tables: a cell breaks a long word (an address, an id) only when it must, and
 * a column is never narrower than its longest word (the layout's `anywhere` would let it).
 */
export const TABLE_STYLE = 'table.list td { overflow-wrap: break-word; }';
