import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const plantingRoutes: FastifyPluginAsyncTypebox = async () => {};
