import type { Db } from '../../db/schema.ts';

/** Planting partners are public reference data: any id may be read. */
export async function findPartnersByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('partners').select(['id', 'name', 'country', 'website_url']).where('id', 'in', ids).execute();
}
