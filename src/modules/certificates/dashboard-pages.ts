import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ReadContext } from '../../core/context.ts';
import { CanopyError } from '../../core/errors.ts';
import type { Language } from '../../core/i18n.ts';
import { dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { TEXTS } from './dashboard-texts.ts';
import { presentCertificates } from './present.ts';
import { listCertificates } from './queries.ts';
import { CERTIFICATE_TYPES } from './schemas.ts';

const LIST = new URL('./templates/dashboard-certificates.eta', import.meta.url);
const PER_PAGE = 50;

const STYLE = [
  'form.inline{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:flex-end;margin:0 0 12px}',
  'form.inline label{display:block;font-weight:600;font-size:.9rem}',
  'form.inline select{width:auto;max-width:100%}',
  'td .code{white-space:nowrap}',
  '.pager{display:flex;gap:12px;margin-top:12px}',
  '.small{font-size:.88rem}',
].join('');

const DATES: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  nl: new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

type CertificateType = (typeof CERTIFICATE_TYPES)[number];
const isType = (value: unknown): value is CertificateType => typeof value === 'string' && (CERTIFICATE_TYPES as readonly string[]).includes(value);

/**
 * The company's certificates in the dashboard (issue 26), for everyone signed in, on every
 * plan: type, number, trees, to whom, when; each opens its public page (the API's `url`)
 * and downloads its PDF by the signed link the API gives (`download_url`, an hour). Read as
 * GET /v2/certificates reads them (listCertificates, presentCertificates: the same rows and
 * presenter), newest first, by type, in live mode and, on automate, test mode.
 */
export const certificateDashboard: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  app.get<{ Querystring: Record<string, unknown> }>('/certificates', { schema: { hide: true } }, async (request, reply) => {
    const session = signedIn(request);
    const t = TEXTS[session.language];
    const testable = session.company.plan === 'automate';
    const livemode = !(testable && request.query.mode === 'test');
    const type = isType(request.query.type) ? request.query.type : undefined;
    const after = typeof request.query.after === 'string' ? request.query.after : undefined;
    const ctx: ReadContext = {
      db, companyId: session.company.id, livemode, language: session.language, scopes: ['certificates:read'], publicBaseUrl: config.publicBaseUrl, secretKey: config.secretKey,
    };
    const page = await listCertificates(ctx, { type, limit: PER_PAGE, starting_after: after }).catch((error: unknown) => {
      // A cursor that names no certificate of the list: its first page.
      if (error instanceof CanopyError && after) return listCertificates(ctx, { type, limit: PER_PAGE });
      throw error;
    });
    const certificates = await presentCertificates(ctx, page.rows);
    const recipientIds = page.rows.flatMap((row) => (row.recipient_id ? [row.recipient_id] : []));
    const names = new Map((recipientIds.length === 0 ? [] : await db.selectFrom('recipients').select(['id', 'first_name', 'last_name'])
      .where('company_id', '=', session.company.id).where('id', 'in', recipientIds).execute())
      .map((row) => [row.id, [row.first_name, row.last_name].filter(Boolean).join(' ')]));
    const inMode = (query: string) => {
      const parts = [livemode ? '' : 'mode=test', query].filter(Boolean).join('&');
      return parts ? `/dashboard/certificates?${parts}` : '/dashboard/certificates';
    };
    return dashboardPage(request, reply, 200, LIST, {
      t, heading: t.certificatesTitle, headStyle: STYLE, livemode, testable, modeBase: '/dashboard/certificates',
      types: CERTIFICATE_TYPES.map((value) => ({ value, text: t.types[value], selected: value === type })),
      rows: certificates.map((certificate) => ({
        id: certificate.id,
        type: t.types[certificate.type],
        number: certificate.number,
        trees: certificate.trees.toLocaleString(session.language),
        issuedTo: certificate.type === 'company' ? session.company.name : (names.get(certificate.recipient ?? '') || t.noName),
        issued: DATES[session.language].format(new Date(certificate.issued_at)),
        url: certificate.url,
        downloadUrl: certificate.download_url ?? null,
      })),
      nextUrl: page.hasMore ? inMode([type ? `type=${type}` : '', `after=${page.rows.at(-1)!.id}`].filter(Boolean).join('&')) : null,
      firstUrl: after ? inMode(type ? `type=${type}` : '') : null,
    });
  });
};
