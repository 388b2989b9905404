import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { runDueJobs } from '../../../src/platform/jobs/worker.ts';
import { createMailer } from '../../../src/platform/mail/mailer.ts';
import { startTestApp, testWorkerServices } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { pdfText } from '../../helpers/pdf.ts';
import { tempDir } from '../../helpers/temp.ts';
import { JOBS } from '../../../src/features.ts';

/** send_email: the recipient gets their certificate by email, through a real SMTP server, in their language. */

const app = await startTestApp();
const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
const project = await make.project(app.db, { name: 'Mount Kenya Forest', nameNl: 'Bergbos Mount Kenya' });
await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 1000 }), { trees: 100 });
const testProject = await make.project(app.db);
await make.allocation(app.db, company, await make.planting(app.db, testProject, { trees: 100, livemode: false }), { trees: 10, livemode: false });

/** A real SMTP server on loopback that keeps every message it accepts. */
const received: { to: string[]; raw: Buffer }[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks) });
      callback();
    });
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
after(() => new Promise<void>((resolve) => sink.close(() => resolve())));
const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
const services = testWorkerServices(createMailer({ smtpUrl, from: 'Canopy <certificates@canopy.test>', outboxDir: '/nonexistent' }));
const runJobs = () => runDueJobs(app.db, { jobs: JOBS, services });

async function create(body: Record<string, unknown>, token = company.live) {
  const created = await app.request('POST', '/v2/recipients', { token, body, headers: { 'idempotency-key': randomAlphanumeric(16) } });
  assert.equal(created.status, 200, created.text);
  return created.body;
}

describe('the certificate email', () => {
  test('arrives in the recipient language, with the company, the trees, the page link and the PDF', async () => {
    const recipient = await create({ trees: 3, first_name: 'Joëlle', last_name: 'de Wit', email: 'joelle@example.nl', language: 'nl', send_email: true });
    const before = received.length;
    await runJobs();
    assert.equal(received.length, before + 1, 'one message');
    const message = received.at(-1)!;
    assert.deepEqual(message.to, ['joelle@example.nl']);
    const email = await PostalMime.parse(message.raw);
    assert.equal(email.subject, 'Fairbrook Coffee Roasters heeft je 3 bomen geschonken');
    assert.equal(email.from?.name, 'Fairbrook Coffee Roasters via Canopy', 'the giving company is the sender, Canopy the carrier');
    assert.match(email.from?.address ?? '', /@/, "MAIL_FROM's own address, so that SPF and DKIM hold");
    assert.ok(email.headers.some((header) => header.key === 'content-language' && header.value === 'nl'));
    const read = (await app.get(`/v2/recipients/${recipient.id}`, company.live)).body;
    const pageUrl = `http://canopy.test/certificates/${read.certificate.id}`;
    assert.ok(email.text?.includes('Beste Joëlle,') && email.text.includes(pageUrl), email.text);
    assert.ok(email.html?.includes(`href="${pageUrl}?lang=nl"`), "the HTML part links to the page, in the certificate's language");
    const [attachment] = email.attachments;
    assert.equal(attachment?.filename, `certificate-${read.certificate.number}.pdf`);
    assert.equal(attachment?.mimeType, 'application/pdf');
    assert.match((await pdfText(new Uint8Array(attachment!.content as ArrayBuffer))).join('\f'), /Joëlle de Wit/);
    assert.ok(read.email_sent_at, 'email_sent_at is set once the SMTP server accepted it');

    await runJobs();
    assert.equal(received.length, before + 1, 'sent once');
  });

  test('a test token never emails; without send_email nothing is sent', async () => {
    const before = received.length;
    await create({ trees: 1, email: 'tess@example.com', send_email: true }, company.test);
    await create({ trees: 1, email: 'quiet@example.com' });
    await runJobs();
    assert.equal(received.length, before);
  });

  test('a failure is retried by the worker, never lost, and the reason kept', async () => {
    const recipient = await create({ trees: 1, first_name: 'Retry', email: 'retry@example.com', send_email: true });
    const closed = testWorkerServices(createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'Canopy <certificates@canopy.test>', outboxDir: '/nonexistent' }));
    await runDueJobs(app.db, { jobs: JOBS, services: closed });
    const job = await app.db.selectFrom('jobs').selectAll().where('kind', '=', 'send_certificate_email').executeTakeFirstOrThrow();
    assert.equal(job.attempts, 1);
    assert.match(job.last_error ?? '', /ECONNREFUSED|connect/);
    assert.equal((await app.get(`/v2/recipients/${recipient.id}`, company.live)).body.email_sent_at, null);

    await app.db.updateTable('jobs').set({ run_at: new Date() }).where('id', '=', job.id).execute();
    const before = received.length;
    await runJobs();
    assert.equal(received.length, before + 1, 'the retry delivers it');
    assert.ok((await app.get(`/v2/recipients/${recipient.id}`, company.live)).body.email_sent_at);
  });

  test('without SMTP_URL the message is written as an .eml file into the outbox', async () => {
    const outboxDir = tempDir('canopy-outbox');
    await create({ trees: 1, first_name: 'Outbox', email: 'outbox@example.com', send_email: true, language: 'en' });
    await runDueJobs(app.db, { jobs: JOBS, services: testWorkerServices(createMailer({ smtpUrl: null, from: 'Canopy <c@canopy.test>', outboxDir })) });
    const [file] = readdirSync(outboxDir);
    assert.ok(file?.endsWith('.eml'), String(file));
    const email = await PostalMime.parse(readFileSync(path.join(outboxDir, file!)));
    assert.equal(email.subject, 'Fairbrook Coffee Roasters gave you 1 tree');
  });

  test('a recipient changed before the email went gets one email job, so two workers cannot both send it', async () => {
    const recipient = await create({ trees: 1, first_name: 'Twice', email: 'twice@example.com', send_email: true });
    const patched = await app.request('PATCH', `/v2/recipients/${recipient.id}`, { token: company.live, body: { first_name: 'Once' } });
    assert.equal(patched.status, 200, patched.text);
    // Both issue jobs run, and nothing else yet (the second reissues nothing: the first already printed the new name).
    const done: string[] = [];
    const log = { info: (fields: object) => done.push((fields as { kind: string }).kind), warn() {}, error() {} };
    await runDueJobs(app.db, { jobs: JOBS, services, log, shouldStop: () => done.length >= 2 });
    assert.deepEqual(done, ['issue_certificate', 'issue_certificate']);
    assert.deepEqual(await app.db.selectFrom('jobs').select('id').where('kind', '=', 'issue_certificate').execute(), []);
    const emailJobs = await app.db.selectFrom('jobs').select('id').where('kind', '=', 'send_certificate_email').execute();
    assert.equal(emailJobs.length, 1);
    const before = received.length;
    await runJobs();
    assert.equal(received.length, before + 1);
  });
});
