import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CanopyError } from '../../core/errors.ts';
import { SCOPES } from '../../core/scopes.ts';
import { dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import { EVENT_TYPES } from '../../platform/events/record.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { DISABLE_AFTER_FAILING_MS } from '../../platform/webhooks/schedule.ts';
import type { WebhookContext } from './context.ts';
import { presentWebhookEndpoint } from './present.ts';
import { findWebhookEndpoint, listWebhookEndpoints } from './queries.ts';
import {
  changeWebhookEndpoint, createWebhookEndpoint, deleteWebhookEndpoint, eventWithAttempts, listDeliveryAttempts, listEventLog, recoverWebhookEndpoint,
  redeliverEvent, revealWebhookSecret, rotateWebhookSecret, sendTestEvent,
} from './service.ts';
import { TEXTS, type WebhookTexts } from './texts.ts';
import {
  attemptFilters, type EndpointForm, filterQuery, type FormProblems, formOf, isEventType, OVERLAPS, parseUtcInput, readEndpointForm, shortTime, utcInput,
} from './view.ts';

const template = (name: string) => new URL(`./templates/${name}.eta`, import.meta.url);
const ADMIN = { dashboardAccess: 'admin' as const };
const hide = { hide: true };

/** The few styles these pages add to the dashboard's layout. */
const STYLE = [
  '.types{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:0 16px}',
  'form.inline{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:flex-end}',
  'form.inline label{display:block;font-weight:600;font-size:.9rem}',
  'form.inline select,form.inline input{width:auto;max-width:100%}',
  'input.secret{font-family:ui-monospace,Menlo,Consolas,monospace;width:100%;max-width:40rem}',
  'label[for=secret]{display:block;margin-bottom:4px}',
  'details summary{cursor:pointer;color:var(--leaf)}',
  'td pre{margin:6px 0 0;max-height:14rem;overflow:auto}',
  '.small{font-size:.88rem}',
  'table.list td form{margin:0}',
  'table.list button{padding:4px 10px;font-size:.9rem}',
  '.nowrap{white-space:nowrap}',
  '.vh{position:absolute;left:-9999px}',
  // The layout's form.stack label (block, bold) outweighs its .check: a checkbox's label stays a row, in plain weight.
  'form.stack label.check{display:flex;font-weight:400;margin:8px 0}',
  'form.stack fieldset{margin-top:18px}',
  'table.list th{white-space:nowrap}',
  'table.list button{white-space:nowrap}',
  '.delivery{display:inline-block;margin:0 8px 4px 0}',
].join('');

/** Where a page of the given mode lives: test pages carry ?mode=test. */
const inMode = (path: string, livemode: boolean, extra = '') => {
  const query = [livemode ? '' : 'mode=test', extra].filter(Boolean).join('&');
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
};

/**
 * The webhook endpoints and the event log in the dashboard, for admins of a company on the
 * automate plan (others see what the plan would give): endpoints to add, change, switch off
 * and on, their secrets, test events, and each one's delivery log with redelivery; and the
 * company's events of the last 30 days. Every change goes through the webhook verbs, which
 * write the audit log in the change's transaction.
 */
export const webhookPages: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  const policy = { allowPrivateUrls: config.webhookAllowPrivateUrls };

  /** The verbs' context for the signed-in admin, in a mode. */
  const contextOf = (request: FastifyRequest, livemode: boolean): WebhookContext => {
    const session = signedIn(request);
    return {
      db, companyId: session.company.id, livemode, language: 'en', scopes: SCOPES, publicBaseUrl: config.publicBaseUrl, secretKey: config.secretKey,
      actor: session.actor,
    };
  };
  const textsOf = (request: FastifyRequest): WebhookTexts => TEXTS[signedIn(request).language];
  const render = (request: FastifyRequest, reply: FastifyReply, status: number, name: string, data: Record<string, unknown>) =>
    dashboardPage(request, reply, status, template(name), {
      t: textsOf(request), headStyle: STYLE, utcInput, shortTime: (at: Date | string | null) => shortTime(at, signedIn(request).language), ...data,
    });

  /** The mode of one of the company's endpoints or events, found by its id (which names it in either mode); 404 when it is none of theirs. */
  async function modeOfEndpoint(request: FastifyRequest, id: string): Promise<boolean> {
    const row = await db.selectFrom('webhook_endpoints').select('livemode').where('id', '=', id).where('company_id', '=', signedIn(request).company.id).executeTakeFirst();
    if (!row) throw new CanopyError('resource_missing', 'no such endpoint', null, {}, 404);
    return row.livemode;
  }
  async function modeOfEvent(request: FastifyRequest, id: string): Promise<boolean> {
    const row = await db.selectFrom('events').select('livemode').where('id', '=', id).where('company_id', '=', signedIn(request).company.id).executeTakeFirst();
    if (!row) throw new CanopyError('resource_missing', 'no such event', null, {}, 404);
    return row.livemode;
  }

  /** What the company's endpoints of a mode are called in the event log: their description, else their URL. */
  async function endpointNames(ctx: WebhookContext): Promise<Record<string, string>> {
    const rows = await db.selectFrom('webhook_endpoints').select(['id', 'description', 'url'])
      .where('company_id', '=', ctx.companyId).where('livemode', '=', ctx.livemode).limit(500).execute();
    return Object.fromEntries(rows.map((row) => [row.id, row.description || row.url]));
  }

  // Below the automate plan: what the plan would give, and forms refused with the same page.
  app.addHook('preHandler', async (request, reply) => {
    const session = request.dashboard;
    if (!session || session.company.plan === 'automate') return;
    return render(request, reply, request.method === 'GET' ? 200 : 403, 'plan', { heading: TEXTS[session.language].planTitle, plan: session.company.plan });
  });

  // ---- The endpoints ----

  app.get<{ Querystring: Record<string, unknown> }>('/webhooks', { config: ADMIN, schema: hide }, async (request, reply) => {
    const livemode = request.query.mode !== 'test';
    const ctx = contextOf(request, livemode);
    const { rows } = await listWebhookEndpoints(ctx, { limit: 100 });
    return render(request, reply, 200, 'endpoints', {
      heading: textsOf(request).webhooksTitle, livemode, inMode, endpoints: rows, done: request.query.done,
    });
  });

  const showForm = (request: FastifyRequest, reply: FastifyReply, status: number, data: { livemode: boolean; form: EndpointForm; problems: FormProblems; endpointId?: string }) =>
    render(request, reply, status, 'endpoint-form', {
      heading: data.endpointId ? textsOf(request).editTitle : textsOf(request).newTitle, eventTypes: EVENT_TYPES, inMode, ...data,
      action: data.endpointId ? `/dashboard/webhooks/${data.endpointId}/edit` : inMode('/dashboard/webhooks', data.livemode),
      cancelUrl: data.endpointId ? `/dashboard/webhooks/${data.endpointId}` : inMode('/dashboard/webhooks', data.livemode),
    });

  app.get<{ Querystring: Record<string, unknown> }>('/webhooks/new', { config: ADMIN, schema: hide }, async (request, reply) => {
    const livemode = request.query.mode !== 'test';
    return showForm(request, reply, 200, { livemode, form: { url: '', description: '', allTypes: true, types: [], personalData: false }, problems: {} });
  });

  /** The form's values sent to a verb; a refused URL is a problem of the form, not an error page. */
  async function submitEndpoint(request: FastifyRequest, reply: FastifyReply, livemode: boolean, endpointId: string | undefined, save: (form: EndpointForm) => Promise<unknown>) {
    const t = textsOf(request);
    const { form, problems } = readEndpointForm(request.body as Record<string, unknown>, t);
    if (Object.keys(problems).length > 0) return { page: await showForm(request, reply, 400, { livemode, form, problems, endpointId }) };
    try {
      return { saved: await save(form) };
    } catch (error) {
      if (error instanceof CanopyError && error.code === 'webhook_url_refused') {
        return { page: await showForm(request, reply, 400, { livemode, form, problems: { url: t.urlRefused(error.message) }, endpointId }) };
      }
      throw error;
    }
  }
  const eventsOf = (form: EndpointForm) => (form.allTypes ? ['*' as const] : form.types);

  app.post<{ Querystring: Record<string, unknown> }>('/webhooks', { config: ADMIN, schema: hide }, async (request, reply) => {
    const livemode = request.query.mode !== 'test';
    const result = await submitEndpoint(request, reply, livemode, undefined, (form) =>
      createWebhookEndpoint(contextOf(request, livemode), {
        url: form.url, enabled_events: eventsOf(form), include_personal_data: form.personalData, ...(form.description ? { description: form.description } : {}),
      }, policy));
    if ('page' in result) return result.page;
    const created = result.saved as { id: string; secret: string };
    return render(request, reply, 200, 'secret', { heading: textsOf(request).secretTitle, secret: created.secret, endpointId: created.id, notice: textsOf(request).createdNotice, revealed: false });
  });

  app.get<{ Params: { id: string } }>('/webhooks/:id/edit', { config: ADMIN, schema: hide }, async (request, reply) => {
    const livemode = await modeOfEndpoint(request, request.params.id);
    const row = await findWebhookEndpoint(contextOf(request, livemode), request.params.id);
    return showForm(request, reply, 200, { livemode, form: formOf(row), problems: {}, endpointId: row.id });
  });

  app.post<{ Params: { id: string } }>('/webhooks/:id/edit', { config: ADMIN, schema: hide }, async (request, reply) => {
    const id = request.params.id;
    const livemode = await modeOfEndpoint(request, id);
    const current = await findWebhookEndpoint(contextOf(request, livemode), id);
    const result = await submitEndpoint(request, reply, livemode, id, (form) =>
      changeWebhookEndpoint(contextOf(request, livemode), id, {
        ...(form.url !== current.url ? { url: form.url } : {}),
        enabled_events: eventsOf(form), include_personal_data: form.personalData, description: form.description || null,
      }, policy));
    if ('page' in result) return result.page;
    return reply.redirect(`/dashboard/webhooks/${id}?done=saved`, 303);
  });

  // ---- One endpoint: its state, its actions, its delivery log ----

  async function showEndpoint(request: FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown> }>, reply: FastifyReply, status = 200, problem: { field: string; text: string } | null = null) {
    const id = request.params.id;
    const livemode = await modeOfEndpoint(request, id);
    const ctx = contextOf(request, livemode);
    const row = await findWebhookEndpoint(ctx, id);
    const filters = attemptFilters(request.query);
    const log = await listDeliveryAttempts(ctx, id, filters);
    const olderUrl = log.hasMore ? `/dashboard/webhooks/${id}${filterQuery(filters, { after: log.data.at(-1)!.id })}#log` : null;
    const now = new Date();
    return render(request, reply, status, 'endpoint', {
      heading: row.description || row.url,
      livemode, inMode, row, endpoint: presentWebhookEndpoint(row), eventTypes: EVENT_TYPES, overlaps: OVERLAPS,
      switchOffAt: row.failing_since ? new Date(row.failing_since.getTime() + DISABLE_AFTER_FAILING_MS) : null,
      previousSigns: row.previous_secret_expires_at && row.previous_secret_expires_at > now ? row.previous_secret_expires_at : null,
      attempts: log.data, filters, olderUrl, paged: Boolean(filters.starting_after),
      defaultSince: utcInput(new Date(now.getTime() - 86_400_000)),
      query: request.query, problem,
    });
  }

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/webhooks/:id', { config: ADMIN, schema: hide }, (request, reply) => showEndpoint(request, reply));

  type EndpointRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown>; Body: Record<string, unknown> }>;
  const back = (reply: FastifyReply, id: string, query: string) => reply.redirect(`/dashboard/webhooks/${id}?${query}`, 303);

  /** A `since` of a form: a time within the event log's 30 days, or the problem to show. */
  function sinceOf(request: EndpointRequest, name: string, required: boolean): { since: Date | null } | { problem: string } {
    const t = textsOf(request);
    const value = request.body?.[name];
    if (value === undefined || value === '') return required ? { problem: t.sinceRequired } : { since: null };
    const since = parseUtcInput(value);
    if (!since) return { problem: t.sinceInvalid };
    if (since.getTime() < Date.now() - 30 * 86_400_000) return { problem: t.sinceTooOld };
    return { since };
  }

  app.post<{ Params: { id: string }; Querystring: Record<string, unknown>; Body: Record<string, unknown> }>('/webhooks/:id/enable', { config: ADMIN, schema: hide }, async (request, reply) => {
    const id = request.params.id;
    const livemode = await modeOfEndpoint(request, id);
    const since = sinceOf(request, 'since', false);
    if ('problem' in since) return showEndpoint(request, reply, 400, { field: 'enable-since', text: since.problem });
    const { recovery } = await changeWebhookEndpoint(contextOf(request, livemode), id, { status: 'enabled', ...(since.since ? { recover_since: since.since.toISOString() } : {}) }, policy);
    return back(reply, id, recovery ? `done=enabled&queued=${recovery.queued}&pending=${recovery.already_pending}` : 'done=enabled');
  });

  app.post<{ Params: { id: string } }>('/webhooks/:id/disable', { config: ADMIN, schema: hide }, async (request, reply) => {
    const livemode = await modeOfEndpoint(request, request.params.id);
    await changeWebhookEndpoint(contextOf(request, livemode), request.params.id, { status: 'disabled' }, policy);
    return back(reply, request.params.id, 'done=disabled');
  });

  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>('/webhooks/:id/rotate-secret', { config: ADMIN, schema: hide }, async (request, reply) => {
    const livemode = await modeOfEndpoint(request, request.params.id);
    const overlap = OVERLAPS.find((option) => String(option.seconds) === request.body?.overlap)?.seconds ?? 86_400;
    const rotated = await rotateWebhookSecret(contextOf(request, livemode), request.params.id, { expires_in: overlap });
    return render(request, reply, 200, 'secret', { heading: textsOf(request).secretTitle, secret: rotated.secret, endpointId: rotated.id, notice: textsOf(request).rotatedNotice, revealed: false });
  });

  app.post<{ Params: { id: string } }>('/webhooks/:id/reveal-secret', { config: ADMIN, schema: hide }, async (request, reply) => {
    const livemode = await modeOfEndpoint(request, request.params.id);
    const revealed = await revealWebhookSecret(contextOf(request, livemode), request.params.id);
    return render(request, reply, 200, 'secret', { heading: textsOf(request).secretTitle, secret: revealed.secret, endpointId: request.params.id, notice: null, revealed: true });
  });

  app.post<{ Params: { id: string }; Querystring: Record<string, unknown>; Body: Record<string, unknown> }>('/webhooks/:id/test-event', { config: ADMIN, schema: hide }, async (request, reply) => {
    const id = request.params.id;
    const livemode = await modeOfEndpoint(request, id);
    const type = request.body?.type;
    if (!isEventType(type)) return showEndpoint(request, reply, 400, { field: 'test-type', text: textsOf(request).typeUnknown });
    const attempt = await sendTestEvent(contextOf(request, livemode), id, type, policy);
    return back(reply, id, `done=test&outcome=${attempt.outcome}&code=${attempt.status_code ?? ''}`);
  });

  app.post<{ Params: { id: string }; Querystring: Record<string, unknown>; Body: Record<string, unknown> }>('/webhooks/:id/recover', { config: ADMIN, schema: hide }, async (request, reply) => {
    const id = request.params.id;
    const livemode = await modeOfEndpoint(request, id);
    const since = sinceOf(request, 'since', true);
    if ('problem' in since) return showEndpoint(request, reply, 400, { field: 'recover-since', text: since.problem });
    try {
      const recovery = await recoverWebhookEndpoint(contextOf(request, livemode), id, { since: since.since!.toISOString() });
      return back(reply, id, `done=recovered&queued=${recovery.queued}&pending=${recovery.already_pending}`);
    } catch (error) {
      if (error instanceof CanopyError && error.code === 'webhook_endpoint_disabled') return showEndpoint(request, reply, 409, { field: 'recover-since', text: textsOf(request).disabledRedeliver });
      throw error;
    }
  });

  app.post<{ Params: { id: string }; Querystring: Record<string, unknown>; Body: Record<string, unknown> }>('/webhooks/:id/redeliver', { config: ADMIN, schema: hide }, async (request, reply) => {
    const id = request.params.id;
    const livemode = await modeOfEndpoint(request, id);
    const eventId = String(request.body?.event ?? '');
    try {
      await redeliverEvent(contextOf(request, livemode), eventId, { endpoint: id });
    } catch (error) {
      if (error instanceof CanopyError && error.code === 'webhook_endpoint_disabled') return showEndpoint(request, reply, 409, { field: 'log', text: textsOf(request).disabledRedeliver });
      throw error;
    }
    return back(reply, id, `done=redelivered&event=${encodeURIComponent(eventId)}`);
  });

  app.post<{ Params: { id: string }; Querystring: Record<string, unknown>; Body: Record<string, unknown> }>('/webhooks/:id/delete', { config: ADMIN, schema: hide }, async (request, reply) => {
    const id = request.params.id;
    const livemode = await modeOfEndpoint(request, id);
    if (request.body?.confirm !== 'on') return showEndpoint(request, reply, 400, { field: 'delete', text: textsOf(request).deleteRequired });
    await deleteWebhookEndpoint(contextOf(request, livemode), id);
    return reply.redirect(inMode('/dashboard/webhooks', livemode, 'done=deleted'), 303);
  });

  // ---- The event log ----

  app.get<{ Querystring: Record<string, unknown> }>('/events', { config: ADMIN, schema: hide }, async (request, reply) => {
    const livemode = request.query.mode !== 'test';
    const type = isEventType(request.query.type) ? request.query.type : undefined;
    const delivery = ['pending', 'delivered', 'failed'].includes(String(request.query.delivery)) ? (request.query.delivery as 'pending' | 'delivered' | 'failed') : undefined;
    const after = typeof request.query.after === 'string' && /^evt_[A-Za-z0-9]{24}$/.test(request.query.after) ? request.query.after : undefined;
    const ctx = contextOf(request, livemode);
    const { data, hasMore } = await listEventLog(ctx, { limit: 50, type, delivery_status: delivery, starting_after: after });
    const params = new URLSearchParams({ ...(livemode ? {} : { mode: 'test' }), ...(type ? { type } : {}), ...(delivery ? { delivery } : {}) });
    return render(request, reply, 200, 'events', {
      heading: textsOf(request).eventsTitle, livemode, inMode, events: data, eventTypes: EVENT_TYPES, type, delivery, paged: Boolean(after), names: await endpointNames(ctx),
      olderUrl: hasMore ? `/dashboard/events?${new URLSearchParams({ ...Object.fromEntries(params), after: data.at(-1)!.id })}` : null,
    });
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/events/:id', { config: ADMIN, schema: hide }, async (request, reply) => {
    const livemode = await modeOfEvent(request, request.params.id);
    const ctx = contextOf(request, livemode);
    const { event, attempts } = await eventWithAttempts(ctx, request.params.id);
    return render(request, reply, 200, 'event', {
      heading: textsOf(request).eventTitle(event.type), livemode, inMode, event, attempts, payload: JSON.stringify(event, null, 2), names: await endpointNames(ctx),
      done: request.query.done,
    });
  });

  app.post<{ Params: { id: string } }>('/events/:id/redeliver', { config: ADMIN, schema: hide }, async (request, reply) => {
    const livemode = await modeOfEvent(request, request.params.id);
    await redeliverEvent(contextOf(request, livemode), request.params.id, {});
    return reply.redirect(`/dashboard/events/${request.params.id}?done=redelivered`, 303);
  });
};
