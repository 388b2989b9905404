import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dashboardMessage, dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import type { ListedToken } from './present.ts';
import { createToken, getToken, isRollOverlap, listTokens, revokeToken, ROLL_OVERLAPS, rollToken, TokenRefused } from './service.ts';
import { TEXTS } from './texts.ts';
import { allowlistEntries, type CreateForm, dateTime, emptyCreateForm, expiryOf, readCreateForm, scopeChoices, todayUtc, tokenRow } from './view.ts';

const template = (name: string) => new URL(`./templates/${name}.eta`, import.meta.url);
const LIST = template('tokens');
const NEW = template('token-new');
const VALUE = template('token-value');
const ROLL = template('token-roll');
const REVOKE = template('token-revoke');
const PLAN = template('token-plan');

const ADMIN = { config: { dashboardAccess: 'admin' as const }, schema: { hide: true } };
const COPY_SCRIPT_PATH = '/dashboard/assets/token-copy.js';
/** The one page with a script: the value's copy button. The page works without it. */
const VALUE_POLICY = { scriptSrc: ["'self'"] };

const TOKENS_STYLE = [
  // The layout styles every button as inline-block, which would show a `hidden` copy button without its script.
  '[hidden] { display: none !important; }',
  // form.stack makes every label a bold block; a checkbox or radio keeps its box beside its text.
  'form.stack label.check { display: flex; font-weight: 400; margin: 10px 0; }',
  'form.stack fieldset { margin-top: 18px; }',
  'form.stack legend { padding: 0; }',
  // Narrow columns keep their words whole (the layout lets long words break anywhere).
  'table.list th, table.list td { overflow-wrap: normal; }',
  'td .code.note { white-space: nowrap; }',
  'table.list td .badge { white-space: normal; }',
  '.value-field { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; max-width: 44rem; }',
  '.scope-code { font-weight: 600; }',
  'td .note { display: block; font-size: .88rem; color: var(--muted); }',
  '.value-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }',
  '.value-row input { flex: 1 1 20rem; }',
].join('\n');

type Done = 'revoked' | 'already_created';

/**
 * Settings > API tokens (admins; spec section 5, issue 25): the company's tokens, creating
 * one (its value shown once, on the answer to the form, never again), rolling one with an
 * overlap, revoking one after a confirmation. Below `automate`, the page says what the plan
 * would give, and creating or rolling is refused. Every change is one verb of service.ts,
 * written to the audit log in its transaction.
 */
export const tokenPages: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  const texts = (request: FastifyRequest) => TEXTS[signedIn(request).language];
  const onAutomate = (request: FastifyRequest) => signedIn(request).company.plan === 'automate';

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const t = texts(request);
    return dashboardMessage(request, reply, 404, { heading: t.notFoundTitle, text: t.notFoundBody });
  };
  const planRefused = (request: FastifyRequest, reply: FastifyReply) => {
    const t = texts(request);
    return dashboardMessage(request, reply, 403, { heading: t.planRefusedTitle, text: t.planRefusedBody, linkUrl: '/dashboard/tokens', linkText: t.tokensTitle });
  };

  const tokenOf = (request: FastifyRequest, id: string) => getToken(db, signedIn(request).company.id, id);

  app.get<{ Querystring: { done?: string; token?: string } }>('/tokens', ADMIN, async (request, reply) => {
    const session = signedIn(request);
    const t = texts(request);
    const tokens = await listTokens(db, session.company.id);
    const rows = tokens.map((token) => tokenRow(token, t, session.language, onAutomate(request)));
    const done = request.query.done as Done | undefined;
    const named = tokens.find((token) => token.id === request.query.token);
    const notice = named && (done === 'revoked' || done === 'already_created') ? t.done[done](named.name) : null;
    if (!onAutomate(request)) {
      return dashboardPage(request, reply, 200, PLAN, {
        t, heading: t.planTitle, plan: session.company.plan, scopes: scopeChoices(session.language, []), rows, notice, headStyle: TOKENS_STYLE,
      });
    }
    return dashboardPage(request, reply, 200, LIST, {
      t, heading: t.tokensTitle, notice, headStyle: TOKENS_STYLE,
      inUse: rows.filter((row) => row.status === 'active' || row.status === 'expiring'),
      ended: rows.filter((row) => row.status === 'expired' || row.status === 'revoked'),
    });
  });

  function createPage(request: FastifyRequest, reply: FastifyReply, status: number, form: CreateForm, problem: { text: string; field: string; entries: readonly string[] } | null = null) {
    const session = signedIn(request);
    const t = texts(request);
    return dashboardPage(request, reply, status, NEW, {
      t, heading: t.newTitle, form, problem, scopes: scopeChoices(session.language, form.scopes), today: todayUtc(), headStyle: TOKENS_STYLE,
    });
  }

  app.get('/tokens/new', ADMIN, async (request, reply) => {
    if (!onAutomate(request)) return reply.redirect('/dashboard/tokens', 303);
    return createPage(request, reply, 200, emptyCreateForm());
  });

  app.post('/tokens/new', ADMIN, async (request, reply) => {
    if (!onAutomate(request)) return planRefused(request, reply);
    const session = signedIn(request);
    const t = texts(request);
    const form = readCreateForm(request.body);
    if (form.mode !== 'live' && form.mode !== 'test') return createPage(request, reply, 400, form, { text: t.modeInvalid, field: 'mode', entries: [] });
    try {
      const { token, value } = await createToken(db, session.actor, {
        ownerUserId: session.user.id,
        name: form.name,
        scopes: form.scopes,
        livemode: form.mode === 'live',
        expiresAt: expiryOf(form.expiresOn),
        ipAllowlist: allowlistEntries(form.allowlist),
        formKey: form.formKey,
      });
      return valuePage(request, reply, token, value, null);
    } catch (error) {
      if (!(error instanceof TokenRefused)) throw error;
      if (error.code === 'already_created') return reply.redirect(`/dashboard/tokens?done=already_created&token=${error.entries[0]}`, 303);
      if (error.code === 'plan_not_allowed') return planRefused(request, reply);
      return createPage(request, reply, 400, form, { text: t.problems[error.code], field: error.field, entries: error.entries });
    }
  });

  /** The answer that shows a value: this once, never cached, never again. */
  function valuePage(request: FastifyRequest, reply: FastifyReply, token: ListedToken, value: string, rolledFrom: ListedToken | null) {
    const session = signedIn(request);
    const t = texts(request);
    const oldUntil = rolledFrom?.expires_at && Date.parse(rolledFrom.expires_at) > Date.now() ? dateTime(rolledFrom.expires_at, session.language) : null;
    return dashboardPage(request, reply, 200, VALUE, {
      t, heading: rolledFrom ? t.rolledTitle(token.name) : t.createdTitle, token: tokenRow(token, t, session.language), value,
      oldValue: rolledFrom ? (oldUntil ? t.oldValueUntil(oldUntil) : t.oldValueStopped) : null,
      meUrl: `${config.publicBaseUrl}/v2/me`, scripts: [COPY_SCRIPT_PATH], headStyle: TOKENS_STYLE,
    }, VALUE_POLICY);
  }

  function rollPage(request: FastifyRequest, reply: FastifyReply, status: number, token: ListedToken, problem: string | null = null) {
    const session = signedIn(request);
    const t = texts(request);
    return dashboardPage(request, reply, status, ROLL, {
      t, heading: t.rollTitle(token.name), token: tokenRow(token, t, session.language), problem,
      overlaps: Object.keys(ROLL_OVERLAPS).map((overlap) => ({ value: overlap, label: t.overlaps[overlap as keyof typeof ROLL_OVERLAPS], checked: overlap === '24h' })),
      expiry: token.expires_at ? t.overlapSoonerExpiry(dateTime(token.expires_at, session.language)) : null, headStyle: TOKENS_STYLE,
    });
  }

  app.get<{ Params: { id: string } }>('/tokens/:id/roll', ADMIN, async (request, reply) => {
    const token = await tokenOf(request, request.params.id);
    if (!token) return notFound(request, reply);
    if (!onAutomate(request)) return planRefused(request, reply);
    if (token.status !== 'active') return notActive(request, reply);
    return rollPage(request, reply, 200, token);
  });

  app.post<{ Params: { id: string } }>('/tokens/:id/roll', ADMIN, async (request, reply) => {
    const session = signedIn(request);
    const t = texts(request);
    const old = await tokenOf(request, request.params.id);
    if (!old) return notFound(request, reply);
    if (!onAutomate(request)) return planRefused(request, reply);
    const overlap = String((request.body as Record<string, unknown> | undefined)?.overlap ?? '');
    if (!isRollOverlap(overlap)) return rollPage(request, reply, 400, old, t.problems.overlap_invalid);
    try {
      const { token, value } = await rollToken(db, session.actor, { tokenId: old.id, ownerUserId: session.user.id, overlap });
      return valuePage(request, reply, token, value, (await tokenOf(request, old.id)) ?? null);
    } catch (error) {
      if (!(error instanceof TokenRefused)) throw error;
      if (error.code === 'token_not_found') return notFound(request, reply);
      if (error.code === 'plan_not_allowed') return planRefused(request, reply);
      if (error.code === 'token_not_active') return notActive(request, reply);
      return rollPage(request, reply, 400, old, t.problems[error.code]);
    }
  });

  function notActive(request: FastifyRequest, reply: FastifyReply) {
    const t = texts(request);
    return dashboardMessage(request, reply, 409, { heading: t.badRequestTitle, text: t.problems.token_not_active, linkUrl: '/dashboard/tokens', linkText: t.tokensTitle });
  }

  app.get<{ Params: { id: string } }>('/tokens/:id/revoke', ADMIN, async (request, reply) => {
    const session = signedIn(request);
    const t = texts(request);
    const token = await tokenOf(request, request.params.id);
    if (!token || token.revoked_at) return notFound(request, reply);
    return dashboardPage(request, reply, 200, REVOKE, {
      t, heading: t.revokeTitle(token.name), token: tokenRow(token, t, session.language),
      lastUsed: token.last_used_at ? t.revokeLastUsed(dateTime(token.last_used_at, session.language)) : t.revokeNeverUsed, headStyle: TOKENS_STYLE,
    });
  });

  app.post<{ Params: { id: string } }>('/tokens/:id/revoke', ADMIN, async (request, reply) => {
    try {
      const token = await revokeToken(db, signedIn(request).actor, request.params.id);
      return reply.redirect(`/dashboard/tokens?done=revoked&token=${token.id}`, 303);
    } catch (error) {
      if (error instanceof TokenRefused && error.code === 'token_not_found') return notFound(request, reply);
      throw error;
    }
  });

  app.get('/assets/token-copy.js', { config: { dashboardAccess: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(COPY_SCRIPT);
  });
};

/**
 * The copy button of the value page: shown only where this runs (without JavaScript the
 * value is in a read-only field to select), it copies the value and says so.
 */
const COPY_SCRIPT = `(() => {
  const button = document.getElementById('copy-token');
  const field = document.getElementById('token-value');
  const status = document.getElementById('copy-status');
  if (!button || !field || !status) return;
  button.hidden = false;
  field.addEventListener('focus', () => field.select());
  button.addEventListener('click', async () => {
    field.select();
    let copied = false;
    try {
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(field.value);
        copied = true;
      } else {
        copied = document.execCommand('copy');
      }
    } catch {
      copied = false;
    }
    status.textContent = copied ? button.dataset.copied : button.dataset.failed;
  });
})();
`;
