import { Type } from '@sinclair/typebox';
import { LANGUAGES } from '../../core/i18n.ts';
import { Expandable, idString, Nullable, StringEnum, Timestamp, Url } from '../../core/schema.ts';
import { createdSinceParam, expandParam, idParams, listSchema, pageParams, updatedSinceParam } from '../../platform/http/params.ts';
import { GIFT_CODE_PATTERN } from './code.ts';

export const GIFT_CODE_STATUSES = ['open', 'claimed', 'expired', 'revoked'] as const;
export type GiftCodeStatus = (typeof GIFT_CODE_STATUSES)[number];

/** How long a code stays open when valid_until is left out, and the latest valid_until allowed. */
export const DEFAULT_VALIDITY_DAYS = 365;
export const MAX_VALIDITY_DAYS = 3 * 365;

const PERSONAL = 'Personal data: omitted without recipients:read.';

export const GiftCodeSchema = Type.Object(
  {
    id: idString('gift_code'),
    object: Type.Literal('gift_code'),
    livemode: Type.Boolean(),
    code: Type.String({ pattern: GIFT_CODE_PATTERN, description: 'What the person types on the claim page: 12 characters in groups of four, case-insensitive.' }),
    claim_url: Url('The public page where a person claims the trees: {PUBLIC_BASE_URL}/gift/{code}.'),
    status: StringEnum(GIFT_CODE_STATUSES, { description: 'open, claimed, expired or revoked.' }),
    trees: Type.Integer(),
    project: Nullable(idString('project')),
    sent_to: Type.Optional(
      Type.Object(
        { name: Nullable(Type.String()), email: Nullable(Type.String()) },
        { description: `Who the code was handed to, as you told us. ${PERSONAL}` },
      ),
    ),
    external_reference: Nullable(Type.String({ maxLength: 255 })),
    recipient: Nullable(Expandable('recipient', 'Recipient')),
    valid_until: Timestamp('An open code expires at this moment; its trees then return to your unassigned trees.'),
    claimed_at: Nullable(Timestamp()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'GiftCode', description: 'Trees reserved behind a code that a person claims on a public page.' },
);

const EXTERNAL_REFERENCE = Type.String({ minLength: 1, maxLength: 255, description: 'Your own reference (a campaign, an order); need not be unique.' });

export const CreateGiftCodeBody = Type.Object(
  {
    trees: Type.Integer({ minimum: 1, maximum: 100_000, description: 'Trees reserved from your unassigned trees, oldest first.' }),
    valid_until: Type.Optional(Timestamp(`Until when the code can be claimed: in the future, at most ${MAX_VALIDITY_DAYS} days ahead; ${DEFAULT_VALIDITY_DAYS} days when left out.`)),
    sent_to: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
        },
        { additionalProperties: false, description: 'Who you hand the code to, for your own records; Canopy does not email the code.' },
      ),
    ),
    external_reference: Type.Optional(EXTERNAL_REFERENCE),
    project: Type.Optional(idString('project', 'Reserve trees from this project only.')),
  },
  { additionalProperties: false },
);

/** The body of POST /v2/gift-codes/{id}/revoke, which may be left out. */
export const RevokeGiftCodeBody = Type.Object(
  {
    remove_personal_data: Type.Optional(
      Type.Boolean({
        description:
          'Also erase who the code was handed to (`sent_to`), here and in stored responses, for a data removal request. '
          + 'Allowed on a code already revoked or expired too, to erase its sent_to alone. Default false.',
      }),
    ),
  },
  { additionalProperties: false },
);

const expandRecipient = expandParam(['recipient']);

export const GiftCodeListQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(GIFT_CODE_STATUSES)),
    external_reference: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Exact match.' })),
    ...updatedSinceParam,
    ...createdSinceParam,
    ...pageParams,
    ...expandRecipient,
  },
  { additionalProperties: false },
);

export const GiftCodeQuery = Type.Object({ ...expandRecipient }, { additionalProperties: false });

/** The body of the test helper that claims a code as a person on the claim page would. */
export const ClaimGiftCodeBody = Type.Object(
  {
    first_name: Type.String({ minLength: 1, maxLength: 100 }),
    last_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    email: Type.String({ format: 'email', maxLength: 254 }),
    language: Type.Optional(StringEnum(LANGUAGES)),
  },
  { additionalProperties: false },
);

export const GiftCodeParams = idParams('gift_code');
export const GiftCodeList = listSchema(Type.Ref(GiftCodeSchema), 'Gift codes, newest first.');
