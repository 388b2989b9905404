import { sql } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import { type Language, translate } from '../../core/i18n.ts';
import type { Db, Translated } from '../../db/schema.ts';
import { countryName } from '../../platform/pages/page.ts';
import { sitesMapSvg } from '../../platform/pages/sites-map.ts';
import { sitesMapData } from '../../platform/pages/tile-map.ts';
import { type Links, proofBehind } from '../certificates/view.ts';
import { photosForPage } from '../photos/view.ts';
import { survivalChartSvg } from './chart.ts';
import { type ImpactCompany, impactFigures } from './figures.ts';
import { TEXTS } from './texts.ts';

/**
 * Everything the public impact page shows of a company, in one language: its figures
 * (figures.ts), its projects with their description, photos, statement and measurements,
 * its largest plantings with their proof (the certificate's view: certificates/view.ts
 * proofBehind, so one set of rules decides what a page may claim), and a map of every
 * planting holding its trees. Live data only; nothing personal: no recipient, no gift code.
 */
export type ImpactView = Awaited<ReturnType<typeof impactView>>;

/**
 * How many plantings the page describes, the largest first, and how many photos each
 * planting and each project shows: a described planting costs 3 to 5 KB of the page's 100;
 * the map shows every planting, and links each other one to a page of its own
 * (docs/decisions.md, "The impact page's cost").
 */
export const PLANTINGS_DESCRIBED = 4;
const PLANTING_PHOTOS = 2;
const PROJECT_PHOTOS = 2;

export async function impactView(db: Db, links: Links, company: ImpactCompany, language: Language) {
  const ctx: ReadContext = {
    db, companyId: company.id, livemode: true, language, scopes: [], publicBaseUrl: links.publicBaseUrl, secretKey: links.secretKey,
  };
  const proof = await proofBehind(db, links, { companyId: company.id, livemode: true, recipientId: null }, language, { maxPlantings: PLANTINGS_DESCRIBED, locators: false });
  const figures = await impactFigures(ctx, proof.summary);
  const t = TEXTS[language];

  const projectPhotos = figures.projects.flatMap((entry) => entry.project.photos.slice(0, PROJECT_PHOTOS));
  const showPhoto = await photosForPage(db, projectPhotos, language);
  const shownPlantings = new Set(proof.plantings.map((planting) => planting.id));
  const plantingNames = new Map(proof.plantings.map((planting) => [planting.id, planting.projectObject?.name ?? '']));
  const shapes = new Map(proof.plantings.map((planting) => [planting.id, planting.geometry]));

  const projects = figures.projects.map((entry) => {
    const place = [entry.project.region, countryName(entry.project.country, language)].filter(Boolean).join(', ');
    return {
      ...entry,
      anchor: `project-${entry.project.id}`,
      place,
      photos: entry.project.photos.slice(0, PROJECT_PHOTOS).map(showPhoto),
      chart: survivalChartSvg(entry.history, { title: t.chartTitle(entry.project.name), language }),
      /** Whether the measurements are the project's own (of all its trees) or of the company's plantings. */
      historyOfProject: entry.history.some((measurement) => measurement.planting === null),
      plantingsShown: proof.plantings.filter((planting) => planting.project === entry.project.id).map((planting) => planting.id),
    };
  });

  const sites = await plantingSites(ctx);
  const sitesShown = sites.filter((site) => site.latitude !== null && site.longitude !== null).map((site) => ({
    latitude: site.latitude as number,
    longitude: site.longitude as number,
    trees: site.trees,
    // A planting described below links to its section, any other to a page of its own.
    href: shownPlantings.has(site.planting_id) ? `#planting-${site.planting_id}` : plantingPagePath(company.slug, site.planting_id),
    label: t.siteLabel(plantingNames.get(site.planting_id) || site.projectName, t.trees(site.trees), site.planted_at !== null),
    // The tiled map draws the outline of each planting the page describes (the SVG map draws dots).
    geometry: shapes.get(site.planting_id) ?? null,
  }));
  const countries = new Set(figures.projects.map((entry) => entry.project.country));

  return {
    /** The JSON of the tiled map's sites (platform/pages/tile-map.ts), when the operator configured tiles. */
    tileSites: sitesMapData(sitesShown),
    company: { ...proof.company, slug: company.slug, ...aboutOf(company, language) },
    figures,
    countries: countries.size,
    projects,
    plantings: proof.plantings.map((planting) => ({ ...planting, photos: planting.photos.slice(0, PLANTING_PHOTOS) })),
    /** Every planting holding the company's trees; the page describes the largest (proofBehind). */
    plantingCount: sites.length,
    map: sitesMapSvg({ sites: sitesShown, title: t.mapTitle(company.name), language }),
    sites: sitesShown,
    measuredShare: figures.survival && figures.trees.planted > 0 ? figures.survival.treesMeasured / figures.trees.planted : 0,
  };
}

/** The page of one of the company's plantings, with its proof: where the map links a planting the impact page does not describe. */
export function plantingPagePath(slug: string, plantingId: string): string {
  return `/impact/${slug}/plantings/${plantingId}`;
}

/**
 * One planting of the company's with its proof and timeline (the certificate's planting
 * card), or null when it holds none of the company's live trees.
 */
export async function impactPlantingView(db: Db, links: Links, company: ImpactCompany, plantingId: string, language: Language) {
  const proof = await proofBehind(db, links, { companyId: company.id, livemode: true, recipientId: null }, language, { plantingIds: [plantingId] });
  const planting = proof.plantings[0];
  if (!planting) return null;
  return { company: { ...proof.company, slug: company.slug }, planting };
}

/** The company's text in the reader's language, else in the other one (with that language, for the page's `lang`), else none. */
function aboutOf(company: ImpactCompany, language: Language): { about: string | null; aboutLanguage: Language | null } {
  if (company.about[language]) return { about: company.about[language], aboutLanguage: language };
  const other = (Object.keys(company.about) as Language[]).find((code) => company.about[code]);
  return other ? { about: company.about[other], aboutLanguage: other } : { about: null, aboutLanguage: null };
}

/**
 * Every planting holding the company's trees, with where it is (planting.location, null
 * until reported) and the company's trees there: one row per planting (company_plantings),
 * for the map of all of them.
 */
async function plantingSites(ctx: ReadContext) {
  const { rows } = await sql<{
    planting_id: string; project_id: string; trees: number; planted_at: string | null; latitude: number | null; longitude: number | null; name: Translated;
  }>`
    SELECT cp.planting_id, cp.project_id, cp.trees, p.planted_at::text AS planted_at, p.latitude, p.longitude, pr.name
    FROM company_plantings cp
    JOIN plantings p ON p.id = cp.planting_id
    JOIN projects pr ON pr.id = cp.project_id
    WHERE cp.company_id = ${ctx.companyId} AND cp.livemode = ${ctx.livemode} AND cp.trees > 0
    ORDER BY cp.trees DESC, cp.planting_id`.execute(ctx.db);
  return rows.map((row) => ({
    ...row,
    trees: Number(row.trees),
    projectName: translate(row.name, ctx.language),
  }));
}
