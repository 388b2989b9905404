import type { Kysely } from 'kysely';
import type { IdempotencyClaim, ReadContext } from '../../core/context.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/dashboard/audit.ts';

/**
 * What the webhook verbs need of their caller: whose endpoints in which mode, the server
 * secret (signing secrets are sealed with it), and, from the API, the request's
 * Idempotency-Key, or, from the dashboard, who acts (each change is written to the
 * company's audit log in its own transaction). An API request's context is one.
 */
export interface WebhookContext extends ReadContext {
  db: Kysely<DB>;
  secretKey: string;
  idempotency?: IdempotencyClaim;
  actor?: Actor;
}
