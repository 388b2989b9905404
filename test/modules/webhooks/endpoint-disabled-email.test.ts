import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sendEndpointDisabledEmail } from '../../../src/modules/webhooks/jobs.ts';
import { enqueueJob } from '../../../src/platform/jobs/queue.ts';
import { runDueJobs } from '../../../src/platform/jobs/worker.ts';
import type { Mailer, MailMessage } from '../../../src/platform/mail/mailer.ts';
import { createUser } from '../../../src/operator/users.ts';
import { startTestApp, testWorkerServices } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { JOBS } from '../../../src/features.ts';

/**
 * The email that tells a company's admins an endpoint was switched off is safe to retry: a
 * mail server that refuses one admin's message makes that message alone be tried again, and
 * never sends the others theirs a second time.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });

describe('the endpoint-disabled email', () => {
  test('a failure on one admin is retried for that admin only', async () => {
    const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
    await createUser(app.db, { companyId: company.id, email: 'second.admin@example.com', name: 'Bea Admin', role: 'admin' });
    await createUser(app.db, { companyId: company.id, email: 'member@example.com', name: 'Mo Member', role: 'member' });
    const created = await app.request('POST', '/v2/webhook-endpoints', { token: company.live, body: { url: 'http://127.0.0.1:9/canopy' } });
    assert.equal(created.status, 200, created.text);
    const disabled = await app.request('PATCH', `/v2/webhook-endpoints/${created.body.id}`, { token: company.live, body: { status: 'disabled' } });
    assert.equal(disabled.status, 200, disabled.text);
    await enqueueJob(app.db, sendEndpointDisabledEmail, { endpoint_id: created.body.id });

    const sent: MailMessage[] = [];
    let refuseSecond = true;
    const mailer: Mailer = {
      async send(message) {
        if (message.to === 'second.admin@example.com' && refuseSecond) throw new Error('451 try again later');
        sent.push(message);
        return { via: 'outbox', location: '' };
      },
      forget: async () => 0,
    };
    await runDueJobs(app.db, { jobs: JOBS, services: { ...testWorkerServices(), mailer } });
    assert.deepEqual(sent.map((message) => message.to), [company.adminEmail], 'the first admin got theirs; the second failed');
    const waiting = await app.db.selectFrom('jobs').selectAll().where('kind', '=', sendEndpointDisabledEmail.name).execute();
    assert.equal(waiting.length, 1, 'only the failed email waits for its retry');
    assert.match(waiting[0]!.last_error ?? '', /451/);

    refuseSecond = false;
    await app.db.updateTable('jobs').set({ run_at: new Date() }).where('id', '=', waiting[0]!.id).execute();
    await runDueJobs(app.db, { jobs: JOBS, services: { ...testWorkerServices(), mailer } });
    assert.deepEqual(sent.map((message) => message.to), [company.adminEmail, 'second.admin@example.com'], 'the retry sent the second admin theirs, and nobody anything twice');
    assert.match(sent[1]!.text as string, /Hello Bea Admin/);
    assert.equal((await app.db.selectFrom('jobs').select('id').where('kind', '=', sendEndpointDisabledEmail.name).execute()).length, 0);
  });
});
