import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { companyWithTokens } from '../../helpers/factories.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { DashboardBrowser, personWithPassword, signedInBrowser } from '../../helpers/dashboard.ts';

describe('dashboard sessions', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });

  test('a page asked for without a session goes to the sign-in form, and there after signing in', async () => {
    const company = await companyWithTokens(app.db);
    const person = await personWithPassword(app.db, company.id);
    const browser = new DashboardBrowser(app.baseUrl);
    const away = await browser.get('/dashboard/no-such-page');
    assert.equal(away.status, 303);
    assert.equal(away.location, '/dashboard/sign-in?next=%2Fdashboard%2Fno-such-page');
    const signIn = await browser.follow(away);
    assert.equal(signIn.status, 200);
    assert.match(signIn.text, /<input type="hidden" name="next" value="\/dashboard\/no-such-page">/);
    const answer = await browser.post('/dashboard/sign-in', { email: person.email.toUpperCase(), password: person.password, next: '/dashboard/no-such-page' });
    assert.equal(answer.status, 303);
    assert.equal(answer.location, '/dashboard/no-such-page');
    const page = await browser.follow(answer);
    assert.equal(page.status, 404);
    assert.match(page.text, /Signed in as Dana Dashboard/);
    assert.equal(page.headers.get('cache-control'), 'no-store');
  });

  test('the session cookie is HttpOnly and SameSite=Lax, and a wrong password signs no one in', async () => {
    const company = await companyWithTokens(app.db);
    const person = await personWithPassword(app.db, company.id);
    const browser = new DashboardBrowser(app.baseUrl);
    await browser.get('/dashboard/sign-in');
    const wrong = await browser.post('/dashboard/sign-in', { email: person.email, password: 'not the password at all' });
    assert.equal(wrong.status, 401);
    assert.match(wrong.text, /do not match an account/);
    assert.equal(browser.cookies.has('canopy_session'), false);
    const right = await browser.post('/dashboard/sign-in', { email: person.email, password: person.password });
    const setCookie = right.headers.getSetCookie().find((c) => c.startsWith('canopy_session='));
    assert.ok(setCookie);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Lax/);
  });

  test('a session value brought to the sign-in is not carried over (fixation), and signing out ends it', async () => {
    const company = await companyWithTokens(app.db);
    const { browser, person } = await signedInBrowser(app, company.id);
    const first = browser.cookies.get('canopy_session')!;
    const again = await browser.signIn(person.email, person.password);
    assert.equal(again.status, 303);
    const second = browser.cookies.get('canopy_session')!;
    assert.notEqual(second, first);
    const stale = new DashboardBrowser(app.baseUrl);
    stale.cookies.set('canopy_session', first);
    assert.equal((await stale.get('/dashboard/x')).status, 303, 'the value from before the second sign-in no longer works');
    await browser.get('/dashboard/x');
    const out = await browser.post('/dashboard/sign-out');
    assert.equal(out.status, 303);
    const reuse = new DashboardBrowser(app.baseUrl);
    reuse.cookies.set('canopy_session', second);
    assert.equal((await reuse.get('/dashboard/x')).status, 303);
  });

  test('a form without its CSRF token changes nothing', async () => {
    const company = await companyWithTokens(app.db);
    const { browser } = await signedInBrowser(app, company.id);
    await browser.get('/dashboard/x');
    const refused = await browser.post('/dashboard/sign-out', { _csrf: null });
    assert.equal(refused.status, 403);
    assert.match(refused.text, /The form expired/);
    assert.equal((await browser.get('/dashboard/x')).status, 404, 'still signed in');
  });

  test('a removed person is signed out on their next request', async () => {
    const company = await companyWithTokens(app.db);
    const { browser, person } = await signedInBrowser(app, company.id);
    assert.equal((await browser.get('/dashboard/x')).status, 404);
    await app.db.updateTable('users').set({ removed_at: new Date() }).where('id', '=', person.id).execute();
    assert.equal((await browser.get('/dashboard/x')).status, 303);
  });

  test('next never leads away from the dashboard', async () => {
    const company = await companyWithTokens(app.db);
    const person = await personWithPassword(app.db, company.id);
    for (const next of ['https://evil.example/', '//evil.example/dashboard', '/dashboard\\@evil', '/dashboardx', '/impact/x']) {
      const browser = new DashboardBrowser(app.baseUrl);
      const answer = await browser.signIn(person.email, person.password, next);
      assert.equal(answer.location, '/dashboard', next);
    }
  });
});
