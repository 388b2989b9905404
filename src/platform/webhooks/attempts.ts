import type { Insertable } from 'kysely';
import { newId } from '../../core/ids.ts';
import type { Db, WebhookAttemptsTable } from '../../db/schema.ts';
import { type AttemptResult, postWebhook } from './send.ts';
import { signatureHeaders } from './signature.ts';
import { checkWebhookUrl, UnsafeWebhookUrl } from './url-guard.ts';

/**
 * The delivery log: one row per attempt to send an event to an endpoint (webhook_attempts,
 * migration 0028), written by the delivery worker with the attempt's outcome and by a test
 * event sent from the dashboard. event_deliveries keeps the state of each (event, endpoint);
 * this keeps what each attempt met: the status, the time it took, the start of the answer.
 */

/** How long the log keeps an attempt: the event log's window. */
export const ATTEMPT_RETENTION_DAYS = 30;

export interface AttemptOf {
  endpoint: { id: string; company_id: string; livemode: boolean };
  event: { id: string; type: string };
  test?: boolean;
  attemptedAt: Date;
}

/** The row of one attempt, ready to insert (alone, or as a part of a statement that records its outcome). */
export function attemptRow({ endpoint, event, test = false, attemptedAt }: AttemptOf, result: AttemptResult): Insertable<WebhookAttemptsTable> {
  return {
    id: newId('webhook_attempt'),
    endpoint_id: endpoint.id,
    company_id: endpoint.company_id,
    livemode: endpoint.livemode,
    event_id: event.id,
    event_type: event.type,
    test,
    attempted_at: attemptedAt,
    status_code: result.statusCode,
    latency_ms: result.ms,
    response_body: result.responseBody,
    error: result.error,
    outcome: result.delivered ? 'succeeded' : 'failed',
  };
}

export async function insertAttempt(db: Db, row: Insertable<WebhookAttemptsTable>): Promise<void> {
  await db.insertInto('webhook_attempts').values(row).execute();
}

/**
 * Sends one body to an endpoint's URL, as every attempt does: the URL checked again now (a
 * refusal is a failed attempt without an answer), signed at this moment over the exact bytes
 * sent with every secret in force, to the address the check approved.
 */
export async function sendSigned(url: string, secrets: readonly string[], eventId: string, body: string, options: { allowPrivateUrls: boolean; publicBaseUrl: string }): Promise<AttemptResult> {
  try {
    const target = await checkWebhookUrl(url, { allowPrivate: options.allowPrivateUrls });
    return await postWebhook(target, body, {
      ...signatureHeaders(secrets, eventId, body, new Date()),
      'User-Agent': `Canopy-Webhooks/1.0 (+${options.publicBaseUrl}/docs/webhooks)`,
    });
  } catch (error) {
    if (!(error instanceof UnsafeWebhookUrl)) throw error;
    return { delivered: false, statusCode: null, error: `refused: ${error.message}`, retryAfterSeconds: null, ms: 0, responseBody: null };
  }
}
