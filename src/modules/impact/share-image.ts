import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Language } from '../../core/i18n.ts';
import type { Db } from '../../db/schema.ts';
import { percent } from '../../platform/pages/texts.ts';
import { placed, SHARE_IMAGE } from '../certificates/share-image.ts';
import { fittingSize, outlinedText, outlineSvgText, textWidth, wrapText } from '../certificates/share-font.ts';
import { initialsLogoSvg } from '../company/logo.ts';
import { readCopyFile } from '../photos/copies.ts';
import { survivalShown } from './badge.ts';
import { EMBED_TEXTS } from './embed-texts.ts';
import type { ImpactFigures } from './figures.ts';

/**
 * The picture a link to a company's impact page shows where it is shared (Open Graph,
 * Twitter card), 1200 x 630, drawn as certificates/share-image.ts draws a certificate's:
 * the company's name and logo (or its initials), its planted and pledged trees, the share
 * alive at the last count under the badge's rule (badge.ts survivalShown), and how many
 * projects in how many countries hold them. Nothing else: no recipient, no gift code, and
 * never a label or a claim beyond those counts (docs/decisions.md, "What the badge may say").
 */

/** What the card shows, and all it shows: the image is drawn from this alone, and its ETag hashes it. */
export interface ImpactCard {
  language: Language;
  company: { name: string; slug: string };
  /** The stored copy of the company's own logo (photos/copies.ts), or null: then its initials. */
  logoCopyKey: string | null;
  trees: { planted: number; pledged: number };
  /** The share alive to state (badge.ts survivalShown), or null. */
  survival: number | null;
  projects: number;
  countries: number;
}

export function impactCardOf(
  figures: Pick<ImpactFigures, 'trees' | 'survival' | 'projects'>,
  company: { name: string; slug: string },
  logoCopyKey: string | null,
  language: Language,
): ImpactCard {
  return {
    language,
    company: { name: company.name, slug: company.slug },
    logoCopyKey,
    trees: { planted: figures.trees.planted, pledged: figures.trees.pledged },
    survival: survivalShown(figures),
    projects: figures.projects.length,
    countries: new Set(figures.projects.map((entry) => entry.project.country)).size,
  };
}

const COLOURS = { paper: '#f7f7f2', leaf: '#2f6b45', ink: '#1f2a24', muted: '#5b6b62', line: '#dfe5dc', tile: '#ffffff' } as const;
const PAD = 64;
const WIDTH = SHARE_IMAGE.width - PAD * 2;
const MARK = 104;
const TILE = { gap: 24, top: 398, height: 132 } as const;

/** The card as SVG, text as outlines; `logoPng` the company's own logo, when it has one copied. */
export function impactCardSvg(card: ImpactCard, logoPng: Buffer | null = null): string {
  const t = EMBED_TEXTS[card.language];
  const parts: string[] = [`<rect width="${SHARE_IMAGE.width}" height="${SHARE_IMAGE.height}" fill="${COLOURS.paper}"/>`];

  // The company: its logo (on a white tile) or its initials mark, its name, and what the page is.
  parts.push(logoPng ? ownLogo(logoPng) : placed(outlineSvgText(initialsLogoSvg(card.company.name, card.company.slug)), PAD, PAD, MARK, MARK));
  const nameX = PAD + MARK + 28;
  const nameWidth = SHARE_IMAGE.width - PAD - nameX;
  const nameSize = fittingSize(card.company.name, nameWidth, 'bold', [44, 40, 36, 32]);
  const nameLines = wrapText(card.company.name, nameWidth, nameSize, 'bold', 2);
  const nameY = nameLines.length === 1 ? PAD + 50 : PAD + 36;
  nameLines.forEach((line, i) => {
    parts.push(outlinedText(line, nameX, nameY + i * (nameSize + 6), { size: nameSize, weight: 'bold', fill: COLOURS.ink }));
  });
  const subtitle = card.trees.planted + card.trees.pledged > 0 ? t.cardSubtitle : t.cardSubtitleNoTrees;
  parts.push(outlinedText(subtitle, nameX, nameY + nameLines.length * (nameSize + 6) + 10, { size: 26, weight: 'regular', fill: COLOURS.muted }));

  // The headline: the planted trees, or the pledged ones while none is planted, or that there are none yet.
  const { planted, pledged } = card.trees;
  const baseline = 330;
  if (planted + pledged === 0) {
    parts.push(outlinedText(t.noTrees, PAD, baseline, { size: 96, weight: 'bold', fill: COLOURS.ink }));
  } else {
    const count = (planted > 0 ? planted : pledged).toLocaleString(card.language);
    const label = planted > 0 ? t.cardPlanted(planted) : t.cardPledgedOnly(pledged);
    const countSize = fittingSize(count, WIDTH * 0.6, 'bold', [136, 120, 104, 88]);
    const countWidth = textWidth(count, countSize, 'bold');
    parts.push(outlinedText(count, PAD, baseline, { size: countSize, weight: 'bold', fill: COLOURS.leaf }));
    const labelSize = fittingSize(label, WIDTH - countWidth - 24, 'regular', [44, 40, 36, 32]);
    parts.push(outlinedText(label, PAD + countWidth + 24, baseline, { size: labelSize, weight: 'regular', fill: COLOURS.ink }));
  }

  // Below it, a tile for each further fact there is.
  const tiles: { figure: string; label: string }[] = [];
  if (planted > 0 && pledged > 0) tiles.push({ figure: pledged.toLocaleString(card.language), label: t.cardPledged });
  if (card.survival !== null) tiles.push({ figure: percent(card.survival, card.language), label: t.cardAlive });
  if (card.projects > 0) tiles.push({ figure: card.projects.toLocaleString(card.language), label: t.cardProjects(card.projects, card.countries) });
  const tileWidth = (WIDTH - TILE.gap * 2) / 3;
  tiles.forEach((tile, i) => {
    const x = PAD + i * (tileWidth + TILE.gap);
    parts.push(`<rect x="${x + 0.5}" y="${TILE.top + 0.5}" width="${tileWidth - 1}" height="${TILE.height - 1}" rx="16" fill="${COLOURS.tile}" stroke="${COLOURS.line}"/>`);
    parts.push(outlinedText(tile.figure, x + 24, TILE.top + 58, { size: fittingSize(tile.figure, tileWidth - 48, 'bold', [48, 40, 32]), weight: 'bold', fill: COLOURS.leaf }));
    wrapText(tile.label, tileWidth - 48, 24, 'regular', 2).forEach((line, row) => {
      parts.push(outlinedText(line, x + 24, TILE.top + 92 + row * 28, { size: 24, weight: 'regular', fill: COLOURS.ink }));
    });
  });

  parts.push(outlinedText('canopy', PAD, SHARE_IMAGE.height - 44, { size: 28, weight: 'bold', fill: COLOURS.leaf }));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE.width}" height="${SHARE_IMAGE.height}" viewBox="0 0 ${SHARE_IMAGE.width} ${SHARE_IMAGE.height}">${parts.join('')}</svg>`;
}

/** The company's own logo, fitted into the mark's square on a white tile. */
function ownLogo(png: Buffer): string {
  const inset = 8;
  return (
    `<rect x="${PAD + 0.5}" y="${PAD + 0.5}" width="${MARK - 1}" height="${MARK - 1}" rx="20" fill="#ffffff" stroke="${COLOURS.line}"/>` +
    `<image x="${PAD + inset}" y="${PAD + inset}" width="${MARK - inset * 2}" height="${MARK - inset * 2}" preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,${png.toString('base64')}"/>`
  );
}

/** The company's stored logo copy as a PNG of the mark's size (twice, for sharpness), or null when there is none to read. */
export async function cardLogoPng(db: Db, logoCopyKey: string | null): Promise<Buffer | null> {
  if (!logoCopyKey) return null;
  const copy = await readCopyFile(db, logoCopyKey, 'phone');
  if (!copy) return null;
  return sharp(copy).resize(MARK * 2, MARK * 2, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
}

/** The PNG of a card's SVG, opaque. */
export async function impactCardPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 8 }).toBuffer();
}

/** Which drawing of the card this code makes: part of the ETag. Raise it with any change to how the card is drawn. */
const CARD_DRAWING = 1;

/** The strong ETag of a card's PNG, computed without drawing it: what it shows, how it is drawn, and the rasteriser. */
export function impactCardTag(card: ImpactCard): string {
  const hash = createHash('sha256').update(JSON.stringify([CARD_DRAWING, sharp.versions.rsvg ?? '', card]));
  return `"impact-card-${hash.digest('base64url').slice(0, 32)}"`;
}
