import type { Static, TSchema } from '@sinclair/typebox';
import type { Db } from '../db/schema.ts';
import { changeAllocationTrees, recordAllocation } from './allocations.ts';
import { upsertPartner, upsertProject } from './catalog.ts';
import { FoundationError } from './errors.ts';
import { completePlanting, upsertPlanting } from './plantings.ts';
import { publishVerification, recordMonitoring } from './proof.ts';
import { createRecipient } from './recipients.ts';
import type { FoundationResult, OperationOptions } from './results.ts';
import * as schemas from './schemas.ts';

/**
 * Every way in for the foundation, by name: the foundation HTTP API, its batch call,
 * the NDJSON import and the demo seed all go through this one table. Each operation
 * validates its own input and runs in the caller's transaction.
 */

interface Operation<S extends TSchema> {
  schema: S;
  apply(db: Db, input: Static<S>, options?: OperationOptions): Promise<FoundationResult>;
}

const operation = <S extends TSchema>(schema: S, apply: Operation<S>['apply']): Operation<S> => ({ schema, apply });

export const FOUNDATION_OPERATIONS = {
  upsert_partner: operation(schemas.UpsertPartnerSchema, upsertPartner),
  upsert_project: operation(schemas.UpsertProjectSchema, upsertProject),
  upsert_planting: operation(schemas.UpsertPlantingSchema, upsertPlanting),
  complete_planting: operation(schemas.CompletePlantingSchema, completePlanting),
  record_monitoring: operation(schemas.RecordMonitoringSchema, recordMonitoring),
  publish_verification: operation(schemas.PublishVerificationSchema, publishVerification),
  record_allocation: operation(schemas.RecordAllocationSchema, recordAllocation),
  change_allocation_trees: operation(schemas.ChangeAllocationTreesSchema, changeAllocationTrees),
  create_recipient: operation(schemas.CreateRecipientSchema, createRecipient),
} as const;

export type FoundationOperationName = keyof typeof FOUNDATION_OPERATIONS;
export const FOUNDATION_OPERATION_NAMES = Object.keys(FOUNDATION_OPERATIONS) as FoundationOperationName[];

/** One operation as data: `{"op": "upsert_planting", "input": {...}}`, the shape of a batch item or an import line. */
export type FoundationOperation = {
  [Name in FoundationOperationName]: { op: Name; input: Static<(typeof FOUNDATION_OPERATIONS)[Name]['schema']>; message_id?: string };
}[FoundationOperationName];

/** Runs one operation given as data; an unknown `op` or a bad input is a FoundationError. */
export async function applyFoundationOperation(db: Db, operationData: { op: string; input: unknown }, options: OperationOptions = {}): Promise<FoundationResult> {
  const entry = (FOUNDATION_OPERATIONS as Record<string, Operation<TSchema>>)[operationData.op];
  if (!entry || !Object.hasOwn(FOUNDATION_OPERATIONS, operationData.op)) {
    throw new FoundationError('parameter_invalid', `Unknown operation "${operationData.op}"; use one of ${FOUNDATION_OPERATION_NAMES.join(', ')}.`, 'op');
  }
  // Each operation validates its own input.
  return entry.apply(db, operationData.input, options);
}
