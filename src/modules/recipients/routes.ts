import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listEnvelope, NoQuery } from '../../platform/http/params.ts';
import { presentRecipients } from './present.ts';
import { findRecipient, listRecipients } from './queries.ts';
import {
  CreateRecipientBody, DeletedRecipientSchema, RecipientList, RecipientListQuery, RecipientParams, RecipientSchema, UpdateRecipientBody,
} from './schemas.ts';
import { createRecipient, deleteRecipient, updateRecipient } from './service.ts';

const tags = ['Recipients'];

export const recipientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/recipients',
    {
      config: { scope: 'recipients:read' },
      schema: { operationId: 'listRecipients', summary: 'List recipients, newest first', tags, querystring: RecipientListQuery, response: { 200: RecipientList } },
    },
    async (request) => {
      const { rows, hasMore } = await listRecipients(request.ctx, request.query);
      return listEnvelope('/v2/recipients', await presentRecipients(request.ctx, rows), hasMore);
    },
  );

  app.get(
    '/recipients/:id',
    {
      config: { scope: 'recipients:read', resource: 'recipient' },
      schema: {
        operationId: 'getRecipient', summary: 'Retrieve a recipient with its certificate', tags,
        params: RecipientParams, querystring: NoQuery, response: { 200: Type.Ref(RecipientSchema) },
      },
    },
    async (request) => (await presentRecipients(request.ctx, [await findRecipient(request.ctx, request.params.id)]))[0],
  );

  app.post(
    '/recipients',
    {
      config: { scope: 'recipients:write', idempotency: 'required', errors: ['no_trees_available', 'external_reference_taken', 'resource_missing'] },
      schema: {
        operationId: 'createRecipient',
        summary: 'Give trees to a person: they come from your oldest unassigned trees, and a certificate follows',
        description: 'Needs an Idempotency-Key header. The answer has certificate: null; certificate.created announces it moments later.',
        tags,
        querystring: NoQuery,
        body: CreateRecipientBody,
        response: { 200: Type.Ref(RecipientSchema) },
      },
    },
    async (request) => createRecipient(request.ctx, request.body),
  );

  app.patch(
    '/recipients/:id',
    {
      config: { scope: 'recipients:write', resource: 'recipient', errors: ['parameter_missing', 'external_reference_taken'] },
      schema: {
        operationId: 'updateRecipient',
        summary: 'Change a recipient; a new name, language or message reissues its certificate',
        tags, params: RecipientParams, querystring: NoQuery, body: UpdateRecipientBody, response: { 200: Type.Ref(RecipientSchema) },
      },
    },
    async (request) => updateRecipient(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/recipients/:id',
    {
      config: { scope: 'recipients:write', resource: 'recipient' },
      schema: {
        operationId: 'deleteRecipient',
        summary: 'Delete a recipient: personal data and certificate removed, trees back to unassigned',
        tags, params: RecipientParams, querystring: NoQuery, response: { 200: DeletedRecipientSchema },
      },
    },
    async (request) => deleteRecipient(request.ctx, request.params.id),
  );
};
