import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listEnvelope } from '../../platform/http/params.ts';
import { presentPlantings } from './present.ts';
import { findPlanting, listPlantings } from './queries.ts';
import { PlantingList, PlantingListQuery, PlantingParams, PlantingRetrieveQuery, PlantingSchema } from './schemas.ts';

export const plantingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/plantings',
    {
      config: { scope: 'plantings:read' },
      schema: {
        operationId: 'listPlantings',
        summary: "List the plantings that hold the company's trees, newest first",
        tags: ['Plantings'],
        querystring: PlantingListQuery,
        response: { 200: PlantingList },
      },
    },
    async (request) => {
      const { rows, hasMore } = await listPlantings(request.ctx, request.query);
      const data = await presentPlantings(request.ctx, rows, request.query['expand[]']);
      return listEnvelope('/v2/plantings', data, hasMore);
    },
  );

  app.get(
    '/plantings/:id',
    {
      config: { scope: 'plantings:read', resource: 'planting' },
      schema: {
        operationId: 'getPlanting',
        summary: 'Retrieve a planting with its proof dossier',
        tags: ['Plantings'],
        params: PlantingParams,
        querystring: PlantingRetrieveQuery,
        response: { 200: Type.Ref(PlantingSchema) },
      },
    },
    async (request) => {
      const row = await findPlanting(request.ctx, request.params.id);
      const [planting] = await presentPlantings(request.ctx, [row], request.query['expand[]']);
      return planting;
    },
  );
};
