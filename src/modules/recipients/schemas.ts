import { Type } from '@sinclair/typebox';
import { LANGUAGES } from '../../core/i18n.ts';
import { componentRef, type DocumentSchema, idString, Nullable, StoredEnum, StringEnum, Timestamp, withDocumentedForm } from '../../core/schema.ts';
import { createdSinceParam, idParams, listSchema, pageParams, updatedSinceParam } from '../../platform/http/params.ts';
import { EmbeddedCertificateSchema } from '../certificates/schemas.ts';

export const RECIPIENT_SOURCES = ['api', 'dashboard', 'gift_code', 'foundation', 'legacy'] as const;
const LANGUAGE = StringEnum(LANGUAGES, { description: 'Language of the certificate and email.' });
const PERSONAL = 'Personal data: omitted without recipients:read.';
const CERTIFICATE = 'The certificate; null until it is generated, right after creation.';

export const RecipientSchema = withDocumentedForm(Type.Object(
  {
    id: idString('recipient'),
    object: Type.Literal('recipient'),
    livemode: Type.Boolean(),
    first_name: Type.Optional(Nullable(Type.String({ description: PERSONAL }))),
    last_name: Type.Optional(Nullable(Type.String({ description: PERSONAL }))),
    email: Type.Optional(Nullable(Type.String({ description: PERSONAL }))),
    language: StoredEnum(LANGUAGES, { description: 'Language of the certificate and email.' }),
    external_reference: Nullable(Type.String({ maxLength: 255 })),
    trees: Type.Integer(),
    project: Nullable(idString('project')),
    message: Nullable(Type.String()),
    source: StoredEnum(RECIPIENT_SOURCES, { description: 'api, dashboard, gift_code, foundation or legacy' }),
    send_email: Type.Boolean({ description: 'Whether the certificate is emailed to the recipient (never in test mode).' }),
    gift_code: Nullable(idString('gift_code', 'The gift code this recipient claimed (source gift_code); null otherwise.')),
    certificate: Nullable(Type.Ref('Certificate', { description: CERTIFICATE })),
    allocations: Type.Array(idString('allocation')),
    email_sent_at: Nullable(Timestamp()),
    claimed_at: Nullable(Timestamp()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
    deleted: Type.Optional(
      Type.Literal(true, {
        description:
          'Only on a copy kept from before the recipient was deleted (an event, a replayed Idempotency-Key response): '
          + 'its names, email, message and external_reference are erased (null). A recipient read now is never deleted: it answers 404.',
      }),
    ),
  },
  { $id: 'Recipient', description: 'A person or customer trees were assigned to.' },
), {
  // Its certificate comes without download_url for a token without certificates:read.
  components: [EmbeddedCertificateSchema],
  document: (generated) => {
    const properties = generated.properties as Record<string, DocumentSchema>;
    const certificate = { description: CERTIFICATE, anyOf: [componentRef(EmbeddedCertificateSchema.$id as string), { type: 'null' }] };
    return { ...generated, properties: { ...properties, certificate } };
  },
});

const NAME = (what: string) => Type.String({ minLength: 1, maxLength: 100, description: `${what}, as printed on the certificate.` });
const EMAIL = Type.String({ format: 'email', maxLength: 254 });
const MESSAGE = Type.String({ maxLength: 500, description: 'Printed on the certificate.' });
const EXTERNAL_REFERENCE = Type.String({ minLength: 1, maxLength: 255, description: 'Your order or customer number; unique among your recipients.' });

export const CreateRecipientBody = Type.Object(
  {
    trees: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Trees taken from your unassigned trees, oldest first.' }),
    first_name: Type.Optional(NAME('First name')),
    last_name: Type.Optional(NAME('Last name')),
    email: Type.Optional(EMAIL),
    language: Type.Optional(LANGUAGE),
    external_reference: Type.Optional(EXTERNAL_REFERENCE),
    message: Type.Optional(MESSAGE),
    send_email: Type.Optional(Type.Boolean({ description: 'Email the certificate to `email` in `language` (needs email; never in test mode).' })),
    project: Type.Optional(idString('project', 'Take the trees from this project only.')),
  },
  { additionalProperties: false },
);

/** Only given fields change; null clears an optional field. `trees` and `project` are named so that they can be refused by name. */
export const UpdateRecipientBody = Type.Object(
  {
    first_name: Type.Optional(Nullable(NAME('First name'))),
    last_name: Type.Optional(Nullable(NAME('Last name'))),
    email: Type.Optional(Nullable(EMAIL)),
    language: Type.Optional(LANGUAGE),
    external_reference: Type.Optional(Nullable(EXTERNAL_REFERENCE)),
    message: Type.Optional(Nullable(MESSAGE)),
    send_email: Type.Optional(Type.Boolean()),
    trees: Type.Optional(Type.Unknown({ description: 'Cannot change after creation.' })),
    project: Type.Optional(Type.Unknown({ description: 'Cannot change after creation.' })),
  },
  { additionalProperties: false },
);

export const RecipientListQuery = Type.Object(
  {
    external_reference: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Exact match.' })),
    source: Type.Optional(StringEnum(RECIPIENT_SOURCES)),
    project: Type.Optional(idString('project')),
    ...updatedSinceParam,
    ...createdSinceParam,
    ...pageParams,
  },
  { additionalProperties: false },
);

export const DeletedRecipientSchema = Type.Object({
  id: idString('recipient'),
  object: Type.Literal('recipient'),
  deleted: Type.Literal(true),
});

export const RecipientParams = idParams('recipient');
export const RecipientList = listSchema(Type.Ref(RecipientSchema), 'Recipients, newest first.');
