import type { ReadContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import type { Language } from '../../core/i18n.ts';
import { certificatePageUrl, signedDownloadUrl } from './links.ts';
import { allocationIdsByRecipient, type CertificateRow, findCertificatesByIds } from './queries.ts';

/**
 * A download link is for readers holding certificates:read (spec section 5: it reads
 * "certificates and download URLs"); a certificate reached another way (a recipient, an
 * expand, an event) comes without one.
 */
const mayDownload = (ctx: ReadContext) => ctx.scopes.includes('certificates:read');

/**
 * Certificate rows to API objects, with a freshly signed download link for a reader with
 * certificates:read. The service's own renderings (events) have no secret and store
 * `download_url` as null; readers of the event log get a fresh link (refreshDownloadUrl).
 */
export async function presentCertificates(ctx: ReadContext, rows: readonly CertificateRow[]) {
  const allocations = await allocationIdsByRecipient(ctx, rows.flatMap((row) => (row.recipient_id ? [row.recipient_id] : [])));
  return rows.map((row) => withoutDownloadUnlessAllowed(ctx, {
    id: row.id,
    object: 'certificate' as const,
    livemode: row.livemode,
    type: row.type,
    number: row.number,
    trees: row.trees,
    project: row.project_id,
    recipient: row.recipient_id,
    allocations: row.recipient_id ? (allocations.get(row.recipient_id) ?? []) : [],
    language: row.language as Language,
    issued_at: iso(row.issued_at),
    url: certificatePageUrl(ctx.publicBaseUrl, row.id),
    // Null only in the event log's stored copy, which every reader gets with a fresh link (refreshDownloadUrl).
    download_url: (ctx.secretKey ? signedDownloadUrl(ctx.publicBaseUrl, ctx.secretKey, row.id) : null) as string,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }));
}

function withoutDownloadUnlessAllowed<T extends { download_url?: unknown }>(ctx: ReadContext, certificate: T): Omit<T, 'download_url'> & Partial<Pick<T, 'download_url'>> {
  if (mayDownload(ctx)) return certificate;
  const { download_url: _withheld, ...rest } = certificate;
  return rest;
}

export async function loadCertificates(ctx: ReadContext, ids: readonly string[]) {
  const objects = await presentCertificates(ctx, await findCertificatesByIds(ctx, ids));
  return new Map(objects.map((object) => [object.id, object]));
}

/** A certificate object stored earlier (in an event), with a download link signed now for a reader with certificates:read. */
export function refreshDownloadUrl(ctx: ReadContext, object: { id: string; download_url?: unknown }) {
  const refreshed = ctx.secretKey ? { ...object, download_url: signedDownloadUrl(ctx.publicBaseUrl, ctx.secretKey, object.id) } : object;
  return withoutDownloadUnlessAllowed(ctx, refreshed);
}
