import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { randomAlphanumeric } from '../../src/core/ids.ts';
import { derivedKey } from '../../src/core/secrets.ts';
import { runDueJobs } from '../../src/platform/jobs/worker.ts';
import { createMailer } from '../../src/platform/mail/mailer.ts';
import { createFoundationKey } from '../../src/operator/foundation-keys.ts';
import { createToken } from '../../src/operator/tokens.ts';
import { startDeliveryWorker } from '../../src/platform/webhooks/worker.ts';
import { startTestApp, TEST_SECRET_KEY, testWorkerServices } from '../helpers/app.ts';
import * as make from '../helpers/factories.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { DELIVERY_HOOKS, JOBS } from '../../src/features.ts';

/**
 * The logs of a whole run hold no secret and no personal data. One realistic flow through
 * HTTP, with every log line of the app and its workers captured at the most verbose level:
 * tokens of every kind used (and a wrong one), a webhook endpoint with its signing secret
 * (rotated) and deliveries, recipients with names and email addresses sent by SMTP (one
 * address refused by the mail server), a gift code claimed on its page, a certificate
 * downloaded through its signed link, the legacy v1 API, the foundation API and the metrics.
 * Then every line is searched for every secret and personal datum the run made, and every
 * request has its one line with who called and what answered.
 */

const lines: string[] = [];
const metricsToken = `metrics-${randomAlphanumeric(40)}`;
const app = await startTestApp(
  { LOG_LEVEL: 'trace', WEBHOOK_ALLOW_PRIVATE_URLS: 'true', METRICS_TOKEN: metricsToken, GIFT_LOOKUPS_PER_MINUTE: '1000' },
  { logStream: { write: (line) => lines.push(line) } },
);
const secretKey = process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY;

/** A mail server that wants a password and refuses addresses starting with `nobody`, naming them, as real ones do. */
const smtpPassword = `smtp-pass-${randomAlphanumeric(20)}`;
const sink = new SMTPServer({
  authMethods: ['PLAIN'],
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  onAuth(auth, _session, callback) {
    if (auth.username === 'canopy' && auth.password === smtpPassword) callback(null, { user: 'canopy' });
    else callback(new Error('Invalid username or password'));
  },
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('nobody')) callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
    else callback();
  },
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => callback());
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
after(() => new Promise<void>((resolve) => sink.close(() => resolve())));
const smtpUrl = `smtp://canopy:${smtpPassword}@127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
const mailer = createMailer({ smtpUrl, from: 'Canopy <certificates@canopy.test>', outboxDir: '/nonexistent' });

/** What the run made that must never reach a log line; each entry says what it is, for the failure message. */
const secrets = new Map<string, string>();
const keep = (what: string, value: string) => {
  assert.ok(value.length >= 6, `${what} is too short to search for`);
  secrets.set(value, what);
};

/** Every response of the run, with its request id and what its log line must say. */
interface Sent {
  requestId: string;
  status: number;
  method: string;
  route: string;
  companyId?: string | null;
  tokenPrefix?: string | null;
}
const sent: Sent[] = [];
const noted = <R extends { status: number; headers: Headers }>(response: R, expected: Omit<Sent, 'requestId' | 'status'>): R => {
  const requestId = response.headers.get('request-id');
  assert.ok(requestId, `${expected.method} ${expected.route} answered without Request-Id`);
  sent.push({ requestId, status: response.status, ...expected });
  return response;
};

/** A credential's public part: its prefix and four characters, as `canopy tokens list` shows it. */
const prefixOf = (credential: string) => credential.slice(0, credential.lastIndexOf('_') + 5);

/** Every secret a credential holds: the whole value, and everything past its public part. */
function keepCredential(what: string, credential: string) {
  keep(what, credential);
  keep(`${what} (past its prefix)`, credential.slice(prefixOf(credential).length));
}

/** The ways a name or an address could be written into a line: as is, in JSON, lower case. */
function keepPersonal(what: string, value: string) {
  keep(what, value);
  keep(`${what} in JSON`, JSON.stringify(value).slice(1, -1));
  keep(`${what} in lower case`, value.toLowerCase());
}

/** The secrets found in the lines, as "<what> in line <n>". */
function leaks(logLines: readonly string[]): string[] {
  const found: string[] = [];
  logLines.forEach((line, index) => {
    const lower = line.toLowerCase();
    for (const [value, what] of secrets) {
      if (line.includes(value) || lower.includes(value.toLowerCase())) found.push(`${what} in line ${index + 1}: ${line.slice(0, 300)}`);
    }
  });
  return found;
}

// The operator's side: a company, its tokens, a v1 token for an old integration, a foundation key.
const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
const project = await make.project(app.db, { name: 'Mount Kenya Forest' });
await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 1000 }), { trees: 200 });
const v1 = await createToken(app.db, { companyId: company.id, ownerEmail: company.adminEmail, scopes: [], livemode: true, apiVersion: 'v1' });
const foundationKey = (await createFoundationKey(app.db, 'Foundation key')).key;
const wrongToken = `canopy_live_${randomAlphanumeric(32)}`;
const notAToken = `hunter2-${randomAlphanumeric(24)}`;
keepCredential('the live token', company.live);
keepCredential('the test token', company.test);
keepCredential('the v1 token', v1.token);
keepCredential('the foundation key', foundationKey);
keepCredential('a wrong token', wrongToken);
keep('a password sent as a token', notAToken);
keep('METRICS_TOKEN', metricsToken);
keep('CANOPY_SECRET_KEY', secretKey);
keep('the SMTP password', smtpPassword);
for (const purpose of ['certificate-download', 'gift-form-cookie']) keep(`the ${purpose} key`, derivedKey(secretKey, purpose).toString('hex'));
keepPersonal("the company admin's email", company.adminEmail);

const receiver = await startReceiver();
const v2 = (method: string, path: string, route: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(method, path, { token, body, headers }).then((response) =>
    noted(response, { method, route, companyId: token === company.live || token === company.test ? company.id : null, tokenPrefix: prefixOf(token) }),
  );
const idempotent = (what: string) => {
  const key = `order-${what}-${randomAlphanumeric(12)}`;
  keep(`an Idempotency-Key (${what})`, key);
  return { 'idempotency-key': key };
};

describe('the logs of a whole run', () => {
  test('a realistic flow, with every line captured', async () => {
    assert.equal((await v2('GET', '/v2/me', '/v2/me', company.live)).status, 200);

    // A webhook endpoint: its signing secret is shown once, then rotated.
    const endpoint = await v2('POST', '/v2/webhook-endpoints', '/v2/webhook-endpoints', company.live, { url: `${receiver.base}/hooks` });
    assert.equal(endpoint.status, 200, endpoint.text);
    keep('the webhook signing secret', endpoint.body.secret);
    keep('the webhook signing secret (its key)', endpoint.body.secret.slice('whsec_'.length));
    const rotated = await v2('POST', `/v2/webhook-endpoints/${endpoint.body.id}/rotate-secret`, '/v2/webhook-endpoints/:id/rotate-secret', company.live);
    assert.equal(rotated.status, 200, rotated.text);
    keep('the rotated webhook signing secret', rotated.body.secret);
    keep('the rotated webhook signing secret (its key)', rotated.body.secret.slice('whsec_'.length));

    // Recipients with names and email addresses; one address the mail server refuses.
    const people = [
      { first_name: 'Quillon', last_name: 'Vandermeerschaert', email: `quillon.v.${randomAlphanumeric(6).toLowerCase()}@example.org` },
      { first_name: 'Zoëlinde', last_name: 'Ångström-Brackenridge', email: `nobody.zoe.${randomAlphanumeric(6).toLowerCase()}@example.org` },
    ];
    const recipients = [];
    for (const person of people) {
      keepPersonal('a first name', person.first_name);
      keepPersonal('a last name', person.last_name);
      keepPersonal('an email address', person.email);
      keepPersonal('the local part of an email address', person.email.split('@')[0]!);
      const created = await v2('POST', '/v2/recipients', '/v2/recipients', company.live, { trees: 2, ...person, language: 'en', send_email: true }, idempotent('recipient'));
      assert.equal(created.status, 200, created.text);
      recipients.push(created.body);
    }
    // The worker makes their certificates and sends the emails (one address is refused).
    await runDueJobs(app.db, { jobs: JOBS, services: testWorkerServices(mailer), log: app.log });
    const renamed = { first_name: 'Ottoline', email: `ottoline.${randomAlphanumeric(6).toLowerCase()}@example.net` };
    keepPersonal('a changed first name', renamed.first_name);
    keepPersonal('a changed email address', renamed.email);
    const patched = await v2('PATCH', `/v2/recipients/${recipients[0].id}`, '/v2/recipients/:id', company.live, renamed);
    assert.equal(patched.status, 200, patched.text);
    // Refused input is echoed in the answer, never in the log.
    const refused = await v2('POST', '/v2/recipients', '/v2/recipients', company.live, { trees: 1, first_name: 'Quillon', email: 'quillon-at-nowhere' }, idempotent('refused'));
    assert.equal(refused.status, 400);
    assert.equal((await v2('GET', '/v2/recipients?limit=10', '/v2/recipients', company.live)).status, 200);

    // A gift code, claimed on its page through the form (CSRF cookie and token) by a person.
    const gift = await v2('POST', '/v2/gift-codes', '/v2/gift-codes', company.live, { trees: 3 }, idempotent('gift'));
    assert.equal(gift.status, 200, gift.text);
    keep('a gift code', gift.body.code);
    keep('a gift code without dashes', gift.body.code.replaceAll('-', ''));
    const form = await fetch(`${app.baseUrl}/gift/${gift.body.code}`);
    noted(form, { method: 'GET', route: '/gift/:code', companyId: null, tokenPrefix: null });
    const html = await form.text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
    const cookie = form.headers.get('set-cookie')?.split(';')[0];
    assert.ok(csrf && cookie, 'the claim form has its CSRF token and cookie');
    keep('the CSRF token', csrf);
    keep('the CSRF cookie', cookie.slice(cookie.indexOf('=') + 1));
    const claimant = { first_name: 'Ysolde', last_name: 'Featherstonehaugh', email: `ysolde.${randomAlphanumeric(6).toLowerCase()}@example.com` };
    keepPersonal("the claimant's first name", claimant.first_name);
    keepPersonal("the claimant's last name", claimant.last_name);
    keepPersonal("the claimant's email address", claimant.email);
    const claim = await fetch(`${app.baseUrl}/gift/${gift.body.code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ _csrf: csrf, ...claimant, language: 'en' }),
      redirect: 'manual',
    });
    noted(claim, { method: 'POST', route: '/gift/:code', companyId: null, tokenPrefix: null });
    assert.equal(claim.status, 303);
    // The claim cookie that lets this browser alone see the confirmation and its certificate link.
    const claimCookie = claim.headers.getSetCookie().map((entry) => entry.split(';')[0]!).find((entry) => entry.startsWith('canopy_gift_claim='));
    assert.ok(claimCookie, 'the claim sets its cookie');
    keep('the claim cookie', claimCookie.slice(claimCookie.indexOf('=') + 1));
    const confirmation = await fetch(`${app.baseUrl}${claim.headers.get('location')}`, { headers: { cookie: claimCookie } });
    noted(confirmation, { method: 'GET', route: '/gift/:code', companyId: null, tokenPrefix: null });
    assert.equal(confirmation.status, 200);
    const certificatePath = /href="(\/certificates\/cert_[A-Za-z0-9]{24}[^"]*)"/.exec(await confirmation.text())?.[1]?.replace(/&amp;/g, '&');
    assert.ok(certificatePath, 'the confirmation links the certificate');
    const certificatePage = await fetch(`${app.baseUrl}${certificatePath}`);
    noted(certificatePage, { method: 'GET', route: '/certificates/:id', companyId: null, tokenPrefix: null });
    assert.equal(certificatePage.status, 200);

    // The certificate's PDF through its signed link.
    const made = await v2('GET', `/v2/recipients/${recipients[0].id}`, '/v2/recipients/:id', company.live);
    const certificate = await v2('GET', `/v2/certificates/${made.body.certificate.id}`, '/v2/certificates/:id', company.live);
    const link = new URL(certificate.body.download_url);
    keep('a download link signature', link.searchParams.get('signature') ?? '');
    const pdf = await fetch(`${app.baseUrl}${link.pathname}${link.search}`);
    noted(pdf, { method: 'GET', route: '/certificates/:id/download', companyId: null, tokenPrefix: null });
    assert.equal(pdf.status, 200);
    await pdf.arrayBuffer();

    // Test mode, the legacy v1 API, the foundation API, wrong credentials and the metrics.
    assert.equal((await v2('POST', '/v2/test_helpers/allocations', '/v2/test_helpers/allocations', company.test, { trees: 1 })).status, 200);
    const v1Me = noted(await app.get('/v1/me', v1.token), { method: 'GET', route: '/v1/me', companyId: company.id, tokenPrefix: prefixOf(v1.token) });
    assert.equal(v1Me.status, 200, v1Me.text);
    const foundation = await app.request('POST', '/foundation/v1/operations', { token: foundationKey, body: {} });
    noted(foundation, { method: 'POST', route: '/foundation/v1/operations', companyId: null, tokenPrefix: prefixOf(foundationKey) });
    assert.equal(foundation.status, 400);
    assert.equal((await v2('GET', '/v2/me', '/v2/me', wrongToken)).status, 401);
    assert.equal(noted(await app.get('/v2/me', notAToken), { method: 'GET', route: '/v2/me', companyId: null, tokenPrefix: null }).status, 401);
    assert.equal(noted(await app.get('/v1/me', wrongToken.replace('live', 'v1')), { method: 'GET', route: '/v1/me', companyId: null, tokenPrefix: prefixOf(wrongToken.replace('live', 'v1')) }).status, 401);
    assert.equal(noted(await app.get('/metrics', metricsToken), { method: 'GET', route: '/metrics', companyId: null, tokenPrefix: null }).status, 200);
    assert.equal(noted(await app.get('/metrics', `${metricsToken}x`), { method: 'GET', route: '/metrics', companyId: null, tokenPrefix: null }).status, 401);

    // The workers, logging through the app's logger: the claimant's email and the webhook deliveries.
    await runDueJobs(app.db, { jobs: JOBS, services: testWorkerServices(mailer), log: app.log });
    const deliveries = startDeliveryWorker(app.db, { ...DELIVERY_HOOKS, secretKey, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, pollIntervalMs: 50, log: app.log });
    after(() => deliveries.stop());
    await receiver.waitFor('/hooks', 3);
    for (const delivery of receiver.received) {
      keep("a delivery's Canopy-Signature", /v1=([0-9a-f]+)/.exec(String(delivery.headers['canopy-signature']))?.[1] ?? '');
      keep("a delivery's webhook-signature", /v1,(\S+)/.exec(String(delivery.headers['webhook-signature']))?.[1] ?? '');
      keep('a delivery body', delivery.body.slice(0, 80));
    }
    await deliveries.stop();
    // Copies of the factory's photo fail (its host does not exist) and are retried: not this test's work.
    const failed = await app.db.selectFrom('jobs').select(['kind', 'last_error']).where('last_error', 'is not', null).where('kind', '<>', 'copy_photo').execute();
    assert.equal(failed.length, 1, 'the refused address failed its email job');
    assert.match(String(failed[0]?.last_error), /rejected/);
  });

  test('no line holds a secret or personal data', () => {
    assert.ok(lines.length > sent.length, `${lines.length} lines captured`);
    for (const line of lines) assert.doesNotThrow(() => JSON.parse(line), `not a JSON line: ${line}`);
    assert.ok(lines.some((line) => line.includes('"msg":"job failed"')), 'the refused email was logged, as a failure');
    assert.deepEqual(leaks(lines), []);
  });

  test('each request has one line: request id, method, route pattern, status, duration, company and token prefix', () => {
    const requestLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request' || entry.msg === 'request errored');
    for (const expected of sent) {
      const own = requestLines.filter((entry) => entry.reqId === expected.requestId);
      assert.equal(own.length, 1, `one line for ${expected.method} ${expected.route}`);
      const [entry] = own;
      assert.equal(entry.method, expected.method);
      assert.equal(entry.route, expected.route);
      assert.equal(entry.status, expected.status, `${expected.method} ${expected.route}`);
      assert.equal(typeof entry.duration_ms, 'number');
      assert.ok(entry.duration_ms >= 0);
      if (expected.companyId !== undefined) {
        // A refused token names no company.
        assert.equal(entry.company_id, expected.status === 401 ? null : expected.companyId, `company of ${expected.method} ${expected.route}`);
      }
      if (expected.tokenPrefix !== undefined) assert.equal(entry.token_prefix, expected.tokenPrefix, `token prefix of ${expected.method} ${expected.route}`);
    }
    assert.ok(sent.length >= 20, `${sent.length} requests checked`);
  });

  test('the search finds what it looks for', () => {
    // The same search over lines that do leak: a header, a name in JSON, a gift code in a URL, a key.
    const named = (what: string) => [...secrets.entries()].find(([, label]) => label === what)?.[0] ?? assert.fail(`no ${what}`);
    const leaking = [
      JSON.stringify({ headers: { authorization: `Bearer ${named('the live token')}` } }),
      JSON.stringify({ name: 'Zoëlinde Ångström-Brackenridge' }),
      JSON.stringify({ url: `/gift/${named('a gift code').toLowerCase()}` }),
      JSON.stringify({ msg: `delivering with ${named('the rotated webhook signing secret')}` }),
      JSON.stringify({ err: { message: `Invalid login: ${named('the SMTP password')}` } }),
    ];
    for (const line of leaking) assert.notDeepEqual(leaks([line]), [], line);
  });
});
