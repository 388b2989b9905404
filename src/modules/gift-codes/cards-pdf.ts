import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import type { Language } from '../../core/i18n.ts';
import { longDate } from '../../platform/pages/texts.ts';
import { type Doc, drawText, type Fitted, fitText, linesHeight, type TextStyle } from '../certificates/pdf-fit.ts';
import { font } from '../certificates/share-font.ts';
import { CARD_TEXTS } from './dashboard-texts.ts';

/**
 * Printable gift cards: A4 pages of ten business-card-sized cards (85 x 55 mm, two across and
 * five down, touching), with crop marks in the margins at every cut line, as a print shop's
 * 10-up sheet has them. Each card holds the giving company's logo (or its initials on its
 * colour) and name, the trees, the code, a QR code to the code's claim page, where to type
 * the code, and until when it can be claimed, in English or Dutch.
 *
 * The QR code is a greyscale PNG of four pixels per module (about 300 bytes): crisp when a
 * viewer scales it without smoothing, still sharp-edged when it smooths, and a thousand of
 * them keep the file small. The logo and the fonts are embedded once for the whole document.
 */

const MM = 72 / 25.4;
const PAGE = { width: 595.28, height: 841.89 };
const CARD = { width: 85 * MM, height: 55 * MM };
const ACROSS = 2;
const DOWN = 5;
export const CARDS_PER_PAGE = ACROSS * DOWN;
const LEFT = (PAGE.width - ACROSS * CARD.width) / 2;
const TOP = (PAGE.height - DOWN * CARD.height) / 2;
/** Where the cards are on a page, in points from its top left: for a reader that finds each card's parts (the tests). */
export const CARD_GRID = { left: LEFT, top: TOP, width: CARD.width, height: CARD.height, across: ACROSS, down: DOWN, page: PAGE } as const;
/** Crop marks start this far outside the cards and are this long: never on a card. */
const MARK_OFFSET = 4;
const MARK_LENGTH = 12;
const PAD = 12;
const QR = 84;
const LOGO = 26;
const QR_PIXELS_PER_MODULE = 4;

const INK = '#1f2a24';
const MUTED = '#5b6b62';
const LEAF = '#2f6b45';
const AMBER = '#8a5f00';

export interface GiftCard {
  code: string;
  claimUrl: string;
  trees: number;
  validUntil: Date;
}

export interface GiftCardsInput {
  language: Language;
  livemode: boolean;
  company: { name: string; initials: string; colour: string };
  /** The company's own logo as PNG or JPEG bytes; without it, its initials on its colour. */
  logoImage: Buffer | null;
  /** Where a person types the code, as printed: `canopy.example/gift`. */
  claimPage: string;
  cards: readonly GiftCard[];
}

/** The cards as one PDF, in the order given. */
export async function giftCardsPdf(input: GiftCardsInput): Promise<Buffer> {
  const t = CARD_TEXTS[input.language];
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: t.documentTitle(input.company.name), Author: input.company.name, Creator: 'Canopy' } });
  // pdfkit takes a font fontkit parsed (share-font.ts opens Noto Sans once per process); each document embeds its own subset.
  doc.registerFont('regular', font('regular') as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('bold', font('bold') as unknown as PDFKit.Mixins.PDFFontSource);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const logo = openLogo(doc, input.logoImage);
  const fitted = new Map<string, Fitted>();
  /** The same text in the same box is fitted once: a batch's cards share all but their code. */
  const fit = (text: string, style: TextStyle, width: number, lines: number) => {
    const key = `${style.font}|${style.size}|${width}|${lines}|${text}`;
    let found = fitted.get(key);
    if (!found) {
      found = fitText(doc, text, style, { width, maxHeight: linesHeight(lines, style.floor) });
      fitted.set(key, found);
    }
    return found;
  };
  const pages = Math.ceil(input.cards.length / CARDS_PER_PAGE);
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: 'A4', margin: 0 });
    const onPage = input.cards.slice(page * CARDS_PER_PAGE, (page + 1) * CARDS_PER_PAGE);
    cropMarks(doc, Math.ceil(onPage.length / ACROSS));
    for (const [index, card] of onPage.entries()) {
      const x = LEFT + (index % ACROSS) * CARD.width;
      const y = TOP + Math.floor(index / ACROSS) * CARD.height;
      drawCard(doc, input, card, x, y, logo, fit);
    }
    // Which cards these are, in the bottom margin under the first column: between crop marks, never on one.
    const first = page * CARDS_PER_PAGE + 1;
    const pageLine = fit(t.pageLine(first, first + onPage.length - 1, input.cards.length), { font: 'regular', size: 6.5, floor: 6, color: MUTED, align: 'center' }, CARD.width - 24, 1);
    drawText(doc, pageLine, LEFT + 12, TOP + DOWN * CARD.height + MARK_OFFSET + 2, CARD.width - 24);
  }
  doc.end();
  return done;
}

type Fit = (text: string, style: TextStyle, width: number, lines: number) => Fitted;

function drawCard(doc: Doc, input: GiftCardsInput, card: GiftCard, x: number, y: number, logo: OpenedImage | null, fit: Fit) {
  const t = CARD_TEXTS[input.language];
  const left = x + PAD;
  const textWidth = CARD.width - 2 * PAD - QR - 8;

  if (logo) doc.image(logo as unknown as PDFKit.Mixins.ImageSrc, left, y + PAD, { fit: [LOGO, LOGO], align: 'center', valign: 'center' });
  else drawInitials(doc, input.company, left, y + PAD, fit);
  const name = fit(input.company.name, { font: 'bold', size: 9, floor: 6.5, color: INK }, textWidth - LOGO - 6, 2);
  drawText(doc, name, left + LOGO + 6, y + PAD + Math.max(0, (LOGO - name.height) / 2), textWidth - LOGO - 6);

  let top = y + PAD + LOGO + 8;
  if (!input.livemode) {
    const test = fit(t.testCard, { font: 'bold', size: 6.5, floor: 6, color: AMBER }, textWidth, 1);
    drawText(doc, test, left, top - 2, textWidth);
    top += test.height;
  }
  const title = fit(t.giftOf(card.trees), { font: 'bold', size: 13, floor: 9, color: LEAF }, textWidth, 2);
  drawText(doc, title, left, top, textWidth);
  top += title.height + 4;
  const label = fit(t.yourCode, { font: 'regular', size: 7, floor: 6, color: MUTED }, textWidth, 1);
  drawText(doc, label, left, top, textWidth);
  const code = fit(card.code, { font: 'bold', size: 14, floor: 10, color: INK }, textWidth, 1);
  drawText(doc, code, left, top + label.height, textWidth);

  const qrX = x + CARD.width - PAD - QR;
  doc.image(qrImage(card.claimUrl), qrX, y + PAD, { width: QR, height: QR });
  const scan = fit(t.scan, { font: 'regular', size: 6.5, floor: 6, color: MUTED, align: 'center' }, QR, 1);
  drawText(doc, scan, qrX, y + PAD + QR + 1, QR);

  // The foot of the card, across its width: where to type the code and until when.
  // valid_until is the end of the day printed; the date is kept on one line.
  const validDay = longDate(new Date(card.validUntil.getTime() - 1), input.language).replace(/ /g, '\u00a0');
  const foot = fit(t.redeem(input.claimPage, validDay), { font: 'regular', size: 7, floor: 6, color: INK, paragraph: true }, CARD.width - 2 * PAD, 2);
  drawText(doc, foot, left, y + CARD.height - PAD - foot.height, CARD.width - 2 * PAD);
}

/** The generated logo (company/logo.ts): the initials on the company's colour, drawn with shapes, as pdfkit draws no SVG. */
function drawInitials(doc: Doc, company: GiftCardsInput['company'], x: number, y: number, fit: Fit) {
  doc.roundedRect(x, y, LOGO, LOGO, 5).fill(company.colour);
  const initials = fit(company.initials, { font: 'bold', size: 10, floor: 7, color: '#ffffff', align: 'center' }, LOGO - 4, 1);
  // The capitals' middle is 0.712 em below the top of pdfkit's line.
  drawText(doc, initials, x + 2, y + LOGO / 2 - 0.712 * initials.size, LOGO - 4);
}

/** An image pdfkit opened (its types leave openImage out); doc.image() draws it again without embedding it again. */
type OpenedImage = { width: number; height: number };

/** The logo opened once, so that the document holds one copy of it; null when the bytes are no PNG or JPEG pdfkit reads. */
function openLogo(doc: Doc, image: Buffer | null): OpenedImage | null {
  if (!image) return null;
  try {
    return (doc as Doc & { openImage(src: Buffer): OpenedImage }).openImage(image);
  } catch {
    return null;
  }
}

/** Crop marks at every cut line, in the margins only: the outer edges and the lines between cards. */
function cropMarks(doc: Doc, rows: number) {
  doc.save().lineWidth(0.5).strokeColor('#000000');
  const bottom = TOP + rows * CARD.height;
  for (let column = 0; column <= ACROSS; column++) {
    const x = LEFT + column * CARD.width;
    doc.moveTo(x, TOP - MARK_OFFSET).lineTo(x, TOP - MARK_OFFSET - MARK_LENGTH);
    doc.moveTo(x, bottom + MARK_OFFSET).lineTo(x, bottom + MARK_OFFSET + MARK_LENGTH);
  }
  for (let row = 0; row <= rows; row++) {
    const y = TOP + row * CARD.height;
    doc.moveTo(LEFT - MARK_OFFSET, y).lineTo(LEFT - MARK_OFFSET - MARK_LENGTH, y);
    const right = LEFT + ACROSS * CARD.width;
    doc.moveTo(right + MARK_OFFSET, y).lineTo(right + MARK_OFFSET + MARK_LENGTH, y);
  }
  doc.stroke().restore();
}

/** The QR code of a URL as a greyscale PNG, a quiet zone of two modules round it (the card's white adds more). */
function qrImage(url: string): Buffer {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const modules = qr.modules.size;
  const side = (modules + 2 * quiet) * QR_PIXELS_PER_MODULE;
  const png = new PNG({ width: side, height: side, colorType: 0, inputColorType: 0, bitDepth: 8, inputHasAlpha: false });
  png.data = Buffer.alloc(side * side, 0xff);
  for (let row = 0; row < modules; row++) {
    for (let column = 0; column < modules; column++) {
      if (!qr.modules.get(row, column)) continue;
      for (let dy = 0; dy < QR_PIXELS_PER_MODULE; dy++) {
        const start = ((row + quiet) * QR_PIXELS_PER_MODULE + dy) * side + (column + quiet) * QR_PIXELS_PER_MODULE;
        png.data.fill(0, start, start + QR_PIXELS_PER_MODULE);
      }
    }
  }
  // One row filter, "up": each row of modules is four equal rows of pixels, three of them nothing new; trying every filter per row was most of the time.
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false, bitDepth: 8, filterType: 2 });
}
