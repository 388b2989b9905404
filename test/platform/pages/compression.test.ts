import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * Answers are compressed (br or gzip) for a client that accepts it: JSON lists and pages
 * alike, the error shape intact underneath, never a PDF. Read with node:http, which (unlike
 * fetch) hands over the bytes as sent, so the encoding can be seen and undone here.
 */

const app = await startTestApp();
const { company } = await make.companyWithTrees(app.db, { allocations: 40, trees: 5 });

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire. */
  raw: Buffer;
  /** The body with its Content-Encoding undone. */
  body: Buffer;
}

function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${app.baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, body });
      });
    });
    request.on('error', reject);
  });
}

const auth = { authorization: `Bearer ${company.live}` };
const BROWSER_PAGE = { accept: 'text/html,*/*;q=0.8' };

describe('compressed answers', () => {
  test('a large JSON list, in br or gzip as the client prefers, the same JSON underneath', async () => {
    const plain = await rawGet('/v2/allocations?limit=100', auth);
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: as it is');
    const list = JSON.parse(plain.body.toString('utf8'));
    assert.equal(list.data.length, 40);
    assert.ok(plain.raw.length > 10_000, `a large list (${plain.raw.length} bytes)`);

    for (const [accept, expected] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0.5, gzip', 'gzip'], ['*', 'gzip']] as const) {
      const compressed = await rawGet('/v2/allocations?limit=100', { ...auth, 'accept-encoding': accept });
      assert.equal(compressed.status, 200);
      assert.equal(compressed.headers['content-encoding'], expected, accept);
      assert.match(String(compressed.headers.vary), /Accept-Language.*accept-encoding/i, 'caches key on both');
      assert.equal(compressed.headers['content-type'], 'application/json; charset=utf-8');
      assert.ok(compressed.raw.length < plain.raw.length / 4, `${expected}: ${compressed.raw.length} of ${plain.raw.length} bytes`);
      assert.deepEqual(JSON.parse(compressed.body.toString('utf8')), list);
    }
    const identity = await rawGet('/v2/allocations?limit=100', { ...auth, 'accept-encoding': 'identity' });
    assert.equal(identity.headers['content-encoding'], undefined);
  });

  test('a page, the same HTML underneath; the headers every answer carries are kept', async () => {
    const plain = await rawGet('/docs/errors', BROWSER_PAGE);
    const compressed = await rawGet('/docs/errors', { ...BROWSER_PAGE, 'accept-encoding': 'gzip, br' });
    assert.equal(compressed.status, 200);
    assert.equal(compressed.headers['content-encoding'], 'br');
    assert.equal(compressed.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(String(compressed.headers['request-id']), /^req_/);
    assert.match(String(compressed.headers['content-security-policy']), /base-uri 'none'/);
    assert.equal(compressed.body.toString('utf8'), plain.body.toString('utf8'));

    const home = await rawGet('/?lang=nl', { 'accept-encoding': 'gzip' });
    assert.equal(home.headers['content-encoding'], 'gzip');
    assert.match(home.body.toString('utf8'), /<html lang="nl">/);
  });

  test('errors keep their one shape, whether or not they are large enough to compress', async () => {
    const refused = await rawGet('/v2/allocations?limit=500', { ...auth, 'accept-encoding': 'gzip, br' });
    assert.equal(refused.status, 400);
    assert.equal(refused.headers['content-type'], 'application/json; charset=utf-8');
    const { error } = JSON.parse(refused.body.toString('utf8'));
    assert.equal(error.code, 'parameter_invalid');
    assert.equal(error.request_id, refused.headers['request-id']);

    const unknown = await rawGet('/v2/nowhere', { ...auth, 'accept-encoding': 'gzip' });
    assert.equal(unknown.status, 404);
    assert.equal(JSON.parse(unknown.body.toString('utf8')).error.code, 'route_not_found');
  });

  test('the certificate PDF is sent as it is: never compressed again, whole, as an attachment', async () => {
    const created = await app.request('POST', '/v2/recipients', { token: company.live, body: { trees: 2, first_name: 'Pia' }, headers: { 'idempotency-key': randomAlphanumeric(16) } });
    assert.equal(created.status, 200, created.text);
    await app.runJobs();
    const { certificate } = (await app.get(`/v2/recipients/${created.body.id}`, company.live)).body;
    const link = new URL(certificate.download_url);
    const pdf = await rawGet(`${link.pathname}${link.search}`, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.headers['content-encoding'], undefined);
    assert.match(String(pdf.headers['content-disposition']), /^attachment; filename="certificate-/);
    assert.equal(pdf.raw.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(pdf.raw.subarray(-8).toString('latin1'), /%%EOF\s*$/);
    assert.equal(Number(pdf.headers['content-length']), pdf.raw.length);
  });

  test("Redoc's bundle is compressed once and kept: the same bytes as the package's, each time", async () => {
    const script = /<script src="(\/docs\/assets\/redoc\.standalone\.[0-9a-f]+\.js)">/.exec((await rawGet('/docs')).body.toString('utf8'))?.[1];
    assert.ok(script);
    const fromNpm = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
    for (const encoding of ['br', 'gzip', 'br'] as const) {
      const bundle = await rawGet(script, { 'accept-encoding': encoding });
      assert.equal(bundle.headers['content-encoding'], encoding);
      assert.match(String(bundle.headers.vary), /Accept-Encoding/i);
      assert.equal(bundle.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.ok(bundle.raw.length < fromNpm.length / 3, `${encoding}: ${bundle.raw.length} bytes`);
      assert.ok(bundle.body.equals(fromNpm), `${encoding}: the package file`);
    }
    const plain = await rawGet(script);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.raw.equals(fromNpm));
  });
});
