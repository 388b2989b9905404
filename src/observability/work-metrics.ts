import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

/**
 * What this process's background work did, whichever role the process runs in: webhook
 * delivery attempts and emails by outcome, and Node's own process metrics. One registry per
 * process, at module level, because the work is counted where it happens (the delivery
 * record, the job that sends mail), which knows nothing of an HTTP app; an app's
 * GET /metrics shows it beside the app's own registry (observability/index.ts). Counters only
 * ever go up, so tests that build many apps in one process read differences.
 */
export const workRegistry = new Registry();

/**
 * Each attempt of a webhook delivery, by what came of it: `delivered` (a 2xx), `retrying`
 * (failed, another attempt is scheduled), `failed` (failed for good: the last attempt, a 410,
 * the endpoint gone or switched off), `stale` (its lease had run out, so another worker owns
 * the delivery and this attempt recorded nothing).
 */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'stale';

export const webhookDeliveries = new Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: delivered, retrying (failed, tried again later), failed (given up), stale (lease lost, not recorded).',
  labelNames: ['outcome'] as const,
  registers: [workRegistry],
});

/** The emails Canopy sends, one kind per job that sends them. */
export type EmailKind = 'certificate' | 'endpoint_disabled';

export const emails = new Counter({
  name: 'emails_total',
  help: 'Emails handed to the SMTP server (or the outbox) by kind, outcome sent or failed (the job retries a failure).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [workRegistry],
});

// Every series from the start, so that rate() and increase() see the first event.
for (const outcome of ['delivered', 'retrying', 'failed', 'stale'] satisfies DeliveryOutcome[]) webhookDeliveries.inc({ outcome }, 0);
for (const kind of ['certificate', 'endpoint_disabled'] satisfies EmailKind[]) {
  for (const outcome of ['sent', 'failed']) emails.inc({ kind, outcome }, 0);
}

/** Counts an email by whether the sending settled or threw; returns what it returned. */
export async function countEmail<T>(kind: EmailKind, sending: Promise<T>): Promise<T> {
  try {
    const sent = await sending;
    emails.inc({ kind, outcome: 'sent' });
    return sent;
  } catch (error) {
    emails.inc({ kind, outcome: 'failed' });
    throw error;
  }
}

let defaultMetricsOn = false;

/**
 * Node's process metrics (CPU, memory, event loop lag, GC, handles) on the work registry,
 * once per process: they describe the process, not an app. Started by the first metrics
 * endpoint rather than on import, so a CLI command that loads this file measures nothing.
 */
export function collectProcessMetrics(): void {
  if (defaultMetricsOn) return;
  defaultMetricsOn = true;
  collectDefaultMetrics({ register: workRegistry });
}
