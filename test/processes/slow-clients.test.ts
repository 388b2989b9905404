import assert from 'node:assert/strict';
import net from 'node:net';
import { after, describe, test } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import * as make from '../helpers/factories.ts';

/**
 * Slow clients cannot hold the server: 50 connections dribbling a body a byte a second do
 * not slow anyone else down, and each is answered 408 and closed once the request timeout
 * (3 s here, 30 s by default) has passed; so are connections dribbling their headers. An
 * idle kept-alive connection is closed after the keep-alive timeout.
 */

const REQUEST_TIMEOUT_SECONDS = 3;
const KEEP_ALIVE_SECONDS = 2;
const app = await startTestApp({ REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS), KEEP_ALIVE_TIMEOUT_SECONDS: String(KEEP_ALIVE_SECONDS) });
const company = await make.companyWithTokens(app.db);
const { port } = new URL(app.baseUrl);

interface Dribble {
  /** When the connection opened. */
  startedAt: number;
  /** What the server wrote back, and when the connection closed (undefined while open). */
  received: () => string;
  closedAt: () => number | undefined;
  stop(): void;
}

/** A connection that sends `head` a byte a second (or at once), then `body` a byte a second, until the server closes it. */
function dribble(head: string, options: { headAtOnce: boolean; body?: string }): Dribble {
  const socket = net.connect(Number(port), '127.0.0.1');
  const startedAt = Date.now();
  let received = '';
  let closedAt: number | undefined;
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  socket.on('close', () => {
    closedAt = Date.now();
    clearInterval(timer);
  });
  let rest = options.headAtOnce ? (options.body ?? '') : head + (options.body ?? '');
  if (options.headAtOnce) socket.write(head);
  const timer = setInterval(() => {
    if (rest.length === 0 || socket.destroyed) return;
    socket.write(rest[0]!);
    rest = rest.slice(1);
  }, 1000);
  return { startedAt, received: () => received, closedAt: () => closedAt, stop: () => socket.destroy() };
}

/** The median latency of ordinary requests may be at most this (or three times what it was without slow clients, on a busy machine). */
const LATENCY_BOUND_MS = 250;

/** Eight ordinary requests, one after another with a pause between: /healthz and an authenticated /v2/me. */
async function ordinaryRequests() {
  const answers = [];
  for (let i = 0; i < 4; i++) {
    answers.push(await timed('/healthz'), await timed('/v2/me', company.live));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return answers;
}

function median(answers: readonly { ms: number }[]): number {
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
}

async function timed(path: string, token?: string) {
  const started = performance.now();
  const response = await fetch(`${app.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

// The three run at once: each mostly waits for a timeout of the server's, on connections of its own.
describe('slow clients', { concurrency: true }, () => {
  const open: Dribble[] = [];
  after(() => {
    for (const connection of open) connection.stop();
  });

  test('50 connections sending a body a byte a second: ordinary requests answer at once; each is closed with 408 after the timeout', async (t) => {
    const head = [
      'POST /v2/recipients HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Authorization: Bearer ${company.live}`,
      'Idempotency-Key: slow-body',
      'Content-Type: application/json',
      'Content-Length: 1000',
      '',
      '',
    ].join('\r\n');
    // Warm: the first request of a process compiles its route's serializer and the first queries.
    await timed('/healthz');
    await timed('/v2/me', company.live);
    const baseline = await ordinaryRequests();
    const slow = Array.from({ length: 50 }, () => dribble(head, { headAtOnce: true, body: `{"trees": 1, "message": "${'x'.repeat(970)}"}` }));
    open.push(...slow);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const during = await ordinaryRequests();
    for (const answer of during) assert.equal(answer.status, 200);
    // Relative to the same requests just before, so that a busy machine (CI, other test files) does not fail it.
    const bound = Math.max(LATENCY_BOUND_MS, 3 * median(baseline));
    assert.ok(median(during) < bound, `median ${median(during).toFixed(0)} ms while 50 clients dribble, ${median(baseline).toFixed(0)} ms before`);
    assert.ok(Math.max(...during.map((answer) => answer.ms)) < 2000, `slowest ${Math.max(...during.map((answer) => answer.ms)).toFixed(0)} ms`);
    t.diagnostic(`ordinary requests (healthz, /v2/me): median ${median(baseline).toFixed(1)} ms before, ${median(during).toFixed(1)} ms (slowest ${Math.max(...during.map((a) => a.ms)).toFixed(1)} ms) with 50 dribbling clients`);

    await until(() => slow.every((connection) => connection.closedAt() !== undefined), (REQUEST_TIMEOUT_SECONDS + 6) * 1000);
    const held = slow.map((connection) => (connection.closedAt() as number) - connection.startedAt);
    t.diagnostic(`the 50 dribbling connections were closed after ${Math.min(...held)}-${Math.max(...held)} ms (REQUEST_TIMEOUT_SECONDS=${REQUEST_TIMEOUT_SECONDS})`);
    for (const connection of slow) {
      const heldMs = (connection.closedAt() as number) - connection.startedAt;
      // The timeout, plus up to a second for Node's check of it, plus scheduling on a busy machine.
      assert.ok(heldMs >= REQUEST_TIMEOUT_SECONDS * 1000 - 100 && heldMs < (REQUEST_TIMEOUT_SECONDS + 4) * 1000, `held ${heldMs} ms`);
      assert.match(connection.received(), /^HTTP\/1\.1 408 Request Timeout\r\n/);
      assert.match(connection.received(), /"code":"request_timeout"/);
    }
    const recipients = await app.db.selectFrom('recipients').select('id').where('company_id', '=', company.id).execute();
    assert.deepEqual(recipients, [], 'no request was half-handled');
  });

  test('10 connections sending their headers a byte a second are closed with 408 after the timeout', async () => {
    const slow = Array.from({ length: 10 }, () => dribble(`GET /v2/me HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: ${'y'.repeat(40)}\r\n\r\n`, { headAtOnce: false }));
    open.push(...slow);
    const answer = await timed('/healthz');
    assert.ok(answer.ms < 500, `answered in ${answer.ms.toFixed(0)} ms`);
    await until(() => slow.every((connection) => connection.closedAt() !== undefined), (REQUEST_TIMEOUT_SECONDS + 6) * 1000);
    for (const connection of slow) {
      assert.ok((connection.closedAt() as number) - connection.startedAt < (REQUEST_TIMEOUT_SECONDS + 4) * 1000);
      assert.match(connection.received(), /^HTTP\/1\.1 408 /);
    }
  });

  test('an idle kept-alive connection is closed after the keep-alive timeout, which the answer announces', async () => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await until(() => received.includes('{"status":"ok"}'), 2000);
    const answeredAt = Date.now();
    assert.match(received, new RegExp(`\\r\\nKeep-Alive: timeout=${KEEP_ALIVE_SECONDS}\\r\\n`));
    const idleMs = (await closed) - answeredAt;
    // Node allows a second more than it announces, so that the client gives up first.
    assert.ok(idleMs >= KEEP_ALIVE_SECONDS * 1000 - 100 && idleMs < (KEEP_ALIVE_SECONDS + 2) * 1000, `closed after ${idleMs} ms idle`);
  });
});

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
