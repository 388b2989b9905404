import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { recordEvent } from '../../src/platform/events/record.ts';
import { verifyWebhook, WebhookSignatureError } from '../../src/platform/webhooks/signature.ts';
import { startTestApp } from '../helpers/app.ts';
import * as make from '../helpers/factories.ts';
import { type Received, startReceiver } from '../helpers/receiver.ts';
import { tempDir } from '../helpers/temp.ts';

/**
 * `canopy listen` as a developer runs it: a child process that knows nothing but the API's
 * address and a key, following a test app's event log over HTTP and forwarding to a real
 * receiver on loopback. Its data folder is one that must never be made (it opens no database).
 */

const BIN = fileURLToPath(new URL('../../bin/canopy.mjs', import.meta.url));
const app = await startTestApp();
const receiver = await startReceiver();
const workDir = tempDir('canopy-listen');
const neverMade = path.join(workDir, 'data-never-made');

/** The environment of a laptop: no database, no PUBLIC_BASE_URL. */
function cliEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  delete env.DATABASE_URL;
  delete env.PUBLIC_BASE_URL;
  delete env.CANOPY_API_KEY;
  return { ...env, CANOPY_DATA_DIR: neverMade };
}

interface Listener {
  child: ChildProcess;
  secret: string;
  stdout: () => string;
  stderr: () => string;
  /** Waits until stdout holds a line matching `pattern`. */
  waitForOutput(pattern: RegExp, ms?: number): Promise<void>;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running: ChildProcess[] = [];
after(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts `canopy listen` against the test app and waits for its secret and Ready line. */
async function startListen(token: string, forwardPath: string, extra: string[] = []): Promise<Listener> {
  const args = ['listen', '--api-key', token, '--forward-to', `${receiver.base}${forwardPath}`, '--api-base', app.baseUrl, '--interval-ms', '100', ...extra];
  const child = spawn(process.execPath, [BIN, ...args], { cwd: workDir, env: cliEnv() });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitForOutput = async (pattern: RegExp, ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(stdout)) {
      if (child.exitCode !== null) throw new Error(`canopy listen exited with ${child.exitCode}: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`no ${pattern} in the output within ${ms} ms:\n${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const json = extra.includes('--json');
  await waitForOutput(json ? /^\{"object":"listen".*\n/m : /^Ready! .*\n/m);
  const secret = json ? JSON.parse(stdout.split('\n')[0] ?? '').secret : /signing secret is (whsec_\S+)/.exec(stdout)?.[1];
  assert.match(secret ?? '', /^whsec_[A-Za-z0-9+/]{43}=$/, stdout);
  return {
    child,
    secret: secret as string,
    stdout: () => stdout,
    stderr: () => stderr,
    waitForOutput,
    async stop(signal = 'SIGINT') {
      child.kill(signal);
      return exited;
    },
  };
}

/** Runs `canopy listen` to its end (for the ways it refuses to start). */
function runListen(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'listen', ...args], { cwd: workDir, env: cliEnv() });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

const createAllocation = async (token: string, trees = 3) => {
  const created = await app.request('POST', '/v2/test_helpers/allocations', { token, body: { trees } });
  assert.equal(created.status, 200, created.text);
  return created.body as { id: string };
};
const act = async (token: string, allocationId: string, action: string, body?: unknown) => {
  const done = await app.request('POST', `/v2/test_helpers/allocations/${allocationId}/${action}`, { token, body });
  assert.equal(done.status, 200, done.text);
};
// biome-ignore lint/suspicious/noExplicitAny: events are read as JSON
const parsed = (entries: Received[]): any[] => entries.map((entry) => JSON.parse(entry.body));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Several polls of the listener: long enough for anything it would still forward to arrive. */
const settle = () => pause(800);

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('canopy listen', () => {
  test('forwards the events made after it started, in order, signed as deliveries are; not the ones before', async () => {
    const company = await make.companyWithTokens(app.db);
    const before = [await createAllocation(company.test), await createAllocation(company.test)];
    const listener = await startListen(company.test, '/all');
    assert.match(listener.stdout(), /^Ready! Forwarding events of Company \w+ \(cmp_\w+, test mode\) to http:\/\/127\.0\.0\.1:\d+\/all/m);

    const made = [];
    for (const trees of [1, 2, 3]) made.push(await createAllocation(company.test, trees));
    const arrived = await receiver.waitFor('/all', 3, 10_000);
    await settle();
    assert.equal(receiver.at('/all').length, 3, 'nothing but the three new events arrives');
    const events = parsed(arrived);
    assert.deepEqual(events.map((e) => e.data.object.id), made.map((a) => a.id), 'in the order they were made');
    assert.ok(events.every((e) => e.type === 'allocation.created' && e.livemode === false));
    assert.ok(!events.some((e) => before.some((a) => a.id === e.data.object.id)), 'events from before the start are not forwarded');

    const stripe = new Stripe('sk_test_x');
    for (const [i, entry] of arrived.entries()) {
      const event = events[i];
      assert.deepEqual(verifyWebhook(entry.body, entry.headers['canopy-signature'] as string, listener.secret), event);
      assert.equal(stripe.webhooks.constructEvent(entry.body, entry.headers['canopy-signature'] as string, listener.secret).id, event.id);
      assert.equal((new Webhook(listener.secret).verify(entry.body, entry.headers as Record<string, string>) as { id: string }).id, event.id);
      assert.throws(() => verifyWebhook(entry.body, entry.headers['canopy-signature'] as string, 'whsec_another'), WebhookSignatureError);
      assert.equal(entry.headers['content-type'], 'application/json');
      assert.match(entry.headers['user-agent'] ?? '', /Canopy/);
      assert.equal(entry.headers['webhook-id'], event.id);
      // The body is the event as the API shows it, without its delivery state: what a delivery carries.
      assert.deepEqual(Object.keys(event), ['id', 'object', 'type', 'created', 'livemode', 'data']);
      const { deliveries, ...shown } = (await app.get(`/v2/events/${event.id}`, company.test)).body;
      assert.deepEqual(deliveries, []);
      assert.deepEqual(event, shown);
    }

    const out = listener.stdout();
    for (const event of events) {
      assert.match(out, new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  --> allocation\\.created \\[${event.id}\\]$`, 'm'));
      assert.match(out, new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  <-- \\[200\\] POST ${receiver.base}/all \\[${event.id}\\]$`, 'm'));
    }
    assert.equal(out.match(/-->/g)?.length, 3);
    assert.equal(await listener.stop('SIGINT'), 0);
    assert.match(listener.stdout(), /SIGINT: stopping/);
    assert.equal(listener.stderr(), '');
  });

  test('--events forwards only the types named, whether one (filtered by the API) or several', async () => {
    const company = await make.companyWithTokens(app.db);
    const [several, one] = await Promise.all([
      startListen(company.test, '/several', ['--events', 'allocation.created,allocation.updated']),
      startListen(company.test, '/one', ['--events', 'allocation.planted']),
    ]);
    assert.match(several.stdout(), /^Only allocation\.created, allocation\.updated$/m);

    const allocation = await createAllocation(company.test, 10);
    await act(company.test, allocation.id, 'plant');
    await act(company.test, allocation.id, 'change_trees', { trees: 4 });
    await receiver.waitFor('/several', 2, 10_000);
    await receiver.waitFor('/one', 1, 10_000);
    await settle();
    assert.deepEqual(parsed(receiver.at('/several')).map((e) => e.type), ['allocation.created', 'allocation.updated']);
    assert.deepEqual(parsed(receiver.at('/one')).map((e) => e.type), ['allocation.planted']);
    const all = (await app.get('/v2/events?limit=100', company.test)).body.data.map((e: { type: string }) => e.type);
    assert.ok(all.includes('allocation.planted') && all.includes('allocation.created'), `the log has more than each listener took: ${all}`);
    assert.equal(await several.stop('SIGTERM'), 0);
    assert.equal(await one.stop('SIGTERM'), 0);

    const bad = await runListen(['--api-key', company.test, '--forward-to', `${receiver.base}/x`, '--api-base', app.baseUrl, '--events', 'allocation.created,allocation.deleted']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /^Error: --events: "allocation\.deleted" is not an event type; use allocation\.created, .*\nSee: canopy listen --help\n$/);
    assert.equal(bad.stdout, '');
  });

  test("each line shows the receiver's answer; a failing or absent receiver does not stop the listener", async () => {
    const company = await make.companyWithTokens(app.db);
    receiver.behave('/fails', () => ({ status: 500 }));
    const listener = await startListen(company.test, '/fails');
    await createAllocation(company.test);
    await receiver.waitFor('/fails', 1, 10_000);
    await createAllocation(company.test);
    const [first, second] = parsed(await receiver.waitFor('/fails', 2, 10_000));
    await listener.waitForOutput(new RegExp(`<-- \\[500\\] POST ${receiver.base}/fails \\[${second.id}\\]`));
    assert.match(listener.stdout(), new RegExp(`^\\S+ \\S+  <-- \\[500\\] POST ${receiver.base}/fails \\[${first.id}\\]$`, 'm'));
    assert.doesNotMatch(listener.stdout(), /\[200\]/);
    assert.equal(await listener.stop(), 0);

    // Nothing listens at the URL: the line says why, as JSON with --json, and the listener goes on.
    const port = await closedPort();
    const child = spawn(process.execPath, [BIN, 'listen', '--api-key', company.test, '--forward-to', `127.0.0.1:${port}/hooks`, '--api-base', app.baseUrl, '--interval-ms', '100', '--json'], { cwd: workDir, env: cliEnv() });
    running.push(child);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    const lines = async (count: number) => {
      const deadline = Date.now() + 15_000;
      while (stdout.split('\n').filter(Boolean).length < count) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`expected ${count} lines: ${stdout}`);
        await pause(20);
      }
      return stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line));
    };
    const [ready] = await lines(1);
    assert.equal(ready.forward_to, `http://127.0.0.1:${port}/hooks`, 'a URL without a scheme is http');
    assert.equal(ready.livemode, false);
    assert.equal(ready.company.id, company.id);
    const a = await createAllocation(company.test);
    await lines(2);
    const b = await createAllocation(company.test);
    const [, lineA, lineB] = await lines(3);
    const typeAndObject = async (eventId: string) => (await app.get(`/v2/events/${eventId}`, company.test)).body.data.object.id;
    assert.deepEqual([await typeAndObject(lineA.event), await typeAndObject(lineB.event)], [a.id, b.id]);
    for (const line of [lineA, lineB]) {
      assert.equal(line.type, 'allocation.created');
      assert.equal(line.status, null);
      assert.match(line.error, /ECONNREFUSED/);
    }
    child.kill('SIGTERM');
    assert.equal(await new Promise((resolve) => child.once('exit', resolve)), 0);
  });

  test('more than a page of events between two polls, and an event that shows up late, all arrive once, in order', async () => {
    const company = await make.companyWithTokens(app.db);
    const listener = await startListen(company.test, '/burst', ['--interval-ms', '1500']);
    // 130 events committed at once: the next poll sees more than the API's page of 100.
    await app.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 130; n++) await recordEvent(trx, { companyId: company.id, livemode: false, type: 'recipient.created', object: { object: 'recipient', n } });
    });
    const burst = parsed(await receiver.waitFor('/burst', 130, 15_000));
    assert.deepEqual(burst.map((e) => e.data.object.n), Array.from({ length: 130 }, (_, n) => n));

    // Written now but dated 4 s ago, as by a transaction that began then: older than what was
    // already forwarded, yet new to the listener.
    await recordEvent(app.db, { companyId: company.id, livemode: false, type: 'recipient.created', object: { object: 'recipient', n: 'late' }, createdAt: new Date(Date.now() - 4000) });
    const withLate = parsed(await receiver.waitFor('/burst', 131, 10_000));
    assert.equal(withLate[130].data.object.n, 'late');
    await pause(3200); // two more polls
    assert.equal(receiver.at('/burst').length, 131, 'nothing twice');
    assert.equal(new Set(parsed(receiver.at('/burst')).map((e) => e.id)).size, 131);
    assert.equal(await listener.stop(), 0);
  });

  test('refuses to start with one clear line: a wrong key, a v1 key, a key without events:read, an API that does not answer', async () => {
    const company = await make.companyWithTokens(app.db);
    const base = ['--forward-to', `${receiver.base}/never`, '--api-base', app.baseUrl];
    const cases: [string[], RegExp][] = [
      [['--api-key', `canopy_test_${'x'.repeat(32)}`, ...base], /^Error: Cannot start: The API token provided is not a valid Canopy token\. \(GET \/v2\/me: 401 token_invalid\)\n$/],
      [['--api-key', 'a'.repeat(32), ...base], /^Error: Cannot start: This is a token of the legacy v1 API.*\(GET \/v2\/me: 401 token_wrong_version\)\n$/],
      [['--api-key', (await make.tokenFor(app.db, company, { scopes: ['company:read'], livemode: false })).token, ...base], /^Error: Cannot start: this API key lacks the scope events:read/],
      [['--api-key', company.test, '--forward-to', `${receiver.base}/never`, '--api-base', `http://127.0.0.1:${await closedPort()}`], /^Error: Cannot start: the Canopy API at http:\/\/127\.0\.0\.1:\d+\/v2 did not answer \(connect ECONNREFUSED [^)]+\); check --api-base\.\n$/],
      [['--forward-to', `${receiver.base}/never`, '--api-base', app.baseUrl], /^Error: --api-key is required/],
      [['--api-key', company.test, '--api-base', app.baseUrl], /^Error: --forward-to is required/],
      [['--api-key', company.test, '--forward-to', 'ftp://127.0.0.1/x', '--api-base', app.baseUrl], /^Error: --forward-to must be an http:\/\/ or https:\/\/ URL/],
    ];
    const runs = await Promise.all(cases.map(([args]) => runListen(args)));
    for (const [i, [args, message]] of cases.entries()) {
      const run = runs[i]!;
      assert.equal(run.code, 1, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
      assert.equal(run.stdout, '', 'no secret printed before the key was checked');
    }

    const json = await runListen(['--api-key', `canopy_test_${'x'.repeat(32)}`, ...base, '--json']);
    assert.equal(json.code, 1);
    assert.match(JSON.parse(json.stderr).error.message, /token_invalid/);
    assert.equal(receiver.at('/never').length, 0);
  });

  test('opens no database: the data folder was never made', () => {
    assert.equal(existsSync(neverMade), false);
  });
});
