import { photoKey } from '../../../src/modules/photos/copies.ts';
import { storePhotoCopies } from '../../helpers/photos.ts';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import PostalMime, { type Email } from 'postal-mime';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { JOBS } from '../../../src/features.ts';
import { updateCompany } from '../../../src/operator/companies.ts';
import { runDueJobs } from '../../../src/platform/jobs/worker.ts';
import { createMailer } from '../../../src/platform/mail/mailer.ts';
import { startTestApp, testWorkerServices } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';

/**
 * The giving company's own face wherever a recipient meets it (issue 23): its name, logo
 * and website in the certificate email, which comes from it via Canopy with a Reply-To it
 * chose (and none when it chose none), its privacy policy on the claim page, and its name
 * and website on a withdrawn certificate's page. Through a real SMTP server and real HTTP.
 */

const app = await startTestApp({ GIFT_LOOKUPS_PER_MINUTE: '1000' });
const sink = await startSmtpSink();
const services = testWorkerServices(createMailer({ smtpUrl: sink.url, from: 'Canopy <certificates@canopy.test>', outboxDir: '/nonexistent' }));
const runJobs = () => runDueJobs(app.db, { jobs: JOBS, services });

const branded = (await make.companyWithTrees(app.db, { trees: 50, name: 'Fairbrook Coffee Roasters' })).company;
await updateCompany(app.db, branded.id, {
  websiteUrl: 'https://www.fairbrook.example/',
  logoUrl: 'https://images.fairbrook.example/logo.png',
  contactEmail: 'hello@fairbrook.example',
  privacyUrl: 'https://fairbrook.example/privacy?x=1&y=2',
});
const plain = (await make.companyWithTrees(app.db, { trees: 50, name: 'Plain Beans' })).company;
// Canopy's copy of the logo, as if fetched (modules/photos): emails and pages show the copy, never the company's host.
await storePhotoCopies(app.db, ['https://images.fairbrook.example/logo.png']);
const logoCopy = `http://canopy.test/photos/${photoKey('https://images.fairbrook.example/logo.png')}/phone.webp`;

async function createRecipient(token: string, body: Record<string, unknown>) {
  const created = await app.request('POST', '/v2/recipients', { token, body, headers: { 'idempotency-key': randomAlphanumeric(16) } });
  assert.equal(created.status, 200, created.text);
  return created.body as { id: string };
}

/** Gives trees with send_email, runs the worker, and returns the one message the SMTP server accepted, raw and parsed. */
async function emailTo(token: string, body: Record<string, unknown>): Promise<{ raw: string; email: Email }> {
  const before = sink.messages.length;
  await createRecipient(token, { trees: 2, send_email: true, ...body });
  await runJobs();
  assert.equal(sink.messages.length, before + 1, 'one message');
  const raw = sink.messages.at(-1)!.raw;
  return { raw: raw.toString('latin1'), email: await PostalMime.parse(raw) };
}

/** What a mail client that blocks images shows: the HTML without its images, tags stripped. */
function withoutImages(html: string): string {
  return html.replace(/<img\b[^>]*>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the certificate email carries the giving company', () => {
  test('with a contact address: Reply-To is that address; the logo, name and website lead and close the message', async () => {
    const { raw, email } = await emailTo(branded.live, { first_name: 'Ada', email: 'ada@example.com', language: 'en' });
    assert.deepEqual(email.replyTo, [{ name: '', address: 'hello@fairbrook.example' }]);
    assert.equal((raw.match(/^Reply-To:/gim) ?? []).length, 1);
    assert.equal(email.from?.name, 'Fairbrook Coffee Roasters via Canopy');
    assert.equal(email.from?.address, 'certificates@canopy.test', "Canopy's own address, so that SPF and DKIM hold");

    const html = email.html ?? '';
    // The logo is decoration beside the name written out: a client that blocks images shows the name once, whole.
    assert.match(html, new RegExp(`<img src="${logoCopy.replaceAll('.', '\\.')}" alt="" height="48" style="[^"]*height:48px;width:auto;max-width:200px[^"]*"></td>\\s*<td[^>]*>Fairbrook Coffee Roasters</td>`));
    assert.doesNotMatch(html, /CANOPY/, 'the company leads, not Canopy');
    assert.match(html, /<a href="https:\/\/www\.fairbrook\.example\/"[^>]*>fairbrook\.example<\/a>/);
    assert.match(html, /Reply to this email to reach Fairbrook Coffee Roasters\./);
    assert.match(html, /Sent by Canopy on behalf of Fairbrook Coffee Roasters\./);
    const blocked = withoutImages(html);
    assert.ok(blocked.indexOf('Fairbrook Coffee Roasters') < blocked.indexOf('Dear Ada,'), 'with images blocked the name still leads');

    const text = email.text ?? '';
    assert.match(text, /^With green regards,\nFairbrook Coffee Roasters\nhttps:\/\/www\.fairbrook\.example\/\n/m);
    assert.match(text, /^--\nReply to this email to reach Fairbrook Coffee Roasters\.\nSent by Canopy on behalf of Fairbrook Coffee Roasters\. You receive this email because/m);
  });

  test('without a contact address: no Reply-To at all, no promise of one, and initials drawn as text for a company without a logo', async () => {
    const { raw, email } = await emailTo(plain.live, { first_name: 'Bram', email: 'bram@example.nl', language: 'nl' });
    assert.doesNotMatch(raw, /^Reply-To:/im);
    assert.equal(email.replyTo, undefined);
    const html = email.html ?? '';
    assert.doesNotMatch(html, /<img/, 'no SVG logo: many mail clients show none');
    assert.match(html, /<div aria-hidden="true" style="[^"]*background:#[0-9a-f]{6};[^"]*">PB<\/div><\/td>\s*<td[^>]*>Plain Beans<\/td>/);
    assert.doesNotMatch(html, /beantwoord/i);
    assert.doesNotMatch(html, /<a href="http(?!:\/\/canopy\.test\/certificates\/)/, 'no website to link: only the certificate page');
    assert.match(html, /Verstuurd door Canopy namens Plain Beans\./);
    const text = email.text ?? '';
    assert.match(text, /^Met groene groet,\nPlain Beans\n\n--\nVerstuurd door Canopy namens Plain Beans\. Je ontvangt deze e-mail/m);
  });

  test('a contact address set later is the Reply-To of the next email; cleared, there is none again', async () => {
    const updated = await updateCompany(app.db, plain.id, { contactEmail: ' Team@Plain-Beans.example ' });
    assert.equal(updated.contact_email, 'Team@plain-beans.example', 'trimmed; the domain in lower case, as mail software writes it');
    const set = await emailTo(plain.live, { email: 'c1@example.com' });
    assert.deepEqual(set.email.replyTo, [{ name: '', address: 'Team@plain-beans.example' }]);
    await updateCompany(app.db, plain.id, { contactEmail: null });
    const cleared = await emailTo(plain.live, { email: 'c2@example.com' });
    assert.doesNotMatch(cleared.raw, /^Reply-To:/im);
  });
});

describe('the claim page and the dead ends', () => {
  async function newCode(token: string) {
    const created = await app.request('POST', '/v2/gift-codes', { token, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 1 } });
    assert.equal(created.status, 200, created.text);
    return created.body as { id: string; code: string };
  }
  const privacyNote = (html: string) => /<p class="hint" id="privacy-note">.*?<\/p>/s.exec(html)?.[0] ?? '';

  test('the privacy note links the company\'s policy when it has one, and has no link when it has none', async () => {
    const gift = await newCode(branded.live);
    for (const [lang, label] of [['en', 'Privacy policy of Fairbrook Coffee Roasters'], ['nl', 'Privacyverklaring van Fairbrook Coffee Roasters']]) {
      const page = await app.get(`/gift/${gift.code}?lang=${lang}`);
      assert.equal(page.status, 200);
      assert.match(privacyNote(page.text), new RegExp(`<a href="https://fairbrook\\.example/privacy\\?x=1&amp;y=2">${label}</a></p>$`));
    }
    const without = await app.get(`/gift/${(await newCode(plain.live)).code}?lang=en`);
    assert.match(privacyNote(without.text), /^<p class="hint" id="privacy-note">Your name is printed on your certificate/);
    assert.doesNotMatch(privacyNote(without.text), /<a /);
  });

  test('a revoked code names the company and links its website', async () => {
    const gift = await newCode(branded.live);
    await app.request('POST', `/v2/gift-codes/${gift.id}/revoke`, { token: branded.live });
    const page = await app.get(`/gift/${gift.code}?lang=en`);
    assert.equal(page.status, 410);
    assert.match(page.text, /Get in touch with Fairbrook Coffee Roasters\./);
    assert.match(page.text, /<a class="button" href="https:\/\/www\.fairbrook\.example\/"[^>]*>Visit fairbrook\.example<\/a>/);
  });

  test('a withdrawn certificate names the company that issued it and links its website, and nothing of the recipient', async () => {
    const recipient = await createRecipient(branded.live, { trees: 1, first_name: 'Wilhelmina', last_name: 'Gone', language: 'nl' });
    await runJobs();
    const certificateId = (await app.get(`/v2/recipients/${recipient.id}`, branded.live)).body.certificate.id;
    const certificate = (await app.get(`/v2/certificates/${certificateId}`, branded.live)).body;
    await app.request('DELETE', `/v2/recipients/${recipient.id}`, { token: branded.live });
    // The page in the reader's language; the PDF's link answers in the certificate's (Dutch).
    for (const [path, number, visit] of [
      [`/certificates/${certificate.id}?lang=en`, `Certificate number ${certificate.number}, issued by`, 'Visit'],
      [certificate.download_url.replace('http://canopy.test', ''), `Certificaatnummer ${certificate.number}, uitgegeven door`, 'Naar'],
    ]) {
      const page = await app.get(path);
      assert.equal(page.status, 410, path);
      assert.ok(page.text.includes(`${number} Fairbrook Coffee Roasters.`), page.text);
      assert.ok(page.text.includes(`<a class="button" href="https://www.fairbrook.example/">${visit} fairbrook.example</a>`), page.text);
      assert.ok(!page.text.includes('Wilhelmina') && !page.text.includes('Gone'), 'no personal data');
    }
  });
});

describe('what the database keeps out', () => {
  test('a contact address split over lines, or a privacy policy that is not a web address, is refused by the table itself', async () => {
    const set = (column: 'contact_email' | 'privacy_url', value: string) =>
      app.db.updateTable('companies').set({ [column]: value }).where('id', '=', plain.id).execute();
    await assert.rejects(set('contact_email', 'a@b.example\r\nBcc: x@y.example'), /companies_contact_email_check/);
    await assert.rejects(set('contact_email', 'no-at-sign.example'), /companies_contact_email_check/);
    await assert.rejects(set('privacy_url', 'javascript:alert(1)'), /companies_privacy_url_check/);
    await assert.rejects(set('privacy_url', `https://example.com/${'a'.repeat(2048)}`), /companies_privacy_url_check/);
    await set('privacy_url', 'https://plain-beans.example/privacy');
    const row = await sql<{ privacy_url: string }>`SELECT privacy_url FROM companies WHERE id = ${plain.id}`.execute(app.db);
    assert.equal(row.rows[0]?.privacy_url, 'https://plain-beans.example/privacy');
  });
});
