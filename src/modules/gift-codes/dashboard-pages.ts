import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { translate } from '../../core/i18n.ts';
import { mayGiveTrees } from '../../core/plans.ts';
import { dashboardMessage, dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { findCompanyBrand } from '../company/brand.ts';
import { readCopyFile } from '../photos/copies.ts';
import { giftCardsPdf } from './cards-pdf.ts';
import { codesOfBatch, companyProjectNames, findBatch, findCompanyGiftCode, pageOfCodes, recentBatches, unassignedTrees } from './dashboard-queries.ts';
import { TEXTS } from './dashboard-texts.ts';
import { type BatchForm, batchChoice, batchCsv, codeRow, dateTime, emptyBatchForm, endOfDay, isStatus, readBatchForm, statusCounts, validityBounds, validUntilText, wholeNumber } from './dashboard-view.ts';
import { claimUrl, giftCodeStatus } from './present.ts';
import { createGiftCodeBatch, GiftCodeBatchRefused, revokeGiftCodeInDashboard } from './service.ts';

const template = (name: string) => new URL(`./templates/dashboard-${name}.eta`, import.meta.url);
const LIST = template('codes');
const NEW = template('new');
const REVOKE = template('revoke');
const PLAN = template('plan');
const hide = { schema: { hide: true } };

const STYLE = [
  'form.inline{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:flex-end;margin:0 0 12px}',
  'form.inline label{display:block;font-weight:600;font-size:.9rem}',
  'form.inline select{width:auto;max-width:100%}',
  'form.inline fieldset{border:0;padding:0;margin:0}',
  'form.inline legend{font-weight:600;font-size:.9rem;padding:0}',
  'form.cards fieldset{margin:0 0 10px}',
  'form.cards legend{font-weight:600;padding:0;margin-bottom:4px}',
  'form.cards label.check{display:inline-flex;gap:6px;align-items:center;margin:4px 18px 4px 0}',
  'form.cards label.check input{margin-top:0}',
  '.code{font-family:ui-monospace,Menlo,Consolas,monospace;white-space:nowrap;font-weight:600}',
  'table.list th{white-space:nowrap}',
  '.counts .badge{margin-right:6px}',
  '.pager{display:flex;gap:12px;margin-top:12px}',
  // The layout styles text fields; a number field looks the same, and a count needs no full width.
  'input[type=number]{width:100%;max-width:12rem;font:inherit;padding:9px 11px;border:1px solid #8c9a90;border-radius:8px;background:#fff;color:var(--ink)}',
  'input[type=number][aria-invalid="true"]{border-color:var(--bad)}',
  '.small{font-size:.88rem}',
].join('');

/**
 * Gift codes in the dashboard (issue 26), for every signed-in person of a company whose plan
 * gives trees (mayGiveTrees; a starter company sees what giving needs): the codes with their
 * status, filtered by status and by batch; making one code or a batch of up to 1,000
 * (createGiftCodeBatch: the API's rules, one unit of work); revoking an open code after a
 * confirmation; and a batch as CSV and as printable cards. Live mode, and test mode on
 * automate (?mode=test), as the webhook pages do. A code or batch is found by its id in the
 * company, whatever the mode: its id says which.
 */
export const giftCodeDashboard: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  const texts = (request: FastifyRequest) => TEXTS[signedIn(request).language];
  const givesTrees = (request: FastifyRequest) => mayGiveTrees(signedIn(request).company.plan);
  /** Test data exists only where test tokens can make it: the automate plan. */
  const livemodeOf = (request: FastifyRequest, mode: unknown) => !(signedIn(request).company.plan === 'automate' && mode === 'test');
  const inMode = (path: string, livemode: boolean, query = '') => {
    const parts = [livemode ? '' : 'mode=test', query].filter(Boolean).join('&');
    return parts ? `${path}?${parts}` : path;
  };
  const render = (request: FastifyRequest, reply: FastifyReply, status: number, page: URL, data: Record<string, unknown>) =>
    dashboardPage(request, reply, status, page, { t: texts(request), headStyle: STYLE, ...data });
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    dashboardMessage(request, reply, 404, { heading: texts(request).notFoundTitle, text: texts(request).notFoundBody });
  const planRefused = (request: FastifyRequest, reply: FastifyReply) => {
    const t = texts(request);
    return dashboardMessage(request, reply, 403, { heading: t.planRefusedTitle, text: t.planRefusedBody, linkUrl: '/dashboard/gift-codes', linkText: t.giftCodesTitle });
  };

  app.get<{ Querystring: Record<string, unknown> }>('/gift-codes', hide, async (request, reply) => {
    const session = signedIn(request);
    const t = texts(request);
    if (!givesTrees(request)) return render(request, reply, 200, PLAN, { heading: t.planTitle, plan: session.company.plan });
    const { mode, status, batch, after, done, code } = request.query;
    const livemode = livemodeOf(request, mode);
    const batchRow = typeof batch === 'string' && batch !== '' ? await findBatch(db, session.company.id, batch) : null;
    if (batchRow === undefined || (batchRow && batchRow.livemode !== livemode)) return notFound(request, reply);
    const filters = { status: isStatus(status) ? status : undefined, batchId: batchRow?.id, after: typeof after === 'string' ? after : undefined };
    const [page, batches, unassigned] = await Promise.all([
      pageOfCodes(db, session.company.id, livemode, filters),
      recentBatches(db, session.company.id, livemode),
      unassignedTrees(db, session.company.id, livemode),
    ]);
    const filterQuery = [filters.status ? `status=${filters.status}` : '', batchRow ? `batch=${batchRow.id}` : ''].filter(Boolean).join('&');
    const revoked = done === 'revoked' && typeof code === 'string' ? await findCompanyGiftCode(db, session.company.id, code) : undefined;
    const notice = done === 'created' && batchRow ? t.done.created(batchRow.codes) : done === 'already_created' && batchRow ? t.done.already_created : revoked ? t.done.revoked(revoked.code) : null;
    return render(request, reply, 200, LIST, {
      heading: t.giftCodesTitle, notice, livemode, testable: session.company.plan === 'automate', unassigned,
      modeBase: '/dashboard/gift-codes', newUrl: inMode('/dashboard/gift-codes/new', livemode),
      statuses: ['open', 'claimed', 'expired', 'revoked'].map((value) => ({ value, text: t.status[value as keyof typeof t.status], selected: value === filters.status })),
      batches: batches.map((row) => batchChoice(row, t, session.language, batchRow?.id ?? null)),
      batch: batchRow ? await batchBox(request, batchRow) : null,
      rows: page.rows.map((row) => codeRow(row, t, session.language)),
      nextUrl: page.hasMore ? inMode('/dashboard/gift-codes', livemode, [filterQuery, `after=${page.rows.at(-1)!.id}`].filter(Boolean).join('&')) : null,
      firstUrl: filters.after ? inMode('/dashboard/gift-codes', livemode, filterQuery) : null,
    });
  });

  /** What the list shows of the batch it is filtered by: its facts, its codes by status, and its downloads. */
  async function batchBox(request: FastifyRequest, batch: NonNullable<Awaited<ReturnType<typeof findBatch>>>) {
    const session = signedIn(request);
    const t = texts(request);
    const codes = await codesOfBatch(db, batch.id);
    const projects = batch.project_id ? await companyProjectNames(db, session.company.id, batch.livemode) : [];
    const project = projects.find((row) => row.id === batch.project_id);
    return {
      id: batch.id,
      heading: t.batchHeading(batch.codes, batch.trees),
      facts: t.batchFacts(dateTime(batch.created_at, session.language), batch.created_by_name ?? batch.created_by_email, validUntilText(batch.valid_until, t, session.language)),
      project: project ? t.batchProject(translate(project.name, session.language)) : null,
      counts: statusCounts(codes, t),
      csvUrl: `/dashboard/gift-code-batches/${batch.id}/codes.csv`,
      cardsUrl: `/dashboard/gift-code-batches/${batch.id}/cards.pdf`,
      language: session.language,
    };
  }

  async function newPage(request: FastifyRequest, reply: FastifyReply, status: number, livemode: boolean, form: BatchForm, problem: { text: string; field: string } | null = null) {
    const session = signedIn(request);
    const t = texts(request);
    const projects = await companyProjectNames(db, session.company.id, livemode);
    return render(request, reply, status, NEW, {
      heading: t.newTitle, form, problem, livemode, mode: livemode ? 'live' : 'test', bounds: validityBounds(),
      unassigned: await unassignedTrees(db, session.company.id, livemode), listUrl: inMode('/dashboard/gift-codes', livemode),
      projects: projects.map((row) => ({ id: row.id, name: translate(row.name, session.language), selected: row.id === form.project })),
    });
  }

  app.get<{ Querystring: { mode?: unknown } }>('/gift-codes/new', hide, async (request, reply) => {
    if (!givesTrees(request)) return reply.redirect('/dashboard/gift-codes', 303);
    return newPage(request, reply, 200, livemodeOf(request, request.query.mode), emptyBatchForm());
  });

  app.post<{ Body: Record<string, unknown> }>('/gift-codes/new', hide, async (request, reply) => {
    if (!givesTrees(request)) return planRefused(request, reply);
    const session = signedIn(request);
    const t = texts(request);
    const livemode = livemodeOf(request, request.body?.mode);
    const form = readBatchForm(request.body);
    try {
      const { batchId } = await createGiftCodeBatch(db, session.actor, { companyId: session.company.id, livemode, publicBaseUrl: config.publicBaseUrl }, {
        codes: wholeNumber(form.codes), trees: wholeNumber(form.trees), validUntil: form.validUntil === '' ? null : endOfDay(form.validUntil),
        projectId: form.project === '' ? null : form.project, formKey: form.formKey,
      });
      return reply.redirect(inMode('/dashboard/gift-codes', livemode, `batch=${batchId}&done=created`), 303);
    } catch (error) {
      if (!(error instanceof GiftCodeBatchRefused)) throw error;
      if (error.code === 'already_created') return reply.redirect(inMode('/dashboard/gift-codes', livemode, `batch=${error.detail.batchId}&done=already_created`), 303);
      const text = error.code === 'no_trees_available' && error.detail.wanted ? t.tooFewTrees(error.detail.wanted, error.detail.available ?? null) : t.problems[error.code];
      return newPage(request, reply, 400, livemode, form, { text, field: error.field });
    }
  });

  app.get<{ Params: { id: string } }>('/gift-codes/:id/revoke', hide, async (request, reply) => {
    const row = await findCompanyGiftCode(db, signedIn(request).company.id, request.params.id);
    if (!row) return notFound(request, reply);
    if (!givesTrees(request)) return planRefused(request, reply);
    const t = texts(request);
    const code = codeRow(row, t, signedIn(request).language);
    if (!code.canRevoke) return dashboardMessage(request, reply, 409, { heading: t.badRequestTitle, text: t.problems.gift_code_not_open, linkUrl: inMode('/dashboard/gift-codes', row.livemode), linkText: t.giftCodesTitle });
    return render(request, reply, 200, REVOKE, { heading: t.revokeTitle(row.code), code, intro: t.revokeIntro(row.trees), listUrl: inMode('/dashboard/gift-codes', row.livemode) });
  });

  app.post<{ Params: { id: string } }>('/gift-codes/:id/revoke', hide, async (request, reply) => {
    const session = signedIn(request);
    const t = texts(request);
    const row = await findCompanyGiftCode(db, session.company.id, request.params.id);
    if (!row) return notFound(request, reply);
    if (!givesTrees(request)) return planRefused(request, reply);
    try {
      await revokeGiftCodeInDashboard(db, session.actor, config.publicBaseUrl, row.id);
      return reply.redirect(inMode('/dashboard/gift-codes', row.livemode, `done=revoked&code=${row.id}`), 303);
    } catch (error) {
      if (!(error instanceof GiftCodeBatchRefused)) throw error;
      if (error.code === 'gift_code_not_found') return notFound(request, reply);
      return dashboardMessage(request, reply, 409, { heading: t.badRequestTitle, text: t.problems[error.code], linkUrl: inMode('/dashboard/gift-codes', row.livemode), linkText: t.giftCodesTitle });
    }
  });

  app.get<{ Params: { id: string } }>('/gift-code-batches/:id/codes.csv', hide, async (request, reply) => {
    const batch = await findBatch(db, signedIn(request).company.id, request.params.id);
    if (!batch) return notFound(request, reply);
    if (!givesTrees(request)) return planRefused(request, reply);
    const csv = batchCsv(config.publicBaseUrl, await codesOfBatch(db, batch.id));
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="gift-codes-${batch.id}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });

  app.get<{ Params: { id: string }; Querystring: { language?: unknown } }>('/gift-code-batches/:id/cards.pdf', hide, async (request, reply) => {
    const session = signedIn(request);
    const batch = await findBatch(db, session.company.id, request.params.id);
    if (!batch) return notFound(request, reply);
    if (!givesTrees(request)) return planRefused(request, reply);
    const language = request.query.language === 'nl' || request.query.language === 'en' ? request.query.language : session.language;
    const brand = await findCompanyBrand(db, config.publicBaseUrl, session.company.id);
    const logo = brand.logoCopyKey ? await readCopyFile(db, brand.logoCopyKey, 'phone') : null;
    // Only codes a person can still claim are printed: a claimed, expired or revoked one on a card would mislead.
    const codes = (await codesOfBatch(db, batch.id)).filter((code) => giftCodeStatus(code) === 'open');
    if (codes.length === 0) {
      const t = texts(request);
      return dashboardMessage(request, reply, 409, { heading: t.noOpenCodesTitle, text: t.noOpenCodesBody, linkUrl: inMode('/dashboard/gift-codes', batch.livemode, `batch=${batch.id}`), linkText: t.giftCodesTitle });
    }
    const claimPage = new URL('/gift', config.publicBaseUrl);
    const pdf = await giftCardsPdf({
      language, livemode: batch.livemode, company: { name: brand.name, initials: brand.initials, colour: brand.colour },
      // pdfkit draws PNG and JPEG; the stored copy is WebP. Small: one copy serves every card.
      logoImage: logo ? await sharp(logo).resize(160, 160, { fit: 'inside' }).png().toBuffer() : null,
      claimPage: `${claimPage.host}${claimPage.pathname}`,
      cards: codes.map((code) => ({ code: code.code, claimUrl: claimUrl(config.publicBaseUrl, code.code), trees: code.trees, validUntil: code.valid_until })),
    });
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="gift-cards-${batch.id}-${language}.pdf"`)
      .type('application/pdf')
      .send(pdf);
  });
};
