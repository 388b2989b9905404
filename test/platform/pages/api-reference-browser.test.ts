import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { ERROR_CODES, type ErrorCode } from '../../../src/core/errors.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { startTestApp } from '../../helpers/app.ts';

/**
 * GET /docs, the API reference: the page and the scripts Canopy serves for it, the
 * OpenAPI document it renders (every v2 operation names its scope and its error codes),
 * and the page in a real browser (Debian's Chromium, driven by playwright-core), where
 * nothing may load from another origin. Screenshots go to tmp/screenshots/.
 */

const app = await startTestApp();

/** The script URLs the page loads, in order: Redoc's bundle, then the file that starts it. */
async function pageScripts(): Promise<string[]> {
  const page = await app.get('/docs');
  return [...page.text.matchAll(/<script src="([^"]+)"><\/script>/g)].map((match) => match[1] as string);
}

describe('GET /docs', () => {
  test('answers the page, with a policy that lets nothing load from elsewhere', async () => {
    const page = await app.get('/docs', undefined, { accept: 'text/html' });
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(page.text, /<div id="redoc" data-spec-url="\/v2\/openapi.json">/);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /connect-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /https?:|\*/, 'no other origin is allowed');
    assert.equal(page.headers.get('cache-control'), 'no-cache');
  });

  test("serves Redoc's standalone bundle from the redoc package, as JavaScript kept for a year", async () => {
    const [renderer, init] = await pageScripts();
    assert.match(renderer ?? '', /^\/docs\/assets\/redoc\.standalone\.[0-9a-f]{16}\.js$/);
    assert.match(init ?? '', /^\/docs\/assets\/api-reference\.[0-9a-f]{16}\.js$/);
    const bundle = await fetch(`${app.baseUrl}${renderer}`);
    assert.equal(bundle.status, 200);
    assert.equal(bundle.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(bundle.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(bundle.headers.get('x-content-type-options'), 'nosniff');
    const fromNpm = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
    assert.ok(Buffer.from(await bundle.arrayBuffer()).equals(fromNpm), 'the bundle is the package file as published');
    const start = await fetch(`${app.baseUrl}${init}`);
    assert.equal(start.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.match(await start.text(), /Redoc\.init\(/);
  });

  test('keeps the guides beside it: /docs/errors is still the markdown', async () => {
    const errors = await app.get('/docs/errors');
    assert.equal(errors.status, 200);
    assert.equal(errors.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal((await app.get('/docs/assets/redoc.standalone.js')).status, 404);
  });
});

interface DocumentedOperation {
  description?: string;
  security?: { bearer: string[] }[];
  responses: Record<string, { description: string }>;
}

/** Codes no v2 operation answers: the foundation API's, those refused before routing, and the public impact page's JSON. */
const NOT_FROM_AN_OPERATION: readonly ErrorCode[] = [
  'request_malformed', 'request_timeout', 'headers_too_large',
  'reference_not_found', 'reference_conflict', 'planting_mode_mismatch', 'planting_not_in_project', 'legacy_id_taken',
  'planting_over_allocated', 'message_id_reused', 'impact_page_not_public',
];

describe('the OpenAPI document behind it', () => {
  let operations: [string, DocumentedOperation][];
  before(async () => {
    const doc = (await app.get('/v2/openapi.json')).body as { paths: Record<string, Record<string, DocumentedOperation>> };
    operations = Object.entries(doc.paths).flatMap(([url, ops]) => Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${url}`, op] as [string, DocumentedOperation]));
    assert.ok(operations.length > 30);
  });

  const codesOf = (op: DocumentedOperation, status: string) => [...(op.responses[status]?.description ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string);

  test('every v2 operation says its scope in words and names the codes of each error status', () => {
    for (const [name, op] of operations) {
      const scope = op.security?.[0]?.bearer[0];
      assert.match(op.description ?? '', scope ? new RegExp(`^\\*\\*Scope:\\*\\* \`${scope}\``) : /^\*\*Scope:\*\* any/, name);
      assert.ok(codesOf(op, '401').includes('token_missing'), `${name} names token_missing`);
      if (scope) assert.ok(codesOf(op, '403').includes('scope_missing'), `${name} names scope_missing`);
      assert.deepEqual(codesOf(op, '500'), ['internal_error'], name);
      for (const [status, response] of Object.entries(response4xx(op))) {
        for (const code of codesOf(op, status)) {
          assert.ok(code in ERROR_CODES, `${name} ${status}: ${code} is a code`);
        }
        assert.match(response.description, /`[a-z_]+`/, `${name} ${status} names a code`);
      }
    }
  });

  test('each code sits under its own status, but for the 400 a paging cursor of another list gets', () => {
    for (const [name, op] of operations) {
      for (const status of Object.keys(response4xx(op))) {
        for (const code of codesOf(op, status)) {
          const expected = code === 'resource_missing' && status === '400' ? 400 : ERROR_CODES[code as ErrorCode][0];
          assert.equal(Number(status), expected, `${name}: ${code}`);
        }
      }
    }
  });

  test("an operation's own refusals are listed: POST /v2/recipients and the write scopes' role check", () => {
    const create = new Map(operations).get('POST /v2/recipients')!;
    assert.deepEqual(codesOf(create, '422'), ['idempotency_key_reused', 'no_trees_available']);
    assert.ok(codesOf(create, '400').includes('idempotency_key_missing'));
    assert.ok(codesOf(create, '403').includes('owner_role_not_allowed'));
    assert.ok(!codesOf(new Map(operations).get('GET /v2/recipients')!, '403').includes('owner_role_not_allowed'), 'reading needs no admin');
  });

  test('every code an operation can answer is named by at least one', () => {
    const named = new Set(operations.flatMap(([, op]) => Object.keys(op.responses).flatMap((status) => codesOf(op, status))));
    const unnamed = Object.keys(ERROR_CODES).filter((code) => !named.has(code) && !NOT_FROM_AN_OPERATION.includes(code as ErrorCode));
    assert.deepEqual(unnamed, [], 'add the code to its route: config.errors');
  });
});

function response4xx(op: DocumentedOperation) {
  return Object.fromEntries(Object.entries(op.responses).filter(([status]) => /^4\d\d$/.test(status)));
}

describe('the API reference in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  /**
   * Opens /docs and waits for Redoc to render. Any request to another origin that reaches
   * the network is refused and recorded; so is anything the page's policy blocks, and every
   * script error.
   */
  async function openReference(viewport: { width: number; height: number }) {
    const page = await browser.newPage({ viewport });
    const origin = new URL(app.baseUrl).origin;
    const elsewhere: string[] = [];
    const blocked: string[] = [];
    const scriptErrors: string[] = [];
    await page.route('**', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
      elsewhere.push(url);
      return route.abort('blockedbyclient');
    });
    page.on('requestfailed', (request) => {
      if (request.failure()?.errorText === 'csp') blocked.push(request.url());
    });
    page.on('pageerror', (error) => scriptErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Content Security Policy/.test(message.text())) scriptErrors.push(message.text());
    });
    await page.goto(`${app.baseUrl}/docs`);
    await page.getByRole('heading', { name: /Give trees to a person/ }).waitFor({ timeout: 30_000 });
    return { page, elsewhere, blocked, scriptErrors };
  }

  /** The rendered section of one operation, by its operationId. */
  const operation = (page: Page, tag: string, operationId: string) => page.locator(`[id="tag/${tag}/operation/${operationId}"]`);
  /** Scrolls so that a section's heading is at the top of the window. */
  const showFromTop = (section: Locator) => section.locator('h2').first().evaluate((heading) => heading.scrollIntoView());

  test('renders POST /v2/recipients with its scope, body and error codes; nothing loads from elsewhere', async () => {
    const { page, elsewhere, blocked, scriptErrors } = await openReference({ width: 1366, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-reference-desktop.png') });

    const create = operation(page, 'Recipients', 'createRecipient');
    await showFromTop(create);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-reference-desktop-operation.png') });
    await create.screenshot({ path: path.join(SCREENSHOTS, 'api-reference-desktop-operation-whole.png') });
    const text = await create.innerText();
    assert.match(text, /Scope: recipients:write/);
    assert.match(text, /idempotency-key\s*required/i);
    assert.match(text, /trees\s*required/);
    assert.match(text, /422\s*Refused: idempotency_key_reused, no_trees_available/);
    assert.match(text, /401\s*No valid token: token_missing/);
    assert.match(text, /POST\s*\/v2\/recipients/);

    // Its search runs in a worker made from a blob: URL, which the policy allows.
    await page.getByPlaceholder('Search...').fill('recipient');
    await page.locator('[data-role="search:results"]').getByText(/Give trees to a person/).waitFor({ timeout: 10_000 });

    assert.deepEqual(elsewhere, [], 'no request left the origin');
    // Redocly's logo beside "API docs by Redocly" is the bundle's one outside reference; the policy refuses it.
    assert.deepEqual(blocked, ['https://cdn.redoc.ly/redoc/logo-mini.svg']);
    assert.deepEqual(scriptErrors, []);
  });

  test('reads on a phone without sideways scrolling', async () => {
    const { page, elsewhere, scriptErrors } = await openReference({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-reference-phone.png') });
    const create = operation(page, 'Recipients', 'createRecipient');
    await showFromTop(create);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-reference-phone-operation.png') });
    assert.match(await create.innerText(), /Scope: recipients:write/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling on a phone (${width}px)`);
    assert.deepEqual(elsewhere, []);
    assert.deepEqual(scriptErrors, []);
  });
});
