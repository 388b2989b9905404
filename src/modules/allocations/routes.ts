import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listEnvelope } from '../../platform/http/params.ts';
import { presentAllocations } from './present.ts';
import { findAllocation, listAllocations } from './queries.ts';
import { AllocationList, AllocationListQuery, AllocationParams, AllocationRetrieveQuery, AllocationSchema } from './schemas.ts';

export const allocationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/allocations',
    {
      config: { scope: 'allocations:read' },
      schema: {
        operationId: 'listAllocations',
        summary: 'List allocations, newest first',
        tags: ['Allocations'],
        querystring: AllocationListQuery,
        response: { 200: AllocationList },
      },
    },
    async (request) => {
      const { rows, hasMore } = await listAllocations(request.ctx, request.query);
      const data = await presentAllocations(request.ctx, rows, request.query['expand[]']);
      return listEnvelope('/v2/allocations', data, hasMore);
    },
  );

  app.get(
    '/allocations/:id',
    {
      config: { scope: 'allocations:read', resource: 'allocation' },
      schema: {
        operationId: 'getAllocation',
        summary: 'Retrieve an allocation',
        tags: ['Allocations'],
        params: AllocationParams,
        querystring: AllocationRetrieveQuery,
        response: { 200: Type.Ref(AllocationSchema) },
      },
    },
    async (request) => {
      const row = await findAllocation(request.ctx, request.params.id);
      const [allocation] = await presentAllocations(request.ctx, [row], request.query['expand[]']);
      return allocation;
    },
  );
};
