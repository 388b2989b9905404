import type { Language } from '../../core/i18n.ts';
import { derivedKey, hmacHex, signaturesEqual } from '../../core/secrets.ts';

/** How long a download link works: long enough to click, short enough that a forwarded link dies. */
export const DOWNLOAD_LINK_SECONDS = 3600;
const PURPOSE = 'certificate-download';

/**
 * The stable public page of a certificate: `{PUBLIC_BASE_URL}/certificates/{id}`, the API's
 * `url`. With a language, `?lang=` opens it in that language rather than the certificate's own.
 */
export function certificatePageUrl(publicBaseUrl: string, id: string, language?: Language): string {
  const page = `${publicBaseUrl}/certificates/${id}`;
  return language ? `${page}?lang=${language}` : page;
}

/**
 * The link a certificate email carries: the page in the language the email is written in,
 * whatever the browser that opens it prefers. The API's `url` stays the bare page.
 */
export function certificateLinkFor(publicBaseUrl: string, id: string, language: Language): string {
  return certificatePageUrl(publicBaseUrl, id, language);
}

/** The picture a link preview of the page shows (1200 by 630 px): `{PUBLIC_BASE_URL}/certificates/{id}/share.png`. */
export function certificateShareImageUrl(publicBaseUrl: string, id: string): string {
  return `${certificatePageUrl(publicBaseUrl, id)}/share.png`;
}

/**
 * A signed, expiring link to a certificate's PDF:
 * `{PUBLIC_BASE_URL}/certificates/{id}/download?expires=<unix seconds>&signature=<hex>`, the
 * signature an HMAC-SHA256 over "<id>.<expires>" with a key derived from the server secret.
 */
export function signedDownloadUrl(publicBaseUrl: string, secretKey: string, id: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
  return `${certificatePageUrl(publicBaseUrl, id)}/download?expires=${expires}&signature=${downloadSignature(secretKey, id, expires)}`;
}

function downloadSignature(secretKey: string, id: string, expires: number): string {
  return hmacHex(derivedKey(secretKey, PURPOSE), `${id}.${expires}`);
}

/**
 * What a download link is: ours and current, ours but past its expiry, or not ours
 * (changed, cut short, signed for another certificate). The signature is checked first,
 * so only a genuine link is ever told it expired.
 */
export function checkDownloadLink(secretKey: string, id: string, expires: unknown, signature: unknown, now = new Date()): 'valid' | 'expired' | 'invalid' {
  if (typeof expires !== 'string' || typeof signature !== 'string') return 'invalid';
  if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
  if (!signaturesEqual(downloadSignature(secretKey, id, Number(expires)), signature)) return 'invalid';
  return Number(expires) * 1000 < now.getTime() ? 'expired' : 'valid';
}

export function downloadLinkValid(secretKey: string, id: string, expires: string, signature: string, now = new Date()): boolean {
  return checkDownloadLink(secretKey, id, expires, signature, now) === 'valid';
}
