import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../platform/http/module.ts';

/** Recipients in the dashboard: give trees to one person, list, search, edit, delete, resend (issue 26). */
export const recipientPages: FastifyPluginAsyncTypebox<ModuleOptions> = async () => {};
