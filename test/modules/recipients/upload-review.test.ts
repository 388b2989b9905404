import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { giveNextChunk, giveUpload } from '../../../src/modules/recipients/upload-giving.ts';
import { purgeRecipientUploads } from '../../../src/modules/recipients/upload-jobs.ts';
import { inUnitOfWork } from '../../../src/platform/events/unit-of-work.ts';
import { startTestApp, testWorkerServices } from '../../helpers/app.ts';
import { signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';
import { csvOfRows, HEADER, parseResult, uploadFile, uploadIdOf } from './upload-helpers.ts';

/**
 * What the review of CSV uploads found: a deleted recipient's reference kept by the upload
 * (in its keys and result rows), typed text run as a formula in the result file, a row failing
 * on an error of Canopy's holding the whole upload, and "refuse the whole upload" ending `done`
 * when trees were taken meanwhile.
 */

const app = await startTestApp();
const publicBaseUrl = 'http://canopy.test';

async function world(trees: number) {
  const made = await make.companyWithTrees(app.db, { allocations: Math.ceil(trees / 10), trees: 10 });
  const { browser } = await signedInBrowser(app, made.company.id, { role: 'admin' });
  await browser.get('/dashboard/recipients/upload');
  return { ...made, browser };
}
type Browser = Awaited<ReturnType<typeof world>>['browser'];

/** Uploads `csv` and starts it; the job is queued, not run. */
async function startedUpload(browser: Browser, csv: string, whenShort = 'give_until_out'): Promise<string> {
  await browser.get('/dashboard/recipients/upload');
  const id = uploadIdOf(await uploadFile(browser, csv));
  await browser.get(`/dashboard/uploads/${id}`);
  assert.equal((await browser.post(`/dashboard/uploads/${id}/start`, { when_short: whenShort })).status, 303);
  return id;
}
const resultOf = async (browser: Browser, id: string) => {
  const answer = await browser.get(`/dashboard/uploads/${id}/result.csv`);
  assert.equal(answer.status, 200);
  return { text: answer.text, rows: parseResult(answer.text) };
};
const statusOf = async (id: string) => (await app.db.selectFrom('recipient_uploads').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('CSV uploads after review', () => {
  test('deleting a recipient erases its reference from the upload\'s rows; the key holds no reference and still skips the row on a re-upload', async () => {
    const { company, browser } = await world(20);
    const csv = `${csvOfRows(3, 'erase')}`;
    const id = await startedUpload(browser, csv);
    await app.runJobs();
    const first = await resultOf(browser, id);
    assert.deepEqual(first.rows.map((row) => row.outcome), ['created', 'created', 'created']);
    const keys = await app.db.selectFrom('recipient_upload_keys').select('row_key').where('company_id', '=', company.id).execute();
    assert.equal(keys.length, 3);
    for (const { row_key } of keys) {
      assert.match(row_key, /^ref:[A-Za-z0-9_-]{43}$/);
      assert.doesNotMatch(row_key, /ORDER/, 'no reference in clear');
    }
    const rowKeys = await app.db.selectFrom('recipient_upload_rows').select('row_key').where('upload_id', '=', id).execute();
    for (const { row_key } of rowKeys) assert.doesNotMatch(row_key ?? '', /ORDER/);

    // Rows of a later upload naming recipients: skipped (given before), and refused as the reference of one made through the API.
    const holder = await app.request('POST', '/v2/recipients', { token: company.live, body: { trees: 1, external_reference: 'API-REF-1' }, headers: { 'idempotency-key': 'k-holder' } });
    assert.equal(holder.status, 200, holder.text);
    const later = await startedUpload(browser, `${HEADER}\r\nFirst2,Last2,person2@example.com,nl,1,ORDER-erase-2,,false,\r\nOther,,,,1,API-REF-1,,false,\r\n`);
    await app.runJobs();
    assert.deepEqual((await resultOf(browser, later)).rows.map((row) => `${row.outcome} ${row.reason_code}`), ['skipped already_given', 'refused external_reference_taken']);
    const deletedId = first.rows[1]!.recipient!;
    for (const gone of [deletedId, holder.body.id]) assert.equal((await app.request('DELETE', `/v2/recipients/${gone}`, { token: company.live })).status, 200);

    const named = await app.db.selectFrom('recipient_upload_rows').select(['external_reference', 'input'])
      .where('recipient_id', 'in', [deletedId, holder.body.id]).execute();
    assert.deepEqual(named, [{ external_reference: null, input: null }, { external_reference: null, input: null }, { external_reference: null, input: null }]);
    const after = await resultOf(browser, id);
    assert.deepEqual(after.rows.map((row) => [row.external_reference, row.outcome]), [['ORDER-erase-1', 'created'], ['', 'created'], ['ORDER-erase-3', 'created']]);
    const laterText = (await resultOf(browser, later)).text;
    assert.doesNotMatch(laterText, /ORDER-erase-2|API-REF-1/);

    // The key stays: the old file again does not give the deleted person again.
    const again = await startedUpload(browser, csv);
    await app.runJobs();
    assert.deepEqual((await resultOf(browser, again)).rows.map((row) => row.outcome), ['skipped', 'skipped', 'skipped']);
    const plan = await sql<{ plan: string }>`EXPLAIN UPDATE recipient_upload_rows SET input = NULL WHERE recipient_id = ${deletedId}`.execute(app.db);
    assert.match(plan.rows.map((row) => Object.values(row)[0]).join('\n'), /recipient_upload_rows_recipient/, 'the erasure finds the rows by index');
  });

  test('typed text in the result file is made inert: a formula in external_reference gets a leading quote', async () => {
    const { browser } = await world(10);
    const id = await startedUpload(browser, `${HEADER}\r\nA,,,,1,"=HYPERLINK(""http://evil.test"",""x"")",,false,\r\nB,,,,1,@SUM(1),,false,\r\nC,,,,1,ok-1,,false,\r\n`);
    await app.runJobs();
    const { rows } = await resultOf(browser, id);
    assert.deepEqual(rows.map((row) => row.external_reference), ['\'=HYPERLINK("http://evil.test","x")', '\'@SUM(1)', 'ok-1']);
  });

  test('a row failing on an error of Canopy\'s is refused internal_error, logged without its data, and the upload goes on to done', async () => {
    const { company, browser } = await world(10);
    await sql.raw(`CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.external_reference = 'BOOM-secret' THEN RAISE EXCEPTION 'boom %', NEW.external_reference USING ERRCODE = 'XX001'; END IF; RETURN NEW; END $$
`).execute(app.db);
    await sql.raw('CREATE TRIGGER boom BEFORE INSERT ON recipients FOR EACH ROW EXECUTE FUNCTION boom()').execute(app.db);
    try {
      const id = await startedUpload(browser, `${HEADER}\r\nA,,,,1,R-1,,false,\r\nB,,,,1,BOOM-secret,,false,\r\nC,,,,1,R-3,,false,\r\n`);
      const logged = await giveUpload(app.db, id, publicBaseUrl);
      assert.equal(logged.status, 'done');
      assert.deepEqual((logged.rows_failed as { row: number; code: string }[]).map((f) => [f.row, f.code]), [[3, 'XX001']]);
      assert.doesNotMatch(JSON.stringify(logged), /BOOM-secret/, 'no personal data in what the job logs');
      const { rows } = await resultOf(browser, id);
      assert.deepEqual(rows.map((row) => [row.outcome, row.reason_code]), [['created', ''], ['refused', 'internal_error'], ['created', '']]);
      const page = await browser.get(`/dashboard/uploads/${id}`);
      assert.equal(page.headers.get('refresh'), null);
      assert.equal((await app.get('/v2/recipients?limit=10', company.live)).body.data.length, 2);
      const kept = await app.db.selectFrom('recipient_upload_rows').select('row_number').where('upload_id', '=', id).where('input', 'is not', null).execute();
      assert.deepEqual(kept, []);
    } finally {
      await sql.raw('DROP TRIGGER boom ON recipients').execute(app.db);
      await sql.raw('DROP FUNCTION boom()').execute(app.db);
    }
  });

  test('an upload stuck giving with no live job is marked failed by the purge: its bodies cleared, its page stops refreshing and says so', async () => {
    const { browser } = await world(200);
    const stuck = await startedUpload(browser, csvOfRows(60, 'stuck'));
    const alive = await startedUpload(browser, csvOfRows(2, 'alive'));
    assert.equal(await inUnitOfWork(app.db, { publicBaseUrl }, (uow) => giveNextChunk(uow, stuck)), 'more');
    // Its job parked after its last attempt; the other's job is still due. Both started long ago.
    await sql`UPDATE jobs SET run_at = 'infinity' WHERE kind = 'give_recipient_upload' AND payload ->> 'upload_id' = ${stuck}`.execute(app.db);
    await sql`UPDATE recipient_uploads SET started_at = now() - interval '7 hours' WHERE id IN (${stuck}, ${alive})`.execute(app.db);
    assert.equal((await browser.get(`/dashboard/uploads/${stuck}`)).headers.get('refresh'), '2');
    const purged = await purgeRecipientUploads.handle(app.db, {}, { ...testWorkerServices(), jobId: 0, attempts: 1 });
    assert.equal(purged?.failed, 1);
    assert.deepEqual([await statusOf(stuck), await statusOf(alive)], ['failed', 'queued']);
    const kept = await app.db.selectFrom('recipient_upload_rows').select('row_number').where('upload_id', '=', stuck).where('input', 'is not', null).execute();
    assert.deepEqual(kept, []);
    const page = await browser.get(`/dashboard/uploads/${stuck}`);
    assert.equal(page.headers.get('refresh'), null, 'a failed upload stops refreshing');
    assert.match(page.text, /Upload failed/);
    const { rows } = await resultOf(browser, stuck);
    assert.deepEqual([rows.filter((row) => row.outcome === 'created').length, rows.filter((row) => row.reason_code === 'internal_error').length], [50, 10]);
  });

  test('"refuse the whole upload" whose trees are taken meanwhile ends partly given, and says how many and why', async () => {
    const { company, browser } = await world(100);
    const id = await startedUpload(browser, csvOfRows(60, 'partial'), 'refuse_upload');
    assert.equal(await inUnitOfWork(app.db, { publicBaseUrl }, (uow) => giveNextChunk(uow, id)), 'more');
    const taken = await app.request('POST', '/v2/recipients', { token: company.live, body: { trees: 45 }, headers: { 'idempotency-key': 'k-take' } });
    assert.equal(taken.status, 200, taken.text);
    await app.runJobs();
    assert.equal(await statusOf(id), 'partial');
    const { rows } = await resultOf(browser, id);
    assert.equal(rows.filter((row) => row.outcome === 'created').length, 55);
    assert.deepEqual(new Set(rows.slice(55).map((row) => `${row.outcome} ${row.reason_code}`)), new Set(['refused no_trees_available']));
    assert.match(rows[59]!.reason ?? '', /others took trees after the check/);
    const page = await browser.get(`/dashboard/uploads/${id}`);
    assert.match(page.text, /Upload partly given/);
    assert.match(page.text, /55 rows given, 5 refused for lack of trees/);
    assert.doesNotMatch(page.text, /Upload done/);
    const nl = await browser.get(`/dashboard/uploads/${id}?lang=nl`);
    assert.match(nl.text, /55 rijen gegeven, 5 geweigerd wegens te weinig bomen/);
  });
});
