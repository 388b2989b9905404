import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ListedToken } from '../modules/tokens/present.ts';
import type { Actor } from '../platform/dashboard/audit.ts';
import * as tokens from '../modules/tokens/service.ts';
import { OperatorError } from './errors.ts';
import { findUserByEmail } from './users.ts';

/**
 * The operator's side of API tokens (the CLI, the demo, test factories): the rules live in
 * the tokens feature's service, shared with the dashboard; this turns an owner's email into
 * the person and a refusal into an OperatorError the CLI prints as is. Its changes are in the
 * company's audit log as the operator's.
 */

/** The service's input, with the owner named by email (the CLI's `--owner`), for a company. */
export type CreateTokenInput = Omit<tokens.CreateTokenInput, 'ownerUserId' | 'formKey'> & { companyId: string; ownerEmail: string };

/**
 * Creates an API token for a company admin and returns its value, which is shown this
 * once: only its hash is stored. Only admins create tokens (spec section 5).
 */
export async function createToken(db: Kysely<DB>, input: CreateTokenInput) {
  const owner = await activeMember(db, input.companyId, input.ownerEmail);
  const { token, value } = await operatorVerb(() => tokens.createToken(db, operator(input.companyId), { ...input, ownerUserId: owner.id }));
  return { ...operatorView(token), token: value };
}

/** Rolls a token for `ownerEmail` (an admin, who owns the new value): the old value works for the overlap, then not. */
export async function rollToken(db: Kysely<DB>, input: { tokenId: string; ownerEmail: string; overlap: string }) {
  const current = await db.selectFrom('api_tokens').select('company_id').where('id', '=', input.tokenId).executeTakeFirst();
  if (!current) throw new OperatorError(`No token ${input.tokenId}.`);
  const owner = await activeMember(db, current.company_id, input.ownerEmail);
  if (!tokens.isRollOverlap(input.overlap)) throw new OperatorError(`--overlap must be one of ${Object.keys(tokens.ROLL_OVERLAPS).join(', ')}, not "${input.overlap}".`);
  const overlap = input.overlap;
  const { token, value } = await operatorVerb(() =>
    tokens.rollToken(db, operator(current.company_id), { tokenId: input.tokenId, ownerUserId: owner.id, overlap }),
  );
  return { ...operatorView(token), token: value };
}

export async function revokeToken(db: Kysely<DB>, tokenId: string) {
  const current = await db.selectFrom('api_tokens').select('company_id').where('id', '=', tokenId).executeTakeFirst();
  if (!current) throw new OperatorError(`No active token ${tokenId}.`);
  return operatorView(await operatorVerb(() => tokens.revokeToken(db, operator(current.company_id), tokenId)));
}

/** The audit log's actor for the operator's CLI: no person, no address. */
function operator(companyId: string): Actor {
  return { companyId, userId: null, email: null, ip: null };
}

export async function listTokens(db: Kysely<DB>, companyId: string) {
  return (await tokens.listTokens(db, companyId)).map(operatorView);
}

async function activeMember(db: Kysely<DB>, companyId: string, email: string) {
  const owner = await findUserByEmail(db, companyId, email);
  if (!owner || owner.removed_at) throw new OperatorError(`${email} is not a member of ${companyId}.`);
  return owner;
}

async function operatorVerb<T>(verb: () => Promise<T>): Promise<T> {
  try {
    return await verb();
  } catch (error) {
    if (error instanceof tokens.TokenRefused) throw new OperatorError(error.message);
    throw error;
  }
}

/** The operator's view of a token: never the hash, only prefix and last four characters. */
function operatorView(token: ListedToken) {
  const { owner, ...rest } = token;
  return { ...rest, owner_email: owner.email };
}
