/** The plans a company can be on (spec section 1): starter and grow see their impact in the dashboard and on the public page; automate has the API and webhooks. */
export const PLANS = ['starter', 'grow', 'automate'] as const;
export type Plan = (typeof PLANS)[number];
