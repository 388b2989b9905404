import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../core/errors.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { CsvExportResponse, ExportQuery, GeoJsonExportResponse } from './schemas.ts';
import { EXPORT_DEADLINE_MS, EXPORT_RETRY_AFTER_SECONDS, exportSlotsFor } from './limits.ts';
import { type ExportFormat, exportStream, type SnapshotKind } from './stream.ts';

const MEDIA: Record<ExportFormat, string> = { geojson: 'application/geo+json; charset=utf-8', csv: 'text/csv; charset=utf-8' };
export const DIGEST_TRAILER = 'canopy-export-sha256';

/** Where the database is, so the export knows whether it may hold a snapshot (stream.ts inExportSnapshot). */
export const snapshotKindOf = (config: ModuleOptions['config']): SnapshotKind => (config.databaseUrl ? 'postgres' : 'pglite');

/**
 * The audit export (issue 26): the company's plantings as GeoJSON and as CSV, streamed,
 * under the scope that reads plantings. The answer is never cached: it is the data as of now.
 * One export per company at a time, a few per process, each cut at its deadline (limits.ts):
 * beyond them, 429 `export_in_progress` with Retry-After.
 */
export const exportRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { config, db }) => {
  const kind = snapshotKindOf(config);
  const slots = exportSlotsFor(db);

  const answer = (request: FastifyRequest, reply: FastifyReply, format: ExportFormat) => {
    const slot = slots.take(request.ctx.companyId);
    if ('refused' in slot) {
      reply.header('Retry-After', String(EXPORT_RETRY_AFTER_SECONDS));
      throw errors.exportInProgress(slot.refused, EXPORT_RETRY_AFTER_SECONDS);
    }
    const { body, digest } = exportStream(request.ctx, kind, format, (error) => request.log.error({ err: error }, 'the plantings export failed part way'), {
      deadline: AbortSignal.timeout(EXPORT_DEADLINE_MS),
      onEnd: slot.release,
    });
    reply.type(MEDIA[format]);
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Disposition', `attachment; filename="plantings.${format}"`);
    reply.trailer(DIGEST_TRAILER, async () => (await digest)?.sha256 ?? '');
    return reply.send(body);
  };

  app.get(
    '/exports/plantings.geojson',
    {
      config: { scope: 'plantings:read', errors: ['export_in_progress'] },
      schema: {
        operationId: 'exportPlantingsGeoJson',
        summary: "Export the company's plantings as GeoJSON, for an audit",
        description: 'One feature per planting holding the company\'s trees, with its polygon, the company\'s trees by status, the latest survival measurement, the '
          + 'verification and photo URLs; an `as_of` and, as the last member, the SHA-256 of everything before it. Streamed: any size of company.',
        tags: ['Exports'],
        querystring: ExportQuery,
        response: GeoJsonExportResponse,
      },
    },
    async (request, reply) => answer(request, reply, 'geojson'),
  );

  app.get(
    '/exports/plantings.csv',
    {
      config: { scope: 'plantings:read', errors: ['export_in_progress'] },
      schema: {
        operationId: 'exportPlantingsCsv',
        summary: "Export the company's plantings as CSV, for an audit",
        description: 'The rows of the GeoJSON export, one per planting, with `as_of` in every row. Streamed; the SHA-256 of the body follows it as an HTTP trailer.',
        tags: ['Exports'],
        querystring: ExportQuery,
        response: CsvExportResponse,
      },
    },
    async (request, reply) => answer(request, reply, 'csv'),
  );
};
