import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import type { DB } from '../../../src/db/schema.ts';
import { issueCertificate } from '../../../src/modules/certificates/jobs.ts';
import { sendCertificateEmail } from '../../../src/modules/certificates/jobs.ts';
import { runDueJobs } from '../../../src/platform/jobs/worker.ts';
import { createMailer } from '../../../src/platform/mail/mailer.ts';
import { startDeliveryWorker } from '../../../src/platform/webhooks/worker.ts';
import { startTestApp, TEST_SECRET_KEY, testWorkerServices } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { startReceiver } from '../../helpers/receiver.ts';
import { tempDir } from '../../helpers/temp.ts';
import { until } from '../../helpers/wait.ts';
import { DELIVERY_HOOKS, JOBS } from '../../../src/features.ts';
import { jobCatalog } from '../../../src/platform/jobs/job.ts';

/**
 * Erased means erased (issue 21). A person's data, with one marker in every personal
 * field, is sent down every path that copies it: the API create with an Idempotency-Key,
 * a PATCH that reissues the certificate, events and webhooks to an endpoint with personal
 * data on, the certificate and its email into the outbox, a gift code's sent_to, the
 * public claim page and the test helper's claim. Then the recipients are deleted and a
 * code is revoked with remove_personal_data, and the whole database (every column of every
 * table, found through the catalog) and the data folder are searched for the marker:
 * nothing may remain. Deliveries queued before the delete and a redelivery after it send
 * the scrubbed event. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

const logLines: string[] = [];
const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', GIFT_LOOKUPS_PER_MINUTE: '1000' }, { logStream: { write: (line) => logLines.push(line) } });
const receiver = await startReceiver();

/** The data folder of this test's Canopy: its outbox is where the embedded mailer writes. */
const dataDir = tempDir('canopy-erasure');
const outboxDir = path.join(dataDir, 'outbox');
mkdirSync(outboxDir);
const services = testWorkerServices(createMailer({ smtpUrl: null, from: 'Canopy <certificates@canopy.test>', outboxDir }));
const runJobs = () => runDueJobs(app.db, { jobs: JOBS, services, log: app.log });

const secretKey = process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY;
const startWebhooks = () => startDeliveryWorker(app.db, { ...DELIVERY_HOOKS, secretKey, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, pollIntervalMs: 50, log: app.log });
let webhooks = startWebhooks();
after(() => webhooks.stop());

/** One marker, lower case so that an email address keeps it as it is; every personal field holds it. */
const marker = `erasure${randomAlphanumeric(16).toLowerCase()}`;
const person = (who: string) => ({
  first_name: `${who}-${marker}-first`,
  last_name: `${who}-${marker}-last`,
  email: `${who}.${marker}@example.com`,
  message: `For ${who} ${marker}`,
  external_reference: `${who}-${marker}-order`,
});

const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
const project = await make.project(app.db);
await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 1000 }), { trees: 100 });
await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 1000, livemode: false }), { trees: 100, livemode: false });

async function endpointWithPersonalData(token: string, urlPath: string) {
  const created = await app.request('POST', '/v2/webhook-endpoints', { token, body: { url: `${receiver.base}${urlPath}`, include_personal_data: true } });
  assert.equal(created.status, 200, created.text);
  return created.body as { id: string };
}

const post = (urlPath: string, token: string, body: unknown, key = randomAlphanumeric(16)) =>
  app.request('POST', urlPath, { token, body, headers: { 'idempotency-key': key } });

/** Every place in the database that holds the marker, as `table.column`: every column of every table, found through the catalog. */
async function whereInDatabase(db: Kysely<DB>, text: string): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(db);
  assert.ok(columns.length > 100, `the catalog lists ${columns.length} columns: too few to be the whole database`);
  const found: string[] = [];
  for (const { table_name, column_name, data_type } of columns) {
    const column = sql.id(column_name);
    const holds = data_type === 'bytea' ? sql`position(convert_to(${text}, 'UTF8') IN ${column}) > 0` : sql`${column}::text ILIKE ${`%${text}%`}`;
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table_name)} WHERE ${holds}`.execute(db);
    if (rows[0]!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/** Every file under the folder whose bytes hold the text. */
function whereInFolder(folder: string, text: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => statSync(file).isFile() && readFileSync(file).includes(text));
}

describe('erasing a person', () => {
  test('leaves nothing of them in the database, the data folder, webhooks, replays or logs', async () => {
    await endpointWithPersonalData(company.live, '/live');
    await endpointWithPersonalData(company.test, '/test');

    // 1. Through the API, with an Idempotency-Key and the certificate emailed; then a PATCH that reissues it.
    const adaKey = randomAlphanumeric(16);
    const adaBody = { trees: 3, language: 'en', send_email: true, ...person('ada') };
    const ada = await post('/v2/recipients', company.live, adaBody, adaKey);
    assert.equal(ada.status, 200, ada.text);
    await runJobs();
    const patched = await app.request('PATCH', `/v2/recipients/${ada.body.id}`, { token: company.live, body: { first_name: `ada-${marker}-again` } });
    assert.equal(patched.status, 200, patched.text);
    await runJobs();

    // 2. A gift code handed to a named person, claimed on the public page (live: emailed).
    const gift = await post('/v2/gift-codes', company.live, { trees: 2, sent_to: { name: `gift-${marker}`, email: `gift.${marker}@example.com` } });
    assert.equal(gift.status, 200, gift.text);
    const claimPage = await fetch(`${app.baseUrl}/gift/${gift.body.code}?lang=nl`);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await claimPage.text())?.[1];
    const claimant = person('claimant');
    const claim = await fetch(`${app.baseUrl}/gift/${gift.body.code}?lang=nl`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: claimPage.headers.get('set-cookie')?.split(';')[0] ?? '' },
      body: new URLSearchParams({ _csrf: csrf ?? '', first_name: claimant.first_name, last_name: claimant.last_name, email: claimant.email, language: 'nl' }),
    });
    assert.equal(claim.status, 303, await claim.text());
    const claimed = (await app.get(`/v2/gift-codes/${gift.body.id}`, company.live)).body;
    await runJobs();

    // 3. A test-mode code claimed through the test helper, with an Idempotency-Key.
    const testGift = await post('/v2/gift-codes', company.test, { trees: 1, sent_to: { name: `testgift-${marker}` } });
    assert.equal(testGift.status, 200, testGift.text);
    const testClaim = await post(`/v2/test_helpers/gift_codes/${testGift.body.id}/claim`, company.test, { first_name: `tess-${marker}`, email: `tess.${marker}@example.com` });
    assert.equal(testClaim.status, 200, testClaim.text);
    await runJobs();

    // 4. A code that is revoked with its personal data, unclaimed.
    const unclaimed = await post('/v2/gift-codes', company.live, { trees: 1, sent_to: { name: `unclaimed-${marker}`, email: `unclaimed.${marker}@example.com` } });
    assert.equal(unclaimed.status, 200, unclaimed.text);

    // Every path really copied the person: the webhooks, the certificate page, the outbox and the database hold the marker now.
    await receiver.waitFor('/live', 1);
    await until('the webhooks carried the names', 5000, () => (receiver.received.some((entry) => entry.body.includes(marker)) ? true : undefined));
    const certificate = (await app.get(`/v2/recipients/${ada.body.id}`, company.live)).body.certificate;
    const certificatePage = () => fetch(`${app.baseUrl}/certificates/${certificate.id}`).then((response) => response.text());
    const certificatePdf = () => fetch(certificate.download_url.replace('http://canopy.test', app.baseUrl)).then(async (response) => Buffer.from(await response.arrayBuffer()));
    assert.ok((await certificatePage()).includes(`ada-${marker}-again`), 'the certificate page shows the name');
    const pdfBefore = await certificatePdf();
    assert.ok(pdfBefore.subarray(0, 5).toString() === '%PDF-' && pdfBefore.length > 5000, 'the PDF is there before');
    assert.ok(whereInFolder(dataDir, marker).length >= 2, 'both certificate emails are in the outbox');
    const before = await whereInDatabase(app.db, marker);
    for (const place of ['recipients.first_name', 'recipients.email', 'recipients.message', 'recipients.external_reference', 'events.data', 'idempotency_keys.response_body', 'gift_codes.sent_to_name']) {
      assert.ok(before.includes(place), `the search finds the marker in ${place} before the erasure (found: ${before.join(', ')})`);
    }

    // 5. A recipient whose events are still queued for delivery when it is deleted.
    await webhooks.stop();
    const queued = await post('/v2/recipients', company.live, { trees: 1, ...person('queued') });
    assert.equal(queued.status, 200, queued.text);
    const deliveredSoFar = receiver.received.length;

    // The erasure.
    for (const [id, token] of [[ada.body.id, company.live], [claimed.recipient, company.live], [queued.body.id, company.live], [testClaim.body.recipient, company.test]]) {
      const deleted = await app.request('DELETE', `/v2/recipients/${id}`, { token });
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual(deleted.body, { id, object: 'recipient', deleted: true });
    }
    const revoked = await app.request('POST', `/v2/gift-codes/${unclaimed.body.id}/revoke`, { token: company.live, body: { remove_personal_data: true } });
    assert.equal(revoked.status, 200, revoked.text);
    assert.deepEqual([revoked.body.status, revoked.body.sent_to], ['revoked', { name: null, email: null }]);
    await runJobs();

    // The deliveries queued before the delete go out scrubbed; so does a redelivery after it.
    webhooks = startWebhooks();
    await until('the queued deliveries went out', 5000, () => (receiver.received.length > deliveredSoFar + 1 ? true : undefined));
    const created = (await app.get(`/v2/events?type=recipient.created&limit=100`, company.live)).body.data.find((event: { data: { object: { id: string } } }) => event.data.object.id === ada.body.id);
    assert.ok(created, 'the recipient.created event is still in the log');
    const redelivered = await app.request('POST', `/v2/events/${created.id}/redeliver`, { token: company.live });
    assert.equal(redelivered.status, 200, redelivered.text);
    const sentBefore = receiver.received.length;
    await until('the redelivery went out', 5000, () => (receiver.received.length > sentBefore ? true : undefined));
    await until('every delivery is done', 5000, async () => {
      const pending = await app.db.selectFrom('event_deliveries').select('event_id').where('status', '=', 'pending').executeTakeFirst();
      return pending ? undefined : true;
    });
    await webhooks.stop();
    const sentAfter = receiver.received.slice(deliveredSoFar);
    assert.ok(sentAfter.some((entry) => entry.body.includes(queued.body.id)), 'the queued recipient.created was delivered');
    assert.deepEqual(sentAfter.filter((entry) => entry.body.includes(marker)).map((entry) => entry.body), [], 'nothing sent after the delete holds the marker');
    const redeliveredBody = JSON.parse(receiver.received.findLast((entry) => entry.body.includes(created.id))!.body);
    assert.deepEqual(
      [redeliveredBody.id, redeliveredBody.type, redeliveredBody.data.object.id, redeliveredBody.data.object.deleted, redeliveredBody.data.object.first_name, redeliveredBody.data.object.email],
      [created.id, 'recipient.created', ada.body.id, true, null, null],
    );

    // The event log keeps the event, scrubbed and marked deleted.
    const event = (await app.get(`/v2/events/${created.id}`, company.live)).body;
    assert.deepEqual([event.type, event.data.object.id, event.data.object.deleted, event.data.object.trees, event.data.object.message], ['recipient.created', ada.body.id, true, 3, null]);

    // A retry of the create replays the scrubbed answer and gives nothing again.
    const totals = (await app.get('/v2/company', company.live)).body;
    const replay = await post('/v2/recipients', company.live, adaBody, adaKey);
    assert.equal(replay.status, 200, replay.text);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual([replay.body.id, replay.body.deleted, replay.body.first_name, replay.body.email], [ada.body.id, true, null, null]);
    assert.deepEqual((await app.get('/v2/company', company.live)).body.totals, totals.totals, 'the replay gave no trees');

    // The certificate is withdrawn: its page says so without the name, and its PDF link prints nothing.
    assert.ok(!(await certificatePage()).includes(marker), 'the certificate page no longer names the person');
    const pdfAfter = await certificatePdf();
    assert.notEqual(pdfAfter.subarray(0, 5).toString(), '%PDF-', 'the withdrawn certificate has no PDF');

    // Nothing of the person remains: not in any column of any table, not in the data folder, not in the logs.
    assert.deepEqual(await whereInDatabase(app.db, marker), []);
    assert.deepEqual(whereInFolder(dataDir, marker), []);
    assert.deepEqual(readdirSync(outboxDir), [], 'the outbox kept no email of the deleted recipients');
    assert.deepEqual(logLines.filter((line) => line.includes(marker)), []);
    assert.ok(logLines.length > 20, 'the logs were captured');
  });
});

describe('erasure, around the email', () => {
  test('a recipient deleted while its email is being written leaves no file in the outbox', async () => {
    const recipient = await post('/v2/recipients', company.live, { trees: 1, send_email: true, ...person('racing') });
    assert.equal(recipient.status, 200, recipient.text);
    const racingOutbox = tempDir('canopy-erasure-race');
    const outbox = createMailer({ smtpUrl: null, from: 'Canopy <certificates@canopy.test>', outboxDir: racingOutbox });
    // The delete commits between the job's read of the recipient and its write of the file.
    const deletingMailer = {
      send: async (message: Parameters<typeof outbox.send>[0]) => {
        const deleted = await app.request('DELETE', `/v2/recipients/${recipient.body.id}`, { token: company.live });
        assert.equal(deleted.status, 200, deleted.text);
        return outbox.send(message);
      },
      forget: (about: string) => outbox.forget(about),
    };
    // The certificate and its email only: the delete's own forget_recipient_mail job must not be what cleans up here.
    const jobs = jobCatalog([issueCertificate, sendCertificateEmail]);
    const done: string[] = [];
    const log = { info: (fields: object) => done.push((fields as { kind: string }).kind), warn() {}, error() {} };
    await runDueJobs(app.db, { jobs, services: { ...services, mailer: deletingMailer }, log, shouldStop: () => done.includes(sendCertificateEmail.name) });
    assert.ok(done.includes(sendCertificateEmail.name), `the email job ran: ${done.join(', ')}`);
    assert.deepEqual(readdirSync(racingOutbox), []);
  });

  test("a mail server's refusal is kept as the job's error without the address it names", async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: no such user`), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    after(() => new Promise<void>((resolve) => refusing.close(() => resolve())));
    const smtpUrl = `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`;
    const refused = person('refused');
    const recipient = await post('/v2/recipients', company.live, { trees: 1, send_email: true, ...refused });
    assert.equal(recipient.status, 200, recipient.text);
    await runDueJobs(app.db, { jobs: JOBS, services: testWorkerServices(createMailer({ smtpUrl, from: 'Canopy <c@canopy.test>', outboxDir: '/nonexistent' })), log: app.log });
    const job = await app.db.selectFrom('jobs').selectAll().where('kind', '=', sendCertificateEmail.name)
      .where(sql<string>`payload ->> 'recipient_id'`, '=', recipient.body.id).executeTakeFirstOrThrow();
    assert.match(job.last_error ?? '', /<recipient>.*Recipient address rejected/);
    assert.ok(!job.last_error?.includes(refused.email), job.last_error ?? '');
    // And the delete takes the failed job with it.
    assert.equal((await app.request('DELETE', `/v2/recipients/${recipient.body.id}`, { token: company.live })).status, 200);
    const left = await app.db.selectFrom('jobs').select('id').where(sql<string>`payload ->> 'recipient_id'`, '=', recipient.body.id)
      .where('kind', 'in', [issueCertificate.name, sendCertificateEmail.name]).execute();
    assert.deepEqual(left, []);
  });
});
