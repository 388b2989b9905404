import type { Kysely } from 'kysely';
import type { DB, Db } from '../../db/schema.ts';
import { authChanged } from '../../db/notifications.ts';
import { type Actor, recordChange } from '../../platform/dashboard/audit.ts';
import { type CompanyDetailRefused, type CompanyDetails, checkDetails, type DetailColumns } from './details.ts';

/**
 * A company's public profile as its admins change it in the dashboard: whether its impact
 * page is public, its text there in English and Dutch, its logo, website and privacy policy,
 * and the address replies to its certificate emails reach. The rules are the operator's
 * (details.ts); the change and its audit entry are written together or not at all.
 */

/** The details the profile form edits (the name and country stay the operator's: certificates and the slug hang on them). */
export const PROFILE_COLUMNS = ['impact_page_public', 'about_en', 'about_nl', 'logo_url', 'website_url', 'contact_email', 'privacy_url'] as const;
export type ProfileColumn = (typeof PROFILE_COLUMNS)[number];
export type CompanyProfile = { [K in ProfileColumn]: NonNullable<DetailColumns[K]> | null };

/** Columns whose new value the audit log records; the texts only as changed (they are long, and the page shows them). */
const VALUES_LOGGED: readonly ProfileColumn[] = ['impact_page_public', 'logo_url', 'website_url', 'contact_email', 'privacy_url'];

export type ProfileUpdate =
  | { outcome: 'refused'; refused: CompanyDetailRefused[] }
  | { outcome: 'unchanged' }
  | { outcome: 'saved'; changed: ProfileColumn[] };

export async function readCompanyProfile(db: Db, companyId: string): Promise<CompanyProfile> {
  return db.selectFrom('companies').select(PROFILE_COLUMNS).where('id', '=', companyId).executeTakeFirstOrThrow();
}

/**
 * Checks every detail given and, when all pass, writes those that differ from the stored
 * ones in one statement with the company's updated_at (which the impact page's stamp holds:
 * modules/impact/cache.ts, so the page shows the change on its next request) and one audit
 * entry naming the fields changed. One refused detail writes nothing.
 */
export async function updateCompanyProfile(db: Kysely<DB>, actor: Actor, details: CompanyDetails): Promise<ProfileUpdate> {
  const { columns, refused } = checkDetails(details);
  if (refused.length > 0) return { outcome: 'refused', refused };
  const result = await db.transaction().execute(async (trx): Promise<ProfileUpdate> => {
    const current = await trx.selectFrom('companies').select(PROFILE_COLUMNS).where('id', '=', actor.companyId).forUpdate().executeTakeFirstOrThrow();
    const changed = PROFILE_COLUMNS.filter((column) => column in columns && columns[column] !== current[column]);
    if (changed.length === 0) return { outcome: 'unchanged' };
    const set = Object.fromEntries(changed.map((column) => [column, columns[column]]));
    await trx.updateTable('companies').set({ ...set, updated_at: new Date() }).where('id', '=', actor.companyId).execute();
    const values = Object.fromEntries(changed.filter((column) => VALUES_LOGGED.includes(column)).map((column) => [column, columns[column]]));
    await recordChange(trx, actor, 'company.profile_updated', actor.companyId, { fields: changed, ...(Object.keys(values).length > 0 ? { values } : {}) });
    return { outcome: 'saved', changed };
  });
  // API tokens hold the company's row (its name, website): this process forgets them at once, others hear the trigger's NOTIFY.
  if (result.outcome === 'saved') authChanged(db);
  return result;
}
