import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '../../core/i18n.ts';
import { derivedKey } from '../../core/secrets.ts';
import { createLimiter } from '../../platform/http/rate-limit.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { normalizeGiftCode } from './code.ts';
import { countRateLimited } from '../../platform/counters.ts';
import { type Claimant, claimGiftCodeByCode } from './service.ts';
import { longDate } from '../../platform/pages/texts.ts';
import { TEXTS } from './texts.ts';
import { countryName, messagePage, page, pageLanguage } from '../../platform/pages/page.ts';
import { type GiftView, lookUpGiftCode } from './view.ts';

const ENTER_TEMPLATE = new URL('./templates/gift-enter.eta', import.meta.url);
const CLAIM_TEMPLATE = new URL('./templates/gift-claim.eta', import.meta.url);

/**
 * The public claim page of gift codes, without a login: `/gift` where a person types a
 * code, and `/gift/{code}` with the gift and a form that claims it. Works without
 * JavaScript. Forms carry a CSRF token (a secret in a signed cookie, the token in the
 * form). Failed look-ups of a client address are limited (GIFT_LOOKUPS_PER_MINUTE), so
 * guessing codes is not practical; past the limit every look-up answers 429 until the
 * minute is over. Every answer is a page in the reader's language.
 */
export const giftPages: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  // Form bodies are parsed here only: the API keeps answering 415 to anything but JSON.
  await app.register(fastifyFormbody, { bodyLimit: 16_384 });
  await app.register(fastifyCookie, { secret: derivedKey(config.secretKey, 'gift-form-cookie').toString('hex') });
  await app.register(fastifyCsrf, {
    cookieKey: 'canopy_gift_csrf',
    cookieOpts: { path: '/gift', httpOnly: true, sameSite: 'lax', secure: config.publicBaseUrl.startsWith('https://'), signed: true },
    getToken: (request) => (request.body as Record<string, unknown> | undefined)?._csrf as string | undefined,
  });
  const failedLookups = createLimiter(db, { name: 'gift_lookup', points: config.giftLookupsPerMinute, windowSeconds: 60, shared: config.databaseUrl !== null });

  app.setErrorHandler((error, request, reply) => {
    const language = pageLanguage(request);
    const t = TEXTS[language];
    const code = (error as { code?: string }).code;
    if (code === 'FST_CSRF_INVALID_TOKEN' || code === 'FST_CSRF_MISSING_SECRET') {
      const back = typeof (request.params as { code?: unknown })?.code === 'string' ? `/gift/${(request.params as { code: string }).code}?lang=${language}` : '/gift';
      return message(reply, 403, language, { heading: t.formExpiredTitle, text: t.formExpiredBody, linkUrl: back, linkText: t.backToGift });
    }
    if ((error as { statusCode?: number }).statusCode === 415 || (error as { statusCode?: number }).statusCode === 413) {
      return message(reply, (error as { statusCode: number }).statusCode, language, { heading: t.formExpiredTitle, text: t.formExpiredBody, linkUrl: '/gift', linkText: t.typeCode });
    }
    request.log.error({ err: error }, 'gift page failed');
    return message(reply, 500, language, { heading: t.somethingWrongTitle, text: t.somethingWrongBody });
  });

  /**
   * A client past its failed look-ups gets 429 and a page saying when to try again; true when
   * it was refused. A boolean, not the reply: a Reply is a thenable, so an async function
   * returning one resolves to undefined and the caller would carry on as if not refused.
   */
  const refuseWhileLimited = async (request: FastifyRequest, reply: FastifyReply, language: Language): Promise<boolean> => {
    const wait = await failedLookups.waitFor(request.ip);
    if (wait === 0) return false;
    const t = TEXTS[language];
    reply.header('Retry-After', String(wait));
    message(reply, 429, language, { heading: t.tooManyTitle, text: t.tooManyBody(t.minutes(Math.ceil(wait / 60))), linkUrl: `/gift?lang=${language}`, linkText: t.typeCode });
    countRateLimited('gift_lookup');
    return true;
  };

  /** An unknown code: counted against the client address, then a page that says so. */
  const unknownCode = async (request: FastifyRequest, reply: FastifyReply, language: Language) => {
    await failedLookups.hit(request.ip);
    const t = TEXTS[language];
    return message(reply, 404, language, { heading: t.unknownTitle, text: t.unknownBody, linkUrl: `/gift?lang=${language}`, linkText: t.typeCode });
  };

  app.get<{ Querystring: { code?: string } }>('/gift', { schema: { hide: true } }, async (request, reply) => {
    const language = pageLanguage(request);
    const typed = typeof request.query.code === 'string' ? request.query.code.trim() : '';
    if (typed === '') return page(reply, 200, language, ENTER_TEMPLATE, { t: TEXTS[language], heading: TEXTS[language].enterHeading, code: '', problem: null, footer: TEXTS[language].giftFooter });
    const code = normalizeGiftCode(typed);
    if (!code) {
      return page(reply, 400, language, ENTER_TEMPLATE, { t: TEXTS[language], heading: TEXTS[language].enterHeading, code: typed.slice(0, 40), problem: TEXTS[language].codeMalformed, footer: TEXTS[language].giftFooter });
    }
    return reply.redirect(`/gift/${code}?lang=${language}`, 303);
  });

  app.get<{ Params: { code: string } }>('/gift/:code', { schema: { hide: true } }, async (request, reply) => {
    const language = pageLanguage(request);
    if (await refuseWhileLimited(request, reply, language)) return reply;
    const code = normalizeGiftCode(request.params.code);
    const gift = code ? await lookUpGiftCode(db, config.publicBaseUrl, code, language) : null;
    if (!gift) return unknownCode(request, reply, language);
    // Typed in lower case or without dashes: the address of the code as printed.
    if (code !== request.params.code) return reply.redirect(`/gift/${code}?lang=${language}`, 301);
    if (gift.status !== 'open') return giftState(reply, language, gift, 'look');
    return claimForm(reply, 200, language, gift, { values: { first_name: '', last_name: '', email: '', language }, problems: [] });
  });

  app.post<{ Params: { code: string }; Body: Record<string, unknown> }>(
    '/gift/:code',
    { schema: { hide: true }, preHandler: app.csrfProtection },
    async (request, reply) => {
      const language = pageLanguage(request);
      if (await refuseWhileLimited(request, reply, language)) return reply;
      const code = normalizeGiftCode(request.params.code);
      if (!code) return unknownCode(request, reply, language);
      const form = readClaimForm(request.body ?? {}, language);
      if (form.problems.length > 0) {
        const gift = await lookUpGiftCode(db, config.publicBaseUrl, code, language);
        if (!gift) return unknownCode(request, reply, language);
        if (gift.status !== 'open') return giftState(reply, language, gift, 'claim');
        return claimForm(reply, 400, language, gift, form);
      }
      const outcome = await claimGiftCodeByCode(db, config.publicBaseUrl, code, form.claimant!);
      if (outcome.outcome === 'unknown') return unknownCode(request, reply, language);
      if (outcome.outcome === 'not_open') {
        const gift = await lookUpGiftCode(db, config.publicBaseUrl, code, language);
        if (!gift) return unknownCode(request, reply, language);
        return giftState(reply, language, gift, 'claim');
      }
      // A relative address: the browser stays on the host it used (the form-action policy allows 'self').
      return reply.redirect(`/certificates/${outcome.certificateId}?lang=${outcome.language}`, 303);
    },
  );

  /** The claim form, filled in again after a refused submit. */
  function claimForm(reply: FastifyReply, status: 200 | 400, language: Language, gift: GiftView, form: Pick<ClaimForm, 'values' | 'problems'>) {
    const t = TEXTS[language];
    const trees = t.trees(gift.trees);
    const place = gift.project ? `${gift.project.name} (${countryName(gift.project.country, language)})` : null;
    return page(reply.header('Cache-Control', 'no-store'), status, language, CLAIM_TEMPLATE, {
      t: TEXTS[language],
      title: t.giftTitle,
      heading: t.giftTitle,
      footer: t.giftFooter,
      gift,
      intro: place ? t.giftIntro(gift.company.name, trees, place) : t.giftIntroNoPlace(gift.company.name, trees),
      csrfToken: reply.generateCsrf(),
      values: form.values,
      problems: form.problems,
      invalid: Object.fromEntries(form.problems.map((problem) => [problem.field, true])),
    });
  }
};

/**
 * A code that cannot be claimed: claimed (with a link to the certificate, for the person
 * who claimed it and comes back, or whose second click lost to their first), expired, or
 * revoked. A look answers 200 for a claimed code (it was a success) and 410 for a dead one;
 * a claim that lost answers 409.
 */
function giftState(reply: FastifyReply, language: Language, gift: GiftView, asked: 'look' | 'claim') {
  const t = TEXTS[language];
  const testBanner = gift.livemode ? null : t.testGift;
  if (gift.status === 'claimed') {
    return message(reply, asked === 'claim' ? 409 : 200, language, {
      heading: t.claimedTitle,
      text: t.claimedBody(longDate(gift.claimedAt ?? new Date(), language)),
      linkUrl: gift.certificateId ? `/certificates/${gift.certificateId}?lang=${language}` : null,
      linkText: t.seeCertificate,
      testBanner,
    });
  }
  if (gift.status === 'expired') return message(reply, 410, language, { heading: t.expiredTitle, text: t.expiredBody(longDate(gift.validUntil, language)), testBanner });
  return message(reply, 410, language, { heading: t.revokedTitle, text: t.revokedBody, testBanner });
}

function message(reply: FastifyReply, status: number, language: Language, data: Record<string, unknown>) {
  return messagePage(reply, status, language, { footer: TEXTS[language].giftFooter, ...data });
}

interface ClaimForm {
  values: { first_name: string; last_name: string; email: string; language: Language };
  problems: { field: string; message: string }[];
  claimant: Claimant | null;
}

/** Same rule as the API's `format: email`: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The claim form's fields, checked, with a message per problem in the page's language. */
function readClaimForm(body: Record<string, unknown>, pageLanguageNow: Language): ClaimForm {
  const t = TEXTS[pageLanguageNow];
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
  const chosen = text('language');
  const values = {
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    language: (LANGUAGES as readonly string[]).includes(chosen) ? (chosen as Language) : pageLanguageNow,
  };
  const problems: ClaimForm['problems'] = [];
  if (values.first_name === '') problems.push({ field: 'first_name', message: t.firstNameMissing });
  else if (values.first_name.length > 100) problems.push({ field: 'first_name', message: t.nameTooLong });
  if (values.last_name.length > 100) problems.push({ field: 'last_name', message: t.nameTooLong });
  if (values.email.length > 254 || !EMAIL.test(values.email)) problems.push({ field: 'email', message: t.emailInvalid });
  const claimant = problems.length > 0 ? null : { firstName: values.first_name, lastName: values.last_name || null, email: values.email, language: values.language };
  return { values, problems, claimant };
}
