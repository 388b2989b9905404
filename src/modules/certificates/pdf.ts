import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { longDate } from '../../platform/pages/texts.ts';
import { clip, type Doc, drawText, type Fitted, fitText, linesHeight, type TextStyle } from './pdf-fit.ts';
import { TEXTS } from './texts.ts';
import { type CertificateView, certifiedSentence, type ProjectSummary } from './view.ts';

const require = createRequire(import.meta.url);
/** Noto Sans prints names in Latin with diacritics, Greek and Cyrillic; PDF's built-in Helvetica would garble them. */
const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};
let parsedFonts: Record<keyof typeof FONT_FILES, PDFKit.Mixins.PDFFontSource> | null = null;
/**
 * The fonts parsed once per process by fontkit (pdfkit's own font reader): pdfkit takes a
 * parsed font as well as a file (its types name only files), and parsing the two files took
 * four fifths of a render. Each document still embeds its own subset.
 */
function fonts() {
  if (!parsedFonts) {
    const fontkit = require('fontkit') as { openSync(path: string): PDFKit.Mixins.PDFFontSource };
    parsedFonts = { regular: fontkit.openSync(FONT_FILES.regular), bold: fontkit.openSync(FONT_FILES.bold) };
  }
  return parsedFonts;
}

const LEAF = '#2f6b45';
const INK = '#1f2a24';
const MUTED = '#5b6b62';
const AMBER = '#8a5f00';

/** A4 in points; the frame's inner line is 36 pt in, text keeps at least 16 pt from it. */
const PAGE = { width: 595.28, height: 841.89 };
const LEFT = 60;
const WIDTH = PAGE.width - 2 * LEFT;
const TOP = 54;
const BOTTOM = PAGE.height - 54;
const MARK = 46;
const QR = 84;
/** The most projects the page prints; the rest are on the certificate's page. */
const PROJECTS_PRINTED = 3;
/** Names inside a sentence are cut to this many characters, so the sentence's claim is always printed whole. */
const NAME_IN_SENTENCE = 60;
const PROJECT_NAME = 70;
const VERIFIER_NAME = 48;

type Texts = (typeof TEXTS)[CertificateView['language']];

export interface CertificatePdfOptions {
  /** The company's own logo as PNG or JPEG bytes (pdfkit draws neither SVG nor WebP); without it, its generated mark. */
  logoImage?: Buffer | null;
}

/** A part of the page: its height (never more than its box allows) and how to draw it with its top at y. */
interface Region {
  height: number;
  /** The least space above it; free space on the page is shared out in proportion. */
  gap: number;
  draw(y: number): void;
}

/**
 * The certificate as one framed A4 page of fixed regions: the company's header (its logo or
 * mark, name and website), the title, the recipient's name, the trees, what they certify,
 * the message, the facts, each project with its own verification, and a footer with the
 * number, the date and a QR code to the public page that traces every tree to its proof.
 * Each region fits its text into a box of its own (pdf-fit.ts), so no content, however
 * long, runs over another region, the frame or onto a second page. In the certificate's
 * own language.
 */
export async function certificatePdf(view: CertificateView, options: CertificatePdfOptions = {}): Promise<Buffer> {
  const t = TEXTS[view.language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: { Title: `${t.certificate} ${view.number}`, Author: view.company.name, Creator: 'Canopy' },
  });
  doc.registerFont('regular', fonts().regular);
  doc.registerFont('bold', fonts().bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.lineWidth(2).strokeColor(LEAF).roundedRect(28, 28, PAGE.width - 56, PAGE.height - 56, 14).stroke();
  doc.lineWidth(0.6).roundedRect(36, 36, PAGE.width - 72, PAGE.height - 72, 10).stroke();

  let y = TOP;
  if (!view.livemode) y = drawTestBanner(doc, t, y) + 10;
  y = drawHeader(doc, view, options.logoImage ?? null, y);
  rule(doc, y + 10);
  const bodyTop = y + 24;
  const footerTop = BOTTOM - QR;
  rule(doc, footerTop - 14);
  await drawFooter(doc, view, t, footerTop);
  layOut(bodyRegions(doc, view, t, footerTop - 28 - bodyTop), bodyTop, footerTop - 28);

  doc.end();
  return done;
}

function rule(doc: Doc, y: number) {
  doc.lineWidth(0.5).strokeColor('#c9d6cd').moveTo(LEFT, y).lineTo(LEFT + WIDTH, y).stroke();
}

/** Test mode says so above everything, on an amber band. Returns where the band ends. */
function drawTestBanner(doc: Doc, t: Texts, y: number): number {
  const fitted = fitText(doc, t.testCertificate.toUpperCase(), { font: 'bold', size: 8.5, floor: 7, color: AMBER, align: 'center' }, { width: WIDTH - 24, maxHeight: linesHeight(2, 8.5) });
  doc.roundedRect(LEFT, y, WIDTH, fitted.height + 8, 4).fill('#fbf0d2');
  drawText(doc, fitted, LEFT + 12, y + 4, WIDTH - 24);
  return y + fitted.height + 8;
}

/** The giving company: its logo (or generated mark), its name in full, its website as a link. Returns where it ends. */
function drawHeader(doc: Doc, view: CertificateView, logoImage: Buffer | null, top: number): number {
  if (!(logoImage && drawLogo(doc, logoImage, LEFT, top))) drawMark(doc, view, LEFT, top);
  const x = LEFT + MARK + 14;
  const width = WIDTH - MARK - 14;
  const name = fitText(doc, view.company.name, { font: 'bold', size: 15, floor: 9, color: INK }, { width, maxHeight: linesHeight(3, 9) });
  const website = view.company.websiteUrl
    ? fitText(doc, view.company.websiteUrl.replace(/^https?:\/\//, '').replace(/\/$/, ''), { font: 'regular', size: 9.5, floor: 8, color: LEAF }, { width, maxHeight: linesHeight(1, 9.5) })
    : null;
  const textHeight = name.height + (website ? 2 + website.height : 0);
  const textTop = top + Math.max(0, (MARK - textHeight) / 2);
  drawText(doc, name, x, textTop, width);
  if (website) drawText(doc, website, x, textTop + name.height + 2, width, view.company.websiteUrl ?? undefined);
  return Math.max(top + MARK, textTop + textHeight);
}

/** A company's own logo, fitted into the mark's square; false when the bytes are no PNG or JPEG pdfkit can read. */
function drawLogo(doc: Doc, image: Buffer, x: number, y: number): boolean {
  const png = image.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff;
  if (!png && !jpeg) return false;
  try {
    doc.image(image, x, y, { fit: [MARK, MARK], align: 'center', valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

/** The generated logo (company/logo.ts): the initials on the company's colour, drawn with shapes, as pdfkit draws no SVG. */
function drawMark(doc: Doc, view: CertificateView, x: number, y: number) {
  doc.roundedRect(x, y, MARK, MARK, 9).fill(view.company.colour);
  const initials = fitText(doc, view.company.initials, { font: 'bold', size: 18, floor: 12, color: '#ffffff', align: 'center' }, { width: MARK - 8, maxHeight: linesHeight(1, 18) });
  // Centre the capitals: their middle is 0.712 em below the top of pdfkit's line.
  drawText(doc, initials, x + 4, y + MARK / 2 - 0.712 * initials.size, MARK - 8);
}

/** The footer: number and date, where to verify the certificate, and the QR code to its page. */
async function drawFooter(doc: Doc, view: CertificateView, t: Texts, top: number) {
  const qr = await QRCode.toBuffer(view.pageUrl, { type: 'png', margin: 1, width: 384, errorCorrectionLevel: 'M' });
  doc.image(qr, LEFT + WIDTH - QR, top, { width: QR, height: QR });
  const width = WIDTH - QR - 20;
  const small = (text: string, font: TextStyle['font'], color: string, lines = 1, room = width) =>
    fitText(doc, text, { font, size: 9, floor: 7, color }, { width: room, maxHeight: linesHeight(lines, 9) });
  const facts = [[t.number, view.number], [t.issuedOn, longDate(view.issuedAt, view.language)]] as const;
  doc.font('regular').fontSize(9);
  const labelWidth = Math.min(width / 2, Math.max(...facts.map(([label]) => doc.widthOfString(label))) + 8);
  let y = top + 2;
  for (const [label, value] of facts) {
    const fittedLabel = small(label, 'regular', MUTED, 1, labelWidth);
    const fittedValue = small(value, 'bold', INK, 1, width - labelWidth);
    drawText(doc, fittedLabel, LEFT, y, labelWidth);
    drawText(doc, fittedValue, LEFT + labelWidth, y, width - labelWidth);
    y += Math.max(fittedLabel.height, fittedValue.height) + 1;
  }
  const verifyAt = small(t.verifyAt, 'regular', MUTED);
  const url = small(view.pageUrl, 'bold', LEAF, 2);
  const through = fitText(doc, t.issuedThrough, { font: 'regular', size: 7.5, floor: 7, color: MUTED }, { width, maxHeight: linesHeight(1, 7.5) });
  y += 6;
  drawText(doc, verifyAt, LEFT, y, width);
  drawText(doc, url, LEFT, y + verifyAt.height, width, view.pageUrl);
  drawText(doc, through, LEFT, top + QR - through.height, width);
}

/**
 * The body's regions top to bottom; the projects take what room the others leave, at most
 * three. Full to their maxima, the others take 364 pt of the 505 the body has at least (test
 * banner on two lines, header on three), so one project always prints.
 */
function bodyRegions(doc: Doc, view: CertificateView, t: Texts, room: number): Region[] {
  const centred = (text: string, style: TextStyle, maxHeight: number, gap: number, inset = 0, closing?: string): Region => {
    const fitted = fitText(doc, text, { ...style, align: 'center' }, { width: WIDTH - 2 * inset, maxHeight, closing });
    return { height: fitted.height, gap, draw: (y) => drawText(doc, fitted, LEFT + inset, y, WIDTH - 2 * inset) };
  };
  const heading = view.type === 'company' ? t.companyCertificate : view.type === 'gift' ? t.giftCertificate : t.certificate;
  const shortView = { ...view, issuedTo: clip(view.issuedTo, NAME_IN_SENTENCE), company: { ...view.company, name: clip(view.company.name, NAME_IN_SENTENCE) } };
  const regions = [
    centred(heading, { font: 'bold', size: 24, floor: 16, color: INK }, linesHeight(1, 24), 0),
    centred(t.issuedTo, { font: 'regular', size: 11, floor: 9, color: MUTED }, linesHeight(1, 11), 10),
    centred(view.issuedTo || '—', { font: 'bold', size: 28, floor: 11, color: INK }, linesHeight(3, 11) + 4, 2),
    centred(t.trees(view.trees), { font: 'bold', size: 36, floor: 20, color: LEAF }, linesHeight(1, 36), 8),
    centred(certifiedSentence(shortView, t), { font: 'regular', size: 12, floor: 9.5, color: INK, paragraph: true }, linesHeight(3, 11.5) + 2, 2, 20),
  ];
  if (view.message) regions.push(centred(`“${view.message.trim()}”`, { font: 'regular', size: 11.5, floor: 9, color: INK, paragraph: true }, linesHeight(5, 9) + 2, 12, 10, '”'));
  regions.push(factsRegion(doc, view, t));
  const used = regions.reduce((sum, region) => sum + region.gap + region.height, 0);
  const projects = projectsRegion(doc, view, t, room - used - 16);
  if (projects) regions.push(projects);
  return regions;
}

/** The giver (on a personal certificate) and the species, as label and value. */
function factsRegion(doc: Doc, view: CertificateView, t: Texts): Region {
  const facts: [string, string][] = [];
  if (view.type !== 'company') facts.push([t.givenBy, view.company.name]);
  const species = [...new Set(view.plantings.flatMap((planting) => planting.species.map((entry) => clip(entry.name_common, 80))))];
  // Enough names to fill two lines; the ellipsis says there are more.
  if (species.length > 0) facts.push([t.species, clip(species.slice(0, 40).join(', '), 400)]);
  const x = LEFT + 20;
  const labelWidth = 120;
  const valueWidth = WIDTH - 40 - labelWidth;
  const rows = facts.map(([label, value]) => ({
    label: fitText(doc, label, { font: 'regular', size: 10, floor: 8.5, color: MUTED }, { width: labelWidth - 8, maxHeight: linesHeight(1, 10) }),
    value: fitText(doc, value, { font: 'bold', size: 10, floor: 8.5, color: INK, paragraph: true }, { width: valueWidth, maxHeight: linesHeight(2, 10) }),
  }));
  const heights = rows.map((row) => Math.max(row.label.height, row.value.height));
  return {
    height: heights.reduce((sum, height) => sum + height, 0) + 4 * Math.max(0, rows.length - 1),
    gap: 14,
    draw(top) {
      let y = top;
      rows.forEach((row, index) => {
        drawText(doc, row.label, x, y, labelWidth - 8);
        drawText(doc, row.value, x + labelWidth, y, valueWidth);
        y += heights[index]! + 4;
      });
    },
  };
}

/**
 * Each project with its own verdict (proof.ts): its trees by status, then whether its
 * statement covers them. A project prints whole or not at all: a cut verdict could drop
 * "it covers 10 of these 30 trees" and so claim more. Those left out are on the page.
 */
function projectsRegion(doc: Doc, view: CertificateView, t: Texts, room: number): Region | null {
  if (view.projects.length === 0) return null;
  const width = WIDTH - 40;
  const x = LEFT + 20;
  const heading = fitText(doc, t.verification, { font: 'bold', size: 10.5, floor: 10.5, color: LEAF }, { width, maxHeight: linesHeight(1, 10.5) });
  const more = (n: number) => fitText(doc, t.moreProjects(n), { font: 'regular', size: 9, floor: 8, color: MUTED }, { width, maxHeight: linesHeight(1, 9) });
  const blocks: { title: Fitted; verdict: Fitted }[] = [];
  let height = heading.height;
  for (const summary of view.projects.slice(0, PROJECTS_PRINTED)) {
    const trees = t.projectTrees(t.trees(summary.trees), summary.planted.toLocaleString(view.language), summary.pledged.toLocaleString(view.language), summary.pledged === 0, summary.planted === 0);
    const title = projectTitle(doc, summary.project.name, `, ${countryName(summary.project.country, view.language)}: ${trees}`, width);
    const verdictText = verdict(summary, t, view.language);
    const fittedVerdict = fitText(doc, verdictText, { font: 'regular', size: 9, floor: 8, color: INK, paragraph: true }, { width, maxHeight: linesHeight(3, 9) });
    const next = 6 + title.height + fittedVerdict.height;
    const left = view.projects.length - blocks.length - 1;
    if (fittedVerdict.cut || height + next + (left > 0 ? 4 + more(left).height : 0) > room) break;
    blocks.push({ title, verdict: fittedVerdict });
    height += next;
  }
  const rest = view.projects.length - blocks.length;
  if (blocks.length === 0 && height + 4 + more(rest).height > room) return null;
  const restLine = rest > 0 ? more(rest) : null;
  if (restLine) height += 4 + restLine.height;
  return {
    height,
    gap: 16,
    draw(top) {
      drawText(doc, heading, x, top, width);
      let y = top + heading.height;
      for (const block of blocks) {
        drawText(doc, block.title, x, y + 6, width);
        drawText(doc, block.verdict, x, y + 6 + block.title.height, width);
        y += 6 + block.title.height + block.verdict.height;
      }
      if (restLine) drawText(doc, restLine, x, y + 4, width);
    },
  };
}

/**
 * Places the regions between top and bottom: each at least its gap below the one above;
 * space left over widens the gaps (to at most three times) and the rest sets the body
 * between header and footer, two parts above to three below.
 */
function layOut(regions: Region[], top: number, bottom: number) {
  const gaps = regions.slice(1).reduce((sum, region) => sum + region.gap, 0);
  const used = regions.reduce((sum, region, index) => sum + region.height + (index > 0 ? region.gap : 0), 0);
  const free = Math.max(0, bottom - top - used);
  const stretch = gaps > 0 ? Math.min(2, free / gaps) : 0;
  // What the gaps do not take goes a little more below the body than above: the title stays high.
  let y = top + ((free - stretch * gaps) * 2) / 5;
  regions.forEach((region, index) => {
    if (index > 0) y += region.gap * (1 + stretch);
    region.draw(y);
    y += region.height;
  });
}

/**
 * A project's name and its trees on one line where the trees leave the name a third of
 * it: the name is cut to the room left, never the trees. Else over two lines.
 */
function projectTitle(doc: Doc, name: string, trees: string, width: number): Fitted {
  const style: TextStyle = { font: 'bold', size: 9.5, floor: 8, color: INK, paragraph: true };
  doc.font(style.font).fontSize(style.size);
  const room = width - doc.widthOfString(trees) - 1;
  const short = clip(name, PROJECT_NAME);
  const fittedName = room >= width / 3 ? fitText(doc, short, { ...style, floor: style.size }, { width: room, maxHeight: linesHeight(1, style.size) }).text : short;
  return fitText(doc, `${fittedName}${trees}`, style, { width, maxHeight: linesHeight(2, style.size) });
}

/** What a project's statement says of the certificate's trees there: verified (all or some), or not. */
function verdict(summary: ProjectSummary, t: Texts, language: CertificateView['language']): string {
  const statement = summary.statement;
  if (!statement) return t.notVerified;
  if (summary.coveredTrees === 0) return t.notCovered;
  const verified = t.verifiedBy(clip(statement.verifier_name, VERIFIER_NAME), longDate(statement.period_start, language), longDate(statement.period_end, language));
  return summary.coveredTrees < summary.trees ? `${verified} ${t.coversSome(summary.coveredTrees.toLocaleString(language), t.trees(summary.trees))}` : verified;
}

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
