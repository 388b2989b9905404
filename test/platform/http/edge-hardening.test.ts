import assert from 'node:assert/strict';
import net, { type Socket } from 'node:net';
import { describe, test } from 'node:test';
import { OperatorError } from '../../../src/operator/errors.ts';
import { createFoundationKey } from '../../../src/operator/foundation-keys.ts';
import { listTokens } from '../../../src/operator/tokens.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * What an outside probe sent at the edge of the HTTP server: requests a well-behaved
 * client never makes (repeated credentials, broken framing, unknown methods), each
 * answered in the one error shape with a Request-Id.
 */

const app = await startTestApp();
const { port } = new URL(app.baseUrl);
const foundationKey = (await createFoundationKey(app.db, 'edge hardening')).key;

interface RawResponse {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  body: any;
  text: string;
}

/**
 * Writes `request` byte for byte to a fresh connection and reads one response, up to the
 * server closing the connection: the client never closes first, so a server that keeps
 * the connection open fails the test. Well-formed requests must ask for `Connection: close`.
 */
function rawRequest(request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error(`no complete answer to ${JSON.stringify(request.slice(0, 60))}`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
    socket.write(request);
  });
}

function parseResponse(raw: string): RawResponse {
  const headerEnd = raw.indexOf('\r\n\r\n');
  assert.ok(headerEnd > 0, `not an HTTP response: ${JSON.stringify(raw)}`);
  const [statusLine = '', ...headerLines] = raw.slice(0, headerEnd).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = raw.slice(headerEnd + 4);
  const body = headers['content-type']?.includes('json') ? JSON.parse(text) : text;
  return { status, headers, body, text };
}

/** The one error shape, with a Request-Id header equal to its request_id. */
function assertCanopyError(response: RawResponse, status: number, code: string) {
  assert.equal(response.status, status, response.text);
  assert.match(response.headers['content-type'] ?? '', /^application\/json/);
  const { error } = response.body;
  assert.deepEqual(Object.keys(error).sort(), ['code', 'doc_url', 'message', 'param', 'request_id', 'type']);
  assert.equal(error.code, code, response.text);
  assert.equal(typeof error.message, 'string');
  assert.ok(error.doc_url.endsWith(`#${code}`));
  assert.match(error.request_id, /^req_[A-Za-z0-9]{24}$/);
  assert.equal(response.headers['request-id'], error.request_id);
}

function get(path: string, headerLines: string[]): Promise<RawResponse> {
  return rawRequest([`GET ${path} HTTP/1.1`, 'Host: canopy.test', 'Connection: close', ...headerLines, '', ''].join('\r\n'));
}

function postJson(path: string, headerLines: string[], body: unknown): Promise<RawResponse> {
  const json = JSON.stringify(body);
  return rawRequest(
    [`POST ${path} HTTP/1.1`, 'Host: canopy.test', 'Connection: close', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(json)}`, ...headerLines, '', json].join('\r\n'),
  );
}

describe('a credential sent twice is refused, not guessed', () => {
  test('two Authorization headers with tokens of two companies: 401 token_ambiguous', async () => {
    const first = await make.companyWithTokens(app.db);
    const second = await make.companyWithTokens(app.db);
    const response = await get('/v2/company', [`Authorization: Bearer ${first.live}`, `Authorization: Bearer ${second.live}`]);
    assertCanopyError(response, 401, 'token_ambiguous');
    assert.equal(response.body.error.type, 'authentication_error');
  });

  test('the header name is matched in any case, and the same token twice is still two headers', async () => {
    const company = await make.companyWithTokens(app.db);
    const response = await get('/v2/me', [`Authorization: Bearer ${company.live}`, `authorization: Bearer ${company.live}`]);
    assertCanopyError(response, 401, 'token_ambiguous');
  });

  test('one Authorization header still works', async () => {
    const company = await make.companyWithTokens(app.db);
    const response = await get('/v2/company', [`Authorization: Bearer ${company.live}`]);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.id, company.id);
  });

  test('the foundation API refuses two keys the same way, and takes one', async () => {
    const first = (await createFoundationKey(app.db, 'first')).key;
    const second = (await createFoundationKey(app.db, 'second')).key;
    const operation = { op: 'upsert_partner', input: { ref: 'ptn-ambiguous', name: 'Ambiguous Partners', country: 'KE' } };
    const twice = await postJson('/foundation/v1/operations', [`Authorization: Bearer ${first}`, `AUTHORIZATION: Bearer ${second}`], operation);
    assertCanopyError(twice, 401, 'token_ambiguous');
    const once = await postJson('/foundation/v1/operations', [`Authorization: Bearer ${first}`], operation);
    assert.equal(once.status, 200, once.text);
  });
});

describe('requests refused below routing answer in the one shape, then close', () => {
  const host = 'Host: canopy.test\r\n';

  test('a method Node knows but no route takes (PROPFIND) is 404 route_not_found', async () => {
    const response = await rawRequest(`PROPFIND /v2/me HTTP/1.1\r\n${host}Connection: close\r\n\r\n`);
    assertCanopyError(response, 404, 'route_not_found');
  });

  test('a method the HTTP parser does not know (FOO) is 400 request_malformed', async () => {
    const response = await rawRequest(`FOO /v2/me HTTP/1.1\r\n${host}\r\n`);
    assertCanopyError(response, 400, 'request_malformed');
    assert.equal(response.headers.connection, 'close');
  });

  test('a garbage request line is 400 request_malformed', async () => {
    assertCanopyError(await rawRequest('hello world\r\n\r\n'), 400, 'request_malformed');
  });

  test('headers larger than the server takes are 431 headers_too_large', async () => {
    const response = await rawRequest(`GET /v2/me HTTP/1.1\r\n${host}X-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    assertCanopyError(response, 431, 'headers_too_large');
  });

  test('a chunked body with a bad chunk size is 400 request_malformed', async () => {
    const response = await rawRequest(
      `POST /foundation/v1/operations HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    );
    assertCanopyError(response, 400, 'request_malformed');
  });

  test('chunk extensions larger than the server takes are 413 body_too_large', async () => {
    const response = await rawRequest(
      `POST /foundation/v1/operations HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2;x=${'a'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    );
    assertCanopyError(response, 413, 'body_too_large');
  });

  test('an invalid Content-Length, or one beside Transfer-Encoding, is 400 request_malformed', async () => {
    const post = `POST /foundation/v1/operations HTTP/1.1\r\n${host}Content-Type: application/json\r\n`;
    assertCanopyError(await rawRequest(`${post}Content-Length: abc\r\n\r\n{}`), 400, 'request_malformed');
    assertCanopyError(await rawRequest(`${post}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}`), 400, 'request_malformed');
  });

  test('an HTTP/1.1 request without Host is 400 request_malformed; HTTP/1.0 needs none', async () => {
    const response = await rawRequest('GET /v2/me HTTP/1.1\r\nConnection: close\r\n\r\n');
    assertCanopyError(response, 400, 'request_malformed');
    assert.match(response.body.error.message, /Host/);
    assertCanopyError(await rawRequest('GET /v2/me HTTP/1.0\r\n\r\n'), 401, 'token_missing');
  });

  test('CONNECT, which Node hands past the router, is 404 route_not_found', async () => {
    assertCanopyError(await rawRequest(`CONNECT canopy.test:443 HTTP/1.1\r\n${host}\r\n`), 404, 'route_not_found');
  });

  test('a request that takes too long to arrive is 408 request_timeout', async () => {
    // Node raises this after its headers timeout (a minute); the server's own socket is handed the same error here.
    const serverSide = new Promise<Socket>((resolve) => app.server.once('connection', resolve));
    const answer = rawRequest(`GET /v2/me HTTP/1.1\r\n${host}X-Slow: `);
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    app.server.emit('clientError', timeout, await serverSide);
    assertCanopyError(await answer, 408, 'request_timeout');
  });
});

describe('the foundation API refuses query parameters it does not take', () => {
  const partnerNamed = (ref: string) => app.db.selectFrom('partners').select('id').where('foundation_ref', '=', ref).executeTakeFirst();

  test('POST /operations?dry_run=true is 400 parameter_unknown and writes nothing', async () => {
    const operation = { op: 'upsert_partner', input: { ref: 'ptn-dry-run-single', name: 'Dry Run Partners', country: 'KE' } };
    const response = await app.request('POST', '/foundation/v1/operations?dry_run=true', { token: foundationKey, body: operation });
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.error.code, 'parameter_unknown');
    assert.equal(response.body.error.param, 'dry_run');
    assert.equal(await partnerNamed('ptn-dry-run-single'), undefined);
  });

  test('POST /batch?dry_run=true is 400 parameter_unknown and writes nothing', async () => {
    const operations = [{ op: 'upsert_partner', input: { ref: 'ptn-dry-run-batch', name: 'Dry Run Partners', country: 'KE' } }];
    const response = await app.request('POST', '/foundation/v1/batch?dry_run=true', { token: foundationKey, body: { operations } });
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.error.code, 'parameter_unknown');
    assert.equal(response.body.error.param, 'dry_run');
    assert.equal(response.body.error.operation_index, undefined);
    assert.equal(await partnerNamed('ptn-dry-run-batch'), undefined);
  });
});

describe('a token cannot be created already expired', () => {
  test('createToken refuses an expiry in the past, and creates nothing', async () => {
    const company = await make.companyWithTokens(app.db);
    const before = await listTokens(app.db, company.id);
    await assert.rejects(make.tokenFor(app.db, company, { expiresAt: new Date(Date.now() - 60_000) }), (error: unknown) => {
      assert.ok(error instanceof OperatorError);
      assert.match(error.message, /in the past; a token must expire later than now/);
      return true;
    });
    assert.equal((await listTokens(app.db, company.id)).length, before.length);
  });

  test('an expiry later than now is kept', async () => {
    const company = await make.companyWithTokens(app.db);
    const expiresAt = new Date(Date.now() + 3_600_000);
    const token = await make.tokenFor(app.db, company, { expiresAt });
    assert.equal(token.expires_at, expiresAt.toISOString());
  });
});
