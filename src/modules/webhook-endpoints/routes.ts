import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const webhookEndpointRoutes: FastifyPluginAsyncTypebox = async () => {};
