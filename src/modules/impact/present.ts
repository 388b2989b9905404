import type { Language } from '../../core/i18n.ts';
import type { ImpactFigures } from './figures.ts';

/**
 * The public figures of a company's impact page as JSON (`GET /impact/{slug}.json`), for
 * its own website: the same numbers the page shows, each named after the API field it
 * comes from, and nothing personal (no recipient, no gift code, no email). Dates as the
 * API writes them.
 */
export function presentImpact(
  company: { name: string; slug: string; websiteUrl: string | null; logoUrl: string },
  figures: ImpactFigures,
  pageUrl: string,
  language: Language,
) {
  return {
    object: 'impact_page' as const,
    language,
    company: { name: company.name, slug: company.slug, website_url: company.websiteUrl, logo_url: company.logoUrl, public_page_url: pageUrl },
    /** company.trees of the live company, field for field. */
    trees: { total: figures.trees.total, pledged: figures.trees.pledged, planted: figures.trees.planted - figures.trees.monitored, monitored: figures.trees.monitored },
    /** company.trees.total - company.trees_unassigned. */
    trees_passed_on: figures.passedOn,
    first_contribution_at: figures.firstContributionAt?.toISOString() ?? null,
    /** The company's planted trees in plantings with a measurement of their own since planting, and the share alive at those latest measurements. */
    survival: figures.survival
      ? { trees_measured: figures.survival.treesMeasured, survival_rate: round(figures.survival.rate), latest_recorded_at: figures.survival.latestAt }
      : null,
    projects: figures.projects.map((entry) => ({
      id: entry.project.id,
      name: entry.project.name,
      country: entry.project.country,
      region: entry.project.region,
      foundation_url: entry.project.foundation_url,
      /** project.trees of the company, field for field. */
      trees: { total: entry.trees, pledged: entry.pledged, planted: entry.planted - (entry.monitored ?? 0), monitored: entry.monitored ?? 0 },
      latest_monitoring: entry.latestSurvival
        ? {
            id: entry.latestSurvival.id,
            planting: entry.latestSurvival.planting,
            recorded_at: entry.latestSurvival.recorded_at,
            survival_rate: entry.latestSurvival.survival_rate,
            method: entry.latestSurvival.method,
          }
        : null,
      verification:
        entry.statement && entry.coveredTrees > 0
          ? {
              id: entry.statement.id,
              verifier_name: entry.statement.verifier_name,
              period_start: entry.statement.period_start,
              period_end: entry.statement.period_end,
              published_at: entry.statement.published_at,
              document_url: entry.statement.document_url,
              /** The company's trees in plantings planted by period_end: the trees the statement covers. */
              trees_covered: entry.coveredTrees,
            }
          : null,
    })),
  };
}

/** Four decimals: a share of trees, not a measurement more precise than its count. */
function round(fraction: number): number {
  return Math.round(fraction * 10_000) / 10_000;
}
