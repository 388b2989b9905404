import type { Language } from '../../core/i18n.ts';
import type { Db } from '../../db/schema.ts';
import { type CopyState, photoFileUrl, photoKey, RETRY_FAILED_AFTER_HOURS, readCopies, requestCopies } from './copies.ts';
import { copyPhoto } from './jobs.ts';
import { TEXTS } from './texts.ts';

/** A photo as the API presents it (proof/present.ts, presentPhotos): its caption in the reader's language. */
export interface PhotoItem {
  url: string;
  caption: string | null;
  taken_at: string;
  credit: string | null;
}

/**
 * A photo as a page shows it: Canopy's copy in two sizes, or, while there is none (not
 * fetched yet, or the source failed), a placeholder the page draws itself. Never the
 * source's URL: a reader's browser asks nothing of the foundation's host.
 */
export interface ShownPhoto {
  state: 'stored' | 'placeholder';
  /** The phone size, and both sizes for `srcset`; null for a placeholder. */
  src: string | null;
  srcset: string | null;
  sizes: string;
  /** The desktop size, for a link to the photo larger. */
  largeSrc: string | null;
  /** Of the phone size, for the `<img>` to keep its room while it loads; the placeholder's are 4:3. */
  width: number;
  height: number;
  caption: string | null;
  /** What the image says to a screen reader: its caption, or that it is a photo of the planting. */
  alt: string;
  credit: string | null;
  /** `YYYY-MM-DD`, when it was taken. */
  takenAt: string;
  /** The placeholder's words ("Photo not available yet"), and the larger link's title, in the reader's language. */
  placeholderText: string;
  largerText: string;
}

/**
 * How wide a photo is shown, for the browser to pick its size before the layout is known:
 * the certificate's grid (`.photos`, certificate.eta) has columns of at least 240 px that
 * share the card's 770 px, so one photo takes the whole width, two half, three or more a
 * third; on a phone (under 582 px) one column, the screen less the page's and the card's
 * padding (90 px).
 */
export function photoSizes(photosInRow: number): string {
  const phone = 'calc(100vw - 90px)';
  if (photosInRow <= 1) return `(min-width: 860px) 770px, ${phone}`;
  return `(min-width: 860px) ${photosInRow === 2 ? 379 : 248}px, (min-width: 582px) calc(50vw - 51px), ${phone}`;
}

/**
 * What a page needs to show these photos, in one query for all of them (however many
 * plantings they come from); a function that gives each its ShownPhoto. The photos Canopy
 * has no copy of yet (or whose copy failed over a day ago) are asked for on the way
 * (copies.ts, requestCopies: one more statement, only then), so the first page to show a
 * photo, its PDF or its email has it copied for the next.
 */
export async function photosForPage(
  db: Db,
  photos: readonly PhotoItem[],
  language: Language,
): Promise<(photo: PhotoItem, index?: number, shownWith?: readonly PhotoItem[]) => ShownPhoto> {
  const copies = await readCopies(db, photos.map((photo) => photoKey(photo.url)));
  const stale = Date.now() - RETRY_FAILED_AFTER_HOURS * 3_600_000;
  const wanted = photos.filter((photo) => {
    const copy = copies.get(photoKey(photo.url));
    return !copy || (copy.status === 'failed' && copy.updatedAt.getTime() < stale);
  });
  if (wanted.length > 0) await requestCopies(db, copyPhoto.name, wanted.map((photo) => photo.url));
  // Given as a map's callback, it learns how many photos share the row (`shownWith`).
  return (photo, _index, shownWith) => shownPhoto(photo, copies.get(photoKey(photo.url)), language, shownWith?.length ?? 1);
}

export function shownPhoto(photo: PhotoItem, copy: CopyState | undefined, language: Language, photosInRow = 1): ShownPhoto {
  const t = TEXTS[language];
  const common = {
    sizes: photoSizes(photosInRow),
    caption: photo.caption,
    alt: photo.caption ?? t.photoOf,
    credit: photo.credit,
    takenAt: photo.taken_at,
    placeholderText: t.notAvailable,
    largerText: t.larger,
  };
  if (copy?.status !== 'stored' || !copy.phone || !copy.desktop) {
    return { ...common, state: 'placeholder', src: null, srcset: null, largeSrc: null, width: 640, height: 480 };
  }
  const phone = photoFileUrl(copy.key, 'phone');
  const desktop = photoFileUrl(copy.key, 'desktop');
  return {
    ...common,
    state: 'stored',
    src: phone,
    // A source narrower than the phone width is one file at its own width: no second entry.
    srcset: copy.desktop.width > copy.phone.width ? `${phone} ${copy.phone.width}w, ${desktop} ${copy.desktop.width}w` : `${phone} ${copy.phone.width}w`,
    largeSrc: desktop,
    width: copy.phone.width,
    height: copy.phone.height,
  };
}
