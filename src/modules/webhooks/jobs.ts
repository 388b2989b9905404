import { Type } from '@sinclair/typebox';
import { idString } from '../../core/schema.ts';
import { countEmail } from '../../platform/counters.ts';
import { defineJob } from '../../platform/jobs/job.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import type { EndpointDisabled } from '../../platform/webhooks/deliveries.ts';

/**
 * Tells a company's admins that one of its webhook endpoints was switched off (spec
 * section 6: "its owners get an email"), with why and how to switch it on again. Queued
 * in the transaction that disables the endpoint, without a user: that job queues one job
 * per admin, each sending one email, so a failure to reach one admin is retried alone and
 * never sends the others theirs again.
 */
export const sendEndpointDisabledEmail = defineJob({
  name: 'send_endpoint_disabled_email',
  payload: Type.Object(
    { endpoint_id: idString('webhook_endpoint'), user_id: Type.Optional(idString('user')) },
    { additionalProperties: false },
  ),
  async handle(db, payload, { mailer, publicBaseUrl }) {
    const endpoint = await db
      .selectFrom('webhook_endpoints as e')
      .innerJoin('companies as c', 'c.id', 'e.company_id')
      .select(['e.id', 'e.url', 'e.livemode', 'e.status', 'e.disabled_reason', 'e.company_id', 'c.name as company_name'])
      .where('e.id', '=', payload.endpoint_id)
      .executeTakeFirst();
    if (endpoint?.status !== 'disabled') return { skipped: 'the endpoint is gone or enabled again' };
    const admins = db.selectFrom('users').select(['id', 'email', 'name']).where('company_id', '=', endpoint.company_id).where('role', '=', 'admin')
      .where('removed_at', 'is', null);

    if (!payload.user_id) {
      const everyAdmin = await admins.execute();
      await db.transaction().execute(async (trx) => {
        for (const admin of everyAdmin) await enqueueJob(trx, sendEndpointDisabledEmail, { endpoint_id: endpoint.id, user_id: admin.id });
      });
      return { endpoint_id: endpoint.id, admins: everyAdmin.length };
    }

    const admin = await admins.where('id', '=', payload.user_id).executeTakeFirst();
    if (!admin) return { skipped: 'no longer an admin of the company' };
    const why = endpoint.disabled_reason === 'gone'
      ? 'It answered 410 Gone, which tells a sender to stop.'
      : 'Every delivery to it has failed for three days.';
    const sent = await countEmail('endpoint_disabled', mailer.send({
      to: admin.email,
      about: endpoint.id,
      subject: `Canopy switched off a webhook endpoint of ${endpoint.company_name}`,
      text: [
        `Hello ${admin.name},`,
        '',
        `Canopy switched off the ${endpoint.livemode ? 'live' : 'test'} webhook endpoint ${endpoint.id} of ${endpoint.company_name}:`,
        endpoint.url,
        '',
        why,
        'Events still go into your event log, but not to this endpoint. Once the receiver works again, switch it on with',
        `  curl -X PATCH ${publicBaseUrl}/v2/webhook-endpoints/${endpoint.id} -H "Authorization: Bearer <token with webhooks:manage>" -H "Content-Type: application/json" -d '{"status": "enabled"}'`,
        'and send what it missed with POST /v2/events/{id}/redeliver (see GET /v2/events?delivery_status=failed).',
        '',
        '-- Canopy',
      ].join('\n'),
    }));
    return { endpoint_id: endpoint.id, user_id: admin.id, via: sent.via };
  },
});

/** The webhooks feature's answer to the delivery worker switching an endpoint off: its admins are told (EndpointDisabled). */
export const endpointDisabled: EndpointDisabled = async (db, endpointId) => {
  await enqueueJob(db, sendEndpointDisabledEmail, { endpoint_id: endpointId });
};
