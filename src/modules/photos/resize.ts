import sharp from 'sharp';

/**
 * A photo as Canopy keeps it: upright (its EXIF orientation applied), without its metadata
 * (no camera, no GPS position), as WebP in two widths, never wider than the source.
 */

/** The widths of the two sizes: a phone's screen at 2x, and a desktop's enlarged view. */
export const PHONE_WIDTH = 640;
export const DESKTOP_WIDTH = 1280;

/**
 * Pixels a source may have (40 megapixels, 8000 by 5000): sharp refuses larger ones before
 * decoding them, so a small file that unpacks into a huge image cannot take the memory.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The formats taken from a source, as sharp names them: photos, not SVG (a document, not a picture) nor anything else. */
export const SOURCE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'] as const;

export interface ResizedFile {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface Resized {
  /** The source's size, upright. */
  source: { width: number; height: number };
  phone: ResizedFile;
  desktop: ResizedFile;
}

export class NotAPhoto extends Error {
  override readonly name = 'NotAPhoto';
}

/** The two sizes of a source image; throws NotAPhoto for anything sharp cannot read as one of SOURCE_FORMATS. */
export async function resizePhoto(input: Buffer): Promise<Resized> {
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let metadata: sharp.Metadata;
  try {
    metadata = await image.metadata();
  } catch (error) {
    throw new NotAPhoto(`not an image sharp can read (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!metadata.format || !(SOURCE_FORMATS as readonly string[]).includes(metadata.format)) {
    throw new NotAPhoto(`a ${metadata.format ?? 'unknown'} file, not a photo (${SOURCE_FORMATS.join(', ')})`);
  }
  if (!metadata.width || !metadata.height) throw new NotAPhoto('an image without a size');
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new NotAPhoto(`${metadata.width} by ${metadata.height} pixels, more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  }
  // Orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const source = turned ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
  const upright = image.rotate();
  const [phone, desktop] = await Promise.all([
    widthOf(upright.clone(), PHONE_WIDTH, 76),
    widthOf(upright.clone(), DESKTOP_WIDTH, 80),
  ]);
  return { source, phone, desktop };
}

async function widthOf(image: sharp.Sharp, width: number, quality: number): Promise<ResizedFile> {
  try {
    const { data, info } = await image
      .resize({ width, withoutEnlargement: true })
      .webp({ quality, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    throw new NotAPhoto(`the image could not be decoded (${error instanceof Error ? error.message : String(error)})`);
  }
}
