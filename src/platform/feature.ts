import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import type { DashboardMenuItem } from './dashboard/page.ts';
import type { EventRenderer } from './events/renderers.ts';
import type { ModuleOptions } from './http/module.ts';
import type { JobKind } from './jobs/job.ts';

/**
 * One feature of Canopy, as src/features.ts lists it: what it adds to the v2 API, the
 * public pages, the worker and the event log. Everything is optional; a feature names only
 * what it has. The platform mounts and runs these without knowing any feature.
 */
export interface Feature {
  /** Its folder under modules/, for messages. */
  name: string;
  /** Its v2 API routes, mounted under /v2 behind a company token. */
  api?: FastifyPluginAsyncTypebox<ModuleOptions>;
  /** The named schemas its API answers reference, in the order the OpenAPI document lists them. */
  schemas?: readonly TSchema[];
  /** Its public pages (no login): each request counts against the visitor's page limit (PUBLIC_PAGE_REQUESTS_PER_MINUTE). */
  pages?: FastifyPluginAsyncTypebox<ModuleOptions>;
  /** Files its pages and others link to (images), served without counting against the page limit. */
  assets?: FastifyPluginAsyncTypebox<ModuleOptions>;
  /**
   * Its pages of the company dashboard, under /dashboard, behind a signed-in person (each
   * route's `config.dashboardAccess` says who may open it: platform/dashboard/surface.ts).
   */
  dashboard?: FastifyPluginAsyncTypebox<ModuleOptions>;
  /** Its entries in the dashboard's menu, in the order shown. */
  dashboardMenu?: readonly DashboardMenuItem[];
  /** Its kinds of background job. */
  jobs?: readonly JobKind[];
  /** Those of its jobs every worker keeps scheduled (platform/jobs/housekeeping.ts); each is in `jobs` too. */
  housekeeping?: readonly JobKind[];
  /** The renderers of its event types. */
  events?: readonly EventRenderer[];
}
