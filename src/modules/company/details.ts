import { fullFormats } from 'ajv-formats/dist/formats.js';

/**
 * The rules for how a company presents itself (its name, website, logo, contact address,
 * privacy policy, public impact page and its text there), one set for the operator's
 * `canopy companies update` (operator/companies.ts) and the dashboard's public profile
 * (profile.ts). Each refusal names its column and a problem code, so that the CLI can name
 * its option and a page can say it in the reader's language beside the field.
 */

/** How a company presents itself: undefined leaves a detail as it is, null clears it (the name cannot be cleared). */
export interface CompanyDetails {
  name?: string;
  country?: string | null;
  websiteUrl?: string | null;
  logoUrl?: string | null;
  /** The Reply-To of its certificate emails. */
  contactEmail?: string | null;
  /** Its privacy policy, linked from the claim page. */
  privacyUrl?: string | null;
  /** Whether its public impact page shows its trees (hidden: a plain "not public" page at the same address). */
  impactPage?: 'public' | 'hidden';
  /** Its short text on the impact page, in English and in Dutch: plain text, paragraphs by blank lines. */
  aboutEn?: string | null;
  aboutNl?: string | null;
}

export type DetailColumn = 'name' | 'country' | 'website_url' | 'logo_url' | 'contact_email' | 'privacy_url' | 'impact_page_public' | 'about_en' | 'about_nl';

/** The columns of the details given, as stored. */
export interface DetailColumns {
  name?: string;
  country?: string | null;
  website_url?: string | null;
  logo_url?: string | null;
  contact_email?: string | null;
  privacy_url?: string | null;
  impact_page_public?: boolean;
  about_en?: string | null;
  about_nl?: string | null;
}

/** Why a detail was refused. */
export type DetailProblem =
  | 'name_missing' | 'name_too_long' | 'not_country' | 'not_address' | 'not_https' | 'has_credentials' | 'address_too_long'
  | 'not_email' | 'not_choice' | 'control_characters' | 'text_too_long';

/** The longest text a company writes about its trees, per language: a few sentences above its figures, never an essay. */
export const MAX_ABOUT_LENGTH = 600;

/** The longest company name: the certificate PDF's header prints it whole (certificates/pdf.ts). */
export const MAX_COMPANY_NAME_LENGTH = 200;

/** The longest address stored. */
const MAX_ADDRESS_LENGTH = 2048;

/** A detail that cannot be stored: its column, why, and a sentence in English for the operator. */
export class CompanyDetailRefused extends Error {
  constructor(readonly column: DetailColumn, readonly problem: DetailProblem, message: string) {
    super(message);
  }
}

/** What the API's `email` format accepts (ajv-formats in full mode, as app.ts sets it up): one rule for an address wherever it comes in. */
const EMAIL = fullFormats.email as RegExp;

/**
 * The columns for the details given, each checked first: the first refused throws
 * (CompanyDetailRefused) before anything is written. Addresses are stored as the URL
 * parser writes them, so a page links exactly what was checked.
 */
export function detailColumns(details: CompanyDetails): DetailColumns {
  const { columns, refused } = checkDetails(details);
  if (refused[0]) throw refused[0];
  return columns;
}

/** Every detail given checked, none thrown: the columns of those that may be stored, and every refusal (a form shows each beside its field). */
export function checkDetails(details: CompanyDetails): { columns: DetailColumns; refused: CompanyDetailRefused[] } {
  const columns: DetailColumns = {};
  const refused: CompanyDetailRefused[] = [];
  const check = <K extends keyof DetailColumns>(column: K, value: unknown, make: () => DetailColumns[K]) => {
    if (value === undefined) return;
    try {
      columns[column] = make();
    } catch (error) {
      if (!(error instanceof CompanyDetailRefused)) throw error;
      refused.push(error);
    }
  };
  check('name', details.name, () => companyName(details.name!));
  check('country', details.country, () => (details.country === null ? null : countryCode(details.country!)));
  check('website_url', details.websiteUrl, () => (details.websiteUrl === null ? null : webAddress('website_url', 'The website', details.websiteUrl!)));
  check('logo_url', details.logoUrl, () => (details.logoUrl === null ? null : webAddress('logo_url', 'The logo', details.logoUrl!)));
  check('privacy_url', details.privacyUrl, () => (details.privacyUrl === null ? null : webAddress('privacy_url', 'The privacy policy', details.privacyUrl!)));
  check('contact_email', details.contactEmail, () => (details.contactEmail === null ? null : emailAddress(details.contactEmail!)));
  check('impact_page_public', details.impactPage, () => {
    if (details.impactPage !== 'public' && details.impactPage !== 'hidden') {
      throw new CompanyDetailRefused('impact_page_public', 'not_choice', `The impact page is "public" or "hidden"; got "${details.impactPage}".`);
    }
    return details.impactPage === 'public';
  });
  check('about_en', details.aboutEn, () => (details.aboutEn === null ? null : aboutText('about_en', details.aboutEn!)));
  check('about_nl', details.aboutNl, () => (details.aboutNl === null ? null : aboutText('about_nl', details.aboutNl!)));
  return { columns, refused };
}

function companyName(value: string): string {
  const name = value.trim();
  if (!name) throw new CompanyDetailRefused('name', 'name_missing', 'A company needs a name.');
  if (name.length > MAX_COMPANY_NAME_LENGTH) throw new CompanyDetailRefused('name', 'name_too_long', `A company name can be at most ${MAX_COMPANY_NAME_LENGTH} characters.`);
  return name;
}

/** Plain text the page prints escaped: line endings made \n, no control characters, trimmed, at most MAX_ABOUT_LENGTH. */
function aboutText(column: 'about_en' | 'about_nl', value: string): string | null {
  const text = value.replace(/\r\n?/g, '\n').trim();
  if (text === '') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(text)) throw new CompanyDetailRefused(column, 'control_characters', 'The text may hold line breaks but no other control characters.');
  if ([...text].length > MAX_ABOUT_LENGTH) throw new CompanyDetailRefused(column, 'text_too_long', `The text can be at most ${MAX_ABOUT_LENGTH} characters.`);
  return text;
}

function countryCode(value: string): string {
  const country = value.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new CompanyDetailRefused('country', 'not_country', `"${value}" is not a two-letter country code (ISO 3166-1 alpha-2).`);
  return country;
}

function emailAddress(value: string): string {
  const email = value.trim();
  if (email.length > 254 || !EMAIL.test(email)) throw new CompanyDetailRefused('contact_email', 'not_email', `"${value}" is not an email address (like hello@example.com).`);
  // A domain knows no case, and mail software writes it in lower case: stored as it is sent.
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}${email.slice(at).toLowerCase()}`;
}

/**
 * An https address; http only on this machine (localhost, 127.x, ::1), for development.
 * Pages allow images from https only (platform/pages/page.ts), and a page a recipient
 * is sent to should not be readable or changeable on the way.
 */
function webAddress(column: DetailColumn, what: string, value: string): string {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CompanyDetailRefused(column, 'not_address', `${what} must be a full https:// address; "${value}" is not one.`);
  }
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new CompanyDetailRefused(column, 'not_https', `${what} must be an https:// address (http:// only for localhost); "${value}" is not one.`);
  }
  if (url.username || url.password) throw new CompanyDetailRefused(column, 'has_credentials', `${what} must not hold a user name or password.`);
  if (url.href.length > MAX_ADDRESS_LENGTH) throw new CompanyDetailRefused(column, 'address_too_long', `${what} can be at most ${MAX_ADDRESS_LENGTH} characters.`);
  return url.href;
}
