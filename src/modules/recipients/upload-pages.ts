import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../platform/http/module.ts';

/** CSV uploads of recipients in the dashboard: template, preview, background giving, progress, result file (issue 26). */
export const uploadPages: FastifyPluginAsyncTypebox<ModuleOptions> = async () => {};
