import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The counters of this process, whatever role it runs in: webhook delivery attempts and
 * emails by outcome, requests refused by a rate limit, and Node's own process metrics. One
 * registry per process, at module level, because these are counted where the work happens
 * (the delivery record, the job that sends mail, the limiter that refuses), which knows
 * nothing of an HTTP app; every app's GET /metrics shows it beside the app's own registry
 * (metrics.ts). Counters only ever go up, so tests that build many apps in one process read
 * differences between two scrapes. docs/operations.md ("Metrics") says what each one means.
 */
export const processRegistry = new Registry();

/**
 * Each attempt of a webhook delivery, by what came of it: `delivered` (a 2xx), `retrying`
 * (failed, another attempt is scheduled), `failed` (failed for good: the last attempt, a 410,
 * the endpoint gone or switched off), `stale` (its lease had run out, so another worker owns
 * the delivery and this attempt recorded nothing).
 */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'stale';

export const webhookDeliveries = new Counter({
  name: 'canopy_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: delivered, retrying (failed, tried again later), failed (given up), stale (lease lost, not recorded).',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

/** The emails Canopy sends, one kind per job that sends them. */
export type EmailKind = 'certificate' | 'endpoint_disabled' | 'endpoint_failing' | 'account_link';

const emails = new Counter({
  name: 'canopy_emails_total',
  help: 'Emails handed to the SMTP server (or written to the outbox) by kind and outcome: sent, or failed (the job retries it).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [processRegistry],
});

/**
 * The limits whose refusals are counted: the spec's three per-minute limits of the v2 API
 * and the public pages' per-address ones. A new limit adds its name here, so that its
 * series exists (at 0) from the start.
 */
export const RATE_LIMIT_NAMES = ['per_token_per_minute', 'per_company_per_minute', 'writes_per_company_per_minute', 'gift_lookup', 'public_page'] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

const rateLimited = new Counter({
  name: 'canopy_rate_limited_total',
  help: 'Requests answered 429 Too Many Requests, by the limit that refused them.',
  labelNames: ['limit'] as const,
  registers: [processRegistry],
});

/** Counts one request refused with 429 by `limit`: call it wherever a 429 is answered. */
export function countRateLimited(limit: RateLimitName): void {
  rateLimited.inc({ limit });
}

// Every series from the start, so that rate() and increase() see the first event.
for (const outcome of ['delivered', 'retrying', 'failed', 'stale'] satisfies DeliveryOutcome[]) webhookDeliveries.inc({ outcome }, 0);
for (const kind of ['certificate', 'endpoint_disabled', 'endpoint_failing', 'account_link'] satisfies EmailKind[]) {
  for (const outcome of ['sent', 'failed']) emails.inc({ kind, outcome }, 0);
}
for (const limit of RATE_LIMIT_NAMES) rateLimited.inc({ limit }, 0);

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

let processMetricsOn = false;

/**
 * Node's process metrics (CPU, memory, event loop lag, GC, handles) on the process registry,
 * once per process, under their usual names (`process_*`, `nodejs_*`) so that ready-made
 * dashboards find them. Started by the first metrics endpoint rather than on import, so a CLI
 * command that loads this file measures nothing.
 */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: processRegistry });
}
