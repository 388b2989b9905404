import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { startTestApp } from '../../helpers/app.ts';
import { type DashboardBrowser, signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';

/**
 * Gift codes in the dashboard through plain HTTP, as a browser without JavaScript sends
 * them (issue 26): a batch made from the form reserves its trees as GET /v2/company's
 * trees_unassigned shows, too few trees refuse the whole batch and reserve nothing, a
 * revoke gives the trees back, the CSV holds every code as the API shows it, another
 * company's batch and code are 404, a member may, a starter company may not.
 */
const app = await startTestApp();

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function world(options: { trees?: number; allocations?: number; plan?: 'starter' | 'grow' | 'automate'; role?: 'admin' | 'member' } = {}) {
  const made = await make.companyWithTrees(app.db, { trees: options.trees ?? 100, allocations: options.allocations ?? 3, name: 'Fairbrook Coffee Roasters' });
  if (options.plan) await app.db.updateTable('companies').set({ plan: options.plan }).where('id', '=', made.company.id).execute();
  const { browser, person } = await signedInBrowser(app, made.company.id, { role: options.role ?? 'admin' });
  return { ...made, browser, person };
}

const unassigned = async (token: string) => {
  const company = await app.get('/v2/company', token);
  assert.equal(company.status, 200, company.text);
  return company.body.trees_unassigned as number;
};

/** Opens the form, sends it; returns the answer and the form's key. */
async function makeBatch(browser: DashboardBrowser, fields: Record<string, string> = {}, query = '') {
  const form = await browser.get(`/dashboard/gift-codes/new${query}`);
  assert.equal(form.status, 200, form.text.slice(0, 300));
  const formKey = /name="form_key" value="([A-Za-z0-9]+)"/.exec(form.text)![1]!;
  const mode = /name="mode" value="(\w+)"/.exec(form.text)![1]!;
  const answer = await browser.post('/dashboard/gift-codes/new', { form_key: formKey, mode, codes: '1', trees: '1', valid_until: dateIn(30), project: '', ...fields });
  return { answer, formKey, mode };
}

const batchOf = (location: string | null) => /batch=(gcb_[A-Za-z0-9]+)/.exec(location ?? '')?.[1] ?? assert.fail(`no batch in ${location}`);
const codesOf = (companyId: string) => app.db.selectFrom('gift_codes').selectAll().where('company_id', '=', companyId).execute();
const auditOf = (companyId: string) => app.db.selectFrom('audit_log').selectAll().where('company_id', '=', companyId).orderBy('seq').execute();

describe('gift codes in the dashboard', () => {
  test('a batch of 50 from the form reserves 50 x 3 trees, as trees_unassigned shows; the list shows it with its downloads', async () => {
    const w = await world();
    assert.equal(await unassigned(w.token), 300);
    const { answer } = await makeBatch(w.browser, { codes: '50', trees: '3', valid_until: dateIn(60) });
    assert.equal(answer.status, 303, answer.text.slice(0, 500));
    const batchId = batchOf(answer.location);
    assert.equal(await unassigned(w.token), 150, 'the batch took 150 trees');

    const codes = await codesOf(w.company.id);
    assert.equal(codes.length, 50);
    assert.ok(codes.every((code) => code.batch_id === batchId && code.trees === 3 && code.status === 'open' && code.livemode));
    assert.equal(new Set(codes.map((code) => code.code)).size, 50);
    const held = await app.db.selectFrom('allocations').select(['gift_code_id', 'trees']).where('company_id', '=', w.company.id).where('gift_code_id', 'is not', null).execute();
    for (const code of codes) assert.equal(held.filter((row) => row.gift_code_id === code.id).reduce((sum, row) => sum + row.trees, 0), 3, `code ${code.code} holds its 3 trees`);
    const endOfDay = new Date(`${dateIn(60)}T00:00:00Z`).getTime() + DAY;
    assert.ok(codes.every((code) => code.valid_until.getTime() === endOfDay), 'valid through the chosen day (UTC)');

    const page = await w.browser.follow(answer);
    assert.equal(page.status, 200);
    assert.match(page.text, /50 gift codes were made/);
    assert.match(page.text, /Batch of 50 codes, 3 trees each/);
    assert.match(page.text, /Open: 50/);
    assert.match(page.text, new RegExp(`href="/dashboard/gift-code-batches/${batchId}/codes.csv"`));
    assert.match(page.text, new RegExp(`action="/dashboard/gift-code-batches/${batchId}/cards.pdf"`));
    assert.match(page.text, /href="\/dashboard\/gift-codes" aria-current="page"/, 'in the menu');
    assert.match(page.text, /150 trees unassigned/);
    const shown = [...page.text.matchAll(/<span class="code">([0-9A-Z-]{14})<\/span>/g)].map((match) => match[1]);
    assert.equal(shown.length, 50, 'the first page holds the 50 codes');
    assert.deepEqual(new Set(shown), new Set(codes.map((code) => code.code)));

    // The API shows the codes as it shows any: the batch is the dashboard's alone.
    const listed = await app.get('/v2/gift-codes?limit=100', w.token);
    assert.equal(listed.body.data.length, 50);
    assert.ok(listed.body.data.every((code: Record<string, unknown>) => !('batch' in code) && !('batch_id' in code)));

    const entries = (await auditOf(w.company.id)).filter((entry) => entry.action === 'gift_code_batch.created');
    assert.equal(entries.length, 1);
    assert.deepEqual([entries[0]!.target_id, entries[0]!.user_id, entries[0]!.details.codes, entries[0]!.details.trees], [batchId, w.person.id, 50, 3]);
    const audit = await w.browser.get('/dashboard/audit-log');
    assert.match(audit.text, /Made 50 gift codes of 3 trees each/);
  });

  test('the same form sent twice makes one batch', async () => {
    const w = await world();
    const first = await makeBatch(w.browser, { codes: '4', trees: '2' });
    assert.equal(first.answer.status, 303);
    const again = await w.browser.post('/dashboard/gift-codes/new', { form_key: first.formKey, mode: 'live', codes: '4', trees: '2', valid_until: dateIn(30) });
    assert.equal(again.status, 303);
    assert.equal(batchOf(again.location), batchOf(first.answer.location));
    assert.match(again.location!, /done=already_created/);
    assert.equal((await codesOf(w.company.id)).length, 4);
    assert.equal(await unassigned(w.token), 292);
  });

  test('too few trees refuse the whole batch, with the form again and the problem named; nothing is reserved', async () => {
    const w = await world();
    const { answer } = await makeBatch(w.browser, { codes: '31', trees: '10' });
    assert.equal(answer.status, 400);
    assert.match(answer.text, /No codes were made/);
    assert.match(answer.text, /These codes need 310 trees; 300 trees are unassigned/);
    assert.match(answer.text, /id="batch-trees"[^>]*aria-invalid="true"/);
    assert.match(answer.text, /name="codes"[^>]*value="31"/, 'what was typed stays');

    // A project with only 25 unassigned trees: the shortfall is found while reserving, after two codes; both are rolled back.
    const small = await make.project(app.db, { name: 'Small Forest' });
    const planting = await make.planting(app.db, small, { trees: 1000 });
    await make.allocation(app.db, w.company, planting, { trees: 25 });
    assert.equal(await unassigned(w.token), 325);
    const form = await w.browser.get('/dashboard/gift-codes/new');
    assert.match(form.text, new RegExp(`<option value="${small.id}">Small Forest</option>`));
    const fromProject = await makeBatch(w.browser, { codes: '3', trees: '10', project: small.id });
    assert.equal(fromProject.answer.status, 400);
    assert.match(fromProject.answer.text, /The project has fewer than the 30 trees these codes need unassigned/);
    assert.equal(await unassigned(w.token), 325);
    assert.deepEqual(await codesOf(w.company.id), []);
    assert.equal((await app.db.selectFrom('gift_code_batches').select('id').where('company_id', '=', w.company.id).execute()).length, 0);
    assert.equal((await auditOf(w.company.id)).filter((entry) => entry.action.startsWith('gift_code')).length, 0);
    assert.equal((await app.db.selectFrom('allocations').select('id').where('company_id', '=', w.company.id).where('gift_code_id', 'is not', null).execute()).length, 0);

    const ok = await makeBatch(w.browser, { codes: '2', trees: '10', project: small.id });
    assert.equal(ok.answer.status, 303, 'two codes fit in the project');
  });

  test('the form refuses what the API refuses: validity past, over three years, no count, another company\'s project', async () => {
    const w = await world();
    const other = await make.project(app.db, { name: 'Not Ours' });
    const cases: [Record<string, string>, RegExp][] = [
      [{ valid_until: dateIn(-1) }, /The date must be today or later/],
      [{ valid_until: dateIn(3 * 365 + 2) }, /at most three years/],
      [{ valid_until: '31-12-2027' }, /Give the date as YYYY-MM-DD/],
      [{ codes: '1001' }, /Make from 1 to 1,000 codes/],
      [{ codes: 'many' }, /Make from 1 to 1,000 codes/],
      [{ trees: '0' }, /Each code holds from 1 to 100,000 trees/],
      [{ project: other.id }, /Choose a project from the list/],
    ];
    for (const [fields, problem] of cases) {
      const { answer } = await makeBatch(w.browser, fields);
      assert.equal(answer.status, 400, JSON.stringify(fields));
      assert.match(answer.text, problem);
    }
    assert.deepEqual(await codesOf(w.company.id), []);
    assert.equal(await unassigned(w.token), 300);
  });

  test('revoke after a confirmation gives the trees back; only an open code can be revoked', async () => {
    const w = await world();
    const { answer } = await makeBatch(w.browser, { codes: '3', trees: '5' });
    const [code, claimed] = await codesOf(w.company.id);
    assert.equal(await unassigned(w.token), 285);

    const confirm = await w.browser.get(`/dashboard/gift-codes/${code!.id}/revoke`);
    assert.equal(confirm.status, 200);
    assert.match(confirm.text, new RegExp(`Revoke gift code ${code!.code}\\?`));
    assert.match(confirm.text, /its 5 trees go back/);
    const revoked = await w.browser.post(`/dashboard/gift-codes/${code!.id}/revoke`);
    assert.equal(revoked.status, 303);
    assert.equal(await unassigned(w.token), 290, 'its trees are back');
    assert.equal((await app.get(`/v2/gift-codes/${code!.id}`, w.token)).body.status, 'revoked');
    assert.match((await w.browser.follow(revoked)).text, new RegExp(`Gift code ${code!.code} was revoked`));
    const entry = (await auditOf(w.company.id)).find((row) => row.action === 'gift_code.revoked')!;
    assert.deepEqual([entry.target_id, entry.details.code, entry.details.trees], [code!.id, code!.code, 5]);
    assert.match((await w.browser.get('/dashboard/audit-log')).text, new RegExp(`Revoked the gift code ${code!.code} \\(5 trees\\)`));

    await w.browser.get(`/dashboard/gift-codes?batch=${batchOf(answer.location)}`);
    const twice = await w.browser.post(`/dashboard/gift-codes/${code!.id}/revoke`);
    assert.equal(twice.status, 409);
    assert.match(twice.text, /Only an open code can be revoked/);
    assert.equal(await unassigned(w.token), 290, 'nothing given back twice');

    const claim = await app.request('POST', `/v2/test_helpers/gift_codes/${claimed!.id}/claim`, { token: w.company.test, body: { first_name: 'Anna', email: 'anna@example.nl' } });
    assert.equal(claim.status, 404, 'the test helper is test mode only: a live code is claimed on its page');
    await app.db.updateTable('gift_codes').set({ status: 'claimed', claimed_at: new Date() }).where('id', '=', claimed!.id).execute();
    assert.equal((await w.browser.get(`/dashboard/gift-codes/${claimed!.id}/revoke`)).status, 409);
    assert.equal((await w.browser.post(`/dashboard/gift-codes/${claimed!.id}/revoke`)).status, 409);
    assert.equal(await unassigned(w.token), 290);

    const list = await w.browser.get('/dashboard/gift-codes?status=revoked');
    assert.equal([...list.text.matchAll(/<tr id="gift_/g)].length, 1, 'filtered by status');
    assert.match(list.text, new RegExp(code!.code));
  });

  test('the batch CSV holds every code with claim_url, trees, valid_until and the status the API shows', async () => {
    const w = await world();
    const { answer } = await makeBatch(w.browser, { codes: '6', trees: '2' });
    const batchId = batchOf(answer.location);
    const codes = await codesOf(w.company.id);
    await w.browser.get(`/dashboard/gift-codes/${codes[0]!.id}/revoke`);
    await w.browser.post(`/dashboard/gift-codes/${codes[0]!.id}/revoke`);

    const csv = await w.browser.get(`/dashboard/gift-code-batches/${batchId}/codes.csv`);
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(csv.headers.get('content-disposition') ?? '', new RegExp(`attachment; filename="gift-codes-${batchId}.csv"`));
    assert.equal(csv.text.split('\n')[0], 'code,claim_url,trees,valid_until,status');
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    assert.equal(rows.length, 6);
    const api = new Map(((await app.get('/v2/gift-codes?limit=100', w.token)).body.data as Record<string, unknown>[]).map((code) => [code.code, code]));
    for (const row of rows) {
      const shown = api.get(row.code!)!;
      assert.ok(shown, `${row.code} is one of the company's codes`);
      assert.deepEqual([row.claim_url, Number(row.trees), row.valid_until, row.status], [shown.claim_url, shown.trees, shown.valid_until, shown.status]);
    }
    assert.deepEqual(rows.map((row) => row.status).sort(), ['open', 'open', 'open', 'open', 'open', 'revoked']);
  });

  test("another company's batch and code answer 404, and change nothing", async () => {
    const a = await world();
    const b = await world();
    const { answer } = await makeBatch(b.browser, { codes: '2', trees: '1' });
    const theirs = batchOf(answer.location);
    const theirCode = (await codesOf(b.company.id))[0]!;
    for (const path of [`/dashboard/gift-codes?batch=${theirs}`, `/dashboard/gift-code-batches/${theirs}/codes.csv`, `/dashboard/gift-code-batches/${theirs}/cards.pdf`, `/dashboard/gift-codes/${theirCode.id}/revoke`]) {
      assert.equal((await a.browser.get(path)).status, 404, path);
      assert.equal((await b.browser.get(path)).status, 200, `${path} is B's own`);
    }
    await a.browser.get('/dashboard/gift-codes');
    assert.equal((await a.browser.post(`/dashboard/gift-codes/${theirCode.id}/revoke`)).status, 404);
    assert.equal(await unassigned(b.token), 298);
    assert.equal((await app.get(`/v2/gift-codes/${theirCode.id}`, b.token)).body.status, 'open');
    assert.equal((await a.browser.get('/dashboard/gift-codes?batch=gcb_AAAAAAAAAAAAAAAAAAAAAAAA')).status, 404);
  });

  test('a member makes and revokes codes; a starter company sees what giving needs and is refused; grow may', async () => {
    const member = await world({ role: 'member' });
    const made = await makeBatch(member.browser, { codes: '2', trees: '4' });
    assert.equal(made.answer.status, 303);
    const code = (await codesOf(member.company.id))[0]!;
    await member.browser.get(`/dashboard/gift-codes/${code.id}/revoke`);
    assert.equal((await member.browser.post(`/dashboard/gift-codes/${code.id}/revoke`)).status, 303);
    assert.equal(await unassigned(member.token), 296);

    const starter = await world({ plan: 'starter' });
    const plan = await starter.browser.get('/dashboard/gift-codes');
    assert.equal(plan.status, 200);
    assert.match(plan.text, /Gift codes come with the grow and automate plans/);
    assert.match(plan.text, /on the starter plan/);
    assert.doesNotMatch(plan.text, /href="\/dashboard\/gift-codes\/new"/);
    assert.equal((await starter.browser.get('/dashboard/gift-codes/new')).status, 303);
    const refused = await starter.browser.post('/dashboard/gift-codes/new', { form_key: 'A'.repeat(24), mode: 'live', codes: '1', trees: '1', valid_until: dateIn(30) });
    assert.equal(refused.status, 403);
    assert.deepEqual(await codesOf(starter.company.id), []);
    // The API is automate's: the counter it would read, read directly.
    const totals = await app.db.selectFrom('company_totals').select('trees_unassigned').where('company_id', '=', starter.company.id).where('livemode', '=', true).executeTakeFirstOrThrow();
    assert.equal(Number(totals.trees_unassigned), 300);

    const grow = await world({ plan: 'grow' });
    assert.equal((await makeBatch(grow.browser, { codes: '1', trees: '1' })).answer.status, 303);
    const growList = await grow.browser.get('/dashboard/gift-codes?mode=test');
    assert.doesNotMatch(growList.text, /nav class="modes"/, 'test mode is automate\'s');
    assert.equal([...growList.text.matchAll(/<tr id="gift_/g)].length, 1, 'grow sees its live codes');
  });

  test('test mode on automate: ?mode=test makes codes from the test trees, and the live list does not show them', async () => {
    const w = await world();
    assert.equal((await app.request('POST', '/v2/test_helpers/allocations', { token: w.company.test, body: { trees: 20 } })).status, 200);
    const { answer } = await makeBatch(w.browser, { codes: '2', trees: '5' }, '?mode=test');
    assert.equal(answer.status, 303, answer.text.slice(0, 300));
    assert.match(answer.location!, /mode=test/);
    assert.equal(await unassigned(w.company.test), 10);
    assert.equal(await unassigned(w.token), 300, 'live trees untouched');
    const testList = await w.browser.follow(answer);
    assert.equal([...testList.text.matchAll(/<tr id="gift_/g)].length, 2);
    const live = await w.browser.get('/dashboard/gift-codes');
    assert.equal([...live.text.matchAll(/<tr id="gift_/g)].length, 0);
    assert.equal((await w.browser.get(`/dashboard/gift-codes?batch=${batchOf(answer.location)}`)).status, 404, 'a test batch is not in the live list');
  });
});
