/** The plans a company can be on (spec section 1): starter and grow see their impact in the dashboard and on the public page; automate has the API and webhooks. */
export const PLANS = ['starter', 'grow', 'automate'] as const;
export type Plan = (typeof PLANS)[number];

/**
 * The plans whose companies pass trees on to their customers from the dashboard (recipients,
 * CSV uploads, gift codes): `grow` and `automate`. `starter` sees its impact only; its
 * dashboard says what giving would need. The API stays `automate`'s (spec section 5).
 */
export const PLANS_THAT_GIVE_TREES: readonly Plan[] = ['grow', 'automate'];

/** Whether a company on this plan may give trees in the dashboard. */
export function mayGiveTrees(plan: string): boolean {
  return (PLANS_THAT_GIVE_TREES as readonly string[]).includes(plan);
}
