import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FAILURES_PER_ACCOUNT } from '../../../src/modules/accounts/sign-in.ts';
import { recordChange } from '../../../src/platform/dashboard/audit.ts';
import { startTestApp } from '../../helpers/app.ts';
import { DashboardBrowser, personWithPassword, signedInBrowser, TEST_PASSWORD } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';

/**
 * A person's own account page (their password, the browsers they are signed in with, signing
 * out everywhere), the throttle on guessing a password, the audit log page, and CSRF on
 * every form of the accounts feature. Real HTTP against a real database.
 */

const app = await startTestApp();
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function browserOf(person: { email: string; password: string }, userAgent: string) {
  const browser = new DashboardBrowser(app.baseUrl, { 'user-agent': userAgent });
  assert.equal((await browser.signIn(person.email, person.password)).status, 303);
  return browser;
}

describe('the account page', () => {
  test('lists the browsers signed in; one can be signed out, then every one', async () => {
    const company = await make.companyWithTokens(app.db);
    const person = await personWithPassword(app.db, company.id, { role: 'member' });
    const laptop = await browserOf(person, FIREFOX);
    const phone = await browserOf(person, IPHONE);
    const page = await laptop.get('/dashboard/account');
    assert.equal(page.status, 200);
    assert.match(page.text, /Firefox on Linux <span class="badge good">This browser<\/span>/);
    assert.match(page.text, /Safari on iOS/);
    assert.match(page.text, /<span class="code">127\.0\.0\.1<\/span>/);
    const phoneSession = /action="\/dashboard\/account\/sessions\/(ses_\w+)\/end">[\s\S]*?aria-label="Sign out Safari on iOS"/.exec(page.text);
    assert.ok(phoneSession, 'a sign-out button per browser');
    const ended = await laptop.post(`/dashboard/account/sessions/${phoneSession[1]}/end`);
    assert.deepEqual([ended.status, ended.location], [303, '/dashboard/account?done=session_ended']);
    assert.equal((await phone.get('/dashboard/account')).status, 303, 'the phone is signed out');
    const after = await laptop.follow(ended);
    assert.match(after.text, /That browser is signed out\./);
    assert.doesNotMatch(after.text, /Safari on iOS/);

    const phoneAgain = await browserOf(person, IPHONE);
    await laptop.get('/dashboard/account');
    const everywhere = await laptop.post('/dashboard/account/sign-out-everywhere');
    assert.equal(everywhere.status, 303);
    assert.match(everywhere.location ?? '', /^\/dashboard\/sign-in\?signed_out=everywhere/);
    assert.match((await laptop.follow(everywhere)).text, /You are signed out in every browser\./);
    assert.equal((await laptop.get('/dashboard/account')).status, 303, 'this browser too');
    assert.equal((await phoneAgain.get('/dashboard/account')).status, 303);
    const open = await app.db.selectFrom('dashboard_sessions').select('id').where('user_id', '=', person.id).where('ended_at', 'is', null).execute();
    assert.equal(open.length, 0);
    const actions = (await app.db.selectFrom('audit_log').select(['action', 'details']).where('user_id', '=', person.id).orderBy('created_at').execute()).map((row) => row.action);
    assert.ok(actions.includes('user.session_ended') && actions.includes('user.signed_out_everywhere'));
  });

  test("another person's session answers 404 and stays", async () => {
    const company = await make.companyWithTokens(app.db);
    const { browser } = await signedInBrowser(app, company.id);
    const { browser: other, person } = await signedInBrowser(app, company.id);
    const theirs = await app.db.selectFrom('dashboard_sessions').select('id').where('user_id', '=', person.id).executeTakeFirstOrThrow();
    await browser.get('/dashboard/account');
    assert.equal((await browser.post(`/dashboard/account/sessions/${theirs.id}/end`)).status, 404);
    assert.equal((await other.get('/dashboard/account')).status, 200);
  });

  test('changing the password needs the current one, and signs out every other browser', async () => {
    const company = await make.companyWithTokens(app.db);
    const person = await personWithPassword(app.db, company.id);
    const here = await browserOf(person, FIREFOX);
    const there = await browserOf(person, IPHONE);
    await here.get('/dashboard/account?lang=nl');
    const wrong = await here.post('/dashboard/account/password', { current_password: 'not it at all', password: 'a brand new password' });
    assert.equal(wrong.status, 400);
    assert.match(wrong.text, /Dat is niet je huidige wachtwoord\./);
    const short = await here.post('/dashboard/account/password', { current_password: TEST_PASSWORD, password: 'short' });
    assert.equal(short.status, 400);
    assert.match(short.text, /minstens 12 tekens/);
    const changed = await here.post('/dashboard/account/password', { current_password: TEST_PASSWORD, password: 'a brand new password' });
    assert.deepEqual([changed.status, changed.location], [303, '/dashboard/account?done=password']);
    assert.match((await here.follow(changed)).text, /Je wachtwoord is gewijzigd\. Elke andere browser is uitgelogd\./);
    assert.equal((await there.get('/dashboard/account')).status, 303, 'the other browser is signed out');
    assert.equal((await new DashboardBrowser(app.baseUrl).signIn(person.email, TEST_PASSWORD)).status, 401);
    assert.equal((await new DashboardBrowser(app.baseUrl).signIn(person.email, 'a brand new password')).status, 303);
    const entry = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.password_changed').where('user_id', '=', person.id).executeTakeFirstOrThrow();
    assert.deepEqual(entry.details, { sessions_ended: 1 });
    assert.ok(!JSON.stringify(entry).includes('brand new'));
  });
});

describe('guessing a password', () => {
  test('the 11th wrong password for one account gets 429 with Retry-After, and the right one is refused too while throttled', async () => {
    const company = await make.companyWithTokens(app.db);
    const person = await personWithPassword(app.db, company.id);
    const other = await personWithPassword(app.db, company.id);
    const browser = new DashboardBrowser(app.baseUrl);
    await browser.get('/dashboard/sign-in');
    for (let i = 1; i <= FAILURES_PER_ACCOUNT; i++) {
      const wrong = await browser.post('/dashboard/sign-in', { email: person.email, password: `wrong guess ${i}` });
      assert.equal(wrong.status, 401, `attempt ${i}`);
    }
    const eleventh = await browser.post('/dashboard/sign-in', { email: person.email, password: 'wrong guess 11' });
    assert.equal(eleventh.status, 429);
    const wait = Number(eleventh.headers.get('retry-after'));
    assert.ok(wait > 0 && wait <= 15 * 60, `Retry-After ${wait}`);
    assert.match(eleventh.text, /Too many attempts to sign in\. Try again in \d+ minutes?\./);
    const right = await browser.post('/dashboard/sign-in', { email: person.email.toUpperCase(), password: person.password });
    assert.equal(right.status, 429, 'the right password is refused too while throttled');
    assert.equal(browser.cookies.has('canopy_session'), false);
    assert.equal((await new DashboardBrowser(app.baseUrl).signIn(other.email, other.password)).status, 303, 'another account signs in');
  });
});

describe('the audit log page', () => {
  test('newest first, 50 a page with older pages after, who did what from where in en and nl', async () => {
    const company = await make.companyWithTokens(app.db);
    const { browser, person } = await signedInBrowser(app, company.id);
    const operator = { companyId: company.id, userId: null, email: null, ip: null };
    await recordChange(app.db, operator, 'user.role_changed', person.id, { email: 'bea@example.com', from: 'admin', to: 'member' });
    for (let i = 0; i < 55; i++) await recordChange(app.db, { companyId: company.id, userId: person.id, email: person.email, ip: '192.0.2.7' }, 'thing.done_by_another_feature', `thg_${i}`, { n: i });
    const first = await browser.get('/dashboard/audit-log');
    assert.equal(first.status, 200);
    const rows = first.text.match(/<tr>\s*<td data-label="When">/g) ?? [];
    assert.equal(rows.length, 50);
    assert.match(first.text, /thing\.done_by_another_feature: n=54/, 'an action of another feature: its name and details');
    assert.ok(first.text.indexOf('n=54') < first.text.indexOf('n=53'), 'newest first');
    assert.match(first.text, /<span class="code">192\.0\.2\.7<\/span>/);
    const older = /href="(\/dashboard\/audit-log\?before=aud_\w+)" rel="next"/.exec(first.text);
    assert.ok(older);
    const second = await browser.get(older[1]!);
    assert.match(second.text, /n=4</);
    assert.match(second.text, /The operator of Canopy<\/td>\s*<td data-label="What">Changed the role of bea@example\.com from admin to member/);
    assert.match(second.text, /Signed in with a password/);
    assert.doesNotMatch(second.text, /n=5</, 'the first page is not repeated');
    const dutch = await browser.get(`${older[1]}&lang=nl`);
    assert.match(dutch.text, /De operator van Canopy<\/td>\s*<td data-label="Wat">Wijzigde de rol van bea@example\.com van beheerder in lid/);
    assert.match(dutch.text, /Logde in met een wachtwoord/);
    const theirs = await make.companyWithTokens(app.db);
    await recordChange(app.db, { companyId: theirs.id, userId: null, email: null, ip: null }, 'user.removed', null, { email: 'secret-of-theirs@example.com' });
    const mine = await browser.get('/dashboard/audit-log?lang=en');
    assert.doesNotMatch(mine.text, /secret-of-theirs/, "another company's log is not shown");
  });
});

describe('CSRF', () => {
  test('no form of the accounts feature changes anything without its token', async () => {
    const company = await make.companyWithTokens(app.db);
    const { browser, person } = await signedInBrowser(app, company.id);
    const other = await personWithPassword(app.db, company.id, { role: 'member' });
    const session = await app.db.selectFrom('dashboard_sessions').select('id').where('user_id', '=', person.id).executeTakeFirstOrThrow();
    const secret = 'A'.repeat(43);
    const forms: [string, Record<string, string>][] = [
      ['/dashboard/team/invite', { email: 'csrf@example.com', role: 'admin' }],
      [`/dashboard/team/${other.id}/role`, { role: 'admin' }],
      [`/dashboard/team/${other.id}/invite`, {}],
      [`/dashboard/team/${other.id}/remove`, {}],
      ['/dashboard/account/password', { current_password: TEST_PASSWORD, password: 'changed without asking' }],
      [`/dashboard/account/sessions/${session.id}/end`, {}],
      ['/dashboard/account/sign-out-everywhere', {}],
      ['/dashboard/sign-out', {}],
      ['/dashboard/sign-in', { email: person.email, password: TEST_PASSWORD }],
      ['/dashboard/sign-in/email', { email: person.email }],
      ['/dashboard/forgot-password', { email: person.email }],
      [`/dashboard/link/${secret}`, {}],
      [`/dashboard/invite/${secret}`, { password: 'whatever it may be' }],
      [`/dashboard/reset/${secret}`, { password: 'whatever it may be' }],
    ];
    const auditBefore = (await app.db.selectFrom('audit_log').select('id').where('company_id', '=', company.id).execute()).length;
    for (const [path, fields] of forms) {
      const answer = await browser.post(path, { ...fields, _csrf: null });
      assert.equal(answer.status, 403, path);
      assert.match(answer.text, /The form expired/, path);
    }
    assert.equal((await browser.get('/dashboard/account')).status, 200, 'still signed in');
    assert.deepEqual(await app.db.selectFrom('users').select(['role', 'removed_at']).where('id', '=', other.id).executeTakeFirstOrThrow(), { role: 'member', removed_at: null });
    assert.equal(await app.db.selectFrom('users').select('id').where('email', '=', 'csrf@example.com').executeTakeFirst(), undefined);
    assert.equal((await app.db.selectFrom('jobs').select('id').execute()).length, 0, 'no email queued');
    assert.equal((await app.db.selectFrom('audit_log').select('id').where('company_id', '=', company.id).execute()).length, auditBefore);
    assert.equal((await new DashboardBrowser(app.baseUrl).signIn(person.email, TEST_PASSWORD)).status, 303, 'the password is unchanged');
  });
});
