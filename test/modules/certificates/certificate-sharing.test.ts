import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { certificateLinkFor, signedDownloadUrl } from '../../../src/modules/certificates/links.ts';
import { startTestApp, TEST_SECRET_KEY } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The certificate page's language, its sharing and its link preview, over plain HTTP as a
 * browser without JavaScript sends it: the page speaks the certificate's language unless
 * the reader chose another, the switch keeps a download link's signature, the page is
 * noindex and names nobody in its preview until someone holding it shares it with the form
 * (a POST with a CSRF token), and stops again.
 */

/** Every log line of the app: what a person typed never shows in one. */
const lines: string[] = [];
const app = await startTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
const project = await make.project(app.db, { name: 'Mount Kenya Forest', nameNl: 'Bergbos Mount Kenya', country: 'KE' });
await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 10_000 }), { trees: 50, status: 'planted' });
await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 100, livemode: false }), { trees: 5, livemode: false });
const secret = process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY;

async function certificateFor(body: Record<string, unknown>, token = company.live) {
  const created = await app.request('POST', '/v2/recipients', { token, body, headers: { 'idempotency-key': randomAlphanumeric(16) } });
  assert.equal(created.status, 200, created.text);
  await app.runJobs();
  const recipient = (await app.get(`/v2/recipients/${created.body.id}`, token)).body;
  return { recipient, certificate: recipient.certificate as { id: string; url: string; download_url: string; number: string } };
}

/** A page as a browser without script gets it: its status, headers, HTML, and the share form's token and cookie. */
async function open(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.baseUrl}${path}`, { headers, redirect: 'manual' });
  const html = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    html,
    csrf: /name="_csrf" value="([^"]+)"/.exec(html)?.[1],
    cookie: response.headers.getSetCookie().find((line) => line.startsWith('canopy_certificate_csrf='))?.split(';')[0],
  };
}

function share(id: string, form: { csrf?: string; cookie?: string }, shared: 'true' | 'false', lang = 'en') {
  return fetch(`${app.baseUrl}/certificates/${id}/share?lang=${lang}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(form.cookie ? { cookie: form.cookie } : {}) },
    body: new URLSearchParams({ ...(form.csrf ? { _csrf: form.csrf } : {}), shared }),
    redirect: 'manual',
  });
}

/** The content of a <meta property|name="..."> of a page, unescaped as a browser reads it. */
function meta(html: string, key: string): string | undefined {
  const found = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
  return found?.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');
}

const noindexed = (page: { html: string; headers: Headers }) =>
  page.html.includes('<meta name="robots" content="noindex">') && page.headers.get('x-robots-tag') === 'noindex';

describe('the language of a certificate page', () => {
  test("opens in the certificate's language whatever the browser prefers; ?lang= wins; the API's url stays bare", async () => {
    const { certificate } = await certificateFor({ trees: 5, first_name: 'Joëlle', language: 'nl' });
    const english = { 'accept-language': 'en-GB,en;q=0.9' };
    const plain = await open(`/certificates/${certificate.id}`, english);
    assert.equal(plain.status, 200);
    assert.ok(plain.html.includes('<html lang="nl">') && plain.html.includes('5 bomen'), 'a Dutch certificate opens in Dutch in an English browser');
    assert.equal(plain.headers.get('content-language'), 'nl');
    const chosen = await open(`/certificates/${certificate.id}?lang=en`, { 'accept-language': 'nl' });
    assert.ok(chosen.html.includes('<html lang="en">') && chosen.html.includes('5 trees'), '?lang= wins over the certificate');
    assert.match(chosen.html, /<a href="\?lang=nl" hreflang="nl"/);

    assert.equal(certificate.url, `http://canopy.test/certificates/${certificate.id}`, 'the API gives the bare page');
    assert.equal(certificateLinkFor('http://canopy.test', certificate.id, 'nl'), `http://canopy.test/certificates/${certificate.id}?lang=nl`);

    // No such certificate: the browser's language (there is no certificate to speak for).
    const missing = await open('/certificates/cert_000000000000000000000000', { 'accept-language': 'nl' });
    assert.equal(missing.status, 404);
    assert.ok(missing.html.includes('Certificaat niet gevonden'));
  });

  test("the switch on a download link's error page keeps its expiry and signature, and the page speaks the certificate's language", async () => {
    const { certificate } = await certificateFor({ trees: 2, first_name: 'Ada', language: 'nl' });
    const expired = new URL(signedDownloadUrl('http://canopy.test', secret, certificate.id, new Date(Date.now() - 2 * 3_600_000)));
    const page = await open(`${expired.pathname}${expired.search}`, { 'accept-language': 'en' });
    assert.equal(page.status, 410);
    assert.ok(page.html.includes('Deze downloadlink is verlopen'), 'in the certificate language');
    const switches = [...page.html.matchAll(/<a href="([^"]+)" hreflang="(en|nl)"/g)].map(([, href, code]) => ({ code, href: href!.replace(/&amp;/g, '&') }));
    assert.equal(switches.length, 2);
    for (const { code, href } of switches) {
      const query = new URL(href, 'http://x').searchParams;
      assert.equal(query.get('expires'), expired.searchParams.get('expires'));
      assert.equal(query.get('signature'), expired.searchParams.get('signature'));
      assert.equal(query.get('lang'), code);
    }
    const english = await open(`${expired.pathname}?${new URL(switches.find((s) => s.code === 'en')!.href, 'http://x').searchParams}`);
    assert.equal(english.status, 410, 'the same link, still recognised as genuine and expired');
    assert.ok(english.html.includes('This download link has expired'));
    assert.ok(english.html.includes(`href="http://canopy.test/certificates/${certificate.id}?lang=en"`), 'back to the page in the language chosen');
  });
});

describe('sharing a certificate page', () => {
  test('private until shared: noindex, no name in the preview, absolute preview links; shared: indexable, named, with share links; stopping reverts', async () => {
    const { certificate } = await certificateFor({ trees: 5, first_name: 'Anna', last_name: 'Jansen', language: 'en' });
    const path = `/certificates/${certificate.id}`;
    const before = await open(path);
    assert.ok(noindexed(before), 'noindex in the page and in X-Robots-Tag');
    assert.equal(meta(before.html, 'og:title'), '5 trees from Fairbrook Coffee Roasters');
    assert.equal(meta(before.html, 'og:description'), 'Planted in Mount Kenya Forest (Kenya). The certificate shows where, and the proof.');
    assert.equal(meta(before.html, 'og:url'), `http://canopy.test${path}`);
    assert.equal(meta(before.html, 'og:image'), `http://canopy.test${path}/share.png`);
    assert.equal(meta(before.html, 'og:image:width'), '1200');
    assert.equal(meta(before.html, 'og:image:height'), '630');
    assert.equal(meta(before.html, 'og:image:alt'), 'Certificate: 5 trees from Fairbrook Coffee Roasters');
    assert.equal(meta(before.html, 'og:locale'), 'en_GB');
    assert.equal(meta(before.html, 'twitter:card'), 'summary_large_image');
    const head = /<head>([\s\S]*)<\/head>/.exec(before.html)?.[1] ?? '';
    assert.doesNotMatch(head, /Anna|Jansen/, 'no personal name in the head (title, preview) while not shared');
    assert.match(before.html, /<h1>Anna Jansen<\/h1>/, 'the page itself names the recipient');
    assert.doesNotMatch(before.html, /wa\.me|linkedin\.com/, 'no share links before sharing');
    assert.ok(before.csrf && before.cookie, 'the share form carries a token, its secret in a cookie');

    // Without the token (another site's form): refused with a page, nothing shared.
    const forged = await share(certificate.id, { cookie: before.cookie }, 'true');
    assert.equal(forged.status, 403);
    assert.match(forged.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await forged.text(), /This form has expired/);
    const noCookie = await share(certificate.id, { csrf: before.csrf }, 'true');
    assert.equal(noCookie.status, 403);
    assert.ok(noindexed(await open(path)), 'still private');

    const shared = await share(certificate.id, before, 'true');
    assert.equal(shared.status, 303);
    assert.equal(shared.headers.get('location'), `${path}?lang=en#share`);
    const after = await open(path);
    assert.equal(after.headers.get('x-robots-tag'), null);
    assert.doesNotMatch(after.html, /name="robots"/);
    assert.equal(meta(after.html, 'og:title'), '5 trees for Anna Jansen, from Fairbrook Coffee Roasters');
    const pageUrl = encodeURIComponent(`http://canopy.test${path}`);
    assert.ok(after.html.includes(`https://www.linkedin.com/sharing/share-offsite/?url=${pageUrl}`), 'a LinkedIn link');
    assert.match(after.html, /href="https:\/\/wa\.me\/\?text=[^"]+"/);
    assert.match(after.html, /href="mailto:\?subject=[^"]+"/);
    assert.ok(after.html.includes(`id="share-url">http://canopy.test${path}</code>`), 'the address to copy');
    assert.match(after.html, />Stop sharing</);
    const row = await app.db.selectFrom('certificates').select('shared_at').where('id', '=', certificate.id).executeTakeFirstOrThrow();
    assert.ok(row.shared_at instanceof Date);

    // A shared page in Dutch is named in Dutch.
    const dutch = await open(`${path}?lang=nl`);
    assert.equal(meta(dutch.html, 'og:title'), '5 bomen voor Anna Jansen, van Fairbrook Coffee Roasters');
    assert.equal(meta(dutch.html, 'og:locale'), 'nl_NL');

    const stopped = await share(certificate.id, after, 'false', 'nl');
    assert.equal(stopped.status, 303);
    assert.equal(stopped.headers.get('location'), `${path}?lang=nl#share`);
    const again = await open(path);
    assert.ok(noindexed(again), 'noindex again');
    assert.equal(meta(again.html, 'og:title'), '5 trees from Fairbrook Coffee Roasters');
    assert.equal((await app.db.selectFrom('certificates').select('shared_at').where('id', '=', certificate.id).executeTakeFirstOrThrow()).shared_at, null);
  });

  test('another or no certificate is a 404 page, a bad form a 4xx page, never a 500; the form address opened leads to the page', async () => {
    const { certificate } = await certificateFor({ trees: 1, first_name: 'Bo' });
    const form = await open(`/certificates/${certificate.id}`);
    for (const id of ['cert_000000000000000000000000', 'not-an-id']) {
      const response = await share(id, form, 'true');
      assert.equal(response.status, 404);
      assert.match(await response.text(), /No such certificate/);
    }
    for (const [type, body] of [['application/json', '{"shared":'], ['text/plain', 'shared=true'], ['application/x-www-form-urlencoded', `shared=${'x'.repeat(5000)}`]]) {
      const broken = await fetch(`${app.baseUrl}/certificates/${certificate.id}/share`, { method: 'POST', headers: { 'content-type': type!, cookie: form.cookie! }, body, redirect: 'manual' });
      assert.ok(broken.status >= 400 && broken.status < 500, `${type} refused: ${broken.status}`);
      assert.match(broken.headers.get('content-type') ?? '', /^text\/html/);
    }
    const odd = await fetch(`${app.baseUrl}/certificates/${certificate.id}/share`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie! }, body: new URLSearchParams({ _csrf: form.csrf!, shared: 'maybe' }),
    });
    assert.equal(odd.status, 400);
    assert.ok(noindexed(await open(`/certificates/${certificate.id}`)), 'nothing was shared');

    const opened = await open(`/certificates/${certificate.id}/share?lang=nl`);
    assert.equal(opened.status, 303);
    assert.equal(opened.headers.get('location'), `/certificates/${certificate.id}?lang=nl`);
  });

  test('a pledged certificate previews its trees as to be planted; a test certificate is never indexable; a withdrawn one cannot be shared', async () => {
    const pledging = await make.companyWithTokens(app.db, { name: 'Pledge Co' });
    await make.allocation(app.db, pledging, await make.planting(app.db, project, { trees: 100, done: false }), { trees: 10, status: 'pledged' });
    const pledged = await certificateFor({ trees: 3, first_name: 'Pia' }, pledging.live);
    const page = await open(`/certificates/${pledged.certificate.id}?lang=en`);
    assert.equal(meta(page.html, 'og:description'), 'To be planted in Mount Kenya Forest (Kenya) in the next planting season.');

    const testOne = await certificateFor({ trees: 1, first_name: 'Tess' }, company.test);
    const testPage = await open(`/certificates/${testOne.certificate.id}`);
    assert.equal(meta(testPage.html, 'og:title'), 'Test certificate: 1 tree from Fairbrook Coffee Roasters');
    assert.equal((await share(testOne.certificate.id, testPage, 'true')).status, 303);
    assert.ok(noindexed(await open(`/certificates/${testOne.certificate.id}`)), 'a test certificate stays noindex when shared');

    const { recipient, certificate } = await certificateFor({ trees: 1, first_name: 'Wim' });
    const form = await open(`/certificates/${certificate.id}`);
    assert.equal((await share(certificate.id, form, 'true')).status, 303);
    await app.request('DELETE', `/v2/recipients/${recipient.id}`, { token: company.live });
    const withdrawn = await open(`/certificates/${certificate.id}`);
    assert.equal(withdrawn.status, 410);
    assert.ok(noindexed(withdrawn), 'a withdrawn certificate is never indexable');
    assert.equal(meta(withdrawn.html, 'og:title'), undefined, 'and has no preview');
    const refused = await share(certificate.id, form, 'true');
    assert.equal(refused.status, 410);
    assert.equal((await share(certificate.id, form, 'false')).status, 410, 'stopping answers the same, and clears');
    assert.equal((await app.db.selectFrom('certificates').select('shared_at').where('id', '=', certificate.id).executeTakeFirstOrThrow()).shared_at, null);
  });
});

describe('the language switch of the gift pages keeps what was typed', () => {
  test('the code entry page: the switch sends the typed code along and shows it again, looking nothing up', async () => {
    const page = await open('/gift?lang=en');
    assert.equal(page.headers.get('referrer-policy'), 'no-referrer', 'a typed code never leaves in a Referer');
    assert.match(page.html, /<button type="submit" form="code-form" hidden>Find my gift<\/button>/, 'Enter presses the form\'s own button first');
    assert.match(page.html, /<button type="submit" form="code-form" formaction="\/gift" formnovalidate name="switch_to" value="nl" lang="nl">Nederlands<\/button>/);
    const switched = await open('/gift?lang=en&code=7kq4+m2xd&switch_to=nl');
    assert.equal(switched.status, 200, 'no look-up, no redirect');
    assert.ok(switched.html.includes('<html lang="nl">'));
    assert.match(switched.html, /id="code" name="code" class="code" value="7kq4 m2xd"/);
    assert.ok(lines.length > 0 && !lines.some((line) => /7kq4/i.test(line)), 'the typed code is in no log line');
  });

  test('the claim form: the switch posts the form back, filled in, in the other language; nothing is claimed', async () => {
    const { company: giver, token } = await make.companyWithTrees(app.db, { trees: 10, name: 'Fairbrook Coffee Roasters' });
    void giver;
    const created = await app.request('POST', '/v2/gift-codes', { token, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 2 } });
    const code = created.body.code as string;
    const response = await fetch(`${app.baseUrl}/gift/${code}?lang=en`);
    const html = await response.text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)![1]!;
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('canopy_gift_csrf='))!.split(';')[0]!;
    assert.ok(html.includes(`formaction="/gift/${code}?lang=nl"`));
    const body = new URLSearchParams({ _csrf: csrf, page_language: 'en', first_name: 'Anna', last_name: 'Schimmelpenninck-van der Oldenbarnevelt', email: 'anna@example.nl', language: 'en', switch_to: 'nl' });
    const switched = await fetch(`${app.baseUrl}/gift/${code}?lang=nl`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body, redirect: 'manual' });
    assert.equal(switched.status, 200);
    const dutch = await switched.text();
    assert.ok(dutch.includes('<html lang="nl">'));
    assert.match(dutch, /id="first_name" name="first_name" value="Anna"/);
    assert.match(dutch, /id="last_name" name="last_name" value="Schimmelpenninck-van der Oldenbarnevelt"/);
    assert.match(dutch, /id="email" name="email" type="email" value="anna@example.nl"/);
    assert.match(dutch, /<option value="nl" selected>/, 'the certificate language follows the page when it was left as it was');
    assert.doesNotMatch(dutch, /class="problems"/, 'no problems shown for a switch');
    const status = (await app.get(`/v2/gift-codes/${created.body.id}`, token)).body.status;
    assert.equal(status, 'open', 'nothing was claimed');
    // A certificate language chosen on purpose stays.
    const chosen = await fetch(`${app.baseUrl}/gift/${code}?lang=nl`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ _csrf: csrf, page_language: 'nl', first_name: 'Anna', email: 'anna@example.nl', language: 'en', switch_to: 'nl' }),
    });
    assert.match(await chosen.text(), /<option value="en" selected>/);
    assert.ok(!lines.some((line) => line.includes(code) || line.includes('anna@') || line.includes('Schimmelpenninck')), 'neither the code nor what was typed is in a log line');
  });
});
