import type { Db } from '../../db/schema.ts';

/** Planting partners are public reference data: expanded from plantings and projects. */
export async function loadPartners(db: Db, ids: readonly string[]) {
  const result = new Map<string, ReturnType<typeof presentPartner>>();
  if (ids.length === 0) return result;
  const rows = await db.selectFrom('partners').select(['id', 'name', 'country', 'website_url']).where('id', 'in', ids).execute();
  for (const row of rows) result.set(row.id, presentPartner(row));
  return result;
}

export function presentPartner(row: { id: string; name: string; country: string | null; website_url: string | null }) {
  return { id: row.id, object: 'planting_partner' as const, name: row.name, country: row.country, website_url: row.website_url };
}
