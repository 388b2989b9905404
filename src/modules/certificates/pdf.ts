import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { longDate } from '../../platform/pages/texts.ts';
import { TEXTS } from './texts.ts';
import { type CertificateView, certifiedSentence, type ProjectSummary } from './view.ts';

const require = createRequire(import.meta.url);
/** Noto Sans prints names in Latin with diacritics, Greek and Cyrillic; PDF's built-in Helvetica would garble them. */
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

const LEAF = '#2f6b45';
const INK = '#1f2a24';
const MUTED = '#5b6b62';

/**
 * The certificate as one A4 page: who received how many trees from whom, where they
 * grow, the species, the verification statement when there is one, and a QR code to the
 * public page that traces every tree to its proof. In the certificate's own language.
 */
export async function certificatePdf(view: CertificateView): Promise<Buffer> {
  const t = TEXTS[view.language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${t.certificate} ${view.number}`, Author: view.company.name, Creator: 'Canopy' },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const { width, height } = doc.page;
  const inner = { x: 56, width: width - 112 };
  doc.lineWidth(2).strokeColor(LEAF).roundedRect(28, 28, width - 56, height - 56, 14).stroke();
  doc.lineWidth(0.6).roundedRect(36, 36, width - 72, height - 72, 10).stroke();

  if (!view.livemode) {
    doc.font('bold').fontSize(11).fillColor('#9a6b00').text(t.testCertificate.toUpperCase(), inner.x, 50, { width: inner.width, align: 'center' });
  }
  doc.font('bold').fontSize(12).fillColor(LEAF).text('CANOPY', inner.x, 70, { width: inner.width, align: 'center', characterSpacing: 3 });
  const heading = view.type === 'company' ? t.companyCertificate : view.type === 'gift' ? t.giftCertificate : t.certificate;
  doc.font('bold').fontSize(26).fillColor(INK).text(heading, inner.x, 96, { width: inner.width, align: 'center' });

  doc.moveDown(1.2).font('regular').fontSize(12).fillColor(MUTED).text(t.issuedTo, { width: inner.width, align: 'center' });
  doc.font('bold').fontSize(30).fillColor(INK).text(view.issuedTo || '—', { width: inner.width, align: 'center' });
  doc.moveDown(0.6).font('bold').fontSize(40).fillColor(LEAF).text(t.trees(view.trees), { width: inner.width, align: 'center' });
  doc.font('regular').fontSize(13).fillColor(INK).text(certifiedSentence(view, t), { width: inner.width, align: 'center' });

  if (view.message) {
    doc.moveDown(1).font('regular').fontSize(12).fillColor(INK).text(`“${view.message}”`, inner.x + 40, doc.y, { width: inner.width - 80, align: 'center' });
  }

  doc.moveDown(1.4);
  const facts: [string, string][] = [[t.number, view.number], [t.issuedOn, longDate(view.issuedAt, view.language)]];
  if (view.type !== 'company') facts.splice(1, 0, [t.givenBy, view.company.name]);
  const species = [...new Set(view.plantings.flatMap((p) => p.species.map((s) => s.name_common)))];
  if (species.length > 0) facts.push([t.species, species.slice(0, 6).join(', ')]);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('regular').fontSize(11).fillColor(MUTED).text(label, inner.x + 30, y, { width: 150 });
    doc.font('bold').fontSize(11).fillColor(INK).text(value, inner.x + 185, y, { width: inner.width - 215 });
    doc.moveDown(0.4);
  }

  // Each project with its own statement, and only the trees that statement covers (proof.ts).
  if (view.projects.length > 0) {
    doc.moveDown(0.8).font('bold').fontSize(12).fillColor(LEAF).text(t.verification, inner.x + 30, doc.y, { width: inner.width - 60 });
    for (const summary of view.projects.slice(0, PROJECTS_PRINTED)) {
      const trees = t.projectTrees(t.trees(summary.trees), summary.planted.toLocaleString(view.language), summary.pledged.toLocaleString(view.language), summary.pledged === 0, summary.planted === 0);
      doc.moveDown(0.3).font('bold').fontSize(10.5).fillColor(INK)
        .text(`${summary.project.name}, ${countryName(summary.project.country, view.language)}: ${trees}`, inner.x + 30, doc.y, { width: inner.width - 60 });
      doc.font('regular').fontSize(10).fillColor(INK).text(verdict(summary, t, view.language), { width: inner.width - 60 });
    }
    if (view.projects.length > PROJECTS_PRINTED) {
      doc.font('regular').fontSize(10).fillColor(MUTED).text(t.moreProjects(view.projects.length - PROJECTS_PRINTED), { width: inner.width - 60 });
    }
  }

  const qrSize = 96;
  const qr = await QRCode.toBuffer(view.pageUrl, { type: 'png', margin: 1, width: 384, errorCorrectionLevel: 'M' });
  const bottom = height - 56 - qrSize;
  doc.image(qr, width - 56 - qrSize - 8, bottom - 8, { width: qrSize, height: qrSize });
  doc.font('regular').fontSize(9.5).fillColor(MUTED).text(t.verifyAt, inner.x + 8, bottom + 40, { width: inner.width - qrSize - 40 });
  doc.font('bold').fontSize(9.5).fillColor(LEAF).text(view.pageUrl, { width: inner.width - qrSize - 40, link: view.pageUrl });

  doc.end();
  return done;
}

/** The most projects the page's A4 holds; the rest are on the certificate's page. */
const PROJECTS_PRINTED = 3;

/** What a project's statement says of the certificate's trees there: verified (all or some), or not. */
function verdict(summary: ProjectSummary, t: (typeof TEXTS)[CertificateView['language']], language: CertificateView['language']): string {
  const statement = summary.statement;
  if (!statement) return t.notVerified;
  if (summary.coveredTrees === 0) return t.notCovered;
  const verified = t.verifiedBy(statement.verifier_name, longDate(statement.period_start, language), longDate(statement.period_end, language));
  return summary.coveredTrees < summary.trees ? `${verified} ${t.coversSome(summary.coveredTrees.toLocaleString(language), t.trees(summary.trees))}` : verified;
}

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
