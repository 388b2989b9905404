import { photosForPage } from '../photos/view.ts';
import { sql } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import { LANGUAGES, type Language } from '../../core/i18n.ts';
import type { Db } from '../../db/schema.ts';
import { findCompanyBrand } from '../company/brand.ts';
import { giftCodeStatus } from './present.ts';
import type { GiftCodeStatus } from './schemas.ts';
import { loadProjects } from '../projects/present.ts';

/**
 * What the claim page shows of a gift code: who gives it (with the company's website, to
 * turn to when the code cannot be claimed), how many trees, where they grow (the code's
 * project, or the project holding most of its trees) with one photo, and whether it can
 * still be claimed. Nothing personal: not whom the code was sent to, nor who claimed it
 * (lookUpClaimant reads that, for the browser that claimed the code only).
 */
export interface GiftView {
  code: string;
  status: GiftCodeStatus;
  livemode: boolean;
  trees: number;
  validUntil: Date;
  claimedAt: Date | null;
  company: {
    name: string;
    /** A path on Canopy: the page's images come from its own origin. */
    logoUrl: string;
    /** The company's own website (an http(s) address), or null when it has none. */
    websiteUrl: string | null;
    /** The company's privacy policy (an http(s) address), linked from the claim form; null when it has none. */
    privacyUrl: string | null;
  };
  project: { name: string; region: string | null; country: string; photo: { src: string; srcset: string; sizes: string; width: number; height: number; caption: string | null } | null } | null;
  /** The recipient who claimed the code: never shown, it is what the claiming browser's cookie is signed over. */
  recipientId: string | null;
  /** The claiming recipient's certificate, while it stands. */
  certificateId: string | null;
}

/** The gift code behind a code as stored (normalized), or null when there is none. */
export async function lookUpGiftCode(db: Db, publicBaseUrl: string, code: string, language: Language): Promise<GiftView | null> {
  const row = await db.selectFrom('gift_codes').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) return null;
  const company = await findCompanyBrand(db, publicBaseUrl, row.company_id);
  const ctx: ReadContext = { db, companyId: row.company_id, livemode: row.livemode, language, scopes: [], publicBaseUrl, secretKey: null };
  const projectId = row.project_id ?? (await mainProjectOfGift(db, row));
  const project = projectId ? (await loadProjects(ctx, [projectId])).get(projectId) : undefined;
  // The project's first photo, from Canopy's copy; none until it is copied (photos/view.ts): it adorns, it proves nothing.
  const firstPhoto = project?.photos[0];
  const shown = firstPhoto ? (await photosForPage(db, [firstPhoto], language))(firstPhoto) : null;
  const photo = shown?.state === 'stored' ? shown : null;
  const certificate = row.recipient_id
    ? await db.selectFrom('certificates').select('id').where('recipient_id', '=', row.recipient_id).where('withdrawn_at', 'is', null).executeTakeFirst()
    : undefined;
  return {
    code: row.code,
    status: giftCodeStatus(row),
    livemode: row.livemode,
    trees: row.trees,
    validUntil: row.valid_until,
    claimedAt: row.claimed_at,
    company: { name: company.name, logoUrl: company.logoPath, websiteUrl: company.websiteUrl, privacyUrl: company.privacyUrl },
    project: project
      ? { name: project.name, region: project.region, country: project.country, photo: photo ? { src: photo.src!, srcset: photo.srcset!, sizes: photo.sizes, width: photo.width, height: photo.height, caption: photo.caption } : null }
      : null,
    recipientId: row.recipient_id,
    certificateId: certificate?.id ?? null,
  };
}

/** Who claimed a code, for the page of the browser that claimed it: where the certificate was emailed, and in which language it is. */
export interface ClaimantView {
  firstName: string | null;
  /** Null once the recipient's personal data was erased. */
  email: string | null;
  language: Language;
}

export async function lookUpClaimant(db: Db, recipientId: string): Promise<ClaimantView | null> {
  const row = await db.selectFrom('recipients').select(['first_name', 'email', 'language']).where('id', '=', recipientId).executeTakeFirst();
  if (!row) return null;
  return { firstName: row.first_name, email: row.email, language: (LANGUAGES as readonly string[]).includes(row.language) ? (row.language as Language) : 'en' };
}

/** The project holding most of the code's trees: reserved by it, or, once claimed, its recipient's. */
async function mainProjectOfGift(db: Db, gift: { id: string; company_id: string; livemode: boolean; recipient_id: string | null }): Promise<string | null> {
  const row = await db
    .selectFrom('allocations')
    .select(['project_id', sql<number>`sum(trees)`.as('trees')])
    .where('company_id', '=', gift.company_id)
    .where('livemode', '=', gift.livemode)
    .where((eb) => (gift.recipient_id ? eb('recipient_id', '=', gift.recipient_id) : eb('gift_code_id', '=', gift.id)))
    .groupBy('project_id')
    .orderBy('trees', 'desc')
    .orderBy('project_id')
    .limit(1)
    .executeTakeFirst();
  return row?.project_id ?? null;
}
