import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { FOUNDATION_OPERATION_NAMES } from '../foundation/operations.ts';
import { bearerToken } from '../http/auth.ts';
import { type AjvError, validationError } from '../http/error-handler.ts';
import { ApiError, errors } from '../http/errors.ts';
import { StringEnum } from '../http/common-schemas.ts';
import { applyOperations, BatchOperationError } from './apply.ts';
import { foundationApiError } from './errors.ts';
import { foundationKeyValid } from './keys.ts';

/**
 * The foundation API: how the donation foundation pushes partners, projects,
 * plantings, proof and allocations into Canopy. Authenticated with a foundation key,
 * not a company token. Every operation is keyed by the foundation's own reference, so
 * sending one again changes nothing. See docs/foundation.md.
 */

const MAX_BATCH = 1000;

/**
 * A batch item whose envelope is wrong (an unknown `op`, a field beside op/input/message_id)
 * fails the body schema before any operation runs; like a refused input, the error names
 * the operation with `operation_index`.
 */
function batchValidationError(request: FastifyRequest, validation: AjvError[]): ApiError {
  const error = validationError(validation, 'body', request);
  const index = /^operations\[(\d+)\]/.exec(error.param ?? '')?.[1];
  if (index === undefined) return error;
  return new ApiError(error.status, error.type, error.code, `Operation ${index}: ${error.message}`, error.param, { operation_index: Number(index) });
}

const OperationSchema = Type.Object(
  {
    op: StringEnum(FOUNDATION_OPERATION_NAMES, { description: 'Which operation; see docs/foundation.md.' }),
    input: Type.Object({}, { additionalProperties: true, description: 'The operation\'s input, validated by the operation.' }),
    message_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Your id of this message. A message id seen before is a replay; without one, an operation identical to one applied before is.' })),
  },
  { additionalProperties: false },
);

const ResultSchema = Type.Object({
  op: Type.String(),
  id: Type.String({ description: "Canopy's id of the object the operation is about." }),
  unchanged: Type.Boolean({ description: 'True when the operation changed nothing (a replay).' }),
  events: Type.Array(Type.String(), { description: 'Events written for the companies concerned.' }),
});

export function foundationRoutes(db: Kysely<DB>, publicBaseUrl: string): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      const key = bearerToken(request.headers.authorization);
      if (!(await foundationKeyValid(db, key))) throw errors.tokenInvalid();
    });

    const apply = async (operations: { op: string; input: unknown }[], single: boolean) => {
      try {
        const applied = await applyOperations(db, operations, publicBaseUrl);
        return applied.map(({ op, id, unchanged, events }) => ({ op, id, unchanged, events }));
      } catch (error) {
        if (error instanceof BatchOperationError) throw foundationApiError(error.cause, single ? ['input'] : ['operations', String(error.index), 'input'], single ? null : error.index);
        throw error;
      }
    };

    app.post(
      '/operations',
      {
        schema: {
          hide: true, // not part of the integrators' v2 document; see docs/foundation.md
          operationId: 'foundationApplyOperation',
          summary: 'Apply one foundation operation',
          tags: ['Foundation'],
          body: OperationSchema,
          response: { 200: ResultSchema },
        },
      },
      async (request) => (await apply([request.body], true))[0],
    );

    app.post(
      '/batch',
      {
        attachValidation: true,
        schema: {
          hide: true,
          operationId: 'foundationApplyBatch',
          summary: 'Apply many operations in one transaction, all or nothing',
          tags: ['Foundation'],
          body: Type.Object({ operations: Type.Array(OperationSchema, { minItems: 1, maxItems: MAX_BATCH }) }, { additionalProperties: false }),
          response: { 200: Type.Object({ object: Type.Literal('list'), data: Type.Array(ResultSchema) }) },
        },
      },
      async (request) => {
        if (request.validationError) throw batchValidationError(request, request.validationError.validation as AjvError[]);
        return { object: 'list' as const, data: await apply(request.body.operations, false) };
      },
    );
  };
}
