import type { ReadContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import type { CompanyRow } from './queries.ts';

/** Where Canopy serves the initials of a company without a logo. */
export function generatedLogoUrl(publicBaseUrl: string, slug: string): string {
  return `${publicBaseUrl}/impact/${slug}/logo.svg`;
}

export function presentCompany(row: CompanyRow, ctx: ReadContext) {
  return {
    id: row.id,
    object: 'company' as const,
    livemode: ctx.livemode,
    name: row.name,
    slug: row.slug,
    status: row.status,
    plan: row.plan,
    country: row.country,
    website_url: row.website_url,
    // The spec declares logo_url a URL: without a logo of its own, a company gets its initials (public/logo.ts).
    logo_url: row.logo_url ?? generatedLogoUrl(ctx.publicBaseUrl, row.slug),
    public_page_url: `${ctx.publicBaseUrl}/impact/${row.slug}`,
    trees: {
      total: row.trees_pledged + row.trees_planted + row.trees_monitored,
      pledged: row.trees_pledged,
      planted: row.trees_planted,
      monitored: row.trees_monitored,
    },
    trees_unassigned: row.trees_unassigned,
    counts: { projects: row.projects, plantings: row.plantings, recipients: row.recipients, certificates: row.certificates },
    first_contribution_at: iso(row.first_contribution_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
