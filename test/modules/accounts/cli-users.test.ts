import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { executeCommand } from '../../../src/cli/command.ts';
import { userCommands } from '../../../src/cli/users.ts';
import { describeDemoAccess, seedDemoWithTokens } from '../../../src/demo/access.ts';
import { startTestApp } from '../../helpers/app.ts';
import { DashboardBrowser, signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';
import { accountMail, linkIn } from './helpers.ts';

/**
 * The operator's user commands as the CLI runs them (the command's own runner, in this
 * process, on the test app's database): an invitation link printed once and emailed too,
 * a fresh one on request, changes written to the audit log as the operator's, and a
 * removal that ends the person's sessions and tokens at once. And the demo's way into the
 * dashboard, which `npm start` prints.
 */

const app = await startTestApp();
const sink = await startSmtpSink();
const mail = accountMail(app, sink);

async function canopy(...args: string[]) {
  const spec = userCommands.find((command) => command.path.join(' ') === `users ${args[0]}`)!;
  const result = await executeCommand(spec, { db: app.db, baseUrl: 'http://canopy.test' }, args.slice(1));
  assert.equal(result.exitCode, 0, result.output);
  return result.output;
}

const pathOf = (url: string) => url.replace('http://canopy.test', '');

describe('canopy users', () => {
  test('create --json prints an invite_url that lets the person choose a password and land signed in; the email carries one of its own', async () => {
    const company = await make.companyWithTokens(app.db, { name: 'Bakkerij de Boom' });
    const created = JSON.parse(await canopy('create', '--company', company.id, '--email', 'ops@boom.nl', '--role', 'admin', '--language', 'nl', '--json'));
    assert.match(created.invite_url, /^http:\/\/canopy\.test\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/);
    assert.ok(Date.parse(created.invite_expires_at) - Date.now() > 6.9 * 24 * 3600_000);
    assert.equal(created.role, 'admin');

    const [email] = await mail.mailTo('ops@boom.nl');
    console.log(`--- the invitation email from the CLI (nl) ---\nSubject: ${email!.subject}\n${email!.text}`);
    assert.match(email!.text!, /^Hallo ops,\n\nDe operator van Canopy heeft je uitgenodigd voor het dashboard van Bakkerij de Boom/);
    const emailed = linkIn(email!, 'invite');
    assert.ok(!created.invite_url.includes(emailed.secret), 'a link of its own: no secret is kept for the worker');

    const browser = new DashboardBrowser(app.baseUrl);
    const page = await browser.get(pathOf(created.invite_url));
    assert.equal(page.status, 200);
    const landed = await browser.post(pathOf(created.invite_url), { name: 'Olga Ops', password: 'sourdough every morning' });
    assert.deepEqual([landed.status, landed.location], [303, '/dashboard']);
    assert.equal((await browser.get('/dashboard/team')).status, 200, 'signed in, as an admin');
    assert.equal((await new DashboardBrowser(app.baseUrl).get(emailed.path)).status, 410, 'the emailed link is spent by the password chosen');

    const human = await canopy('list', '--company', company.id);
    assert.match(human, /ops@boom\.nl\s+Olga Ops\s+admin\s+active\s+\d{4}-/);
  });

  test('invite prints a fresh link for a person already there; the changes are the operator\'s in the audit log', async () => {
    const company = await make.companyWithTokens(app.db);
    await canopy('create', '--company', company.id, '--email', 'late@example.com', '--role', 'member');
    const text = await canopy('invite', '--company', company.id, '--email', 'LATE@example.com');
    assert.match(text, /^Invitation link for late@example\.com \(choose a password, then signed in; works once, until \d{4}-[\d-]+T[\d:.]+Z\):\n\n {2}http:\/\/canopy\.test\/dashboard\/invite\/[A-Za-z0-9_-]{43}\n/);
    await canopy('set-role', '--company', company.id, '--email', 'late@example.com', '--role', 'admin');
    await canopy('remove', '--company', company.id, '--email', 'late@example.com');
    const entries = await app.db.selectFrom('audit_log').selectAll().where('company_id', '=', company.id).where('action', 'like', 'user.%').orderBy('created_at').orderBy('id').execute();
    const ours = entries.filter((entry) => entry.details.email === 'late@example.com');
    assert.deepEqual(ours.map((entry) => entry.action), ['user.invited', 'user.invitation_sent', 'user.invitation_sent', 'user.role_changed', 'user.removed']);
    for (const entry of ours) assert.deepEqual([entry.user_id, entry.actor_email, entry.ip], [null, null, null], `${entry.action}: the operator`);
    const secret = /invite\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
    assert.ok(!JSON.stringify(entries).includes(secret));
    const { browser } = await signedInBrowser(app, company.id);
    assert.match((await browser.get('/dashboard/audit-log')).text, /The operator of Canopy<\/td>\s*<td data-label="What">Removed late@example\.com from the team/);
    assert.equal((await new DashboardBrowser(app.baseUrl).get(`/dashboard/invite/${secret}`)).status, 404, "a removed person's link does not work");
  });

  test('remove ends the dashboard sessions and the tokens of the person at once', async () => {
    const company = await make.companyWithTokens(app.db);
    const { browser, person } = await signedInBrowser(app, company.id);
    const token = await make.tokenFor(app.db, company, { ownerEmail: person.email });
    assert.equal((await app.get('/v2/me', token.token)).status, 200);
    const output = await canopy('remove', '--company', company.id, '--email', person.email);
    assert.match(output, /1 dashboard session\(s\) ended, 1 token\(s\) revoked/);
    assert.equal((await browser.get('/dashboard/account')).status, 303);
    assert.equal((await app.get('/v2/me', token.token)).status, 401);
  });

  test('mistakes are refused with their reason', async () => {
    const company = await make.companyWithTokens(app.db);
    const spec = userCommands.find((command) => command.path.join(' ') === 'users create')!;
    const bad = await executeCommand(spec, { db: app.db, baseUrl: 'http://canopy.test' }, ['--company', company.id, '--email', 'x@example.com', '--role', 'admin', '--language', 'fr']);
    assert.equal(bad.exitCode, 1);
    assert.match(bad.output, /--language must be en or nl, not "fr"/);
    const again = await executeCommand(spec, { db: app.db, baseUrl: 'http://canopy.test' }, ['--company', company.id, '--email', company.adminEmail, '--role', 'admin']);
    assert.equal(again.exitCode, 1);
    assert.match(again.output, /is already a member of/);
    const invite = userCommands.find((command) => command.path.join(' ') === 'users invite')!;
    const nobody = await executeCommand(invite, { db: app.db, baseUrl: 'http://canopy.test' }, ['--company', company.id, '--email', 'nobody@example.com']);
    assert.match(nobody.output, /nobody@example\.com is not a member of/);
  });
});

describe('the demo', () => {
  test('prints a link into the dashboard for the demo admin: an invitation first, then a sign-in link', async () => {
    const first = await seedDemoWithTokens(app.db, 'http://canopy.test');
    assert.equal(first.dashboard.kind, 'invite');
    const printed = describeDemoAccess(first, 'http://canopy.test');
    console.log(`--- what npm start prints ---\n${printed}`);
    assert.ok(printed.split('\n')[1] === `Dashboard, as the admin (choose a password; the link works once, for 7 days): ${first.dashboard.url}`, 'second, after the company and its admin');
    const browser = new DashboardBrowser(app.baseUrl);
    await browser.get(pathOf(first.dashboard.url));
    assert.equal((await browser.post(pathOf(first.dashboard.url), { password: 'a demo password, long' })).status, 303);
    assert.equal((await browser.get('/dashboard/team')).status, 200);

    const second = await seedDemoWithTokens(app.db, 'http://canopy.test');
    assert.equal(second.dashboard.kind, 'sign_in');
    assert.match(describeDemoAccess(second, 'http://canopy.test'), /Dashboard, as the admin \(the link signs in once, within 15 minutes\): http:\/\/canopy\.test\/dashboard\/link\//);
    const other = new DashboardBrowser(app.baseUrl);
    await other.get(pathOf(second.dashboard.url));
    assert.deepEqual((await other.post(pathOf(second.dashboard.url))).location, '/dashboard');
    assert.equal((await other.get('/dashboard/account')).status, 200);
  });
});
