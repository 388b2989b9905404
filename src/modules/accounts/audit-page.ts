import { auditEntries } from '../../platform/dashboard/audit.ts';
import { dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import { auditSentence, auditTarget } from './audit-sentences.ts';
import { dateTime, type PageDeps, TABLE_STYLE } from './page-deps.ts';
import { TEXTS } from './texts.ts';

const AUDIT_TEMPLATE = new URL('./templates/audit-log.eta', import.meta.url);

/** Entries a page of the audit log shows. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * The company's audit log (admins): every change, newest first, a page at a time ("older"
 * pages on from the last entry shown: keyset paging on the log's index, however long it grows).
 */
export function registerAuditLogPage({ app, db }: PageDeps): void {
  app.get<{ Querystring: Record<string, string> }>('/audit-log', { config: { dashboardAccess: 'admin' }, schema: { hide: true } }, async (request, reply) => {
    const session = signedIn(request);
    const t = TEXTS[session.language];
    const before = typeof request.query.before === 'string' && /^aud_[A-Za-z0-9]{1,64}$/.test(request.query.before) ? request.query.before : null;
    const rows = await auditEntries(db, session.company.id, { before, limit: AUDIT_PAGE_SIZE + 1 });
    const shown = rows.slice(0, AUDIT_PAGE_SIZE);
    // The people the entries are about, by address (this company's only: an id is shown as is otherwise).
    const personIds = [...new Set(shown.map((entry) => entry.target_id).filter((id): id is string => id?.startsWith('usr_') ?? false))];
    const people = personIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'email']).where('company_id', '=', session.company.id).where('id', 'in', personIds).execute();
    const emails = new Map(people.map((person) => [person.id, person.email]));
    const entries = shown.map((entry) => ({
      id: entry.id,
      when: dateTime(entry.created_at, session.language),
      whenIso: entry.created_at.toISOString(),
      who: entry.actor_email,
      ...auditSentence(entry, session.language),
      target: auditTarget(entry, emails),
      ip: entry.ip,
    }));
    const older = rows.length > AUDIT_PAGE_SIZE ? `/dashboard/audit-log?before=${entries.at(-1)!.id}` : null;
    return dashboardPage(request, reply, 200, AUDIT_TEMPLATE, { t, heading: t.auditTitle, entries, older, paged: before !== null, headStyle: TABLE_STYLE });
  });
}
