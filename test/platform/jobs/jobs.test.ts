import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { scheduleHousekeeping } from '../../../src/platform/jobs/housekeeping.ts';
import { defineJob, type JobKind } from '../../../src/platform/jobs/job.ts';
import { claimNextJob, completeJob, enqueueJob, LEASE_SECONDS } from '../../../src/platform/jobs/queue.ts';
import { jobCatalog } from '../../../src/platform/jobs/job.ts';
import { runDueJobs, startWorker } from '../../../src/platform/jobs/worker.ts';
import { createCompany } from '../../../src/operator/companies.ts';
import { startTestApp, type TestApp, testWorkerServices } from '../../helpers/app.ts';
import { JOBS } from '../../../src/features.ts';

/** The job queue and worker that `canopy serve` runs beside the API. */

/** A job kind for tests: no payload, a handler the test gives. */
const kind = (name: string, handle: JobKind['handle'] = async () => undefined) =>
  defineJob({ name, payload: Type.Object({}, { additionalProperties: false }), handle });

describe('background worker (the one serve runs)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });

  test('a due job is claimed and run once, then leaves the table; a future one waits', async () => {
    const seen: unknown[] = [];
    const remember = defineJob({
      name: 'remember',
      payload: Type.Object({ n: Type.Integer() }),
      async handle(_db, payload) {
        seen.push(payload);
        return undefined;
      },
    });
    await enqueueJob(app.db, remember, { n: 1 });
    const later = await enqueueJob(app.db, remember, { n: 2 }, new Date(Date.now() + 3_600_000));
    assert.equal(await runDueJobs(app.db, { services: testWorkerServices(), jobs: jobCatalog([remember]) }), 1);
    assert.deepEqual(seen, [{ n: 1 }]);
    const left = await app.db.selectFrom('jobs').select('id').execute();
    assert.deepEqual(left.map((row) => Number(row.id)), [later]);
    await app.db.deleteFrom('jobs').execute();
  });

  test('two workers claiming at once get different jobs', async () => {
    await enqueueJob(app.db, kind('a'), {});
    await enqueueJob(app.db, kind('b'), {});
    const [first, second] = await Promise.all([claimNextJob(app.db), claimNextJob(app.db)]);
    assert.notEqual(first?.id, second?.id);
    assert.equal(await claimNextJob(app.db), null);
    await app.db.deleteFrom('jobs').execute();
  });

  test('a failing job is retried later with its error kept', async () => {
    const explode = kind('explode', async () => {
      throw new Error('boom');
    });
    const id = await enqueueJob(app.db, explode, {});
    await runDueJobs(app.db, { services: testWorkerServices(), jobs: jobCatalog([explode]) });
    const job = await app.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(job.attempts, 1);
    assert.equal(job.last_error, 'boom');
    assert.equal(job.locked_until, null);
    assert.ok(job.run_at.getTime() > Date.now() + 5_000, 'next attempt is backed off');
    await app.db.deleteFrom('jobs').execute();
  });

  test('housekeeping deletes idempotency keys older than 24 h and events older than 30 days, nothing newer', async () => {
    const company = await createCompany(app.db, { name: 'Housekeeping BV' });
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const key = (name: string, createdAt: Date) => ({
      company_id: company.id, livemode: false, key: name, request_method: 'POST', request_path: '/v2/recipients', request_hash: 'h', created_at: createdAt,
    });
    await app.db.insertInto('idempotency_keys').values([key('old', ago(25)), key('fresh', ago(23))]).execute();
    const event = (id: string, createdAt: Date) => ({
      id, company_id: company.id, livemode: false, type: 'test.event', data: JSON.stringify({ object: {} }), created_at: createdAt,
    });
    await app.db.insertInto('events').values([event('evt_old', ago(31 * 24)), event('evt_recent', ago(29 * 24))]).execute();

    assert.deepEqual((await scheduleHousekeeping(app.db, JOBS.housekeeping)).sort(), ['purge_idempotency_keys', 'purge_old_events', 'purge_old_sign_in_links', 'purge_old_webhook_attempts', 'purge_recipient_uploads', 'refresh_company_certificates']);
    assert.deepEqual(await scheduleHousekeeping(app.db, JOBS.housekeeping), [], 'no second copy while one waits');
    assert.equal(await app.runJobs(), 6);

    const keys = await app.db.selectFrom('idempotency_keys').select('key').where('company_id', '=', company.id).execute();
    assert.deepEqual(keys.map((row) => row.key), ['fresh']);
    const events = await app.db.selectFrom('events').select('id').where('company_id', '=', company.id).execute();
    assert.deepEqual(events.map((row) => row.id), ['evt_recent']);
    assert.equal((await app.db.selectFrom('jobs').select('id').execute()).length, 0);
  });

  test('the worker loop runs jobs as they come due and stops cleanly', async () => {
    let ran = 0;
    const tick = kind('tick', async () => {
      ran++;
      return undefined;
    });
    const worker = startWorker(app.db, { services: testWorkerServices(), pollIntervalMs: 20, jobs: jobCatalog([tick]) });
    await enqueueJob(app.db, tick, {});
    for (let i = 0; i < 100 && ran === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    assert.equal(ran, 1);
    await app.db.deleteFrom('jobs').execute();
  });

  test("a running job's lease is renewed, so a slow job is never taken over", async () => {
    const leases: number[] = [];
    const id = await enqueueJob(app.db, kind('slow'), {});
    const leaseNow = async () => (await app.db.selectFrom('jobs').select('locked_until').where('id', '=', id).executeTakeFirstOrThrow()).locked_until?.getTime() ?? 0;
    const slow = kind('slow', async () => {
      for (let i = 0; i < 4; i++) {
        leases.push(await leaseNow());
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
      return undefined;
    });
    assert.equal(await runDueJobs(app.db, { services: testWorkerServices(), jobs: jobCatalog([slow]), leaseRenewMs: 50 }), 1);
    assert.ok(leases[0]! > Date.now() + (LEASE_SECONDS - 5) * 1000 - 1000, 'claimed for a lease');
    assert.ok(leases.at(-1)! > leases[0]!, `renewed while running: ${leases.join(', ')}`);
    assert.equal((await app.db.selectFrom('jobs').select('id').execute()).length, 0, 'then completed');
  });

  test('a run whose lease another worker took over records nothing: the new holder completes the job', async () => {
    const errors: string[] = [];
    const log = { info() {}, warn() {}, error: (_fields: object, message: string) => errors.push(message) };
    const id = await enqueueJob(app.db, kind('overtaken'), {});
    let takenOver: Awaited<ReturnType<typeof claimNextJob>> = null;
    const overtaken = kind('overtaken', async (db) => {
      // The lease runs out (a paused process) and another worker claims the job.
      await db.updateTable('jobs').set({ locked_until: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
      takenOver = await claimNextJob(db);
      return undefined;
    });
    await runDueJobs(app.db, { services: testWorkerServices(), jobs: jobCatalog([overtaken]), log });
    assert.deepEqual(errors, ['job done after its lease was lost: another worker may have run it too']);
    const row = await app.db.selectFrom('jobs').select(['attempts', 'locked_until']).where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.attempts, 2, 'still there, claimed by the second worker');
    assert.ok(takenOver);
    assert.equal(await completeJob(app.db, takenOver), true);
    assert.equal((await app.db.selectFrom('jobs').select('id').execute()).length, 0);
  });

  test('a stopping worker gives the job in hand back: another claims it at once, and the cut-off run records nothing', async () => {
    let finish = () => {};
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const stuck = kind('stuck', async () => {
      markStarted();
      await new Promise<void>((resolve) => (finish = resolve));
      return undefined;
    });
    const id = await enqueueJob(app.db, stuck, {});
    const worker = startWorker(app.db, { services: testWorkerServices(), pollIntervalMs: 20, jobs: jobCatalog([stuck]) });
    await started;
    assert.equal(await worker.releaseLeases(), 1);
    const released = await app.db.selectFrom('jobs').select(['attempts', 'locked_until']).where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual(released, { attempts: 1, locked_until: null }, 'no lease on it, the attempt still counted');
    const other = await claimNextJob(app.db);
    assert.equal(other?.id, id, 'another worker claims it at once');
    finish();
    await worker.stop();
    assert.ok(await app.db.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst(), 'the cut-off run did not complete it');
    assert.equal(await completeJob(app.db, other!), true);
    await app.db.deleteFrom('jobs').execute();
  });

  test('housekeeping scheduled by several workers at once is enqueued once', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => scheduleHousekeeping(app.db, JOBS.housekeeping)));
    assert.equal(results.flat().length, 6);
    const rows = await app.db.selectFrom('jobs').select('kind').execute();
    assert.deepEqual(rows.map((row) => row.kind).sort(), ['purge_idempotency_keys', 'purge_old_events', 'purge_old_sign_in_links', 'purge_old_webhook_attempts', 'purge_recipient_uploads', 'refresh_company_certificates']);
    await app.db.deleteFrom('jobs').execute();
  });
});
