import { Type } from '@sinclair/typebox';
import { idPattern } from '../../core/ids.ts';
import { LANGUAGES } from '../../core/i18n.ts';
import { type DocumentSchema, idString, Nullable, StringEnum, Timestamp, Url, withDocumentedForm } from '../../core/schema.ts';
import { createdSinceParam, idParams, listSchema, pageParams, updatedSinceParam } from '../../platform/http/params.ts';

export const CERTIFICATE_TYPES = ['company', 'personal', 'gift'] as const;

const DOWNLOAD_URL = Url('A signed link to the PDF, valid for an hour; every retrieval gives a fresh one.');

/** The fields of a certificate but its download link. */
const CERTIFICATE_FIELDS = {
  id: idString('certificate'),
  object: Type.Literal('certificate'),
  livemode: Type.Boolean(),
  type: StringEnum(CERTIFICATE_TYPES),
  number: Type.String({ description: 'Printed on the certificate, e.g. CNP-2026-000123.' }),
  trees: Type.Integer(),
  project: Nullable(idString('project', 'prj_ id; null on a company certificate, which covers every project.')),
  recipient: Nullable(idString('recipient', 'rcp_ id; null on a company certificate.')),
  allocations: Type.Array(idString('allocation'), { description: "alloc_ ids of the recipient's trees; empty on a company certificate (see GET /v2/allocations)." }),
  language: StringEnum(LANGUAGES),
  issued_at: Timestamp('When this version was issued; a reissue (after a change of name, language or message) moves it.'),
  url: Url('The stable public verification page.'),
};

/**
 * A certificate inside a recipient or an event, which a token without certificates:read
 * may read: there it comes without its download link. Only the OpenAPI document names it
 * (the Certificate schema serialises both).
 */
export const EmbeddedCertificateSchema = Type.Object(
  {
    ...CERTIFICATE_FIELDS,
    download_url: Type.Optional(Url(`${DOWNLOAD_URL.description} Omitted for a token without certificates:read.`)),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'EmbeddedCertificate', description: 'A certificate as a recipient or an event holds it: its download_url only for a token with certificates:read.' },
);

/**
 * As GET /v2/certificates answers it (certificates:read), always with a download link.
 * At run time download_url stays optional, for the recipients and events that serialise
 * a certificate with this schema; the document says what each answer holds.
 */
export const CertificateSchema = withDocumentedForm(Type.Object(
  {
    ...CERTIFICATE_FIELDS,
    download_url: Type.Optional(DOWNLOAD_URL),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Certificate', description: 'A certificate of trees, personal or of the whole company.' },
), {
  components: [EmbeddedCertificateSchema],
  document: (generated) => {
    const properties = generated.properties as Record<string, DocumentSchema>;
    const required = new Set([...(generated.required as string[]), 'download_url']);
    return { ...generated, required: Object.keys(properties).filter((name) => required.has(name)) };
  },
});

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
