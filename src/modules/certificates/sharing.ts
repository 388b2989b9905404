import type { Language } from '../../core/i18n.ts';
import type { Db } from '../../db/schema.ts';
import { countryName, type PreviewMeta } from '../../platform/pages/page.ts';
import { certificateShareImageUrl } from './links.ts';
import type { TEXTS } from './texts.ts';
import type { CertificateView } from './view.ts';

/**
 * A certificate's page is private until the person holding it chooses to share it (the
 * page's share form, a POST: a link preview or a crawler following links never shares
 * anything). Shared, it may be listed by search engines and its link preview names the
 * recipient; not shared, the preview names only the company and the trees. What is stored
 * is when it was shared (certificates.shared_at), nothing of who.
 */

type Texts = (typeof TEXTS)[Language];

/** What the pages need of a certificate before showing it: its language, whether it is shared, whether it stands. */
export async function certificateStanding(db: Db, id: string) {
  const row = await db.selectFrom('certificates').select(['language', 'shared_at', 'withdrawn_at']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return { language: row.language as Language, shared: row.shared_at !== null, withdrawn: row.withdrawn_at !== null };
}

/**
 * Shares a certificate's page, or stops sharing it. A withdrawn certificate is never
 * shared again; stopping always clears. 'nothing' when there is no such certificate.
 */
export async function setCertificateShared(db: Db, id: string, shared: boolean): Promise<'done' | 'withdrawn' | 'nothing'> {
  const standing = await certificateStanding(db, id);
  if (!standing) return 'nothing';
  if (shared && standing.withdrawn) return 'withdrawn';
  await db
    .updateTable('certificates')
    // The first share's time stays when it is shared again.
    .set(({ fn, val }) => ({ shared_at: shared ? fn.coalesce('shared_at', val(new Date())) : null }))
    .where('id', '=', id)
    .execute();
  return standing.withdrawn ? 'withdrawn' : 'done';
}

/**
 * What a link preview shows of a certificate. The title names the trees and who gave them,
 * and the recipient only when the page is shared; the description says where the trees
 * are by their status, never more than the certificate says (pledged trees are "to be
 * planted"). A test certificate says it is one.
 */
export function previewOf(view: CertificateView, shared: boolean, t: Texts, publicBaseUrl: string): PreviewMeta {
  const trees = t.trees(view.trees);
  const named = view.type === 'company'
    ? t.previewCompanyTitle(view.company.name, trees)
    : shared && view.issuedTo
      ? t.previewTitleNamed(trees, view.issuedTo, view.company.name)
      : t.previewTitle(trees, view.company.name);
  const title = view.livemode ? named : `${t.previewTest}: ${named}`;
  return {
    title,
    description: previewDescription(view, t),
    url: view.pageUrl,
    image: certificateShareImageUrl(publicBaseUrl, view.id),
    imageAlt: t.previewImageAlt(title),
  };
}

/** Where the trees are, by status: the two projects with most of them, then how many more. */
function previewDescription(view: CertificateView, t: Texts): string {
  const named = view.projects.slice(0, 2).map((summary) => `${summary.project.name} (${countryName(summary.project.country, view.language)})`);
  if (named.length === 0) return t.previewNoPlace;
  const places = t.previewPlaces(named, view.projects.length - named.length);
  if (view.wording === 'planted') return t.previewPlanted(places);
  if (view.wording === 'pledged') return t.previewPledged(places);
  return t.previewMixed(t.trees(view.byStatus.planted), t.trees(view.byStatus.pledged), places);
}

/**
 * Plain links that pass the page on: by email, WhatsApp and LinkedIn, each carrying only
 * the page's address (and the preview's title as the message). No script of theirs runs here.
 */
export function shareLinks(pageUrl: string, title: string, t: Texts): { name: string; href: string }[] {
  const url = encodeURIComponent(pageUrl);
  const text = encodeURIComponent(`${title}\n${pageUrl}`);
  return [
    { name: t.shareByEmail, href: `mailto:?subject=${encodeURIComponent(title)}&body=${text}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ];
}
