import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listEnvelope } from '../../platform/http/params.ts';
import { presentMonitoring, presentVerification } from '../proof/present.ts';
import { presentProjects } from './present.ts';
import { findProject, listMonitoring, listProjects, listVerifications } from './queries.ts';
import {
  MonitoringList, ProjectList, ProjectListQuery, ProjectParams, ProjectRetrieveQuery, ProjectSchema, ProjectSubListQuery, VerificationList,
} from './schemas.ts';

export const projectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/projects',
    {
      config: { scope: 'projects:read' },
      schema: {
        operationId: 'listProjects',
        summary: "List the projects that hold the company's trees, newest first",
        tags: ['Projects'],
        querystring: ProjectListQuery,
        response: { 200: ProjectList },
      },
    },
    async (request) => {
      const { rows, hasMore } = await listProjects(request.ctx, request.query);
      const data = await presentProjects(request.ctx, rows, request.query['expand[]']);
      return listEnvelope('/v2/projects', data, hasMore);
    },
  );

  app.get(
    '/projects/:id',
    {
      config: { scope: 'projects:read', resource: 'project' },
      schema: {
        operationId: 'getProject',
        summary: 'Retrieve a project',
        tags: ['Projects'],
        params: ProjectParams,
        querystring: ProjectRetrieveQuery,
        response: { 200: Type.Ref(ProjectSchema) },
      },
    },
    async (request) => {
      const row = await findProject(request.ctx, request.params.id);
      const [project] = await presentProjects(request.ctx, [row], request.query['expand[]']);
      return project;
    },
  );

  app.get(
    '/projects/:id/verifications',
    {
      config: { scope: 'projects:read', resource: 'project' },
      schema: {
        operationId: 'listProjectVerifications',
        summary: "List a project's verification statements, newest first",
        tags: ['Projects'],
        params: ProjectParams,
        querystring: ProjectSubListQuery,
        response: { 200: VerificationList },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { rows, hasMore } = await listVerifications(request.ctx, id, request.query);
      const data = rows.map((row) => presentVerification(row, request.ctx));
      return listEnvelope(`/v2/projects/${id}/verifications`, data, hasMore);
    },
  );

  app.get(
    '/projects/:id/monitoring',
    {
      config: { scope: 'projects:read', resource: 'project' },
      schema: {
        operationId: 'listProjectMonitoring',
        summary: 'List measurements of a project and its plantings, newest first',
        tags: ['Projects'],
        params: ProjectParams,
        querystring: ProjectSubListQuery,
        response: { 200: MonitoringList },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { rows, hasMore } = await listMonitoring(request.ctx, id, request.query);
      const data = rows.map((row) => presentMonitoring(row, request.ctx));
      return listEnvelope(`/v2/projects/${id}/monitoring`, data, hasMore);
    },
  );
};
