import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { CanopyError, errors } from '../core/errors.ts';
import { StringEnum } from '../core/schema.ts';
import { bearerToken } from '../platform/http/auth.ts';
import { type AjvError, validationError } from '../platform/http/error-handler.ts';
import type { ModuleOptions } from '../platform/http/module.ts';
import { NoQuery } from '../platform/http/params.ts';
import { foundationKeyValid } from '../operator/foundation-keys.ts';
import { type AppliedOperation, applyBatch, applySingle, inBatch } from './apply.ts';
import { FOUNDATION_OPERATION_NAMES } from './operations.ts';

/**
 * The foundation API: how the donation foundation pushes partners, projects,
 * plantings, proof and allocations into Canopy. Authenticated with a foundation key,
 * not a company token. Every operation is keyed by the foundation's own reference, so
 * sending one again changes nothing. See docs/foundation.md.
 */

/**
 * A batch is one transaction, and on the embedded database every API query waits for it
 * (about 5.5 ms an operation there): 200 keeps that wait near a second. Larger loads go
 * through `canopy import`, which commits in chunks.
 */
const MAX_BATCH = 200;

/**
 * A batch item whose envelope is wrong (an unknown `op`, a field beside op/input/message_id)
 * fails the body schema before any operation runs; like a refused input, the error names
 * the operation with `operation_index`.
 */
function batchValidationError(request: FastifyRequest, validation: AjvError[], context: string | undefined): CanopyError {
  const error = validationError(validation, context, request);
  const [container, index, ...inside] = error.path ?? [];
  if (container !== 'operations' || index === undefined) return error;
  return inBatch(new CanopyError(error.code, error.message, inside, error.extra), Number(index));
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

export const foundationRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  const { publicBaseUrl } = config;
  app.addHook('onRequest', async (request) => {
    const key = bearerToken(request.raw.rawHeaders);
    if (!(await foundationKeyValid(db, key))) throw errors.tokenInvalid();
  });

  const result = ({ op, id, unchanged, events }: AppliedOperation) => ({ op, id, unchanged, events });

  app.post(
    '/operations',
    {
      schema: {
        hide: true, // not part of the integrators' v2 document; see docs/foundation.md
        operationId: 'foundationApplyOperation',
        summary: 'Apply one foundation operation',
        tags: ['Foundation'],
        // No parameter changes what an operation does, so one sent (?dry_run=true) is refused rather than ignored.
        querystring: NoQuery,
        body: OperationSchema,
        response: { 200: ResultSchema },
      },
    },
    async (request) => result(await applySingle(db, request.body, publicBaseUrl)),
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
        querystring: NoQuery,
        body: Type.Object({ operations: Type.Array(OperationSchema, { minItems: 1, maxItems: MAX_BATCH }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ object: Type.Literal('list'), data: Type.Array(ResultSchema) }) },
      },
    },
    async (request) => {
      const invalid = request.validationError;
      if (invalid) throw batchValidationError(request, invalid.validation as AjvError[], invalid.validationContext);
      const applied = await applyBatch(db, request.body.operations, publicBaseUrl);
      return { object: 'list' as const, data: applied.map(result) };
    },
  );
};
