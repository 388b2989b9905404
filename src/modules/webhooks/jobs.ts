import { Type } from '@sinclair/typebox';
import { type Kysely, sql } from 'kysely';
import { idString } from '../../core/schema.ts';
import type { DB } from '../../db/schema.ts';
import { countEmail } from '../../platform/counters.ts';
import { deleteInBatches } from '../../platform/jobs/delete-in-batches.ts';
import { defineJob, type JobKind } from '../../platform/jobs/job.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { ATTEMPT_RETENTION_DAYS } from '../../platform/webhooks/attempts.ts';
import type { EndpointDisabled, EndpointFailing } from '../../platform/webhooks/deliveries.ts';
import { DISABLE_AFTER_FAILING_MS } from '../../platform/webhooks/schedule.ts';
import { type EndpointMailFacts, endpointDisabledEmail, endpointFailingEmail } from './email.ts';

/**
 * The emails to a company's admins about an endpoint. Queued in the transaction that finds
 * the endpoint failing or switches it off, without a user: that job queues one job per
 * admin, each sending one email, so a failure to reach one admin is retried alone and never
 * sends the others theirs again. Each job reads the endpoint again and sends nothing when
 * what it was about is over (the endpoint recovered, or was switched on again).
 */
const EmailPayload = Type.Object(
  { endpoint_id: idString('webhook_endpoint'), user_id: Type.Optional(idString('user')) },
  { additionalProperties: false },
);

async function endpointFacts(db: Kysely<DB>, endpointId: string, publicBaseUrl: string) {
  const endpoint = await db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select(['e.id', 'e.url', 'e.livemode', 'e.status', 'e.disabled_reason', 'e.company_id', 'e.failing_since', 'e.failing_warned_at', 'c.name as company_name'])
    .where('e.id', '=', endpointId)
    .executeTakeFirst();
  if (!endpoint) return undefined;
  const facts: EndpointMailFacts = {
    endpointId: endpoint.id, url: endpoint.url, livemode: endpoint.livemode, companyName: endpoint.company_name,
    pageUrl: `${publicBaseUrl}/dashboard/webhooks/${endpoint.id}`, apiBaseUrl: publicBaseUrl,
  };
  return { endpoint, facts };
}

const adminsOf = (db: Kysely<DB>, companyId: string) =>
  db.selectFrom('users').select(['id', 'email', 'name', 'language']).where('company_id', '=', companyId).where('role', '=', 'admin').where('removed_at', 'is', null);

/** The fan-out: one job per admin of the company, in one transaction. */
async function queueForEveryAdmin(db: Kysely<DB>, job: JobKind<typeof EmailPayload>, endpoint: { id: string; company_id: string }): Promise<Record<string, unknown>> {
  const everyAdmin = await adminsOf(db, endpoint.company_id).execute();
  await db.transaction().execute(async (trx) => {
    for (const admin of everyAdmin) await enqueueJob(trx, job, { endpoint_id: endpoint.id, user_id: admin.id });
  });
  return { endpoint_id: endpoint.id, admins: everyAdmin.length };
}

/** Tells a company's admins that one of its webhook endpoints was switched off (spec section 6: "its owners get an email"). */
export const sendEndpointDisabledEmail: JobKind<typeof EmailPayload> = defineJob({
  name: 'send_endpoint_disabled_email',
  payload: EmailPayload,
  async handle(db, payload, { mailer, publicBaseUrl }) {
    const found = await endpointFacts(db, payload.endpoint_id, publicBaseUrl);
    if (found?.endpoint.status !== 'disabled') return { skipped: 'the endpoint is gone or enabled again' };
    if (!payload.user_id) return queueForEveryAdmin(db, sendEndpointDisabledEmail, found.endpoint);
    const admin = await adminsOf(db, found.endpoint.company_id).where('id', '=', payload.user_id).executeTakeFirst();
    if (!admin) return { skipped: 'no longer an admin of the company' };
    const sent = await countEmail('endpoint_disabled', mailer.send(endpointDisabledEmail(admin, found.facts, found.endpoint.disabled_reason)));
    return { endpoint_id: found.endpoint.id, user_id: admin.id, via: sent.via };
  },
});

/**
 * Warns a company's admins, once per run of failures, that an endpoint has failed every
 * delivery for a day: the last error, and from when it will be switched off (day 3).
 */
export const sendEndpointFailingEmail: JobKind<typeof EmailPayload> = defineJob({
  name: 'send_endpoint_failing_email',
  payload: EmailPayload,
  async handle(db, payload, { mailer, publicBaseUrl }) {
    const found = await endpointFacts(db, payload.endpoint_id, publicBaseUrl);
    const endpoint = found?.endpoint;
    if (!found || !endpoint || endpoint.status !== 'enabled' || !endpoint.failing_since || !endpoint.failing_warned_at) {
      return { skipped: 'the endpoint is gone, switched off, or delivering again' };
    }
    if (!payload.user_id) return queueForEveryAdmin(db, sendEndpointFailingEmail, endpoint);
    const admin = await adminsOf(db, endpoint.company_id).where('id', '=', payload.user_id).executeTakeFirst();
    if (!admin) return { skipped: 'no longer an admin of the company' };
    const last = await db.selectFrom('webhook_attempts').select(['attempted_at', 'status_code', 'error'])
      .where('endpoint_id', '=', endpoint.id).where('outcome', '=', 'failed').where('test', '=', false)
      .orderBy('attempted_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    const email = endpointFailingEmail(admin, {
      ...found.facts,
      failingSince: endpoint.failing_since,
      switchOffAt: new Date(endpoint.failing_since.getTime() + DISABLE_AFTER_FAILING_MS),
      lastError: last ? { at: last.attempted_at, statusCode: last.status_code, error: last.error } : null,
    });
    const sent = await countEmail('endpoint_failing', mailer.send(email));
    return { endpoint_id: endpoint.id, user_id: admin.id, via: sent.via };
  },
});

/** The webhooks feature's answer to the delivery worker switching an endpoint off: its admins are told (EndpointDisabled). */
export const endpointDisabled: EndpointDisabled = async (db, endpointId) => {
  await enqueueJob(db, sendEndpointDisabledEmail, { endpoint_id: endpointId });
};

/** ... and to an endpoint failing for a day: its admins are warned (EndpointFailing). */
export const endpointFailing: EndpointFailing = async (db, endpointId) => {
  await enqueueJob(db, sendEndpointFailingEmail, { endpoint_id: endpointId });
};

/** Deletes the delivery log's attempts older than its window, and the ends of switched-off times as old. */
export const purgeOldWebhookAttempts = defineJob({
  name: 'purge_old_webhook_attempts',
  payload: Type.Object({}, { additionalProperties: false }),
  async handle(db) {
    const cutoff = sql<Date>`now() - make_interval(days => ${ATTEMPT_RETENTION_DAYS})`;
    const attempts = await deleteInBatches(async (limit) => {
      const result = await db
        .deleteFrom('webhook_attempts')
        .where('id', 'in', (eb) => eb.selectFrom('webhook_attempts').select('id').where('attempted_at', '<', cutoff).limit(limit))
        .executeTakeFirst();
      return result.numDeletedRows;
    });
    const pauses = await db.deleteFrom('webhook_endpoint_pauses').where('resumed_at', '<', cutoff).executeTakeFirst();
    // Not `attempts`: the job's log line has its own.
    return { deleted: attempts.deleted, pauses: Number(pauses.numDeletedRows) };
  },
});
