import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { insertStoredCopies } from '../../src/modules/photos/copies.ts';
import { resizePhoto } from '../../src/modules/photos/resize.ts';
import type { DB } from '../../src/db/schema.ts';

/**
 * Canopy's stored copies of these photo URLs, as if each had been fetched (modules/photos):
 * a plain 1600 by 1200 picture in a colour of its own, resized as a fetched one is. Pages
 * then show the copy, not the placeholder.
 */
export async function storePhotoCopies(db: Kysely<DB>, sourceUrls: readonly string[]): Promise<void> {
  const colours = ['#3a7d44', '#6f9a4f', '#9cc7e4', '#b5651d'];
  await insertStoredCopies(db, await Promise.all(sourceUrls.map(async (sourceUrl, i) => ({
    sourceUrl,
    resized: await resizePhoto(await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colours[i % colours.length]! } }).jpeg().toBuffer()),
  }))));
}
