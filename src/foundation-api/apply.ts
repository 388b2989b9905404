import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, Db } from '../db/schema.ts';
import { emitEvents } from '../events/emit.ts';
import { canonicalJson } from '../foundation/content.ts';
import { FoundationError } from '../foundation/errors.ts';
import { applyFoundationOperation } from '../foundation/operations.ts';
import type { FoundationResult, OperationOptions } from '../foundation/results.ts';
import { lockFoundationWrites } from '../foundation/write-lock.ts';

/** One operation as the foundation sends it: `{"op": "upsert_planting", "input": {...}}`. */
export interface OperationData {
  op: string;
  input: unknown;
  /** The foundation's id of this message; a message id seen before is a replay. */
  message_id?: string;
}

export interface AppliedOperation extends FoundationResult {
  op: string;
  /** The events this operation wrote, one per company and mode told. */
  events: string[];
}

/** A refused operation inside a batch: which one, and why. */
export class BatchOperationError extends Error {
  constructor(readonly index: number, override readonly cause: FoundationError) {
    super(`Operation ${index} (${cause.code}): ${cause.message}`);
  }
}

/**
 * Applies operations in one transaction, all or nothing, writing each one's events in
 * the same transaction. A refusal rolls everything back and names the operation by
 * its index. `onApplied` lets the NDJSON import show progress.
 */
export async function applyOperations(
  db: Kysely<DB>,
  operations: readonly OperationData[],
  publicBaseUrl: string,
  options: OperationOptions & { onApplied?: (index: number) => void } = {},
): Promise<AppliedOperation[]> {
  return db.transaction().execute(async (trx) => {
    await lockFoundationWrites(trx);
    const applied: AppliedOperation[] = [];
    for (const [index, operation] of operations.entries()) {
      try {
        applied.push(await applyOperation(trx, operation, publicBaseUrl, options));
      } catch (error) {
        if (error instanceof FoundationError) throw new BatchOperationError(index, error);
        throw error;
      }
      options.onApplied?.(index);
    }
    return applied;
  });
}

/**
 * Applies one operation and writes its events, in the caller's transaction (which
 * should hold lockFoundationWrites). An operation received before, by message_id or
 * else by identical content, is a replay: nothing changes and no event is written,
 * even where a later operation has changed the same object since. To send earlier
 * content again on purpose, give the operation a new message_id. A message_id that
 * comes back with a different operation is refused (message_id_reused), never
 * silently taken for a replay. Tree counts need a message_id (see below).
 */
export async function applyOperation(db: Db, operation: OperationData, publicBaseUrl: string, options: OperationOptions = {}): Promise<AppliedOperation> {
  if (operation.op === 'change_allocation_trees' && !operation.message_id) {
    throw new FoundationError(
      'parameter_missing',
      'change_allocation_trees needs a message_id: a donation can be set to the same number of trees twice on purpose, and only your id tells a new change from a replay.',
      'message_id',
      true,
    );
  }
  const contentHash = createHash('sha256').update(canonicalJson({ op: operation.op, input: operation.input })).digest('hex');
  const key = operation.message_id ? `message:${operation.message_id}` : `content:${contentHash}`;
  const receipt = await db.selectFrom('foundation_receipts').select(['object_id', 'content_hash']).where('key', '=', key).executeTakeFirst();
  if (receipt) {
    if (receipt.content_hash !== null && receipt.content_hash !== contentHash) {
      throw new FoundationError('message_id_reused', `message_id "${operation.message_id}" was received before with a different operation.`, 'message_id', true);
    }
    return { op: operation.op, id: receipt.object_id, unchanged: true, changes: [], events: [] };
  }

  const result = await applyFoundationOperation(db, operation, options);
  const events = await emitEvents(db, result.changes, publicBaseUrl, options.now);
  await db
    .insertInto('foundation_receipts')
    .values({ key, op: operation.op, object_id: result.id, content_hash: contentHash })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return { op: operation.op, ...result, events };
}
