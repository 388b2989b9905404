import type { V1Caller } from './auth.ts';

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
