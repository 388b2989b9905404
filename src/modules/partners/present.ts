import type { Db } from '../../db/schema.ts';
import { findPartnersByIds } from './queries.ts';

/** Partners by id, as API objects, for `expand[]=partner` of plantings and projects. */
export async function loadPartners(db: Db, ids: readonly string[]) {
  return new Map((await findPartnersByIds(db, ids)).map((row) => [row.id, presentPartner(row)]));
}

export function presentPartner(row: { id: string; name: string; country: string | null; website_url: string | null }) {
  return { id: row.id, object: 'planting_partner' as const, name: row.name, country: row.country, website_url: row.website_url };
}
