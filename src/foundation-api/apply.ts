import type { Kysely } from 'kysely';
import type { DB, Db } from '../db/schema.ts';
import { emitEvents } from '../events/emit.ts';
import { FoundationError } from '../foundation/errors.ts';
import { applyFoundationOperation } from '../foundation/operations.ts';
import type { FoundationResult, OperationOptions } from '../foundation/results.ts';

/** One operation as the foundation sends it: `{"op": "upsert_planting", "input": {...}}`. */
export interface OperationData {
  op: string;
  input: unknown;
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
    const applied: AppliedOperation[] = [];
    for (const [index, operation] of operations.entries()) {
      applied.push(await applyOne(trx, operation, index, publicBaseUrl, options));
      options.onApplied?.(index);
    }
    return applied;
  });
}

async function applyOne(db: Db, operation: OperationData, index: number, publicBaseUrl: string, options: OperationOptions): Promise<AppliedOperation> {
  try {
    const result = await applyFoundationOperation(db, operation, options);
    const events = await emitEvents(db, result.changes, publicBaseUrl);
    return { op: operation.op, ...result, events };
  } catch (error) {
    if (error instanceof FoundationError) throw new BatchOperationError(index, error);
    throw error;
  }
}
