import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CanopyError, errors } from '../../core/errors.ts';
import { mayGiveTrees } from '../../core/plans.ts';
import { SCOPES } from '../../core/scopes.ts';
import { dashboardMessage, dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { retrieveCompany } from '../company/queries.ts';
import { FormAlreadySent, type RecipientContext } from './context.ts';
import { RECIPIENT_TEXTS, type RecipientTexts } from './dashboard-texts.ts';
import {
  checkForm, count, emptyForm, type FormProblem, formOfRecipient, inMode, listRow, nameOf, type RecipientForm, readForm, recipientShown,
} from './dashboard-view.ts';
import { presentRecipients, type RecipientObject } from './present.ts';
import { findRecipient, modeOfRecipient, projectChoices, searchRecipients } from './queries.ts';
import { createRecipient, deleteRecipient, ResendRefused, resendCertificateEmail, updateRecipient } from './service.ts';

const template = (name: string) => new URL(`./templates/${name}.eta`, import.meta.url);
const hide = { hide: true };
const PAGE_SIZE = 25;
const RECIPIENT_ID = /^rcp_[A-Za-z0-9]{24}$/;

/** The few styles these pages add to the dashboard's layout. */
const STYLE = [
  'form.search{margin:16px 0}',
  'form.search label{display:block;font-weight:600;margin-bottom:4px}',
  '.search-row{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center}',
  '.search-row input{flex:0 1 28rem;min-width:0}',
  'form.search .hint{margin:4px 0 0}',
  // The layout styles text inputs only; a number of trees looks like them, narrower.
  'input[type=number]{width:100%;max-width:12rem;font:inherit;padding:9px 11px;border:1px solid #8c9a90;border-radius:8px;background:#fff;color:var(--ink)}',
  'form.stack legend{padding:0}',
  'form.stack fieldset{margin-top:14px}',
  'td.nowrap{white-space:nowrap}',
  '.small{font-size:.88rem}',
  'form.stack label.check{display:flex;gap:8px;font-weight:400;margin:12px 0}',
  'form.stack label.check input{width:auto}',
  'dl.facts{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:6px 16px;margin:0}',
  'dl.facts dt{font-weight:600}',
  'dl.facts dd{margin:0;overflow-wrap:anywhere;white-space:pre-line}',
  '.pager{display:flex;flex-wrap:wrap;gap:12px;margin-top:12px}',
  'table.list td{overflow-wrap:anywhere}',
].join('');

/**
 * Recipients in the dashboard (issue 26), for every signed-in person of a company whose plan
 * gives trees (core/plans.ts mayGiveTrees): give trees to one person, the list with its
 * search, one recipient with its trees and certificate, change, delete after a confirmation,
 * and email the certificate again. Live data; on automate, test data too (`?mode=test`).
 * Every change is a verb of service.ts, the API's own, written to the audit log in its transaction.
 */
export const recipientPages: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  const textsOf = (request: FastifyRequest): RecipientTexts => RECIPIENT_TEXTS[signedIn(request).language];
  const testable = (request: FastifyRequest) => signedIn(request).company.plan === 'automate';
  const modeOf = (request: FastifyRequest) => !(testable(request) && (request.query as Record<string, unknown>)?.mode === 'test');
  const contextOf = (request: FastifyRequest, livemode: boolean): RecipientContext => {
    const session = signedIn(request);
    return {
      db, companyId: session.company.id, livemode, language: 'en', scopes: SCOPES, publicBaseUrl: config.publicBaseUrl, secretKey: config.secretKey,
      actor: session.actor,
    };
  };
  const render = (request: FastifyRequest, reply: FastifyReply, status: number, name: string, data: Record<string, unknown>) =>
    dashboardPage(request, reply, status, template(name), { t: textsOf(request), headStyle: STYLE, inMode, testable: testable(request), ...data });

  // A plan that gives no trees: what giving needs, and every form refused with the same page.
  app.addHook('preHandler', async (request, reply) => {
    const session = request.dashboard;
    if (!session || mayGiveTrees(session.company.plan)) return;
    return render(request, reply, request.method === 'GET' ? 200 : 403, 'recipient-plan', {
      heading: RECIPIENT_TEXTS[session.language].planTitle, plan: session.company.plan, refused: request.method !== 'GET',
    });
  });

  /** The recipient a URL names, in its own mode (its id says which); 404 when it is none of the company's, or a test one off automate. */
  async function recipientOf(request: FastifyRequest, id: string) {
    const livemode = RECIPIENT_ID.test(id) ? await modeOfRecipient(db, signedIn(request).company.id, id) : null;
    if (livemode === null || (!livemode && !testable(request))) throw errors.notFound('recipient', id);
    const ctx = contextOf(request, livemode);
    // Every scope: the person's own company reads its recipients whole.
    const [recipient] = (await presentRecipients(ctx, [await findRecipient(ctx, id)])) as RecipientObject[];
    return { ctx, recipient: recipient! };
  }

  app.get<{ Querystring: Record<string, unknown> }>('/recipients', { schema: hide }, async (request, reply) => {
    const t = textsOf(request);
    const language = signedIn(request).language;
    const livemode = modeOf(request);
    const ctx = contextOf(request, livemode);
    const search = typeof request.query.q === 'string' ? request.query.q.trim() : '';
    const after = typeof request.query.after === 'string' && RECIPIENT_ID.test(request.query.after) ? request.query.after : undefined;
    let page: Awaited<ReturnType<typeof searchRecipients>>;
    try {
      page = await searchRecipients(ctx, { search, limit: PAGE_SIZE, startingAfter: after });
    } catch (error) {
      // A cursor that names no recipient of the company's (deleted since): the first page.
      if (!(error instanceof CanopyError) || !after) throw error;
      page = await searchRecipients(ctx, { search, limit: PAGE_SIZE, startingAfter: undefined });
    }
    const rows = (await presentRecipients(ctx, page.rows)).map((recipient) => listRow(recipient as RecipientObject, language, t));
    const company = await retrieveCompany(ctx);
    const done = typeof request.query.done === 'string' ? t.done[request.query.done] ?? null : null;
    const query: Record<string, string> = search ? { q: search } : {};
    return render(request, reply, 200, 'recipient-list', {
      heading: t.listTitle, livemode, search, rows, notice: done, unassigned: t.unassigned(count(company.trees_unassigned, language)),
      nextUrl: page.hasMore ? inMode('/dashboard/recipients', livemode, { ...query, after: rows[rows.length - 1]!.id }) : null,
      firstUrl: after ? inMode('/dashboard/recipients', livemode, query) : null,
    });
  });

  async function giveForm(request: FastifyRequest, reply: FastifyReply, status: number, livemode: boolean, form: RecipientForm, problems: { field: string; text: string }[]) {
    const t = textsOf(request);
    const ctx = contextOf(request, livemode);
    const company = await retrieveCompany(ctx);
    const language = signedIn(request).language;
    const projects = (await projectChoices(ctx)).map((project) => ({ id: project.id, name: project.name[language] ?? project.name.en, country: project.country }));
    return render(request, reply, status, 'recipient-form', {
      heading: t.newTitle, intro: t.newIntro, livemode, form, problems, problemsIntro: t.problemsIntro, errors: Object.fromEntries(problems.map((p) => [p.field, p.text])),
      projects, unassigned: t.unassigned(count(company.trees_unassigned, language)), action: inMode('/dashboard/recipients/new', livemode), giving: true,
      submit: t.giveSubmit, cancelUrl: inMode('/dashboard/recipients', livemode),
    });
  }
  const worded = (t: RecipientTexts, problems: FormProblem[]) => problems.map((p) => ({ field: p.field, text: t.problems[p.problem] }));

  app.get('/recipients/new', { schema: hide }, async (request, reply) => {
    return giveForm(request, reply, 200, modeOf(request), emptyForm(signedIn(request).language), []);
  });

  app.post('/recipients/new', { schema: hide }, async (request, reply) => {
    const t = textsOf(request);
    const language = signedIn(request).language;
    const livemode = modeOf(request);
    const form = readForm(request.body);
    const { problems, fields } = checkForm(form, { withTrees: true });
    if (problems.length > 0) return giveForm(request, reply, 422, livemode, form, worded(t, problems));
    const { trees, project, ...rest } = fields;
    const body = { trees, ...(project ? { project } : {}), ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null)) };
    const ctx = contextOf(request, livemode);
    try {
      const recipient = await createRecipient(ctx, body, { formKey: form.formKey });
      return reply.redirect(inMode(`/dashboard/recipients/${recipient.id}`, livemode, { done: 'given' }), 303);
    } catch (error) {
      if (error instanceof FormAlreadySent) return reply.redirect(inMode(`/dashboard/recipients/${error.recipientId}`, livemode, { done: 'already_given' }), 303);
      if (!(error instanceof CanopyError)) throw error;
      const refusal = error.code === 'no_trees_available'
        ? { field: 'trees', text: project ? t.noTreesInProject(count(trees, language)) : t.noTrees(count(trees, language), count((await retrieveCompany(ctx)).trees_unassigned, language)) }
        : error.code === 'external_reference_taken' ? { field: 'external_reference', text: t.referenceTaken }
        : error.code === 'resource_missing' ? { field: 'project', text: t.problems.project }
        : null;
      if (!refusal) throw error;
      return giveForm(request, reply, 422, livemode, form, [refusal]);
    }
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/recipients/:id', { schema: hide }, async (request, reply) => {
    const t = textsOf(request);
    const { ctx, recipient } = await recipientOf(request, request.params.id);
    const shown = await recipientShown(ctx, recipient, signedIn(request).language, t);
    const done = typeof request.query.done === 'string' ? t.done[request.query.done] ?? null : null;
    return render(request, reply, 200, 'recipient-show', { heading: shown.name, livemode: ctx.livemode, shown, notice: done });
  });

  function editForm(request: FastifyRequest, reply: FastifyReply, status: number, id: string, name: string, livemode: boolean, form: RecipientForm, problems: { field: string; text: string }[]) {
    const t = textsOf(request);
    return render(request, reply, status, 'recipient-form', {
      heading: t.editTitle(name), intro: t.editIntro, livemode, form, problems, problemsIntro: t.problemsIntroEdit, errors: Object.fromEntries(problems.map((p) => [p.field, p.text])),
      projects: [], action: `/dashboard/recipients/${id}/edit`, giving: false, submit: t.saveSubmit, cancelUrl: `/dashboard/recipients/${id}`,
    });
  }

  app.get<{ Params: { id: string } }>('/recipients/:id/edit', { schema: hide }, async (request, reply) => {
    const { ctx, recipient } = await recipientOf(request, request.params.id);
    return editForm(request, reply, 200, recipient.id, nameOf(recipient, textsOf(request).noName), ctx.livemode, formOfRecipient(recipient), []);
  });

  app.post<{ Params: { id: string } }>('/recipients/:id/edit', { schema: hide }, async (request, reply) => {
    const t = textsOf(request);
    const { ctx, recipient } = await recipientOf(request, request.params.id);
    const form = { ...readForm(request.body), externalReference: recipient.external_reference ?? '' };
    const { problems, fields } = checkForm(form, { withTrees: false });
    // No email, no emailing: a cleared address turns sending off rather than being refused.
    const sendEmail = fields.email === null ? false : undefined;
    if (problems.length > 0) return editForm(request, reply, 422, recipient.id, nameOf(recipient, t.noName), ctx.livemode, form, worded(t, problems));
    const changes = { first_name: fields.first_name, last_name: fields.last_name, email: fields.email, language: fields.language, message: fields.message };
    const changed = (Object.keys(changes) as (keyof typeof changes)[]).some((name) => changes[name] !== recipient[name]);
    await updateRecipient(ctx, recipient.id, { ...changes, ...(sendEmail === false && recipient.send_email ? { send_email: false } : {}) });
    return reply.redirect(`/dashboard/recipients/${recipient.id}?done=${changed ? 'saved' : 'unchanged'}`, 303);
  });

  app.get<{ Params: { id: string } }>('/recipients/:id/delete', { schema: hide }, async (request, reply) => {
    const t = textsOf(request);
    const language = signedIn(request).language;
    const { ctx, recipient } = await recipientOf(request, request.params.id);
    const name = nameOf(recipient, t.noName);
    return render(request, reply, 200, 'recipient-delete', {
      heading: t.deleteTitle(name), livemode: ctx.livemode, id: recipient.id, intro: t.deleteIntro(count(recipient.trees, language)),
    });
  });

  app.post<{ Params: { id: string } }>('/recipients/:id/delete', { schema: hide }, async (request, reply) => {
    const { ctx, recipient } = await recipientOf(request, request.params.id);
    await deleteRecipient(ctx, recipient.id);
    return reply.redirect(inMode('/dashboard/recipients', ctx.livemode, { done: 'deleted' }), 303);
  });

  app.post<{ Params: { id: string } }>('/recipients/:id/email', { schema: hide }, async (request, reply) => {
    const t = textsOf(request);
    const { ctx, recipient } = await recipientOf(request, request.params.id);
    try {
      await resendCertificateEmail(ctx, recipient.id);
    } catch (error) {
      if (!(error instanceof ResendRefused)) throw error;
      return dashboardMessage(request, reply, 409, {
        heading: t.badRequestTitle, text: t.resendRefused[error.reason], linkUrl: `/dashboard/recipients/${recipient.id}`, linkText: nameOf(recipient, t.noName),
      });
    }
    return reply.redirect(`/dashboard/recipients/${recipient.id}?done=email_queued`, 303);
  });
};
