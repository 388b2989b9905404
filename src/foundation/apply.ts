import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CanopyError, errors } from '../core/errors.ts';
import { canonicalJson } from '../core/json.ts';
import type { DB } from '../db/schema.ts';
import { inUnitOfWork, type UnitOfWork } from '../platform/events/unit-of-work.ts';
import { findOperation } from './operations.ts';
import type { OperationResult } from './results.ts';
import { parseInput } from './validate.ts';

/** One operation as the foundation sends it: `{"op": "upsert_planting", "input": {...}}`. */
export interface OperationData {
  op: string;
  input: unknown;
  /** The foundation's id of this message; a message id seen before is a replay. */
  message_id?: string;
}

export interface AppliedOperation extends OperationResult {
  op: string;
  /** The events this operation wrote, one per company and mode told. */
  events: string[];
}

/**
 * Applies operations in one unit of work under the foundation write lock, all or
 * nothing, each one's events written as it finishes. A refusal rolls everything back
 * and names the operation: `param` under `operations[i]`, and `operation_index`; the
 * refusal as the operation saw it is the error's `cause`. `onApplied` lets the NDJSON
 * import show progress.
 */
export async function applyBatch(
  db: Kysely<DB>,
  operations: readonly OperationData[],
  publicBaseUrl: string,
  onApplied?: (index: number) => void,
): Promise<AppliedOperation[]> {
  return inUnitOfWork(db, { publicBaseUrl, foundationLock: true }, async (uow) => {
    const applied: AppliedOperation[] = [];
    for (const [index, operation] of operations.entries()) {
      try {
        applied.push(await applyOperation(uow, operation));
      } catch (error) {
        throw error instanceof CanopyError ? inBatch(error, index) : error;
      }
      onApplied?.(index);
    }
    return applied;
  });
}

/**
 * How long one chunk of an import may hold its transaction: on PGlite every query of the
 * API waits for it, and a request makes a few queries.
 */
export const IMPORT_CHUNK_MS = 250;

export interface ChunkedImport {
  applied: AppliedOperation[];
  /** Transactions committed. */
  chunks: number;
}

/**
 * Applies a long list of operations (`canopy import`) in chunks, each its own unit of
 * work that commits once it has run for `chunkMs`, so that on the embedded database,
 * where a transaction holds the one connection, API reads wait for a chunk and not for
 * the whole file. Between chunks the import yields to the event loop: PGlite runs in
 * this process and answers without I/O, so without a yield a request arriving meanwhile
 * would not even be read until the import ended. A refusal rolls back its chunk only; what earlier chunks applied stays,
 * and the error carries `applied_before`, the number of operations committed. Receipts
 * make running the corrected file again safe: what was applied comes back unchanged.
 */
export async function applyInChunks(
  db: Kysely<DB>,
  operations: readonly OperationData[],
  publicBaseUrl: string,
  options: { chunkMs?: number; onApplied?: (index: number) => void } = {},
): Promise<ChunkedImport> {
  const chunkMs = options.chunkMs ?? IMPORT_CHUNK_MS;
  const applied: AppliedOperation[] = [];
  let chunks = 0;
  while (applied.length < operations.length) {
    const chunkStart = applied.length;
    const chunk = await inUnitOfWork(db, { publicBaseUrl, foundationLock: true }, async (uow) => {
      const started = performance.now();
      const done: AppliedOperation[] = [];
      do {
        const index = chunkStart + done.length;
        try {
          done.push(await applyOperation(uow, operations[index]!));
        } catch (error) {
          throw error instanceof CanopyError ? inBatch(error, index, { applied_before: chunkStart }) : error;
        }
        options.onApplied?.(index);
      } while (chunkStart + done.length < operations.length && performance.now() - started < chunkMs);
      return done;
    });
    applied.push(...chunk);
    chunks++;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { applied, chunks };
}

/** Applies one operation in a unit of work of its own. */
export async function applySingle(db: Kysely<DB>, operation: OperationData, publicBaseUrl: string): Promise<AppliedOperation> {
  return inUnitOfWork(db, { publicBaseUrl, foundationLock: true }, (uow) => applyOperation(uow, operation));
}

/** A refusal of the batch's operation `index`, as the batch reports it. */
export function inBatch(error: CanopyError, index: number, extra: Record<string, unknown> = {}): CanopyError {
  const at = ['operations', index];
  return error.within(at, { wholeAt: at, messagePrefix: `Operation ${index}: `, extra: { operation_index: index, ...extra } });
}

/**
 * Applies one operation and writes its events, in the caller's unit of work (which
 * should hold the foundation write lock). The input is validated before anything else,
 * so a malformed one is refused with its field named, whatever its size or depth. An
 * operation received before, by message_id or else by identical content, is a replay:
 * nothing changes and no event is written, even where a later operation has changed the
 * same object since. To send earlier content again on purpose, give the operation a new
 * message_id. A message_id that comes back with a different operation is refused
 * (message_id_reused), never silently taken for a replay. Tree counts need a message_id
 * (see below). Errors about the input name their field under `input`.
 */
export async function applyOperation(uow: UnitOfWork, operation: OperationData): Promise<AppliedOperation> {
  const definition = findOperation(operation.op);
  if (operation.op === 'change_allocation_trees' && !operation.message_id) {
    throw errors.parameterMissing(
      ['message_id'],
      'change_allocation_trees needs a message_id: a donation can be set to the same number of trees twice on purpose, and only your id tells a new change from a replay.',
    );
  }
  const input = insideInput(() => parseInput(definition.schema, operation.input));
  const contentHash = createHash('sha256').update(canonicalJson({ op: operation.op, input })).digest('hex');
  const key = operation.message_id ? `message:${operation.message_id}` : `content:${contentHash}`;
  const receipt = await uow.db.selectFrom('foundation_receipts').select(['object_id', 'content_hash']).where('key', '=', key).executeTakeFirst();
  if (receipt) {
    if (receipt.content_hash !== null && receipt.content_hash !== contentHash) {
      throw new CanopyError('message_id_reused', `message_id "${operation.message_id}" was received before with a different operation.`, ['message_id']);
    }
    return { op: operation.op, id: receipt.object_id, unchanged: true, events: [] };
  }

  const result = await insideInput(() => definition.apply(uow, input));
  const events = await uow.flush();
  await uow.db
    .insertInto('foundation_receipts')
    .values({ key, op: operation.op, object_id: result.id, content_hash: contentHash })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return { op: operation.op, ...result, events };
}

/** Runs part of an operation whose refusals name fields of its input: `trees` becomes `input[trees]`. */
function insideInput<T>(work: () => T): T {
  const relocate = (error: unknown) => (error instanceof CanopyError ? error.within(['input']) : error);
  try {
    const result = work();
    if (result instanceof Promise) return result.catch((error: unknown) => Promise.reject(relocate(error))) as T;
    return result;
  } catch (error) {
    throw relocate(error);
  }
}
