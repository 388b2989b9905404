import type { Language } from '../../core/i18n.ts';
import { randomAlphanumeric } from '../../core/ids.ts';
import { SCOPE_DESCRIPTIONS, SCOPES } from '../../core/scopes.ts';
import type { ListedToken } from './present.ts';
import type { TokenTexts } from './texts.ts';

/** What the token pages show of a token and of the create form: plain values for the templates. */

const DATE_TIMES: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
  nl: new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
};

/** A moment in the page's language, with the time, in UTC (which it says). */
export function dateTime(at: string | Date, language: Language): string {
  return `${DATE_TIMES[language].format(new Date(at))} UTC`;
}

/**
 * A token as a row of the list. `planAllows`: the company is on `automate`; when it is not,
 * a token that would work says that the API refuses it (its row is still active).
 */
export function tokenRow(token: ListedToken, t: TokenTexts, language: Language, planAllows = true) {
  const refusedByPlan = !planAllows && (token.status === 'active' || token.status === 'expiring');
  const when = (at: string | null) => (at ? dateTime(at, language) : null);
  const owner = token.owner.name && token.owner.name !== token.owner.email ? `${token.owner.name} (${token.owner.email})` : token.owner.email;
  return {
    id: token.id,
    name: token.name,
    display: token.display,
    mode: t.mode[token.mode],
    scopes: token.api_version === 'v1' ? t.noScopes : token.scopes.length === SCOPES.length ? t.allScopes(SCOPES.length) : token.scopes.join(', '),
    created: t.createdBy(owner, when(token.created_at)!),
    ownerNote: token.owner.removed ? t.ownerRemoved : token.owner.role === 'member' && token.status !== 'revoked' ? t.ownerNowMember : null,
    expires: when(token.expires_at) ?? t.noExpiry,
    lastUsed: when(token.last_used_at),
    lastUsedFrom: token.last_used_ip ? t.lastUsedFrom(token.last_used_ip) : null,
    status: token.status,
    statusText: refusedByPlan ? t.refusedByPlan : t.status[token.status],
    statusDetail: token.status === 'expiring' ? t.expiringUntil(when(token.expires_at)!) : token.rolled_to ? t.rolledTo : null,
    badge: refusedByPlan || token.status === 'revoked' ? 'bad' : token.status === 'active' ? 'good' : token.status === 'expiring' ? 'warn' : '',
    canRoll: token.status === 'active',
    canRevoke: token.status === 'active' || token.status === 'expiring',
  };
}

/** The scopes as the form's checkboxes show them. */
export function scopeChoices(language: Language, checked: readonly string[]) {
  return SCOPES.map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope][language], checked: checked.includes(scope) }));
}

/** What the create form holds, as sent (kept when it comes back with a problem). */
export interface CreateForm {
  name: string;
  scopes: string[];
  mode: string;
  expiresOn: string;
  allowlist: string;
  formKey: string;
}

export function emptyCreateForm(): CreateForm {
  return { name: '', scopes: [], mode: 'test', expiresOn: '', allowlist: '', formKey: newFormKey() };
}

/** A fresh key for one create form (service.ts: a form sent twice makes one token). */
export function newFormKey(): string {
  return randomAlphanumeric(24);
}

const FORM_KEY = /^[A-Za-z0-9]{24}$/;

/** The create form's fields from a urlencoded body; anything not a string (or list) is empty. */
export function readCreateForm(body: unknown): CreateForm {
  const fields = (body ?? {}) as Record<string, unknown>;
  const text = (name: string, max: number) => (typeof fields[name] === 'string' ? (fields[name] as string).slice(0, max) : '');
  const list = fields.scopes;
  const scopes = (Array.isArray(list) ? list : [list]).filter((s): s is string => typeof s === 'string').slice(0, 50);
  const formKey = text('form_key', 64);
  return {
    name: text('name', 200),
    scopes,
    mode: text('mode', 10),
    expiresOn: text('expires_on', 40).trim(),
    allowlist: text('ip_allowlist', 20_000),
    formKey: FORM_KEY.test(formKey) ? formKey : newFormKey(),
  };
}

/** One entry a line (commas and spaces separate too). */
export function allowlistEntries(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry.length > 0);
}

/**
 * The end of the chosen day (UTC) as the token's expiry; null when left empty; an invalid
 * Date when it is not a date (the service refuses it: `expiry_invalid`).
 */
export function expiryOf(expiresOn: string): Date | null {
  if (expiresOn === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(expiresOn);
  if (!match) return new Date(Number.NaN);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(Date.UTC(year, month - 1, day));
  if (start.getUTCFullYear() !== year || start.getUTCMonth() !== month - 1 || start.getUTCDate() !== day) return new Date(Number.NaN);
  return new Date(start.getTime() + 86_400_000);
}

/** Today in UTC as a date input's `min`. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}
