import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import type { Resized } from './resize.ts';

/**
 * Canopy's copies of the photos the foundation points at (migration 0022): one per source
 * URL, whichever plantings, projects or measurements show it. What a page needs of a copy
 * is read for all of its photos at once; the bytes only by the route that serves them.
 */

/** The sizes a copy is kept in, by name: the name is also the file name (`phone.webp`). */
export const PHOTO_SIZES = ['phone', 'desktop'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** A copy's key: the first 128 bits of the SHA-256 of its source URL, as written, in hex. */
export function photoKey(sourceUrl: string): string {
  return createHash('sha256').update(sourceUrl).digest('hex').slice(0, 32);
}

export const PHOTO_KEY_PATTERN = /^[0-9a-f]{32}$/;

/** Where a size of a copy is served (pages.ts): a path on Canopy, so a page's images come from its own origin. */
export function photoFileUrl(key: string, size: PhotoSize): string {
  return `/photos/${key}/${size}.webp`;
}

/** A copy as a page sees it: its state, and for a stored one the size of each file. */
export interface CopyState {
  key: string;
  status: 'waiting' | 'stored' | 'failed';
  phone: { width: number; height: number } | null;
  desktop: { width: number; height: number } | null;
  /** When a failed copy failed for good: a page asks for it again a day later. */
  updatedAt: Date;
}

/** A failed copy is tried again, in a new round of attempts, this long after its last one. */
export const RETRY_FAILED_AFTER_HOURS = 24;

/** The copies of these source URLs, by key, in one query; a URL without a copy is not in the map. */
export async function readCopies(db: Db, keys: readonly string[]): Promise<Map<string, CopyState>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('photo_copies')
    .select(['key', 'status', 'phone_width', 'phone_height', 'desktop_width', 'desktop_height', 'updated_at'])
    .where('key', 'in', [...new Set(keys)])
    .execute();
  return new Map(rows.map((row) => [row.key, {
    key: row.key,
    status: row.status,
    phone: row.status === 'stored' ? { width: row.phone_width!, height: row.phone_height! } : null,
    desktop: row.status === 'stored' ? { width: row.desktop_width!, height: row.desktop_height! } : null,
    updatedAt: row.updated_at,
  }]));
}

/**
 * Asks for a copy of each source URL that has none yet, or whose copy failed more than
 * RETRY_FAILED_AFTER_HOURS ago, in one statement: the copies are made `waiting` and a
 * copy_photo job queued for each, together. A URL that is waiting, stored, or failed
 * recently is left alone, so however many pages and plantings show a URL, it is fetched
 * once (and two pages asking at the same moment queue one job: the insert decides).
 * Returns the keys it queued.
 */
export async function requestCopies(db: Db, jobKind: string, sourceUrls: readonly string[]): Promise<string[]> {
  const urls = [...new Set(sourceUrls)];
  if (urls.length === 0) return [];
  const { rows } = await sql<{ key: string }>`
    WITH wanted(key, source_url) AS (SELECT * FROM unnest(${sql.val(urls.map(photoKey))}::text[], ${sql.val(urls)}::text[])),
    asked AS (
      INSERT INTO photo_copies (key, source_url)
      SELECT key, source_url FROM wanted
      ON CONFLICT (key) DO UPDATE SET status = 'waiting', updated_at = now()
        WHERE photo_copies.status = 'failed' AND photo_copies.updated_at < now() - make_interval(hours => ${RETRY_FAILED_AFTER_HOURS})
      RETURNING key),
    queued AS (INSERT INTO jobs (kind, payload) SELECT ${jobKind}, jsonb_build_object('key', key) FROM asked)
    SELECT key FROM asked`.execute(db);
  return rows.map((row) => row.key);
}

/** What the copying job needs of a copy: where its source is, and whether it is stored already. */
export async function readCopyState(db: Db, key: string) {
  const row = await db.selectFrom('photo_copies').select(['source_url', 'status']).where('key', '=', key).executeTakeFirst();
  return row ? { sourceUrl: row.source_url, status: row.status } : null;
}

/** Keeps a copy's two sizes, and the source's size: the copy is then served. */
export async function storeCopy(db: Db, key: string, resized: Resized): Promise<void> {
  await db
    .updateTable('photo_copies')
    .set({
      status: 'stored',
      failure: null,
      ...storedFiles(resized),
      stored_at: new Date(),
      updated_at: new Date(),
    })
    .where('key', '=', key)
    .execute();
}

/**
 * Adds copies made without fetching, already stored (the demo's generated photos): each is
 * inserted whole, or left as it is when its URL has a copy already.
 */
export async function insertStoredCopies(db: Db, copies: readonly { sourceUrl: string; resized: Resized }[]): Promise<void> {
  if (copies.length === 0) return;
  const now = new Date();
  await db
    .insertInto('photo_copies')
    .values(copies.map(({ sourceUrl, resized }) => ({
      key: photoKey(sourceUrl),
      source_url: sourceUrl,
      status: 'stored' as const,
      ...storedFiles(resized),
      stored_at: now,
      created_at: now,
      updated_at: now,
    })))
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}

/** Records a failed attempt: still `waiting` while attempts are left (the job is retried), else `failed`. */
export async function recordFailure(db: Db, key: string, reason: string, final: boolean): Promise<void> {
  await db
    .updateTable('photo_copies')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      failure: reason.slice(0, 500),
      status: final ? 'failed' : 'waiting',
      updated_at: new Date(),
    }))
    .where('key', '=', key)
    .where('status', '<>', 'stored')
    .execute();
}

/** One size of a stored copy, as served; null when there is no stored copy under the key. */
export async function readCopyFile(db: Db, key: string, size: PhotoSize): Promise<Buffer | null> {
  const row = await db
    .selectFrom('photo_copies')
    .select(size === 'phone' ? 'phone as bytes' : 'desktop as bytes')
    .where('key', '=', key)
    .where('status', '=', 'stored')
    .executeTakeFirst();
  if (!row?.bytes) return null;
  // pg answers a Buffer, PGlite a Uint8Array: the same bytes either way, without a copy.
  return Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
}

/** The columns of a stored copy's files: both sizes and their dimensions, and the source's. */
function storedFiles(resized: Resized) {
  return {
    width: resized.source.width,
    height: resized.source.height,
    phone: resized.phone.bytes,
    phone_width: resized.phone.width,
    phone_height: resized.phone.height,
    desktop: resized.desktop.bytes,
    desktop_width: resized.desktop.width,
    desktop_height: resized.desktop.height,
  };
}
