import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { maskedEmail } from '../../../src/modules/gift-codes/pages.ts';
import { TEXTS } from '../../../src/modules/gift-codes/texts.ts';
import type { GiftView } from '../../../src/modules/gift-codes/view.ts';
import { longDate } from '../../../src/platform/pages/texts.ts';
import { renderTemplate } from '../../../src/platform/pages/render.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The public claim page over plain HTTP, as a browser without JavaScript sends it: the
 * form's CSRF token, the confirmation after a claim (for the claiming browser only), the
 * answers for every state of a code, two claims at the same moment, and the limit on
 * failed look-ups. The browser test shows the same pages.
 */

const app = await startTestApp({ GIFT_LOOKUPS_PER_MINUTE: '1000' });
/** An app of its own for the limit, so that the other tests' look-ups do not count against it. */
const guarded = await startTestApp({ GIFT_LOOKUPS_PER_MINUTE: '5' });

const companyWithTrees = async (trees = 20, on = app) => (await make.companyWithTrees(on.db, { trees, name: 'Fairbrook Coffee Roasters' })).company;

async function newCode(token: string, body: Record<string, unknown> = { trees: 3 }, on = app) {
  const created = await on.request('POST', '/v2/gift-codes', { token, headers: { 'idempotency-key': randomAlphanumeric(16) }, body });
  assert.equal(created.status, 200, created.text);
  return created.body as { id: string; code: string };
}

/** Opens the claim page like a browser: the form's token and the cookie that goes with it. */
async function openForm(code: string, lang = 'en') {
  const response = await fetch(`${app.baseUrl}/gift/${code}?lang=${lang}`);
  const html = await response.text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  return { status: response.status, html, csrf, cookie };
}

function submit(code: string, form: { csrf?: string; cookie?: string }, fields: Record<string, string>, lang = 'en') {
  const body = new URLSearchParams({ ...(form.csrf ? { _csrf: form.csrf } : {}), ...fields });
  return fetch(`${app.baseUrl}/gift/${code}?lang=${lang}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(form.cookie ? { cookie: form.cookie } : {}) },
    body,
    redirect: 'manual',
  });
}

/** The cookie a claim sets to mark the browser that claimed the code, as the browser keeps it (`name=value`), and its whole line. */
function claimCookie(response: Response): { cookie: string; line: string } | null {
  const line = response.headers.getSetCookie().find((header) => header.startsWith('canopy_gift_claim='));
  return line ? { cookie: line.split(';')[0]!, line } : null;
}

/** A page as a browser holding `cookie` (or none) sees it. */
async function look(path: string, cookie?: string) {
  const response = await fetch(`${app.baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const h1 = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1]?.trim();
/** The page's main part (without the layout's header, styles and footer). */
const mainHtml = (html: string) => /<main>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
/** The text of the page's main part, without tags, as a person reads it. */
const mainText = (html: string) => mainHtml(html).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const person = { first_name: 'Anna', last_name: 'Jansen', email: 'anna@example.nl', language: 'nl' };

describe('the claim page', () => {
  test('a claim makes the recipient with its gift certificate and leads to a confirmation naming the trees and where the certificate went', async () => {
    const company = await companyWithTrees();
    const gift = await newCode(company.live);
    const form = await openForm(gift.code);
    assert.equal(form.status, 200);
    assert.ok(form.csrf && form.cookie, 'the form carries a CSRF token and its cookie');
    const claimed = await submit(gift.code, form, person);
    assert.equal(claimed.status, 303);
    assert.equal(claimed.headers.get('location'), `/gift/${gift.code}?lang=en`, 'a relative address on the same host, in the language of the page');
    const mark = claimCookie(claimed);
    assert.ok(mark, 'the claim marks this browser');

    const code = (await app.get(`/v2/gift-codes/${gift.id}?expand[]=recipient`, company.live)).body;
    assert.equal(code.status, 'claimed');
    assert.equal(code.recipient.source, 'gift_code');
    assert.equal(code.recipient.first_name, 'Anna');
    assert.equal(code.recipient.language, 'nl');
    assert.ok(code.recipient.claimed_at);
    assert.equal(code.recipient.certificate.type, 'gift');

    const confirmation = await look(claimed.headers.get('location')!, mark.cookie);
    assert.equal(confirmation.status, 200);
    assert.equal(h1(confirmation.html), 'Your gift is claimed');
    const text = mainText(confirmation.html);
    assert.match(text, /3 trees in Mount Kenya Restoration \(Kenya\) are now yours, a gift from Fairbrook Coffee Roasters\./);
    assert.match(text, /We emailed your certificate to a•••@example\.nl\./);
    assert.doesNotMatch(confirmation.html, /anna@|Anna|Jansen/, 'the address masked, no name');
    assert.equal(confirmation.headers.get('cache-control'), 'no-store');
    // The certificate is one click away, in the language chosen for it.
    const link = /<a class="button" href="([^"]+)">See your certificate<\/a>/.exec(confirmation.html)?.[1];
    assert.equal(link, `/certificates/${code.recipient.certificate.id}?lang=nl`);
    const certificatePage = await fetch(`${app.baseUrl}${link}`);
    assert.equal(certificatePage.status, 200);
    assert.match(h1(await certificatePage.text()) ?? '', /Anna Jansen/);

    // In Dutch, for the same browser.
    const dutch = await look(`/gift/${gift.code}?lang=nl`, mark.cookie);
    assert.equal(h1(dutch.html), 'Je cadeau is geclaimd');
    assert.match(mainText(dutch.html), /3 bomen in Herstel Mount Kenya \(Kenia\) zijn nu van jou, een cadeau van Fairbrook Coffee Roasters\. We hebben je certificaat gemaild naar a•••@example\.nl\./);
    assert.match(dutch.html, /Bekijk je certificaat/);

    // In live mode the certificate email follows through the worker.
    await app.runJobs();
    const recipient = (await app.get(`/v2/recipients/${code.recipient.id}`, company.live)).body;
    assert.ok(recipient.email_sent_at, 'the certificate was emailed');
  });

  test('the claim cookie is signed, HttpOnly, SameSite=Lax and sent only to its code; without it a claimed code leads nowhere personal', async () => {
    const company = await companyWithTrees();
    const gift = await newCode(company.live);
    const other = await newCode(company.live);
    const claimed = await submit(gift.code, await openForm(gift.code), person);
    const otherClaimed = await submit(other.code, await openForm(other.code), { ...person, first_name: 'Bram', email: 'bram@example.nl' });
    const mark = claimCookie(claimed)!;
    const otherMark = claimCookie(otherClaimed)!;
    assert.match(mark.line, new RegExp(`; Path=/gift/${gift.code}(;|$)`));
    assert.match(mark.line, /; HttpOnly(;|$)/);
    assert.match(mark.line, /; SameSite=Lax(;|$)/);
    assert.match(mark.line, /; Max-Age=\d+/, 'kept when the browser closes');
    assert.ok(mark.cookie.includes(gift.code), 'the cookie names its gift code');

    const claimedOn = longDate(new Date(), 'en');
    const [value] = mark.cookie.split('=').slice(1);
    const forged = [
      undefined, // a stranger's browser
      `canopy_gift_claim=${gift.code}.${'0'.repeat(64)}`, // a made-up signature
      `canopy_gift_claim=${other.code}.${otherMark.cookie.split('.')[1]}`, // another code's mark
      `canopy_gift_claim=${gift.code}.${otherMark.cookie.split('.')[1]}`, // another claim's signature on this code
      `canopy_gift_claim=${value!.slice(0, -2)}`, // cut short
    ];
    for (const cookie of forged) {
      const page = await look(`/gift/${gift.code}?lang=en`, cookie);
      assert.equal(page.status, 200, String(cookie));
      assert.equal(h1(page.html), 'This gift has already been claimed', String(cookie));
      assert.match(mainText(page.html), new RegExp(`claimed on ${claimedOn}\\.`));
      assert.doesNotMatch(page.html, /\/certificates\//, `no link to the certificate (${cookie})`);
      assert.doesNotMatch(page.html, /anna|a•••|Jansen/i, 'nothing of who claimed it');
      assert.equal(page.headers.get('cache-control'), 'no-store');
    }
    // The right mark on the right code: the confirmation.
    assert.equal(h1((await look(`/gift/${gift.code}?lang=en`, mark.cookie)).html), 'Your gift is claimed');
    assert.equal(h1((await look(`/gift/${other.code}?lang=en`, otherMark.cookie)).html), 'Your gift is claimed');
  });

  test('a second click that lost to the first still reaches the confirmation; a claim by someone else does not', async () => {
    const company = await companyWithTrees();
    const gift = await newCode(company.live);
    const [form, strangers, laters] = [await openForm(gift.code), await openForm(gift.code), await openForm(gift.code)];
    assert.equal((await submit(gift.code, form, person)).status, 303);
    // The browser dropped the first answer (and its cookie) for the second click's.
    const again = await submit(gift.code, form, { ...person, email: 'ANNA@example.nl ' });
    assert.equal(again.status, 303);
    assert.equal(again.headers.get('location'), `/gift/${gift.code}?lang=en`);
    assert.equal(h1((await look(`/gift/${gift.code}?lang=en`, claimCookie(again)!.cookie)).html), 'Your gift is claimed');

    // Someone else, with the same code a moment later.
    const stranger = await submit(gift.code, strangers, { ...person, email: 'someone@example.nl' });
    assert.equal(stranger.status, 409);
    assert.equal(claimCookie(stranger), null);
    assert.doesNotMatch(await stranger.text(), /\/certificates\//);
    // The same details long after the claim are no second click.
    await app.db.updateTable('gift_codes').set({ claimed_at: new Date(Date.now() - 11 * 60_000) }).where('id', '=', gift.id).execute();
    const late = await submit(gift.code, laters, person);
    assert.equal(late.status, 409);
    assert.equal(claimCookie(late), null);
  });

  test('a test-mode code shows the test banner and never emails', async () => {
    const company = await make.companyWithTokens(app.db);
    const project = await make.project(app.db);
    await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 100, livemode: false }), { trees: 5, livemode: false });
    const gift = await newCode(company.test, { trees: 2 });
    const form = await openForm(gift.code);
    assert.match(form.html, /Test gift code/);
    const claimed = await submit(gift.code, form, person);
    assert.equal(claimed.status, 303);
    const confirmation = await look(claimed.headers.get('location')!, claimCookie(claimed)!.cookie);
    assert.equal(h1(confirmation.html), 'Your gift is claimed');
    assert.match(mainText(confirmation.html), /This is a test gift: no email is sent\./);
    assert.doesNotMatch(confirmation.html, /We emailed|a•••/);
    assert.match(confirmation.html, /href="\/certificates\/cert_[A-Za-z0-9]{24}\?lang=nl"/);
    await app.runJobs();
    const code = (await app.get(`/v2/gift-codes/${gift.id}?expand[]=recipient`, company.test)).body;
    assert.equal(code.recipient.email_sent_at, null);
  });

  test('a form without its token, or with a token of another browser, is refused with a page', async () => {
    const company = await companyWithTrees();
    const gift = await newCode(company.live);
    const mine = await openForm(gift.code);
    const theirs = await openForm(gift.code);
    const noToken = await submit(gift.code, { cookie: mine.cookie }, person);
    assert.equal(noToken.status, 403);
    assert.equal(h1(await noToken.text()), 'This form has expired');
    const crossed = await submit(gift.code, { csrf: theirs.csrf, cookie: mine.cookie }, person);
    assert.equal(crossed.status, 403);
    const noCookie = await submit(gift.code, { csrf: mine.csrf }, person);
    assert.equal(noCookie.status, 403);
    assert.equal((await app.get(`/v2/gift-codes/${gift.id}`, company.live)).body.status, 'open', 'nothing was claimed');
  });

  test('a form with mistakes comes back with what was typed and what to fix', async () => {
    const company = await companyWithTrees();
    const gift = await newCode(company.live);
    const form = await openForm(gift.code);
    const refused = await submit(gift.code, form, { first_name: ' ', email: 'anna@', last_name: 'x'.repeat(101) });
    assert.equal(refused.status, 400);
    const html = await refused.text();
    assert.match(html, /Fill in your first name/);
    assert.match(html, /at most 100 characters/);
    assert.match(html, /valid email address/);
    assert.match(html, /value="anna@"/);
    assert.equal((await app.get(`/v2/gift-codes/${gift.id}`, company.live)).body.status, 'open');
  });

  test('each mistake is told next to its field, which is marked invalid and described by it; the first one has the focus', async () => {
    const company = await companyWithTrees();
    const gift = await newCode(company.live);
    const form = await openForm(gift.code);
    const input = (html: string, id: string) => new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
    const error = (html: string, id: string) => new RegExp(`<p class="field-error" id="${id}-error"[^>]*>([^<]*)</p>`).exec(html)?.[1];
    const untouched = mainHtml(form.html);
    assert.ok(untouched.includes('<input id="first_name"'));
    assert.ok(!/autofocus|aria-invalid|field-error/.test(untouched), 'an untouched form has no mistakes');
    assert.match(input(form.html, 'email'), /aria-describedby="email-hint"/);

    const html = await (await submit(gift.code, form, { first_name: ' ', email: 'anna@', last_name: 'x'.repeat(101) })).text();
    assert.equal(error(html, 'first_name'), 'Fill in your first name.');
    assert.equal(error(html, 'last_name'), 'A name can be at most 100 characters.');
    assert.equal(error(html, 'email'), 'Fill in a valid email address, like name@example.com.');
    assert.match(input(html, 'first_name'), /aria-describedby="first_name-error" aria-invalid="true" autofocus/);
    assert.match(input(html, 'last_name'), /aria-describedby="last_name-error" aria-invalid="true">/);
    assert.match(input(html, 'email'), /aria-describedby="email-error email-hint" aria-invalid="true">/);
    assert.equal(html.match(/autofocus/g)?.length, 1, 'one field has the focus');
    // Each message sits between its field's label and the field.
    assert.ok(html.indexOf('<label for="email">') < html.indexOf('id="email-error"') && html.indexOf('id="email-error"') < html.indexOf('<input id="email"'));
    assert.match(html, /<li><a href="#email"[^>]*>Fill in a valid email address/, 'the summary leads to the field');

    // Only the email wrong, in Dutch: the focus goes there.
    const dutch = await (await submit(gift.code, await openForm(gift.code, 'nl'), { first_name: 'Anna', email: 'anna' }, 'nl')).text();
    assert.equal(error(dutch, 'email'), 'Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.');
    assert.match(input(dutch, 'email'), /aria-invalid="true" autofocus/);
    assert.doesNotMatch(input(dutch, 'first_name'), /aria-invalid|autofocus/);
  });

  test('the code field on /gift is labelled and described; a code that cannot be one is told next to it, with the focus', async () => {
    const empty = await look('/gift?lang=en');
    assert.match(empty.html, /<label for="code">Gift code<\/label>/);
    assert.match(empty.html, /<input id="code"[^>]*aria-describedby="code-hint"/);
    assert.match(empty.html, /<p class="hint" id="code-hint">12 letters and digits/);
    const wrong = await look('/gift?code=hello&lang=nl');
    assert.equal(wrong.status, 400);
    assert.match(wrong.html, /<p class="field-error" id="code-error"[^>]*>Een cadeaucode heeft 12 letters en cijfers/);
    assert.match(wrong.html, /<input id="code"[^>]*value="hello"[^>]*aria-describedby="code-error code-hint" aria-invalid="true" autofocus>/);
  });

  test('the privacy note links the company\'s privacy policy when it has one', async () => {
    const company = await companyWithTrees();
    const gift = await newCode(company.live);
    const page = await openForm(gift.code);
    assert.match(page.html, /<p class="hint" id="privacy-note">Your name is printed on your certificate/);
    assert.doesNotMatch(page.html, /Privacy policy of/, 'no company has a privacy policy address yet');

    // The template as it will be once companies can set one.
    const view: GiftView = {
      code: '7KQ4-M2XD-9RTB', status: 'open', livemode: true, trees: 2, validUntil: new Date('2027-01-01T00:00:00Z'), claimedAt: null,
      company: { name: 'Fairbrook Coffee Roasters', logoUrl: 'https://images.example.org/logo.svg', websiteUrl: null, privacyUrl: 'https://fairbrook.example/privacy?x=1&y=2' },
      project: null, recipientId: null, certificateId: null,
    };
    for (const language of ['en', 'nl'] as const) {
      const t = TEXTS[language];
      const html = renderTemplate(new URL('../../../src/modules/gift-codes/templates/gift-claim.eta', import.meta.url), {
        t, language, title: t.giftTitle, footer: t.giftFooter, gift: view, intro: '', csrfToken: 'token',
        values: { first_name: '', last_name: '', email: '', language }, problems: [], errors: {}, firstInvalid: null,
        longDate: (value: Date) => longDate(value, language),
      });
      const link = language === 'en' ? 'Privacy policy of Fairbrook Coffee Roasters' : 'Privacyverklaring van Fairbrook Coffee Roasters';
      assert.match(html, new RegExp(`<p class="hint" id="privacy-note">[^<]*<a href="https://fairbrook.example/privacy\\?x=1&amp;y=2">${link}</a></p>`));
    }
  });

  test('two claims at the same moment: exactly one wins, the other is told the gift was claimed', async () => {
    const company = await companyWithTrees();
    const gift = await newCode(company.live);
    const forms = await Promise.all(Array.from({ length: 6 }, () => openForm(gift.code)));
    const answers = await Promise.all(forms.map((form, i) => submit(gift.code, form, { ...person, first_name: `Person ${i}` })));
    const statuses = answers.map((answer) => answer.status).sort();
    assert.deepEqual(statuses, [303, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) assert.equal(h1(await answer.text()), 'This gift has already been claimed');
    const recipients = await app.db.selectFrom('recipients').select('id').where('company_id', '=', company.id).execute();
    assert.equal(recipients.length, 1);
    const totals = (await app.get('/v2/company', company.live)).body;
    assert.equal(totals.counts.recipients, 1);
    assert.equal(totals.trees_unassigned, 17);
  });

  test('each state of a code has its own page: claimed, expired, revoked, unknown', async () => {
    const company = await companyWithTrees();
    const claimed = await newCode(company.live);
    assert.equal((await submit(claimed.code, await openForm(claimed.code), person)).status, 303);
    const claimedPage = await fetch(`${app.baseUrl}/gift/${claimed.code}?lang=en`);
    assert.equal(claimedPage.status, 200);
    const claimedHtml = await claimedPage.text();
    assert.equal(h1(claimedHtml), 'This gift has already been claimed');
    assert.doesNotMatch(claimedHtml, /href="\/certificates\//, 'not for a browser that did not claim it');

    const revoked = await newCode(company.live);
    await app.request('POST', `/v2/gift-codes/${revoked.id}/revoke`, { token: company.live });
    const revokedPage = await fetch(`${app.baseUrl}/gift/${revoked.code}?lang=nl`);
    assert.equal(revokedPage.status, 410);
    assert.equal(h1(await revokedPage.text()), 'Deze cadeaucode is ingetrokken');

    const expiring = await newCode(company.live, { trees: 1, valid_until: new Date(Date.now() + 1200).toISOString() });
    const form = await openForm(expiring.code);
    assert.equal(form.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 1400));
    // The worker has not run: the page still refuses, a moment after valid_until.
    const late = await submit(expiring.code, form, person);
    assert.equal(late.status, 410);
    assert.equal(h1(await late.text()), 'This gift code has expired');

    const unknown = await fetch(`${app.baseUrl}/gift/2222-3333-4444?lang=en`);
    assert.equal(unknown.status, 404);
    const unknownHtml = await unknown.text();
    assert.equal(h1(unknownHtml), 'We could not find this gift code');
    assert.match(unknownHtml, /<a class="button" href="\/gift\?lang=en"[^>]*>Type a gift code<\/a>/);
  });

  test('dead ends name the company that gave the code and link its website when it has one', async () => {
    const company = await companyWithTrees();
    const revoked = await newCode(company.live);
    await app.request('POST', `/v2/gift-codes/${revoked.id}/revoke`, { token: company.live });
    const expired = await newCode(company.live, { trees: 1, valid_until: new Date(Date.now() + 600).toISOString() });
    const claimed = await newCode(company.live);
    assert.equal((await submit(claimed.code, await openForm(claimed.code), person)).status, 303);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const website = (html: string) => /<a class="button" href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(html)?.slice(1, 3);
    const expiredOn = (language: 'en' | 'nl') => longDate((new Date(Date.now() - 800)), language);

    // Without a website: named, no link.
    const noSite = await look(`/gift/${revoked.code}?lang=en`);
    assert.match(mainText(noSite.html), /Fairbrook Coffee Roasters withdrew this gift code, so it can no longer be claimed\. Think this is a mistake\? Get in touch with Fairbrook Coffee Roasters\./);
    assert.doesNotMatch(mainText(noSite.html), /Ask them/i);
    assert.equal(website(noSite.html), undefined);

    await app.db.updateTable('companies').set({ website_url: 'https://www.fairbrook.example/' }).where('id', '=', company.id).execute();
    const pages = {
      en: {
        [revoked.code]: [410, /Fairbrook Coffee Roasters withdrew this gift code[\s\S]*Get in touch with Fairbrook Coffee Roasters\./],
        [expired.code]: [410, new RegExp(`could be claimed until ${expiredOn('en')}\\. Its trees went back to Fairbrook Coffee Roasters\\. Think this is a mistake\\? Get in touch with Fairbrook Coffee Roasters\\.`)],
        [claimed.code]: [200, /If you claimed them, the email with your certificate has the link to it\. Did someone else claim your gift\? Get in touch with Fairbrook Coffee Roasters\./],
      },
      nl: {
        [revoked.code]: [410, /Fairbrook Coffee Roasters heeft deze cadeaucode ingetrokken, dus je kunt hem niet meer claimen\. Denk je dat dit niet klopt\? Neem dan contact op met Fairbrook Coffee Roasters\./],
        [expired.code]: [410, new RegExp(`kon worden geclaimd tot ${expiredOn('nl')}\\. De bomen zijn teruggegaan naar Fairbrook Coffee Roasters\\.`)],
        [claimed.code]: [200, /Heb jij ze geclaimd\? Dan vind je de link naar je certificaat in de e-mail die we je stuurden\. Heeft iemand anders je cadeau geclaimd\? Neem dan contact op met Fairbrook Coffee Roasters\./],
      },
    } as const;
    for (const language of ['en', 'nl'] as const) {
      for (const [code, [status, text]] of Object.entries(pages[language])) {
        const page = await look(`/gift/${code}?lang=${language}`);
        assert.equal(page.status, status, `${code} ${language}`);
        assert.match(mainText(page.html), text);
        assert.match(page.html, new RegExp(`${language === 'en' ? 'A gift from' : 'Een cadeau van'} Fairbrook Coffee Roasters`));
        assert.deepEqual(website(page.html), ['https://www.fairbrook.example/', language === 'en' ? 'Visit fairbrook.example' : 'Naar fairbrook.example']);
      }
    }

    // An address that is no web page is not linked.
    await app.db.updateTable('companies').set({ website_url: 'javascript:alert(1)' }).where('id', '=', company.id).execute();
    assert.equal(website((await look(`/gift/${revoked.code}?lang=en`)).html), undefined);
  });

  test('/gift finds a code typed in any case with spaces; nonsense is refused without a look-up', async () => {
    const company = await companyWithTrees();
    const gift = await newCode(company.live);
    const typed = gift.code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o');
    const found = await fetch(`${app.baseUrl}/gift?code=${encodeURIComponent(typed)}&lang=nl`, { redirect: 'manual' });
    assert.equal(found.status, 303);
    assert.equal(found.headers.get('location'), `/gift/${gift.code}?lang=nl`);
    const nonsense = await fetch(`${app.baseUrl}/gift?code=hello`);
    assert.equal(nonsense.status, 400);
    assert.match(await nonsense.text(), /12 letters and digits/);
  });

  test('the API still takes only JSON: the page parses forms for itself', async () => {
    const company = await companyWithTrees();
    const response = await fetch(`${app.baseUrl}/v2/recipients`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${company.live}`, 'idempotency-key': 'form' },
      body: 'trees=1',
    });
    assert.equal(response.status, 415);
  });
});

describe('guessing codes', () => {
  test('after 5 failed look-ups a minute (configured) unknown codes from that address get 429 with Retry-After, while a code that exists still opens and can be claimed', async () => {
    const company = await companyWithTrees(20, guarded);
    const gift = await newCode(company.live, { trees: 3 }, guarded);
    const later = await newCode(company.live, { trees: 3 }, guarded);
    // The test app trusts no proxy: every request here comes from 127.0.0.1, one client.
    const look = (code: string) => fetch(`${guarded.baseUrl}/gift/${code}`);
    // A form opened before the limit is reached, submitted after it.
    const opened = await look(gift.code);
    const form = { csrf: /name="_csrf" value="([^"]+)"/.exec(await opened.text())?.[1] ?? '', cookie: opened.headers.get('set-cookie')?.split(';')[0] ?? '' };
    for (let i = 0; i < 4; i++) assert.equal((await look(`ZZZZ-ZZZZ-ZZ${i}Z`)).status, 404, `guess ${i + 1}`);
    // A code that exists does not count: the limit is on failures.
    for (let i = 0; i < 3; i++) assert.equal((await look(gift.code)).status, 200);
    assert.equal((await look('ZZZZ-ZZZZ-ZZ9Z')).status, 404, 'the fifth failure is still answered');
    const blocked = await look('ZZZZ-ZZZZ-ZZ8Z');
    assert.equal(blocked.status, 429, 'then a code that does not exist is refused, so that guessing learns nothing more');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.match(await blocked.text(), /Too many attempts[\s\S]*try again in 1 minute/);
    const nl = await fetch(`${guarded.baseUrl}/gift/ZZZZ-ZZZZ-ZZ7Z?lang=nl`);
    assert.equal(nl.status, 429);
    assert.match(await nl.text(), /Te veel pogingen/);
    assert.equal((await look('hello')).status, 429, 'nor is anything that cannot be a code looked at');

    // The right code typed from the same address: its claim page, and the claim goes through.
    const right = await look(later.code);
    assert.equal(right.status, 200);
    assert.match(await right.text(), /3 trees for you[\s\S]*name="_csrf"/);
    const claim = await fetch(`${guarded.baseUrl}/gift/${gift.code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
      body: new URLSearchParams({ _csrf: form.csrf, ...person }),
      redirect: 'manual',
    });
    assert.equal(claim.status, 303);
    assert.equal((await guarded.get(`/v2/gift-codes/${gift.id}`, company.live)).body.status, 'claimed');
    assert.equal((await look('ZZZZ-ZZZZ-ZZ6Z')).status, 429, 'guessing is still refused');
  });
});

describe('the masked email address', () => {
  test('keeps the first letter of the local part and the whole domain', () => {
    assert.equal(maskedEmail('anna@example.com'), 'a•••@example.com');
    assert.equal(maskedEmail('a@example.com'), 'a•••@example.com');
    assert.equal(maskedEmail('Øystein.berg@post.example.no'), 'Ø•••@post.example.no');
    assert.equal(maskedEmail('"odd@local"@example.com'), '"•••@example.com');
    assert.equal(maskedEmail('nothing'), '•••');
  });
});
