import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { inUnitOfWork } from '../../../src/platform/events/unit-of-work.ts';
import { giveNextChunk } from '../../../src/modules/recipients/upload-giving.ts';
import { purgeRecipientUploads } from '../../../src/modules/recipients/upload-jobs.ts';
import { startTestApp, testWorkerServices } from '../../helpers/app.ts';
import { signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';
import { csvOfRows, downloadBytes, HEADER, parseResult, uploadFile, uploadIdOf } from './upload-helpers.ts';

/**
 * CSV uploads of recipients through plain HTTP, as a browser without JavaScript sends them:
 * the preview with its problems by row, the giving by the worker, the result file, a file
 * uploaded twice, the two choices for too few trees, a worker dying mid-chunk; the API's
 * GET /v2/recipients and /v2/events prove what was given.
 */

const app = await startTestApp();

/** A company with `trees` unassigned live trees (in allocations of 10), and a signed-in person of it. */
async function world(trees: number, options: { role?: 'admin' | 'member' } = {}) {
  const made = await make.companyWithTrees(app.db, { allocations: Math.ceil(trees / 10), trees: 10 });
  const { browser } = await signedInBrowser(app, made.company.id, { role: options.role ?? 'admin' });
  await browser.get('/dashboard/recipients/upload');
  return { ...made, browser };
}

const recipientsOf = async (token: string) => {
  const all: { id: string; external_reference: string | null; source: string; trees: number; email: string | null }[] = [];
  let after = '';
  for (;;) {
    const page = await app.get(`/v2/recipients?limit=100${after}`, token);
    assert.equal(page.status, 200, page.text);
    all.push(...page.body.data);
    if (!page.body.has_more) return all;
    after = `&starting_after=${page.body.data.at(-1).id}`;
  }
};
const unassigned = async (token: string) => (await app.get('/v2/company', token)).body.trees_unassigned as number;

async function previewAndGive(browser: Awaited<ReturnType<typeof world>>['browser'], csv: string | Buffer, whenShort = 'give_until_out') {
  await browser.get('/dashboard/recipients/upload');
  const id = uploadIdOf(await uploadFile(browser, csv));
  const preview = await browser.get(`/dashboard/uploads/${id}`);
  assert.equal(preview.status, 200, preview.text.slice(0, 300));
  const started = await browser.post(`/dashboard/uploads/${id}/start`, { when_short: whenShort });
  assert.equal(started.status, 303, started.text.slice(0, 300));
  await app.runJobs();
  const result = await browser.get(`/dashboard/uploads/${id}/result.csv`);
  assert.equal(result.status, 200);
  return { id, preview, result: parseResult(result.text), page: await browser.get(`/dashboard/uploads/${id}`) };
}

describe('CSV uploads of recipients', () => {
  test('the preview names each bad row, column and reason; the job gives the rest, in order, as the API would', async () => {
    const { company, browser } = await world(100);
    const project = await make.project(app.db);
    const taken = await app.request('POST', '/v2/recipients', { token: company.live, body: { trees: 1, external_reference: 'TAKEN-1' }, headers: { 'idempotency-key': 'k-taken' } });
    assert.equal(taken.status, 200, taken.text);
    const csv = [
      HEADER,
      'Ada,Lovelace,ada@example.com,en,5,R-1,Thank you,true,',
      'Bea,,not-an-email,en,2,R-2,,false,',
      ',,,,zero,R-3,,,',
      'Cas,,,,3,R-4,,true,',
      'Dee,,,,1,R-1,,,',
      'Eve,,,,1,TAKEN-1,,,',
      `Fay,,,,1,R-7,,,${project.id}`,
      'Gus,,,de,4,R-8,,,',
      ',,,,,,,,', // a spreadsheet's empty row is not counted
      'Hal,,hal@example.com,nl,2,,Bedankt,no,',
    ].join('\n');
    const { id, preview, result, page } = await previewAndGive(browser, csv);
    assert.match(preview.text, /Rows in the file/);
    for (const [row, text] of [
      [3, 'email is not a valid email address.'], [4, 'trees must be a whole number.'], [5, 'email is required when send_email is true.'],
      [6, 'The same as row 2 of this file.'], [7, 'Another recipient already has this external_reference.'], [8, 'You have no trees in this project'],
      [9, 'language must be en or nl.'],
    ] as const) {
      assert.match(preview.text, new RegExp(`<td data-label="Row" class="num">${row}</td>[^]*?${text.replace(/[.()]/g, '\\$&')}`), `row ${row}: ${text}`);
    }
    assert.match(preview.text, /Your unassigned trees now/);
    assert.equal(page.status, 200);
    assert.match(page.text, /<progress id="upload-progress" max="2" value="2">/);
    assert.equal(page.headers.get('refresh'), null, 'a finished upload stops refreshing');

    assert.deepEqual(result.map((row) => [row.row, row.outcome, row.reason_code]), [
      ['2', 'created', ''], ['3', 'refused', 'parameter_invalid'], ['4', 'refused', 'parameter_invalid'], ['5', 'refused', 'parameter_missing'],
      ['6', 'refused', 'duplicate_in_file'], ['7', 'refused', 'external_reference_taken'], ['8', 'refused', 'resource_missing'],
      ['9', 'refused', 'parameter_invalid'], ['11', 'created', ''],
    ]);
    assert.equal(result[5]!.recipient, taken.body.id, 'the holder of the reference is named');
    const given = (await recipientsOf(company.live)).filter((r) => r.source === 'dashboard');
    assert.deepEqual(given.map((r) => r.id).sort(), [result[0]!.recipient, result[8]!.recipient].sort());
    const ada = given.find((r) => r.external_reference === 'R-1')!;
    assert.deepEqual({ trees: ada.trees, email: ada.email }, { trees: 5, email: 'ada@example.com' });
    assert.equal(await unassigned(company.live), 100 - 1 - 5 - 2);
    const events = (await app.get('/v2/events?type=recipient.created&limit=100', company.live)).body.data as { data: { object: { id: string } } }[];
    for (const recipient of given) assert.ok(events.some((event) => event.data.object.id === recipient.id), `recipient.created for ${recipient.id}`);
    const audit = await app.db.selectFrom('audit_log').selectAll().where('company_id', '=', company.id).where('action', '=', 'recipient_upload.started').execute();
    assert.deepEqual(audit.map((entry) => [entry.target_id, entry.details.rows_to_give, entry.details.trees]), [[id, 2, 7]]);
    // The rows' personal data is gone once given or refused.
    const kept = await app.db.selectFrom('recipient_upload_rows').select('row_number').where('upload_id', '=', id).where('input', 'is not', null).execute();
    assert.deepEqual(kept, []);
  });

  test('a UTF-8 file with a BOM and semicolons, as a Dutch spreadsheet saves it, with quoted cells', async () => {
    const { company, browser } = await world(20, { role: 'member' });
    const csv = `\uFEFF${HEADER.replaceAll(',', ';')}\r\nZoë;Ğüneş;zoe@example.com;nl;3;NL-1;"Dank je; echt!";ja;\r\nJoost;van 't Hek;;NL;2;NL-2;"Regel één\r\nregel twee";nee;\r\n`;
    const { result } = await previewAndGive(browser, Buffer.from(csv, 'utf8'));
    assert.deepEqual(result.map((row) => row.outcome), ['created', 'created']);
    const given = await recipientsOf(company.live);
    const zoe = given.find((r) => r.external_reference === 'NL-1') as unknown as { first_name: string; last_name: string; message: string; send_email: boolean; language: string };
    assert.deepEqual({ first: zoe.first_name, last: zoe.last_name, message: zoe.message, send: zoe.send_email, language: zoe.language }, {
      first: 'Zoë', last: 'Ğüneş', message: 'Dank je; echt!', send: true, language: 'nl',
    });
    const joost = given.find((r) => r.external_reference === 'NL-2') as unknown as { message: string; language: string };
    assert.deepEqual([joost.message, joost.language], ['Regel één\r\nregel twee', 'nl']);
  });

  test('the same file again gives nothing twice: each row is skipped, pointing to its recipient (by reference, or by its content)', async () => {
    const { company, browser } = await world(50);
    const csv = `${csvOfRows(5, 'again')}Nina,Noref,nina@example.com,en,2,,,false,\r\n`;
    const first = await previewAndGive(browser, csv);
    assert.deepEqual(first.result.map((row) => row.outcome), Array(6).fill('created'));
    const before = await recipientsOf(company.live);
    const second = await previewAndGive(browser, csv);
    assert.match(second.preview.text, /Given before/);
    assert.match(second.preview.text, /No row of this file is left to give/);
    assert.deepEqual(second.result.map((row) => [row.outcome, row.recipient]), first.result.map((row) => ['skipped', row.recipient]));
    assert.deepEqual((await recipientsOf(company.live)).length, before.length, 'nothing new');
    assert.equal(await unassigned(company.live), 50 - 7);
  });

  test('one file previewed twice and both started: each row is given once, the second upload skips them all', async () => {
    const { company, browser } = await world(30);
    const csv = `${csvOfRows(4, 'twice')}Ola,,,,3,,,,\r\n`;
    const ids = [uploadIdOf(await uploadFile(browser, csv)), uploadIdOf(await uploadFile(browser, csv))];
    for (const id of ids) {
      await browser.get(`/dashboard/uploads/${id}`);
      assert.equal((await browser.post(`/dashboard/uploads/${id}/start`, { when_short: 'give_until_out' })).status, 303);
    }
    await app.runJobs();
    const [first, second] = await Promise.all(ids.map(async (id) => parseResult((await browser.get(`/dashboard/uploads/${id}/result.csv`)).text)));
    assert.deepEqual(first!.map((row) => row.outcome), Array(5).fill('created'));
    assert.deepEqual(second!.map((row) => [row.outcome, row.recipient]), first!.map((row) => ['skipped', row.recipient]));
    assert.equal((await recipientsOf(company.live)).length, 5);
    assert.equal(await unassigned(company.live), 30 - 7);
  });

  test('too few trees, "refuse the whole upload": nothing is given, every row refused no_trees_available', async () => {
    const { company, browser } = await world(10);
    const { preview, result, page } = await previewAndGive(browser, csvOfRows(12, 'refuse'), 'refuse_upload');
    assert.match(preview.text, /Too few trees: the rows need 12, and you have 10 unassigned now\./);
    assert.match(page.text, /Upload refused/);
    assert.deepEqual(new Set(result.map((row) => `${row.outcome} ${row.reason_code}`)), new Set(['refused no_trees_available']));
    assert.equal((await recipientsOf(company.live)).length, 0);
    assert.equal(await unassigned(company.live), 10);
  });

  test('too few trees, "give rows in order until they run out": the first rows are given, the rest refused', async () => {
    const { company, browser } = await world(10);
    const { result, page } = await previewAndGive(browser, csvOfRows(12, 'until'), 'give_until_out');
    assert.deepEqual(result.map((row) => row.outcome), [...Array(10).fill('created'), 'refused', 'refused']);
    assert.deepEqual(result.slice(10).map((row) => row.reason_code), ['no_trees_available', 'no_trees_available']);
    assert.match(page.text, /The trees ran out at row 12/);
    assert.deepEqual((await recipientsOf(company.live)).map((r) => r.external_reference).sort(), result.slice(0, 10).map((row) => row.external_reference).sort());
    assert.equal(await unassigned(company.live), 0);
  });

  test('a worker that dies mid-chunk leaves nothing of it; the retry gives every row once', async () => {
    const { company, browser } = await world(200);
    const id = uploadIdOf(await uploadFile(browser, csvOfRows(120, 'crash')));
    await browser.get(`/dashboard/uploads/${id}`);
    assert.equal((await browser.post(`/dashboard/uploads/${id}/start`, { when_short: 'give_until_out' })).status, 303);
    const publicBaseUrl = 'http://canopy.test';
    // One chunk committed, then a second that dies before its commit.
    assert.equal(await inUnitOfWork(app.db, { publicBaseUrl }, (uow) => giveNextChunk(uow, id)), 'more');
    await assert.rejects(inUnitOfWork(app.db, { publicBaseUrl }, async (uow) => {
      await giveNextChunk(uow, id);
      throw new Error('the worker died');
    }), /the worker died/);
    assert.equal((await recipientsOf(company.live)).length, 50, 'the first chunk only');
    const progress = await browser.get(`/dashboard/uploads/${id}`);
    assert.equal(progress.headers.get('refresh'), '2', 'the page refreshes itself while giving');
    assert.match(progress.text, /<progress id="upload-progress" max="120" value="50">/);
    await app.runJobs();
    const given = await recipientsOf(company.live);
    assert.equal(given.length, 120);
    assert.equal(new Set(given.map((r) => r.external_reference)).size, 120, 'no row given twice');
    assert.equal(await unassigned(company.live), 80);
  });

  test('a preview not started within 24 hours expires and its rows (names, emails) are deleted; a finished upload stays for its result file', async () => {
    const { browser } = await world(10);
    const stale = uploadIdOf(await uploadFile(browser, csvOfRows(3, 'stale')));
    const fresh = uploadIdOf(await uploadFile(browser, csvOfRows(3, 'fresh')));
    await sql`UPDATE recipient_uploads SET created_at = now() - interval '25 hours' WHERE id = ${stale}`.execute(app.db);
    const purged = await purgeRecipientUploads.handle(app.db, {}, { ...testWorkerServices(), jobId: 0, attempts: 1 });
    assert.deepEqual(purged, { expired: 1, rows_deleted: 3, failed: 0, uploads_deleted: 0 });
    const rowsOf = async (id: string) => (await app.db.selectFrom('recipient_upload_rows').select('row_number').where('upload_id', '=', id).execute()).length;
    assert.deepEqual([await rowsOf(stale), await rowsOf(fresh)], [0, 3]);
    const page = await browser.get(`/dashboard/uploads/${stale}`);
    assert.match(page.text, /This preview was not started within 24 hours/);
    assert.doesNotMatch(page.text, /Give trees to/);
  });

  test('a file that cannot be read is named on the form again; nothing is stored', async () => {
    const { browser } = await world(10);
    const before = (await app.db.selectFrom('recipient_uploads').select('id').execute()).length;
    for (const [file, text] of [
      ['name,trees\r\nA,1\r\n', '“name” is not a column of the template.'],
      ['first_name,email\r\nA,a@example.com\r\n', 'The file has no trees column.'],
      [Buffer.from([0x74, 0x72, 0x65, 0x65, 0x73, 0x0a, 0xe9, 0x0a]), 'The file is not UTF-8.'],
      [`${HEADER}\r\n`, 'The file has no rows below its header.'],
      [csvOfRows(10_001, 'big'), 'The file has 10001 rows; an upload holds at most 10,000.'],
      [`${HEADER}\r\n${',,,,1,,,,\r\n'.repeat(600_000)}`, 'The file is larger than 5 MB.'],
    ] as const) {
      const answer = await uploadFile(browser, file);
      assert.equal(answer.status, 400, text);
      assert.ok(answer.text.includes(text), `${text} in ${answer.text.slice(0, 2000)}`);
    }
    assert.equal((await app.db.selectFrom('recipient_uploads').select('id').execute()).length, before);
  });

  test('without its CSRF token, or on a plan that gives no trees, an upload is refused; another company\'s upload is not found', async () => {
    const { browser } = await world(10);
    const refused = await uploadFile(browser, csvOfRows(1, 'csrf'), { _csrf: null });
    assert.equal(refused.status, 403);
    assert.match(refused.text, /The form expired/);
    const id = uploadIdOf(await uploadFile(browser, csvOfRows(1, 'mine')));

    const starter = await make.companyWithTokens(app.db, { plan: 'starter' });
    const { browser: other } = await signedInBrowser(app, starter.id);
    const plan = await other.get('/dashboard/recipients/upload');
    assert.match(plan.text, /Uploads need the grow or automate plan/);
    assert.equal((await uploadFile(other, csvOfRows(1, 'starter'))).status, 403);
    const grow = await make.companyWithTokens(app.db, { plan: 'grow' });
    const { browser: stranger } = await signedInBrowser(app, grow.id, { role: 'member' });
    assert.equal((await stranger.get(`/dashboard/uploads/${id}`)).status, 404);
    assert.equal((await stranger.get(`/dashboard/uploads/${id}/result.csv`)).status, 404);
    await stranger.get('/dashboard/recipients/upload');
    assert.equal((await stranger.post(`/dashboard/uploads/${id}/start`, { when_short: 'give_until_out' })).status, 404);
  });

  test('the template downloads with every column, comma-separated in English and semicolons in Dutch', async () => {
    const { browser } = await world(1);
    const en = await downloadBytes(browser, '/dashboard/recipients/upload/template.csv');
    assert.equal(en.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.ok(en.bytes.toString('utf8').startsWith(`\uFEFF${HEADER}\r\n`));
    const nl = await downloadBytes(browser, '/dashboard/recipients/upload/template.csv?lang=nl');
    assert.ok(nl.bytes.toString('utf8').startsWith(`\uFEFF${HEADER.replaceAll(',', ';')}\r\n`));
    // The template itself is a file the upload accepts.
    await browser.get('/dashboard/recipients/upload');
    const id = uploadIdOf(await uploadFile(browser, nl.bytes));
    const preview = await browser.get(`/dashboard/uploads/${id}`);
    assert.match(preview.text, /Te geven ontvangers/);
  });
});
