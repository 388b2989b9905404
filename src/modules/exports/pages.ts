import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ReadContext } from '../../core/context.ts';
import { dashboardMessage, dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { EXPORT_DEADLINE_MS, EXPORT_RETRY_AFTER_SECONDS, exportSlotsFor } from './limits.ts';
import { snapshotKindOf } from './routes.ts';
import { TEXTS } from './texts.ts';
import { exportZip } from './zip.ts';

const PAGE = new URL('./templates/exports.eta', import.meta.url);
const MEMBER = { config: { dashboardAccess: 'member' as const }, schema: { hide: true } };
const STYLE = [
  'dl.files dt{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;font-weight:600;margin-top:8px}',
  'dl.files dd{margin:2px 0 0 0}',
  'code.path{overflow-wrap:anywhere}',
  '.card h2{margin-top:0}',
].join('');

type Query = { Querystring: { mode?: unknown } };

/**
 * Reporting > Export (`/dashboard/exports`, every plan, admins and members: reporting is
 * for everyone): what the export holds, and its download, a zip streamed as it is made
 * (zip.ts). Test data exists only where test tokens can make it, on automate. The zip shares
 * the API's limits (limits.ts): beyond them, a 429 page saying when to come back.
 */
export const exportPages: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  const kind = snapshotKindOf(config);
  const slots = exportSlotsFor(db);
  const modeOf = (request: FastifyRequest<Query>) => {
    const testable = signedIn(request).company.plan === 'automate';
    return { testable, livemode: !(testable && request.query.mode === 'test') };
  };

  app.get<Query>('/exports', MEMBER, async (request, reply) => {
    const session = signedIn(request);
    const t = TEXTS[session.language];
    const { testable, livemode } = modeOf(request);
    const zipUrl = `/dashboard/exports/plantings.zip${livemode ? '' : '?mode=test'}`;
    return dashboardPage(request, reply, 200, PAGE, {
      t, heading: t.exportsTitle, testable, livemode, zipUrl, onAutomate: testable, headStyle: STYLE,
      apiUrls: ['geojson', 'csv'].map((format) => `${config.publicBaseUrl}/v2/exports/plantings.${format}`),
    });
  });

  app.get<Query>('/exports/plantings.zip', MEMBER, async (request, reply) => {
    const session = signedIn(request);
    const { livemode } = modeOf(request);
    const t = TEXTS[session.language];
    const slot = slots.take(session.company.id);
    if ('refused' in slot) {
      reply.header('Retry-After', String(EXPORT_RETRY_AFTER_SECONDS));
      return dashboardMessage(request, reply, 429, {
        heading: t.busyTitle, text: t.busyBody(EXPORT_RETRY_AFTER_SECONDS), linkUrl: `/dashboard/exports${livemode ? '' : '?mode=test'}`, linkText: t.backToExport,
      });
    }
    const ctx: ReadContext = {
      db, companyId: session.company.id, livemode, language: session.language, scopes: ['plantings:read'], publicBaseUrl: config.publicBaseUrl, secretKey: null,
    };
    const day = new Date().toISOString().slice(0, 10);
    const { archive } = exportZip(ctx, kind, t, session.company.name, (error) => request.log.error({ err: error }, 'the plantings zip failed part way'), {
      deadline: AbortSignal.timeout(EXPORT_DEADLINE_MS),
      onEnd: slot.release,
    });
    reply.type('application/zip');
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Disposition', `attachment; filename="canopy-plantings-${livemode ? '' : 'test-'}${day}.zip"`);
    return reply.send(archive);
  });
};
