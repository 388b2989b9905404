import type { ReadContext } from '../../core/context.ts';
import type { Language } from '../../core/i18n.ts';
import type { Db } from '../../db/schema.ts';
import { countryName } from '../../platform/pages/page.ts';
import { type Links, proofBehind } from '../certificates/view.ts';
import { presentCompany } from '../company/present.ts';
import { retrieveCompany } from '../company/queries.ts';
import { MONITORING_METHODS, wordFor } from '../proof/words.ts';
import { remembered } from './cache.ts';
import { impactFigures } from './figures.ts';
import { plantingPagePath } from './view.ts';

/**
 * What the dashboard's overview shows a company of its own trees, in one mode: the company
 * as GET /v2/company presents it (its trees by status, unassigned, counts: the same read and
 * the same presenter, so every figure is that API field), and the proof behind them as the
 * public impact page and the certificates read it (certificates/view.ts proofBehind,
 * figures.ts impactFigures): survival at the latest measurements, each project with its
 * latest measurement and statement, and the largest plantings with theirs. Read from the
 * per-company aggregates only, never from the company's allocations.
 */
export type Overview = Awaited<ReturnType<typeof overviewOf>>;

/** The plantings the overview lists, the largest first; each links to its page with the whole proof. */
export const PLANTINGS_LISTED = 10;

export async function overviewOf(db: Db, links: Links, companyId: string, livemode: boolean, language: Language) {
  const ctx: ReadContext = { db, companyId, livemode, language, scopes: [], publicBaseUrl: links.publicBaseUrl, secretKey: links.secretKey };
  // One statement: the company's row with its totals in this mode.
  const row = await retrieveCompany(ctx);
  const company = presentCompany(row, ctx);
  // The proof changes the company's row or totals when the company's trees change (cache.ts): kept while they hold.
  const stamp = [row.updated_at.toISOString(), row.trees_pledged, row.trees_planted, row.trees_monitored, row.trees_unassigned, row.plantings, row.projects].join('|');
  const proof = company.trees.total === 0
    ? null
    : await remembered(`dashboard:${companyId}:${livemode ? 'live' : 'test'}:${language}`, stamp, () => proofOf(ctx, links, row.slug, livemode && row.impact_page_public));
  return {
    company,
    /** The public profile as stored (modules/company/profile.ts). */
    profile: {
      public: row.impact_page_public, about: { en: row.about_en, nl: row.about_nl }, logoUrl: row.logo_url, websiteUrl: row.website_url,
      contactEmail: row.contact_email, privacyUrl: row.privacy_url,
    },
    /** company.trees.total - company.trees_unassigned: given to recipients or behind gift codes. */
    passedOn: company.trees.total - company.trees_unassigned,
    proof,
  };
}

/** The proof behind the company's trees, small enough to keep: words and numbers, no drawings. */
async function proofOf(ctx: ReadContext, links: Links, slug: string, publicPages: boolean) {
  const { db, companyId, livemode, language } = ctx;
  const proof = await proofBehind(db, links, { companyId, livemode, recipientId: null }, language, { maxPlantings: PLANTINGS_LISTED, locators: false });
  const figures = await impactFigures(ctx, proof.summary);
  const method = (code: string | undefined) => (code ? (wordFor(MONITORING_METHODS, code, language) ?? code.replace(/_/g, ' ')) : null);
  return {
    logoPath: proof.company.logoPath,
    survival: figures.survival,
    projects: figures.projects.map((entry) => ({
      id: entry.project.id,
      name: entry.project.name,
      place: [entry.project.region, countryName(entry.project.country, language)].filter(Boolean).join(', '),
      /** project.trees of the company, field for field. */
      trees: entry.project.trees,
      latestSurvival: entry.latestSurvival ? { ...entry.latestSurvival, methodWord: method(entry.latestSurvival.method) } : null,
      /** The latest statement, when it covers any of the company's trees (the certificate's verdict), with how many. */
      statement: entry.statement && entry.coveredTrees > 0
        ? { verifier: entry.statement.verifier_name, periodStart: entry.statement.period_start, periodEnd: entry.statement.period_end, covered: entry.coveredTrees }
        : null,
    })),
    plantings: proof.plantings.map((planting) => ({
      id: planting.id,
      projectName: planting.projectObject?.name ?? '',
      place: planting.projectObject ? [planting.projectObject.region, countryName(planting.projectObject.country, language)].filter(Boolean).join(', ') : '',
      trees: planting.treesHere,
      /** planting.planted_at once the foundation reported it done; null while pledged. */
      plantedAt: planting.pledged ? null : planting.planted_at,
      survival: planting.survival ? { rate: planting.survival.survival_rate, recordedAt: planting.survival.recorded_at, method: planting.survivalMethod } : null,
      statement: planting.statement ? { verifier: planting.statement.verifier_name, periodEnd: planting.statement.period_end } : null,
      photos: planting.photos.length,
      /** Its public page with the whole proof: live plantings of a public page only (test mode is never public). */
      pageUrl: publicPages ? plantingPagePath(slug, planting.id) : null,
    })),
  };
}
