import { Type } from '@sinclair/typebox';
import { idPattern } from '../../core/ids.ts';
import { idString, Nullable, StringEnum, Timestamp } from '../../core/schema.ts';
import { createdSinceParam, idParams, listSchema, pageParams, updatedSinceParam } from '../../http/params.ts';

export const CERTIFICATE_TYPES = ['company', 'personal', 'gift'] as const;

export const CertificateSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('certificate'),
    livemode: Type.Boolean(),
    type: StringEnum(CERTIFICATE_TYPES),
    number: Type.String({ description: 'Printed on the certificate, e.g. CNP-2026-000123.' }),
    trees: Type.Integer(),
    project: Nullable(Type.String({ description: 'prj_ id; null on a company certificate, which covers every project.' })),
    recipient: Nullable(Type.String({ description: 'rcp_ id; null on a company certificate.' })),
    allocations: Type.Array(Type.String(), { description: "alloc_ ids of the recipient's trees; empty on a company certificate (see GET /v2/allocations)." }),
    language: StringEnum(['en', 'nl']),
    issued_at: Timestamp('When this version was issued; a reissue (after a change of name, language or message) moves it.'),
    url: Type.String({ description: 'The stable public verification page.' }),
    download_url: Type.Optional(
      Type.String({ description: 'A signed link to the PDF, valid for an hour; every retrieval gives a fresh one. Omitted without certificates:read (on a recipient, an expand or an event).' }),
    ),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Certificate', description: 'A certificate of trees, personal or of the whole company.' },
);

export const CertificateListQuery = Type.Object(
  {
    type: Type.Optional(StringEnum(CERTIFICATE_TYPES)),
    recipient: Type.Optional(Type.String({ pattern: idPattern('recipient') })),
    project: Type.Optional(idString('project')),
    ...updatedSinceParam,
    ...createdSinceParam,
    ...pageParams,
  },
  { additionalProperties: false },
);
export const CertificateParams = idParams('certificate');
export const CertificateList = listSchema(Type.Ref(CertificateSchema), 'Certificates, newest first.');
