/**
 * Fitting text into a box of the certificate's page, measured with pdfkit: first one line,
 * shrinking the font down to a quarter below its size (not for a paragraph); then wrapped
 * over as many lines as the box holds, shrinking down to the style's floor; then, at the floor, cut at a word
 * with an ellipsis. Whatever the text, the result never takes more than the box's height,
 * and drawing it passes that height to pdfkit, so pdfkit never runs on or adds a page.
 */

export type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  font: 'regular' | 'bold';
  /** The size the text takes when it fits. */
  size: number;
  /** The smallest size it shrinks to before it is cut. */
  floor: number;
  color: string;
  align?: 'left' | 'center';
  /** A paragraph wraps before it shrinks, so that paragraphs side by side keep one size. */
  paragraph?: boolean;
}

export interface Fitted {
  text: string;
  size: number;
  /** The height its lines take: never more than the box's. */
  height: number;
  /** The widest line, for placing something after a one-line text. */
  width: number;
  style: TextStyle;
  cut: boolean;
}

export const ELLIPSIS = '…';
const STEP = 0.5;
/** Noto Sans's line: ascender 1069 + descender 293 per 1000 units of the em. */
const LINE = 1.362;
/** No glyph of Noto Sans a text would hold is narrower than this share of the em (a space, an i, a full stop). */
const NARROWEST = 0.18;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A text's first graphemes, at most `limit` + 1 of them: enough to tell whether it has more
 * than `limit`, without splitting the whole of a long text (a 10,000-character message
 * would cost its every grapheme on each fit).
 */
function leadingGraphemes(text: string, limit: number): string[] {
  const letters: string[] = [];
  for (const part of graphemes.segment(text)) {
    letters.push(part.segment);
    if (letters.length > limit) break;
  }
  return letters;
}

/** The height of `lines` lines of text at `size`, as pdfkit lays them out (no extra line gap). */
export function linesHeight(lines: number, size: number): number {
  return lines * LINE * size + 0.01;
}

/** `box.closing` is a closing mark the text ends with (a quotation mark): a cut text keeps it after the ellipsis. */
export function fitText(doc: Doc, raw: string, style: TextStyle, box: { width: number; maxHeight: number; closing?: string }): Fitted {
  const text = raw.replace(/[\t\r\f\v]/g, ' ').trim();
  const measure = (candidate: string, size: number) => {
    doc.font(style.font).fontSize(size);
    return doc.heightOfString(candidate, { width: box.width, lineGap: 0 });
  };
  const result = (candidate: string, size: number, cut: boolean): Fitted => {
    doc.font(style.font).fontSize(size);
    const height = measure(candidate, size);
    const width = Math.min(box.width, Math.max(...candidate.split('\n').map((line) => doc.widthOfString(line))));
    return { text: candidate, size, height, width, style, cut };
  };

  // More characters than the box could hold at its floor in its narrowest glyphs cannot fit: cut at once.
  const capacity = Math.ceil((Math.floor(box.maxHeight / linesHeight(1, style.floor)) * box.width) / (NARROWEST * style.floor)) + 1;
  const letters = leadingGraphemes(text, capacity);
  if (letters.length <= capacity) {
    if (!style.paragraph && !text.includes('\n')) {
      for (let size = style.size; size >= Math.max(style.floor, style.size * 0.75); size -= STEP) {
        doc.font(style.font).fontSize(size);
        if (doc.widthOfString(text) <= box.width && linesHeight(1, size) <= box.maxHeight) return result(text, size, false);
      }
    }
    for (let size = style.size; size >= style.floor; size -= STEP) {
      if (measure(text, size) <= box.maxHeight) return result(text, size, false);
    }
  }
  // A closing mark is never part of a grapheme before it: the text ends with it, or it does not.
  const closing = box.closing && text.endsWith(box.closing) ? box.closing : '';
  const body = closing && letters.length <= capacity ? letters.slice(0, -1) : letters;
  return result(cutToFit(body.slice(0, capacity), (candidate) => measure(candidate, style.floor) <= box.maxHeight, closing), style.floor, true);
}

/** The longest beginning of the text that fits with an ellipsis, ended at a word when one ends near. */
function cutToFit(letters: readonly string[], fits: (candidate: string) => boolean, closing = ''): string {
  const ended = (count: number) => `${letters.slice(0, count).join('').replace(/[\s,;:–—-]+$/u, '')}${ELLIPSIS}${closing}`;
  let low = 0;
  let high = letters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(ended(middle))) low = middle;
    else high = middle - 1;
  }
  const space = letters.slice(0, low).findLastIndex((letter) => /\s/u.test(letter));
  return space > 0 && low - space <= Math.max(4, Math.min(24, low / 3)) ? ended(space) : ended(low);
}

/**
 * A text cut to at most `max` characters (graphemes), at a word when one ends near, with an
 * ellipsis: for a name inside a sentence, so that the sentence's claim stays whole.
 */
export function clip(text: string, max: number): string {
  const letters = leadingGraphemes(text.trim(), max);
  if (letters.length <= max) return letters.join('');
  return cutToFit(letters.slice(0, max - 1), () => true);
}

/** Draws a fitted text with its top at y; pdfkit gets the fitted height, so it stops there and never adds a page. */
export function drawText(doc: Doc, fitted: Fitted, x: number, y: number, width: number, link?: string): void {
  const { style } = fitted;
  doc.font(style.font).fontSize(fitted.size).fillColor(style.color).text(fitted.text, x, y, {
    width, height: fitted.height + 1, align: style.align ?? 'left', lineGap: 0, ellipsis: false, ...(link ? { link } : {}),
  });
}
