import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Language } from '../../core/i18n.ts';
import { countryName } from '../../platform/pages/page.ts';
import { locatorSvg } from '../../platform/pages/place.ts';
import { featureTexts } from '../../platform/pages/texts.ts';
import { initialsLogoSvg } from '../company/logo.ts';
import { statusWording } from './proof.ts';
import { fittingSize, outlinedText, outlineSvgText, wrapText } from './share-font.ts';
import { TEXTS } from './texts.ts';
import type { CertificateView } from './view.ts';

/**
 * The picture a link to a certificate shows where it is shared (Open Graph, Twitter card):
 * 1200 x 630, from the certificate's data only. It shows the company (its name and
 * initials mark), the trees in the words of the certificate's proof (planted, to be
 * planted, or how many of each: never that pledged trees grow), the main project and
 * where it is, and a locator map. It shows the recipient's name only when the recipient
 * shared the certificate themselves; never a message, an email address or a number that
 * could identify them.
 */

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** What the card shows, and all it shows: the image is drawn from this alone. */
export interface ShareCard {
  language: Language;
  livemode: boolean;
  heading: string;
  company: { name: string; slug: string };
  trees: number;
  byStatus: { planted: number; pledged: number };
  /** The recipient's name, only when they shared the certificate; else null. */
  sharedName: string | null;
  project: { name: string; place: string | null } | null;
  moreProjects: number;
  locator: { country: string | null; latitude: number | null; longitude: number | null } | null;
}

const CARD_TEXTS = featureTexts({
  en: {
    cardPlanted: (name: string | null) => (name ? `planted for ${name}` : 'planted'),
    cardPledged: (name: string | null) => `pledged${name ? ` to ${name}` : ''}, to be planted in the next planting season`,
    cardMixed: (name: string | null, planted: string, pledged: string) =>
      `${name ? `for ${name}: ` : ''}${planted} planted, ${pledged} to be planted in the next planting season`,
    cardMoreProjects: (n: number) => (n === 1 ? 'and 1 more project' : `and ${n} more projects`),
    cardTest: 'Test certificate: it certifies no real trees',
  },
  nl: {
    cardPlanted: (name: string | null) => (name ? `geplant voor ${name}` : 'geplant'),
    cardPledged: (name: string | null) => `toegezegd${name ? ` aan ${name}` : ''}, om in het volgende plantseizoen te planten`,
    cardMixed: (name: string | null, planted: string, pledged: string) =>
      `${name ? `voor ${name}: ` : ''}${planted} geplant, ${pledged} nog te planten in het volgende plantseizoen`,
    cardMoreProjects: (n: number) => (n === 1 ? 'en nog 1 project' : `en nog ${n} projecten`),
    cardTest: 'Testcertificaat: het certificeert geen echte bomen',
  },
});

/**
 * The card of a certificate, in the view's language. A personal or gift certificate shows
 * its trees, split by status as its page's sentence does; a company certificate shows the
 * company's trees today by status, as its page's "trees by status" does. `sharedName` is
 * the recipient's name when they shared the certificate, else null.
 */
export function shareCardOf(view: CertificateView, company: { slug: string }, sharedName: string | null): ShareCard {
  const t = TEXTS[view.language];
  const main = view.projects[0];
  const site = main ? view.plantings.find((planting) => planting.projectObject?.id === main.project.id && planting.location) : undefined;
  const country = main?.project.country ?? null;
  const place = main ? [main.project.region, country ? countryName(country, view.language) : null].filter(Boolean).join(', ') : '';
  return {
    language: view.language,
    livemode: view.livemode,
    heading: view.type === 'company' ? t.companyCertificate : view.type === 'gift' ? t.giftCertificate : t.certificate,
    company: { name: view.company.name, slug: company.slug },
    trees: view.type === 'company' ? view.byStatus.planted + view.byStatus.pledged : view.trees,
    byStatus: { planted: view.byStatus.planted, pledged: view.byStatus.pledged },
    sharedName: view.type === 'company' || !sharedName ? null : sharedName,
    project: main ? { name: main.project.name, place: place || null } : null,
    moreProjects: Math.max(0, view.projects.length - 1),
    locator: main ? { country, latitude: site?.location?.latitude ?? null, longitude: site?.location?.longitude ?? null } : null,
  };
}

/**
 * How the card speaks of its trees (proof.ts statusWording): planted, pledged to be planted,
 * or how many of each; with the recipient's name only when the card has it. Nothing when
 * no planting backs the trees: then there is no status to claim.
 */
export function statusLine(card: ShareCard): string {
  const t = CARD_TEXTS[card.language];
  if (card.byStatus.planted + card.byStatus.pledged === 0) return '';
  const wording = statusWording(card.byStatus);
  if (wording === 'planted') return t.cardPlanted(card.sharedName);
  if (wording === 'pledged') return t.cardPledged(card.sharedName);
  return t.cardMixed(card.sharedName, t.trees(card.byStatus.planted), t.trees(card.byStatus.pledged));
}

const COLOURS = { paper: '#f7f7f2', leaf: '#2f6b45', ink: '#1f2a24', muted: '#5b6b62', line: '#dfe5dc', sea: '#e6eeec', test: '#fff3cd', testInk: '#7a5200' } as const;
const PAD = 64;
const MAP_WIDTH = 432;
const TEXT_WIDTH = SHARE_IMAGE.width - PAD * 2 - MAP_WIDTH - 48;

/** How the trees and their status are set, roomiest first: the first at which the status fits is used. */
interface TreeStyle {
  sizes: readonly number[];
  status: number;
  line: number;
}
const SMALLEST: TreeStyle = { sizes: [64, 56, 48], status: 24, line: 30 };
const TREE_STYLES: readonly TreeStyle[] = [{ sizes: [104, 92, 80, 68, 56], status: 30, line: 40 }, { sizes: [80, 68, 56], status: 26, line: 34 }, SMALLEST];

/** The card as SVG with its text as outlines (share-font.ts): the same string for the same card. */
export function shareCardSvg(card: ShareCard): string {
  const t = CARD_TEXTS[card.language];
  const parts: string[] = [`<rect width="${SHARE_IMAGE.width}" height="${SHARE_IMAGE.height}" fill="${COLOURS.paper}"/>`];
  let top = PAD;
  if (!card.livemode) {
    parts.push(
      `<rect width="${SHARE_IMAGE.width}" height="48" fill="${COLOURS.test}"/>`,
      outlinedText(t.cardTest, SHARE_IMAGE.width / 2, 32, { size: 22, weight: 'bold', fill: COLOURS.testInk, anchor: 'middle' }),
    );
    top += 24;
  }
  parts.push(mapOf(card, top));

  // The company: its initials mark, its name (up to two lines), and what the certificate is.
  const mark = 88;
  parts.push(placed(outlineSvgText(initialsLogoSvg(card.company.name, card.company.slug)), PAD, top, mark, mark));
  const nameX = PAD + mark + 24;
  const nameWidth = TEXT_WIDTH - mark - 24;
  const nameSize = fittingSize(card.company.name, nameWidth, 'bold', [34, 30, 26]);
  const nameLines = wrapText(card.company.name, nameWidth, nameSize, 'bold', 2);
  const nameY = nameLines.length === 1 ? top + 40 : top + 30;
  nameLines.forEach((line, i) => {
    parts.push(outlinedText(line, nameX, nameY + i * (nameSize + 6), { size: nameSize, weight: 'bold', fill: COLOURS.ink }));
  });
  parts.push(outlinedText(card.heading, nameX, nameY + nameLines.length * (nameSize + 6) + 8, { size: 22, weight: 'regular', fill: COLOURS.muted }));
  top += Math.max(mark, nameLines.length * (nameSize + 6) + 44) + 44;

  // From the bottom up: "canopy", where the main project is, its name, a rule.
  let bottom = SHARE_IMAGE.height - PAD;
  parts.push(outlinedText('canopy', PAD, bottom, { size: 24, weight: 'bold', fill: COLOURS.leaf }));
  bottom -= 48;
  let projectLines: string[] = [];
  if (card.project) {
    const below = [card.project.place, card.moreProjects > 0 ? t.cardMoreProjects(card.moreProjects) : null].filter(Boolean).join(' · ');
    if (below) {
      parts.push(outlinedText(wrapText(below, TEXT_WIDTH, 24, 'regular', 1)[0]!, PAD, bottom, { size: 24, weight: 'regular', fill: COLOURS.muted }));
      bottom -= 36;
    }
    projectLines = wrapText(card.project.name, TEXT_WIDTH, 28, 'bold', 2);
  }

  // The trees and what is true of them, in the room between: the status is never cut, the
  // project's name goes to one line and the type gets smaller first. A long name is cut.
  const name = card.sharedName ? wrapText(card.sharedName, TEXT_WIDTH * 0.6, 30, 'regular', 1)[0]! : null;
  const status = statusLine({ ...card, sharedName: name });
  const trees = t.trees(card.trees);
  const ruleAbove = (projectRows: number) => bottom - (projectRows - 1) * 36 - 56;
  const fits = (style: TreeStyle, projectRows: number) => {
    const lines = wrapText(status, TEXT_WIDTH, style.status, 'regular', 4).length;
    const height = Math.round(fittingSize(trees, TEXT_WIDTH, 'bold', style.sizes) * 0.8) + 14 + lines * style.line;
    return lines <= 3 && top + height <= ruleAbove(projectRows) - 24;
  };
  const choices = [...(projectLines.length > 1 ? [2] : []), 1].flatMap((rows) => TREE_STYLES.map((style) => ({ rows, style })));
  const { rows, style } = choices.find((choice) => fits(choice.style, choice.rows)) ?? { rows: 1, style: SMALLEST };
  if (card.project && projectLines.length > rows) projectLines = wrapText(card.project.name, TEXT_WIDTH, 28, 'bold', rows);
  const treesSize = fittingSize(trees, TEXT_WIDTH, 'bold', style.sizes);
  top += Math.round(treesSize * 0.8);
  parts.push(outlinedText(trees, PAD, top, { size: treesSize, weight: 'bold', fill: COLOURS.leaf }));
  top += 14;
  for (const line of wrapText(status, TEXT_WIDTH, style.status, 'regular', 3)) {
    top += style.line;
    parts.push(outlinedText(line, PAD, top, { size: style.status, weight: 'regular', fill: COLOURS.ink }));
  }
  projectLines.forEach((line, i) => {
    parts.push(outlinedText(line, PAD, bottom - (projectLines.length - 1 - i) * 36, { size: 28, weight: 'bold', fill: COLOURS.ink }));
  });
  if (card.project) parts.push(`<rect x="${PAD}" y="${ruleAbove(projectLines.length)}" width="56" height="4" rx="2" fill="${COLOURS.leaf}"/>`);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE.width}" height="${SHARE_IMAGE.height}" viewBox="0 0 ${SHARE_IMAGE.width} ${SHARE_IMAGE.height}">${parts.join('')}</svg>`;
}

/** Where on Earth, on the right from `top` down: the locator, or a blank sea when the place is not known. */
function mapOf(card: ShareCard, top: number): string {
  const x = SHARE_IMAGE.width - PAD - MAP_WIDTH;
  const height = SHARE_IMAGE.height - PAD - top;
  // Drawn in a box two thirds the size and scaled up, so that its lines and the site's dot read at a glance.
  const locator = card.locator ? locatorSvg({ ...card.locator, title: '', width: MAP_WIDTH / 1.5, height: height / 1.5 }) : null;
  const frame = `<rect x="${x - 1}" y="${top - 1}" width="${MAP_WIDTH + 2}" height="${height + 2}" rx="18" fill="${COLOURS.line}"/>`;
  if (!locator) return `${frame}<rect x="${x}" y="${top}" width="${MAP_WIDTH}" height="${height}" rx="17" fill="${COLOURS.sea}"/>`;
  return (
    `${frame}<clipPath id="map"><rect x="${x}" y="${top}" width="${MAP_WIDTH}" height="${height}" rx="17"/></clipPath>` +
    `<g clip-path="url(#map)">${placed(locator, x, top, MAP_WIDTH, height)}</g>`
  );
}

/** An SVG document drawn into the box at (x, y) of the given size, as a nested `<svg>`. */
export function placed(svg: string, x: number, y: number, width: number, height: number): string {
  return svg
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/^<svg\b([^>]*)>/, (_, attributes: string) => {
      const kept = attributes.replace(/\s(?:x|y|width|height)="[^"]*"/g, '');
      return `<svg x="${x}" y="${y}" width="${width}" height="${height}"${kept}>`;
    });
}

/** The PNG of a card's SVG: opaque (the card has no transparency), about 60-80 KB. */
export async function shareCardPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 8 }).toBuffer();
}

/**
 * Which drawing of the card this code makes: part of the ETag, so that a change to how
 * the card is drawn (layout, colours, texts, the map) gives every card a new tag. Raise
 * it with any such change.
 */
const CARD_DRAWING = 1;

/**
 * The strong ETag of a card's PNG: the hash of what it shows (the card), of how it is
 * drawn (CARD_DRAWING) and of the rasteriser. Computed without drawing, so that an
 * unchanged card costs no drawing at all.
 */
export function shareCardTag(card: ShareCard): string {
  const hash = createHash('sha256').update(JSON.stringify([CARD_DRAWING, sharp.versions.rsvg ?? '', card]));
  return `"card-${hash.digest('base64url').slice(0, 32)}"`;
}
