import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { presentCompany } from './present.ts';
import { retrieveCompany } from './queries.ts';
import { CompanyQuery, CompanySchema } from './schemas.ts';

export const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/company',
    {
      config: { scope: 'company:read' },
      schema: {
        operationId: 'getCompany',
        summary: 'Retrieve the company, its plan and its tree totals',
        tags: ['Company'],
        querystring: CompanyQuery,
        response: { 200: Type.Ref(CompanySchema) },
      },
    },
    async (request) => presentCompany(await retrieveCompany(request.ctx), request.ctx),
  );
};
