import { type Selectable, sql } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import type { Language } from '../../core/i18n.ts';
import type { CertificatesTable, Db } from '../../db/schema.ts';
import { certificateLinkFor, certificatePageUrl, signedDownloadUrl } from './links.ts';
import sharp from 'sharp';
import { PLANTING_DONE_SQL, plantingDone } from '../../domain/lifecycle.ts';
import { findCompanyBrand } from '../company/brand.ts';
import { readCopyFile } from '../photos/copies.ts';
import { presentPlantings } from '../plantings/present.ts';
import { findPlantingsByIds } from '../plantings/queries.ts';
import { loadProjects, type presentProjects } from '../projects/present.ts';
import { photosForPage } from '../photos/view.ts';
import { countryName as countryOf } from '../../platform/pages/page.ts';
import { locatorSvg, plantingMapSvg } from '../../platform/pages/place.ts';
import { ECOSYSTEM_TYPES, MONITORING_METHODS, PLANTING_METHODS, wordFor } from '../proof/words.ts';
import { coveringStatement, isPlanted, statusWording, survivalOf, timelineOf, treesByStatus } from './proof.ts';
import { TEXTS } from './texts.ts';

/**
 * Everything a certificate shows, on its public page and in its PDF: what it certifies,
 * who gave the trees to whom, and for each planting behind them the proof (project,
 * partner, date, species, polygon, photos, latest measurement, verification), in one
 * language. Personal data appears only while the certificate stands.
 */
export type CertificateView = Awaited<ReturnType<typeof viewOf>>;

export type CertificateLookup =
  | { found: 'certificate'; view: CertificateView }
  | { found: 'withdrawn'; number: string; livemode: boolean }
  | { found: 'nothing' };

export interface Links {
  publicBaseUrl: string;
  secretKey: string;
}

/** The certificate behind a public id, as the page and the PDF show it. */
export async function lookUpCertificate(db: Db, links: Links, id: string, language: Language): Promise<CertificateLookup> {
  const row = await db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return { found: 'nothing' };
  if (row.withdrawn_at) return { found: 'withdrawn', number: row.number, livemode: row.livemode };
  return { found: 'certificate', view: await viewOf(db, links, row, language) };
}

type CertificateRow = Selectable<CertificatesTable>;

async function viewOf(db: Db, links: Links, row: CertificateRow, language: Language) {
  const subject = { companyId: row.company_id, livemode: row.livemode, recipientId: row.recipient_id };
  const { company, plantings: shown, summary } = await proofBehind(db, links, subject, language);
  const recipient = row.recipient_id
    ? await db.selectFrom('recipients').select(['first_name', 'last_name', 'message']).where('id', '=', row.recipient_id).executeTakeFirst()
    : undefined;

  return {
    id: row.id,
    number: row.number,
    type: row.type,
    livemode: row.livemode,
    language,
    certificateLanguage: row.language as Language,
    trees: row.trees,
    issuedAt: row.issued_at,
    issuedTo: row.type === 'company' ? company.name : [recipient?.first_name, recipient?.last_name].filter(Boolean).join(' '),
    message: recipient?.message ?? null,
    /** The giving company's public face (company/brand.ts): its name, logo (Canopy's copy or its initials), website. */
    company: {
      name: company.name, logoUrl: company.logoUrl, logoPath: company.logoPath, logoCopyKey: company.logoCopyKey, initials: company.initials, colour: company.colour,
      websiteUrl: company.websiteUrl, websiteHost: company.websiteHost,
    },
    pageUrl: certificatePageUrl(links.publicBaseUrl, row.id),
    /** The page in the certificate's own language, for its email: whoever opens it reads the certificate as it was written. */
    emailLinkUrl: certificateLinkFor(links.publicBaseUrl, row.id, row.language as Language),
    downloadUrl: signedDownloadUrl(links.publicBaseUrl, links.secretKey, row.id),
    /** The trees by status (planted, pledged) and by project, each project with its own statement and the trees it covers. */
    ...summary,
    plantings: shown,
  };
}

/** How much a proof view draws: its largest `maxPlantings` plantings, and each one's locator map unless `locators` is false (a page with one map of all). */
export interface ProofOptions {
  maxPlantings?: number;
  locators?: boolean;
  /** Only these plantings of a company's (one planting's own page): those holding none of its trees are left out. */
  plantingIds?: readonly string[];
}

/** Whose trees a proof view shows: a recipient's, or (recipientId null) all of a company's in one mode. */
export interface ProofSubject {
  companyId: string;
  livemode: boolean;
  recipientId: string | null;
}

/**
 * The trees of a recipient or of a company and the proof behind them, in one language: the
 * giving company's public face, each planting with its proof (largest first; a company's
 * largest `maxPlantings`), and the trees by status and by project. What a certificate
 * shows, and the public impact page (modules/impact) too: one set of proof rules (proof.ts).
 */
export async function proofBehind(db: Db, links: Links, subject: ProofSubject, language: Language, options: ProofOptions = {}) {
  const { maxPlantings = MAX_PLANTINGS_SHOWN, locators = true, plantingIds } = options;
  const company = await findCompanyBrand(db, links.publicBaseUrl, subject.companyId);
  // The company's own view of its proof, in the reader's language; the page never shows personal data of others.
  const ctx: ReadContext = {
    db, companyId: subject.companyId, livemode: subject.livemode, language, scopes: [], publicBaseUrl: links.publicBaseUrl, secretKey: links.secretKey,
  };
  const treesByPlanting = await treesBehind(db, subject, maxPlantings, plantingIds);
  const rows = await findPlantingsByIds(ctx, [...treesByPlanting.keys()]);
  // A planting's trees are planted once the foundation reported it done with its dossier (its allocations' status
  // moves then: spec section 3); a planted_at sent before that is a date still to be confirmed: pledged here too.
  const done = new Set(rows.filter((row) => plantingDone(row)).map((row) => row.id));
  const plantings = (await presentPlantings(ctx, rows)).map((planting) => (done.has(planting.id) ? planting : { ...planting, planted_at: null }));
  // Canopy's copies of the plantings' photos, read for all of them at once (modules/photos): never the foundation's host.
  const showPhoto = await photosForPage(db, plantings.flatMap((planting) => planting.photos), language);
  const projects = await loadProjects(ctx, [...new Set(plantings.map((planting) => planting.project as string))], ['partner']);

  const shown = plantings
    .map((planting) => {
      const project = projects.get(planting.project as string);
      const partner = project && typeof project.partner === 'object' ? project.partner.name : null;
      return {
        ...planting,
        photos: planting.photos.map(showPhoto),
        treesHere: treesByPlanting.get(planting.id) ?? 0,
        projectObject: project,
        partnerName: partner,
        pledged: !isPlanted(planting),
        /** The statement that covers these trees (proof.ts), or null: never one that ends before they were planted. */
        statement: coveringStatement(planting),
        /** The planting's own survival measurement, taken after planting (proof.ts), or null. */
        survival: survivalOf(planting),
        survivalMethod: wordFor(MONITORING_METHODS, survivalOf(planting)?.method, language),
        /** Pledged, planted, measured, verified: each with its date once the proof shows it (proof.ts). */
        timeline: timelineOf(planting),
        /** How the trees went into the ground, in words (proof/words.ts). */
        method: wordFor(PLANTING_METHODS, planting.planting_method, language),
        /** Where on Earth (the country with the site marked) and the planting drawn to scale, as inline SVG; null when unknown. */
        place: placeOf(planting, project, language, locators),
      };
    })
    .sort((a, b) => b.treesHere - a.treesHere)
    // Each project is described once, above its largest planting here.
    .map((planting, i, all) => ({
      ...planting,
      describesProject: all.findIndex((other) => other.project === planting.project) === i,
      ecosystem: wordFor(ECOSYSTEM_TYPES, planting.projectObject?.ecosystem_type, language),
    }));
  const summary = subject.recipientId === null ? await companySummary(ctx, projects) : personalSummary(shown);
  return { company, plantings: shown, summary };
}

/** The locator and the planting map of a planting (platform/pages/place.ts), titled in the reader's language. */
function placeOf(
  planting: { location: { latitude: number; longitude: number } | null; geometry: { coordinates: number[][][] } | null },
  project: { name: string; country: string } | undefined,
  language: Language,
  withLocator = true,
) {
  const t = TEXTS[language];
  const country = project?.country ?? null;
  const countryName = country ? countryOf(country, language) : null;
  return {
    locator: !withLocator ? null : locatorSvg({ country, latitude: planting.location?.latitude, longitude: planting.location?.longitude, title: t.locatorTitle(countryName) }),
    map: planting.geometry ? plantingMapSvg({ rings: planting.geometry.coordinates, title: t.plantingMapTitle(project?.name ?? ''), language }) : null,
  };
}

type ShownPlanting = {
  project: unknown;
  planted_at: string | null;
  treesHere: number;
  projectObject: ProjectObject | undefined;
  statement: Statement | null;
  verification: { latest: Statement | null };
};
/** A project as the API presents it (projects/present.ts), in the reader's language. */
type ProjectObject = Awaited<ReturnType<typeof presentProjects>>[number];
type Statement = NonNullable<Awaited<ReturnType<typeof presentPlantings>>[number]['verification']['latest']>;

/** One project of a certificate: its trees by status, its latest statement, and how many of these trees that statement covers. */
export interface ProjectSummary {
  project: ProjectObject;
  trees: number;
  planted: number;
  pledged: number;
  /** Of `planted`, the trees with status monitored (project.trees.monitored); only a company's summary knows it. */
  monitored?: number;
  statement: Statement | null;
  coveredTrees: number;
}

/** A personal certificate's trees, by status and by project, from its own plantings. */
function personalSummary(plantings: readonly ShownPlanting[]) {
  const byProject = new Map<string, ProjectSummary>();
  for (const planting of plantings) {
    if (!planting.projectObject) continue;
    const entry = byProject.get(planting.projectObject.id) ?? {
      project: planting.projectObject, trees: 0, planted: 0, pledged: 0, statement: planting.verification.latest, coveredTrees: 0,
    };
    entry.trees += planting.treesHere;
    entry[isPlanted(planting) ? 'planted' : 'pledged'] += planting.treesHere;
    if (planting.statement) entry.coveredTrees += planting.treesHere;
    byProject.set(planting.projectObject.id, entry);
  }
  const byStatus = treesByStatus(plantings);
  return { byStatus, wording: statusWording(byStatus), projects: [...byProject.values()].sort((a, b) => b.trees - a.trees) };
}

/**
 * A company certificate's trees, by status and by project: the company's own trees in each
 * project (company_projects, the numbers of project.trees), and for each project's latest
 * statement the company's trees it covers (its plantings planted up to the statement's end).
 * One row per project and one grouped read of the company's plantings in verified projects.
 */
export type CompanySummary = Awaited<ReturnType<typeof companySummary>>;

export async function companySummary(ctx: ReadContext, shownProjects: ReadonlyMap<string, unknown>) {
  const rows = await ctx.db
    .selectFrom('company_projects')
    .select(['project_id', 'trees_pledged', 'trees_planted', 'trees_monitored'])
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .execute();
  const projectIds = rows.map((entry) => entry.project_id);
  const missing = projectIds.filter((id) => !shownProjects.has(id));
  const projects = new Map([...shownProjects, ...(missing.length > 0 ? await loadProjects(ctx, missing) : new Map())]) as Map<string, ProjectObject & { verification: { latest: Statement | null } }>;
  const ends = [...projects.values()].flatMap((project) => (project.verification.latest ? [[project.id, project.verification.latest.period_end] as const] : []));
  const covered = new Map<string, number>();
  if (ends.length > 0) {
    const { rows: coveredRows } = await sql<{ project_id: string; trees: string }>`
      SELECT cp.project_id, sum(cp.trees) AS trees
      FROM company_plantings cp
      JOIN plantings p ON p.id = cp.planting_id
      JOIN unnest(${sql.val(ends.map(([id]) => id))}::text[], ${sql.val(ends.map(([, end]) => end))}::date[]) AS s(project_id, period_end)
        ON s.project_id = cp.project_id
      WHERE cp.company_id = ${ctx.companyId} AND cp.livemode = ${ctx.livemode}
        AND ${sql.raw(PLANTING_DONE_SQL)} AND p.planted_at <= s.period_end
      GROUP BY cp.project_id`.execute(ctx.db);
    for (const entry of coveredRows) covered.set(entry.project_id, Number(entry.trees));
  }
  const summaries: ProjectSummary[] = rows.flatMap((entry) => {
    const project = projects.get(entry.project_id);
    if (!project) return [];
    const planted = entry.trees_planted + entry.trees_monitored;
    const trees = planted + entry.trees_pledged;
    if (trees === 0) return [];
    return [{
      project, trees, planted, pledged: entry.trees_pledged, monitored: entry.trees_monitored, statement: project.verification.latest, coveredTrees: covered.get(entry.project_id) ?? 0,
    }];
  });
  const byStatus = summaries.reduce((sum, entry) => ({ planted: sum.planted + entry.planted, pledged: sum.pledged + entry.pledged }), { planted: 0, pledged: 0 });
  return { byStatus, wording: statusWording(byStatus), projects: summaries.sort((a, b) => b.trees - a.trees) };
}

/**
 * What the certificate's main sentence says, by the status of its trees (proof.ts): trees
 * that were planted, trees pledged to be planted, or how many of each. Never that pledged
 * trees grow.
 */
export function certifiedSentence(view: CertificateView, t: (typeof TEXTS)[Language]): string {
  const trees = t.trees(view.trees);
  if (view.type === 'company') return t.certifiesCompany(trees, view.company.name);
  if (view.wording === 'pledged') return t.certifiesPledged(trees, view.issuedTo);
  if (view.wording === 'planted') return t.certifies(trees, view.issuedTo);
  return t.certifiesMixed(trees, view.issuedTo, t.trees(view.byStatus.planted), t.trees(view.byStatus.pledged));
}

/**
 * The trees a certificate covers, by planting: a recipient's allocations, or for a
 * company certificate the company's trees in each planting (company_plantings, one row
 * per planting, never a scan of allocations).
 */
async function treesBehind(db: Db, subject: ProofSubject, maxPlantings: number, plantingIds?: readonly string[]): Promise<Map<string, number>> {
  if (plantingIds?.length === 0) return new Map();
  const rows = subject.recipientId
    ? await db
        .selectFrom('allocations')
        .select(['planting_id', db.fn.sum<number>('trees').as('trees')])
        .where('recipient_id', '=', subject.recipientId)
        .groupBy('planting_id')
        .execute()
    : await db
        .selectFrom('company_plantings')
        .select(['planting_id', 'trees'])
        .where('company_id', '=', subject.companyId)
        .where('livemode', '=', subject.livemode)
        .where('trees', '>', 0)
        .$if(plantingIds !== undefined, (query) => query.where('planting_id', 'in', plantingIds ?? []))
        .orderBy('trees', 'desc')
        .orderBy('planting_id')
        .limit(maxPlantings)
        .execute();
  return new Map(rows.map((entry) => [entry.planting_id, Number(entry.trees)]));
}

/** A company certificate shows its largest plantings; the rest are in the company's API. */
const MAX_PLANTINGS_SHOWN = 24;

/**
 * The giving company's own logo as PNG bytes for the PDF (pdfkit draws PNG and JPEG, the
 * copy is WebP), or undefined while it has none copied: the PDF then draws its initials.
 */
export async function pdfLogoOf(db: Db, view: CertificateView): Promise<Buffer | undefined> {
  if (!view.company.logoCopyKey) return undefined;
  const webp = await readCopyFile(db, view.company.logoCopyKey, 'phone');
  return webp ? sharp(webp).png().toBuffer() : undefined;
}
