import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { startTestApp, } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The public claim page over plain HTTP, as a browser without JavaScript sends it: the
 * form's CSRF token, the answers for every state of a code, two claims at the same
 * moment, and the limit on failed look-ups. The browser test shows the same pages.
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

function submit(code: string, form: { csrf?: string; cookie?: string }, fields: Record<string, string>) {
  const body = new URLSearchParams({ ...(form.csrf ? { _csrf: form.csrf } : {}), ...fields });
  return fetch(`${app.baseUrl}/gift/${code}?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(form.cookie ? { cookie: form.cookie } : {}) },
    body,
    redirect: 'manual',
  });
}

const h1 = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1]?.trim();
const person = { first_name: 'Anna', last_name: 'Jansen', email: 'anna@example.nl', language: 'nl' };

describe('the claim page', () => {
  test('a claim makes the recipient with its gift certificate and sends the person to it', async () => {
    const company = await companyWithTrees();
    const gift = await newCode(company.live);
    const form = await openForm(gift.code);
    assert.equal(form.status, 200);
    assert.ok(form.csrf && form.cookie, 'the form carries a CSRF token and its cookie');
    const claimed = await submit(gift.code, form, person);
    assert.equal(claimed.status, 303);
    const location = claimed.headers.get('location') ?? '';
    assert.match(location, /^\/certificates\/cert_[A-Za-z0-9]{24}\?lang=nl$/, 'a relative address on the same host');

    const code = (await app.get(`/v2/gift-codes/${gift.id}?expand[]=recipient`, company.live)).body;
    assert.equal(code.status, 'claimed');
    assert.equal(code.recipient.source, 'gift_code');
    assert.equal(code.recipient.first_name, 'Anna');
    assert.equal(code.recipient.language, 'nl');
    assert.ok(code.recipient.claimed_at);
    assert.equal(code.recipient.certificate.type, 'gift');
    assert.equal(location.split('?')[0], `/certificates/${code.recipient.certificate.id}`);
    const certificatePage = await fetch(`${app.baseUrl}${location}`);
    assert.equal(certificatePage.status, 200);
    assert.match(await certificatePage.text(), /Cadeaucertificaat van bomen/);

    // In live mode the certificate email follows through the worker.
    await app.runJobs();
    const recipient = (await app.get(`/v2/recipients/${code.recipient.id}`, company.live)).body;
    assert.ok(recipient.email_sent_at, 'the certificate was emailed');
  });

  test('a test-mode code shows the test banner and never emails', async () => {
    const company = await make.companyWithTokens(app.db);
    const project = await make.project(app.db);
    await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 100, livemode: false }), { trees: 5, livemode: false });
    const gift = await newCode(company.test, { trees: 2 });
    const form = await openForm(gift.code);
    assert.match(form.html, /Test gift code/);
    assert.equal((await submit(gift.code, form, person)).status, 303);
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
    assert.match(claimedHtml, /href="\/certificates\/cert_/);

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
    assert.equal(h1(await unknown.text()), 'We could not find this gift code');
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
  test('after 5 failed look-ups a minute (configured) every look-up from that address gets 429 with Retry-After', async () => {
    const company = await companyWithTrees(20, guarded);
    const gift = await newCode(company.live, { trees: 3 }, guarded);
    // The test app trusts no proxy: every request here comes from 127.0.0.1, one client.
    const look = (code: string) => fetch(`${guarded.baseUrl}/gift/${code}`);
    // A form opened before the limit is reached, submitted after it.
    const opened = await look(gift.code);
    const form = { csrf: /name="_csrf" value="([^"]+)"/.exec(await opened.text())?.[1] ?? '', cookie: opened.headers.get('set-cookie')?.split(';')[0] ?? '' };
    for (let i = 0; i < 4; i++) assert.equal((await look(`ZZZZ-ZZZZ-ZZ${i}Z`)).status, 404, `guess ${i + 1}`);
    // A code that exists does not count: the limit is on failures.
    for (let i = 0; i < 3; i++) assert.equal((await look(gift.code)).status, 200);
    assert.equal((await look('ZZZZ-ZZZZ-ZZ9Z')).status, 404, 'the fifth failure is still answered');
    const blocked = await look(gift.code);
    assert.equal(blocked.status, 429, 'then even a real code is refused, so that guessing learns nothing more');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.match(await blocked.text(), /Too many attempts[\s\S]*try again in 1 minute/);
    const nl = await fetch(`${guarded.baseUrl}/gift/${gift.code}?lang=nl`);
    assert.equal(nl.status, 429);
    assert.match(await nl.text(), /Te veel pogingen/);

    const claim = await fetch(`${guarded.baseUrl}/gift/${gift.code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
      body: new URLSearchParams({ _csrf: form.csrf, ...person }),
      redirect: 'manual',
    });
    assert.equal(claim.status, 429);
    assert.equal((await guarded.get(`/v2/gift-codes/${gift.id}`, company.live)).body.status, 'open', 'a refused claim claims nothing');
  });
});
