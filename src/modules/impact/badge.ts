import type { Language } from '../../core/i18n.ts';
import { percent } from '../../platform/pages/texts.ts';
import { fittingSize, font, textWidth, type Weight } from '../certificates/share-font.ts';
import { EMBED_TEXTS } from './embed-texts.ts';
import type { ImpactFigures } from './figures.ts';

/**
 * The badge a company puts on its website (`/impact/{slug}/badge.svg`): a counter of its
 * trees, linking (by the snippet's <a>) to the page with their proof. It says only what
 * figures.ts counts: how many trees are planted, how many more pledged, and the share alive
 * at the last count when that count covers at least half of the planted trees. It is a
 * plain card, never a seal, a check mark or a label: docs/decisions.md, "What the badge
 * may say" (directive (EU) 2024/825).
 *
 * A card of a fixed size (BADGE), so that the snippet's width and height hold whatever it
 * says: up to four lines, which Dutch and seven-digit counts need. Its text is drawn as
 * outlines (Noto Sans, as certificates/share-font.ts draws the share image): an <img> renders
 * the same on every machine, with or without fonts. Each glyph's outline is written once
 * and placed with <use>: a third of the bytes of a path per glyph. The full sentence is its
 * <title>; each line carries its words as its aria-label.
 */

export const BADGE = { width: 300, height: 88 } as const;

export const BADGE_THEMES = ['light', 'dark'] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];

/** Each theme's colours: every text colour is 4.5:1 or more against the background (WCAG AA). */
export const BADGE_COLOURS: Record<BadgeTheme, { background: string; border: string; ink: string; accent: string; muted: string }> = {
  light: { background: '#ffffff', border: '#c5d0c8', ink: '#1f2a24', accent: '#2f6b45', muted: '#4d5c53' },
  dark: { background: '#16211b', border: '#3c4d43', ink: '#eef3ef', accent: '#8fd4a4', muted: '#b4c2b9' },
};

/**
 * The share alive at the last count a badge may state, or null: figures.ts's survival, when
 * it measured at least half of the planted trees (a count of a few trees says little of
 * the rest). Shown as the page shows it (platform/pages/texts.ts percent), so the badge and
 * the page it links to give the same figure.
 */
export function survivalShown(figures: Pick<ImpactFigures, 'trees' | 'survival'>): number | null {
  const survival = figures.survival;
  if (!survival || figures.trees.planted === 0 || survival.treesMeasured * 2 < figures.trees.planted) return null;
  return survival.rate;
}

/** What the badge, the widget and the share image's alternative text say, and nothing else. */
export interface BadgeFacts {
  /** The first, large line: the planted trees, or the pledged ones when none is planted, or "No trees yet". */
  headline: string;
  /** The lines below it: the pledged trees beside planted ones, the share alive. */
  details: string[];
  /** All of it as one sentence with the company's name: the badge's <title>, an alt text. */
  sentence: string;
}

export function badgeFacts(figures: Pick<ImpactFigures, 'trees' | 'survival'>, companyName: string, language: Language): BadgeFacts {
  const t = EMBED_TEXTS[language];
  const { planted, pledged } = figures.trees;
  if (planted === 0 && pledged === 0) return { headline: t.noTrees, details: [], sentence: t.sentence(companyName, [t.noTreesFact], false) };
  if (planted === 0) {
    const headline = t.treesPledged(pledged);
    return { headline, details: [t.toBePlanted], sentence: t.sentence(companyName, [headline, t.toBePlanted], true) };
  }
  const headline = t.treesPlanted(planted);
  const survival = survivalShown(figures);
  const details = [...(pledged > 0 ? [t.morePledged(pledged)] : []), ...(survival !== null ? [t.aliveAtLastCount(percent(survival, language))] : [])];
  return { headline, details, sentence: t.sentence(companyName, [headline, ...details], true) };
}

export interface BadgeOptions {
  companyName: string;
  theme: BadgeTheme;
  language: Language;
  /** The company's impact page: the badge links there when opened by itself (an <img> follows no link). */
  pageUrl: string;
}

const LEFT = 18;
const TEXT_WIDTH = BADGE.width - LEFT - 12;

/**
 * The badges drawn last, by what they say: shaping and outlining the text costs far more
 * than reading the figures again, and a badge is asked for again and again unchanged.
 */
const DRAWN_BADGES = 500;
const drawnBadges = new Map<string, string>();

/** The badge of a company's figures, as a standalone SVG document. */
export function badgeSvg(figures: Pick<ImpactFigures, 'trees' | 'survival'>, options: BadgeOptions): string {
  const facts = badgeFacts(figures, options.companyName, options.language);
  const key = JSON.stringify([facts, figures.trees.planted + figures.trees.pledged === 0, options]);
  const drawn = drawnBadges.get(key);
  if (drawn !== undefined) {
    drawnBadges.delete(key);
    drawnBadges.set(key, drawn);
    return drawn;
  }
  const svg = drawBadge(facts, figures.trees.planted + figures.trees.pledged === 0, options);
  drawnBadges.set(key, svg);
  if (drawnBadges.size > DRAWN_BADGES) drawnBadges.delete(drawnBadges.keys().next().value!);
  return svg;
}

function drawBadge(facts: BadgeFacts, noTrees: boolean, options: BadgeOptions): string {
  const t = EMBED_TEXTS[options.language];
  const colours = BADGE_COLOURS[options.theme];
  const lines: Line[] = [{ text: facts.headline, size: fittingSize(facts.headline, TEXT_WIDTH, 'bold', [20, 18, 16, 14]), weight: 'bold', fill: colours.ink, box: 0 }];
  lines[0]!.box = Math.round(lines[0]!.size * 1.3);
  const joined = facts.details.join(' · ');
  const details = joined && textWidth(joined, 13, 'regular') <= TEXT_WIDTH ? [joined] : facts.details;
  for (const detail of details) {
    lines.push({ text: detail, size: fittingSize(detail, TEXT_WIDTH, 'regular', [13, 12, 11]), weight: 'regular', fill: colours.ink, box: 17 });
  }
  // With no trees there is no proof to see yet: the card links to the page.
  const footer = noTrees ? t.pageLine : t.proofLine;
  lines.push({ text: footer, size: 11, weight: 'bold', fill: colours.accent, box: details.length > 1 ? 17 : 21 });
  return frame(options, facts.sentence, drawLines(lines), options.pageUrl);
}

/** The badge of an address without a company: no figures, only that. */
export function notFoundBadgeSvg(theme: BadgeTheme, language: Language): string {
  return messageBadge(theme, language, EMBED_TEXTS[language].notFound);
}

/** The badge of a company that hid its page: no figures, no name. */
export function notPublicBadgeSvg(theme: BadgeTheme, language: Language): string {
  return messageBadge(theme, language, EMBED_TEXTS[language].notPublic);
}

function messageBadge(theme: BadgeTheme, language: Language, message: string): string {
  const colours = BADGE_COLOURS[theme];
  const lines: Line[] = [
    { text: message, size: fittingSize(message, TEXT_WIDTH, 'bold', [15, 14, 13, 12]), weight: 'bold', fill: colours.ink, box: 22 },
    { text: 'Canopy', size: 11, weight: 'bold', fill: colours.muted, box: 18 },
  ];
  return frame({ theme, language }, message, drawLines(lines), null);
}

interface Line {
  text: string;
  size: number;
  weight: Weight;
  fill: string;
  /** The height the line takes; its baseline sits at three quarters of it. */
  box: number;
}

/** The lines one under the other, the block centred in the card's height, with the outlines of their glyphs. */
function drawLines(lines: readonly Line[]): string {
  const outlines = new Map<string, string | null>();
  const defs: string[] = [];
  let top = (BADGE.height - lines.reduce((sum, line) => sum + line.box, 0)) / 2;
  const drawn = lines.map((line) => {
    const baseline = top + line.box * 0.76;
    top += line.box;
    const face = font(line.weight);
    const run = face.layout(line.text);
    const scale = line.size / face.unitsPerEm;
    let pen = LEFT;
    let uses = '';
    run.glyphs.forEach((glyph, index) => {
      const position = run.positions[index]!;
      const key = `${line.weight}-${line.size}-${(glyph as unknown as { id: number }).id}`;
      let id = outlines.get(key);
      if (id === undefined) {
        const d = glyph.path.transform(scale, 0, 0, -scale, 0, 0).toSVG();
        id = d ? `g${defs.length}` : null;
        if (d) defs.push(`<path id="${id}" d="${tenths(d)}"/>`);
        outlines.set(key, id);
      }
      if (id) uses += `<use href="#${id}" x="${tenth(pen + position.xOffset * scale)}" y="${tenth(baseline - position.yOffset * scale)}"/>`;
      pen += position.xAdvance * scale;
    });
    return `<g fill="${line.fill}" aria-label="${escapeXml(line.text)}">${uses}</g>`;
  });
  return `<defs>${defs.join('')}</defs>${drawn.join('')}`;
}

const tenth = (value: number) => Math.round(value * 10) / 10;
/** A tenth of a pixel is finer than the badge is ever shown. */
const tenths = (d: string) => d.replace(/-?\d*\.\d+/g, (number) => String(tenth(Number(number))));

/** The card around the lines: a rounded rectangle with a bar of the accent colour on its left, its title, its language. */
function frame(options: { theme: BadgeTheme; language: Language }, title: string, content: string, href: string | null): string {
  const { width, height } = BADGE;
  const colours = BADGE_COLOURS[options.theme];
  const body =
    `<clipPath id="card"><rect width="${width}" height="${height}" rx="8"/></clipPath>` +
    `<g clip-path="url(#card)"><rect width="${width}" height="${height}" fill="${colours.background}"/><rect width="6" height="${height}" fill="${colours.accent}"/></g>` +
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="7.5" fill="none" stroke="${colours.border}"/>` +
    content;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" xml:lang="${options.language}">` +
    `<title>${escapeXml(title)}</title>` +
    (href ? `<a href="${escapeXml(href)}" target="_top">${body}</a>` : body) +
    '</svg>'
  );
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);
}
