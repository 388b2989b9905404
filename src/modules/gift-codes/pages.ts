import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '../../core/i18n.ts';
import { derivedKey, hmacHex, signaturesEqual } from '../../core/secrets.ts';
import { createLimiter } from '../../platform/http/rate-limit.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { normalizeGiftCode } from './code.ts';
import { countRateLimited } from '../../platform/counters.ts';
import { type Claimant, claimGiftCodeByCode } from './service.ts';
import { longDate } from '../../platform/pages/texts.ts';
import { TEXTS } from './texts.ts';
import { clientErrorStatus, countryName, type LanguageForm, messagePage, page, pageLanguage, switchedLanguage } from '../../platform/pages/page.ts';
import { type ClaimantView, type GiftView, lookUpClaimant, lookUpGiftCode } from './view.ts';

const ENTER_TEMPLATE = new URL('./templates/gift-enter.eta', import.meta.url);
const CLAIM_TEMPLATE = new URL('./templates/gift-claim.eta', import.meta.url);
const CLAIMED_TEMPLATE = new URL('./templates/gift-claimed.eta', import.meta.url);
const STATE_TEMPLATE = new URL('./templates/gift-state.eta', import.meta.url);

/** The cookie that marks the browser that claimed a code: one per code, sent only to that code's pages. */
const CLAIM_COOKIE = 'canopy_gift_claim';
/** How long a browser keeps knowing it claimed a code (browsers cap cookies at 400 days). */
const CLAIM_COOKIE_SECONDS = 365 * 86_400;
/**
 * A claim that loses to an earlier one with the same first name and email address, this soon
 * after it, is the same person's second click (or a retry after a lost answer): it is sent
 * to the confirmation as the first would have been.
 */
const SAME_CLAIM_WINDOW_MS = 10 * 60_000;

/**
 * The public claim page of gift codes, without a login: `/gift` where a person types a
 * code, and `/gift/{code}` with the gift and a form that claims it. Works without
 * JavaScript. Forms carry a CSRF token (a secret in a signed cookie, the token in the
 * form). A claim answers 303 to the code's page, which then shows the browser that claimed
 * it (a signed cookie for that code, set with the claim) what it claimed and where the
 * certificate went, with the link to the certificate; anyone else reads only that the code
 * was claimed, and when. Failed look-ups of a client address are limited
 * (GIFT_LOOKUPS_PER_MINUTE), so guessing codes is not practical: past the limit a code that
 * does not exist answers 429 until the minute is over, while a code that exists still opens,
 * so that a person behind an address others guessed from is not kept from their gift. Every
 * answer is a page in the reader's language.
 */
export const giftPages: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  // Form bodies are parsed here only: the API keeps answering 415 to anything but JSON.
  await app.register(fastifyFormbody, { bodyLimit: 16_384 });
  const secureCookies = config.publicBaseUrl.startsWith('https://');
  await app.register(fastifyCookie, { secret: derivedKey(config.secretKey, 'gift-form-cookie').toString('hex') });
  await app.register(fastifyCsrf, {
    cookieKey: 'canopy_gift_csrf',
    cookieOpts: { path: '/gift', httpOnly: true, sameSite: 'lax', secure: secureCookies, signed: true },
    getToken: (request) => (request.body as Record<string, unknown> | undefined)?._csrf as string | undefined,
  });
  const failedLookups = createLimiter(db, { name: 'gift_lookup', points: config.giftLookupsPerMinute, windowSeconds: 60, shared: config.databaseUrl !== null });
  const claimKey = derivedKey(config.secretKey, 'gift-claim-cookie');
  /** The claim cookie's value: the code, and a signature over the code and the recipient who claimed it. */
  const claimMark = (code: string, recipientId: string) => `${code}.${hmacHex(claimKey, `${code}.${recipientId}`)}`;

  /** Whether this request comes from the browser that claimed the code (its claim cookie checks out). */
  const claimedHere = (request: FastifyRequest, gift: GiftView): boolean => {
    const given = request.cookies[CLAIM_COOKIE];
    if (!gift.recipientId || typeof given !== 'string') return false;
    const [code, signature] = given.split('.');
    if (code !== gift.code || !signature) return false;
    return signaturesEqual(hmacHex(claimKey, `${gift.code}.${gift.recipientId}`), signature);
  };

  /** Marks this browser as the one that claimed the code: signed, HttpOnly, SameSite=Lax, sent only to the code's own pages. */
  const markClaimed = (reply: FastifyReply, code: string, recipientId: string) =>
    reply.setCookie(CLAIM_COOKIE, claimMark(code, recipientId), {
      path: `/gift/${code}`,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: CLAIM_COOKIE_SECONDS,
    });

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
    // An address no code can have (a NUL in it): not found, as any other.
    if (clientErrorStatus(error) !== null) return message(reply, 404, language, { heading: t.unknownTitle, text: t.unknownBody, linkUrl: '/gift', linkText: t.typeCode });
    request.log.error({ err: error }, 'gift page failed');
    return message(reply, 500, language, { heading: t.somethingWrongTitle, text: t.somethingWrongBody });
  });

  /**
   * A code that does not exist (or cannot be one): a client past its failed look-ups gets 429
   * and a page saying when to try again; otherwise the failure is counted against its address
   * and the page says the code was not found. Only here is anything counted or refused: a
   * code that exists is always looked up and shown.
   */
  const unknownCode = async (request: FastifyRequest, reply: FastifyReply, language: Language) => {
    const t = TEXTS[language];
    const wait = await failedLookups.waitFor(request.ip);
    if (wait > 0) {
      countRateLimited('gift_lookup');
      reply.header('Retry-After', String(wait));
      return message(reply, 429, language, { heading: t.tooManyTitle, text: t.tooManyBody(t.minutes(Math.ceil(wait / 60))), linkUrl: `/gift?lang=${language}`, linkText: t.typeCode });
    }
    await failedLookups.hit(request.ip);
    return statePage(reply, 404, language, null, { heading: t.unknownTitle, paragraphs: [t.unknownBody, t.unknownAsk], actions: [{ url: `/gift?lang=${language}`, text: t.typeCode }] });
  };

  app.get<{ Querystring: { code?: string } }>('/gift', { schema: { hide: true } }, async (request, reply) => {
    // The language switch sends the form as it is: the same page in that language, with the code as typed.
    const switched = switchedLanguage(request.query);
    const language = switched ?? pageLanguage(request);
    const typed = typeof request.query.code === 'string' ? request.query.code.trim() : '';
    if (typed === '' || switched) return enterPage(reply, 200, language, typed.slice(0, 40), null);
    const code = normalizeGiftCode(typed);
    if (!code) return enterPage(reply, 400, language, typed.slice(0, 40), TEXTS[language].codeMalformed);
    return reply.redirect(`/gift/${code}?lang=${language}`, 303);
  });

  app.get<{ Params: { code: string } }>('/gift/:code', { schema: { hide: true } }, async (request, reply) => {
    const language = pageLanguage(request);
    const code = normalizeGiftCode(request.params.code);
    const gift = code ? await lookUpGiftCode(db, config.publicBaseUrl, code, language) : null;
    if (!gift) return unknownCode(request, reply, language);
    // Typed in lower case or without dashes: the address of the code as printed.
    if (code !== request.params.code) return reply.redirect(`/gift/${code}?lang=${language}`, 301);
    if (gift.status !== 'open') return giftState(request, reply, language, gift, 'look');
    return claimForm(reply, 200, language, gift, { values: { first_name: '', last_name: '', email: '', language }, problems: [] });
  });

  app.post<{ Params: { code: string }; Body: Record<string, unknown> }>(
    '/gift/:code',
    { schema: { hide: true }, preHandler: app.csrfProtection },
    async (request, reply) => {
      const switched = switchedLanguage(request.body);
      const language = switched ?? pageLanguage(request);
      const code = normalizeGiftCode(request.params.code);
      if (!code) return unknownCode(request, reply, language);
      if (switched) {
        // The language switch: the same form in that language, filled in as it was; nothing is claimed.
        const gift = await lookUpGiftCode(db, config.publicBaseUrl, code, language);
        if (!gift) return unknownCode(request, reply, language);
        if (gift.status !== 'open') return giftState(request, reply, language, gift, 'look');
        return claimForm(reply, 200, language, gift, { values: switchedValues(request.body ?? {}, language), problems: [] });
      }
      const form = readClaimForm(request.body ?? {}, language);
      if (form.problems.length > 0) {
        const gift = await lookUpGiftCode(db, config.publicBaseUrl, code, language);
        if (!gift) return unknownCode(request, reply, language);
        if (gift.status !== 'open') return giftState(request, reply, language, gift, 'claim');
        return claimForm(reply, 400, language, gift, form);
      }
      const outcome = await claimGiftCodeByCode(db, config.publicBaseUrl, code, form.claimant!);
      if (outcome.outcome === 'unknown') return unknownCode(request, reply, language);
      if (outcome.outcome === 'not_open') {
        const gift = await lookUpGiftCode(db, config.publicBaseUrl, code, language);
        if (!gift) return unknownCode(request, reply, language);
        if (gift.status === 'claimed' && gift.recipientId && !claimedHere(request, gift) && (await sameClaim(gift, form.claimant!))) {
          // The same person's claim, whose answer the browser never kept (a second click, a retry): its confirmation.
          markClaimed(reply, gift.code, gift.recipientId);
          return reply.redirect(`/gift/${gift.code}?lang=${language}`, 303);
        }
        return giftState(request, reply, language, gift, 'claim');
      }
      // A relative address: the browser stays on the host it used (the form-action policy allows 'self').
      markClaimed(reply, code, outcome.recipientId);
      return reply.redirect(`/gift/${code}?lang=${language}`, 303);
    },
  );

  /** Whether a claim that lost names the same person as the claim that won it, a moment ago. */
  async function sameClaim(gift: GiftView, claimant: Claimant): Promise<boolean> {
    if (!gift.recipientId || !gift.claimedAt || Date.now() - gift.claimedAt.getTime() > SAME_CLAIM_WINDOW_MS) return false;
    const winner = await lookUpClaimant(db, gift.recipientId);
    return winner !== null && winner.email !== null && winner.email.toLowerCase() === claimant.email.toLowerCase() && winner.firstName === claimant.firstName;
  }

  /**
   * A code that cannot be claimed. Claimed: the browser that claimed it sees what it
   * claimed, where the certificate was emailed and the link to it (the confirmation); anyone
   * else reads when it was claimed, and nothing of whom, and no link to the certificate. Expired, revoked: what happened. Each names the
   * company that gave the code and links its website when it has one. A look answers 200
   * for a claimed code (it was a success) and 410 for a dead one; a claim that lost answers 409.
   */
  async function giftState(request: FastifyRequest, reply: FastifyReply, language: Language, gift: GiftView, asked: 'look' | 'claim') {
    const t = TEXTS[language];
    const company = gift.company.name;
    const website = gift.company.websiteUrl ? [{ url: gift.company.websiteUrl, text: t.visitWebsite(new URL(gift.company.websiteUrl).host.replace(/^www\./, '')) }] : [];
    if (gift.status === 'claimed') {
      const claimedOn = longDate(gift.claimedAt ?? new Date(), language);
      if (gift.certificateId && gift.recipientId && claimedHere(request, gift)) {
        // The browser that claimed it: a form sent again goes to the confirmation, which a look shows.
        if (asked === 'claim') return reply.redirect(`/gift/${gift.code}?lang=${language}`, 303);
        const claimant = await lookUpClaimant(db, gift.recipientId);
        if (claimant) return confirmation(reply, language, gift, claimant, claimedOn);
      }
      const paragraphs = gift.certificateId
        ? [t.claimedBody(claimedOn), gift.livemode ? t.claimedIfYou : t.claimedIfYouTest, t.claimedNotYou(company)]
        : [t.claimedWithdrawnBody(claimedOn), t.askCompany(company)];
      return statePage(reply, asked === 'claim' ? 409 : 200, language, gift, { heading: t.claimedTitle, paragraphs, actions: website });
    }
    if (gift.status === 'expired') {
      const paragraphs = [t.expiredBody(longDate(gift.validUntil, language), company), t.mistakeAsk(company)];
      return statePage(reply, 410, language, gift, { heading: t.expiredTitle, paragraphs, actions: website });
    }
    return statePage(reply, 410, language, gift, { heading: t.revokedTitle, paragraphs: [t.revokedBody(company), t.mistakeAsk(company)], actions: website });
  }

  /** What the browser that claimed a code sees on its page: the trees, where the certificate went, and the link to it. */
  function confirmation(reply: FastifyReply, language: Language, gift: GiftView, claimant: ClaimantView, claimedOn: string) {
    const t = TEXTS[language];
    const trees = t.trees(gift.trees);
    const place = gift.project ? `${gift.project.name} (${countryName(gift.project.country, language)})` : null;
    return page(reply.header('Cache-Control', 'no-store'), 200, language, CLAIMED_TEMPLATE, {
      t,
      heading: t.confirmTitle,
      footer: t.giftFooter,
      gift,
      summary: place ? t.confirmTrees(trees, gift.trees, place, gift.company.name) : t.confirmTreesNoPlace(trees, gift.trees, gift.company.name),
      emailed: !gift.livemode ? t.confirmTest : claimant.email ? t.confirmEmailed(maskedEmail(claimant.email)) : null,
      claimedOn: t.confirmClaimedOn(claimedOn),
      certificateUrl: `/certificates/${gift.certificateId}?lang=${claimant.language}`,
    });
  }

  /** The claim form, filled in again after a refused submit. */
  function claimForm(reply: FastifyReply, status: 200 | 400, language: Language, gift: GiftView, form: Pick<ClaimForm, 'values' | 'problems'>) {
    const t = TEXTS[language];
    const trees = t.trees(gift.trees);
    const place = gift.project ? `${gift.project.name} (${countryName(gift.project.country, language)})` : null;
    return page(reply.header('Cache-Control', 'no-store'), status, language, CLAIM_TEMPLATE, {
      t,
      title: t.giftTitle,
      heading: t.giftTitle,
      footer: t.giftFooter,
      gift,
      intro: place ? t.giftIntro(gift.company.name, trees, place) : t.giftIntroNoPlace(gift.company.name, trees),
      languageForm: formSwitch('claim-form', t.claimButton, (to) => `/gift/${gift.code}?lang=${to}`),
      csrfToken: reply.generateCsrf(),
      values: form.values,
      problems: form.problems,
      errors: Object.fromEntries(form.problems.map((problem) => [problem.field, problem.message])),
      firstInvalid: form.problems[0]?.field ?? null,
    });
  }
};

/** The page where a person types a code, with what they typed and the problem with it (or null). */
function enterPage(reply: FastifyReply, status: 200 | 400, language: Language, code: string, problem: string | null) {
  const t = TEXTS[language];
  return page(reply, status, language, ENTER_TEMPLATE, {
    t, heading: t.enterHeading, code, problem, footer: t.giftFooter,
    languageForm: formSwitch('code-form', t.findButton, () => '/gift'),
  });
}

/** The layout's language switch as buttons of the form `id` (page.ts LanguageForm): what was typed goes along. */
function formSwitch(id: string, submit: string, action: (language: Language) => string): LanguageForm {
  return { id, submit, actions: Object.fromEntries(LANGUAGES.map((language) => [language, action(language)])) as Record<Language, string> };
}

function message(reply: FastifyReply, status: number, language: Language, data: Record<string, unknown>) {
  return messagePage(reply, status, language, { footer: TEXTS[language].giftFooter, ...data });
}

/** A page that says why a code leads no further, naming the company that gave it (when known), with links onward. */
function statePage(
  reply: FastifyReply,
  status: number,
  language: Language,
  gift: GiftView | null,
  content: { heading: string; paragraphs: string[]; actions: { url: string; text: string }[] },
) {
  const t = TEXTS[language];
  // A claimed code's page depends on the browser's claim cookie: never kept by a cache.
  return page(reply.header('Cache-Control', 'no-store'), status, language, STATE_TEMPLATE, {
    t,
    footer: t.giftFooter,
    gift,
    testBanner: gift && !gift.livemode ? t.testGift : null,
    ...content,
  });
}

/** An email address as the confirmation shows it: the local part's first letter, the domain in full (a•••@example.com). */
export function maskedEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  const first = Array.from(address.slice(0, at))[0];
  return `${first}•••${address.slice(at)}`;
}

interface ClaimForm {
  values: { first_name: string; last_name: string; email: string; language: Language };
  problems: { field: string; message: string }[];
  claimant: Claimant | null;
}

/**
 * The claim form's fields as typed, for the same form in another language. The certificate's
 * language follows the page's unless the person chose another (it differs from the language
 * of the page they were on, `page_language`).
 */
function switchedValues(body: Record<string, unknown>, language: Language): ClaimForm['values'] {
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).slice(0, 254) : '');
  const chosen = text('language');
  const changed = (LANGUAGES as readonly string[]).includes(chosen) && chosen !== text('page_language');
  return { first_name: text('first_name'), last_name: text('last_name'), email: text('email'), language: changed ? (chosen as Language) : language };
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
