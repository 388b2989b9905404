import { canonicalJson } from '../core/json.ts';

/**
 * Upserts compare what is stored with what was sent, field by field, to tell a replay
 * (nothing to do) from a change. jsonb comes back with its keys reordered, so values
 * are compared as JSON with sorted keys.
 */

/** The fields of `next` whose value differs from `stored`. */
export function changedFields<T extends object>(stored: T, next: T): (keyof T)[] {
  return (Object.keys(next) as (keyof T)[]).filter((key) => canonicalJson(stored[key]) !== canonicalJson(next[key]));
}

/** The stored content with every field that was sent laid over it (undefined = not sent). */
export function mergeSent<T extends object>(stored: T, sent: { [K in keyof T]?: T[K] | undefined }): T {
  const next = { ...stored };
  for (const key of Object.keys(sent) as (keyof T)[]) {
    const value = sent[key];
    if (value !== undefined) next[key] = value as T[keyof T];
  }
  return next;
}

export function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}

/**
 * Finds the row of a foundation ref, locked for this transaction, or inserts it. A
 * concurrent insert of the same ref makes `insert` return nothing (ON CONFLICT DO
 * NOTHING); the row is then read again and treated as existing.
 */
export async function findOrInsert<Row>(
  find: () => Promise<Row | undefined>,
  insert: () => Promise<Row | undefined>,
): Promise<{ row: Row; created: boolean }> {
  const existing = await find();
  if (existing) return { row: existing, created: false };
  const inserted = await insert();
  if (inserted) return { row: inserted, created: true };
  const raced = await find();
  if (!raced) throw new Error('A row that conflicted on insert could not be read back.');
  return { row: raced, created: false };
}
