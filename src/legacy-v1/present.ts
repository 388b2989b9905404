import { translate } from '../core/i18n.ts';
import type { V1Caller } from './auth.ts';
import type { V1ProjectSource, V1TreeSource } from './queries.ts';

/**
 * The v1 answers, in the shapes old integrations read (docs/legacy-v1.md has an example of
 * each). Where spec section 9 is silent the choice is what an old client most likely read,
 * and stays as it is until v1's sunset: v1 answers never change.
 */

/** GET /v1/me: one object, the token's owner with the old `customer` block (the company). */
export function v1Me(caller: V1Caller) {
  return {
    id: caller.owner.id,
    name: caller.owner.name,
    email: caller.owner.email,
    customer: {
      id: caller.company.id,
      name: caller.company.name,
      slug: caller.company.slug,
      country: caller.company.country,
      website: caller.company.websiteUrl,
      package: caller.company.plan,
      created_at: caller.company.createdAt.toISOString(),
    },
  };
}

/**
 * GET /v1/get-stats: one object. `tree_count` is every live tree (pledged, planted,
 * monitored; v2 `trees.total`) and `available_for_gifting` the unassigned ones (v2
 * `trees_unassigned`). The emission fields have no successor (v2 counts trees only): they
 * are kept, as numbers so that old parsers hold, and are always 0.
 */
export function v1Stats(totals: { trees_pledged: number; trees_planted: number; trees_monitored: number; trees_unassigned: number } | undefined) {
  return {
    tree_count: totals ? totals.trees_pledged + totals.trees_planted + totals.trees_monitored : 0,
    available_for_gifting: totals?.trees_unassigned ?? 0,
    co2_compensation: 0,
    goal_emissions_compensated: 0,
  };
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** v1 wrote countries by English name; v2 has the ISO code (`project.country`). */
function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A row of GET /v1/get-trees (the tree field mapping of spec section 9): `id` is the
 * legacy tree id, or the allocation id for a planted foundation allocation, whose `trees`
 * says how many trees the row stands for (1 for a legacy tree). Place, supplier and
 * planting date are the planting's.
 */
export function v1Tree(row: V1TreeSource) {
  return {
    id: row.id,
    trees: row.trees,
    project: translate(row.projectName, 'en'),
    supplier: row.supplier,
    latitude: row.latitude,
    longitude: row.longitude,
    country: countryName(row.country),
    planted_at: row.plantedAt,
  };
}

/**
 * A row of GET /v1/get-projects: `id` is the legacy project id (null for projects that
 * came after v1) and `project_id` the v2 id. `stock` is kept for old parsers and is
 * always 0: trees are no longer sold here.
 */
export function v1Project(row: V1ProjectSource) {
  return {
    id: row.legacy_id,
    project_id: row.id,
    name: translate(row.name, 'en'),
    description: translate(row.description, 'en'),
    country: countryName(row.country),
    region: translate(row.region, 'en'),
    latitude: row.latitude,
    longitude: row.longitude,
    image: row.photos[0]?.url ?? null,
    started_at: row.started_at,
    stock: 0,
  };
}
