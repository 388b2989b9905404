import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hashSecret } from '../../../src/core/secrets.ts';
import { startTestApp } from '../../helpers/app.ts';
import { type DashboardBrowser, signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';

/**
 * Settings > API tokens as an admin uses it, through real HTTP without JavaScript: a token
 * made in the page works on the API, a roll keeps the old value for its overlap only, a
 * revoke stops it at once, and the value is never shown again (issue 25).
 */
const app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1/32' });

const VALUE = /value="(canopy_(?:live|test)_[A-Za-z0-9]{32})"/;

async function adminOf(plan: 'automate' | 'grow' = 'automate') {
  const company = await make.companyWithTokens(app.db, { plan });
  const { browser, person } = await signedInBrowser(app, company.id, { role: 'admin' });
  return { company, browser, person };
}

const createFields = (fields: Record<string, string | string[]> = {}) => ({ name: 'Webshop', scopes: ['company:read', 'recipients:write'], mode: 'live', expires_on: '', ip_allowlist: '', ...fields });

/** Opens the form, sends it, and returns the page's answer and the value it shows. */
async function createInPage(browser: DashboardBrowser, fields: Record<string, string | string[]> = {}) {
  const form = await browser.get('/dashboard/tokens/new');
  assert.equal(form.status, 200);
  const formKey = /name="form_key" value="([A-Za-z0-9]+)"/.exec(form.text)![1]!;
  const answer = await browser.post('/dashboard/tokens/new', { form_key: formKey, ...createFields(fields) });
  return { answer, value: VALUE.exec(answer.text)?.[1] ?? null, formKey };
}

/**
 * A write by another process (straight SQL here) reaches this process's token cache through
 * the database's NOTIFY: before the statement returns on PGlite, a moment after the commit
 * on PostgreSQL. So the answer is awaited, up to a bound that says something is wrong.
 */
async function eventually<T>(probe: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const answer = await probe();
    if (done(answer) || Date.now() - started > 2000) return answer;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const tokenIdOf = async (value: string) => (await app.db.selectFrom('api_tokens').select('id').where('token_hash', '=', hashSecret(value)).executeTakeFirstOrThrow()).id;
const me = (value: string, ip?: string) => app.get('/v2/me', value, ip ? { 'x-forwarded-for': ip } : {});
const code = (response: { status: number; body: { error?: { code: string } } }) => [response.status, response.body.error?.code ?? null];

describe('API tokens in the dashboard', () => {
  test('an admin creates a token in the page, sees its value once, uses it on GET /v2/me, and never sees it again', async () => {
    const { browser, person } = await adminOf();
    const list = await browser.get('/dashboard/tokens');
    assert.equal(list.status, 200);
    assert.match(list.text, /<h1>API tokens<\/h1>/);
    assert.match(list.text, /href="\/dashboard\/tokens" aria-current="page"/, 'in the menu');

    const form = await browser.get('/dashboard/tokens/new');
    for (const scope of ['company:read', 'recipients:write', 'events:read']) assert.match(form.text, new RegExp(`name="scopes" value="${scope}"`));
    assert.match(form.text, /Create, change and delete recipients\./, 'each scope with its description');
    assert.match(form.text, /<label for="token-expires">/);
    assert.match(form.text, /<label for="token-allowlist">/);

    const { answer, value } = await createInPage(browser, { ip_allowlist: '203.0.113.0/24\r\n\r\n2001:db8::/32' });
    assert.equal(answer.status, 200);
    assert.ok(value, 'the value is shown');
    assert.match(answer.text, /readonly/);
    assert.match(answer.text, /id="copy-token"[^>]*hidden/, 'the copy button shows only where its script runs');
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.match(answer.headers.get('content-security-policy') ?? '', /script-src 'self'/);

    assert.deepEqual(code(await me(value!)), [403, 'ip_not_allowed'], 'its allowlist holds');
    const used = await me(value!, '203.0.113.9');
    assert.equal(used.status, 200);
    assert.deepEqual([used.body.name, used.body.livemode, used.body.scopes, used.body.owner.email], ['Webshop', true, ['company:read', 'recipients:write'], person.email]);
    assert.deepEqual(used.body.ip_allowlist, ['203.0.113.0/24', '2001:db8::/32']);

    const after = await browser.get('/dashboard/tokens');
    assert.match(after.text, /Webshop/);
    assert.match(after.text, /from 203\.0\.113\.9/, 'last used, and from where');
    assert.match(after.text, new RegExp(`by Dana Dashboard \\(${person.email.replace('.', '\\.')}\\)`));
    const audit = await browser.get('/dashboard/audit-log');
    for (const page of [after, audit, await browser.get('/dashboard/tokens/new')]) {
      assert.ok(!page.text.includes(value!) && !page.text.includes(value!.slice(16)), 'the value is in no later page');
    }
    const entries = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'token.created').where('user_id', '=', person.id).execute();
    assert.equal(entries.length, 1);
    assert.ok(!JSON.stringify(entries).includes(value!));
  });

  test('rolling in the page: the old value works during the overlap and is refused after; with no overlap at once', async () => {
    const { browser } = await adminOf();
    const { value: old } = await createInPage(browser, { name: 'ERP', mode: 'test' });
    const oldId = await tokenIdOf(old!);
    assert.equal((await me(old!)).status, 200);

    const rollPage = await browser.get(`/dashboard/tokens/${oldId}/roll`);
    assert.equal(rollPage.status, 200);
    for (const overlap of ['none', '1h', '24h', '7d']) assert.match(rollPage.text, new RegExp(`name="overlap" value="${overlap}"`));
    const rolled = await browser.post(`/dashboard/tokens/${oldId}/roll`, { overlap: '1h' });
    assert.equal(rolled.status, 200);
    const fresh = VALUE.exec(rolled.text)?.[1];
    assert.ok(fresh && fresh !== old && fresh.startsWith('canopy_test_'));
    assert.match(rolled.text, /The old value keeps working until/);

    assert.equal((await me(old!)).status, 200, 'during the overlap');
    assert.equal((await me(fresh!)).body.name, 'ERP');
    const list = await browser.get('/dashboard/tokens');
    assert.match(list.text, /Old value of a roll/);
    assert.ok(!list.text.includes(fresh!) && !list.text.includes(old!));

    // The hour passes.
    await app.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1) }).where('id', '=', oldId).execute();
    assert.deepEqual(code(await eventually(() => me(old!), (answer) => answer.status === 401)), [401, 'token_expired']);
    assert.equal((await me(fresh!)).status, 200);

    const freshId = await tokenIdOf(fresh!);
    const again = await browser.post(`/dashboard/tokens/${freshId}/roll`, { overlap: 'none' });
    const newest = VALUE.exec(again.text)![1]!;
    assert.match(again.text, /The old value no longer works/);
    assert.deepEqual(code(await me(fresh!)), [401, 'token_expired']);
    assert.equal((await me(newest)).status, 200);
    // The rolled token cannot be rolled again.
    assert.equal((await browser.post(`/dashboard/tokens/${freshId}/roll`, { overlap: '1h' })).status, 409);
  });

  test('revoking in the page, after a confirmation, stops the token at once', async () => {
    const { browser } = await adminOf();
    const { value } = await createInPage(browser, { name: 'Old sync' });
    const id = await tokenIdOf(value!);
    assert.equal((await me(value!)).status, 200);
    const confirm = await browser.get(`/dashboard/tokens/${id}/revoke`);
    assert.equal(confirm.status, 200);
    assert.match(confirm.text, /Revoke “Old sync”\?/);
    assert.equal((await me(value!)).status, 200, 'the confirmation page changes nothing');
    const done = await browser.post(`/dashboard/tokens/${id}/revoke`);
    assert.equal(done.status, 303);
    assert.match((await browser.follow(done)).text, /Token “Old sync” was revoked/);
    assert.deepEqual(code(await me(value!)), [401, 'token_revoked']);
    assert.equal((await browser.post(`/dashboard/tokens/${id}/revoke`)).status, 404, 'once');
  });

  test('bad input comes back in the form, in the page\'s language, with what was typed, and makes nothing', async () => {
    const { browser, company } = await adminOf();
    const count = async () => (await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).execute()).length;
    const before = await count();
    const cases: [Record<string, string | string[]>, RegExp][] = [
      [{ name: '' }, /Give the token a name/],
      [{ scopes: [] }, /Choose at least one scope/],
      [{ scopes: ['trees:plant'] }, /Choose scopes from the list/],
      [{ mode: 'staging' }, /Choose live or test/],
      [{ expires_on: '2020-01-01' }, /The expiry date must be today or later/],
      [{ expires_on: '31-12-2030' }, /Give the date as YYYY-MM-DD/],
      [{ expires_on: '2030-02-30' }, /Give the date as YYYY-MM-DD/],
      [{ ip_allowlist: '10.0.0.1\n10.0.0.300\nexample.com' }, /These are not IP addresses or CIDR ranges:[\s\S]*<code>10\.0\.0\.300<\/code>[\s\S]*<code>example\.com<\/code>/],
    ];
    for (const [fields, problem] of cases) {
      const { answer } = await createInPage(browser, fields);
      assert.equal(answer.status, 400, JSON.stringify(fields));
      assert.match(answer.text, problem);
      assert.match(answer.text, /aria-invalid="true"|role="alert"/);
      assert.ok(!VALUE.test(answer.text));
    }
    const kept = await createInPage(browser, { name: 'Kept name', ip_allowlist: 'nonsense' });
    assert.match(kept.answer.text, /value="Kept name"/);
    assert.match(kept.answer.text, /<textarea[^>]*>nonsense<\/textarea>/);
    assert.match(kept.answer.text, /value="recipients:write" checked/);
    const dutch = await browser.get('/dashboard/tokens/new?lang=nl');
    assert.match(dutch.text, /Een API-token aanmaken/);
    const { answer } = await createInPage(browser, { scopes: [] });
    assert.match(answer.text, /Kies minstens één scope/);
    await browser.get('/dashboard/tokens?lang=en');
    assert.equal(await count(), before);
  });

  test('a form sent twice (a reload, a double click) makes one token and shows its value once', async () => {
    const { browser, company } = await adminOf();
    const { value, formKey } = await createInPage(browser, { name: 'Twice' });
    assert.ok(value);
    const again = await browser.post('/dashboard/tokens/new', { form_key: formKey, ...createFields({ name: 'Twice' }) });
    assert.equal(again.status, 303);
    const notice = await browser.follow(again);
    assert.match(notice.text, /This form was sent before: token “Twice” was made then/);
    assert.ok(!VALUE.test(notice.text));
    const made = await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).where('name', '=', 'Twice').execute();
    assert.equal(made.length, 1);
  });

  test('a member gets the 403 page for every token page and form, and nothing changes', async () => {
    const { company, browser: admin } = await adminOf();
    const { value } = await createInPage(admin, { name: 'Admin only' });
    const id = await tokenIdOf(value!);
    const { browser: member } = await signedInBrowser(app, company.id, { role: 'member' });
    await member.get('/dashboard'); // a page with a form, for a real CSRF token
    assert.ok(member.csrf, 'the member holds a valid form token');
    for (const path of ['/dashboard/tokens', '/dashboard/tokens/new', `/dashboard/tokens/${id}/roll`, `/dashboard/tokens/${id}/revoke`]) {
      const page = await member.get(path);
      assert.equal(page.status, 403, path);
      assert.match(page.text, /Only admins can open this page/);
    }
    assert.equal((await member.post('/dashboard/tokens/new', createFields())).status, 403);
    assert.equal((await member.post(`/dashboard/tokens/${id}/revoke`)).status, 403);
    assert.equal((await member.post(`/dashboard/tokens/${id}/roll`, { overlap: 'none' })).status, 403);
    assert.equal((await me(value!)).status, 200, 'untouched');
    assert.ok(!(await member.get('/dashboard')).text.includes('href="/dashboard/tokens"'), 'not in a member\'s menu');
    assert.equal((await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).execute()).length, 3);
  });

  test('forms sent without the CSRF token are refused', async () => {
    const { company, browser } = await adminOf();
    const { value } = await createInPage(browser, { name: 'Guarded' });
    const id = await tokenIdOf(value!);
    const before = (await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).execute()).length;
    for (const [path, fields] of [['/dashboard/tokens/new', createFields()], [`/dashboard/tokens/${id}/revoke`, {}], [`/dashboard/tokens/${id}/roll`, { overlap: 'none' }]] as const) {
      for (const token of [null, 'forged-token-value']) {
        const answer = await browser.post(path, { ...fields, _csrf: token });
        assert.equal(answer.status, 403, `${path} with ${token}`);
        assert.match(answer.text, /The form expired/);
      }
    }
    assert.equal((await me(value!)).status, 200);
    assert.equal((await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).execute()).length, before);
  });

  test('another company\'s token ids answer 404 and are not touched', async () => {
    const { browser } = await adminOf();
    const other = await adminOf();
    const { value } = await createInPage(other.browser, { name: 'Theirs' });
    const id = await tokenIdOf(value!);
    await browser.get('/dashboard/tokens');
    for (const path of [`/dashboard/tokens/${id}/roll`, `/dashboard/tokens/${id}/revoke`, '/dashboard/tokens/tok_nope/revoke']) assert.equal((await browser.get(path)).status, 404, path);
    assert.equal((await browser.post(`/dashboard/tokens/${id}/revoke`)).status, 404);
    assert.equal((await browser.post(`/dashboard/tokens/${id}/roll`, { overlap: 'none' })).status, 404);
    assert.equal((await me(value!)).status, 200);
    assert.ok(!(await browser.get('/dashboard/tokens')).text.includes('Theirs'));
  });

  test('below automate the page says what the plan would give, creating is refused, and old tokens can be revoked', async () => {
    const { company, browser } = await adminOf('grow');
    const page = await browser.get('/dashboard/tokens');
    assert.equal(page.status, 200);
    assert.match(page.text, /API tokens come with the automate plan/);
    assert.match(page.text, /on the grow plan/);
    assert.match(page.text, /Manage webhook endpoints and redeliver events\./);
    assert.match(page.text, /The API refuses them while the company is not on automate/, 'its factory tokens are listed');
    assert.ok(!page.text.includes('/roll"'), 'no roll');
    assert.match(page.text, /Refused: not on automate/);
    assert.ok(!page.text.includes('>Active<'), 'never called active while the API refuses it');
    const form = await browser.get('/dashboard/tokens/new');
    assert.deepEqual([form.status, form.location], [303, '/dashboard/tokens']);
    const refused = await browser.post('/dashboard/tokens/new', { form_key: 'a'.repeat(24), ...createFields() });
    assert.equal(refused.status, 403);
    assert.match(refused.text, /Creating and rolling tokens needs the automate plan/);
    const live = await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).where('livemode', '=', true).executeTakeFirstOrThrow();
    assert.equal((await browser.post(`/dashboard/tokens/${live.id}/roll`, { overlap: '1h' })).status, 403);
    assert.equal((await browser.post(`/dashboard/tokens/${live.id}/revoke`)).status, 303);
    assert.equal((await app.db.selectFrom('api_tokens').select('id').where('company_id', '=', company.id).execute()).length, 2);
    assert.deepEqual(code(await me(company.live)), [401, 'token_revoked']);
  });

  test('the creator lowered to member on the team page: the token\'s writes are 403 at once; removed: 401 at once', async () => {
    const { company, browser: first } = await adminOf();
    const { browser: second, person } = await signedInBrowser(app, company.id, { role: 'admin' });
    const { value } = await createInPage(second, { name: 'Second\'s', scopes: ['company:read', 'recipients:write'] });
    const write = () => app.request('DELETE', '/v2/recipients/rcp_000000000000000000000000', { token: value! });
    assert.deepEqual(code(await write()), [404, 'resource_missing']);

    await first.get('/dashboard/team');
    const lowered = await first.post(`/dashboard/team/${person.id}/role`, { role: 'member' });
    assert.equal(lowered.status, 303);
    assert.deepEqual(code(await write()), [403, 'owner_role_not_allowed']);
    assert.equal((await app.get('/v2/company', value!)).status, 200, 'reading still works');
    assert.match((await first.get('/dashboard/tokens')).text, /now a member: this token can only read/);

    await first.get(`/dashboard/team/${person.id}/remove`);
    assert.equal((await first.post(`/dashboard/team/${person.id}/remove`)).status, 303);
    assert.deepEqual(code(await app.get('/v2/company', value!)), [401, 'token_owner_removed']);
  });

  test('the copy script is served from Canopy itself', async () => {
    const script = await fetch(`${app.baseUrl}/dashboard/assets/token-copy.js`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    assert.match(await script.text(), /navigator\.clipboard/);
  });
});
