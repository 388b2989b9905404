import { newId } from '../core/ids.ts';
import { FOUNDATION_KEY_PATTERN, FOUNDATION_KEY_PREFIX, hashSecret, maskedSecret, newSecret } from '../core/secrets.ts';
import type { Db } from '../db/schema.ts';
import { OperatorError } from './errors.ts';

/**
 * Keys the donation foundation uses on the foundation API. They are not company
 * tokens: one key may write data for every company. Stored as a SHA-256 hash, like
 * API tokens.
 */
export async function createFoundationKey(db: Db, name = 'Foundation key') {
  const key = newSecret(FOUNDATION_KEY_PREFIX);
  const row = await db
    .insertInto('foundation_keys')
    .values({ id: newId('foundation_key'), name, key_hash: key.hash, key_prefix: key.displayPrefix, key_last4: key.last4, created_at: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...presentFoundationKey(row), key: key.value };
}

export async function revokeFoundationKey(db: Db, id: string) {
  const row = await db
    .updateTable('foundation_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new OperatorError(`No active foundation key ${id}.`);
  return presentFoundationKey(row);
}

export async function listFoundationKeys(db: Db) {
  const rows = await db.selectFrom('foundation_keys').selectAll().orderBy('created_at', 'desc').execute();
  return rows.map(presentFoundationKey);
}

/** Whether a presented key is known and not revoked. */
export async function foundationKeyValid(db: Db, key: string): Promise<boolean> {
  if (!FOUNDATION_KEY_PATTERN.test(key)) return false;
  const row = await db.selectFrom('foundation_keys').select('revoked_at').where('key_hash', '=', hashSecret(key)).executeTakeFirst();
  return row !== undefined && row.revoked_at === null;
}

function presentFoundationKey(row: { id: string; name: string; key_prefix: string; key_last4: string; revoked_at: Date | null; created_at: Date }) {
  return {
    id: row.id,
    name: row.name,
    display: maskedSecret({ displayPrefix: row.key_prefix, last4: row.key_last4 }),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}
