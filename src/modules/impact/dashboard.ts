import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../core/i18n.ts';
import { dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { findCompanyBrand } from '../company/brand.ts';
import type { CompanyDetails } from '../company/details.ts';
import { generatedLogoUrl } from '../company/present.ts';
import { type CompanyProfile, PROFILE_COLUMNS, type ProfileColumn, readCompanyProfile, updateCompanyProfile } from '../company/profile.ts';
import { photoKey, readCopyState } from '../photos/copies.ts';
import { overviewOf } from './dashboard-view.ts';
import { OVERVIEW_TEXTS } from './dashboard-texts.ts';

const OVERVIEW_TEMPLATE = new URL('./templates/dashboard-overview.eta', import.meta.url);
const PROFILE_TEMPLATE = new URL('./templates/dashboard-profile.eta', import.meta.url);

/** The few styles these pages add to the dashboard's layout. */
const STYLE = [
  '.figure .hint{display:block;font-size:.85rem;color:var(--muted);margin-top:2px}',
  '.small{font-size:.88rem}',
  '.about{white-space:pre-line}',
  'img.logo{vertical-align:middle;border-radius:8px;object-fit:contain;background:#fff}',
  '.logo-state{display:flex;gap:10px;align-items:center}',
  'h2 .badge{vertical-align:middle;margin-left:6px}',
  '.num{white-space:nowrap}',
  // Columns keep their share of a wide screen, however long a name: it wraps inside its own.
  '@media (min-width:640px){table.overview{table-layout:fixed}}',
  'form.stack .hint+.field-error{margin-bottom:4px}',
].join('');

/** The profile form's fields after the public switch, in order: what each is and how it is typed. */
const TEXT_FIELDS = [
  { name: 'about_en', multiline: true, lang: 'en', type: 'text', autocomplete: 'off' },
  { name: 'about_nl', multiline: true, lang: 'nl', type: 'text', autocomplete: 'off' },
  { name: 'logo_url', multiline: false, lang: '', type: 'url', autocomplete: 'off' },
  { name: 'website_url', multiline: false, lang: '', type: 'url', autocomplete: 'url' },
  { name: 'contact_email', multiline: false, lang: '', type: 'email', autocomplete: 'email' },
  { name: 'privacy_url', multiline: false, lang: '', type: 'url', autocomplete: 'off' },
] as const;
type TextField = (typeof TEXT_FIELDS)[number]['name'];
const HINTS: Record<TextField, 'aboutHint' | 'logoHint' | 'websiteHint' | 'contactEmailHint' | 'privacyUrlHint'> = {
  about_en: 'aboutHint', about_nl: 'aboutHint', logo_url: 'logoHint', website_url: 'websiteHint', contact_email: 'contactEmailHint', privacy_url: 'privacyUrlHint',
};

/** What the form holds, as typed: the switch and the texts. */
type ProfileForm = { impact_page: string } & Record<TextField, string>;

/**
 * The dashboard's home, `/dashboard` (every plan, every signed-in person): the company's
 * trees and their proof (dashboard-view.ts), and its public profile; and the profile's own
 * page, `/dashboard/profile`, where admins change it (members read it).
 */
export const impactDashboard: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  const links = { publicBaseUrl: config.publicBaseUrl, secretKey: config.secretKey };

  app.get<{ Querystring: { mode?: unknown } }>('/', { schema: { hide: true } }, async (request, reply) => {
    const session = signedIn(request);
    const t = OVERVIEW_TEXTS[session.language];
    // Test data exists only where test tokens can make it: the automate plan.
    const testable = session.company.plan === 'automate';
    const livemode = !(testable && request.query.mode === 'test');
    const overview = await overviewOf(db, links, session.company.id, livemode, session.language);
    return dashboardPage(request, reply, 200, OVERVIEW_TEMPLATE, {
      t, heading: t.overviewTitle, overview, livemode, testable, isAdmin: session.user.role === 'admin', headStyle: STYLE,
    });
  });

  app.get<{ Querystring: { done?: unknown; fields?: unknown } }>('/profile', { schema: { hide: true } }, async (request, reply) => {
    const session = signedIn(request);
    const t = OVERVIEW_TEXTS[session.language];
    const profile = await readCompanyProfile(db, session.company.id);
    const done = request.query.done;
    const changed = typeof request.query.fields === 'string'
      ? request.query.fields.split(',').filter((name): name is ProfileColumn => (PROFILE_COLUMNS as readonly string[]).includes(name))
      : [];
    const notice = done === 'saved' && changed.length > 0 ? t.savedNotice(changed.map((name) => t.fieldNames[name]).join(', ')) : done === 'unchanged' ? t.unchangedNotice : null;
    return profilePage(request, reply, 200, profile, formOf(profile), [], notice);
  });

  app.post<{ Body: Record<string, unknown> }>('/profile', { config: { dashboardAccess: 'admin' }, schema: { hide: true } }, async (request, reply) => {
    const session = signedIn(request);
    const t = OVERVIEW_TEXTS[session.language];
    const sent = sentFields(request.body ?? {});
    const result = await updateCompanyProfile(db, session.actor, detailsOf(sent));
    if (result.outcome === 'refused') {
      // In the order of the form, so that the list reads as the page does.
      const refused = [...result.refused].sort((a, b) => PROFILE_COLUMNS.indexOf(a.column as ProfileColumn) - PROFILE_COLUMNS.indexOf(b.column as ProfileColumn));
      const problems = refused.map((refusal) => {
        const text = t.problems[refusal.problem] ?? refusal.message;
        const typed = refusal.column === 'about_en' || refusal.column === 'about_nl' ? (sent[refusal.column] ?? '').replace(/\r\n?/g, '\n').trim() : null;
        return { field: refusal.column, text: refusal.problem === 'text_too_long' && typed !== null ? `${text} (${t.characters([...typed].length)})` : text };
      });
      // What was typed stays in the form, so that nothing typed is lost; what was not sent shows as stored.
      const stored = await readCompanyProfile(db, session.company.id);
      return profilePage(request, reply, 422, stored, { ...formOf(stored), ...sent }, problems, null);
    }
    const fields = result.outcome === 'saved' ? `&fields=${result.changed.join(',')}` : '';
    return reply.redirect(`/dashboard/profile?done=${result.outcome}${fields}&lang=${session.language}`, 303);
  });

  /** The profile page: the form for admins (with what was typed and each problem beside its field), the facts for members. */
  async function profilePage(request: FastifyRequest, reply: FastifyReply, status: number, stored: CompanyProfile, values: ProfileForm, problems: { field: string; text: string }[], notice: string | null) {
    const session = signedIn(request);
    const t = OVERVIEW_TEXTS[session.language];
    return dashboardPage(request, reply, status, PROFILE_TEMPLATE, {
      t,
      heading: t.profileTitle,
      isAdmin: session.user.role === 'admin',
      values,
      problems,
      errors: Object.fromEntries(problems.map((problem) => [problem.field, problem.text])),
      notice,
      textFields: TEXT_FIELDS.map((field) => ({ ...field, hint: t[HINTS[field.name]] })),
      logo: await logoShown(session.company.id, session.company.slug, stored.logo_url, session.language),
      publicPageUrl: `${config.publicBaseUrl}/impact/${session.company.slug}`,
      headStyle: STYLE,
    });
  }

  /** The logo pages show now (Canopy's copy, or the initials) and why. */
  async function logoShown(companyId: string, slug: string, logoUrl: string | null, language: Language) {
    const t = OVERVIEW_TEXTS[language];
    if (!logoUrl) return { path: new URL(generatedLogoUrl(config.publicBaseUrl, slug)).pathname, note: t.logoNone };
    // Reading the brand asks for a copy of a logo not copied yet (company/brand.ts).
    const brand = await findCompanyBrand(db, config.publicBaseUrl, companyId);
    if (brand.ownLogo) return { path: brand.logoPath, note: t.logoStored };
    const copy = await readCopyState(db, photoKey(logoUrl));
    return { path: brand.logoPath, note: copy?.status === 'failed' ? t.logoFailed : t.logoWaiting };
  }
};

/** The stored profile as the form shows it. */
function formOf(profile: CompanyProfile): ProfileForm {
  return {
    impact_page: profile.impact_page_public ? 'public' : 'hidden',
    about_en: profile.about_en ?? '', about_nl: profile.about_nl ?? '', logo_url: profile.logo_url ?? '',
    website_url: profile.website_url ?? '', contact_email: profile.contact_email ?? '', privacy_url: profile.privacy_url ?? '',
  };
}

/** The fields sent, as typed; a field not sent (or sent twice) is left out: it stays as it is. */
function sentFields(body: Record<string, unknown>): Partial<ProfileForm> {
  const names = ['impact_page', ...TEXT_FIELDS.map((field) => field.name)] as const;
  return Object.fromEntries(names.flatMap((name) => (typeof body[name] === 'string' ? [[name, body[name]]] : [])));
}

/** The fields sent as details (modules/company/details.ts): one sent empty clears its detail, one not sent is unchanged. */
function detailsOf(sent: Partial<ProfileForm>): CompanyDetails {
  const detail = (value: string | undefined) => (value === undefined ? undefined : value.trim() === '' ? null : value);
  return {
    impactPage: sent.impact_page as 'public' | 'hidden' | undefined,
    aboutEn: detail(sent.about_en), aboutNl: detail(sent.about_nl), logoUrl: detail(sent.logo_url),
    websiteUrl: detail(sent.website_url), contactEmail: detail(sent.contact_email), privacyUrl: detail(sent.privacy_url),
  };
}
