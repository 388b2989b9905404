import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import QRCode from 'qrcode';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import type { Language } from '../../../src/core/i18n.ts';
import { certificatePdf } from '../../../src/modules/certificates/pdf.ts';
import { lookUpCertificate } from '../../../src/modules/certificates/view.ts';
import { createCompany, MAX_COMPANY_NAME_LENGTH, OperatorError } from '../../../src/operator/companies.ts';
import { startTestApp, TEST_SECRET_KEY, testWorkerServices } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { pdfText } from '../../helpers/pdf.ts';

/**
 * The certificate PDF is one framed A4 page whatever it holds: the longest names, message,
 * company, project and verifier names the API and the foundation accept, many species,
 * several projects, the test banner, in English and Dutch. Read back with pdf.js: every
 * line of text is a box that lies inside the frame and crosses no other line, no other
 * block and no image (the QR code, the logo).
 */

const app = await startTestApp();
const links = { publicBaseUrl: 'http://canopy.test', secretKey: TEST_SECRET_KEY };
/** PNGs of every case for a person to look at, when PDF_LAYOUT_PNGS names a folder (needs pdftoppm). */
const PNG_FOLDER = process.env.PDF_LAYOUT_PNGS;

/** A text of exactly `length` characters made of real-looking words. */
function words(length: number, seed = 'Maximiliana Evangelina Bartholomeus Christoffel Wilhelmina Alexandrovna') {
  let text = '';
  while (text.length < length) text += (text ? ' ' : '') + seed;
  return text.slice(0, length).trimEnd().padEnd(length, 'x');
}

const LONGEST_FIRST = words(100);
const LONGEST_LAST = words(100, 'Van Oldenbarnevelt-Schimmelpenninck tot Nijenrode');
const LONGEST_MESSAGE = words(500, 'With thanks for twenty years of friendship, for every walk through the woods and every cup of coffee.');
const COMPANY = words(MAX_COMPANY_NAME_LENGTH, 'Koninklijke Nederlandsche Stoomkoffiebranderij en Theehandel');
const PROJECT = (n: number) => `${n}. ${words(10_000, 'Restoration of the Upper Tana Catchment Forest Reserve and its Riverine Corridors')}`;
const VERIFIER = words(255, 'International Forest Certification and Audit Bureau');
const UNBROKEN = 'Aaaaaaaaaabbbbbbbbbbccccccccccdddddddddd';
/** 500 characters and not one space: the message of someone who pasted it from a chat. */
const UNBROKEN_MESSAGE = words(700, 'Gefeliciteerd met je verjaardag, lieve vriendin! Veel liefs van ons allemaal.').replace(/\s+/g, '').slice(0, 500);

interface Case {
  name: string;
  certificateId: string;
  recipientName: string;
  logoImage?: Buffer;
  /** A company certificate carries no recipient name of its own: the company is named. */
  company?: boolean;
}

const cases: Case[] = [];

/** A company with trees in four projects (one statement covering, one covering some, one none, one pledged), long names everywhere. */
async function companyWithFourProjects(livemode: boolean, name = COMPANY) {
  const company = await make.companyWithTokens(app.db, { name });
  await app.db.updateTable('companies').set({ website_url: 'https://www.koninklijke-stoomkoffiebranderij-en-theehandel.example.com/over-ons/duurzaamheid' }).where('id', '=', company.id).execute();
  const projects = [];
  for (let n = 1; n <= 4; n++) {
    const project = await make.project(app.db, { country: ['KE', 'BR', 'ID', 'MG'][n - 1] });
    await app.db.updateTable('projects').set({ name: JSON.stringify({ en: PROJECT(n), nl: `${n}. Herstel van het ${words(9_000, 'stroomgebied van de bovenloop van de Tana')}` }) }).where('id', '=', project.id).execute();
    projects.push(project);
  }
  const many = Array.from({ length: 200 }, (_, i) => ({ name_latin: `Species ${i}`, name_common: { en: `${i === 0 ? words(10_000, 'Broad-leaved mountain mahogany') : `Tree species number ${i}`}`, nl: `Boomsoort nummer ${i}` }, trees: 1 }));
  for (const [index, project] of projects.entries()) {
    if (index < 2) {
      const statement = await make.verification(app.db, project);
      await app.db.updateTable('verifications').set({ verifier_name: VERIFIER }).where('id', '=', statement.id).execute();
    }
    const planting = await make.planting(app.db, project, { trees: 10_000, livemode, done: index !== 3 });
    await app.db.updateTable('plantings').set({ species: JSON.stringify(many) }).where('id', '=', planting.id).execute();
    if (index === 1) {
      const late = await make.planting(app.db, project, { trees: 10_000, livemode });
      await app.db.updateTable('plantings').set({ planted_at: '2025-03-01' }).where('id', '=', late.id).execute();
      await make.allocation(app.db, company, late, { trees: 10, livemode, status: 'planted', createdAt: new Date(Date.UTC(2025, 0, 10)) });
    }
    await make.allocation(app.db, company, planting, { trees: 10, livemode, status: index === 3 ? 'pledged' : 'planted', createdAt: new Date(Date.UTC(2025, 0, 1 + index)) });
  }
  return company;
}

/** A recipient's certificate, created through the API and issued by the worker. */
async function personalCertificate(company: make.TestCompany, livemode: boolean, body: Record<string, unknown>) {
  const token = livemode ? company.live : company.test;
  const created = await app.request('POST', '/v2/recipients', { token, body: { trees: 50, ...body }, headers: { 'idempotency-key': randomAlphanumeric(16) } });
  assert.equal(created.status, 200, created.text);
  await app.runJobs();
  const recipient = (await app.get(`/v2/recipients/${created.body.id}`, token)).body;
  assert.ok(recipient.certificate, 'the certificate was issued');
  return { recipientId: recipient.id as string, certificateId: recipient.certificate.id as string };
}

interface Box {
  left: number;
  right: number;
  bottom: number;
  top: number;
}

interface Line extends Box {
  text: string;
  font: string;
  size: number;
  y: number;
}

interface Layout {
  pages: number;
  width: number;
  height: number;
  lines: Line[];
  images: Box[];
  links: string[];
}

/**
 * The page as pdf.js reads it: each run of text as a box from its baseline (its font's
 * descender below, ascender above, accents included), each image as the box its
 * transformation maps the unit square to, and the links. PDF coordinates: y grows upwards.
 */
async function readLayout(bytes: Buffer): Promise<Layout> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const page = await document.getPage(1);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const lines = content.items
      .filter((item): item is TextItem => 'str' in item && item.str.trim() !== '')
      .map((item) => {
        const size = Math.hypot(item.transform[2], item.transform[3]);
        const [x, y] = [item.transform[4], item.transform[5]];
        return { text: item.str, font: item.fontName, size, y, left: x, right: x + item.width, bottom: y - 0.26 * size, top: y + 0.95 * size };
      });
    const operators = await page.getOperatorList();
    const images: Box[] = [];
    let matrix = [1, 0, 0, 1, 0, 0];
    const saved: number[][] = [];
    operators.fnArray.forEach((op, index) => {
      const args = operators.argsArray[index];
      if (op === OPS.save) saved.push(matrix);
      else if (op === OPS.restore) matrix = saved.pop() ?? [1, 0, 0, 1, 0, 0];
      else if (op === OPS.transform) matrix = multiply(matrix, args as number[]);
      else if (op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject || op === OPS.paintImageMaskXObject) {
        const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([u, v]) => [matrix[0]! * u! + matrix[2]! * v! + matrix[4]!, matrix[1]! * u! + matrix[3]! * v! + matrix[5]!]);
        images.push({ left: Math.min(...corners.map((c) => c[0]!)), right: Math.max(...corners.map((c) => c[0]!)), bottom: Math.min(...corners.map((c) => c[1]!)), top: Math.max(...corners.map((c) => c[1]!)) });
      }
    });
    const annotations = await page.getAnnotations();
    return { pages: document.numPages, width, height, lines, images, links: annotations.map((annotation: { url?: string }) => annotation.url ?? '').filter(Boolean) };
  } finally {
    await document.destroy();
  }
}

function multiply(m: number[], n: number[]): number[] {
  const [a, b, c, d, e, f] = n as [number, number, number, number, number, number];
  const [A, B, C, D, E, F] = m as [number, number, number, number, number, number];
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

/** Boxes overlap when they share more than a hairline (0.5 pt) both ways. */
function overlap(a: Box, b: Box): boolean {
  return Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom) > 0.5;
}

/**
 * Lines of one region: runs of one font and size whose baselines follow each other at
 * most a line and a half apart (a paragraph, a centred name on two lines), or that share
 * a baseline and touch (one line pdf.js split in two).
 */
function blocks(lines: readonly Line[]): Box[] {
  const sorted = [...lines].sort((a, b) => b.y - a.y || a.left - b.left);
  const found: (Box & { font: string; size: number; lastY: number })[] = [];
  for (const line of sorted) {
    const block = found.find((candidate) => candidate.font === line.font && Math.abs(candidate.size - line.size) < 0.01
      && candidate.lastY - line.y <= 1.5 * line.size && candidate.lastY - line.y >= 0
      && (candidate.lastY !== line.y || Math.abs(candidate.right - line.left) < 2 || Math.abs(line.right - candidate.left) < 2)
      && Math.min(candidate.right, line.right) - Math.max(candidate.left, line.left) > -2);
    if (block) {
      Object.assign(block, { left: Math.min(block.left, line.left), right: Math.max(block.right, line.right), bottom: Math.min(block.bottom, line.bottom), top: Math.max(block.top, line.top), lastY: line.y });
    } else {
      found.push({ ...line, lastY: line.y });
    }
  }
  return found;
}

/** The inner frame line is 36 pt from the page's edge; text keeps 8 pt from it. */
function insideFrame(layout: Layout, box: Box): boolean {
  const margin = 36 + 8;
  return box.left >= margin && box.right <= layout.width - margin && box.bottom >= margin && box.top <= layout.height - margin;
}

function describeBox(box: Box & { text?: string }) {
  return `${box.text ? `"${box.text.slice(0, 40)}" ` : ''}[${box.left.toFixed(1)}..${box.right.toFixed(1)} x ${box.bottom.toFixed(1)}..${box.top.toFixed(1)}]`;
}

/** Checks one rendered certificate: one page, no two lines or blocks overlapping, all in the frame, nothing over an image. */
function assertLaidOut(layout: Layout, label: string) {
  assert.equal(layout.pages, 1, `${label}: one page`);
  for (const line of layout.lines) assert.ok(insideFrame(layout, line), `${label}: ${describeBox(line)} lies inside the frame`);
  for (const [i, a] of layout.lines.entries()) {
    for (const b of layout.lines.slice(i + 1)) assert.ok(!overlap(a, b), `${label}: ${describeBox(a)} and ${describeBox(b)} overlap`);
    for (const image of layout.images) assert.ok(!overlap(a, image), `${label}: ${describeBox(a)} lies over an image ${describeBox(image)}`);
  }
  const found = blocks(layout.lines);
  for (const [i, a] of found.entries()) {
    for (const b of found.slice(i + 1)) assert.ok(!overlap(a, b), `${label}: blocks ${describeBox(a)} and ${describeBox(b)} overlap`);
  }
  for (const image of layout.images) assert.ok(insideFrame(layout, image), `${label}: image ${describeBox(image)} lies inside the frame`);
}

/** The QR code: the image in the page's lower right quarter. */
function qrCode(layout: Layout): Box {
  const qr = layout.images.find((image) => image.left > layout.width / 2 && image.top < layout.height / 3);
  assert.ok(qr, 'a QR code at the bottom right');
  return qr;
}

const rendered = new Map<string, { bytes: Buffer; layout: Layout; text: string }>();

async function render(entry: Case, language: Language) {
  const key = `${entry.name}-${language}`;
  const cached = rendered.get(key);
  if (cached) return cached;
  const found = await lookUpCertificate(app.db, links, entry.certificateId, language);
  assert.equal(found.found, 'certificate');
  if (found.found !== 'certificate') throw new Error('no certificate');
  const bytes = await certificatePdf(found.view, { logoImage: entry.logoImage ?? null });
  const result = { bytes, layout: await readLayout(bytes), text: (await pdfText(bytes)).join('\n') };
  rendered.set(key, result);
  if (PNG_FOLDER) {
    mkdirSync(PNG_FOLDER, { recursive: true });
    const file = `${PNG_FOLDER}/${key}.pdf`;
    (await import('node:fs')).writeFileSync(file, bytes);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, `${PNG_FOLDER}/${key}`]);
  }
  return result;
}

before(async () => {
  // The longest names, message, company, project and verifier names, 200 species, four projects.
  const longest = await companyWithFourProjects(true);
  const first = await personalCertificate(longest, true, { first_name: LONGEST_FIRST, last_name: LONGEST_LAST, message: LONGEST_MESSAGE });
  cases.push({ name: 'longest-api', certificateId: first.certificateId, recipientName: `${LONGEST_FIRST} ${LONGEST_LAST}` });

  // A word of 40 letters, a hyphenated Dutch family name, a message without one space, in test mode.
  const unbroken = await companyWithFourProjects(false);
  const second = await personalCertificate(unbroken, false, { first_name: UNBROKEN, last_name: 'Schimmelpenninck-van der Oldenbarnevelt', message: UNBROKEN_MESSAGE });
  cases.push({ name: 'unbroken-test-mode', certificateId: second.certificateId, recipientName: `${UNBROKEN} Schimmelpenninck-van der Oldenbarnevelt` });

  // What the foundation's own recipient import accepts: names of 255 and a message of 2,000 characters.
  const third = await personalCertificate(await companyWithFourProjects(true), true, { first_name: 'Placeholder' });
  const foundationFirst = words(255, 'Wilhelmina');
  const foundationLast = words(255, 'Oldenbarnevelt');
  await app.db.updateTable('recipients').set({ first_name: foundationFirst, last_name: foundationLast, message: words(2000, 'Geniet van je bomen!') }).where('id', '=', third.recipientId).execute();
  cases.push({ name: 'foundation-limits', certificateId: third.certificateId, recipientName: `${foundationFirst} ${foundationLast}` });

  // The company certificate of a company with the longest name, in test mode.
  const { refreshCompanyCertificates } = await import('../../../src/modules/certificates/jobs.ts');
  await refreshCompanyCertificates.handle(app.db, {}, { ...testWorkerServices(), jobId: 0, attempts: 1 });
  const [companyCertificate] = (await app.get('/v2/certificates?type=company', unbroken.test)).body.data;
  assert.ok(companyCertificate, 'the company certificate was issued');
  cases.push({ name: 'company-test-mode', certificateId: companyCertificate.id, recipientName: COMPANY, company: true });

  // An ordinary certificate, with the company's own logo as a PNG.
  const ordinary = await make.companyWithTrees(app.db, { name: 'Fairbrook Coffee', trees: 30 });
  await app.db.updateTable('companies').set({ website_url: 'https://fairbrook.example.com/' }).where('id', '=', ordinary.company.id).execute();
  const fourth = await personalCertificate(ordinary.company, true, { trees: 30, first_name: 'Ada', last_name: 'Lovelace', message: 'Happy birthday! May these trees grow as tall as your ideas.' });
  const logoImage = await QRCode.toBuffer('Fairbrook', { type: 'png', width: 120, margin: 0, color: { dark: '#7a3b12', light: '#f4e9dc' } });
  cases.push({ name: 'ordinary-with-logo', certificateId: fourth.certificateId, recipientName: 'Ada Lovelace', logoImage });
});

describe('the certificate PDF is one framed page whatever it holds', () => {
  for (const language of ['en', 'nl'] as const) {
    for (const name of ['longest-api', 'unbroken-test-mode', 'foundation-limits', 'company-test-mode', 'ordinary-with-logo']) {
      test(`${name}, ${language}: one page, no line or block over another or over an image, all inside the frame`, async () => {
        const entry = cases.find((candidate) => candidate.name === name)!;
        const { layout } = await render(entry, language);
        assertLaidOut(layout, `${name} ${language}`);
        const qr = qrCode(layout);
        assert.ok(qr.right - qr.left >= 72, 'the QR code is at least an inch wide, so a phone reads it');
      });
    }
  }
});

/** Letters only: lines may break a word anywhere, and pdf.js may read a gap at a break as a space. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

describe('what the PDF says', () => {
  test("the recipient's full name appears when the API's limits allow it", async () => {
    for (const language of ['en', 'nl'] as const) {
      for (const name of ['longest-api', 'unbroken-test-mode', 'ordinary-with-logo']) {
        const { text } = await render(cases.find((entry) => entry.name === name)!, language);
        assert.ok(squeeze(text).includes(squeeze(cases.find((entry) => entry.name === name)!.recipientName)), `${name} ${language}: the full name`);
      }
    }
  });

  test('a name longer than the page holds is cut at a word with an ellipsis, and the claim still names the person', async () => {
    const entry = cases.find((candidate) => candidate.name === 'foundation-limits')!;
    const { text } = await render(entry, 'en');
    assert.ok(!squeeze(text).includes(squeeze(entry.recipientName)), 'not all of 511 characters fit');
    assert.match(squeeze(text), new RegExp(`${squeeze(entry.recipientName).slice(0, 60)}[A-Za-z]*…`), 'its beginning, then an ellipsis');
    assert.match(text.replace(/\s+/g, ' '), /This certifies 50 trees for Wilhelmina Wilhelmina[\w ]*…: 40 trees planted, and 10 trees pledged to be planted in the next planting season\./, 'the claim whole, with the name cut');
  });

  test('the longest message of the API is printed whole; a longer one ends with an ellipsis', async () => {
    const { text } = await render(cases.find((entry) => entry.name === 'longest-api')!, 'en');
    assert.ok(squeeze(text).includes(squeeze(LONGEST_MESSAGE)), 'all 500 characters');
    const unbroken = await render(cases.find((entry) => entry.name === 'unbroken-test-mode')!, 'en');
    // Without a space a line breaks only after punctuation, or within a word wider than the line: fewer characters fit.
    const printed = squeeze(unbroken.text);
    const whole = printed.includes(UNBROKEN_MESSAGE);
    const start = UNBROKEN_MESSAGE.slice(0, 300);
    assert.ok(whole || (printed.includes(start) && /…”/.test(printed.slice(printed.indexOf(start)))), '500 characters without a space: whole, or at least 300 of them and an ellipsis');
    const foundation = await render(cases.find((entry) => entry.name === 'foundation-limits')!, 'nl');
    assert.match(squeeze(foundation.text), /(Geniet|vanjebomen!)+[A-Za-z!]*…/);
  });

  test('each project keeps its claim and its verdict; long project and verifier names are cut, never the claim', async () => {
    for (const language of ['en', 'nl'] as const) {
      const flat = (await render(cases.find((entry) => entry.name === 'longest-api')!, language)).text.replace(/\s+/g, ' ');
      const expected = language === 'en'
        ? {
          Kenya: /1\. Restoration of the Upper Tana[^…:]*…, Kenya: 10 trees, all planted Verified by International Forest Certification[^…]*… for the period 1 January 2024 – 31 December 2024\./,
          Brazil: /2\. Restoration[^…:]*…, Brazil: 20 trees, all planted Verified by International[^…]*… for the period 1 January 2024 – 31 December 2024\. It covers 10 of these 20 trees: those planted by the end of its period\./,
          Indonesia: /3\. Restoration[^…:]*…, Indonesia: 10 trees, all planted The project has no published verification statement yet\./,
          Madagascar: /4\. Restoration[^…:]*…, Madagascar: 10 trees, all to be planted in the next planting season The project has no published verification statement yet\./,
          more: /One more project is on the certificate's page\./,
        }
        : {
          Kenia: /1\. Herstel van het[^…:]*…, Kenia: 10 bomen, allemaal geplant Geverifieerd door International[^…]*… over de periode 1 januari 2024 – 31 december 2024\./,
          Brazilië: /2\. Herstel van het[^…:]*…, Brazilië: 20 bomen, allemaal geplant Geverifieerd door International[^…]*… over de periode 1 januari 2024 – 31 december 2024\. Ze dekt 10 van deze 20 bomen/,
          Indonesië: /3\. Herstel van het[^…:]*…, Indonesië: 10 bomen, allemaal geplant Het project heeft nog geen gepubliceerde verificatieverklaring\./,
          Madagaskar: /4\. Herstel van het[^…:]*…, Madagaskar: 10 bomen, allemaal nog te planten in het volgende plantseizoen Het project heeft nog geen gepubliceerde verificatieverklaring\./,
          more: /Nog één project staat op de pagina van het certificaat\./,
        };
      const { more, ...projects } = expected;
      const printed = Object.entries(projects).filter(([country]) => flat.includes(`, ${country}:`));
      assert.equal(printed.length, 3, `${language}: three projects of four are printed`);
      for (const [country, pattern] of printed) assert.match(flat, pattern, `${language}: ${country}`);
      assert.match(flat, more);
    }
  });

  test('the test banner shows in test mode only', async () => {
    assert.match((await render(cases.find((entry) => entry.name === 'unbroken-test-mode')!, 'en')).text, /TEST CERTIFICATE: MADE IN TEST MODE, IT CERTIFIES NO REAL TREES\./);
    assert.match((await render(cases.find((entry) => entry.name === 'company-test-mode')!, 'nl')).text, /TESTCERTIFICAAT/);
    assert.doesNotMatch((await render(cases.find((entry) => entry.name === 'longest-api')!, 'en')).text, /TEST CERTIFICATE/);
  });

  test("the header carries the company's mark, name and website as a link; Canopy only says it issued the page", async () => {
    const { text, layout } = await render(cases.find((entry) => entry.name === 'longest-api')!, 'en');
    const top = layout.lines.filter((line) => line.top > layout.height - 150).map((line) => line.text).join(' ');
    assert.match(top, /^KN /, "the generated mark: the company's initials");
    assert.ok(squeeze(top).includes(squeeze(COMPANY)), `the full company name of ${MAX_COMPANY_NAME_LENGTH} characters in the header`);
    assert.match(top, /koninklijke-stoomkoffiebranderij/, 'the website, without its scheme');
    assert.ok(layout.links.includes('https://www.koninklijke-stoomkoffiebranderij-en-theehandel.example.com/over-ons/duurzaamheid'), 'the website is a link');
    assert.equal(layout.images.length, 1, 'only the QR code is an image');
    assert.match(text, /Issued through Canopy/);
    assert.doesNotMatch(text, /Verified through Canopy|CANOPY/);
    assert.match((await render(cases.find((entry) => entry.name === 'longest-api')!, 'nl')).text, /Uitgegeven via Canopy/);
  });

  test("a company's own logo is drawn in the header instead of its initials", async () => {
    const { layout } = await render(cases.find((entry) => entry.name === 'ordinary-with-logo')!, 'en');
    assert.equal(layout.images.length, 2, 'the logo and the QR code');
    const logo = layout.images.find((image) => image !== qrCode(layout))!;
    assert.ok(logo.top > layout.height - 120, 'the logo is at the top');
    const beside = layout.lines.filter((line) => line.bottom < logo.top && line.top > logo.bottom);
    assert.ok(beside.some((line) => line.text === 'Fairbrook Coffee'), 'the name beside it');
    assert.ok(!beside.some((line) => line.text === 'FC'), 'no initials');
    assert.ok(layout.links.includes('https://fairbrook.example.com/'));
  });

  test('bytes that are no PNG or JPEG give the generated mark, never a failed certificate', async () => {
    const entry = cases.find((candidate) => candidate.name === 'ordinary-with-logo')!;
    const found = await lookUpCertificate(app.db, links, entry.certificateId, 'en');
    if (found.found !== 'certificate') throw new Error('no certificate');
    for (const logoImage of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('RIFF\0\0\0\0WEBPVP8 ')]) {
      const layout = await readLayout(await certificatePdf(found.view, { logoImage }));
      assert.equal(layout.images.length, 1, 'only the QR code');
      assert.ok(layout.lines.some((line) => line.text === 'FC' && line.top > layout.height - 120), 'the initials in the header');
      assertLaidOut(layout, 'fallback mark');
    }
  });

  test('the ordinary certificate spreads over the page instead of bunching at the top', async () => {
    const { layout } = await render(cases.find((entry) => entry.name === 'ordinary-with-logo')!, 'en');
    const qr = qrCode(layout);
    const body = layout.lines.filter((line) => line.top > qr.top + 4);
    const lowest = Math.min(...body.map((line) => line.bottom));
    assert.ok(lowest - qr.top < 180, `the body ends ${Math.round(lowest - qr.top)} pt above the footer`);
  });
});

test(`a company name is at most ${MAX_COMPANY_NAME_LENGTH} characters, as the certificate's header holds it`, async () => {
  await assert.rejects(createCompany(app.db, { name: 'x'.repeat(MAX_COMPANY_NAME_LENGTH + 1) }), (error: unknown) => error instanceof OperatorError && error.message.includes(`at most ${MAX_COMPANY_NAME_LENGTH} characters`));
  const company = await createCompany(app.db, { name: ` ${'y'.repeat(MAX_COMPANY_NAME_LENGTH)} ` });
  assert.equal(company.name.length, MAX_COMPANY_NAME_LENGTH, 'counted after trimming');
});
