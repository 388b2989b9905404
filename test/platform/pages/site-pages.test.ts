import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { ERROR_CODES } from '../../../src/core/errors.ts';
import { RETIRED_ENDPOINTS } from '../../../src/legacy-v1/retired.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * Canopy's own pages, as a person and an integrator reach them: the home page at `/` in
 * English and Dutch, the icon browsers ask for, the guides of docs/ as pages (every error
 * code's doc_url landing on its row) and still as markdown, the headers every HTML page
 * carries, and the API reference's opening: authentication and a quick start that works.
 */

const app = await startTestApp();

/** What a browser sends for a page it navigates to. */
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8' };
const GUIDES = ['errors', 'webhooks', 'impact-page', 'migrating-from-v1', 'legacy-v1'] as const;

const page = (path: string, headers: Record<string, string> = {}) => app.get(path, undefined, { ...BROWSER, ...headers });
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] as string);
const ids = (html: string) => [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1] as string);

describe('the home page', () => {
  test('says what Canopy is, in English, with the ways in: a gift code, the API reference, the guides', async () => {
    const home = await page('/');
    assert.equal(home.status, 200);
    assert.equal(home.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(home.headers.get('content-language'), 'en');
    assert.match(home.text, /<html lang="en">/);
    assert.match(home.text, /Canopy shows a company the trees it contributes to, where each one is planted or will be, and the proof behind it/);
    assert.match(home.text, /Companies pass their trees on to customers and employees through an API/);
    const links = hrefs(home.text);
    for (const expected of ['/docs', '/gift', '/docs/errors', '/docs/webhooks', '/docs/migrating-from-v1', '/docs/legacy-v1', '/v2/openapi.json']) {
      assert.ok(links.includes(expected), `links to ${expected}`);
    }
    assert.match(home.text, /Claim a gift code/);
    assert.doesNotMatch(home.text, /name="robots" content="noindex"/, 'the home page may be found');
  });

  test('in Dutch from ?lang=nl, keeping the choice in its links, or from Accept-Language', async () => {
    const chosen = await page('/?lang=nl');
    assert.equal(chosen.headers.get('content-language'), 'nl');
    assert.match(chosen.text, /<html lang="nl">/);
    assert.match(chosen.text, /Canopy laat een bedrijf zien aan welke bomen het bijdraagt/);
    assert.match(chosen.text, /Cadeaucode verzilveren/);
    assert.match(chosen.text, /De API-naslag en de handleidingen zijn in het Engels\./);
    const links = hrefs(chosen.text);
    for (const expected of ['/gift?lang=nl', '/docs/errors?lang=nl', '/docs']) assert.ok(links.includes(expected), `links to ${expected}`);

    const negotiated = await page('/', { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.5' });
    assert.equal(negotiated.headers.get('content-language'), 'nl');
    assert.ok(hrefs(negotiated.text).includes('/gift'), 'Accept-Language will choose again: no ?lang= needed');
    assert.match(negotiated.headers.get('vary') ?? '', /Accept-Language/);
  });

  test('every link on it answers, in both languages', async () => {
    for (const path of ['/', '/?lang=nl']) {
      for (const link of new Set(hrefs((await page(path)).text))) {
        if (link.startsWith('?')) continue; // the language switch: this page again
        const answer = await page(link);
        assert.equal(answer.status, 200, `${path} links to ${link}`);
      }
    }
  });

  test('is a page whatever the client asks for, never the JSON 404', async () => {
    const json = await app.get('/');
    assert.equal(json.status, 200);
    assert.match(json.headers.get('content-type') ?? '', /^text\/html/);
  });
});

describe('the icon', () => {
  test('/favicon.ico is an icon (PNGs of 16, 32 and 48 px), /favicon.svg the same drawing, both kept a day', async () => {
    const ico = await fetch(`${app.baseUrl}/favicon.ico`);
    assert.equal(ico.status, 200);
    assert.equal(ico.headers.get('content-type'), 'image/x-icon');
    assert.equal(ico.headers.get('cache-control'), 'public, max-age=86400');
    const bytes = Buffer.from(await ico.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 4)], [0, 0, 1, 0], 'an ICO header');
    assert.equal(bytes.readUInt16LE(4), 3, 'three images');
    assert.deepEqual([0, 1, 2].map((i) => bytes[6 + 16 * i]), [16, 32, 48]);
    assert.ok(bytes.includes(Buffer.from('\x89PNG', 'latin1')), 'PNG inside');

    const svg = await fetch(`${app.baseUrl}/favicon.svg`);
    assert.equal(svg.status, 200);
    assert.equal(svg.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
    assert.match(svg.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.match(await svg.text(), /^<svg [^>]*viewBox="0 0 32 32"/);
  });

  test('every page links to it: the layout (home, guides, claim pages) and the API reference', async () => {
    for (const path of ['/', '/docs/errors', '/gift', '/docs']) {
      const links = (await page(path)).text;
      assert.match(links, /<link rel="icon" href="\/favicon\.ico" sizes="16x16 32x32 48x48">/, path);
      assert.match(links, /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml">/, path);
    }
  });
});

describe('the guides', () => {
  test('each is a page for a browser, in the site\'s look, with the guides and its contents beside it', async () => {
    for (const name of GUIDES) {
      const guide = await page(`/docs/${name}`);
      assert.equal(guide.status, 200, name);
      assert.equal(guide.headers.get('content-type'), 'text/html; charset=utf-8', name);
      assert.match(guide.headers.get('vary') ?? '', /\bAccept\b.*Accept-Language/, name);
      assert.match(guide.text, /<header class="top">/, `${name}: the header of the other pages`);
      assert.match(guide.text, new RegExp(`<a href="/docs/${name}" aria-current="page">`), `${name}: marked in the list`);
      assert.match(guide.text, /<article class="doc" lang="en">\s*<h1 id="/, `${name}: the guide itself, from its first heading`);
      assert.ok(hrefs(guide.text).includes(`/docs/${name}.md`), `${name}: links to its markdown`);
      assert.doesNotMatch(guide.text, /name="robots" content="noindex"/, `${name} may be found`);
    }
    const errors = await page('/docs/errors');
    assert.match(errors.text, /<title>Canopy API errors · Canopy<\/title>/);
    assert.match(errors.text, /<h2 id="codes">Codes<a class="anchor" href="#codes"/);
    assert.match(errors.text, /<div class="table"><table>/);
    assert.match(errors.text, /<pre tabindex="0"><code class="language-json">\{\n {2}&quot;error&quot;/);
  });

  test('the markdown stays: at /docs/<name>.md always, and at /docs/<name> for a client that does not ask for HTML', async () => {
    for (const name of GUIDES) {
      const source = readFileSync(new URL(`../../../docs/${name}.md`, import.meta.url), 'utf8');
      for (const [path, headers] of [[`/docs/${name}.md`, BROWSER], [`/docs/${name}`, {}], [`/docs/${name}`, { accept: '*/*' }], [`/docs/${name}`, { accept: 'text/markdown, text/html;q=0.5' }]] as const) {
        const response = await fetch(`${app.baseUrl}${path}`, { headers });
        assert.equal(response.status, 200, path);
        assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8', `${path} ${JSON.stringify(headers)}`);
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
        assert.equal(await response.text(), source, `${path}: docs/${name}.md as it is`);
      }
    }
  });

  test('every code of ERROR_CODES has an element with its id on /docs/errors, where doc_url points', async () => {
    const errors = await page('/docs/errors');
    const found = new Set(ids(errors.text));
    const missing = Object.keys(ERROR_CODES).filter((code) => !found.has(code));
    assert.deepEqual(missing, [], 'add <a id="code"></a> before the code in docs/errors.md');

    // A real answer's doc_url, followed as a browser would.
    const refused = await app.get('/v2/me');
    const docUrl = new URL(refused.body.error.doc_url);
    assert.equal(`${docUrl.pathname}${docUrl.hash}`, '/docs/errors#token_missing');
    assert.ok(ids((await page(docUrl.pathname)).text).includes(docUrl.hash.slice(1)));
  });

  test('ids are unique on each guide, and every link between and within the guides lands on one', async () => {
    const idsOf = new Map<string, string[]>();
    const pages = new Map<string, string>();
    for (const name of GUIDES) {
      const html = (await page(`/docs/${name}`)).text;
      pages.set(name, html);
      idsOf.set(name, ids(html));
      const all = ids(html);
      assert.deepEqual(all.filter((id, i) => all.indexOf(id) !== i), [], `${name}: no id twice`);
    }
    for (const [name, html] of pages) {
      for (const href of hrefs(html)) {
        const inPage = /^#(.+)$/.exec(href);
        const toGuide = /^\/docs\/([a-z0-9-]+)(?:\?lang=[a-z]+)?#(.+)$/.exec(href);
        if (inPage) assert.ok(idsOf.get(name)!.includes(inPage[1]!), `${name}: ${href}`);
        if (toGuide) assert.ok(idsOf.get(toGuide[1]!)?.includes(toGuide[2]!), `${name}: ${href}`);
        assert.doesNotMatch(href, /^(?!\/docs\/[a-z0-9-]+\.md$)[^:]*\.md(#|$)/, `${name}: ${href} is a file no page serves`);
      }
    }
    assert.ok(hrefs(pages.get('errors')!).includes('/docs/webhooks#set-up-an-endpoint'), 'webhooks.md#set-up-an-endpoint goes to its page');
  });

  test("the v1 API's 410 answers and Link header land on sections of the migration guide", async () => {
    const guide = ids((await page('/docs/migrating-from-v1')).text);
    for (const retired of RETIRED_ENDPOINTS) assert.ok(guide.includes(retired.anchor), `#${retired.anchor}`);
  });

  test('around the guide, Dutch for a Dutch reader; the guide itself says it is English', async () => {
    const dutch = await page('/docs/errors?lang=nl');
    assert.equal(dutch.headers.get('content-language'), 'nl');
    assert.match(dutch.text, /<html lang="nl">/);
    assert.match(dutch.text, /Deze handleiding is in het Engels\./);
    assert.match(dutch.text, /<a href="\/docs\/webhooks\?lang=nl">Webhooks<\/a>/);
    assert.match(dutch.text, />Foutcodes<\/a>/);
    assert.match(dutch.text, />Op deze pagina</);
    assert.match(dutch.text, /<article class="doc" lang="en">/);
  });
});

describe('security headers on every HTML page', () => {
  const unknownGift = '/gift/ZZZZ-ZZZZ-ZZZZ';
  const HTML_PAGES = ['/', '/?lang=nl', '/docs', '/docs/errors', '/docs/webhooks?lang=nl', '/gift', unknownGift, '/certificates/cert_000000000000000000000000'];

  async function eachPage(check: (path: string, headers: Headers) => void) {
    for (const path of HTML_PAGES) {
      const answer = await page(path);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/html/, path);
      check(path, answer.headers);
    }
  }

  test('X-Content-Type-Options: nosniff', async () => {
    await eachPage((path, headers) => assert.equal(headers.get('x-content-type-options'), 'nosniff', path));
  });

  test('a Permissions-Policy that denies camera, microphone, geolocation and the like', async () => {
    await eachPage((path, headers) => {
      const policy = headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'display-capture']) {
        assert.match(policy, new RegExp(`(^|, )${feature}=\\(\\)(,|$)`), `${path}: ${feature}`);
      }
    });
  });

  test("base-uri 'none' in the Content-Security-Policy, beside no framing", async () => {
    await eachPage((path, headers) => {
      const policy = headers.get('content-security-policy') ?? '';
      assert.match(policy, /(^|; )base-uri 'none'(;|$)/, path);
      assert.match(policy, /(^|; )frame-ancestors 'none'(;|$)/, path);
      assert.match(policy, /(^|; )default-src 'none'(;|$)/, path);
    });
  });
});

describe('the API reference opens with authentication and a quick start', () => {
  test('the document\'s description: its sections, in that order, before any operation', async () => {
    const { info } = (await app.get('/v2/openapi.json')).body;
    const headings = [...info.description.matchAll(/^## (.+)$/gm)].map((match: RegExpMatchArray) => match[1]);
    assert.deepEqual(headings, ['Authentication', 'Quick start']);
    assert.match(info.description, /Authorization: Bearer canopy_test_\.\.\./);
    assert.match(info.description, /\[the error guide\]\(\/docs\/errors\)/);
  });

  test('its curl lines work, one after the other, with a new test token', async () => {
    const company = await make.companyWithTokens(app.db);
    const { info } = (await app.get('/v2/openapi.json')).body;
    const commands = [...(info.description as string).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => (match[1] as string).replace(/\\\n\s*/g, ' ').trim());
    assert.equal(commands.length, 4);
    const answers = [];
    for (const command of commands) {
      const url = /curl "?http:\/\/canopy\.test(\S+?)"?(\s|$)/.exec(command)?.[1];
      assert.ok(url, command);
      const headers = Object.fromEntries([...command.matchAll(/-H "([^:]+): ([^"]+)"/g)].map(([, name, value]) => [name!.toLowerCase(), value!.replace('$TOKEN', company.test)]));
      const body = /-d '([^']+)'/.exec(command)?.[1];
      const answer = await app.request(body ? 'POST' : 'GET', url, { rawBody: body, headers });
      assert.equal(answer.status, 200, `${command}\n${answer.text}`);
      answers.push(answer.body);
    }
    const [me, allocation, recipient, list] = answers;
    assert.equal(me.object, 'token');
    assert.equal(allocation.trees, 10);
    assert.deepEqual([recipient.object, recipient.trees, recipient.livemode], ['recipient', 3, false]);
    assert.equal(list.data[0].id, recipient.id);
  });
});
