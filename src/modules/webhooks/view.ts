import type { Language } from '../../core/i18n.ts';
import { EVENT_TYPES, type EventType } from '../../platform/events/record.ts';
import type { AttemptFilters } from './queries.ts';

/**
 * What the webhook pages read from forms and query strings, and how they write times.
 * Times in forms are UTC (`<input type="datetime-local">` has no zone, and the server does
 * not know the browser's), and the labels say so.
 */

/** `2026-11-24T13:40` for a datetime-local input, in UTC. */
export function utcInput(at: Date): string {
  return at.toISOString().slice(0, 16);
}

/** A datetime-local value read as UTC; null when it is not one. */
export function parseUtcInput(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const at = new Date(`${value}${value.length === 16 ? ':00' : ''}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A time as a table shows it: `24 Nov 2026, 13:40:05 UTC`. */
export function shortTime(at: Date | string | null, language: Language): string {
  if (at === null) return '';
  const formatted = new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'UTC',
  }).format(typeof at === 'string' ? new Date(at) : at);
  return `${formatted} UTC`;
}

export const isEventType = (value: unknown): value is EventType => typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const ID = /^[a-z]+_[A-Za-z0-9]{24}$/;

/** The delivery log's filters as the query string gives them; what is not understood is left out (and shown empty). */
export function attemptFilters(query: Record<string, unknown>): AttemptFilters & { fromText: string; untilText: string } {
  const outcome = query.outcome === 'succeeded' || query.outcome === 'failed' ? query.outcome : undefined;
  const from = parseUtcInput(query.from);
  const until = parseUtcInput(query.until);
  const after = text(query.after);
  return {
    ...(outcome ? { outcome } : {}),
    ...(isEventType(query.type) ? { event_type: query.type } : {}),
    ...(from ? { from } : {}),
    ...(until ? { until } : {}),
    ...(ID.test(after) ? { starting_after: after } : {}),
    limit: 50,
    fromText: from ? utcInput(from) : '',
    untilText: until ? utcInput(until) : '',
  };
}

/** The query string of a filtered log page (for "older" and for redirects back to it). */
export function filterQuery(filters: AttemptFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.outcome) params.set('outcome', filters.outcome);
  if (filters.event_type) params.set('type', filters.event_type);
  if (filters.from) params.set('from', utcInput(filters.from));
  if (filters.until) params.set('until', utcInput(filters.until));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export interface EndpointForm {
  url: string;
  description: string;
  allTypes: boolean;
  types: EventType[];
  personalData: boolean;
}

export interface FormProblems {
  url?: string;
  description?: string;
  types?: string;
}

/** The endpoint form as sent: its values (to show again) and what is wrong with them. */
export function readEndpointForm(body: Record<string, unknown>, t: { urlRequired: string; urlTooLong: string; descriptionTooLong: string; typesRequired: string; typeUnknown: string }) {
  const chosen = ([] as unknown[]).concat(body.types ?? []);
  const form: EndpointForm = {
    url: text(body.url).trim(),
    description: text(body.description).trim(),
    allTypes: body.all_types === 'on',
    types: chosen.filter(isEventType),
    personalData: body.personal_data === 'on',
  };
  const problems: FormProblems = {};
  if (form.url === '') problems.url = t.urlRequired;
  else if (form.url.length > 2048) problems.url = t.urlTooLong;
  if (form.description.length > 500) problems.description = t.descriptionTooLong;
  if (chosen.length !== form.types.length) problems.types = t.typeUnknown;
  else if (!form.allTypes && form.types.length === 0) problems.types = t.typesRequired;
  return { form, problems };
}

/** The form of an endpoint as it stands. */
export function formOf(endpoint: { url: string; description: string | null; enabled_events: string[]; include_personal_data: boolean }): EndpointForm {
  const all = endpoint.enabled_events.includes('*');
  return {
    url: endpoint.url,
    description: endpoint.description ?? '',
    allTypes: all,
    types: all ? [] : endpoint.enabled_events.filter(isEventType),
    personalData: endpoint.include_personal_data,
  };
}

/** The rotation's overlaps the form offers, in seconds (as Stripe's: none, an hour, a day, a week). */
export const OVERLAPS = [
  { seconds: 0, label: 'overlapNone' },
  { seconds: 3600, label: 'overlapHour' },
  { seconds: 86_400, label: 'overlapDay' },
  { seconds: 7 * 86_400, label: 'overlapWeek' },
] as const;
