import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listEnvelope, NoQuery } from '../../platform/http/params.ts';
import { presentCertificates } from './present.ts';
import { findCertificate, listCertificates } from './queries.ts';
import { CertificateList, CertificateListQuery, CertificateParams, CertificateSchema } from './schemas.ts';

export const certificateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/certificates',
    {
      config: { scope: 'certificates:read' },
      schema: {
        operationId: 'listCertificates',
        summary: 'List certificates, the company certificate and personal ones, newest first',
        tags: ['Certificates'],
        querystring: CertificateListQuery,
        response: { 200: CertificateList },
      },
    },
    async (request) => {
      const { rows, hasMore } = await listCertificates(request.ctx, request.query);
      return listEnvelope('/v2/certificates', await presentCertificates(request.ctx, rows), hasMore);
    },
  );

  app.get(
    '/certificates/:id',
    {
      config: { scope: 'certificates:read', resource: 'certificate' },
      schema: {
        operationId: 'getCertificate',
        summary: 'Retrieve a certificate, with a fresh signed download_url',
        tags: ['Certificates'],
        params: CertificateParams,
        querystring: NoQuery,
        response: { 200: Type.Ref(CertificateSchema) },
      },
    },
    async (request) => {
      const [certificate] = await presentCertificates(request.ctx, [await findCertificate(request.ctx, request.params.id)]);
      return certificate;
    },
  );
};
