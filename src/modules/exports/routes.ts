import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { CsvExportResponse, ExportQuery, GeoJsonExportResponse } from './schemas.ts';
import { type ExportFormat, exportStream, type SnapshotKind } from './stream.ts';

const MEDIA: Record<ExportFormat, string> = { geojson: 'application/geo+json; charset=utf-8', csv: 'text/csv; charset=utf-8' };
export const DIGEST_TRAILER = 'canopy-export-sha256';

/** Where the database is, so the export knows whether it may hold a snapshot (stream.ts inExportSnapshot). */
export const snapshotKindOf = (config: ModuleOptions['config']): SnapshotKind => (config.databaseUrl ? 'postgres' : 'pglite');

/**
 * The audit export (issue 26): the company's plantings as GeoJSON and as CSV, streamed,
 * under the scope that reads plantings. The answer is never cached: it is the data as of now.
 */
export const exportRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { config }) => {
  const kind = snapshotKindOf(config);

  const answer = (request: FastifyRequest, reply: FastifyReply, format: ExportFormat) => {
    const { body, digest } = exportStream(request.ctx, kind, format, (error) => request.log.error({ err: error }, 'the plantings export failed part way'));
    reply.type(MEDIA[format]);
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Disposition', `attachment; filename="plantings.${format}"`);
    reply.trailer(DIGEST_TRAILER, async () => (await digest)?.sha256 ?? '');
    return reply.send(body);
  };

  app.get(
    '/exports/plantings.geojson',
    {
      config: { scope: 'plantings:read' },
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
      config: { scope: 'plantings:read' },
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
