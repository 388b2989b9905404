import { createRequire } from 'node:module';

/**
 * Text for the share image, drawn as outlines: every word becomes an SVG `<path>` of Noto
 * Sans's glyphs (shaped by fontkit, with kerning), so the rasteriser needs no font at all.
 * librsvg (sharp) looks fonts up through fontconfig, which on a bare server finds none
 * and draws nothing, or something else: outlines look the same on every machine.
 */

const require = createRequire(import.meta.url);

/** What is read of fontkit (a dependency of pdfkit, which opens the same fonts for the PDF). */
export interface Font {
  unitsPerEm: number;
  layout(text: string): GlyphRun;
}
export interface GlyphRun {
  glyphs: { path: { transform(a: number, b: number, c: number, d: number, e: number, f: number): { toSVG(): string } } }[];
  positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  advanceWidth: number;
}

const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;
export type Weight = keyof typeof FONT_FILES;

const fonts = new Map<Weight, Font>();
/** Opened on first use: a process that never draws a share image never reads the fonts. */
export function font(weight: Weight): Font {
  let opened = fonts.get(weight);
  if (!opened) {
    const fontkit = require('fontkit') as { openSync(path: string): Font };
    opened = fontkit.openSync(require.resolve(FONT_FILES[weight]));
    fonts.set(weight, opened);
  }
  return opened;
}

/** How wide `text` is at `size` pixels. */
export function textWidth(text: string, size: number, weight: Weight): number {
  const face = font(weight);
  return (face.layout(text).advanceWidth * size) / face.unitsPerEm;
}

export interface TextStyle {
  size: number;
  weight: Weight;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
}

/**
 * One line of text as one `<path>`, its baseline at `y`, starting (or centred, or ending)
 * at `x`. The path carries the text as its `aria-label`: what it draws can be read back.
 */
export function outlinedText(text: string, x: number, y: number, style: TextStyle): string {
  const face = font(style.weight);
  const run = face.layout(text);
  const scale = style.size / face.unitsPerEm;
  const width = run.advanceWidth * scale;
  let pen = style.anchor === 'middle' ? x - width / 2 : style.anchor === 'end' ? x - width : x;
  let d = '';
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]!;
    d += glyph.path.transform(scale, 0, 0, -scale, round(pen + position.xOffset * scale), round(y - position.yOffset * scale)).toSVG();
    pen += position.xAdvance * scale;
  });
  return d ? `<path aria-label="${escapeXml(text)}" fill="${style.fill}" d="${roundPath(d)}"/>` : '';
}

/**
 * `text` broken into lines no wider than `width` at `size`, at most `maxLines` of them; a
 * text that does not fit ends its last line with an ellipsis. A word longer than a line is
 * cut where it overflows.
 */
export function wrapText(text: string, width: number, size: number, weight: Weight, maxLines: number): string[] {
  const fits = (line: string) => textWidth(line, size, weight) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (!fits(line) && [...line].length > 1) {
      const chars = [...line];
      let cut = chars.length - 1;
      while (cut > 1 && !fits(chars.slice(0, cut).join(''))) cut--;
      lines.push(chars.slice(0, cut).join(''));
      line = chars.slice(cut).join('');
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]}…`;
  while (!fits(last) && last.length > 1) last = `${[...last].slice(0, -2).join('').trimEnd()}…`;
  kept[maxLines - 1] = last;
  return kept;
}

/** The largest of `sizes` (largest first) at which `text` fits in one line of `width`, else the smallest. */
export function fittingSize(text: string, width: number, weight: Weight, sizes: readonly number[]): number {
  return sizes.find((size) => textWidth(text, size, weight) <= width) ?? sizes[sizes.length - 1]!;
}

/**
 * An SVG with `<text>` elements (such as the company's initials mark) with each one
 * replaced by its outline: reads x, y, dy (in em), text-anchor, font-size, font-weight
 * (600 and over is bold) and fill; the font family is always Noto Sans.
 */
export function outlineSvgText(svg: string): string {
  return svg.replace(/<text\b([^>]*)>([^<]*)<\/text>/g, (_, attributes: string, content: string) => {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1];
    const size = Number(attribute('font-size') ?? 16);
    const dy = attribute('dy');
    const shift = dy?.endsWith('em') ? Number.parseFloat(dy) * size : Number.parseFloat(dy ?? '0') || 0;
    const anchor = attribute('text-anchor');
    return outlinedText(unescapeXml(content), Number(attribute('x') ?? 0), Number(attribute('y') ?? 0) + shift, {
      size,
      weight: Number(attribute('font-weight') ?? 400) >= 600 || attribute('font-weight') === 'bold' ? 'bold' : 'regular',
      fill: attribute('fill') ?? '#000',
      anchor: anchor === 'middle' || anchor === 'end' ? anchor : 'start',
    });
  });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!);
}

const round = (value: number) => Math.round(value * 100) / 100;
/** fontkit writes full floating point numbers: two decimals are finer than a pixel and halve the SVG. */
function roundPath(d: string): string {
  return d.replace(/-?\d+\.\d{3,}/g, (number) => String(round(Number(number))));
}
