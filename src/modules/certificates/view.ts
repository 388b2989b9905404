import type { Selectable } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import type { Language } from '../../core/i18n.ts';
import type { CertificatesTable, Db } from '../../db/schema.ts';
import { certificatePageUrl, signedDownloadUrl } from './links.ts';
import { generatedLogoUrl } from '../company/present.ts';
import { presentPlantings } from '../plantings/present.ts';
import { findPlantingsByIds } from '../plantings/queries.ts';
import { loadProjects } from '../projects/present.ts';
import type { TEXTS } from './texts.ts';

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
  const company = await db.selectFrom('companies').select(['name', 'slug', 'logo_url', 'website_url']).where('id', '=', row.company_id).executeTakeFirstOrThrow();
  // The company's own view of its proof, in the reader's language; the page never shows personal data of others.
  const ctx: ReadContext = {
    db, companyId: row.company_id, livemode: row.livemode, language, scopes: [], publicBaseUrl: links.publicBaseUrl, secretKey: links.secretKey,
  };
  const recipient = row.recipient_id
    ? await db.selectFrom('recipients').select(['first_name', 'last_name', 'message']).where('id', '=', row.recipient_id).executeTakeFirst()
    : undefined;
  const treesByPlanting = await treesBehind(db, row);
  const plantings = await presentPlantings(ctx, await findPlantingsByIds(ctx, [...treesByPlanting.keys()]));
  const projects = await loadProjects(ctx, [...new Set(plantings.map((planting) => planting.project as string))], ['partner']);

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
    company: { name: company.name, logoUrl: company.logo_url ?? generatedLogoUrl(links.publicBaseUrl, company.slug), websiteUrl: company.website_url },
    pageUrl: certificatePageUrl(links.publicBaseUrl, row.id),
    downloadUrl: signedDownloadUrl(links.publicBaseUrl, links.secretKey, row.id),
    plantings: plantings
      .map((planting) => {
        const project = projects.get(planting.project as string);
        const partner = project && typeof project.partner === 'object' ? project.partner.name : null;
        return { ...planting, treesHere: treesByPlanting.get(planting.id) ?? 0, projectObject: project, partnerName: partner, pledged: planting.planted_at === null };
      })
      .sort((a, b) => b.treesHere - a.treesHere),
  };
}

/** What the certificate's main sentence says: trees that grow, or, while every one is still pledged, trees to be planted. */
export function certifiedSentence(view: CertificateView, t: (typeof TEXTS)[Language]): string {
  const trees = t.trees(view.trees);
  if (view.type === 'company') return t.certifiesCompany(trees, view.company.name);
  const allPledged = view.plantings.length > 0 && view.plantings.every((planting) => planting.pledged);
  return allPledged ? t.certifiesPledged(trees, view.issuedTo) : t.certifies(trees, view.issuedTo);
}

/**
 * The trees a certificate covers, by planting: a recipient's allocations, or for a
 * company certificate the company's trees in each planting (company_plantings, one row
 * per planting, never a scan of allocations).
 */
async function treesBehind(db: Db, row: CertificateRow): Promise<Map<string, number>> {
  const rows = row.recipient_id
    ? await db
        .selectFrom('allocations')
        .select(['planting_id', db.fn.sum<number>('trees').as('trees')])
        .where('recipient_id', '=', row.recipient_id)
        .groupBy('planting_id')
        .execute()
    : await db
        .selectFrom('company_plantings')
        .select(['planting_id', 'trees'])
        .where('company_id', '=', row.company_id)
        .where('livemode', '=', row.livemode)
        .where('trees', '>', 0)
        .orderBy('trees', 'desc')
        .limit(MAX_PLANTINGS_SHOWN)
        .execute();
  return new Map(rows.map((entry) => [entry.planting_id, Number(entry.trees)]));
}

/** A company certificate shows its largest plantings; the rest are in the company's API. */
const MAX_PLANTINGS_SHOWN = 24;
