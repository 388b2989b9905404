import { sql } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import type { Language } from '../../core/i18n.ts';
import type { Db } from '../../db/schema.ts';
import { generatedLogoUrl } from '../company/present.ts';
import { giftCodeStatus } from './present.ts';
import type { GiftCodeStatus } from './schemas.ts';
import { loadProjects } from '../projects/present.ts';

/**
 * What the claim page shows of a gift code: who gives it, how many trees, where they grow
 * (the code's project, or the project holding most of its trees) with one photo, and
 * whether it can still be claimed. Nothing personal: not whom the code was sent to.
 */
export interface GiftView {
  code: string;
  status: GiftCodeStatus;
  livemode: boolean;
  trees: number;
  validUntil: Date;
  claimedAt: Date | null;
  company: { name: string; logoUrl: string };
  project: { name: string; region: string | null; country: string; photo: { url: string; caption: string | null } | null } | null;
  /** The claiming recipient's certificate, while it stands. */
  certificateId: string | null;
}

/** The gift code behind a code as stored (normalized), or null when there is none. */
export async function lookUpGiftCode(db: Db, publicBaseUrl: string, code: string, language: Language): Promise<GiftView | null> {
  const row = await db.selectFrom('gift_codes').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) return null;
  const company = await db.selectFrom('companies').select(['name', 'slug', 'logo_url']).where('id', '=', row.company_id).executeTakeFirstOrThrow();
  const ctx: ReadContext = { db, companyId: row.company_id, livemode: row.livemode, language, scopes: [], publicBaseUrl, secretKey: null };
  const projectId = row.project_id ?? (await mainProjectOfGift(db, row));
  const project = projectId ? (await loadProjects(ctx, [projectId])).get(projectId) : undefined;
  const photo = project?.photos[0];
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
    company: { name: company.name, logoUrl: company.logo_url ?? generatedLogoUrl(publicBaseUrl, company.slug) },
    project: project
      ? { name: project.name, region: project.region, country: project.country, photo: photo ? { url: photo.url, caption: photo.caption } : null }
      : null,
    certificateId: certificate?.id ?? null,
  };
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
