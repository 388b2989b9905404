import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../core/i18n.ts';
import { type Actor, recordChange } from '../../platform/dashboard/audit.ts';
import { dashboardMessage, dashboardPage } from '../../platform/dashboard/page.ts';
import { hashPassword, PASSWORD_MAX_LENGTH, passwordProblem } from '../../platform/dashboard/passwords.ts';
import { endSessionsOf } from '../../platform/dashboard/sessions.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { sendAccountEmail } from './jobs.ts';
import { deadLinkReason, type LinkHolder, type LinkPurpose, openLink, spendLink } from './links.ts';
import { dateTime, field, languageOf, type PageDeps } from './page-deps.ts';
import { signInAs } from './session-start.ts';
import { linkRequestThrottle } from './sign-in.ts';
import { isEmailAddress, NAME_MAX_LENGTH } from './team.ts';
import { TEXTS } from './texts.ts';

const REQUEST_TEMPLATE = new URL('./templates/request-link.eta', import.meta.url);
const SENT_TEMPLATE = new URL('./templates/link-sent.eta', import.meta.url);
const SIGN_IN_LINK_TEMPLATE = new URL('./templates/sign-in-link.eta', import.meta.url);
const CHOOSE_PASSWORD_TEMPLATE = new URL('./templates/choose-password.eta', import.meta.url);

/** The two pages that ask for a link by email: where they are, and what they ask for. */
const ASKING = [
  { path: '/sign-in/email', purpose: 'sign_in' },
  { path: '/forgot-password', purpose: 'reset' },
] as const;

const PUBLIC = { config: { dashboardAccess: 'public' as const }, schema: { hide: true } };

/**
 * The pages of one-time links (links.ts): asking for a sign-in or reset link by email,
 * whose answer is the same whether or not the address has an account; opening a sign-in
 * link (a button: opening the page spends nothing, since mail scanners open links too);
 * choosing a password with an invitation or reset link, which ends every other session of
 * the person and signs this browser in.
 */
export function registerLinkPages({ app, db, config, cookie }: PageDeps): void {
  const links = linkRequestThrottle(db, config.databaseUrl !== null);

  for (const { path, purpose } of ASKING) {
    const texts = (language: Language) => {
      const t = TEXTS[language];
      return { t, heading: purpose === 'sign_in' ? t.requestSignInTitle : t.requestResetTitle, intro: purpose === 'sign_in' ? t.requestSignInIntro : t.requestResetIntro, action: path };
    };
    app.get(path, PUBLIC, async (request, reply) => {
      return dashboardPage(request, reply, 200, REQUEST_TEMPLATE, { ...texts(languageOf(request)), email: '' });
    });

    app.post(path, PUBLIC, async (request, reply) => {
      const language = languageOf(request);
      const email = field(request.body, 'email').trim();
      const again = (status: number, problem: string) => dashboardPage(request, reply, status, REQUEST_TEMPLATE, { ...texts(language), email, problem });
      if (!isEmailAddress(email)) return again(400, TEXTS[language].emailProblem);
      const wait = await links.take(email, request.ip);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        return again(429, TEXTS[language].linksThrottled(TEXTS[language].minutes(Math.ceil(wait / 60))));
      }
      // The same answer whether or not the address has an account: the worker looks it up.
      await enqueueJob(db, sendAccountEmail, { purpose, email, language });
      return reply.redirect(`/dashboard${path}/sent?lang=${language}`, 303);
    });

    app.get(`${path}/sent`, PUBLIC, async (request, reply) => {
      const t = TEXTS[languageOf(request)];
      return dashboardPage(request, reply, 200, SENT_TEMPLATE, { t, heading: t.sentTitle, text: purpose === 'sign_in' ? t.sentSignIn : t.sentReset });
    });
  }

  /** The page of a link that does not work: why, and where to get a new one. */
  async function deadLink(request: FastifyRequest, reply: FastifyReply, secret: string, purpose: LinkPurpose) {
    const t = TEXTS[languageOf(request)];
    const reason = await deadLinkReason(db, secret, purpose);
    const why = { used: t.deadLinkUsed, expired: t.deadLinkExpired, unknown: t.deadLinkUnknown }[reason];
    const elsewhere = purpose === 'invite'
      ? { text: t.deadLinkInvite, linkUrl: '/dashboard/sign-in', linkText: t.signInButton }
      : { text: t.deadLinkOther, linkUrl: `/dashboard/${purpose === 'reset' ? 'forgot-password' : 'sign-in/email'}?lang=${languageOf(request)}`, linkText: purpose === 'reset' ? t.forgotPassword : t.emailMeALink };
    return dashboardMessage(request, reply, reason === 'unknown' ? 404 : 410, { heading: t.deadLinkTitle, text: `${why} ${elsewhere.text}`, linkUrl: elsewhere.linkUrl, linkText: elsewhere.linkText });
  }

  // A sign-in link: the page names who signs in; its button spends the link.
  app.get<{ Params: { secret: string } }>('/link/:secret', PUBLIC, async (request, reply) => {
    const holder = await openLink(db, request.params.secret, 'sign_in');
    if (!holder) return deadLink(request, reply, request.params.secret, 'sign_in');
    const language = languageOf(request);
    const t = TEXTS[language];
    return dashboardPage(request, reply, 200, SIGN_IN_LINK_TEMPLATE, { t, heading: t.linkTitle, holder, action: `/dashboard/link/${request.params.secret}?lang=${language}` });
  });

  app.post<{ Params: { secret: string } }>('/link/:secret', PUBLIC, async (request, reply) => {
    const holder = await openLink(db, request.params.secret, 'sign_in');
    const spent = holder && (await db.transaction().execute((trx) => spendLink(trx, request.params.secret, 'sign_in', holder.userId)));
    if (!holder || !spent) return deadLink(request, reply, request.params.secret, 'sign_in');
    return signInAs(db, cookie, reply, personOf(holder), '/dashboard', 'link');
  });

  // Choosing a password: with an invitation (a new person, or one the operator sent a fresh link) or a reset link.
  for (const purpose of ['invite', 'reset'] as const) {
    const page = (request: FastifyRequest, reply: FastifyReply, status: number, secret: string, holder: LinkHolder, form: { name: string; problem?: string }) => {
      const language = languageOf(request);
      const t = TEXTS[language];
      return dashboardPage(request, reply, status, CHOOSE_PASSWORD_TEMPLATE, {
        t, purpose, holder, ...form,
        heading: purpose === 'invite' ? t.inviteTitle : t.resetTitle,
        intro: purpose === 'invite' ? t.inviteIntro(holder.companyName) : t.resetIntro(holder.email, holder.companyName),
        expires: t.linkExpires(dateTime(holder.expiresAt, language)),
        action: `/dashboard/${purpose}/${secret}?lang=${language}`,
        // The address is there for password managers; it reads as what it is, not a field to fill.
        headStyle: 'input[readonly] { background: #f1f4f1; border-color: #dfe5df; }',
      });
    };

    app.get<{ Params: { secret: string } }>(`/${purpose}/:secret`, PUBLIC, async (request, reply) => {
      const holder = await openLink(db, request.params.secret, purpose);
      if (!holder) return deadLink(request, reply, request.params.secret, purpose);
      return page(request, reply, 200, request.params.secret, holder, { name: holder.name });
    });

    app.post<{ Params: { secret: string } }>(`/${purpose}/:secret`, PUBLIC, async (request, reply) => {
      const { secret } = request.params;
      const holder = await openLink(db, secret, purpose);
      if (!holder) return deadLink(request, reply, secret, purpose);
      const t = TEXTS[languageOf(request)];
      const name = field(request.body, 'name', NAME_MAX_LENGTH).trim() || holder.name;
      const password = field(request.body, 'password', PASSWORD_MAX_LENGTH + 1);
      const problem = passwordProblem(password, holder);
      if (problem) return page(request, reply, 400, secret, holder, { name, problem: t.passwordProblems[problem] });
      const hash = await hashPassword(password);
      const actor: Actor = { companyId: holder.companyId, userId: holder.userId, email: holder.email, ip: request.ip };
      const done = await db.transaction().execute(async (trx) => {
        if (!(await spendLink(trx, secret, purpose, holder.userId))) return false;
        const language = holder.language ?? languageOf(request);
        await trx.updateTable('users').set({ password_hash: hash, name, language, updated_at: new Date() }).where('id', '=', holder.userId).execute();
        const ended = await endSessionsOf(trx, holder.userId);
        const joined = purpose === 'invite' && !holder.hasPassword;
        await recordChange(trx, actor, joined ? 'user.joined' : 'user.password_reset', holder.userId, joined ? {} : { sessions_ended: ended });
        return true;
      });
      if (!done) return deadLink(request, reply, secret, purpose);
      return signInAs(db, cookie, reply, personOf(holder), purpose === 'invite' ? '/dashboard' : '/dashboard/account?done=password_reset', null);
    });
  }
}

function personOf(holder: LinkHolder) {
  return { id: holder.userId, company_id: holder.companyId, email: holder.email };
}
