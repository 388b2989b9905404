import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startTestApp } from '../../helpers/app.ts';
import { DashboardBrowser, personWithPassword, signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';
import { accountMail, linkIn } from './helpers.ts';

/**
 * The team page as an admin uses it, and what it does at once to the people it changes:
 * an invitation by email that ends signed in, a role lowered or a person removed holding
 * for their dashboard session and for every API token they created (spec section 5: a token
 * checks its creator's live permissions), a company that keeps an admin, and the page
 * refusing members and other companies' people.
 */

const app = await startTestApp();
const sink = await startSmtpSink();
const mail = accountMail(app, sink);

const roleOf = async (id: string) => (await app.db.selectFrom('users').select(['role', 'removed_at']).where('id', '=', id).executeTakeFirstOrThrow());

describe('inviting a person', () => {
  test('the invitation is emailed in the page language; its link lets them choose a password and lands them signed in', async () => {
    const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
    const { browser: admin, person: dana } = await signedInBrowser(app, company.id);
    const team = await admin.get('/dashboard/team?lang=nl');
    assert.equal(team.status, 200);
    assert.match(team.text, /Iemand uitnodigen/);
    const invited = await admin.post('/dashboard/team/invite', { email: 'Ines@Example.com', name: 'Ines Invited', role: 'member' });
    assert.equal(invited.status, 303);
    assert.match(invited.location ?? '', /^\/dashboard\/team\?done=invited&who=usr_/);
    const after = await admin.follow(invited);
    assert.match(after.text, /Ines@Example\.com is uitgenodigd\. De e-mail met de link is onderweg\./);
    assert.match(after.text, /Uitgenodigd<\/span> <span class="muted">heeft nog geen wachtwoord gekozen/);
    const twice = await admin.post('/dashboard/team/invite', { email: 'ines@example.com', name: '', role: 'admin' });
    assert.equal(twice.status, 409);
    assert.match(twice.text, /Die persoon zit al in het team/);
    assert.match(twice.text, /value="ines@example\.com"/, 'the form keeps what was typed');

    const [email, ...more] = await mail.mailTo('Ines@Example.com');
    assert.equal(more.length, 0);
    console.log(`--- the invitation email (nl) ---\nSubject: ${email!.subject}\n${email!.text}`);
    assert.equal(email!.subject, 'Je bent uitgenodigd voor het Canopy-dashboard van Fairbrook Coffee Roasters');
    assert.match(email!.text!, new RegExp(`^Hallo Ines Invited,\\n\\nDana Dashboard \\(${dana.email}\\) heeft je uitgenodigd voor het dashboard van Fairbrook Coffee Roasters`));
    assert.match(email!.text!, /\(7 dagen\)\./);
    const link = linkIn(email!, 'invite');

    const ines = new DashboardBrowser(app.baseUrl);
    const page = await ines.get(link.path);
    assert.equal(page.status, 200);
    assert.match(page.text, /Je bent uitgenodigd voor het dashboard van Fairbrook Coffee Roasters/);
    assert.match(page.text, /value="Ines@Example\.com" readonly/);
    const landed = await ines.post(link.path, { name: 'Ines Ingelogd', password: 'a password of my own choosing' });
    assert.deepEqual([landed.status, landed.location], [303, '/dashboard']);
    const account = await ines.get('/dashboard/account');
    assert.equal(account.status, 200);
    assert.match(account.text, /Ingelogd als Ines Ingelogd · Lid/);
    assert.equal((await ines.get('/dashboard/team')).status, 403, 'a member');
    assert.equal((await new DashboardBrowser(app.baseUrl).get(link.path)).status, 410, 'the invitation works once');
    assert.equal((await new DashboardBrowser(app.baseUrl).signIn('ines@example.com', 'a password of my own choosing')).status, 303);

    const listed = await admin.get('/dashboard/team?lang=en');
    assert.match(listed.text, /<strong>Ines Ingelogd<\/strong>[\s\S]*?badge good">Active</);
    const audit = await admin.get('/dashboard/audit-log?lang=en');
    assert.match(audit.text, /Invited Ines@Example\.com as member/);
    assert.match(audit.text, /Chose a password and joined the team/);
  });

  test('an invitation can be sent again; the team page refuses a role it does not know and an address that is none', async () => {
    const company = await make.companyWithTokens(app.db);
    const { browser: admin } = await signedInBrowser(app, company.id);
    await admin.get('/dashboard/team');
    const made = await admin.post('/dashboard/team/invite', { email: 'later@example.com', name: '', role: 'admin' });
    const id = /who=(usr_\w+)/.exec(made.location ?? '')![1]!;
    const first = linkIn((await mail.mailTo('later@example.com'))[0]!, 'invite');
    await admin.get('/dashboard/team');
    const again = await admin.post(`/dashboard/team/${id}/invite`);
    assert.deepEqual([again.status, again.location], [303, `/dashboard/team?done=invitation_sent&who=${id}`]);
    const second = linkIn((await mail.mailTo('later@example.com'))[0]!, 'invite');
    assert.notEqual(second.secret, first.secret);
    // Choosing a password with one spends the other.
    const later = new DashboardBrowser(app.baseUrl);
    await later.get(second.path);
    assert.equal((await later.post(second.path, { password: 'twelve chars or more' })).status, 303);
    assert.equal((await new DashboardBrowser(app.baseUrl).get(first.path)).status, 410);

    await admin.get('/dashboard/team');
    const owner = await admin.post('/dashboard/team/invite', { email: 'x@example.com', role: 'owner' });
    assert.equal(owner.status, 400);
    assert.match(owner.text, /Choose a role: admin or member/);
    const notAnAddress = await admin.post('/dashboard/team/invite', { email: 'x at example', role: 'member' });
    assert.equal(notAnAddress.status, 400);
    assert.match(notAnAddress.text, /Type an email address/);
    assert.equal(await app.db.selectFrom('users').select('id').where('email', 'in', ['x@example.com', 'x at example']).executeTakeFirst(), undefined);
  });
});

describe('a role lowered, a person removed', () => {
  test("take effect at once on the person's session and on every token they created", async () => {
    const company = await make.companyWithTokens(app.db);
    const { browser: admin } = await signedInBrowser(app, company.id);
    const { browser: theirs, person: bo } = await signedInBrowser(app, company.id);
    const token = await make.tokenFor(app.db, company, { ownerEmail: bo.email, scopes: ['recipients:write', 'company:read'] });
    const write = () => app.request('DELETE', '/v2/recipients/rcp_000000000000000000000000', { token: token.token });
    assert.equal((await write()).status, 404, 'an admin may write: the recipient is simply not there');
    assert.equal((await theirs.get('/dashboard/team')).status, 200);

    await admin.get('/dashboard/team');
    const lowered = await admin.post(`/dashboard/team/${bo.id}/role`, { role: 'member' });
    assert.deepEqual([lowered.status, lowered.location], [303, `/dashboard/team?done=role&who=${bo.id}`]);
    assert.match((await admin.follow(lowered)).text, /The role of .* is changed\. It holds for their sessions and API tokens from now on\./);
    const refused = await write();
    assert.deepEqual([refused.status, refused.body.error.code], [403, 'owner_role_not_allowed']);
    assert.equal((await app.get('/v2/company', token.token)).status, 200, 'reading is still allowed');
    assert.equal((await theirs.get('/dashboard/team')).status, 403, 'their session is a member now');
    assert.equal((await theirs.get('/dashboard/account')).status, 200, 'and still signed in');

    await admin.get('/dashboard/team');
    const confirm = await admin.get(`/dashboard/team/${bo.id}/remove`);
    assert.equal(confirm.status, 200);
    assert.match(confirm.text, /The 1 API token they created stops working at once/);
    assert.equal((await roleOf(bo.id)).removed_at, null, 'asking is not removing');
    const removed = await admin.post(`/dashboard/team/${bo.id}/remove`);
    assert.deepEqual([removed.status, removed.location], [303, `/dashboard/team?done=removed&who=${bo.id}`]);
    const gone = await app.get('/v2/company', token.token);
    assert.deepEqual([gone.status, gone.body.error.code], [401, 'token_owner_removed']);
    const signedOut = await theirs.get('/dashboard/account');
    assert.equal(signedOut.status, 303, 'their session ended');
    assert.match(signedOut.location ?? '', /^\/dashboard\/sign-in/);
    assert.equal((await new DashboardBrowser(app.baseUrl).signIn(bo.email)).status, 401, 'their password no longer signs in');
    const sessions = await app.db.selectFrom('dashboard_sessions').select('ended_at').where('user_id', '=', bo.id).execute();
    assert.ok(sessions.length > 0 && sessions.every((s) => s.ended_at !== null), 'the sessions are ended, not only refused');

    const audit = await admin.get('/dashboard/audit-log');
    assert.match(audit.text, new RegExp(`Changed the role of ${bo.email.replace('.', '\\.')} from admin to member`));
    assert.match(audit.text, new RegExp(`Removed ${bo.email.replace('.', '\\.')} from the team; 1 API token revoked`));
  });

  test('a company keeps at least one admin', async () => {
    const company = await make.companyWithTokens(app.db);
    // companyWithTokens made an admin who cannot sign in: take them out, so Dana is the only admin.
    await app.db.updateTable('users').set({ role: 'member' }).where('email', '=', company.adminEmail).where('company_id', '=', company.id).execute();
    const { browser: dana, person } = await signedInBrowser(app, company.id);
    await dana.get('/dashboard/team');
    const lower = await dana.post(`/dashboard/team/${person.id}/role`, { role: 'member' });
    assert.equal(lower.status, 409);
    assert.match(lower.text, /A company keeps at least one admin: make another person admin first\./);
    const confirm = await dana.get(`/dashboard/team/${person.id}/remove`);
    assert.match(confirm.text, /A company keeps at least one admin/);
    assert.doesNotMatch(confirm.text, /Yes, remove/);
    await dana.get('/dashboard/team');
    assert.equal((await dana.post(`/dashboard/team/${person.id}/remove`)).status, 409);
    assert.deepEqual(await roleOf(person.id), { role: 'admin', removed_at: null });

    // With a second admin, Dana may step down, and leaves the admin pages.
    const other = await personWithPassword(app.db, company.id, { role: 'member' });
    await dana.get('/dashboard/team');
    assert.equal((await dana.post(`/dashboard/team/${other.id}/role`, { role: 'admin' })).status, 303);
    await dana.get('/dashboard/team');
    const stepDown = await dana.post(`/dashboard/team/${person.id}/role`, { role: 'member' });
    assert.deepEqual([stepDown.status, stepDown.location], [303, '/dashboard']);
    assert.equal((await roleOf(person.id)).role, 'member');
  });

  test('an admin may remove themselves when another admin stays, and is signed out', async () => {
    const company = await make.companyWithTokens(app.db);
    const { browser, person } = await signedInBrowser(app, company.id);
    const confirm = await browser.get(`/dashboard/team/${person.id}/remove`);
    assert.match(confirm.text, /This is you: you will be signed out\./);
    const removed = await browser.post(`/dashboard/team/${person.id}/remove`);
    assert.equal(removed.status, 303);
    assert.match(removed.location ?? '', /^\/dashboard\/sign-in\?signed_out=1/);
    assert.equal(browser.cookies.has('canopy_session'), false);
    assert.ok((await roleOf(person.id)).removed_at);
  });
});

describe('who may use the team page', () => {
  test('a member gets the 403 page for every team and audit log page and form, and nothing changes', async () => {
    const company = await make.companyWithTokens(app.db);
    const { person: admin } = await signedInBrowser(app, company.id);
    const { browser: member } = await signedInBrowser(app, company.id, { role: 'member' });
    for (const path of ['/dashboard/team', '/dashboard/audit-log', `/dashboard/team/${admin.id}/remove`]) {
      const page = await member.get(path);
      assert.equal(page.status, 403, path);
      assert.match(page.text, /Only admins can open this page/);
    }
    await member.get('/dashboard/account'); // a form's token, so that only the role is refused
    const posts: [string, Record<string, string>][] = [
      ['/dashboard/team/invite', { email: 'sneaky@example.com', role: 'admin' }],
      [`/dashboard/team/${admin.id}/role`, { role: 'member' }],
      [`/dashboard/team/${admin.id}/invite`, {}],
      [`/dashboard/team/${admin.id}/remove`, {}],
    ];
    for (const [path, fields] of posts) assert.equal((await member.post(path, fields)).status, 403, path);
    assert.deepEqual(await roleOf(admin.id), { role: 'admin', removed_at: null });
    assert.equal(await app.db.selectFrom('users').select('id').where('email', '=', 'sneaky@example.com').executeTakeFirst(), undefined);
  });

  test("another company's people answer 404 in every team URL, and nothing of theirs changes", async () => {
    const ours = await make.companyWithTokens(app.db);
    const theirs = await make.companyWithTokens(app.db);
    const stranger = await personWithPassword(app.db, theirs.id, { role: 'admin' });
    const { browser } = await signedInBrowser(app, ours.id);
    assert.equal((await browser.get(`/dashboard/team/${stranger.id}/remove`)).status, 404);
    assert.equal((await browser.get('/dashboard/team/usr_notanidatall/remove')).status, 404);
    await browser.get('/dashboard/team');
    for (const [path, fields] of [[`/dashboard/team/${stranger.id}/role`, { role: 'member' }], [`/dashboard/team/${stranger.id}/invite`, {}], [`/dashboard/team/${stranger.id}/remove`, {}]] as const) {
      const answer = await browser.post(path, fields);
      assert.equal(answer.status, 404, path);
      assert.match(answer.text, /belongs to another company/);
    }
    assert.deepEqual(await roleOf(stranger.id), { role: 'admin', removed_at: null });
    assert.equal((await app.db.selectFrom('jobs').select('id').where('payload', '@>', JSON.stringify({ user_id: stranger.id }) as never).execute()).length, 0, 'no invitation to them');
    const team = await browser.get('/dashboard/team');
    assert.ok(!team.text.includes(stranger.email), 'their people are not listed');
  });
});
