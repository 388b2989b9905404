import type { Language } from '../../core/i18n.ts';
import type { Db } from '../../db/schema.ts';
import { type CompanyBrand, findCompanyBrand } from '../company/brand.ts';
import { TEXTS } from './texts.ts';

/**
 * The company that issued a certificate, as its email and its withdrawn page name it: the
 * company's public face only, so it may be shown when the certificate no longer stands.
 * Null when there is no such certificate.
 */
export async function certificateIssuer(db: Db, publicBaseUrl: string, certificateId: string): Promise<CompanyBrand | null> {
  const row = await db.selectFrom('certificates').select('company_id').where('id', '=', certificateId).executeTakeFirst();
  return row ? findCompanyBrand(db, publicBaseUrl, row.company_id) : null;
}

/**
 * What the page of a withdrawn certificate says (on the messagePage): its number, the
 * company that issued it, and a link to that company's website when it has one, so the
 * reader knows whom to ask. Nothing of the recipient.
 */
export async function withdrawnMessage(db: Db, publicBaseUrl: string, certificateId: string, number: string, language: Language) {
  const t = TEXTS[language];
  const issuer = await certificateIssuer(db, publicBaseUrl, certificateId);
  const named = issuer ? `${t.number} ${number}, ${ISSUER_TEXTS[language].issuedBy(issuer.name)}.` : `${t.number} ${number}.`;
  const website = issuer?.websiteUrl && issuer.websiteHost ? { linkUrl: issuer.websiteUrl, linkText: ISSUER_TEXTS[language].visitWebsite(issuer.websiteHost) } : {};
  return { heading: t.withdrawnTitle, text: `${named} ${t.withdrawnBody}`, ...website };
}

/** The lines that name the issuing company, on behalf of which Canopy writes. */
export const ISSUER_TEXTS = {
  en: {
    issuedBy: (company: string) => `issued by ${company}`,
    visitWebsite: (host: string) => `Visit ${host}`,
    sentOnBehalf: (company: string) => `Sent by Canopy on behalf of ${company}.`,
    replyReaches: (company: string) => `Reply to this email to reach ${company}.`,
  },
  nl: {
    issuedBy: (company: string) => `uitgegeven door ${company}`,
    visitWebsite: (host: string) => `Naar ${host}`,
    sentOnBehalf: (company: string) => `Verstuurd door Canopy namens ${company}.`,
    replyReaches: (company: string) => `Beantwoord deze e-mail om ${company} te bereiken.`,
  },
} as const satisfies Record<Language, Record<string, (value: string) => string>>;
