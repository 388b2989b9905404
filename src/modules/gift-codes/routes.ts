import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { emptyBodyAsObject, listEnvelope, NoQuery } from '../../platform/http/params.ts';
import { presentGiftCodes } from './present.ts';
import { findGiftCode, listGiftCodes } from './queries.ts';
import { CreateGiftCodeBody, GiftCodeList, GiftCodeListQuery, GiftCodeParams, GiftCodeQuery, GiftCodeSchema, RevokeGiftCodeBody } from './schemas.ts';
import { createGiftCode, revokeGiftCode } from './service.ts';

const tags = ['Gift codes'];

export const giftCodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/gift-codes',
    {
      config: { scope: 'gift-codes:read' },
      schema: { operationId: 'listGiftCodes', summary: 'List gift codes, newest first', tags, querystring: GiftCodeListQuery, response: { 200: GiftCodeList } },
    },
    async (request) => {
      const { rows, hasMore } = await listGiftCodes(request.ctx, request.query);
      return listEnvelope('/v2/gift-codes', await presentGiftCodes(request.ctx, rows, request.query['expand[]']), hasMore);
    },
  );

  app.get(
    '/gift-codes/:id',
    {
      config: { scope: 'gift-codes:read', resource: 'gift_code' },
      schema: {
        operationId: 'getGiftCode', summary: 'Retrieve a gift code, with its recipient once claimed', tags,
        params: GiftCodeParams, querystring: GiftCodeQuery, response: { 200: Type.Ref(GiftCodeSchema) },
      },
    },
    async (request) => (await presentGiftCodes(request.ctx, [await findGiftCode(request.ctx, request.params.id)], request.query['expand[]']))[0],
  );

  app.post(
    '/gift-codes',
    {
      config: { scope: 'gift-codes:write', idempotency: 'required', errors: ['no_trees_available', 'resource_missing'] },
      schema: {
        operationId: 'createGiftCode',
        summary: 'Reserve trees behind a code that a person claims on the public claim page',
        description: 'Needs an Idempotency-Key header. The trees come from your oldest unassigned trees; hand the code or claim_url out yourself (Canopy does not email it).',
        tags,
        querystring: NoQuery,
        body: CreateGiftCodeBody,
        response: { 200: Type.Ref(GiftCodeSchema) },
      },
    },
    async (request) => createGiftCode(request.ctx, request.body),
  );

  app.post(
    '/gift-codes/:id/revoke',
    {
      config: { scope: 'gift-codes:write', resource: 'gift_code', errors: ['gift_code_not_open'] },
      preValidation: emptyBodyAsObject,
      schema: {
        operationId: 'revokeGiftCode',
        summary: 'Revoke an open gift code: its trees return to your unassigned trees',
        description:
          'Only an open code can be revoked (409 gift_code_not_open otherwise). To take back the trees of a claimed code, delete its recipient. '
          + 'With `remove_personal_data: true` its `sent_to` is erased as well; on a code already revoked or expired that erases `sent_to` alone.',
        tags, params: GiftCodeParams, querystring: NoQuery, body: RevokeGiftCodeBody, response: { 200: Type.Ref(GiftCodeSchema) },
      },
    },
    async (request) => revokeGiftCode(request.ctx, request.params.id, request.body),
  );
};
