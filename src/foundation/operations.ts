import type { Static, TSchema } from '@sinclair/typebox';
import { errors } from '../core/errors.ts';
import type { UnitOfWork } from '../platform/events/unit-of-work.ts';
import { changeAllocationTrees, recordAllocation } from './ops/allocations.ts';
import { upsertPartner, upsertProject } from './ops/catalog.ts';
import { completePlanting, upsertPlanting } from './ops/plantings.ts';
import { publishVerification, recordMonitoring } from './ops/proof.ts';
import { createFoundationRecipient } from './ops/recipients.ts';
import type { OperationResult } from './results.ts';
import * as schemas from './schemas.ts';
import { parseInput } from './validate.ts';

/**
 * Every way in for the foundation, by name: the foundation HTTP API, its batch call,
 * the NDJSON import and the demo seed all go through this one table. An operation's
 * input is validated against its schema here, once, before the operation runs in the
 * caller's unit of work.
 */

interface Operation<S extends TSchema> {
  schema: S;
  apply(uow: UnitOfWork, input: Static<S>): Promise<OperationResult>;
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
  create_recipient: operation(schemas.CreateRecipientSchema, createFoundationRecipient),
} as const;

export type FoundationOperationName = keyof typeof FOUNDATION_OPERATIONS;
export const FOUNDATION_OPERATION_NAMES = Object.keys(FOUNDATION_OPERATIONS) as FoundationOperationName[];

/** One operation as data: `{"op": "upsert_planting", "input": {...}}`, the shape of a batch item or an import line. */
export type FoundationOperation = {
  [Name in FoundationOperationName]: { op: Name; input: Static<(typeof FOUNDATION_OPERATIONS)[Name]['schema']>; message_id?: string };
}[FoundationOperationName];

/** The operation an `op` names, or a 400 naming `op`. */
export function findOperation(op: string): Operation<TSchema> {
  if (!Object.hasOwn(FOUNDATION_OPERATIONS, op)) {
    throw errors.parameterInvalid(['op'], `Unknown operation "${op}"; use one of ${FOUNDATION_OPERATION_NAMES.join(', ')}.`);
  }
  return (FOUNDATION_OPERATIONS as Record<string, Operation<TSchema>>)[op]!;
}

/** Validates an operation's input; the error's path is within the input. */
export function validateOperation(operationData: { op: string; input: unknown }): { operation: Operation<TSchema>; input: unknown } {
  const operation = findOperation(operationData.op);
  return { operation, input: parseInput(operation.schema, operationData.input) };
}

/** Validates and runs one operation given as data, in the caller's unit of work. */
export async function applyFoundationOperation(uow: UnitOfWork, operationData: { op: string; input: unknown }): Promise<OperationResult> {
  const { operation, input } = validateOperation(operationData);
  return operation.apply(uow, input);
}
