import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hashSecret } from '../../../src/core/secrets.ts';
import { LINK_LIFETIME_MS } from '../../../src/modules/accounts/links.ts';
import { LINKS_PER_EMAIL } from '../../../src/modules/accounts/sign-in.ts';
import { startTestApp } from '../../helpers/app.ts';
import { DashboardBrowser, personWithPassword, signedInBrowser, TEST_PASSWORD } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';
import { accountMail, linkIn } from './helpers.ts';

/**
 * One-time links by email, as a person meets them: asking for a sign-in link or a new
 * password on the sign-in page (the answer never says whether the address has an account),
 * the email as the SMTP server received it, the link's page, and the link working once.
 * Real HTTP, a real SMTP server, the worker that sends the emails.
 */

const logLines: string[] = [];
const app = await startTestApp({}, { logStream: { write: (line) => logLines.push(line) } });
const sink = await startSmtpSink();
const mail = accountMail(app, sink);
const secrets: string[] = [];

describe('a sign-in link by email', () => {
  test('the answer is the same for an address with and without an account; the email holds a link that signs in once', async () => {
    const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
    const person = await personWithPassword(app.db, company.id, { role: 'member', name: 'Mo Member' });
    const browser = new DashboardBrowser(app.baseUrl);

    const signIn = await browser.get('/dashboard/sign-in?lang=nl');
    assert.match(signIn.text, /href="\/dashboard\/sign-in\/email\?lang=nl">Stuur me een inloglink</);
    const form = await browser.get('/dashboard/sign-in/email?lang=nl');
    assert.equal(form.status, 200);
    const known = await browser.post('/dashboard/sign-in/email?lang=nl', { email: person.email.toUpperCase() });
    const unknown = await browser.post('/dashboard/sign-in/email?lang=nl', { email: 'nobody-here@example.com' });
    assert.deepEqual([known.status, known.location], [303, '/dashboard/sign-in/email/sent?lang=nl']);
    assert.deepEqual([unknown.status, unknown.location], [known.status, known.location], 'the same answer: nothing says which address has an account');
    const sent = await browser.follow(known);
    assert.match(sent.text, /Als het adres dat je typte bij een account hoort/);

    const [email, ...more] = await mail.mailTo(person.email);
    assert.equal(more.length, 0);
    assert.equal(sink.messages.filter((m) => m.to.includes('nobody-here@example.com')).length, 0, 'an unknown address gets nothing');
    console.log(`--- the sign-in link email (nl) ---\nSubject: ${email!.subject}\n${email!.text}`);
    assert.equal(email!.subject, 'Je link om in te loggen bij Canopy (Fairbrook Coffee Roasters)');
    assert.match(email!.text!, /^Hallo Mo Member,/);
    assert.match(email!.text!, /De link werkt één keer, tot \d+ \w+ \d{4} om \d\d:\d\d UTC \(15 minuten\)\./);
    const link = linkIn(email!, 'link');
    secrets.push(link.secret);
    assert.ok(link.url.endsWith('?lang=nl'), 'the page opens in the language of the email');

    // Opening the link (a mail scanner does too) spends nothing; the button does.
    for (let i = 0; i < 2; i++) {
      const page = await browser.get(link.path);
      assert.equal(page.status, 200);
      assert.match(page.text, /Log in op het dashboard van Fairbrook Coffee Roasters als/);
    }
    const used = await browser.post(link.path);
    assert.deepEqual([used.status, used.location], [303, '/dashboard']);
    assert.equal((await browser.get('/dashboard/account')).status, 200, 'signed in');
    const again = await new DashboardBrowser(app.baseUrl).get(link.path);
    assert.equal(again.status, 410);
    assert.match(again.text, /Deze link werkt niet meer/);
    assert.match(again.text, /al gebruikt/);
    const reuse = new DashboardBrowser(app.baseUrl);
    await reuse.get('/dashboard/sign-in');
    assert.equal((await reuse.post(link.path)).status, 410, 'a second use signs no one in');
    assert.equal(reuse.cookies.has('canopy_session'), false);
  });

  test('a link past its time does not work, and says so', async () => {
    const company = await make.companyWithTokens(app.db);
    const person = await personWithPassword(app.db, company.id);
    const browser = new DashboardBrowser(app.baseUrl);
    await browser.get('/dashboard/sign-in/email');
    await browser.post('/dashboard/sign-in/email', { email: person.email });
    const link = linkIn((await mail.mailTo(person.email))[0]!, 'link');
    secrets.push(link.secret);
    const row = await app.db.selectFrom('sign_in_links').selectAll().where('token_hash', '=', hashSecret(link.secret)).executeTakeFirstOrThrow();
    // expires_at is the worker's clock plus 15 minutes, created_at the database's: a millisecond or so apart.
    assert.ok(Math.abs(row.expires_at.getTime() - row.created_at.getTime() - LINK_LIFETIME_MS.sign_in) < 1000, '15 minutes');
    assert.equal(row.purpose, 'sign_in');
    await app.db.updateTable('sign_in_links').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', row.token_hash).execute();
    const page = await browser.get(link.path.replace('?lang=en', ''));
    assert.equal(page.status, 410);
    assert.match(page.text, /It has expired/);
    assert.equal((await browser.post(link.path)).status, 410);
    const made = await browser.get('/dashboard/link/not-a-link');
    assert.equal(made.status, 404);
  });

  test('asking too often for one address is refused with 429 and Retry-After, known address or not', async () => {
    const browser = new DashboardBrowser(app.baseUrl);
    await browser.get('/dashboard/forgot-password');
    for (const email of ['flood@example.com']) {
      for (let i = 0; i < LINKS_PER_EMAIL; i++) assert.equal((await browser.post('/dashboard/forgot-password', { email })).status, 303);
      const refused = await browser.post('/dashboard/forgot-password', { email });
      assert.equal(refused.status, 429);
      assert.match(refused.headers.get('retry-after') ?? '', /^\d+$/);
      assert.match(refused.text, /Too many links were asked for\. Try again in \d+ minutes?\./);
    }
    const other = await browser.post('/dashboard/forgot-password', { email: 'someone-else@example.com' });
    assert.equal(other.status, 303, 'another address may still ask');
    const bad = await browser.post('/dashboard/forgot-password', { email: 'not an address' });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /Type an email address/);
    await mail.runJobs();
  });
});

describe('a forgotten password', () => {
  test('the reset link sets a new password, ends every other session, and signs this browser in', async () => {
    const company = await make.companyWithTokens(app.db, { name: 'Bakkerij de Boom' });
    const { browser: elsewhere, person } = await signedInBrowser(app, company.id);
    const browser = new DashboardBrowser(app.baseUrl);
    await browser.get('/dashboard/forgot-password');
    assert.equal((await browser.post('/dashboard/forgot-password', { email: person.email })).status, 303);
    const [email] = await mail.mailTo(person.email);
    console.log(`--- the reset email (en) ---\nSubject: ${email!.subject}\n${email!.text}`);
    assert.equal(email!.subject, 'Choose a new password for Canopy (Bakkerij de Boom)');
    assert.match(email!.text!, /The link works once, until .* UTC \(1 hour\)\./);
    assert.match(email!.text!, /If you did not ask for it, ignore this email: your password stays as it is\./);
    const link = linkIn(email!, 'reset');
    secrets.push(link.secret);

    const page = await browser.get(link.path);
    assert.equal(page.status, 200);
    assert.match(page.text, /autocomplete="new-password"/);
    const short = await browser.post(link.path, { password: 'too short' });
    assert.equal(short.status, 400);
    assert.match(short.text, /at least 12 characters/);
    const same = await browser.post(link.path, { password: person.email });
    assert.match(same.text, /Your email address is not a password/);
    const chosen = 'a new and rather long password';
    const done = await browser.post(link.path, { password: chosen });
    assert.deepEqual([done.status, done.location], [303, '/dashboard/account?done=password_reset']);
    const account = await browser.follow(done);
    assert.match(account.text, /Your new password is saved, and you are signed in/);

    assert.equal((await elsewhere.get('/dashboard/account')).status, 303, 'the other browser is signed out');
    assert.equal((await new DashboardBrowser(app.baseUrl).signIn(person.email, TEST_PASSWORD)).status, 401, 'the old password no longer works');
    assert.equal((await new DashboardBrowser(app.baseUrl).signIn(person.email, chosen)).status, 303);
    assert.equal((await new DashboardBrowser(app.baseUrl).get(link.path)).status, 410, 'once');
    assert.doesNotMatch(account.text, new RegExp(link.secret), 'the secret is not on the page after it');
  });
});

describe('secrets', () => {
  test('no link secret is kept in the database, the jobs, the audit log or the logs', async () => {
    assert.ok(secrets.length >= 3);
    const links = await app.db.selectFrom('sign_in_links').select('token_hash').execute();
    const jobs = await app.db.selectFrom('jobs').select('payload').execute();
    const audit = await app.db.selectFrom('audit_log').select(['details', 'action']).execute();
    const everything = [JSON.stringify(links), JSON.stringify(jobs), JSON.stringify(audit), ...logLines, ...mail.logged].join('\n');
    for (const secret of secrets) {
      assert.ok(!everything.includes(secret), 'a secret was kept or logged');
      assert.ok(links.some((row) => row.token_hash === hashSecret(secret)), 'only its hash is stored');
    }
    for (const password of ['a new and rather long password', TEST_PASSWORD]) assert.ok(!everything.includes(password), 'a password was kept or logged');
    assert.ok(logLines.some((line) => line.includes('/dashboard/link/:secret')), 'requests are logged by their route pattern');
    assert.ok(!mail.logged.join('\n').includes('@example.com'), 'the worker logs no address');
  });
});
