import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import PostalMime from 'postal-mime';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { createMailer } from '../../../src/platform/mail/mailer.ts';
import { startTestApp, testWorkerServices } from '../../helpers/app.ts';
import { type DashboardBrowser, signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';

/**
 * Recipients in the dashboard as a person uses them, over real HTTP without JavaScript
 * (issue 26): trees given from the form are the API's recipient, with the API's events and
 * certificate; a form sent twice gives once; the search; changing, deleting and emailing
 * again; who may, on which plan.
 */
const app = await startTestApp();
const sink = await startSmtpSink();
const services = testWorkerServices(createMailer({ smtpUrl: sink.url, from: 'Canopy <certificates@canopy.test>', outboxDir: '/nonexistent' }));
const runJobs = () => app.runJobs(services);

const FORM_KEY = /name="form_key" value="([A-Za-z0-9]{24})"/;
const idFrom = (location: string | null) => /\/dashboard\/recipients\/(rcp_[A-Za-z0-9]{24})/.exec(location ?? '')?.[1] ?? null;

async function world(options: { role?: 'admin' | 'member'; allocations?: number; trees?: number } = {}) {
  const trees = await make.companyWithTrees(app.db, { allocations: options.allocations ?? 3, trees: options.trees ?? 10 });
  const { browser, person } = await signedInBrowser(app, trees.company.id, { role: options.role ?? 'member' });
  return { ...trees, browser, person };
}

/** Opens the give form and sends it; the answer and the form's key. */
async function give(browser: DashboardBrowser, fields: Record<string, string>, mode = '') {
  const form = await browser.get(`/dashboard/recipients/new${mode}`);
  assert.equal(form.status, 200, form.text.slice(0, 300));
  const formKey = FORM_KEY.exec(form.text)![1]!;
  const answer = await browser.post(`/dashboard/recipients/new${mode}`, { form_key: formKey, language: 'en', ...fields });
  return { answer, formKey, id: idFrom(answer.location) };
}

const unassigned = async (companyId: string, livemode = true) =>
  (await app.db.selectFrom('company_totals').select('trees_unassigned').where('company_id', '=', companyId).where('livemode', '=', livemode).executeTakeFirstOrThrow()).trees_unassigned;
const eventsOf = async (token: string, recipientId: string) => {
  const page = await app.get('/v2/events?limit=100', token);
  assert.equal(page.status, 200, page.text);
  return (page.body.data as { type: string; data: { object: { id: string; recipient?: string | null } } }[])
    .filter((event) => event.data.object.id === recipientId || event.data.object.recipient === recipientId);
};

describe('recipients in the dashboard', () => {
  test('a member gives trees from the form: the API reads the same recipient, with its events and the certificate that follows', async () => {
    const w = await world({ allocations: 3, trees: 10 });
    const { answer, id } = await give(w.browser, { trees: '15', first_name: 'Dana', last_name: 'Jansen', email: 'dana@example.nl', language: 'nl', external_reference: 'order-1001', message: 'Thank you!' });
    assert.equal(answer.status, 303, answer.text.slice(0, 500));
    assert.ok(id, answer.location ?? '');
    const shown = await w.browser.follow(answer);
    assert.equal(shown.status, 200);
    assert.match(shown.text, /<h1>Dana Jansen/);
    assert.match(shown.text, /The trees were given/);

    const api = await app.get(`/v2/recipients/${id}`, w.token);
    assert.equal(api.status, 200, api.text);
    assert.deepEqual(
      [api.body.source, api.body.trees, api.body.first_name, api.body.email, api.body.language, api.body.external_reference, api.body.message, api.body.send_email, api.body.certificate],
      ['dashboard', 15, 'Dana', 'dana@example.nl', 'nl', 'order-1001', 'Thank you!', false, null],
    );
    // The oldest allocation first, then the next one split: the API's rule.
    const held = await app.db.selectFrom('allocations').select(['id', 'trees', 'split_from_id']).where('recipient_id', '=', id).orderBy('allocated_at').execute();
    assert.deepEqual(held.map((row) => row.trees), [10, 5]);
    assert.equal(held[0]!.id, w.allocationIds[0]);
    assert.equal(held[1]!.split_from_id, w.allocationIds[1]);
    assert.equal(await unassigned(w.company.id), 15);
    // The API, giving the same to a company in the same state, records the same events.
    const twin = await world({ allocations: 3, trees: 10 });
    const byApi = await app.request('POST', '/v2/recipients', { token: twin.token, body: { trees: 15, first_name: 'Dana' }, headers: { 'idempotency-key': randomAlphanumeric(16) } });
    assert.equal(byApi.status, 200, byApi.text);
    const types = async (token: string, recipientId: string) => (await eventsOf(token, recipientId)).map((event) => event.type).sort();
    assert.deepEqual(await types(w.token, id!), await types(twin.token, byApi.body.id));
    assert.ok((await types(w.token, id!)).includes('recipient.created'));

    await runJobs();
    const issued = await app.get(`/v2/recipients/${id}`, w.token);
    assert.ok(issued.body.certificate?.id, 'the certificate follows');
    assert.ok((await eventsOf(w.token, id!)).some((event) => event.type === 'certificate.created'));
    const page = await w.browser.get(`/dashboard/recipients/${id}`);
    assert.ok(page.text.includes(`href="http://canopy.test/certificates/${issued.body.certificate.id}?lang=en"`), 'a link to its public page');
    const download = /href="http:\/\/canopy\.test(\/certificates\/[^"]+\/download\?[^"]+)"/.exec(page.text)?.[1];
    assert.ok(download, 'a link to its PDF');
    const pdf = await fetch(new URL(download.replace(/&amp;/g, '&'), app.baseUrl));
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    for (const allocation of held) assert.ok(page.text.includes(allocation.id), 'its trees, allocation by allocation');

    const audit = await app.db.selectFrom('audit_log').selectAll().where('company_id', '=', w.company.id).where('action', '=', 'recipient.created').execute();
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.target_id, id);
    assert.equal(audit[0]!.user_id, w.person.id);
    assert.ok(!JSON.stringify(audit[0]!.details).includes('Dana'), 'no personal data in the audit log: it outlives an erasure');
  });

  test('a form sent twice gives once, and the second answer names the first recipient', async () => {
    const w = await world();
    const { answer, formKey, id } = await give(w.browser, { trees: '4', first_name: 'Twice' });
    assert.equal(answer.status, 303);
    const again = await w.browser.post('/dashboard/recipients/new', { form_key: formKey, trees: '4', first_name: 'Twice', language: 'en' });
    assert.equal(again.status, 303);
    assert.equal(idFrom(again.location), id);
    assert.match((await w.browser.follow(again)).text, /This form was sent before/);
    const rows = await app.db.selectFrom('recipients').select('id').where('company_id', '=', w.company.id).execute();
    assert.equal(rows.length, 1);
    assert.equal(await unassigned(w.company.id), 26);

    // Two sends at the same moment (a double click): one gives, the other names it.
    const form = await w.browser.get('/dashboard/recipients/new');
    const key = FORM_KEY.exec(form.text)![1]!;
    const both = await Promise.all([1, 2].map(() => w.browser.post('/dashboard/recipients/new', { form_key: key, trees: '2', language: 'en' })));
    assert.deepEqual(both.map((answer) => answer.status), [303, 303]);
    assert.equal(new Set(both.map((answer) => idFrom(answer.location))).size, 1);
    assert.equal(await unassigned(w.company.id), 24);
  });

  test('bad input and the API refusals give the form again with the problem named, and give nothing', async () => {
    const w = await world({ allocations: 1, trees: 10 });
    const zero = await give(w.browser, { trees: '0', email: 'not an address', first_name: 'Ann' });
    assert.equal(zero.answer.status, 422);
    assert.match(zero.answer.text, /id="trees"[^>]*aria-invalid="true"/);
    assert.match(zero.answer.text, /This is not an email address\./);
    assert.match(zero.answer.text, /value="Ann"/, 'what was typed stays');
    const many = await give(w.browser, { trees: '11' });
    assert.equal(many.answer.status, 422);
    assert.match(many.answer.text, /You asked for 11 trees; 10 are unassigned\./);
    const mail = await give(w.browser, { trees: '1', send_email: 'yes' });
    assert.match(mail.answer.text, /To email the certificate, give an email address\./);
    assert.equal((await give(w.browser, { trees: '1', external_reference: 'A-1' })).answer.status, 303);
    const taken = await give(w.browser, { trees: '1', external_reference: 'A-1' });
    assert.equal(taken.answer.status, 422);
    assert.match(taken.answer.text, /Another recipient already has this reference\./);
    const project = await give(w.browser, { trees: '1', project: `prj_${'x'.repeat(24)}` });
    assert.equal(project.answer.status, 422);
    assert.equal((await app.db.selectFrom('recipients').select('id').where('company_id', '=', w.company.id).execute()).length, 1);
    assert.equal(await unassigned(w.company.id), 9);
  });

  test('the search finds by the start of a name, an email or a reference, in this company only; the list pages newest first', async () => {
    const w = await world({ allocations: 1, trees: 100 });
    const other = await world({ allocations: 1, trees: 10 });
    await give(other.browser, { trees: '1', first_name: 'Marieke', email: 'marieke@other.example' });
    const people = [
      { first_name: 'Marieke', last_name: 'de Vries', email: 'm.devries@example.nl', external_reference: 'ORD-77' },
      { first_name: 'Mark', last_name: 'Bakker', email: 'mark@example.com', external_reference: 'ord-78' },
      { first_name: 'Eva', last_name: 'Marsman', email: 'eva@example.com', external_reference: 'X-1' },
    ];
    for (const person of people) assert.equal((await give(w.browser, { trees: '1', ...person })).answer.status, 303);
    for (let i = 0; i < 25; i++) assert.equal((await give(w.browser, { trees: '1', first_name: `Filler${i}` })).answer.status, 303);
    const names = async (q: string) => {
      const page = await w.browser.get(`/dashboard/recipients?q=${encodeURIComponent(q)}`);
      assert.equal(page.status, 200);
      return [...page.text.matchAll(/<a href="\/dashboard\/recipients\/rcp_[A-Za-z0-9]{24}">([^<]+)<\/a>/g)].map((match) => match[1]);
    };
    assert.deepEqual(await names('mar'), ['Eva Marsman', 'Mark Bakker', 'Marieke de Vries'], 'first and last names, newest first; not the other company');
    assert.deepEqual(await names('MARIEKE DE'), ['Marieke de Vries'], 'a whole name, in any case');
    assert.deepEqual(await names('mark@'), ['Mark Bakker']);
    assert.deepEqual(await names('ord-'), ['Mark Bakker', 'Marieke de Vries'], 'a reference');
    assert.deepEqual(await names('%'), [], 'a wildcard is a character');
    assert.deepEqual(await names('example.nl'), [], 'the start, not the middle');

    const first = await w.browser.get('/dashboard/recipients');
    const onFirst = [...first.text.matchAll(/href="\/dashboard\/recipients\/(rcp_[A-Za-z0-9]{24})"/g)].map((m) => m[1]);
    assert.equal(onFirst.length, 25);
    const next = /href="(\/dashboard\/recipients\?after=[^"]+)" rel="next"/.exec(first.text)?.[1];
    assert.ok(next, 'a link to the older ones');
    const second = await w.browser.get(next.replace(/&amp;/g, '&'));
    const onSecond = [...second.text.matchAll(/href="\/dashboard\/recipients\/(rcp_[A-Za-z0-9]{24})"/g)].map((m) => m[1]);
    assert.equal(onSecond.length, 3);
    assert.ok(onSecond.every((id) => !onFirst.includes(id)));
    assert.match(second.text, /Marieke de Vries/, 'the oldest on the last page');
    assert.ok(first.text.includes('href="/dashboard/recipients/upload"'), 'the CSV upload is linked');
  });

  test('a name older than the newest thousand recipients is still found, and one many share pages through them', async () => {
    const w = await world({ allocations: 1, trees: 10 });
    const { id: old } = await give(w.browser, { trees: '1', first_name: 'Wilhelmina', last_name: 'Oud' });
    // Newer recipients written straight to the table: only the search reads them.
    await sql`INSERT INTO recipients (id, company_id, livemode, first_name, email, language, trees, source, created_at, updated_at)
      SELECT 'rcp_' || lpad(i::text, 24, '0') || '', ${w.company.id}, true, 'Newer', 'newer' || i::text || '@example.com', 'en', 1, 'api',
        now() + (i || ' milliseconds')::interval, now()
      FROM generate_series(1, 1100) AS i`.execute(app.db);
    const found = await w.browser.get('/dashboard/recipients?q=wilhel');
    assert.ok(found.text.includes(`href="/dashboard/recipients/${old}"`), 'found past the newest thousand');
    const many = await w.browser.get('/dashboard/recipients?q=NEWER');
    assert.equal([...many.text.matchAll(/href="\/dashboard\/recipients\/rcp_/g)].length, 25);
    assert.ok(many.text.includes('rcp_000000000000000000001100'), 'the newest first');
    const next = /href="(\/dashboard\/recipients\?[^"]*after=[^"]+)" rel="next"/.exec(many.text)?.[1]?.replace(/&amp;/g, '&');
    assert.ok(next, 'a next page');
    assert.ok(next.includes('q=NEWER'), 'the next page keeps the search');
    assert.ok((await w.browser.get(next)).text.includes('rcp_000000000000000000001075'));
  });

  test('a change regenerates the certificate as PATCH does, trees stay; delete after a confirmation erases and gives the trees back', async () => {
    const w = await world({ allocations: 1, trees: 10, role: 'admin' });
    const { id } = await give(w.browser, { trees: '3', first_name: 'Old', email: 'old@example.com' });
    await runJobs();
    const before = (await app.get(`/v2/recipients/${id}`, w.token)).body;
    const edit = await w.browser.get(`/dashboard/recipients/${id}/edit`);
    assert.equal(edit.status, 200);
    assert.ok(!/name="trees"/.test(edit.text), 'trees cannot change');
    const saved = await w.browser.post(`/dashboard/recipients/${id}/edit`, { first_name: 'New', last_name: '', email: 'old@example.com', language: 'nl', message: 'Hi', trees: '9' });
    assert.equal(saved.status, 303);
    assert.match((await w.browser.follow(saved)).text, /Saved\./);
    await runJobs();
    const after = (await app.get(`/v2/recipients/${id}`, w.token)).body;
    assert.deepEqual([after.first_name, after.language, after.message, after.trees, after.certificate.id], ['New', 'nl', 'Hi', 3, before.certificate.id]);
    assert.ok(after.certificate.issued_at > before.certificate.issued_at, 'reissued');
    const unchanged = await w.browser.post(`/dashboard/recipients/${id}/edit`, { first_name: 'New', last_name: '', email: 'old@example.com', language: 'nl', message: 'Hi' });
    assert.match((await w.browser.follow(unchanged)).text, /Nothing changed\./);
    const bad = await w.browser.post(`/dashboard/recipients/${id}/edit`, { first_name: 'x'.repeat(101), email: 'old@example.com', language: 'nl' });
    assert.equal(bad.status, 422);

    const confirm = await w.browser.get(`/dashboard/recipients/${id}/delete`);
    assert.equal(confirm.status, 200);
    assert.match(confirm.text, /their 3 trees become unassigned again/);
    assert.equal(await unassigned(w.company.id), 7, 'a confirmation page changes nothing');
    const deleted = await w.browser.post(`/dashboard/recipients/${id}/delete`);
    assert.equal(deleted.status, 303);
    assert.match((await w.browser.follow(deleted)).text, /their personal data is gone/);
    assert.equal((await app.get(`/v2/recipients/${id}`, w.token)).status, 404);
    assert.equal(await unassigned(w.company.id), 10);
    const row = await app.db.selectFrom('recipients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual([row.first_name, row.email, row.message], [null, null, null]);
    assert.equal((await w.browser.get(`/dashboard/recipients/${id}`)).status, 404);
    const actions = (await app.db.selectFrom('audit_log').select('action').where('company_id', '=', w.company.id).orderBy('seq').execute()).map((r) => r.action);
    assert.deepEqual(actions.filter((a) => a.startsWith('recipient.')), ['recipient.created', 'recipient.updated', 'recipient.deleted']);
    const log = await w.browser.get('/dashboard/audit-log');
    assert.equal(log.status, 200);
    for (const sentence of ['Gave 3 trees to a recipient', 'Changed a recipient', 'Deleted a recipient; 3 trees unassigned again']) assert.ok(log.text.includes(sentence), sentence);
    const nl = await w.browser.get('/dashboard/audit-log?lang=nl');
    assert.ok(nl.text.includes('Gaf 3 bomen aan een ontvanger'));
  });

  test('the certificate email is sent again on asking, through SMTP, and the page says when', async () => {
    const w = await world({ allocations: 1, trees: 10 });
    const { id } = await give(w.browser, { trees: '2', first_name: 'Sam', email: `sam-${randomAlphanumeric(6).toLowerCase()}@example.com`, send_email: 'yes' });
    const before = sink.messages.length;
    await runJobs();
    assert.equal(sink.messages.length, before + 1, 'sent once as asked');
    const page = await w.browser.get(`/dashboard/recipients/${id}`);
    assert.match(page.text, /The certificate was emailed on/);
    const resent = await w.browser.post(`/dashboard/recipients/${id}/email`);
    assert.equal(resent.status, 303);
    assert.match((await w.browser.follow(resent)).text, /The certificate email is on its way\./);
    const twice = await w.browser.post(`/dashboard/recipients/${id}/email`);
    assert.equal(twice.status, 409, 'a second click while it is queued sends nothing more');
    await runJobs();
    assert.equal(sink.messages.length, before + 2);
    const message = await PostalMime.parse(sink.messages.at(-1)!.raw);
    const recipient = (await app.get(`/v2/recipients/${id}`, w.token)).body;
    assert.deepEqual(sink.messages.at(-1)!.to, [recipient.email]);
    assert.match(message.subject ?? '', /2 trees/);
    assert.equal(message.attachments[0]?.mimeType, 'application/pdf');
    assert.ok(recipient.email_sent_at);
    assert.equal((await app.db.selectFrom('audit_log').select('id').where('action', '=', 'recipient.email_resent').where('target_id', '=', id).execute()).length, 1);
  });

  test('test mode on automate gives test trees; a starter company is told what giving needs and its forms are refused', async () => {
    const w = await world({ allocations: 1, trees: 10 });
    const testProject = await make.project(app.db);
    await make.allocation(app.db, w.company, await make.planting(app.db, testProject, { trees: 100, livemode: false }), { trees: 5, livemode: false });
    const { answer, id } = await give(w.browser, { trees: '5' }, '?mode=test');
    assert.equal(answer.status, 303, answer.text.slice(0, 400));
    assert.equal((await app.get(`/v2/recipients/${id}`, w.company.test)).body.livemode, false);
    assert.equal(await unassigned(w.company.id, false), 0);
    assert.equal(await unassigned(w.company.id, true), 10);
    const page = await w.browser.get(`/dashboard/recipients/${id}`);
    assert.match(page.text, /Test recipients are never emailed\./);
    assert.equal((await w.browser.post(`/dashboard/recipients/${id}/email`)).status, 409);

    const grow = await make.companyWithTokens(app.db, { plan: 'grow' });
    await make.allocation(app.db, grow, await make.planting(app.db, await make.project(app.db), { trees: 100 }), { trees: 5 });
    const grower = (await signedInBrowser(app, grow.id, { role: 'member' })).browser;
    const growForm = await grower.get('/dashboard/recipients/new?mode=test');
    assert.ok(!growForm.text.includes('class="modes"'), 'no test mode below automate');
    const formKey = FORM_KEY.exec(growForm.text)![1]!;
    assert.equal((await grower.post('/dashboard/recipients/new?mode=test', { form_key: formKey, trees: '5', language: 'en' })).status, 303);
    assert.equal(await unassigned(grow.id, true), 0, 'grow gives live trees');

    const starter = await make.companyWithTokens(app.db, { plan: 'starter' });
    const { browser } = await signedInBrowser(app, starter.id, { role: 'admin' });
    const plan = await browser.get('/dashboard/recipients');
    assert.equal(plan.status, 200);
    assert.match(plan.text, /Giving trees needs the grow or automate plan/);
    assert.equal((await browser.get('/dashboard/recipients/new')).status, 200);
    const refused = await browser.post('/dashboard/recipients/new', { trees: '1', language: 'en', form_key: randomAlphanumeric(24) });
    assert.equal(refused.status, 403);
    assert.equal((await app.db.selectFrom('recipients').select('id').where('company_id', '=', starter.id).execute()).length, 0);
  });
});
